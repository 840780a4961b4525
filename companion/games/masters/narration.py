"""Masters of the Night in the table's language: the event log's lines (`LINES`, one for every event).

The engine's reasons for a veil change are plain English with a name in them; they are said in the
table's language by matching its few phrasings (`VEIL_WHYS`); any other reason shows as it came.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import N_, _, data_name, ngettext

FIELDS = ("district", "source", "to")  # the fields of an event that name a district by its grid position
_POSITION = r"\b[A-C][1-3]\b"


def in_words(event: Mapping[str, Any], state: Mapping[str, Any]) -> Mapping[str, Any]:
    """`event` with each district it names by grid position ("B1") named as the table in `state`
    names it ("Police Station"), in its fields, its card grid and its reason for a veil change."""
    districts = state.get("districts") if isinstance(state, Mapping) else None
    if not isinstance(districts, Mapping):
        return event
    names = {pos: str(d["name"]) for pos, d in districts.items() if isinstance(d, Mapping) and d.get("name")}
    out = dict(event)
    for field in FIELDS:
        if isinstance(out.get(field), str) and out[field] in names:
            out[field] = data_name(names[out[field]])
    grid = out.get("grid")
    if grid:
        items = grid.items() if isinstance(grid, Mapping) else grid
        out["grid"] = [(data_name(names[p]) if p in names else p, colour) for p, colour in items]
    if isinstance(out.get("why"), str):
        out["why"] = re.sub(_POSITION, lambda m: data_name(names.get(m.group(0), m.group(0))), out["why"])
    return out


def _grid(ev) -> str:
    """A card grid in words: "red: Cathedral; blue-gray: Docks, Museum" (the districts as the event
    names them: by name once `in_words` named them)."""
    from companion.games.masters.ownbox import grid_text

    grid = ev.get("grid") or []
    items = list(grid.items() if isinstance(grid, Mapping) else grid)
    red = [data_name(str(pos)) for pos, colour in items if colour == "red"]
    blue = [data_name(str(pos)) for pos, colour in items if colour == "blue"]
    return grid_text(red, blue)


def _card(ev) -> str:
    """An event card by its name, never its code; one taught by its grid alone is the new card."""
    from companion.games.masters.ownbox import untaught_name

    card = {"key": ev.get("card"), "name": ev.get("name")}
    return _("the new card") if untaught_name(card) else data_name(str(ev["name"]))


def _kills(ev) -> str:
    """Kill credits as `Ishtvan +2, Mila +1`."""
    kills = ev.get("kills") or []
    items = kills.items() if isinstance(kills, Mapping) else kills
    return ", ".join(f"{name} +{n}" for name, n in items) or _("no kills")


# the night actions a vampire takes (`action_taken`), as the log names them
ACTIONS = {
    "move": N_("move"),
    "expose": N_("expose"),
    "fight": N_("fight"),
    "recruit": N_("recruit"),
    "district_effect": N_("district effect"),
    "hunt": N_("hunt"),
    "wild_hunt": N_("wild hunt"),
    "sigillate": N_("dread sigil"),
    "ritual": N_("ritual"),
    "blood_ability": N_("blood ability"),
    "dark_ability": N_("dark ability"),
    "exchange_relics": N_("exchange relics"),
}


# why the veil moved, as the Masters engine words it (plain English with a name in it): said in the
# table's language by matching the engine's few phrasings; any other reason shows as the engine gave it
VEIL_WHYS = (
    (r"adjusted", N_("adjusted")),
    (r"an effect", N_("an effect")),
    (r"a wild hunt", N_("a wild hunt")),
    (r"a minion recruited", N_("a minion recruited")),
    (r"no agents left in the reserve", N_("no agents left in the reserve")),
    (r"agents appeared in (?P<district>.+)", N_("agents appeared in {district}")),
    (r"event (?P<card>.+)", N_("event {card}")),
    (r"relic (?P<relic>.+)", N_("relic {relic}")),
    (r"(?P<vampire>.+) rose from the drained", N_("{vampire} rose from the drained")),
    (r"(?P<vampire>.+)'s dark ability", N_("{vampire}'s dark ability")),
)


def _why(text: Any) -> str:
    """The engine's reason for a veil change in the current language (names in theirs)."""
    for pattern, template in VEIL_WHYS:
        found = re.fullmatch(pattern, str(text))
        if found:
            return _(template).format(**{k: data_name(v) for k, v in found.groupdict().items()})
    return str(text)


