"""Fights between one vampire at a time and the exposed agents of a district, by day or by night.

Order: minion sacrifices (before the first die), then one die per remaining exposed agent: 1-2 the
agent stays and the fighter loses 1 blood, 3-4 the agent is removed and the fighter loses 1 blood,
5-6 the agent is removed. By day only a lowest die may be used. A drained fighter hands over to
another non-drained vampire in the district (automatic when there is exactly one), else the fight
ends. Kills go to the vampire fighting when the die is used; sacrificed minions' kills to the first.
A fighter drained by paying an ability (Laszlo's blood ability) still uses the die he picked: the
ability fully resolves first, then the drain takes effect (rules version 2; `Combat.ability_paid`).
"""

from __future__ import annotations

from companion.errors import N_, RuleViolation
from companion.games.masters.rules import agents, dice, tokens
from companion.games.masters.rules import events as E
from companion.games.masters.rules.data import MastersData
from companion.games.masters.rules.state import Combat, MastersState, Step, evolve


def start(s: MastersState, pos: str, fighter: str, day: bool, back: Step, ev: list) -> MastersState:
    """Begin a fight in `pos` with `fighter`; by day every agent there is exposed first."""
    if s.vampire(fighter).drained:
        raise RuleViolation("combat", N_("{fighter} is drained and cannot fight"), fighter=fighter)
    if day:
        s = agents.expose(s, pos, ev)
    n = s.at(pos).agents_exposed
    if n == 0:
        raise RuleViolation("combat", N_("no agents exposed in {pos}"), pos=pos)
    ev.append(E.CombatStarted(pos, day, fighter, n))
    return evolve(s, combat=Combat(pos, day, fighter, fighter, n, back), step=Step.COMBAT)


def sacrifice(s: MastersState, n: int, ev: list) -> MastersState:
    """Give up `n` minions of the district to remove as many exposed agents (first fighter's kills)."""
    c = _combat(s)
    if c.started or c.ability_paid:  # (an ability paid for a die: that die was picked)
        raise RuleViolation("sacrifice", N_("minions can only be sacrificed before the first die"))
    if n < 1:
        raise RuleViolation("sacrifice", N_("sacrifice at least one minion"))
    if n > c.dice_left:
        raise RuleViolation(
            "sacrifice", N_("only {dice_left} exposed agent(s) to remove"), dice_left=c.dice_left
        )
    if n > s.at(c.district).minions:
        raise RuleViolation(
            "sacrifice",
            N_("only {minions} minion(s) in {district}"),
            minions=s.at(c.district).minions,
            district=c.district,
        )
    s = tokens.remove_minions(s, c.district, n, ev)
    s = agents.remove(s, c.district, n, True, ev, by=c.first_fighter)
    s = tokens.add_kills(s, c.first_fighter, n, ev)
    ev.append(E.MinionsSacrificed(c.district, n, c.first_fighter))
    c = evolve(c, dice_left=c.dice_left - n, kills=_tally(c.kills, c.first_fighter, n))
    return settle(evolve(s, combat=c), ev)


def use_die(data: MastersData, s: MastersState, index: int | None, shift: int, ev: list) -> MastersState:
    """Use one die for one exposed agent and resolve it at once."""
    c = _combat(s)
    fighter = s.vampire(c.fighter)
    if fighter.drained and not c.ability_paid:
        raise RuleViolation(
            "combat", N_("{fighter} is drained: hand the fight over first"), fighter=c.fighter
        )
    value, s = dice.take(s, dice.pick(s, index, lowest_only=c.day))
    value = dice.clamp(value + shift)
    removed = value >= 3 and s.at(c.district).agents_exposed > 0
    bleeds = value <= 4
    if removed:
        s = agents.remove(s, c.district, 1, True, ev, by=c.fighter)
        s = tokens.add_kills(s, c.fighter, 1, ev)
    if bleeds:
        s = tokens.set_blood(data, s, c.fighter, fighter.blood - 1, ev)
    ev.append(E.DieUsed(value, c.fighter, removed, bleeds))
    c = evolve(
        c,
        dice_left=c.dice_left - 1,
        started=True,
        kills=_tally(c.kills, c.fighter, int(removed)),
        ability_paid=False,
    )
    return settle(evolve(s, combat=c), ev)


def hand_over(s: MastersState, name: str, ev: list) -> MastersState:
    """A non-drained vampire in the district takes over from the drained fighter."""
    c = _combat(s)
    if not s.vampire(c.fighter).drained:
        raise RuleViolation("hand over", N_("{fighter} is not drained and keeps fighting"), fighter=c.fighter)
    if c.ability_paid:
        raise RuleViolation(
            "hand over",
            N_("{fighter}'s ability for the die he picked resolves first: use that die"),
            fighter=c.fighter,
        )
    if name not in _candidates(s, c):
        raise RuleViolation(
            "hand over",
            N_("{name} is not a non-drained vampire in {district}"),
            name=name,
            district=c.district,
        )
    ev.append(E.FighterChanged(name))
    return evolve(s, combat=evolve(c, fighter=name))


def finish(s: MastersState, ev: list) -> MastersState:
    """End the fight and go back to the step it interrupted (a day fight marks its district fought)."""
    c = _combat(s)
    ev.append(E.CombatEnded(c.district, s.at(c.district).agents, c.kills))
    hunted = s.hunted + (c.district,) if c.back is Step.HUNT and c.district not in s.hunted else s.hunted
    return evolve(s, combat=None, step=c.back, hunted=hunted)


def candidates(s: MastersState) -> tuple[str, ...]:
    """Vampires who could take over the current fight."""
    return _candidates(s, _combat(s))


def settle(s: MastersState, ev: list) -> MastersState:
    """After any change in a fight: end it, hand it over automatically, or wait for a choice (or, while
    an ability paid for the picked die resolves, for that die)."""
    c = _combat(s)
    if c.dice_left <= 0 or s.at(c.district).agents_exposed == 0:
        return finish(s, ev)
    if s.vampire(c.fighter).drained and not c.ability_paid:
        others = _candidates(s, c)
        if not others:
            return finish(s, ev)
        if len(others) == 1:
            return hand_over(s, others[0], ev)
    return s


def _candidates(s: MastersState, c: Combat) -> tuple[str, ...]:
    """Non-drained vampires in the fight's district other than the fighter."""
    return tuple(v.name for v in s.vampires_in(c.district) if not v.drained and v.name != c.fighter)


def _combat(s: MastersState) -> Combat:
    """The fight in progress, or RuleViolation."""
    if s.combat is None:
        raise RuleViolation("combat", N_("no fight in progress"))
    return s.combat


def _tally(kills: tuple[tuple[str, int], ...], name: str, n: int) -> tuple[tuple[str, int], ...]:
    """Add `n` kills for `name` to a fight's tally."""
    if n <= 0:
        return kills
    d = dict(kills)
    d[name] = d.get(name, 0) + n
    return tuple(d.items())
