"""Mansion dice: the two dice of a round (priority and room), rerolls, Modify tokens, the turn order
and its roll-offs. Handlers of `MansionGame`, and the canonical values of the dice the RNG throws.

Dice come from the table (`values`) or from `random.Random(f"{seed}:{draws}")`; `draws` advances on
every throw either way.
"""

from __future__ import annotations

import random
from dataclasses import replace

from companion.errors import N_, CommandError, RuleViolation
from companion.games.mansion.rules import commands as C
from companion.games.mansion.rules import events as E
from companion.games.mansion.rules.placement import first_tie, turn_order
from companion.games.mansion.rules.state import Rules, Seat, State, Step
from companion.rules.base import Event

DIE = range(1, 7)


def seat_of(s: State, name: str) -> Seat:
    """The seat of `name`, or CommandError."""
    if name not in s.players:
        raise CommandError(N_("no player called {name!r}"), name=name)
    return s.seat(name)


def roll(rules: Rules, s: State, c: C.Roll, events: list[Event]) -> State:
    """Two dice for a player who has not rolled this round."""
    seat = seat_of(s, c.player)
    if seat.dice:
        raise RuleViolation(
            "roll", N_("{player} has rolled already (a Reroll card rerolls)"), player=c.player
        )
    values = _checked_dice(c.values, 2) if c.values is not None else _dice(s, 2)
    new = replace(s, draws=s.draws + 1).with_seat(c.player, dice=values)
    events.append(E.DiceRolled(c.player, values, (0, 1)))
    return new


def reroll(rules: Rules, s: State, c: C.Reroll, events: list[Event]) -> State:
    """A Reroll card: before the order is set any die; on one's turn only the room die."""
    seat = seat_of(s, c.player)
    if not seat.dice:
        raise RuleViolation("reroll", N_("{player} has not rolled yet"), player=c.player)
    if s.step is Step.TURN and (c.player != s.current or seat.room is not None):
        raise RuleViolation("reroll", N_("on a turn only the player on turn, before entering a room"))
    allowed = _reroll_default(s, seat)
    dice = c.dice if c.dice is not None else allowed
    if not dice or len(set(dice)) != len(dice) or not set(dice) <= set(allowed):
        raise RuleViolation("reroll", N_("only dice {values} can be rerolled now"), values=list(allowed))
    values = _checked_dice(c.values, len(dice)) if c.values is not None else _dice(s, len(dice))
    new_dice = list(seat.dice)
    for i, v in zip(dice, values):
        new_dice[i] = v
    new = replace(s, draws=s.draws + 1).with_seat(c.player, dice=tuple(new_dice))
    events.append(E.DiceRolled(c.player, tuple(new_dice), tuple(dice)))
    return new


def assign(rules: Rules, s: State, c: C.Assign, events: list[Event]) -> State:
    """Choose which die is the priority; the other one names the room."""
    seat = seat_of(s, c.player)
    if c.priority not in seat.dice:
        raise RuleViolation(
            "assign",
            N_("{player}'s dice are {values}, not {priority}"),
            player=c.player,
            values=list(seat.dice),
            priority=c.priority,
        )
    if seat.prio_mod or seat.room_mod:
        raise RuleViolation("assign", N_("Modify tokens were already spent on these dice"))
    new = s.with_seat(c.player, split=seat.dice.index(c.priority))
    placed = new.seat(c.player)
    events.append(E.DiceAssigned(c.player, placed.priority, placed.wanted_room(len(rules.rooms))))
    return new


def modify(rules: Rules, s: State, c: C.Modify, events: list[Event]) -> State:
    """Spend one Modify token for +1/-1 on priority (before the order) or room (before entering)."""
    seat = seat_of(s, c.player)
    if c.delta not in (1, -1) or c.what not in ("priority", "room"):
        raise CommandError(N_("modify: what is priority or room, delta is 1 or -1"))
    if seat.tokens < 1:
        raise RuleViolation("modify", N_("{player} has no Modify token"), player=c.player)
    if seat.split is None:
        raise RuleViolation("modify", N_("{player} has not assigned the dice yet"), player=c.player)
    if c.what == "priority":
        if s.step is not Step.ROLL:
            raise RuleViolation("modify", N_("priority can change only before the order is set"))
        if seat.priority + c.delta not in DIE:
            raise RuleViolation("modify", N_("priority stays between 1 and 6"))
        changes = {"prio_mod": seat.prio_mod + c.delta}
    else:
        if s.step is Step.TURN and (c.player != s.current or seat.room is not None):
            raise RuleViolation("modify", N_("the room changes only before its player enters"))
        changes = {"room_mod": seat.room_mod + c.delta}
    new = s.with_seat(c.player, tokens=seat.tokens - 1, **changes)
    after = new.seat(c.player)
    value = after.priority if c.what == "priority" else after.wanted_room(len(rules.rooms))
    events.append(E.TokenSpent(c.player, c.what, value, after.tokens))
    return new


