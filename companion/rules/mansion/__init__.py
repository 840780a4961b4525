"""The vampire mansion (homebrew): dice for priority and room, rooms of two, round clock, reveals.

`make_game(data=None)` builds the engine over parsed `Rules`; anything else (None for the shipped
`companion/data/mansion/rules.toml`, a path, a dict or a TomlDoc) is read and parsed through
`companion.gamedata.loader`, the only I/O. Commands and state JSON: docs/mansion.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.errors import N_
from companion.rules.catalog import GameInfo, lazy_names

if TYPE_CHECKING:
    from companion.rules.mansion.engine import MansionGame

GAME = GameInfo(
    id="mansion", title="The Vampire Mansion", order=30,
    blurb=N_("vampires in a mansion; the companion keeps the dice, the rooms and the round clock"),
    scene="companion.lighting.scenes.mansion",
    screens={"mansion": "companion.ui.screens.others.mansion:MansionScreen",
             "mansion-over": "companion.ui.screens.others.mansion:MansionOverScreen"},
    setup_fields="companion.ui.screens.others.mansion:setup_fields",
    setup_note="companion.ui.screens.others.mansion:setup_note",
    story="companion.ui.story:mansion_chart",
    data="mansion/rules.toml", narration="companion.narration.mansion:LINES",
)


def make_game(data: Any = None) -> "MansionGame":
    """The mansion engine with its rules data; DataFileError if the data is broken."""
    from companion.rules.mansion.state import Rules  # here, not at the top: finding the games stays light

    if not isinstance(data, Rules):
        from companion.gamedata.loader import load_mansion  # the one sanctioned I/O path

        data = load_mansion(data)
    from companion.rules.mansion.engine import MansionGame  # the engine loads when a game is made, not found

    return MansionGame(data)


# The engine, board and bot, imported when first asked for (`from companion.rules.mansion import choose`):
# finding the games imports this module, which must stay light.
_LAZY = {"MansionGame": "engine", "board_view": "board", "choose": "bot", "destinations": "placement"}
__all__ = ["MansionGame", "board_view", "choose", "destinations", "GAME", "make_game"]

__getattr__ = lazy_names(__name__, _LAZY)
