"""What the board lights show for One Night: a pure function of the state and the step's elapsed time.

Districts A1..C3 (row by row) are seats 1..9; a tenth seat has no light. Lights go down at Dusk and
almost out at Night, come up at day, and the veil bar counts the discussion and the vote down.
"""

from __future__ import annotations

import math
from typing import Any

from companion.games.one_night.rules.data import OneNightData
from companion.games.one_night.rules.state import Phase, State, Waits, tally
from companion.rules.base import POSITIONS

BAR_MAX = 6
# (mood, intensity) of an occupied seat in each phase while nothing singles it out
_PHASE_LOOK = {Phase.DUSK: ("dusk", 0.15), Phase.NIGHT: ("night", 0.05), Phase.DAY: ("day", 1.0)}


def board_view(data: OneNightData, state: State, elapsed: float = 0.0) -> dict[str, Any]:
    """The generic board: for each district its seat, mood and intensity; bar 0..6; phase.

    `elapsed` is the seconds the app has counted in the current step (0 when unknown).
    """
    looks = _seat_looks(state)
    districts = {}
    for i, pos in enumerate(POSITIONS):
        seat = i + 1
        if seat > state.players:
            districts[pos] = {"represents": "empty", "mood": "off", "intensity": 0.0}
            continue
        mood, level = looks.get(seat, _PHASE_LOOK.get(state.phase, ("day", 0.4)))
        districts[pos] = {"represents": f"seat {seat}", "mood": mood, "intensity": level}
    return {
        "districts": districts,
        "bar": countdown_bar(state, elapsed),
        "phase": state.phase.value,
        "timer": _timer(state, elapsed),
        "paused": state.paused,
    }


def countdown_bar(state: State, elapsed: float) -> int:
    """The veil bar during the day's timed steps: 6 at the start down to 0 when time is up."""
    if state.phase is not Phase.DAY or state.seconds is None:
        return 0
    remaining = max(0.0, state.seconds - elapsed)
    return min(BAR_MAX, math.ceil(BAR_MAX * remaining / state.seconds))


def _timer(state: State, elapsed: float) -> dict[str, float] | None:
    """The running timer of a timed step, for lights that animate it themselves."""
    if state.seconds is None or state.phase is Phase.OVER:
        return None
    return {"seconds": state.seconds, "elapsed": min(float(elapsed), float(state.seconds))}


def _seat_looks(state: State) -> dict[int, tuple[str, float]]:
    """Seats singled out: the most-voted during the vote, the dead and the winners at the end."""
    if state.result is not None:
        looks = {s: ("day", 0.4) for s in range(1, state.players + 1)}
        looks.update({s: ("occupied", 1.0) for s in state.result.winners})
        looks.update({s: ("danger", 1.0) for s in state.result.killed})
        return looks
    if state.step.id == "vote-countdown":
        return {s: ("danger", 1.0) for s in range(1, state.players + 1)}
    if state.step.waits is Waits.REVEAL and state.votes:
        counts = tally(state.votes)
        top = max(counts.values())
        return {s: ("danger", 1.0) for s, n in counts.items() if n == top}
    return {}
