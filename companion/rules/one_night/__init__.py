"""One Night Ultimate Vampire: the narrator (wake order, Marks, timers, vote and reveal).

`make_game(data=None)` gives the Game object over a parsed `OneNightData`; anything else (None for
the shipped `companion/data/one_night/roles.toml`, a path, a dict or a TomlDoc) is read and parsed
through `companion.gamedata.loader`, the only I/O.
See docs/one-night.md for the commands, the state JSON and the board mapping.
"""

from __future__ import annotations

from typing import Any

from companion.rules.one_night.board import board_view
from companion.rules.one_night.bot import choose
from companion.rules.one_night.data import OneNightData
from companion.rules.one_night.game import OneNightGame

__all__ = ["OneNightGame", "board_view", "choose", "make_game"]


def make_game(data: Any = None) -> OneNightGame:
    """The One Night game with the shipped data, a data file path, or parsed data."""
    if not isinstance(data, OneNightData):
        from companion.gamedata.loader import load_one_night  # the one sanctioned I/O path

        data = load_one_night(data)
    return OneNightGame(data)
