"""The Vampire Mansion (homebrew): the game's package.

Everything the game has lives here: its pure rules (`rules/`), its data file (`data/rules.toml`) and
its fields (`fields.py`), its light scene, its screens and what its new-game wizard asks, its words,
its narration lines, its story chart, its sample screens, its translations (`locale/`) and its page
(README.md). This module is only the descriptor: the companion imports it to list the game.
"""

from companion.errors import N_
from companion.games import GameInfo

GAME = GameInfo(
    id="mansion", title="The Vampire Mansion", order=30,
    blurb=N_("vampires in a mansion; the companion keeps the dice, the rooms and the round clock"),
    engine="companion.games.mansion.rules.engine:MansionGame", bot="companion.games.mansion.rules.bot",
    data="data/rules.toml", parse="companion.games.mansion.fields:parse",
    scene="companion.games.mansion.scene",
    screens={"mansion": "companion.games.mansion.screens:MansionScreen",
             "mansion-over": "companion.games.mansion.screens:MansionOverScreen"},
    setup_fields="companion.games.mansion.screens:setup_fields",
    setup_note="companion.games.mansion.screens:setup_note",
    words="companion.games.mansion.words",
    story="companion.games.mansion.story:chart",
    moments="companion.games.mansion.story:moments", art="companion.games.mansion.story:art",
    narration="companion.games.mansion.narration:LINES",
    samples="companion.games.mansion.samples",
)
