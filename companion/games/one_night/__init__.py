"""One Night Ultimate Vampire: the game's package.

Everything the game has lives here: its pure rules (`rules/`), its data file (`data/roles.toml`) and
its fields (`fields.py`), its light scene, its screens and role page, its words, its narration lines
and what the narrator says aloud, its story chart, its sample screens, its translations (`locale/`)
and its page (README.md). This module is only the descriptor: the companion imports it to list the game.
"""

from companion.errors import N_
from companion.games import GameInfo

GAME = GameInfo(
    id="one-night", title="One Night Ultimate Vampire", order=40,
    blurb=N_("one night, one vote: the companion narrates the night and times the day"),
    engine="companion.games.one_night.rules.game:OneNightGame", bot="companion.games.one_night.rules.bot",
    data="data/roles.toml", parse="companion.games.one_night.fields:parse",
    scene="companion.games.one_night.scene",
    screens={"one-night": "companion.games.one_night.screens:NarratorScreen",
             "one-night-over": "companion.games.one_night.screens:OneNightOverScreen"},
    start="companion.games.one_night.screens:pick_roles", start_label=N_("Next: roles"),
    words="companion.games.one_night.words",
    story="companion.games.one_night.story:chart",
    moments="companion.games.one_night.story:moments", art="companion.games.one_night.story:art",
    narration="companion.games.one_night.narration:LINES",
    speech="companion.games.one_night.narration:spoken", prompts="companion.games.one_night.narration:step_words",
    ambience="companion.games.one_night.narration:ambience",
    samples="companion.games.one_night.samples",
)
