"""Armata Strigoi: Altar and Inferno blood points, wounds, Strigoi tokens and teleports, the extra
Strigoi turn, the Supreme Strigoi and the crumbling fortress.

`make_game(data=None)` gives the Game object over a parsed `StrigoiData`; anything else (None for
the shipped `companion/data/strigoi/fortress.toml`, a path, a dict or a TomlDoc) is read and parsed
through `companion.gamedata.loader`, the only I/O.
See docs/strigoi.md for the commands, the state JSON and the room-to-district mapping.
"""

from __future__ import annotations

from typing import Any

from companion.rules.strigoi.board import board_view
from companion.rules.strigoi.bot import choose
from companion.rules.strigoi.data import StrigoiData
from companion.rules.strigoi.game import StrigoiGame

__all__ = ["StrigoiGame", "board_view", "choose", "make_game"]


def make_game(data: Any = None) -> StrigoiGame:
    """The Armata Strigoi game with the shipped data, a data file path, or parsed data."""
    if not isinstance(data, StrigoiData):
        from companion.gamedata.loader import load_strigoi  # the one sanctioned I/O path

        data = load_strigoi(data)
    return StrigoiGame(data)
