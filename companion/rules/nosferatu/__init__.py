"""Nosferatu (Renfield, the Vampire and the Hunters): Clock pile, round flow, stake, bites, rituals.

`make_game(data=None)` builds the engine over parsed `Rules`; anything else (None for the shipped
`companion/data/nosferatu/rules.toml`, a path, a dict or a TomlDoc) is read and parsed through
`companion.gamedata.loader`, the only I/O. Commands and state JSON: docs/nosferatu.md.
"""

from __future__ import annotations

from typing import Any

from companion.rules.nosferatu.board import board_view
from companion.rules.nosferatu.bot import choose
from companion.rules.nosferatu.engine import NosferatuGame
from companion.rules.nosferatu.state import Rules

__all__ = ["NosferatuGame", "board_view", "choose", "make_game"]


def make_game(data: Any = None) -> NosferatuGame:
    """The Nosferatu engine with its rules data; DataFileError if the data is broken."""
    if not isinstance(data, Rules):
        from companion.gamedata.loader import load_nosferatu  # the one sanctioned I/O path

        data = load_nosferatu(data)
    return NosferatuGame(data)
