"""The shared core of the rules engines (base.py, commands.py, names.py): every game's engine,
in its own package (companion/games/<game>/rules/), is a `companion.rules.base.Engine`.

`load_game(game_id)` builds a game with its shipped data plus the user's taught data;
`load_game(game_id, data=...)` takes parsed data, or a data file, dict or TomlDoc for the game's
loader to read (tests, benchmarks). Game modules are imported only when asked for: the games are
found through their entry points and plugins (`companion.plugins`).
"""

from __future__ import annotations

from typing import Any

from companion.errors import N_, CommandError

# The nine districts of the shared board (the lit 3x3 grid every game draws on), row by row. It is
# here, not in base.py, so the inputs and the config can name districts without loading the engines.
POSITIONS = ("A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3")


def __getattr__(name: str):
    """`GAMES`: game id -> (its package, title), in the games' order (read from the plugins)."""
    if name == "GAMES":
        from companion.plugins import games

        return {gid: (g.package, g.title) for gid, g in games().items()}
    raise AttributeError(name)


def load_game(game_id: str, data: Any = None):
    """The Game object for `game_id`; CommandError for an unknown id."""
    from companion.plugins import info

    return info(_known(game_id)).engine(data)


def game_of_setup(command: dict) -> str:
    """The game id named by a setup command, checked."""
    if not isinstance(command, dict) or command.get("cmd") != "setup":
        raise CommandError(N_('the first command must be {"cmd": "setup", "game": ...}'))
    return _known(command.get("game"))


def _known(game_id: Any) -> str:
    """`game_id` if it names a game here; CommandError listing the known ids otherwise."""
    from companion.plugins import games

    if not isinstance(game_id, str) or game_id not in games():
        raise CommandError(
            N_("unknown game {game_id!r}; known: {items}"), game_id=game_id, items=", ".join(games())
        )
    return game_id
