"""The vampire mansion (homebrew): dice for priority and room, rooms of two, round clock, reveals.

The engine (`engine.MansionGame`) is built over the parsed `state.Rules` of
`companion/data/mansion/rules.toml` (checked by `companion.gamedata.mansion_fields`). Commands and state JSON: docs/mansion.md.
"""

from companion.errors import N_
from companion.games import GameInfo

GAME = GameInfo(
    id="mansion", title="The Vampire Mansion", order=30,
    blurb=N_("vampires in a mansion; the companion keeps the dice, the rooms and the round clock"),
    engine="companion.rules.mansion.engine:MansionGame",
    data="../../data/mansion/rules.toml", parse="companion.gamedata.mansion_fields:parse",
    scene="companion.lighting.scenes.mansion",
    screens={"mansion": "companion.ui.screens.others.mansion:MansionScreen",
             "mansion-over": "companion.ui.screens.others.mansion:MansionOverScreen"},
    setup_fields="companion.ui.screens.others.mansion:setup_fields",
    setup_note="companion.ui.screens.others.mansion:setup_note",
    story="companion.ui.story:mansion_chart",
    narration="companion.narration.mansion:LINES",
)
