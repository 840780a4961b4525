"""Counter Race: the players take turns adding 1 or 2 to one shared counter; whoever brings it to 10
wins. A game of the companion in a distribution of its own (tests/toygame): its rules, data, words,
narration, German catalog and sample screens are all in this package, and it has no screen of its
own: the table shows it on the generic game screen and lights it with the basic scene.

This module is only the descriptor (`companion.games.GameInfo`): the companion imports it to list
the game, and every dotted path in it on first use.
"""

from companion.errors import N_
from companion.games import GameInfo

GAME = GameInfo(
    id="counter-race", title="Counter Race", order=55,
    blurb=N_("add 1 or 2 to the counter in turn; whoever brings it to the goal wins"),
    engine="counter_race.rules.engine:CounterRace", bot="counter_race.bot",
    data="data/rules.toml", parse="counter_race.fields:parse",
    words="counter_race.words", narration="counter_race.words:LINES", samples="counter_race.samples",
)
