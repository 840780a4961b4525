"""Masters of the Night: the pure rules engine (`game.MastersGame`, built by `catalog.make_game`).

Its data is several files, the shipped ones overlaid with what the table taught, read by
`companion.gamedata.loader.load_masters` (the only I/O, never done inside the rules modules).
Modules by concept: state, commands, events, setup, day, agents (placement + veil arithmetic),
combat, dice, night, relics, endgame, adjust, board, flow, actions (the menu), game, bot.
"""

from companion.errors import N_
from companion.games import GameInfo

GAME = GameInfo(
    id="masters", title="Masters of the Night", order=10,
    blurb=N_("vampires against the city's hunters; the companion deals the events and keeps the veil"),
    engine="companion.rules.masters.game:MastersGame",
    load="companion.gamedata.loader:load_masters", check="companion.gamedata.loader:check_masters",
    taught="companion.gamedata.loader:masters_taught",
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
