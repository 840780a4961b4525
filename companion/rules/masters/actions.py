"""The menu: what the table may do now, for the screen and the physical buttons.

Night actions are all listed with their cost; the ones the rules forbid are greyed out with the reason
the engine would give ("kill count 4 needed", "no agents exposed", "2 AP needed").
"""

from __future__ import annotations

from companion.errors import N_, Text
from companion.rules.base import Action
from companion.rules.masters import agents, board, combat, night, relics
from companion.rules.masters.data import MUSEUM, MastersData
from companion.rules.masters.state import DeckMode, MastersState, Step

NIGHT_MENU = (
    ("expose", Text(N_("Expose agents")), Text(N_("1 AP"))),
    ("fight", Text(N_("Fight exposed agents")), Text(N_("1 AP"))),
    ("recruit", Text(N_("Recruit a minion")), Text(N_("2 AP, veil +1"))),
    ("district_effect", Text(N_("Use the district's night effect")), ""),
    ("blood_ability", Text(N_("Use your blood ability")), ""),
    ("hunt", Text(N_("Hunt")), Text(N_("1 AP, +1 blood"))),
    ("exchange_relics", Text(N_("Exchange relics")), Text(N_("0 AP"))),
    ("wild_hunt", Text(N_("Start a wild hunt")), Text(N_("1 AP, veil -1"))),
    ("dark_ability", Text(N_("Use your dark ability")), ""),
    ("sigillate", Text(N_("Sigillate this district")), Text(N_("1 AP, 1 minion"))),
    ("ritual", Text(N_("Initiate the Blood Moon ritual")), Text(N_("1 AP"))),
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
        out.append(Action({"cmd": "resolve_day_effect", "district": pos}, Text(N_("Resolve {name} ({pos})"), name=data.district(s.at(pos).key).name, pos=pos), needs=needs))
    needs = ("card",) if s.deck_mode is DeckMode.PHYSICAL else ()
    why = Text(N_("resolve the active day effects first")) if active else None
    out.append(Action({"cmd": "draw"}, Text(N_("Draw the event card")), "", why is None, why, needs))
    return out


def _place_agents(data: MastersData, s: MastersState) -> list[Action]:
    """Assign the blue-gray numbers and/or choose which cells get the last agents of the reserve."""
    card = s.card
    needs: tuple[str, ...] = ()
    parts = []
    if card.needs_split:
        needs += ("split",)
        parts.append(Text(N_("Place {first} and {second} agents on {cells}"), first=card.blue_agents[0], second=card.blue_agents[1], cells=" / ".join(card.blue)))
    short = agents.short_choice(s)
    if short is not None:
        cells, left = short
        needs += ("agents_to",)
        parts.append(Text(N_("{left} left for {total}, the leader picks"), left=left, total=sum(cells.values())))
    if card.needs_split:
        label = parts[0] if len(parts) == 1 else Text(N_("{split}; {short}"), split=parts[0], short=parts[1])
    else:
        label = Text(N_("Place agents ({cells})"), cells=parts[0]) if parts else Text(N_("Place the agents"))
    return [Action({"cmd": "place_agents"}, label, needs=needs)]


def _card_effect(data: MastersData, s: MastersState) -> list[Action]:
    """Attach a continuing card, then finish the card."""
    out = []
    if s.card.continuing:
        out.append(Action({"cmd": "attach_card", "card": s.card.key}, Text(N_("Keep {name} in play"), name=s.card.name), needs=("to",)))
    cost = Text(N_("veil -{veil_pending}"), veil_pending=s.veil_pending) if s.veil_pending else ""
    out.append(Action({"cmd": "resolve_card"}, Text(N_("{name} is resolved"), name=s.card.name), cost))
    return out


def _hunt(data: MastersData, s: MastersState) -> list[Action]:
    """One day combat per district where agents attack."""
    out = []
    for pos in board.hunts_due(s):
        for v in s.vampires_in(pos):
            if not v.drained:
                out.append(Action({"cmd": "day_combat", "district": pos, "vampire": v.name}, Text(N_("Agents attack {name} in {pos}"), name=v.name, pos=pos)))
    return out


def _turn(data: MastersData, s: MastersState) -> list[Action]:
    """Every night action of the turn vampire with its cost and, if refused, why."""
    v = night.actor(s)
    out = []
    for pos in board.neighbours(v.district):
        why = night.why_not(data, s, "move")
        out.append(Action({"cmd": "move", "to": pos}, Text(N_("Move to {pos}"), pos=pos), Text(N_("1 AP")), why is None, why))
    for verb, label, cost in NIGHT_MENU:
        ap = night.night_ap(data, s) if verb == "district_effect" else None
        why = night.why_not(data, s, verb, ap)
        cost = cost or _cost(data, s, verb, ap)
        needs = ("with",) if verb == "exchange_relics" else ()
        out.append(Action({"cmd": verb}, label, cost, why is None, why, needs))
    out.append(Action({"cmd": "end_turn"}, Text(N_("End {name}'s turn"), name=v.name), Text(N_("{ap} AP left"), ap=v.ap) if v.ap else ""))
    return out


def _combat(data: MastersData, s: MastersState) -> list[Action]:
    """Sacrifice, use a die, reroll or hand over."""
    c = s.combat
    out = []
    if not (c.started or c.ability_paid) and s.at(c.district).minions:
        out.append(Action({"cmd": "sacrifice", "minions": 1}, Text(N_("Sacrifice a minion")), Text(N_("1 minion: 1 agent removed"))))
    fighter = s.vampire(c.fighter)
    if fighter.drained and not c.ability_paid:  # (an ability paid for the picked die resolves first)
        for name in combat.candidates(s):
            out.append(Action({"cmd": "hand_over", "vampire": name}, Text(N_("{name} fights on"), name=name)))
        return out
    if s.dice:
        label = Text(N_("Use a die (lowest)")) if c.day else Text(N_("Use a die (any)"))
        out.append(Action({"cmd": "use_die"}, label, Text(N_("{dice_left} to go"), dice_left=c.dice_left), needs=("die",)))
    else:
        out.append(Action({"cmd": "reroll"}, Text(N_("Roll all dice")), Text(N_("reserve empty"))))
    info = data.vampire(c.fighter)
    if info.combat_ability:  # Laszlo: after picking a die, as often as he pays (FAQ)
        why = night.CHECKS["blood_ability"](data, s, fighter)
        out.append(Action({"cmd": "blood_ability"}, Text(N_("Use your blood ability")), Text(N_("{blood_cost} blood ({blood_ability})"), blood_cost=info.blood_cost, blood_ability=info.blood_ability),
                          why is None, why))
        need = night.KILLS["dark_ability"]
        why = None if fighter.kills >= need else Text(N_("kill count {need} needed"), need=need)
        out.append(Action({"cmd": "dark_ability"}, Text(N_("Use your dark ability")), Text(N_("veil -{dark_veil} ({dark_ability})"), dark_veil=info.dark_veil, dark_ability=info.dark_ability),
                          why is None, why))
    return out


def _cost(data: MastersData, s: MastersState, verb: str, ap: int | None) -> str:
    """Cost text for actions whose cost comes from the data."""
    v = night.actor(s)
    info = data.vampire(v.name)
    if verb == "district_effect":
        return Text(N_("{ap} AP"), ap=ap)
    if verb == "blood_ability":
        return Text(N_("0 AP, {blood_cost} blood ({blood_ability})"), blood_cost=info.blood_cost, blood_ability=info.blood_ability)
    if verb == "dark_ability":
        return Text(N_("0 AP, veil -{dark_veil} ({dark_ability})"), dark_veil=info.dark_veil, dark_ability=info.dark_ability)
    return ""


STEP_MENUS = {
    Step.DAY_EFFECTS: _day_effects,
    Step.PLACE_AGENTS: _place_agents,
    Step.CARD_EFFECT: _card_effect,
    Step.HUNT: _hunt,
    Step.TURN: _turn,
    Step.COMBAT: _combat,
}
