"""The mansion on the 3x3 board: a pure `board_view(rules, state)` for a generic lighting scene.

Each room sits on the district named in the data file (rooms 1..6 round the edge by default), the
main hall on B2, the round clock on C1 and the role deck on B1. Rooms are lit by occupancy; the
veil bar shows the rounds left on the clock, scaled to 0..6.
"""

from __future__ import annotations

from typing import Any

from companion.games.mansion.rules.state import Rules, State, Step
from companion.rules.base import POSITIONS

BAR_MAX = 6


def board_view(rules: Rules, state: State) -> dict[str, Any]:
    """Phase, bar and what each district shows, with a mood and an intensity 0..1."""
    districts = {pos: _off() for pos in POSITIONS}
    for number, room in enumerate(rules.rooms, start=1):
        districts[room.district] = _room(rules, state, number)
    hall = state.in_hall()
    districts[rules.hall_district] = {
        "represents": "hall",
        "name": "Main hall",
        "occupants": list(hall),
        "mood": "occupied" if hall else "off",
        "intensity": round(len(hall) / len(state.seats), 3),
    }
    districts[rules.clock_district] = _clock(state)
    districts[rules.roles_district] = _roles(state)
    left = state.clock_length - state.tick + (0 if state.step is Step.OVER else 1)
    return {
        "phase": board_phase(state),
        "bar": round(BAR_MAX * left / state.clock_length),
        "bar_max": BAR_MAX,
        "bar_meaning": "rounds-left",
        "districts": districts,
    }


def board_phase(state: State) -> str:
    """dusk while dice are rolled, night while players roam, day at a reveal, over at the end."""
    return {
        Step.ROLL: "dusk",
        Step.ROLLOFF: "dusk",
        Step.TURN: "night",
        Step.REVEAL: "day",
        Step.OVER: "over",
    }[state.step]


def _room(rules: Rules, state: State, number: int) -> dict[str, Any]:
    """A room: off when empty, occupied with one player, full with two; active on the current turn."""
    occupants = state.occupants(number)
    cards = state.room_cards[number - 1]
    mood, level = "off", 0.1 if cards else 0.0
    if len(occupants) >= rules.room_capacity:
        mood, level = "full", 1.0
    elif occupants:
        mood, level = "occupied", 0.6
    if state.current and state.seat(state.current).room == number:
        mood, level = "active", 1.0
    room = rules.rooms[number - 1]
    return {
        "represents": "room",
        "room": number,
        "name": room.name,
        "occupants": list(occupants),
        "cards": cards,
        "mood": mood,
        "intensity": level,
    }


def _clock(state: State) -> dict[str, Any]:
    """The round clock: night, brightening as the end nears; mood "over" once the game ends."""
    mood = "over" if state.step is Step.OVER else "night"
    return {
        "represents": "clock",
        "name": "Round clock",
        "tick": state.tick,
        "mood": mood,
        "intensity": round(state.tick / state.clock_length, 3),
    }


def _roles(state: State) -> dict[str, Any]:
    """The role deck: danger at a reveal, dimly showing the last share of vampires."""
    share = (state.vampires or 0) / len(state.seats)
    mood = "danger" if state.step is Step.REVEAL or state.vampires else "off"
    return {
        "represents": "roles",
        "name": "Role deck",
        "vampires": state.vampires,
        "mood": mood,
        "intensity": 1.0 if state.step is Step.REVEAL else round(share, 3),
    }


def _off() -> dict[str, Any]:
    """A district with nothing on it."""
    return {"represents": "none", "name": "", "mood": "off", "intensity": 0.0}
