"""Nosferatu (Renfield, the Vampire and the Hunters): Clock pile, round flow, stake, bites, rituals.

`make_game(data=None)` builds the engine over parsed `Rules`; anything else (None for the shipped
`companion/data/nosferatu/rules.toml`, a path, a dict or a TomlDoc) is read and parsed through
`companion.gamedata.loader`, the only I/O. Commands and state JSON: docs/nosferatu.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.errors import N_
from companion.rules.catalog import GameInfo, lazy_names

if TYPE_CHECKING:
    from companion.rules.nosferatu.engine import NosferatuGame

GAME = GameInfo(
    id="nosferatu", title="Nosferatu", order=20,
    blurb=N_("find the vampire at the table; the companion keeps the clock, the bites and the rituals"),
    scene="companion.lighting.scenes.nosferatu",
    screens={"nosferatu": "companion.ui.screens.others.nosferatu:NosferatuScreen",
             "nosferatu-over": "companion.ui.screens.others.nosferatu:NosferatuOverScreen"},
    story="companion.ui.story:nosferatu_chart",
    data="nosferatu/rules.toml", narration="companion.narration.nosferatu:LINES",
)


def make_game(data: Any = None) -> "NosferatuGame":
    """The Nosferatu engine with its rules data; DataFileError if the data is broken."""
    from companion.rules.nosferatu.state import Rules  # here, not at the top: finding the games stays light

    if not isinstance(data, Rules):
        from companion.gamedata.loader import load_nosferatu  # the one sanctioned I/O path

        data = load_nosferatu(data)
    from companion.rules.nosferatu.engine import NosferatuGame  # the engine loads when a game is made, not found

    return NosferatuGame(data)


# The engine, board and bot, imported when first asked for (`from companion.rules.nosferatu import choose`):
# finding the games imports this module, which must stay light.
_LAZY = {"NosferatuGame": "engine", "board_view": "board", "choose": "bot"}
__all__ = ["NosferatuGame", "board_view", "choose", "GAME", "make_game"]

__getattr__ = lazy_names(__name__, _LAZY)
