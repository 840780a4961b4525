"""The Vampire Mansion's own words (companion/narration/words.py looks here first): its steps, its endings,
the rules its engine names in a refusal, what its actions ask for. Translated in the game's own catalog."""

from __future__ import annotations

from companion.i18n import N_, NP_, _, rule_words

# The seats' default names, in seat order: what the table calls a seat the setup named no one on (a
# game journaled before the table asked for names; companion/narration/seatnames.py): the guests.
SEAT_NAMES = (
    N_("Ada"),
    N_("Basil"),
    N_("Clara"),
    N_("Edgar"),
    N_("Flora"),
    N_("Gideon"),
    N_("Hazel"),
    N_("Ivo"),
)

# the steps of the state JSON (`step`), as a title or a position line says them
STEPS = {
    "roll": N_("everyone rolls"),
    "rolloff": N_("roll-off for a tie"),
    "turn": N_("turns"),
    "reveal": N_("role reveal"),
    "over": N_("game over"),
}
# what an action's parameters are, for a picker's question
NEEDS = {
    "tick": N_("Clock tick"),
    "hand_points": N_("Points in hand"),
    "room_cards": N_("Room cards"),
    "vampires": N_("Vampires"),
    "stored": N_("Stored points"),
    "tokens": N_("Modify tokens"),
    "roles": N_("Roles"),
}
# how a game ended, by the state JSON's `outcome` (context "outcome").
OUTCOMES = {
    "clock": NP_("outcome", "clock"),
    "points": NP_("outcome", "points"),
    "all-vampires": NP_("outcome", "all vampires"),
}
# the rules the engine names in a refusal (context "rule"), keyed by their own words (i18n.rule_words).
RULES = rule_words(
    NP_("rule", "roll"),
    NP_("rule", "assign"),
    NP_("rule", "modify"),
    NP_("rule", "lock"),
    NP_("rule", "order"),
    NP_("rule", "enter"),
    NP_("rule", "take"),
    NP_("rule", "store"),
    NP_("rule", "room action"),
    NP_("rule", "claim"),
    NP_("rule", "points"),
    NP_("rule", "rank"),
    NP_("rule", "reveal roles"),
    NP_("rule", "role deck"),
    rolloff=NP_("rule", "roll-off"),
)


def outcome_sentence(state: dict) -> str:
    """How the game ended, in one sentence for its end card: "Vlad reaches the target and wins at tick 9."."""
    n = state.get("tick", "?")
    firsts = [r.get("player") for r in state.get("ranking") or () if r.get("place") == 1]
    outcome = state.get("outcome")
    if outcome == "points":
        winner = state.get("claimant") or (firsts[0] if len(firsts) == 1 else None)
        if winner:
            return _("{player} reaches the target and wins at tick {n}.").format(player=winner, n=n)
    if outcome == "clock":
        if len(firsts) == 1:
            return _("The round clock runs out at tick {n}: {player} leads.").format(player=firsts[0], n=n)
        return _("The round clock runs out at tick {n}.").format(n=n)
    if outcome == "all-vampires":
        return _("No human is left: the vampires win at tick {n}.").format(n=n)
    return ""
