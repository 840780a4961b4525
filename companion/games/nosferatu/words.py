"""Nosferatu's own words (companion/ui/words.py looks here first): its steps, its endings, the rules
its engine names in a refusal, what its actions ask for. Translated in the game's own catalog."""

from __future__ import annotations

from companion.i18n import N_, pgettext

# The seats' default names, in seat order: what the table calls a seat the setup named no one on (a
# game journaled before the table asked for names; companion/narration/seatnames.py). Wisborg, 1922.
SEAT_NAMES = (N_("Hutter"), N_("Ellen"), N_("Harding"), N_("Ruth"), N_("Bulwer"), N_("Sievers"), N_("Lotte"),
              N_("Jakob"))

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
