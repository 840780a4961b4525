"""Counter Race's words in the table's language (companion/narration/words.py looks here first): its
step, its ending, the rule its engine names in a refusal, its board's keys, and the event log's line
(`LINES`). Translated in the game's own catalog (locale/, domain "nightwatch-counter-race")."""

from __future__ import annotations

from companion.i18n import N_, NP_, _

STEPS = {"turn": N_("add 1 or 2")}
BOARD = {"counter": N_("counter"), "left": N_("left to the goal")}
# how a race ended, by the state JSON's `outcome` (context "outcome").
OUTCOMES = {"goal": NP_("outcome", "the goal is reached")}
# the rules the engine names in a refusal (context "rule").
RULES = {"add": NP_("rule", "add")}


# the event log: event kind -> its line
LINES = {
    "game_set_up": lambda e: _("The race to {goal} begins: {names}.").format(
        goal=e["goal"], names=", ".join(e["names"])
    ),
    "added": lambda e: _("{player} adds {n}: the counter is at {counter}.").format(**e),
    "game_over": lambda e: _("The goal is reached: the race is over."),
}