def lock(rules: Rules, s: State, c: C.Lock, events: list[Event]) -> State:
    """All dice assigned: order by priority, then room number, else a roll-off."""
    waiting = [p.name for p in s.seats if p.split is None]
    if waiting:
        raise RuleViolation("order", N_("still to roll and assign: {waiting}"), waiting=", ".join(waiting))
    return _order_or_rolloff(rules, s, events)


def rolloff(rules: Rules, s: State, c: C.Rolloff, events: list[Event]) -> State:
    """The first tied group rolls one die each; highest goes first; repeat while tied."""
    tied = first_tie(s.seats, len(rules.rooms))
    values = c.values if c.values is not None else dict(zip(tied, _dice(s, len(tied))))
    if set(values) != set(tied):
        raise RuleViolation("rolloff", N_("the roll-off is between {tied}"), tied=", ".join(tied))
    _checked_dice(tuple(values.values()), len(tied))
    new = replace(s, draws=s.draws + 1)
    for name in tied:
        new = new.with_seat(name, tiebreak=new.seat(name).tiebreak + (values[name],))
    events.append(E.RolledOff(dict(values)))
    return _order_or_rolloff(rules, new, events)


def _order_or_rolloff(rules: Rules, s: State, events: list[Event]) -> State:
    """Turn order if no tie is left, else the roll-off step for the first tie."""
    tied = first_tie(s.seats, len(rules.rooms))
    if tied:
        events.append(E.TieFound(tied))
        return replace(s, step=Step.ROLLOFF)
    order = turn_order(s.seats, len(rules.rooms))
    events.append(E.OrderSet(order))
    return replace(s, step=Step.TURN, order=order, turn=0)


def fill_roll(rules: Rules, s: State, c: C.Roll) -> C.Roll:
    """The two dice the RNG throws."""
    return replace(c, values=_dice(s, 2)) if c.values is None else c


def fill_reroll(rules: Rules, s: State, c: C.Reroll) -> C.Reroll:
    """The dice rerolled (both, or the room die on one's turn) and their new values."""
    if c.player not in s.players:
        return c
    dice = c.dice if c.dice is not None else _reroll_default(s, s.seat(c.player))
    return replace(c, dice=dice, values=c.values or _dice(s, len(dice)))


def fill_rolloff(rules: Rules, s: State, c: C.Rolloff) -> C.Rolloff:
    """The roll-off dice of the first tied group."""
    if c.values is not None or s.step is not Step.ROLLOFF:
        return c
    tied = first_tie(s.seats, len(rules.rooms))
    return replace(c, values=dict(zip(tied, _dice(s, len(tied)))))


def _reroll_default(s: State, seat: Seat) -> tuple[int, ...]:
    """Dice that may be rerolled now: both before the order, the room die on one's turn."""
    if s.step is Step.TURN and seat.split is not None:
        return (1 - seat.split,)
    return tuple(range(len(seat.dice)))


def _dice(s: State, n: int) -> tuple[int, ...]:
    """`n` dice from the seeded RNG at the state's draw counter."""
    rng = random.Random(f"{s.seed}:{s.draws}")
    return tuple(rng.randint(1, 6) for _ in range(n))


def _checked_dice(values: tuple[int, ...], n: int) -> tuple[int, ...]:
    """Table-supplied dice: exactly `n` values 1..6."""
    if len(values) != n or not all(v in DIE for v in values):
        raise CommandError(N_("dice: give {n} value(s) from 1 to 6, got {values}"), n=n, values=list(values))
    return tuple(values)
