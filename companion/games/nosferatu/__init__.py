"""Nosferatu (Renfield, the Vampire and the Hunters): the game's package.

Everything the game has lives here: its pure rules (`rules/`), its data file (`data/rules.toml`) and
its fields (`fields.py`), its light scene, its screens, its words, its narration lines, its story
chart, its sample screens, its translations (`locale/`) and its page (README.md). This module is
only its GamePlugin: the companion imports it to list the game, the rest on first use.
"""

from companion.errors import N_
from companion.games import GamePlugin


class Nosferatu(GamePlugin):
    """Nosferatu."""

    id = "nosferatu"
    title = "Nosferatu"
    order = 20
    seeded = True
    blurb = N_("find the vampire at the table; the companion keeps the clock, the bites and the rituals")
    data = "data/rules.toml"

    def engine_class(self):
        from companion.games.nosferatu.rules.engine import NosferatuGame

        return NosferatuGame

    def bot(self):
        from companion.games.nosferatu.rules import bot

        return bot

    def parse(self, doc):
        from companion.games.nosferatu.fields import parse

        return parse(doc)

    def scene(self):
        from companion.games.nosferatu import scene

        return scene

    def words(self):
        from companion.games.nosferatu import words

        return words

    def narration(self):
        from companion.games.nosferatu.narration import LINES

        return LINES

    def story(self, states):
        from companion.games.nosferatu.story import chart

        return chart(states)

    def moments(self, steps):
        from companion.games.nosferatu.story import moments

        return moments(steps)

    def art(self, state):
        from companion.games.nosferatu.story import art

        return art(state)

    def backdrop(self, state):
        from companion.games.nosferatu.story import backdrop

        return backdrop(state)

    def samples(self):
        from companion.games.nosferatu import samples

        return samples

    def screens(self):
        from companion.games.nosferatu.screens import NosferatuOverScreen, NosferatuScreen

        return {"nosferatu": NosferatuScreen, "nosferatu-over": NosferatuOverScreen}

    def result(self, state):
        from companion.games.nosferatu.words import outcome_sentence

        found = super().result(state)
        made = outcome_sentence(state) if found is not None else ""
        return found._replace(sentence=made) if made else found

    kept = ("round",)

    def stage(self, state):
        from companion.errors import Text

        n = state.get("round")
        return Text(N_("round {n}"), n=n) if isinstance(n, int) else None

    def phone_cells(self, state):
        """The phone's board: the generic cells, each with the bites its players took (the bite
        token's picture beside the number, as the table's board shows it)."""
        from companion.i18n import _
        from companion.web.phoneview import cells

        picture = (state.get("board") or {}).get("districts") or {}
        out = cells(state, [s for s in state.get("seats") or () if isinstance(s, dict)])
        for cell in out:
            bites = (picture.get(cell["pos"]) or {}).get("bites")
            if isinstance(bites, int) and bites:
                cell["counts"] = [{"icon": "bite", "n": str(bites), "label": _("bites")}]
        return out
