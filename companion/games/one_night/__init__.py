"""One Night Ultimate Vampire: the game's package.

Everything the game has lives here: its pure rules (`rules/`), its data file (`data/roles.toml`) and
its fields (`fields.py`), its light scene, its screens and role page, its words, its narration lines
and what the narrator says aloud, its story chart, its sample screens, its translations (`locale/`)
and its page (README.md). This module is only its GamePlugin: the companion imports it to list the game.
"""

from companion.errors import N_
from companion.games import GamePlugin


class OneNight(GamePlugin):
    """One Night Ultimate Vampire."""

    id = "one-night"
    title = "One Night Ultimate Vampire"
    order = 40
    seeded = True
    blurb = N_("one night, one vote: the companion narrates the night and times the day")
    data = "data/roles.toml"
    start_label = N_("Next: roles")

    def engine_class(self):
        from companion.games.one_night.rules.game import OneNightGame

        return OneNightGame

    def bot(self):
        from companion.games.one_night.rules import bot

        return bot

    def parse(self, doc):
        from companion.games.one_night.fields import parse

        return parse(doc)

    def scene(self):
        from companion.games.one_night import scene

        return scene

    def words(self):
        from companion.games.one_night import words

        return words

    def narration(self):
        from companion.games.one_night.narration import LINES

        return LINES

    def story(self, states):
        from companion.games.one_night.story import chart

        return chart(states)

    def moments(self, steps):
        from companion.games.one_night.story import moments

        return moments(steps)

    def art(self, state):
        from companion.games.one_night.story import art

        return art(state)

    def backdrop(self, state):
        from companion.games.one_night.story import backdrop

        return backdrop(state)

    def samples(self):
        from companion.games.one_night import samples

        return samples

    def screens(self):
        from companion.games.one_night.screens import NarratorScreen, OneNightOverScreen

        return {"one-night": NarratorScreen, "one-night-over": OneNightOverScreen}

    def start(self, ctx, wizard):
        from companion.games.one_night.screens import pick_roles

        return pick_roles(ctx, wizard)

    def timed_step(self, state):
        current = state.get("current")
        if not isinstance(current, dict) or state.get("phase") == "over":
            return None
        return {
            **current,
            "key": (state.get("index"), current.get("id")),
            "added": state.get("extra") or 0,
            "paused": bool(state.get("paused")),
        }

    def speech(self, event):
        from companion.games.one_night.narration import spoken

        return spoken(event)

    def prompt(self, step, text):
        from companion.games.one_night.narration import step_words

        return step_words(step, text)

    def ambience(self, state):
        from companion.games.one_night.narration import ambience

        return ambience(state)

    def result(self, state):
        from companion.games.one_night.words import outcome_sentence

        found = super().result(state)
        made = outcome_sentence(state) if found is not None else ""
        return found._replace(sentence=made) if made else found
