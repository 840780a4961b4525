"""What the games' own screens share (each game's screens live in its package): `common`, the base of a
game screen with counts, pickers and a Correct screen, and `asked`, the questions an engine's action
parameters ask. (The package's name is older than the games' packages: these were "the other games".)

The games' descriptors (`companion.games`) name their screens as "module:Class";
`screen_class(name)` imports one when a game of that kind is first shown (starting the companion
does not load every game's screens), `route(game, state)` picks one from a game view, and
`setup_fields(game_id)` says what each game's new-game wizard asks. Nothing is imported from pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.i18n import N_

__all__ = ["SCREENS", "GAME_SCREENS", "SetupField", "route", "screen_class", "setup_fields", "setup_note"]


def screen_class(name: str):
    """The screen class called `name` (as some game's descriptor names it), imported on first use."""
    from companion.games import resolve

    return resolve(_screens()[name])


def _screens() -> dict[str, str]:
    """Base-screen name -> "module:Class", from every game's descriptor."""
    from companion.games import games

    return {name: where for g in games().values() for name, where in g.screens.items()}


def __getattr__(attr: str):
    """`SCREENS` and `GAME_SCREENS` (game id -> its playing and end screens, for the games routed
    by that pair) are read from the games' descriptors."""
    if attr == "SCREENS":
        return _screens()
    if attr == "GAME_SCREENS":
        from companion.games import games

        return {gid: tuple(g.screens) for gid, g in games().items() if g.screens and not g.route}
    raise AttributeError(attr)
@dataclass(frozen=True)
class SetupField:
    """One number the new-game wizard asks: setup key, label, range, default."""

    key: str
    label: str
    lo: int
    hi: int
    default: int


def route(game: str, state: Mapping[str, Any]) -> str | None:
    """The base screen a game's state calls for, as its descriptor says (None: an unknown game or
    one with no screens of its own, which the table's generic screen shows)."""
    from companion.games import games

    info = games().get(game)
    return None if info is None else info.screen_for(state)


def setup_fields(game_id: str, default_players: int = 4) -> list[SetupField]:
    """What a new game of `game_id` asks besides the seed: players in the engine's range, plus what
    the game's descriptor adds (`setup_fields`, e.g. the mansion's clock length and target)."""
    from companion.games import info, resolve

    lo, hi = player_range(game_id)
    out = [SetupField("players", N_("Players"), lo, hi, min(hi, max(lo, default_players)))]
    more = info(game_id).setup_fields
    return out + list(resolve(more)(lo, hi, default_players)) if more else out


def setup_note(game_id: str, values: dict[str, int]) -> tuple[str, ...]:
    """Extra lines the new-game wizard shows for the values chosen (the descriptor's `setup_note`,
    e.g. the mansion's role deck)."""
    from companion.games import info, resolve

    note = info(game_id).setup_note
    return tuple(resolve(note)(values)) if note else ()


def player_range(game_id: str) -> tuple[int, int]:
    """The game's fewest and most players, as its data file says (`Game.player_range`)."""
    from companion.errors import DataFileError
    from companion.rules import load_game

    try:
        return load_game(game_id).player_range
    except DataFileError:  # the setup reports the broken file (name, line, field); the wizard goes on
        return 1, 10
