"""Where a journaled game stands, as the journal keeps it beside the game: a few fields of its state
JSON, whose turn and the players' names, as compact JSON (`position`). The session writes it with
every command (companion/storage/session.py); the resume offer and `companion journal list`
(companion/gameline.py) read it without replaying the game. No words here: only what is kept.

The players and whose turn it is come from the game API's keys of every state JSON ("seats" from
`players()`, "current_player" from `current_player()`, companion/rules/base.py). Positions journaled
before those keys existed are still read: `legacy_players` finds their players as they were kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# The fields of every state JSON that say where a game stands (`companion.gameline.describe` makes its
# line of them), besides the game API's players ("seats") and "current_player"; a game's plugin adds its
# own (`GamePlugin.kept`, e.g. "round"), and the names of its winners once it is over ("winners", from
# `GamePlugin.result`).
POSITION = ("game", "outcome", "phase", "step")
# Where positions journaled before the game API named the players: the first of these fields that
# holds a count or names. Read, never written.
LEGACY_PLAYERS = ("order", "seating", "players", "vampires", "powerwolves")


def seat_names(state: Mapping[str, Any]) -> list[str] | None:
    """The players' names in seating order from the game API's "seats" (a state JSON's player objects,
    or the names a kept position holds); None when the state has no seats."""
    seats = state.get("seats")
    if not isinstance(seats, (list, tuple)):  # (a state JSON's list, or a view's tuple)
        return None
    return [str(p.get("name", "")) if isinstance(p, Mapping) else str(p) for p in seats]


def legacy_players(state: Mapping[str, Any]) -> tuple[str, Any] | None:
    """(key, value) of the field that named the players in a position journaled before the game API:
    a count, or names in seating order (a dict's keys); None when it has none."""
    for key in LEGACY_PLAYERS:
        value = state.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return key, value
        if isinstance(value, (list, tuple, dict)) and value and all(isinstance(n, str) for n in value):
            return key, value
    return None


def position(view: Mapping[str, Any]) -> str:
    """Where a game stands, as the journal keeps it beside the game (companion/storage/session.py
    writes it with every command): the POSITION fields of its state JSON, whose turn and the players'
    names (the game API's), as compact JSON. `companion.gameline.describe` of it is `describe` of the
    whole state."""
    import json

    from companion.plugins import get

    game = get(view.get("game"))
    out = {
        key: view[key]
        for key in (*POSITION, *(game.kept if game is not None else ()))
        if view.get(key) is not None
    }
    done = game.result(view) if game is not None else None
    if done is not None and done.winners:
        out["winners"] = list(done.winners)
    names = seat_names(view)
    if names is not None:
        out["current_player"] = view.get("current_player")
        out["seats"] = names
    else:  # a game without the game API's keys (a test's own game): what its JSON says, as before
        found = legacy_players(view)
        if found is not None:
            out[found[0]] = found[1] if isinstance(found[1], int) else list(found[1])
    return json.dumps(out, separators=(",", ":"), ensure_ascii=False)
