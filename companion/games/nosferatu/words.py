"""Nosferatu's own words (companion/narration/words.py looks here first): its steps, its endings, the rules
its engine names in a refusal, what its actions ask for. Translated in the game's own catalog."""

from __future__ import annotations

from companion.i18n import N_, NP_, _, rule_words

# The seats' default names, in seat order: what the table calls a seat the setup named no one on (a
# game journaled before the table asked for names; companion/narration/seatnames.py). Wisborg, 1922.
SEAT_NAMES = (
    N_("Hutter"),
    N_("Ellen"),
    N_("Harding"),
    N_("Ruth"),
    N_("Bulwer"),
    N_("Sievers"),
    N_("Lotte"),
    N_("Jakob"),
)

# the steps of the state JSON (`step`), as a title or a position line says them
STEPS = {
    "give-stake": N_("pass the stake"),
    "turn": N_("cards to Renfield"),
    "clock": N_("turn the Clock"),
    "resolve": N_("Renfield resolves"),
    "stake": N_("use the stake?"),
    "over": N_("game over"),
}
# what an action's parameters are, for a picker's question
NEEDS = {
    "nights": N_("Nights"),
    "bites": N_("Bites"),
    "rituals": N_("Rituals"),
    "holder": N_("Stake holder"),
    "character": N_("Character"),
}
# how a game ended, by the state JSON's `outcome` (context "outcome").
OUTCOMES = {
    "hunters-stake": NP_("outcome", "hunters stake"),
    "hunters-rituals": NP_("outcome", "hunters rituals"),
    "evil-bites": NP_("outcome", "evil bites"),
    "evil-stake": NP_("outcome", "evil stake"),
}
# the rules the engine names in a refusal (context "rule"), keyed by their own words (i18n.rule_words).
RULES = rule_words(
    NP_("rule", "give stake"),
    NP_("rule", "stake"),
    NP_("rule", "spare"),
    NP_("rule", "turn order"),
    NP_("rule", "play"),
    NP_("rule", "bite"),
    NP_("rule", "add night"),
    NP_("rule", "cast"),
    NP_("rule", "cards"),
    NP_("rule", "clock"),
    NP_("rule", "Night cards"),
    NP_("rule", "resolved"),
)


def outcome_sentence(state: dict) -> str:
    """How the game ended, in one sentence for its end card: "The Vampire wins: 5 Bites by round 6."."""
    n = state.get("round", "?")
    bites = state.get("bites_total", state.get("bites_to_win", "?"))
    rituals = len((state.get("rituals") or {}).get("used") or ())
    return {
        "hunters-stake": _("The hunters win: the stake found the Vampire in round {n}."),
        "hunters-rituals": _("The hunters win: {rituals} rituals cast by round {n}."),
        "evil-bites": _("The Vampire wins: {bites} Bites by round {n}."),
        "evil-stake": _("The Vampire wins: the stake struck a hunter in round {n}."),
    }.get(str(state.get("outcome")), "").format(n=n, bites=bites, rituals=rituals)
