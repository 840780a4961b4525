"""One Night Ultimate Vampire: the narrator (wake order, Marks, timers, vote and reveal).

`make_game(data=None)` gives the Game object over a parsed `OneNightData`; anything else (None for
the shipped `companion/data/one_night/roles.toml`, a path, a dict or a TomlDoc) is read and parsed
through `companion.gamedata.loader`, the only I/O.
See docs/one-night.md for the commands, the state JSON and the board mapping.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.errors import N_
from companion.rules.catalog import GameInfo, lazy_names

if TYPE_CHECKING:
    from companion.rules.one_night.game import OneNightGame

GAME = GameInfo(
    id="one-night", title="One Night Ultimate Vampire", order=40,
    blurb=N_("one night, one vote: the companion narrates the night and times the day"),
    scene="companion.lighting.scenes.one_night",
    screens={"one-night": "companion.ui.screens.others.one_night:NarratorScreen",
             "one-night-over": "companion.ui.screens.others.one_night:OneNightOverScreen"},
    start="companion.ui.screens.others.one_night:pick_roles", start_label=N_("Next: roles"),
    story="companion.ui.story:one_night_chart",
    data="one_night/roles.toml", narration="companion.narration.one_night:LINES",
)


def make_game(data: Any = None) -> "OneNightGame":
    """The One Night game with the shipped data, a data file path, or parsed data."""
    from companion.rules.one_night.data import OneNightData  # here: finding the games stays light

    if not isinstance(data, OneNightData):
        from companion.gamedata.loader import load_one_night  # the one sanctioned I/O path

        data = load_one_night(data)
    from companion.rules.one_night.game import OneNightGame  # the engine loads when a game is made, not found

    return OneNightGame(data)


# The engine, board and bot, imported when first asked for (`from companion.rules.one_night import choose`):
# finding the games imports this module, which must stay light.
_LAZY = {"OneNightGame": "game", "board_view": "board", "choose": "bot"}
__all__ = ["OneNightGame", "board_view", "choose", "GAME", "make_game"]

__getattr__ = lazy_names(__name__, _LAZY)