def _action(verb: str) -> str:
    """A night action's name in the current language (an unknown one as the engine spells it)."""
    return _(ACTIONS[verb]) if verb in ACTIONS else str(verb).replace("_", " ")


LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "game_set_up": lambda e: _(
        "The family wakes at the railway station: {vampires}; {deck_size} event cards in the deck."
    ).format(vampires=", ".join(e["vampires"]), deck_size=e["deck_size"]),
    "round_began": lambda e: _("=== Round {round}: day, {leading} leads ===").format(
        round=e["round"], leading=e["leading"]
    ),
    "leader_passed": lambda e: _("{leading} takes the leading token.").format(leading=e["leading"]),
    "day_effect_resolved": lambda e: _("Day effect of {district} resolved.").format(
        district=data_name(e["district"])
    ),
    "relic_drawn": lambda e: (
        _("Relic {relic} found").format(relic=e["relic"])
        + (_(", given to {to}.").format(to=e["to"]) if e.get("to") else _(", nobody may hold it."))
    ),
    "card_drawn": lambda e: _("Event card of act {act}: {card}; {grid}.").format(
        card=_card(e), act=e["act"], grid=_grid(e)
    ),
    "ability_card_drawn": lambda e: _("A card drawn for an ability only (not resolved): {grid}.").format(
        grid=_grid(e)
    ),
    "agents_placed": lambda e: (
        ngettext("{n} agent arrives in {district}", "{n} agents arrive in {district}", e["n"]).format(
            n=e["n"], district=e["district"]
        )
        + (_(" (exposed).") if e.get("exposed") else ".")
    ),
    "agents_missing": lambda e: _(
        "The reserve is out of agents: {n} could not be placed in {district} (veil will drop)."
    ).format(n=e["n"], district=e["district"]),
    "agents_moved": lambda e: _("{n} agent(s) move from {source} to {to}.").format(
        n=e["n"], source=e["source"], to=e["to"]
    ),
    "agents_removed": lambda e: (
        _("{n} agent(s) removed from {district}").format(n=e["n"], district=e["district"])
        + (_(" by {by}.").format(by=e["by"]) if e.get("by") else ".")
    ),
    "agents_exposed": lambda e: _("{n} agent(s) exposed in {district}.").format(
        n=e["n"], district=e["district"]
    ),
    "minions_placed": lambda e: _("{n} minion(s) placed in {district}.").format(
        n=e["n"], district=e["district"]
    ),
    "minions_removed": lambda e: _("{n} minion(s) leave {district}.").format(
        n=e["n"], district=e["district"]
    ),
    "veil_changed": lambda e: _("The veil goes from {old} to {new} ({why}).").format(
        old=e["old"], new=e["new"], why=_why(e["why"])
    ),
    "veil_queued": lambda e: _("Veil will drop by {n} after the card ({why}).").format(
        n=e["n"], why=_why(e["why"])
    ),
    "card_attached": lambda e: _("The event card stays in play: {to}.").format(to=data_name(e["to"])),
    "card_discarded": lambda e: _("The event card is discarded."),
    "combat_started": lambda e: (
        _("Day combat in {district}: {fighter} against {agents} agent(s).")
        if e["day"]
        else _("Night combat in {district}: {fighter} against {agents} agent(s).")
    ).format(district=e["district"], fighter=e["fighter"], agents=e["agents"]),
    "minions_sacrificed": lambda e: _("{n} minion(s) sacrificed in {district} for {by}.").format(
        n=e["n"], district=e["district"], by=e["by"]
    ),
    "die_used": lambda e: (
        _("  {fighter} uses a {value}: ").format(fighter=e["fighter"], value=e["value"])
        + (_("agent removed") if e["removed"] else _("agent stays"))
        + (_(", loses 1 blood.") if e["blood_lost"] else ".")
    ),
    "dice_rolled": lambda e: _("  Dice rolled: {items}.").format(items=" ".join(str(v) for v in e["values"])),
    "fighter_changed": lambda e: _("  {fighter} takes over the fight.").format(fighter=e["fighter"]),
    "combat_ended": lambda e: _("Combat in {district} over: {agents_left} agent(s) left; {kills}.").format(
        district=e["district"], agents_left=e["agents_left"], kills=_kills(e)
    ),
    "blood_changed": lambda e: _("{vampire}'s blood goes from {old} to {new}.").format(
        vampire=e["vampire"], old=e["old"], new=e["new"]
    ),
    "vampire_drained": lambda e: _("{vampire} is drained!").format(vampire=e["vampire"]),
    "vampire_revived": lambda e: _("{vampire} stirs again.").format(vampire=e["vampire"]),
    "kills_changed": lambda e: _("{vampire} kill count {kills}.").format(
        vampire=e["vampire"], kills=e["kills"]
    ),
    "night_began": lambda e: _("--- Night falls (round {round}) ---").format(round=e["round"]),
    "turn_began": lambda e: _("{vampire}'s turn ({ap} AP).").format(vampire=e["vampire"], ap=e["ap"]),
    "turn_ended": lambda e: _("{vampire} ends the turn.").format(vampire=e["vampire"]),
    "action_taken": lambda e: _("  {vampire}: {replace} in {district} ({ap} AP).").format(
        vampire=e["vampire"], replace=_action(e["action"]), district=e["district"], ap=e["ap"]
    ),
    "vampire_moved": lambda e: (
        _("  {vampire} moves from {source} to {to}").format(
            vampire=e["vampire"], source=e["source"], to=e["to"]
        )
        + (_(" with {minions} minion(s).").format(minions=e["minions"]) if e.get("minions") else ".")
    ),
    "sigil_placed": lambda e: _("{vampire} places a dread sigil in {district}!").format(
        vampire=e["vampire"], district=e["district"]
    ),
    "a_p_set": lambda e: _("{vampire} now has {ap} AP.").format(vampire=e["vampire"], ap=e["ap"]),
    "relic_given": lambda e: _("{vampire} takes relic {relic}.").format(
        vampire=e["vampire"], relic=e["relic"]
    ),
    "relic_discarded": lambda e: _("Relic {relic} discarded.").format(relic=e["relic"]),
    "relic_placed": lambda e: _("Relic {relic} placed in {district}.").format(
        relic=e["relic"], district=e["district"]
    ),
    "relic_used": lambda e: _("{vampire} uses relic {relic}.").format(vampire=e["vampire"], relic=e["relic"]),
    "relics_exchanged": lambda e: _("{vampire} and {other} exchange relics.").format(
        vampire=e["vampire"], other=e["other"]
    ),
    "adjusted": lambda e: (
        _("Correction: ") + "; ".join(f"{w} {k} {v}" for w, k, v in (e.get("changes") or []))
    ),
    "game_over": lambda e: {
        "victory": _("*** VICTORY: the Blood Moon rises over the city. ***"),
        "defeat-veil": _("*** DEFEAT: the veil is torn, the family is hunted down. ***"),
        "defeat-deck": _("*** DEFEAT: the event deck is exhausted; the Inquisition holds the city. ***"),
    }.get(e["outcome"], _("*** Game over: {outcome} ***").format(outcome=e["outcome"])),
}
