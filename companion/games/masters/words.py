"""Masters of the Night's own words (companion/narration/words.py looks here first): its steps, its endings,
the rules its engine names in a refusal, what its actions ask for. Translated in the game's own catalog."""

from __future__ import annotations

from companion.i18n import N_, NP_, _, data_name, rule_words

# the steps of the state JSON (`step`), as a title or a position line says them
STEPS = {
    "day-effects": N_("day district effects"),
    "place-agents": N_("event card: agents"),
    "card-effect": N_("event card: its text"),
    "hunt": N_("agents hunt"),
    "turn": N_("turns"),
    "combat": N_("combat"),
    "over": N_("game over"),
}
# what an action's parameters are, for a picker's question
NEEDS = {
    "agents_to": N_("Agents to"),
    "card": N_("Card"),
    "discard": N_("Relic to discard"),
    "minions": N_("Minions"),
    "redirect": N_("Agents appear instead in"),
    "to": N_("Where to"),
    "value": N_("Die"),
}
# how a game ended, by the state JSON's `outcome` (context "outcome"; victory and defeat are every game's words).
OUTCOMES = {"defeat-veil": NP_("outcome", "defeat veil"), "defeat-deck": NP_("outcome", "defeat deck")}
# the rules the engine names in a refusal (context "rule"), keyed by their own words (i18n.rule_words).
RULES = rule_words(
    NP_("rule", "ability"),
    NP_("rule", "ability card"),
    NP_("rule", "add agents"),
    NP_("rule", "add minions"),
    NP_("rule", "agents"),
    NP_("rule", "attach card"),
    NP_("rule", "blood ability"),
    NP_("rule", "dark ability"),
    NP_("rule", "combat"),
    NP_("rule", "day combat"),
    NP_("rule", "end combat"),
    NP_("rule", "hand over"),
    NP_("rule", "day effect"),
    NP_("rule", "resolve day effect"),
    NP_("rule", "district effect"),
    NP_("rule", "dice"),
    NP_("rule", "dice reserve"),
    NP_("rule", "use die"),
    NP_("rule", "draw"),
    NP_("rule", "resolve card"),
    NP_("rule", "discard card"),
    NP_("rule", "replace"),
    NP_("rule", "redirect"),
    NP_("rule", "night"),
    NP_("rule", "move"),
    NP_("rule", "expose"),
    NP_("rule", "fight"),
    NP_("rule", "hunt"),
    NP_("rule", "wild hunt"),
    NP_("rule", "recruit"),
    NP_("rule", "sacrifice"),
    NP_("rule", "sigillate"),
    NP_("rule", "minions"),
    NP_("rule", "reserve"),
    NP_("rule", "move agents"),
    NP_("rule", "place agents"),
    NP_("rule", "remove agents"),
    NP_("rule", "relic"),
    NP_("rule", "relic limit"),
    NP_("rule", "give relic"),
    NP_("rule", "use relic"),
    NP_("rule", "place relic"),
    NP_("rule", "discard relic"),
    NP_("rule", "exchange relics"),
    NP_("rule", "museum"),
    NP_("rule", "set AP"),
    NP_("rule", "veil"),
)


def summary(state: dict) -> list[str]:
    """`companion play`'s lines under its summary: each district's tokens and sigil, each vampire."""
    lines = []
    districts = state.get("districts")
    if isinstance(districts, dict):
        for pos, d in districts.items():
            lines.append(
                f"  {pos} {data_name(d.get('name', '')):20s} "
                + _("agents {hidden}h/{exposed}e  minions {minions}").format(
                    hidden=d.get("agents_hidden", 0),
                    exposed=d.get("agents_exposed", 0),
                    minions=d.get("minions", 0),
                )
                + (_("  sigil {vampire}").format(vampire=d["sigil"]) if d.get("sigil") else "")
            )
    vampires = state.get("vampires")
    if isinstance(vampires, dict):
        for name, v in vampires.items():
            lines.append(
                f"  {name:10s} "
                + _("in {district} blood {blood} kills {kills}").format(
                    district=v.get("district"), blood=v.get("blood"), kills=v.get("kills")
                )
                + (_(" DRAINED") if v.get("drained") else "")
            )
    return lines


def outcome_sentence(state: dict) -> str:
    """How the game ended, in one sentence for its end card: "The vampires win: the Blood Moon rose in round 5."."""
    n = state.get("round", "?")
    return {
        "victory": _("The vampires win: the Blood Moon rose in round {n}."),
        "defeat-veil": _("The hunters win: the veil was torn in round {n}."),
        "defeat-deck": _("The Inquisition wins: the event deck ran out in round {n}."),
    }.get(str(state.get("outcome")), "").format(n=n)
