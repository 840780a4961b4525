"""Masters of the Night: the pure rules engine.

`make_game(data=None)` builds the game; with no data it loads the shipped data plus the user's taught
data through `companion.gamedata.loader` (the only I/O, done here and never inside the rules modules).
Modules by concept: state, commands, events, setup, day, agents (placement + veil arithmetic),
combat, dice, night, relics, endgame, adjust, board, flow, actions (the menu), game, bot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.errors import N_
from companion.rules.catalog import GameInfo

if TYPE_CHECKING:
    from companion.rules.masters.data import MastersData

GAME = GameInfo(
    id="masters", title="Masters of the Night", order=10,
    blurb=N_("vampires against the city's hunters; the companion deals the events and keeps the veil"),
    scene="companion.lighting.scenes.masters",
    screens={"day": "companion.ui.screens.masters:DayScreen", "event": "companion.ui.screens.masters:EventCardScreen",
             "combat": "companion.ui.screens.masters:CombatScreen", "night": "companion.ui.screens.masters:NightScreen",
             "over": "companion.ui.screens.masters:OverScreen"},
    route="companion.ui.table:masters_screen",
    wizard="companion.ui.screens.menus:MastersWizard",
    story="companion.ui.story:masters_chart",
    narration="companion.narration.narrate:MASTERS_LINES",
    teaching=("card", "tracker", "districts"),
)


def make_game(data: MastersData | None = None):
    """A MastersGame over `data`, or over the shipped + taught data when None."""
    from companion.rules.masters.game import MastersGame

    if data is None:
        from companion.gamedata.loader import load_masters  # the one sanctioned I/O path

        data = load_masters()
    return MastersGame(data)
