"""Nosferatu on the 3x3 board: a pure `board_view(rules, state)` any generic lighting scene can render.

Seats go clockwise round the edge of the grid (A1, A2, A3, B3, C3, C2, C1, B1), like the people
round the table; the centre B2 is the Clock pile. The veil bar counts the Bites laid so far.
"""

from __future__ import annotations

from typing import Any

from companion.games.nosferatu.rules.state import Card, Outcome, Rules, State, Step

RING = ("A1", "A2", "A3", "B3", "C3", "C2", "C1", "B1")
CLOCK = "B2"
BAR_MAX = 6


def board_view(rules: Rules, state: State) -> dict[str, Any]:
    """Phase, veil-bar value and what each district shows, with a mood and an intensity 0..1."""
    districts = {pos: _empty() for pos in RING}
    for pos, name in zip(RING, state.players):
        districts[pos] = _seat(state, name)
    districts[CLOCK] = _clock(state)
    return {
        "phase": board_phase(state),
        "bar": min(BAR_MAX, sum(state.bites)),
        "bar_max": min(BAR_MAX, state.bites_to_win),
        "bar_meaning": "bites",
        "districts": districts,
    }


def board_phase(state: State) -> str:
    """dusk while the stake changes hands, night while the Clock holds, day after Dawn, over."""
    if state.step is Step.OVER:
        return "over"
    if state.step is Step.GIVE_STAKE:
        return "dusk"
    return "day" if state.ended_by is Card.DAWN else "night"


def _seat(state: State, name: str) -> dict[str, Any]:
    """A player's district: active on turn, danger with bites, dim for Renfield."""
    bites = state.bites_of(name)
    mood, level = "occupied", 0.5
    if name == state.renfield:
        mood, level = "night", 0.3
    elif state.current == name:
        mood, level = "active", 1.0
    elif bites:
        mood, level = "danger", min(1.0, 0.3 + 0.7 * bites / state.bites_to_win)
    return {
        "represents": "seat",
        "name": name,
        "mood": mood,
        "intensity": round(level, 3),
        "holder": name == state.holder,
        "bites": bites,
    }


def _clock(state: State) -> dict[str, Any]:
    """The Clock pile: deep night while it holds, a sunrise on Dawn, red or gold at the end."""
    left = state.nights_left + (1 if state.dawn_left else 0)
    total = state.nights + 1
    mood, level = "night", left / total if total else 0.0
    if state.step is Step.OVER:
        good = state.outcome in (Outcome.HUNTERS_STAKE, Outcome.HUNTERS_RITUALS)
        mood, level = ("dawn" if good else "danger"), 1.0
    elif state.ended_by is Card.DAWN:
        mood, level = "dawn", 1.0
    elif state.step is Step.GIVE_STAKE:
        mood, level = "dusk", 0.6
    return {
        "represents": "clock",
        "name": "Clock",
        "mood": mood,
        "intensity": round(level, 3),
        "cards_left": left,
    }


def _empty() -> dict[str, Any]:
    """A district with no seat on it."""
    return {"represents": "none", "name": "", "mood": "off", "intensity": 0.0}
