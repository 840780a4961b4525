"""Masters of the Night's own words (companion/ui/words.py looks here first): its steps, its endings,
the rules its engine names in a refusal, what its actions ask for. Translated in the game's own catalog."""

from __future__ import annotations

from companion.i18n import N_, _, data_name, pgettext

# the steps of the state JSON (`step`), as a title or a position line says them
STEPS = {"day-effects": N_("day district effects"), "place-agents": N_("event card: agents"),
         "card-effect": N_("event card: its text"), "hunt": N_("agents hunt"), "turn": N_("turns"),
         "combat": N_("combat"), "over": N_("game over")}
# what an action's parameters are, for a picker's question
NEEDS = {"agents_to": N_("Agents to"), "card": N_("Card"), "discard": N_("Relic to discard"), "minions": N_("Minions"),
         "redirect": N_("Agents appear instead in"), "to": N_("Where to"), "value": N_("Die")}


def outcomes() -> dict[str, str]:
    """How a game ended, by the state JSON's `outcome` (context "outcome"; victory and defeat are
    every game's words)."""
    return {
        "defeat-veil": pgettext("outcome", "defeat veil"),
        "defeat-deck": pgettext("outcome", "defeat deck"),
    }


def rules() -> dict[str, str]:
    """The rules the engine names in a refusal, by the key's words (context "rule")."""
    return {
        "ability": pgettext("rule", "ability"),
        "ability card": pgettext("rule", "ability card"),
        "add agents": pgettext("rule", "add agents"),
        "add minions": pgettext("rule", "add minions"),
        "agents": pgettext("rule", "agents"),
        "attach card": pgettext("rule", "attach card"),
        "blood ability": pgettext("rule", "blood ability"),
        "dark ability": pgettext("rule", "dark ability"),
        "combat": pgettext("rule", "combat"),
        "day combat": pgettext("rule", "day combat"),
        "end combat": pgettext("rule", "end combat"),
        "hand over": pgettext("rule", "hand over"),
        "day effect": pgettext("rule", "day effect"),
        "resolve day effect": pgettext("rule", "resolve day effect"),
        "district effect": pgettext("rule", "district effect"),
        "dice": pgettext("rule", "dice"),
        "dice reserve": pgettext("rule", "dice reserve"),
        "use die": pgettext("rule", "use die"),
        "draw": pgettext("rule", "draw"),
        "resolve card": pgettext("rule", "resolve card"),
        "discard card": pgettext("rule", "discard card"),
        "replace": pgettext("rule", "replace"),
        "redirect": pgettext("rule", "redirect"),
        "night": pgettext("rule", "night"),
        "move": pgettext("rule", "move"),
        "expose": pgettext("rule", "expose"),
        "fight": pgettext("rule", "fight"),
        "hunt": pgettext("rule", "hunt"),
        "wild hunt": pgettext("rule", "wild hunt"),
        "recruit": pgettext("rule", "recruit"),
        "sacrifice": pgettext("rule", "sacrifice"),
        "sigillate": pgettext("rule", "sigillate"),
        "minions": pgettext("rule", "minions"),
        "reserve": pgettext("rule", "reserve"),
        "move agents": pgettext("rule", "move agents"),
        "place agents": pgettext("rule", "place agents"),
        "remove agents": pgettext("rule", "remove agents"),
        "relic": pgettext("rule", "relic"),
        "relic limit": pgettext("rule", "relic limit"),
        "give relic": pgettext("rule", "give relic"),
        "use relic": pgettext("rule", "use relic"),
        "place relic": pgettext("rule", "place relic"),
        "discard relic": pgettext("rule", "discard relic"),
        "exchange relics": pgettext("rule", "exchange relics"),
        "museum": pgettext("rule", "museum"),
        "set ap": pgettext("rule", "set AP"),
        "veil": pgettext("rule", "veil"),
    }


def summary(state: dict) -> list[str]:
    """`companion play`'s lines under its summary: each district's tokens and sigil, each vampire."""
    lines = []
    districts = state.get("districts")
    if isinstance(districts, dict):
        for pos, d in districts.items():
            lines.append(f"  {pos} {data_name(d.get('name', '')):20s} " + _(
                "agents {hidden}h/{exposed}e  minions {minions}").format(
                hidden=d.get("agents_hidden", 0), exposed=d.get("agents_exposed", 0), minions=d.get("minions", 0))
                + (_("  sigil {vampire}").format(vampire=d["sigil"]) if d.get("sigil") else ""))
    vampires = state.get("vampires")
    if isinstance(vampires, dict):
        for name, v in vampires.items():
            lines.append(f"  {name:10s} " + _("in {district} blood {blood} kills {kills}").format(
                district=v.get("district"), blood=v.get("blood"), kills=v.get("kills"))
                + (_(" DRAINED") if v.get("drained") else ""))
    return lines


def outcome_sentence(state: dict) -> str:
    """How the game ended, in one sentence for its end card: "The vampires win: the Blood Moon rose in round 5."."""
    n = state.get("round", "?")
    return {"victory": _("The vampires win: the Blood Moon rose in round {n}."),
            "defeat-veil": _("The hunters win: the veil was torn in round {n}."),
            "defeat-deck": _("The Inquisition wins: the event deck ran out in round {n}.")}.get(
        str(state.get("outcome")), "").format(n=n)
