"""A simple legal player for One Night, used by tests and the demo: `choose(game, state, rng)`."""

from __future__ import annotations

import random
from typing import Any

from companion.games.one_night.rules.state import State, Waits


def choose(game, state: State, rng: random.Random) -> dict[str, Any]:
    """One legal command for `state`, chosen with `rng` (never the global random)."""
    if state.paused:
        return {"cmd": "resume"}
    step = state.step
    if step.waits is Waits.VOTE:
        return {"cmd": "vote", "votes": _votes(state, rng)}
    if step.waits is Waits.REVEAL:
        return {"cmd": "reveal", "cards": _cards(state, rng), "marks": _marks(game, state, rng)}
    roll = rng.random()
    if roll < 0.05:
        return {"cmd": "pause"}
    if roll < 0.1 and step.id == "discussion":
        return {"cmd": "extend", "seconds": rng.randint(10, 120)}
    return {"cmd": "next"}


def _votes(state: State, rng: random.Random) -> dict[str, int]:
    """Everyone points at someone (not themself unless the table allows it)."""
    seats = range(1, state.players + 1)
    return {str(s): rng.choice([t for t in seats if t != s or state.self_vote]) for s in seats}


def _cards(state: State, rng: random.Random) -> dict[str, str]:
    """A plausible end of night: the chosen roles shuffled, one per seat."""
    roles = list(state.roles)
    rng.shuffle(roles)
    return {str(s): roles[s - 1] for s in range(1, state.players + 1)}


def _marks(game, state: State, rng: random.Random) -> dict[str, str]:
    """Mostly Clarity, with a few other Marks within what exists."""
    left = dict(game.data.marks)
    out = {}
    for s in range(1, state.players + 1):
        options = [m for m, n in left.items() if n > 0 and m != "clarity"] if rng.random() < 0.4 else []
        mark = rng.choice(options) if options else "clarity"
        left[mark] -= 1
        out[str(s)] = mark
    return out
