"""Armata Strigoi: the game's package.

Everything the game has lives here: its pure rules (`rules/`), its data file (`data/fortress.toml`),
its fields (`fields.py`) and its loader with the box values the table taught (`loader.py`, `teach.py`,
the box screen `box.py`), its light scene, its screens, its words, its narration lines, its story
chart, its sample screens, its translations (`locale/`) and its page (README.md). This module is only
the descriptor: the companion imports it to list the game.
"""

from companion.errors import N_
from companion.games import GameInfo

GAME = GameInfo(
    id="strigoi", title="Armata Strigoi", order=50,
    blurb=N_("the Powerwolf pack against the Strigoi; the companion moves the Strigoi and keeps the blood"),
    engine="companion.games.strigoi.rules.game:StrigoiGame", bot="companion.games.strigoi.rules.bot",
    data="data/fortress.toml", parse="companion.games.strigoi.fields:parse",
    load="companion.games.strigoi.loader:load", taught="companion.games.strigoi.loader:taught",
    check="companion.games.strigoi.loader:check",
    scene="companion.games.strigoi.scene",
    screens={"strigoi": "companion.games.strigoi.screens:StrigoiScreen",
             "strigoi-over": "companion.games.strigoi.screens:StrigoiOverScreen"},
    start="companion.games.strigoi.box:start",
    intents={"teach_strigoi": "companion.games.strigoi.loader:teach_box"},
    teaching=("box",),
    words="companion.games.strigoi.words",
    story="companion.games.strigoi.story:chart",
    moments="companion.games.strigoi.story:moments", art="companion.games.strigoi.story:art",
    narration="companion.games.strigoi.narration:LINES",
    samples="companion.games.strigoi.samples",
)
