"""Armata Strigoi's own words (companion/narration/words.py looks here first): its steps, the rules its
engine names in a refusal, what its actions ask for (its endings, victory and defeat, are every
game's words). Translated in the game's own catalog."""

from __future__ import annotations

from companion.i18n import N_, NP_, _, rule_words

# the steps of the state JSON (`step`), as a title or a position line says them
STEPS = {
    "initiative": N_("reveal the Action cards"),
    "turn": N_("a Powerwolf's turn"),
    "strigoi": N_("the Strigoi strikes"),
    "curse": N_("the extra Strigoi turn"),
    "over": N_("game over"),
}
# what an action's parameters are, for a picker's question
NEEDS = {
    "altar": N_("Altar"),
    "inferno": N_("Inferno"),
    "wounds": N_("Wounds"),
    "rewards": N_("Reward cards"),
    "colour": N_("Colour"),
    "blood": N_("Blood"),
    "reward": N_("Reward"),
    "strigoi": N_("Strigoi"),
    "wolf": N_("Powerwolf"),
    "prevented": N_("Wounds prevented"),
    "reason": N_("Reason"),
    "room": N_("Room"),
    "hit": N_("Hit by the curse"),
    "token": N_("Strigoi token"),
    "bonus": N_("Token bonus"),
    "won": N_("Won the fight"),
    "center": N_("On a platform's centre"),
    "marker": N_("Attack marker"),
}
# the rules the engine names in a refusal (context "rule"), keyed by their own words (i18n.rule_words).
RULES = rule_words(
    NP_("rule", "initiative"),
    NP_("rule", "encounter"),
    NP_("rule", "one encounter"),
    NP_("rule", "reward"),
    NP_("rule", "altar"),
    NP_("rule", "blood"),
    NP_("rule", "lose blood"),
    NP_("rule", "heal"),
    NP_("rule", "wound"),
    NP_("rule", "rotate"),
    NP_("rule", "token"),
    NP_("rule", "counterattack"),
    NP_("rule", "Strigoi"),
    NP_("rule", "Strigoi move"),
    NP_("rule", "Strigoi attack"),
    NP_("rule", "curse"),
    **{"attack strigoi": NP_("rule", "attack the Strigoi")},
)


def outcome_sentence(state: dict) -> str:
    """How the game ended, in one sentence for its end card: "The pack wins: the Supreme Strigoi fell in round 7."."""
    n = state.get("round", "?")
    return {
        "victory": _("The pack wins: the Supreme Strigoi fell in round {n}."),
        "defeat": _("The Strigoi win: the Inferno filled up in round {n}."),
    }.get(str(state.get("outcome")), "").format(n=n)
