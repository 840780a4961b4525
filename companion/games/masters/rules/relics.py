"""Relic cards: the seeded relic deck, holding limits by kill count, giving, exchanging, placing, using.

A vampire may hold 1 relic from kill count 2 and 2 from kill count 5. Getting one over the limit
means discarding one (the player names which). Placed relics belong to no one and never move.
A once-per-round relic stays used for the round whoever holds it next.
"""

from __future__ import annotations

from companion.errors import N_, CommandError, RuleViolation
from companion.games.masters.rules import events as E
from companion.games.masters.rules import tokens
from companion.games.masters.rules.data import MastersData
from companion.games.masters.rules.limits import max_blood, relic_limit
from companion.games.masters.rules.state import MastersState, evolve


def owner(s: MastersState, relic: str) -> str | None:
    """The vampire holding `relic`, or None."""
    for v in s.vampires:
        if relic in v.relics:
            return v.name
    return None


def placed_in(s: MastersState, relic: str) -> str | None:
    """The position where `relic` lies placed, or None."""
    for d in s.districts:
        if relic in d.relics:
            return d.pos
    return None


def may_hold(s: MastersState, name: str) -> bool:
    """True if the vampire's kill count allows holding at least one relic."""
    return relic_limit(s.vampire(name).kills) > 0


def known(data: MastersData, relic: str) -> str:
    """`relic` if it is a relic key, else CommandError."""
    if data.relic(relic) is None:
        raise CommandError(N_("unknown relic {relic!r}"), relic=relic)
    return relic


def give(
    data: MastersData, s: MastersState, relic: str, name: str, discard: str | None, ev: list
) -> MastersState:
    """A free relic (deck or discard pile) to a vampire; over the limit `discard` names which goes."""
    known(data, relic)
    if name not in s.order:
        raise CommandError(N_("{name!r} is not playing"), name=name)
    if owner(s, relic) or placed_in(s, relic):
        raise RuleViolation("relic", N_("{relic} is already in play"), relic=relic)
    if not may_hold(s, name):
        raise RuleViolation("relic", N_("{name} needs kill count 2 to hold a relic"), name=name)
    v = s.vampire(name)
    held = v.relics + (relic,)
    if len(held) > relic_limit(v.kills):
        if discard is None:
            raise RuleViolation(
                "relic limit",
                N_("{name} may hold {relic_limit}: choose one of {held} to discard"),
                name=name,
                relic_limit=relic_limit(v.kills),
                held=", ".join(held),
            )
        if discard not in held:
            raise RuleViolation(
                "relic limit", N_("{discard} is not one of {held}"), discard=discard, held=", ".join(held)
            )
    s = evolve(
        s,
        relic_deck=tuple(r for r in s.relic_deck if r != relic),
        relics_discarded=tuple(r for r in s.relics_discarded if r != relic),
    )
    ev.append(E.RelicGiven(relic, name))
    s = s.with_vampire(evolve(v, relics=held))
    if len(held) > relic_limit(v.kills):
        s = discard_relic(data, s, discard, ev)
    return s


def draw(
    data: MastersData, s: MastersState, relic: str | None, to: str | None, discard: str | None, ev: list
) -> MastersState:
    """The museum: the top relic (or the one the table drew) to an allowed vampire; none if nobody may."""
    allowed = [v.name for v in s.vampires if may_hold(s, v.name)]
    if not allowed:
        if to is not None:
            raise RuleViolation("museum", N_("{to} needs kill count 2 to hold a relic"), to=to)
        return s
    if relic is None:
        if not s.relic_deck:
            return s  # nothing left to find
        relic = s.relic_deck[0]
    to = to or default_recipient(s)
    ev.append(E.RelicDrawn(relic, to))
    return give(data, s, relic, to, discard, ev)


def default_recipient(s: MastersState) -> str | None:
    """Who gets a museum relic by default: the leader or else the first vampire with room, else one allowed."""
    allowed = [v for v in s.vampires if relic_limit(v.kills) > 0]
    roomy = [v.name for v in allowed if len(v.relics) < relic_limit(v.kills)]
    for names in (roomy, [v.name for v in allowed]):
        if names:
            return s.leading if s.leading in names else names[0]
    return None


def needs_discard(s: MastersState) -> bool:
    """True when a museum relic would go over every allowed vampire's limit (the player must choose)."""
    allowed = [v for v in s.vampires if relic_limit(v.kills) > 0]
    return bool(allowed) and all(len(v.relics) >= relic_limit(v.kills) for v in allowed)


