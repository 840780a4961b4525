"""Armata Strigoi: the game's package.

Everything the game has lives here: its pure rules (`rules/`), its data file (`data/fortress.toml`),
its fields (`fields.py`) and its loader with the box values the table taught (`loader.py`, `teach.py`,
the box screen `box.py`), its light scene, its screens, its words, its narration lines, its story
chart, its sample screens, its translations (`locale/`) and its page (README.md). This module is only
its GamePlugin: the companion imports it to list the game.
"""

from companion.errors import N_
from companion.games import GamePlugin


class Strigoi(GamePlugin):
    """Armata Strigoi."""

    id = "strigoi"
    title = "Armata Strigoi"
    order = 50
    seeded = True
    blurb = N_("the Powerwolf pack against the Strigoi; the companion moves the Strigoi and keeps the blood")
    data = "data/fortress.toml"
    teaching = ("box",)
    intents = ("teach_strigoi",)

    def engine_class(self):
        from companion.games.strigoi.rules.game import StrigoiGame

        return StrigoiGame

    def bot(self):
        from companion.games.strigoi.rules import bot

        return bot

    def parse(self, doc):
        from companion.games.strigoi.fields import parse

        return parse(doc)

    def scene(self):
        from companion.games.strigoi import scene

        return scene

    def words(self):
        from companion.games.strigoi import words

        return words

    def narration(self):
        from companion.games.strigoi.narration import LINES

        return LINES

    def story(self, states):
        from companion.games.strigoi.story import chart

        return chart(states)

    def moments(self, steps):
        from companion.games.strigoi.story import moments

        return moments(steps)

    def art(self, state):
        from companion.games.strigoi.story import art

        return art(state)

    def backdrop(self, state):
        from companion.games.strigoi.story import backdrop

        return backdrop(state)

    def samples(self):
        from companion.games.strigoi import samples

        return samples

    def load(self, source=None, problems=None, strict=False):
        from companion.games.strigoi.loader import load

        return load(source, problems, strict)

    def taught(self, problems, everything):
        from companion.games.strigoi.loader import taught

        taught(problems, everything)

    def check(self):
        from companion.games.strigoi.loader import check

        return check()

    def screens(self):
        from companion.games.strigoi.screens import StrigoiOverScreen, StrigoiScreen

        return {"strigoi": StrigoiScreen, "strigoi-over": StrigoiOverScreen}

    def start(self, ctx, wizard):
        from companion.games.strigoi.box import start

        return start(ctx, wizard)

    def intent(self, name):
        if name != "teach_strigoi":
            return None
        from companion.games.strigoi.loader import teach_box

        return teach_box

    def result(self, state):
        from companion.games.strigoi.words import outcome_sentence

        found = super().result(state)
        made = outcome_sentence(state) if found is not None else ""
        return found._replace(sentence=made) if made else found

    kept = ("round",)

    def stage(self, state):
        from companion.errors import Text

        n = state.get("round")
        return Text(N_("round {n}"), n=n) if isinstance(n, int) else None
