"""The night phase: each vampire's actions with their AP cost, kill-count gate and veil effect.

Every action has a `why_not_*` check returning the reason it is refused (or None); `apply` and the
`actions` menu share them, so the screen greys out exactly what the engine would refuse.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.errors import N_, CommandError, RuleViolation, Text
from companion.games.masters.rules import agents, board, combat, endgame, flow, relics, tokens
from companion.games.masters.rules import commands as C
from companion.games.masters.rules import events as E
from companion.games.masters.rules.data import MastersData
from companion.games.masters.rules.limits import max_blood
from companion.games.masters.rules.state import MastersState, Outcome, Step, Vampire, evolve

KILLS = {"hunt": 1, "exchange_relics": 2, "wild_hunt": 4, "dark_ability": 6, "sigillate": 9, "ritual": 9}
AP = {
    "move": 1,
    "expose": 1,
    "fight": 1,
    "recruit": 2,
    "hunt": 1,
    "wild_hunt": 1,
    "sigillate": 1,
    "ritual": 1,
}


def actor(s: MastersState) -> Vampire:
    """The vampire whose turn it is."""
    if s.turn is None:
        raise RuleViolation("night", N_("no vampire is taking a turn"))
    return s.vampire(s.turn)


def why_not(data: MastersData, s: MastersState, verb: str, ap: int | None = None) -> str | None:
    """Why the turn vampire cannot take action `verb` now (generic gates), or None."""
    v = actor(s)
    if v.drained:
        return Text(N_("drained"))
    need = KILLS.get(verb, 0)
    if v.kills < need:
        return Text(N_("kill count {need} needed"), need=need)
    cost = AP.get(verb, 0) if ap is None else ap
    if v.ap < cost:
        return Text(N_("{cost} AP needed"), cost=cost)
    check = CHECKS.get(verb)
    return check(data, s, v) if check else None


def require(data: MastersData, s: MastersState, verb: str, ap: int | None = None) -> Vampire:
    """The turn vampire, if it may take action `verb`; else RuleViolation naming the rule."""
    reason = why_not(data, s, verb, ap)
    if reason:
        raise RuleViolation(verb, reason)
    return actor(s)


def pay(s: MastersState, v: Vampire, verb: str, ev: list, ap: int | None = None) -> MastersState:
    """Spend the action's AP (`ap`, else its cost in the AP table) and announce it."""
    ap = AP.get(verb, 0) if ap is None else ap
    ev.append(E.ActionTaken(v.name, verb, ap, v.district))
    return s.with_vampire(evolve(s.vampire(v.name), ap=v.ap - ap)) if ap else s


# -- actions ---------------------------------------------------------------------------------------
def move(data: MastersData, s: MastersState, cmd: C.Move, ev: list) -> MastersState:
    """Move to an orthogonally adjacent district, taking minions along."""
    board.check_pos(cmd.to, "to")
    v = require(data, s, "move")
    if not board.adjacent(v.district, cmd.to):
        raise RuleViolation(
            "move",
            N_("{to} is not next to {district} (orthogonal neighbours only)"),
            to=cmd.to,
            district=v.district,
        )
    here = s.at(v.district)
    if not 0 <= cmd.minions <= here.minions:
        raise RuleViolation(
            "move",
            N_("only {minions} minion(s) can follow from {district}"),
            minions=here.minions,
            district=v.district,
        )
    s = pay(s, v, "move", ev)
    if cmd.minions:
        there = s.at(cmd.to)
        s = s.with_district(evolve(here, minions=here.minions - cmd.minions))
        s = s.with_district(evolve(there, minions=there.minions + cmd.minions))
    s = s.with_vampire(evolve(s.vampire(v.name), district=cmd.to))
    ev.append(E.VampireMoved(v.name, v.district, cmd.to, cmd.minions))
    return s


def expose(data: MastersData, s: MastersState, cmd: C.Expose, ev: list) -> MastersState:
    """Expose the agents of the vampire's district (1 AP), or of any district as a free effect."""
    if cmd.free:
        pos = board.check_pos(cmd.district) if cmd.district else (actor(s).district if s.turn else None)
        if pos is None:
            raise RuleViolation("expose", N_("name the district"))
        return agents.expose(s, pos, ev)
    v = require(data, s, "expose")
    if cmd.district is not None and cmd.district != v.district:
        raise RuleViolation(
            "expose", N_("only agents in {name}'s own district {district}"), name=v.name, district=v.district
        )
    s = pay(s, v, "expose", ev)
    return agents.expose(s, v.district, ev)


def fight(data: MastersData, s: MastersState, cmd: C.Fight, ev: list) -> MastersState:
    """Fight the exposed agents of the vampire's district with any dice."""
    v = require(data, s, "fight")
    s = pay(s, v, "fight", ev)
    if not s.at(v.district).agents_exposed:  # pointless but legal: the AP is spent, nobody to fight
        ev.append(E.CombatEnded(v.district, s.at(v.district).agents, ()))
        return s
    return combat.start(s, v.district, v.name, day=False, back=Step.TURN, ev=ev)