def discard_relic(data: MastersData, s: MastersState, relic: str, ev: list) -> MastersState:
    """An owned relic to the discard pile (blood above the new maximum goes back to the reserve)."""
    name = owner(s, known(data, relic))
    if name is None:
        raise RuleViolation("relic", N_("nobody holds {relic}"), relic=relic)
    v = s.vampire(name)
    s = s.with_vampire(evolve(v, relics=tuple(r for r in v.relics if r != relic)))
    ev.append(E.RelicDiscarded(relic))
    s = evolve(s, relics_discarded=s.relics_discarded + (relic,))
    return _cap_blood(data, s, name, ev)


def place(
    data: MastersData, s: MastersState, name: str, relic: str, pos: str | None, ev: list
) -> MastersState:
    """Put a placeable relic the vampire holds into its own district, for good."""
    info = data.relic(known(data, relic))
    v = s.vampire(name)
    if relic not in v.relics:
        raise RuleViolation("relic", N_("{name} does not hold {relic}"), name=name, relic=relic)
    if not info.placeable:
        raise RuleViolation("relic", N_("{name} cannot be placed"), name=info.name)
    if pos is not None and pos != v.district:
        raise RuleViolation(
            "relic",
            N_("{name} can only be placed in {name2}'s district {district}"),
            name=info.name,
            name2=name,
            district=v.district,
        )
    s = s.with_vampire(evolve(v, relics=tuple(r for r in v.relics if r != relic)))
    d = s.at(v.district)
    s = s.with_district(evolve(d, relics=d.relics + (relic,)))
    ev.append(E.RelicPlaced(relic, v.district))
    return _cap_blood(data, s, name, ev)


def use(data: MastersData, s: MastersState, name: str, relic: str, ev: list) -> MastersState:
    """Mark a relic used (once-per-round relics refuse a second use this round)."""
    info = data.relic(known(data, relic))
    if relic not in s.vampire(name).relics:
        raise RuleViolation("relic", N_("{name} does not hold {relic}"), name=name, relic=relic)
    if info.once_per_round:
        if relic in s.relics_used:
            raise RuleViolation("relic", N_("{name} was already used this round"), name=info.name)
        s = evolve(s, relics_used=s.relics_used + (relic,))
    ev.append(E.RelicUsed(relic, name))
    return s


def exchange(
    data: MastersData, s: MastersState, name: str, other: str, give_: tuple, take: tuple, ev: list
) -> MastersState:
    """Swap relics between two vampires in the same district, keeping both within their limits."""
    a, b = s.vampire(name), s.vampire(other)
    if name == other:
        raise RuleViolation("exchange relics", N_("exchange with another vampire"))
    if a.district != b.district:
        raise RuleViolation(
            "exchange relics", N_("{other} is not in {district}"), other=other, district=a.district
        )
    if not give_ and not take:
        raise RuleViolation("exchange relics", N_("give or take at least one relic"))
    if any(r not in a.relics for r in give_) or any(r not in b.relics for r in take):
        raise RuleViolation("exchange relics", N_("a relic given must be yours and one taken must be theirs"))
    a_new = tuple(r for r in a.relics if r not in give_) + tuple(take)
    b_new = tuple(r for r in b.relics if r not in take) + tuple(give_)
    for v, held in ((a, a_new), (b, b_new)):
        if len(held) > relic_limit(v.kills) and len(held) > len(v.relics):
            raise RuleViolation(
                "relic limit",
                N_("{name} may hold {relic_limit} relic(s)"),
                name=v.name,
                relic_limit=relic_limit(v.kills),
            )
    s = s.with_vampire(evolve(a, relics=a_new)).with_vampire(evolve(b, relics=b_new))
    ev.append(E.RelicsExchanged(name, other, tuple(give_), tuple(take)))
    return _cap_blood(data, _cap_blood(data, s, name, ev), other, ev)


def new_round(s: MastersState) -> MastersState:
    """Once-per-round relics become usable again."""
    return evolve(s, relics_used=()) if s.relics_used else s


def _cap_blood(data: MastersData, s: MastersState, name: str, ev: list) -> MastersState:
    """Blood above the vampire's maximum (after losing Pristine Blood) goes back to the reserve."""
    v = s.vampire(name)
    top = max_blood(data, v)
    return tokens.set_blood(data, s, name, top, ev) if v.blood > top else s
