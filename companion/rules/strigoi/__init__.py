"""Armata Strigoi: Altar and Inferno blood points, wounds, Strigoi tokens and teleports, the extra
Strigoi turn, the Supreme Strigoi and the crumbling fortress.

The engine (`game.StrigoiGame`) is built over the parsed `data.StrigoiData` of
`companion/data/strigoi/fortress.toml`, with the box values the table taught over it
(`companion.gamedata.loader.load_strigoi`). Commands, state JSON and rooms: docs/strigoi.md.
"""

from companion.errors import N_
from companion.games import GameInfo

GAME = GameInfo(
    id="strigoi", title="Armata Strigoi", order=50,
    blurb=N_("the Powerwolf pack against the Strigoi; the companion moves the Strigoi and keeps the blood"),
    engine="companion.rules.strigoi.game:StrigoiGame",
    data="../../data/strigoi/fortress.toml", parse="companion.gamedata.strigoi_fields:parse",
    load="companion.gamedata.loader:load_strigoi",
    scene="companion.lighting.scenes.strigoi",
    screens={"strigoi": "companion.ui.screens.others.strigoi:StrigoiScreen",
             "strigoi-over": "companion.ui.screens.others.strigoi:StrigoiOverScreen"},
    start="companion.ui.screens.others.strigoi_box:start",
    story="companion.ui.story:strigoi_chart",
    narration="companion.narration.narrate:STRIGOI_LINES",
    teaching=("box",),
)
