"""One Night Ultimate Vampire: the narrator (wake order, Marks, timers, vote and reveal).

The engine (`game.OneNightGame`) is built over the parsed `data.OneNightData` of
`companion/data/one_night/roles.toml`. Commands, state JSON and board mapping: docs/one-night.md.
"""

from companion.errors import N_
from companion.games import GameInfo

GAME = GameInfo(
    id="one-night", title="One Night Ultimate Vampire", order=40,
    blurb=N_("one night, one vote: the companion narrates the night and times the day"),
    engine="companion.rules.one_night.game:OneNightGame",
    data="../../data/one_night/roles.toml", parse="companion.gamedata.one_night_fields:parse",
    scene="companion.lighting.scenes.one_night",
    screens={"one-night": "companion.ui.screens.others.one_night:NarratorScreen",
             "one-night-over": "companion.ui.screens.others.one_night:OneNightOverScreen"},
    start="companion.ui.screens.others.one_night:pick_roles", start_label=N_("Next: roles"),
    story="companion.ui.story:one_night_chart",
    narration="companion.narration.one_night:LINES",
    speech="companion.narration.one_night:spoken", prompts="companion.narration.one_night:step_words",
    ambience="companion.narration.one_night:ambience",
)
