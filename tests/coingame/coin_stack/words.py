"""Coin Stack's words (the companion looks here: its plugin's `words()`) and its log lines (`narration()`),
translated in its own catalog (locale/, domain "nightwatch-coin-stack")."""

from companion.i18n import N_, NP_, _

STEPS = {"turn": N_("lay coins")}
BOARD = {"coins": N_("coins on the stack"), "goal": N_("coins to win")}
OUTCOMES = {"last-coin": NP_("outcome", "the last coin is laid")}
RULES = {"lay": NP_("rule", "lay")}

LINES = {
    "game_set_up": lambda e: _("The stack is empty: {names} lay coins.").format(names=", ".join(e["names"])),
    "laid": lambda e: _("{player} lays {n}: {coins} coins on the stack.").format(**e),
    "game_over": lambda e: _("The last coin is laid."),
}
