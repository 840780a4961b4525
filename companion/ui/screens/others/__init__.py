"""What the games' own screens share (each game's screens live in its package): `common`, the base of a
game screen with counts, pickers and a Correct screen, and `asked`, the questions an engine's action
parameters ask. (The package's name is older than the games' packages: these were "the other games".)

Each game's plugin (`companion.plugins`) gives its screens (`screens()`: name -> class);
`screen_class(name, game)` imports that game's when a game of that kind is first shown (starting the companion
does not load every game's screens), `route(game, state)` picks one from a game view, and
`setup_fields(game_id)` says what each game's new-game wizard asks. Nothing is imported from pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.i18n import N_

__all__ = ["SCREENS", "GAME_SCREENS", "SetupField", "route", "screen_class", "setup_fields", "setup_note"]


def _routes(game) -> bool:
    """Whether the game picks its screens itself (its own `route`), not the playing/over pair."""
    return any("route" in vars(c) for c in type(game).__mro__ if c.__name__ != "GamePlugin")


def screen_class(name: str, game: str | None = None):
    """The screen class called `name`: of `game`'s screens (only that game's are imported), else
    of any game's (every game's screens are imported)."""
    from companion.plugins import get

    own = get(game)
    found = own.screens() if own is not None else {}
    return found[name] if name in found else _screens()[name]


def _screens() -> dict[str, type]:
    """Base-screen name -> screen class, from every game's plugin (imports every game's screens)."""
    from companion.plugins import games

    return {name: cls for g in games().values() for name, cls in g.screens().items()}


def __getattr__(attr: str):
    """`SCREENS` and `GAME_SCREENS` (game id -> its playing and end screens, for the games routed
    by that pair) are read from the games' plugins."""
    if attr == "SCREENS":
        return _screens()
    if attr == "GAME_SCREENS":
        from companion.plugins import games

        return {gid: tuple(g.screens()) for gid, g in games().items() if g.screens() and not _routes(g)}
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
    """The base screen a game's state calls for, as its plugin says (None: an unknown game or
    one with no screens of its own, which the table's generic screen shows)."""
    from companion.plugins import games

    info = games().get(game)
    return None if info is None else info.route(state)


def setup_fields(game_id: str, default_players: int = 4) -> list[SetupField]:
    """What a new game of `game_id` asks besides the seed: players in the engine's range, plus what
    the game's plugin adds (`setup_fields`, e.g. the mansion's clock length and target)."""
    from companion.plugins import info

    lo, hi = player_range(game_id)
    out = [SetupField("players", N_("Players"), lo, hi, min(hi, max(lo, default_players)))]
    return out + list(info(game_id).setup_fields(lo, hi, default_players))


def setup_note(game_id: str, values: dict[str, int]) -> tuple[str, ...]:
    """Extra lines the new-game wizard shows for the values chosen (the plugin's `setup_note`,
    e.g. the mansion's role deck)."""
    from companion.plugins import info

    return tuple(info(game_id).setup_note(values))


def player_range(game_id: str) -> tuple[int, int]:
    """The game's fewest and most players, as its data file says (`Game.player_range`)."""
    from companion.errors import DataFileError
    from companion.rules import load_game

    try:
        return load_game(game_id).player_range
    except DataFileError:  # the setup reports the broken file (name, line, field); the wizard goes on
        return 1, 10
