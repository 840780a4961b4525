"""Nosferatu (Renfield, the Vampire and the Hunters): Clock pile, round flow, stake, bites, rituals.

The engine (`engine.NosferatuGame`) is built over the parsed `state.Rules` of
`companion/data/nosferatu/rules.toml` (checked by `companion.gamedata.nosferatu_fields`). Commands and state JSON: docs/nosferatu.md.
"""

from companion.errors import N_
from companion.games import GameInfo

GAME = GameInfo(
    id="nosferatu", title="Nosferatu", order=20,
    blurb=N_("find the vampire at the table; the companion keeps the clock, the bites and the rituals"),
    engine="companion.rules.nosferatu.engine:NosferatuGame",
    data="../../data/nosferatu/rules.toml", parse="companion.gamedata.nosferatu_fields:parse",
    scene="companion.lighting.scenes.nosferatu",
    screens={"nosferatu": "companion.ui.screens.others.nosferatu:NosferatuScreen",
             "nosferatu-over": "companion.ui.screens.others.nosferatu:NosferatuOverScreen"},
    story="companion.ui.story:nosferatu_chart",
    narration="companion.narration.nosferatu:LINES",
)
