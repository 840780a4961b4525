"""Counter Race: the players take turns adding 1 or 2 to one shared counter; whoever brings it to 10
wins. A game of the companion in a distribution of its own (tests/toygame): its rules, data, words,
narration, German catalog and sample screens are all in this package, and it has no screen of its
own: the table shows it on the generic game screen and lights it with the basic scene.

This module is only its `GamePlugin` (companion/games/__init__.py): the companion imports it to list
the game; each method imports what it needs on first use.
"""

from companion.errors import N_
from companion.games import GamePlugin


class CounterRacePlugin(GamePlugin):
    """Counter Race, as the companion sees it."""

    id = "counter-race"
    title = "Counter Race"
    order = 55
    blurb = N_("add 1 or 2 to the counter in turn; whoever brings it to the goal wins")
    data = "data/rules.toml"

    def engine_class(self):
        from counter_race.rules.engine import CounterRace

        return CounterRace

    def parse(self, doc):
        from counter_race.fields import parse

        return parse(doc)

    def words(self):
        from counter_race import words

        return words

    def narration(self):
        from counter_race.words import LINES

        return LINES

    def samples(self):
        from counter_race import samples

        return samples