def recruit(data: MastersData, s: MastersState, cmd: C.Recruit, ev: list) -> MastersState:
    """A reserve minion joins the vampire's district; the veil rises by 1."""
    v = require(data, s, "recruit")
    s = pay(s, v, "recruit", ev)
    s = tokens.place_minions(s, v.district, 1, ev)
    return endgame.change_veil(s, +1, "a minion recruited", ev)


def district_effect(data: MastersData, s: MastersState, cmd: C.DistrictEffect, ev: list) -> MastersState:
    """Pay the AP of the district's night effect; the effect itself is entered as commands."""
    ap = cmd.ap if cmd.ap is not None else night_ap(data, s)
    if ap < 0:
        raise RuleViolation("district_effect", N_("AP cannot be negative"))
    v = require(data, s, "district_effect", ap)
    return pay(s, v, "district_effect", ev, ap)


def blood_ability(data: MastersData, s: MastersState, cmd: C.BloodAbility, ev: list) -> MastersState:
    """Pay blood for the vampire's own blood ability (0 AP); draining by the cost still resolves it.

    Its effect is entered by the commands that follow (they do not ask whether the vampire is drained).
    In a fight (Laszlo) the effect is on the die he picked: from rules version 2 the fight waits for
    that die even when the cost drained him, and only then hands over or ends (`combat.settle`).
    """
    if s.combat is not None:
        v = _fighter_with_ability(data, s, cmd.vampire, "blood_ability")
    else:
        v = require(data, s, "blood_ability")
        if cmd.vampire is not None and cmd.vampire != v.name:
            raise RuleViolation("blood_ability", N_("it is {name}'s turn"), name=v.name)
    cost = cmd.blood if cmd.blood is not None else data.vampire(v.name).blood_cost
    if not 1 <= cost <= v.blood:
        raise RuleViolation(
            "blood_ability",
            N_("costs {cost} blood, {name} has {blood}"),
            cost=cost,
            name=v.name,
            blood=v.blood,
        )
    ev.append(E.ActionTaken(v.name, "blood_ability", 0, v.district))
    if s.combat is not None and s.rules_version >= 2:
        s = evolve(s, combat=evolve(s.combat, ability_paid=True))
    return tokens.set_blood(data, s, v.name, v.blood - cost, ev)


def hunt(data: MastersData, s: MastersState, cmd: C.Hunt, ev: list) -> MastersState:
    """Gain 1 blood from the reserve."""
    v = require(data, s, "hunt")
    s = pay(s, v, "hunt", ev)
    return tokens.gain_blood(data, s, v.name, 1, ev)


def exchange_relics(data: MastersData, s: MastersState, cmd: C.ExchangeRelics, ev: list) -> MastersState:
    """Give and/or take relics with a vampire in the same district (0 AP)."""
    v = require(data, s, "exchange_relics")
    if cmd.with_ not in s.order:
        raise RuleViolation("exchange_relics", N_("{with_} is not playing"), with_=cmd.with_)
    s = relics.exchange(data, s, v.name, cmd.with_, cmd.give, cmd.take, ev)
    ev.append(E.ActionTaken(v.name, "exchange_relics", 0, v.district))
    return s


def wild_hunt(data: MastersData, s: MastersState, cmd: C.WildHunt, ev: list) -> MastersState:
    """Blood up to the maximum from the reserve; the veil drops by 1."""
    v = require(data, s, "wild_hunt")
    s = pay(s, v, "wild_hunt", ev)
    s = tokens.gain_blood(data, s, v.name, max_blood(data, v), ev)
    return endgame.change_veil(s, -1, "a wild hunt", ev)


def dark_ability(data: MastersData, s: MastersState, cmd: C.DarkAbility, ev: list) -> MastersState:
    """Pay veil for the vampire's own dark ability; a veil at 0 loses at once, whatever it would do.

    At night on the vampire's turn; Laszlo also in any fight he fights (day or night), right after he
    picks a die, as often as the veil pays for it.
    """
    if s.combat is not None:
        v = _fighter_with_ability(data, s, cmd.vampire, "dark_ability")
        if v.kills < KILLS["dark_ability"]:
            raise RuleViolation("dark_ability", N_("kill count {KILLS} needed"), KILLS=KILLS["dark_ability"])
    else:
        v = require(data, s, "dark_ability")
        if cmd.vampire is not None and cmd.vampire != v.name:
            raise RuleViolation("dark_ability", N_("it is {name}'s turn"), name=v.name)
    cost = cmd.veil if cmd.veil is not None else data.vampire(v.name).dark_veil
    if cost < 0:
        raise RuleViolation("dark_ability", N_("the veil cost cannot be negative"))
    ev.append(E.ActionTaken(v.name, "dark_ability", 0, v.district))
    return endgame.change_veil(s, -cost, f"{v.name}'s dark ability", ev) if cost else s


