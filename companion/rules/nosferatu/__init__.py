"""Nosferatu (Renfield, the Vampire and the Hunters): Clock pile, round flow, stake, bites, rituals.

`make_game(data=None)` builds the engine with the shipped `companion/data/nosferatu/rules.toml`
or with `data` (a dict, a path or a TomlDoc). Commands and state JSON: docs/nosferatu.md.
"""

from __future__ import annotations

from typing import Any

from companion.rules.nosferatu.board import board_view
from companion.rules.nosferatu.bot import choose
from companion.rules.nosferatu.engine import NosferatuGame
from companion.rules.nosferatu.state import load_rules

__all__ = ["NosferatuGame", "board_view", "choose", "make_game"]


def make_game(data: Any = None) -> NosferatuGame:
    """The Nosferatu engine with its rules data; DataFileError if the data is broken."""
    return NosferatuGame(load_rules(data))
