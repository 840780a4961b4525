"""Masters of the Night: the game's package.

Everything the game has lives here: its pure rules (`rules/`), its data files (`data/*.toml`), their
fields (`fields.py`) and loader with what the table taught (`loader.py`); teaching your own box (the
event cards and their tags `teach.py`, `cards.py`, `companion cards` in `cli.py`; the veil tracker and
district names `box.py`; the first evening with your box `ownbox.py`, `ownbox_screens.py`; the intents
the loop answers `intents.py`), its light scene, its screens (`screens.py` over `view.py`, Adjust and
New card in `tools.py`), its new-game wizard, its words, its narration lines, its story chart, its
sample screens, its translations (`locale/`) and its page (README.md). This module is only its
GamePlugin: the companion imports it to list the game, the rest on first use.
"""

from companion.errors import N_
from companion.games import GamePlugin, MenuEntry


class Masters(GamePlugin):
    """Masters of the Night: vampires against the city's hunters."""

    id = "masters"
    title = "Masters of the Night"
    order = 10
    seeded = True
    blurb = N_("vampires against the city's hunters; the companion deals the events and keeps the veil")
    menu = (
        MenuEntry("tracker", N_("Your box: veil tracker")),
        MenuEntry(
            "districts",
            N_("Your box: district names"),
            playing=True,
            why_not=N_("in a Masters of the Night game"),
        ),
    )
    teaching = ("card", "tracker", "districts")
    intents = ("teach_card", "edit_tracker", "teach_tracker", "edit_districts", "teach_district")

    def engine_class(self):
        from companion.games.masters.rules.game import MastersGame

        return MastersGame

    def bot(self):
        from companion.games.masters.rules import bot

        return bot

    def load(self, source=None, problems=None, strict=False):
        from companion.games.masters.loader import load_masters

        return load_masters(source, problems, strict)

    def taught(self, problems, everything):
        from companion.games.masters.loader import taught

        taught(problems, everything)

    def check(self):
        from companion.games.masters.loader import check

        return check()

    def scene(self):
        from companion.games.masters import scene

        return scene

    def screens(self):
        from companion.games.masters import event_screen, screens

        return {
            "day": screens.DayScreen,
            "event": event_screen.EventCardScreen,
            "combat": screens.CombatScreen,
            "night": screens.NightScreen,
            "over": screens.OverScreen,
        }

    def route(self, state):
        from companion.games.masters.screens import route

        return route(state)

    def board_screen(self):
        from companion.games.masters.screens import BoardScreen

        return BoardScreen

    def wizard(self):
        from companion.games.masters.wizard import MastersWizard

        return MastersWizard

    def progress(self):
        from companion.games.masters.ownbox import progress_line

        return progress_line()

    def intent(self, name):
        if name not in self.intents:
            return None
        from companion.games.masters import intents

        return getattr(intents, name)

    def tool(self, kind):
        if kind == "card":
            from companion.games.masters.tools import TeachCardScreen

            return TeachCardScreen
        from companion.games.masters import box

        return {"tracker": box.TrackerScreen, "districts": box.DistrictsScreen}.get(kind)

    def cards(self):
        from companion.games.masters import cards

        return cards

    def phone_cells(self, state):
        from companion.games.masters.phone import board

        return board(state)

    def phone_counts(self, state):
        from companion.games.masters.phone import counts

        return counts(state)

    def words(self):
        from companion.games.masters import words

        return words

    def narration(self):
        from companion.games.masters.narration import LINES

        return LINES

    def in_words(self, event, state):
        from companion.games.masters.narration import in_words

        return in_words(event, state)

    def story(self, states):
        from companion.games.masters.story import chart

        return chart(states)

    def moments(self, steps):
        from companion.games.masters.story import moments

        return moments(steps)

    def art(self, state):
        from companion.games.masters.story import art

        return art(state)

    def backdrop(self, state):
        from companion.games.masters.story import backdrop

        return backdrop(state)

    def samples(self):
        from companion.games.masters import samples

        return samples

    def commands(self):
        def cards(argv):
            from companion.games.masters.cli import main

            return main(argv)

        return {"cards": (cards, N_("list, check, teach, export and import card data"))}

    def result(self, state):
        from companion.games.masters.words import outcome_sentence

        found = super().result(state)
        made = outcome_sentence(state) if found is not None else ""
        return found._replace(sentence=made) if made else found

    def gauge(self, state):
        veil = state.get("veil")
        return veil if isinstance(veil, int) else None

    def board_lines(self, state):
        from companion.errors import Text

        veil = state.get("veil")
        return [Text(N_("Veil: {n}"), n=veil)] if isinstance(veil, int) else []

    def summary_lines(self, state):
        from companion.games.masters.words import summary

        return [*self.board_lines(state), *summary(state)]

    kept = ("round",)

    def stage(self, state):
        from companion.errors import Text

        n = state.get("round")
        return Text(N_("round {n}"), n=n) if isinstance(n, int) else None
