"""The menu: what the table may do now, for the screen and the physical buttons.

Night actions are all listed with their cost; the ones the rules forbid are greyed out with the reason
the engine would give ("kill count 4 needed", "no agents exposed", "2 AP needed").
"""

from __future__ import annotations

from companion.rules.base import Action
from companion.rules.masters import agents, board, combat, night, relics
from companion.rules.masters.data import MUSEUM, MastersData
from companion.rules.masters.state import DeckMode, MastersState, Step

NIGHT_MENU = (
    ("expose", "Expose agents", "1 AP"),
    ("fight", "Fight exposed agents", "1 AP"),
    ("recruit", "Recruit a minion", "2 AP, veil +1"),
    ("district_effect", "Use the district's night effect", ""),
    ("blood_ability", "Use your blood ability", ""),
    ("hunt", "Hunt", "1 AP, +1 blood"),
    ("exchange_relics", "Exchange relics", "0 AP"),
    ("wild_hunt", "Start a wild hunt", "1 AP, veil -1"),
    ("dark_ability", "Use your dark ability", ""),
    ("sigillate", "Sigillate this district", "1 AP, 1 minion"),
    ("ritual", "Initiate the Blood Moon ritual", "1 AP"),
)


def actions(data: MastersData, s: MastersState) -> list[Action]:
    """Every action of the current step, enabled or not."""
    return STEP_MENUS.get(s.step, _nothing)(data, s)


def _nothing(data: MastersData, s: MastersState) -> list[Action]:
    """The game is over: nothing to do."""
    return []


def _day_effects(data: MastersData, s: MastersState) -> list[Action]:
    """Resolve each active day effect, then draw."""
    active = board.active_day_effects(data, s)
    out = []
    for pos in active:
        museum = s.at(pos).key == MUSEUM and s.relic_deck and relics.needs_discard(s)
        needs = ("to", "discard") if museum else ()
        out.append(Action({"cmd": "resolve_day_effect", "district": pos}, f"Resolve {data.district(s.at(pos).key).name} ({pos})", needs=needs))
    needs = ("card",) if s.deck_mode is DeckMode.PHYSICAL else ()
    why = "resolve the active day effects first" if active else None
    out.append(Action({"cmd": "draw"}, "Draw the event card", "", why is None, why, needs))
    return out


def _place_agents(data: MastersData, s: MastersState) -> list[Action]:
    """Assign the blue-gray numbers and/or choose which cells get the last agents of the reserve."""
    card = s.card
    needs: tuple[str, ...] = ()
    parts = []
    if card.needs_split:
        needs += ("split",)
        parts.append(f"Place {card.blue_agents[0]} and {card.blue_agents[1]} agents on {' / '.join(card.blue)}")
    short = agents.short_choice(s)
    if short is not None:
        cells, left = short
        needs += ("agents_to",)
        parts.append(f"{left} left for {sum(cells.values())}, the leader picks")
    label = "; ".join(parts) if card.needs_split else f"Place agents ({parts[0]})" if parts else "Place the agents"
    return [Action({"cmd": "place_agents"}, label, needs=needs)]


def _card_effect(data: MastersData, s: MastersState) -> list[Action]:
    """Attach a continuing card, then finish the card."""
    out = []
    if s.card.continuing:
        out.append(Action({"cmd": "attach_card", "card": s.card.key}, f"Keep {s.card.name} in play", needs=("to",)))
    cost = f"veil -{s.veil_pending}" if s.veil_pending else ""
    out.append(Action({"cmd": "resolve_card"}, f"{s.card.name} is resolved", cost))
    return out


def _hunt(data: MastersData, s: MastersState) -> list[Action]:
    """One day combat per district where agents attack."""
    out = []
    for pos in board.hunts_due(s):
        for v in s.vampires_in(pos):
            if not v.drained:
                out.append(Action({"cmd": "day_combat", "district": pos, "vampire": v.name}, f"Agents attack {v.name} in {pos}"))
    return out


def _turn(data: MastersData, s: MastersState) -> list[Action]:
    """Every night action of the turn vampire with its cost and, if refused, why."""
    v = night.actor(s)
    out = []
    for pos in board.neighbours(v.district):
        why = night.why_not(data, s, "move")
        out.append(Action({"cmd": "move", "to": pos}, f"Move to {pos}", "1 AP", why is None, why))
    for verb, label, cost in NIGHT_MENU:
        ap = night.night_ap(data, s) if verb == "district_effect" else None
        why = night.why_not(data, s, verb, ap)
        cost = cost or _cost(data, s, verb, ap)
        needs = ("with",) if verb == "exchange_relics" else ()
        out.append(Action({"cmd": verb}, label, cost, why is None, why, needs))
    out.append(Action({"cmd": "end_turn"}, f"End {v.name}'s turn", f"{v.ap} AP left" if v.ap else ""))
    return out


def _combat(data: MastersData, s: MastersState) -> list[Action]:
    """Sacrifice, use a die, reroll or hand over."""
    c = s.combat
    out = []
    if not c.started and s.at(c.district).minions:
        out.append(Action({"cmd": "sacrifice", "minions": 1}, "Sacrifice a minion", "1 minion: 1 agent removed"))
    fighter = s.vampire(c.fighter)
    if fighter.drained:
        for name in combat.candidates(s):
            out.append(Action({"cmd": "hand_over", "vampire": name}, f"{name} fights on"))
        return out
    if s.dice:
        which = "lowest" if c.day else "any"
        out.append(Action({"cmd": "use_die"}, f"Use a die ({which})", f"{c.dice_left} to go", needs=("die",)))
    else:
        out.append(Action({"cmd": "reroll"}, "Roll all dice", "reserve empty"))
    info = data.vampire(c.fighter)
    if info.combat_ability:  # Laszlo: after picking a die, as often as he pays (FAQ)
        out.append(Action({"cmd": "blood_ability"}, "Use your blood ability", f"{info.blood_cost} blood ({info.blood_ability})"))
        need = night.KILLS["dark_ability"]
        why = None if fighter.kills >= need else f"kill count {need} needed"
        out.append(Action({"cmd": "dark_ability"}, "Use your dark ability", f"veil -{info.dark_veil} ({info.dark_ability})",
                          why is None, why))
    return out


def _cost(data: MastersData, s: MastersState, verb: str, ap: int | None) -> str:
    """Cost text for actions whose cost comes from the data."""
    v = night.actor(s)
    info = data.vampire(v.name)
    if verb == "district_effect":
        return f"{ap} AP"
    if verb == "blood_ability":
        return f"0 AP, {info.blood_cost} blood ({info.blood_ability})"
    if verb == "dark_ability":
        return f"0 AP, veil -{info.dark_veil} ({info.dark_ability})"
    return ""


STEP_MENUS = {
    Step.DAY_EFFECTS: _day_effects,
    Step.PLACE_AGENTS: _place_agents,
    Step.CARD_EFFECT: _card_effect,
    Step.HUNT: _hunt,
    Step.TURN: _turn,
    Step.COMBAT: _combat,
}