def sigillate(data: MastersData, s: MastersState, cmd: C.Sigillate, ev: list) -> MastersState:
    """Seal the vampire's district with its dread sigil, using up one minion there."""
    v = require(data, s, "sigillate")
    s = pay(s, v, "sigillate", ev)
    s = tokens.remove_minions(s, v.district, 1, ev)
    s = s.with_district(evolve(s.at(v.district), sigil=v.name))
    s = s.with_vampire(evolve(s.vampire(v.name), sigil_placed=True))
    ev.append(E.SigilPlaced(v.name, v.district))
    return s


def ritual(data: MastersData, s: MastersState, cmd: C.Ritual, ev: list) -> MastersState:
    """The Blood Moon ritual: the players win."""
    v = require(data, s, "ritual")
    s = pay(s, v, "ritual", ev)
    return endgame.end(s, Outcome.VICTORY, ev)


def end_turn(data: MastersData, s: MastersState, cmd: C.EndTurn, ev: list) -> MastersState:
    """The vampire is done; unspent AP are lost."""
    actor(s)
    return flow.next_turn(data, s, ev)


def _fighter_with_ability(data: MastersData, s: MastersState, name: str | None, verb: str) -> Vampire:
    """The fighter, if its abilities work in a fight (Laszlo) and it is not drained (or is, by an ability
    paid for the die he picked, which still resolves); else RuleViolation."""
    if name is not None and name not in s.order:
        raise CommandError(N_("{verb}: {name!r} is not playing"), verb=verb, name=name)
    v = s.vampire(name or s.combat.fighter)
    if not data.vampire(v.name).combat_ability or v.name != s.combat.fighter:
        raise RuleViolation(
            verb, N_("in a fight only the fighter whose abilities work in any fight (Laszlo) may")
        )
    if v.drained and not s.combat.ability_paid:
        raise RuleViolation(verb, N_("drained"))
    return v


def night_ap(data: MastersData, s: MastersState) -> int:
    """AP of the night effect of the turn vampire's district (0 if it has none)."""
    info = data.district(s.at(actor(s).district).key)
    return info.night_ap if info.effect.by_night else 0


def pointless(data: MastersData, s: MastersState, verb: str) -> str | None:
    """Why a legal action of the turn vampire would do nothing now (the screen asks first), or None.

    The rules allow these (an action is refused only when a rule forbids it); they just waste the AP.
    """
    v = actor(s)
    here = s.at(v.district)
    if verb == "expose" and not here.agents_hidden:
        return Text(N_("no hidden agents here"))
    if verb == "fight" and not here.agents_exposed:
        return Text(N_("no agents exposed here"))
    if verb in ("hunt", "wild_hunt") and v.blood >= max_blood(data, v):
        return Text(N_("blood already at the maximum"))
    if verb in ("hunt", "wild_hunt") and not s.reserve.blood:
        return Text(N_("no blood in the reserve"))
    return None


# -- specific checks (after the generic drained / kill count / AP gates) ---------------------------
def _recruit_check(data: MastersData, s: MastersState, v: Vampire) -> str | None:
    """A minion to recruit."""
    return None if s.reserve.minions else Text(N_("no minion in the reserve"))


def _district_check(data: MastersData, s: MastersState, v: Vampire) -> str | None:
    """The district has a night effect."""
    info = data.district(s.at(v.district).key)
    return None if info.effect.by_night else Text(N_("{name} has no night effect"), name=info.name)


def _blood_check(data: MastersData, s: MastersState, v: Vampire) -> str | None:
    """Blood to pay with."""
    cost = data.vampire(v.name).blood_cost
    return None if v.blood >= cost else Text(N_("{cost} blood needed"), cost=cost)


def _exchange_check(data: MastersData, s: MastersState, v: Vampire) -> str | None:
    """Another vampire here and a relic on either side."""
    others = [o for o in s.vampires_in(v.district) if o.name != v.name]
    if not others:
        return Text(N_("no other vampire here"))
    if not v.relics and not any(o.relics for o in others):
        return Text(N_("no relics to exchange"))
    return None


def _sigil_check(data: MastersData, s: MastersState, v: Vampire) -> str | None:
    """Own sigil unused, a minion here, no agents, no other sigil."""
    d = s.at(v.district)
    if v.sigil_placed:
        return Text(N_("dread sigil already placed"))
    if d.sigil is not None:
        return Text(N_("a dread sigil is already here"))
    if d.agents:
        return Text(N_("agents are here"))
    return None if d.minions else Text(N_("no minion here"))


def _ritual_check(data: MastersData, s: MastersState, v: Vampire) -> str | None:
    """All conditions of the Blood Moon ritual."""
    return endgame.ritual_blocker(s, v.district)


def _move_check(data: MastersData, s: MastersState, v: Vampire) -> str | None:
    """Always a neighbour to go to."""
    return None


CHECKS: dict[str, Callable[[MastersData, MastersState, Vampire], str | None]] = {
    "move": _move_check,
    "recruit": _recruit_check,
    "district_effect": _district_check,
    "blood_ability": _blood_check,
    "exchange_relics": _exchange_check,
    "sigillate": _sigil_check,
    "ritual": _ritual_check,
}
