"""Moving blood, minions and kills between the board and the reserve (the reserve is the only supply)."""

from __future__ import annotations

from companion.errors import N_, RuleViolation
from companion.games.masters.rules import events as E
from companion.games.masters.rules.data import MastersData
from companion.games.masters.rules.limits import max_blood
from companion.games.masters.rules.state import MastersState, evolve


def set_blood(data: MastersData, s: MastersState, name: str, new: int, ev: list) -> MastersState:
    """Set a vampire's blood, moving tokens to/from the reserve; draining loses its AP."""
    v = s.vampire(name)
    new = max(0, min(new, max_blood(data, v)))
    delta = new - v.blood
    if delta == 0:
        return s
    if delta > s.reserve.blood:
        raise RuleViolation(
            "reserve",
            N_("{delta} blood needed from the reserve, {blood} there"),
            delta=delta,
            blood=s.reserve.blood,
        )
    ev.append(E.BloodChanged(name, v.blood, new))
    was_drained = v.drained
    v = evolve(v, blood=new)
    if v.drained:
        v = evolve(v, ap=0)
        ev.append(E.VampireDrained(name))
    elif was_drained:
        ev.append(E.VampireRevived(name))
    s = s.with_vampire(v)
    return evolve(s, reserve=evolve(s.reserve, blood=s.reserve.blood - delta))


def gain_blood(data: MastersData, s: MastersState, name: str, n: int, ev: list) -> MastersState:
    """Give up to `n` blood (limited by the maximum and by what the reserve holds)."""
    v = s.vampire(name)
    room = max(0, max_blood(data, v) - v.blood)
    return set_blood(data, s, name, v.blood + min(n, room, s.reserve.blood), ev)


def add_kills(s: MastersState, name: str, n: int, ev: list) -> MastersState:
    """Raise a vampire's kill count."""
    if n <= 0:
        return s
    v = s.vampire(name)
    ev.append(E.KillsChanged(name, v.kills + n))
    return s.with_vampire(evolve(v, kills=v.kills + n))


def place_minions(s: MastersState, pos: str, n: int, ev: list) -> MastersState:
    """Minions from the reserve into a district (as many as the reserve has, up to n)."""
    n = min(n, s.reserve.minions)
    if n <= 0:
        return s
    d = s.at(pos)
    ev.append(E.MinionsPlaced(pos, n))
    s = s.with_district(evolve(d, minions=d.minions + n))
    return evolve(s, reserve=evolve(s.reserve, minions=s.reserve.minions - n))


def remove_minions(s: MastersState, pos: str, n: int, ev: list) -> MastersState:
    """Minions from a district back to the reserve; refused if there are fewer."""
    d = s.at(pos)
    if n > d.minions:
        raise RuleViolation("minions", N_("only {minions} minion(s) in {pos}"), minions=d.minions, pos=pos)
    if n <= 0:
        return s
    ev.append(E.MinionsRemoved(pos, n))
    s = s.with_district(evolve(d, minions=d.minions - n))
    return evolve(s, reserve=evolve(s.reserve, minions=s.reserve.minions + n))
