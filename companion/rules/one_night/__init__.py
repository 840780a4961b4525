"""One Night Ultimate Vampire: the narrator (wake order, Marks, timers, vote and reveal).

`make_game(data=None)` gives the Game object; `data` is a parsed `OneNightData` or a path to a
roles TOML file (default: the shipped `companion/data/one_night/roles.toml`).
See docs/one-night.md for the commands, the state JSON and the board mapping.
"""

from __future__ import annotations

from pathlib import Path

from companion.rules.one_night.board import board_view
from companion.rules.one_night.bot import choose
from companion.rules.one_night.data import OneNightData, load
from companion.rules.one_night.game import OneNightGame

__all__ = ["OneNightGame", "board_view", "choose", "make_game"]


def make_game(data: OneNightData | str | Path | None = None) -> OneNightGame:
    """The One Night game with the shipped data, a data file path, or parsed data."""
    if not isinstance(data, OneNightData):
        data = load(data)
    return OneNightGame(data)
