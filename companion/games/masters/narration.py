"""Masters of the Night in the table's language: the event log's lines (`LINES`, one for every event).

The engine's reasons for a veil change are plain English with a name in them; they are said in the
table's language by matching its few phrasings (`VEIL_WHYS`); any other reason shows as it came.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import N_, _, data_name, ngettext


def _grid(ev) -> str:
    """A card grid as `A1 red, B2 blue`."""
    grid = ev.get("grid") or []
    items = grid.items() if isinstance(grid, Mapping) else grid
    return ", ".join(f"{pos} {colour}" for pos, colour in items)


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
    "day_effect_resolved": lambda e: _("Day effect of {district} ({key}) resolved.").format(
        district=e["district"], key=e["key"]
    ),
    "relic_drawn": lambda e: (
        _("Relic {relic} found").format(relic=e["relic"])
        + (_(", given to {to}.").format(to=e["to"]) if e.get("to") else _(", nobody may hold it."))
    ),
    "card_drawn": lambda e: _("Event card {card} “{name}” (act {act}): {grid}.").format(
        card=e["card"], name=e["name"], act=e["act"], grid=_grid(e)
    ),
    "ability_card_drawn": lambda e: _("Card {card} drawn for an ability only (not resolved): {grid}.").format(
        card=e["card"], grid=_grid(e)
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
    "card_attached": lambda e: _("Card {card} stays in play on {to}.").format(card=e["card"], to=e["to"]),
    "card_discarded": lambda e: _("Card {card} discarded.").format(card=e["card"]),
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
