"""Armata Strigoi: Altar and Inferno blood points, wounds, Strigoi tokens and teleports, the extra
Strigoi turn, the Supreme Strigoi and the crumbling fortress.

`make_game(data=None)` gives the Game object over a parsed `StrigoiData`; anything else (None for
the shipped `companion/data/strigoi/fortress.toml`, a path, a dict or a TomlDoc) is read and parsed
through `companion.gamedata.loader`, the only I/O.
See docs/strigoi.md for the commands, the state JSON and the room-to-district mapping.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.errors import N_
from companion.rules.catalog import GameInfo, lazy_names

if TYPE_CHECKING:
    from companion.rules.strigoi.game import StrigoiGame

GAME = GameInfo(
    id="strigoi", title="Armata Strigoi", order=50,
    blurb=N_("the Powerwolf pack against the Strigoi; the companion moves the Strigoi and keeps the blood"),
    scene="companion.lighting.scenes.strigoi",
    screens={"strigoi": "companion.ui.screens.others.strigoi:StrigoiScreen",
             "strigoi-over": "companion.ui.screens.others.strigoi:StrigoiOverScreen"},
    start="companion.ui.screens.others.strigoi_box:start",
    story="companion.ui.story:strigoi_chart",
    narration="companion.narration.narrate:STRIGOI_LINES",
    data="strigoi/fortress.toml",
    teaching=("box",),
)


def make_game(data: Any = None) -> "StrigoiGame":
    """The Armata Strigoi game with the shipped data, a data file path, or parsed data."""
    from companion.rules.strigoi.data import StrigoiData  # here: finding the games stays light

    if not isinstance(data, StrigoiData):
        from companion.gamedata.loader import load_strigoi  # the one sanctioned I/O path

        data = load_strigoi(data)
    from companion.rules.strigoi.game import StrigoiGame  # the engine loads when a game is made, not found

    return StrigoiGame(data)


# The engine, board and bot, imported when first asked for (`from companion.rules.strigoi import choose`):
# finding the games imports this module, which must stay light.
_LAZY = {"StrigoiGame": "game", "board_view": "board", "choose": "bot"}
__all__ = ["StrigoiGame", "board_view", "choose", "GAME", "make_game"]

__getattr__ = lazy_names(__name__, _LAZY)
