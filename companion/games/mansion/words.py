"""The Vampire Mansion's own words (companion/ui/words.py looks here first): its steps, its endings,
the rules its engine names in a refusal, what its actions ask for. Translated in the game's own catalog."""

from __future__ import annotations

from companion.i18n import N_, pgettext

# The seats' default names, in seat order: what the table calls a seat the setup named no one on (a
# game journaled before the table asked for names; companion/narration/seatnames.py): the guests.
SEAT_NAMES = (N_("Ada"), N_("Basil"), N_("Clara"), N_("Edgar"), N_("Flora"), N_("Gideon"), N_("Hazel"), N_("Ivo"))

# the steps of the state JSON (`step`), as a title or a position line says them
STEPS = {"roll": N_("everyone rolls"), "rolloff": N_("roll-off for a tie"), "turn": N_("turns"),
         "reveal": N_("role reveal"), "over": N_("game over")}
# what an action's parameters are, for a picker's question
NEEDS = {"tick": N_("Clock tick"), "hand_points": N_("Points in hand"), "room_cards": N_("Room cards"),
         "vampires": N_("Vampires"), "stored": N_("Stored points"), "tokens": N_("Modify tokens"), "roles": N_("Roles")}


def outcomes() -> dict[str, str]:
    """How a game ended, by the state JSON's `outcome` (context "outcome")."""
    return {
        "clock": pgettext("outcome", "clock"),
        "points": pgettext("outcome", "points"),
        "all-vampires": pgettext("outcome", "all vampires"),
    }


def rules() -> dict[str, str]:
    """The rules the engine names in a refusal, by the key's words (context "rule")."""
    return {
        "roll": pgettext("rule", "roll"),
        "assign": pgettext("rule", "assign"),
        "modify": pgettext("rule", "modify"),
        "lock": pgettext("rule", "lock"),
        "order": pgettext("rule", "order"),
        "rolloff": pgettext("rule", "roll-off"),
        "enter": pgettext("rule", "enter"),
        "take": pgettext("rule", "take"),
        "store": pgettext("rule", "store"),
        "room action": pgettext("rule", "room action"),
        "claim": pgettext("rule", "claim"),
        "points": pgettext("rule", "points"),
        "rank": pgettext("rule", "rank"),
        "reveal roles": pgettext("rule", "reveal roles"),
        "role deck": pgettext("rule", "role deck"),
    }
