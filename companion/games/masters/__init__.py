"""Masters of the Night: the game's package.

Everything the game has lives here: its pure rules (`rules/`), its data files (`data/*.toml`), their
fields (`fields.py`) and loader with what the table taught (`loader.py`); teaching your own box (the
event cards and their tags `teach.py`, `cards.py`, `companion cards` in `cli.py`; the veil tracker and
district names `box.py`; the first evening with your box `ownbox.py`, `ownbox_screens.py`; the intents
the loop answers `intents.py`), its light scene, its screens (`screens.py` over `view.py`, Adjust and
New card in `tools.py`), its new-game wizard, its words, its narration lines, its story chart, its
sample screens, its translations (`locale/`) and its page (README.md). This module is only the
descriptor: the companion imports it to list the game, the rest on first use.
"""

from companion.errors import N_
from companion.games import GameInfo, MenuEntry

GAME = GameInfo(
    id="masters", title="Masters of the Night", order=10,
    blurb=N_("vampires against the city's hunters; the companion deals the events and keeps the veil"),
    engine="companion.games.masters.rules.game:MastersGame", bot="companion.games.masters.rules.bot",
    load="companion.games.masters.loader:load_masters", taught="companion.games.masters.loader:taught",
    check="companion.games.masters.loader:check",
    scene="companion.games.masters.scene",
    screens={"day": "companion.games.masters.screens:DayScreen", "event": "companion.games.masters.screens:EventCardScreen",
             "combat": "companion.games.masters.screens:CombatScreen", "night": "companion.games.masters.screens:NightScreen",
             "over": "companion.games.masters.screens:OverScreen"},
    route="companion.games.masters.screens:route", board="companion.games.masters.screens:BoardScreen",
    wizard="companion.games.masters.wizard:MastersWizard",
    menu=(MenuEntry("tracker", N_("Your box: veil tracker")),
          MenuEntry("districts", N_("Your box: district names"), playing=True, why_not=N_("in a Masters of the Night game"))),
    progress="companion.games.masters.ownbox:progress_line",
    intents={name: f"companion.games.masters.intents:{name}"
             for name in ("teach_card", "edit_tracker", "teach_tracker", "edit_districts", "teach_district")},
    teaching=("card", "tracker", "districts"),
    tools={"card": "companion.games.masters.tools:TeachCardScreen", "tracker": "companion.games.masters.box:TrackerScreen",
           "districts": "companion.games.masters.box:DistrictsScreen"},
    cards="companion.games.masters.cards", phone="companion.games.masters.phone:board",
    words="companion.games.masters.words",
    story="companion.games.masters.story:chart",
    moments="companion.games.masters.story:moments", art="companion.games.masters.story:art",
    narration="companion.games.masters.narration:LINES",
    samples="companion.games.masters.samples",
    commands={"cards": ("companion.games.masters.cli:main", N_("list, check, teach, export and import card data"))},
)
