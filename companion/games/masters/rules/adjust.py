"""Corrections: the table is always right. `adjust` sets counts to what is really on the table.

Board tokens (agents, minions, blood) come from and go back to the reserve; when the reserve cannot
cover a change the command is refused ("adjust the reserve first"), so the token totals stay true.
"""

from __future__ import annotations

from companion.errors import N_, CommandError, RuleViolation
from companion.games.masters.rules import board, endgame, tokens
from companion.games.masters.rules import events as E
from companion.games.masters.rules.commands import Adjust
from companion.games.masters.rules.data import MastersData
from companion.games.masters.rules.dice import clamp
from companion.games.masters.rules.limits import max_blood
from companion.games.masters.rules.state import VEIL_MAX, MastersState, evolve


def adjust(data: MastersData, s: MastersState, cmd: Adjust, ev: list) -> MastersState:
    """Apply every correction the command carries, or refuse them all."""
    changes: list[tuple[str, str, str]] = []
    if cmd.reserve is not None:
        s = _reserve(s, dict(cmd.reserve), changes)
    if cmd.district is not None:
        s = _district(s, cmd, changes)
    if cmd.vampire is not None:
        s = _vampire(data, s, cmd, changes, ev)
    if cmd.dice is not None or cmd.dice_used is not None:
        s = _dice(s, cmd, changes)
    if not changes and cmd.veil is None:
        raise CommandError(N_("adjust: name what to correct (veil, district, vampire, dice or reserve)"))
    ev.append(E.Adjusted(tuple(changes)))
    if cmd.veil is not None:
        if not 0 <= cmd.veil <= VEIL_MAX:
            raise RuleViolation("adjust", N_("the veil goes from 0 to {VEIL_MAX}"), VEIL_MAX=VEIL_MAX)
        s = endgame.change_veil(s, cmd.veil - s.veil, "adjusted", ev)
    return s


def _reserve(s: MastersState, values: dict[str, int], changes: list) -> MastersState:
    """Set reserve counts directly (tokens taken out of or put back into the box)."""
    unknown = set(values) - {"agents", "minions", "blood"}
    if unknown:
        raise CommandError(N_("adjust reserve: unknown {unknown}"), unknown=", ".join(sorted(unknown)))
    if any(v < 0 for v in values.values()):
        raise RuleViolation("adjust", N_("reserve counts cannot be negative"))
    for k, v in values.items():
        changes.append((f"reserve.{k}", str(getattr(s.reserve, k)), str(v)))
    return evolve(s, reserve=evolve(s.reserve, **values))


def _district(s: MastersState, cmd: Adjust, changes: list) -> MastersState:
    """Set a district's agents, minions and sigil; tokens move to/from the reserve."""
    pos = board.check_pos(cmd.district)
    d = s.at(pos)
    hidden = d.agents_hidden if cmd.agents_hidden is None else cmd.agents_hidden
    shown = d.agents_exposed if cmd.agents_exposed is None else cmd.agents_exposed
    minions = d.minions if cmd.minions is None else cmd.minions
    if min(hidden, shown, minions) < 0:
        raise RuleViolation("adjust", N_("counts cannot be negative"))
    need_agents = hidden + shown - d.agents
    need_minions = minions - d.minions
    if need_agents > s.reserve.agents or need_minions > s.reserve.minions:
        raise RuleViolation("adjust", N_("not enough tokens in the reserve: adjust the reserve first"))
    s = evolve(
        s,
        reserve=evolve(
            s.reserve, agents=s.reserve.agents - need_agents, minions=s.reserve.minions - need_minions
        ),
    )
    nd = evolve(d, agents_hidden=hidden, agents_exposed=shown, minions=minions)
    if cmd.sigil is not None:
        s, nd = _sigil(s, nd, cmd.sigil)
    for key in ("agents_hidden", "agents_exposed", "minions", "sigil"):
        if getattr(d, key) != getattr(nd, key):
            changes.append((f"{pos}.{key}", str(getattr(d, key)), str(getattr(nd, key))))
    return s.with_district(nd)


def _sigil(s: MastersState, d, who: str):
    """Put a vampire's sigil on `d` ("" clears it); the vampire's `sigil_placed` follows."""
    if who and who not in s.order:
        raise CommandError(N_("adjust sigil: {who} is not playing"), who=who)
    if d.sigil:
        s = s.with_vampire(evolve(s.vampire(d.sigil), sigil_placed=False))
    if who:
        for other in s.districts:
            if other.sigil == who and other.pos != d.pos:
                raise RuleViolation(
                    "adjust", N_("{who}'s sigil already lies in {pos}"), who=who, pos=other.pos
                )
        s = s.with_vampire(evolve(s.vampire(who), sigil_placed=True))
    return s, evolve(d, sigil=who or None)


def _vampire(data: MastersData, s: MastersState, cmd: Adjust, changes: list, ev: list) -> MastersState:
    """Set a vampire's blood (to/from the reserve), kills, AP or district."""
    name = cmd.vampire
    if name not in s.order:
        raise CommandError(N_("adjust: {name!r} is not playing"), name=name)
    old = s.vampire(name)
    if cmd.kills is not None:
        if cmd.kills < 0:
            raise RuleViolation("adjust", N_("kill count cannot be negative"))
        s = s.with_vampire(evolve(s.vampire(name), kills=cmd.kills))
    if cmd.at is not None:
        s = s.with_vampire(evolve(s.vampire(name), district=board.check_pos(cmd.at, "at")))
    if cmd.ap is not None:
        if cmd.ap < 0:
            raise RuleViolation("adjust", N_("AP cannot be negative"))
        s = s.with_vampire(evolve(s.vampire(name), ap=cmd.ap))
    if cmd.blood is not None:
        if not 0 <= cmd.blood <= max_blood(data, s.vampire(name)):
            raise RuleViolation(
                "adjust",
                N_("{name}'s blood goes from 0 to {max_blood}"),
                name=name,
                max_blood=max_blood(data, s.vampire(name)),
            )
        if cmd.blood - old.blood > s.reserve.blood:
            raise RuleViolation("adjust", N_("not enough blood in the reserve: adjust the reserve first"))
        s = tokens.set_blood(data, s, name, cmd.blood, ev)
    new = s.vampire(name)
    for key in ("blood", "kills", "ap", "district"):
        if getattr(old, key) != getattr(new, key):
            changes.append((f"{name}.{key}", str(getattr(old, key)), str(getattr(new, key))))
    return s


def _dice(s: MastersState, cmd: Adjust, changes: list) -> MastersState:
    """Set the dice in the reserve (and optionally the set-aside ones); values clamp to 1..6."""
    dice = s.dice if cmd.dice is None else tuple(clamp(v) for v in cmd.dice)
    used = s.dice_used if cmd.dice_used is None else tuple(clamp(v) for v in cmd.dice_used)
    if len(dice) + len(used) > 10:
        raise RuleViolation("adjust", N_("the game has at most 10 dice"))
    changes.append(("dice", str(list(s.dice)), str(list(dice))))
    return evolve(s, dice=dice, dice_used=used)
