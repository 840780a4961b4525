"""The Vampire Mansion (homebrew): the game's package.

Everything the game has lives here: its pure rules (`rules/`), its data file (`data/rules.toml`) and
its fields (`fields.py`), its light scene, its screens and what its new-game wizard asks, its words,
its narration lines, its story chart, its sample screens, its translations (`locale/`) and its page
(README.md). This module is only its GamePlugin: the companion imports it to list the game.
"""

from companion.errors import N_
from companion.games import GamePlugin


class Mansion(GamePlugin):
    """The Vampire Mansion."""

    id = "mansion"
    title = "The Vampire Mansion"
    order = 30
    seeded = True
    blurb = N_("vampires in a mansion; the companion keeps the dice, the rooms and the round clock")
    data = "data/rules.toml"

    def engine_class(self):
        from companion.games.mansion.rules.engine import MansionGame

        return MansionGame

    def bot(self):
        from companion.games.mansion.rules import bot

        return bot

    def parse(self, doc):
        from companion.games.mansion.fields import parse

        return parse(doc)

    def scene(self):
        from companion.games.mansion import scene

        return scene

    def words(self):
        from companion.games.mansion import words

        return words

    def narration(self):
        from companion.games.mansion.narration import LINES

        return LINES

    def story(self, states):
        from companion.games.mansion.story import chart

        return chart(states)

    def moments(self, steps):
        from companion.games.mansion.story import moments

        return moments(steps)

    def art(self, state):
        from companion.games.mansion.story import art

        return art(state)

    def backdrop(self, state):
        from companion.games.mansion.story import backdrop

        return backdrop(state)

    def samples(self):
        from companion.games.mansion import samples

        return samples

    def screens(self):
        from companion.games.mansion.screens import MansionOverScreen, MansionScreen

        return {"mansion": MansionScreen, "mansion-over": MansionOverScreen}

    def setup_fields(self, lo, hi, default_players):
        from companion.games.mansion.setup import setup_fields

        return list(setup_fields(lo, hi, default_players))

    def setup_note(self, values):
        from companion.games.mansion.setup import setup_note

        return tuple(setup_note(values))

    def result(self, state):
        from companion.games.mansion.words import outcome_sentence

        found = super().result(state)
        if found is None:
            return None
        firsts = [r.get("player") for r in state.get("ranking") or () if r.get("place") == 1]
        winner = state.get("claimant") if state.get("outcome") == "points" else None
        winners = (winner,) if winner else tuple(firsts) if state.get("outcome") == "clock" else ()
        made = outcome_sentence(state)
        return found._replace(winners=tuple(w for w in winners if w), **({"sentence": made} if made else {}))

    kept = ("tick", "clock_length")

    def stage(self, state):
        from companion.errors import Text

        tick = state.get("tick")
        return (
            Text(N_("tick {tick} of {length}"), tick=tick, length=state.get("clock_length", "?"))
            if isinstance(tick, int)
            else None
        )
