"""Armata Strigoi: Altar and Inferno blood points, wounds, Strigoi tokens and teleports, the extra
Strigoi turn, the Supreme Strigoi and the crumbling fortress.

`make_game(data=None)` gives the Game object; `data` is a parsed `StrigoiData` or a path to a
fortress TOML file (default: the shipped `companion/data/strigoi/fortress.toml`).
See docs/strigoi.md for the commands, the state JSON and the room-to-district mapping.
"""

from __future__ import annotations

from pathlib import Path

from companion.rules.strigoi.board import board_view
from companion.rules.strigoi.bot import choose
from companion.rules.strigoi.data import StrigoiData, load
from companion.rules.strigoi.game import StrigoiGame

__all__ = ["StrigoiGame", "board_view", "choose", "make_game"]


def make_game(data: StrigoiData | str | Path | None = None) -> StrigoiGame:
    """The Armata Strigoi game with the shipped data, a data file path, or parsed data."""
    if not isinstance(data, StrigoiData):
        data = load(data)
    return StrigoiGame(data)
