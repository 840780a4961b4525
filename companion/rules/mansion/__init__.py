"""The vampire mansion (homebrew): dice for priority and room, rooms of two, round clock, reveals.

`make_game(data=None)` builds the engine over parsed `Rules`; anything else (None for the shipped
`companion/data/mansion/rules.toml`, a path, a dict or a TomlDoc) is read and parsed through
`companion.gamedata.loader`, the only I/O. Commands and state JSON: docs/mansion.md.
"""

from __future__ import annotations

from typing import Any

from companion.rules.mansion.board import board_view
from companion.rules.mansion.bot import choose
from companion.rules.mansion.engine import MansionGame
from companion.rules.mansion.placement import destinations
from companion.rules.mansion.state import Rules

__all__ = ["MansionGame", "board_view", "choose", "destinations", "make_game"]


def make_game(data: Any = None) -> MansionGame:
    """The mansion engine with its rules data; DataFileError if the data is broken."""
    if not isinstance(data, Rules):
        from companion.gamedata.loader import load_mansion  # the one sanctioned I/O path

        data = load_mansion(data)
    return MansionGame(data)
