"""Nosferatu's own words (companion/ui/words.py looks here first): its steps, its endings, the rules
its engine names in a refusal, what its actions ask for. Translated in the game's own catalog."""

from __future__ import annotations

from companion.i18n import N_, _, pgettext

# the steps of the state JSON (`step`), as a title or a position line says them
STEPS = {"give-stake": N_("pass the stake"), "turn": N_("cards to Renfield"), "clock": N_("turn the Clock"),
         "resolve": N_("Renfield resolves"), "stake": N_("use the stake?"), "over": N_("game over")}
# what an action's parameters are, for a picker's question
NEEDS = {"nights": N_("Nights"), "bites": N_("Bites"), "rituals": N_("Rituals"), "holder": N_("Stake holder"),
         "character": N_("Character")}


def outcomes() -> dict[str, str]:
    """How a game ended, by the state JSON's `outcome` (context "outcome")."""
    return {
        "hunters-stake": pgettext("outcome", "hunters stake"),
        "hunters-rituals": pgettext("outcome", "hunters rituals"),
        "evil-bites": pgettext("outcome", "evil bites"),
        "evil-stake": pgettext("outcome", "evil stake"),
    }


def rules() -> dict[str, str]:
    """The rules the engine names in a refusal, by the key's words (context "rule")."""
    return {
        "give stake": pgettext("rule", "give stake"),
        "stake": pgettext("rule", "stake"),
        "spare": pgettext("rule", "spare"),
        "turn order": pgettext("rule", "turn order"),
        "play": pgettext("rule", "play"),
        "bite": pgettext("rule", "bite"),
        "add night": pgettext("rule", "add night"),
        "cast": pgettext("rule", "cast"),
        "cards": pgettext("rule", "cards"),
        "clock": pgettext("rule", "clock"),
        "night cards": pgettext("rule", "Night cards"),
        "resolved": pgettext("rule", "resolved"),
    }


def outcome_sentence(state: dict) -> str:
    """How the game ended, in one sentence for its end card: "The Vampire wins: 5 Bites by round 6."."""
    n = state.get("round", "?")
    bites = state.get("bites_total", state.get("bites_to_win", "?"))
    rituals = len((state.get("rituals") or {}).get("used") or ())
    return {"hunters-stake": _("The hunters win: the stake found the Vampire in round {n}."),
            "hunters-rituals": _("The hunters win: {rituals} rituals cast by round {n}."),
            "evil-bites": _("The Vampire wins: {bites} Bites by round {n}."),
            "evil-stake": _("The Vampire wins: the stake struck a hunter in round {n}.")}.get(
        str(state.get("outcome")), "").format(n=n, bites=bites, rituals=rituals)
