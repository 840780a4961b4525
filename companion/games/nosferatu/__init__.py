"""Nosferatu (Renfield, the Vampire and the Hunters): the game's package.

Everything the game has lives here: its pure rules (`rules/`), its data file (`data/rules.toml`) and
its fields (`fields.py`), its light scene, its screens, its words, its narration lines, its story
chart, its sample screens, its translations (`locale/`) and its page (README.md). This module is
only the descriptor: the companion imports it to list the game, the rest on first use.
"""

from companion.errors import N_
from companion.games import GameInfo

GAME = GameInfo(
    id="nosferatu", title="Nosferatu", order=20,
    blurb=N_("find the vampire at the table; the companion keeps the clock, the bites and the rituals"),
    engine="companion.games.nosferatu.rules.engine:NosferatuGame", bot="companion.games.nosferatu.rules.bot",
    data="data/rules.toml", parse="companion.games.nosferatu.fields:parse",
    scene="companion.games.nosferatu.scene",
    screens={"nosferatu": "companion.games.nosferatu.screens:NosferatuScreen",
             "nosferatu-over": "companion.games.nosferatu.screens:NosferatuOverScreen"},
    words="companion.games.nosferatu.words",
    story="companion.games.nosferatu.story:chart",
    moments="companion.games.nosferatu.story:moments", art="companion.games.nosferatu.story:art",
    narration="companion.games.nosferatu.narration:LINES",
    samples="companion.games.nosferatu.samples",
)
