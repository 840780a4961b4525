"""The pure rule steps of Armata Strigoi: blood, wounds, teleports, collapses, turns and rounds.

Each function takes a State (and the game data) and returns (new State, events); none mutates.
"""

from __future__ import annotations

import random
from dataclasses import replace

from companion.games.strigoi.rules import awards
from companion.games.strigoi.rules import events as ev
from companion.games.strigoi.rules.data import StrigoiData
from companion.games.strigoi.rules.fortress import Move, MoveKind, teleport
from companion.games.strigoi.rules.state import State, Step, Vampire, Wolf
from companion.rules.base import Event

Result = tuple[State, list[Event]]


def flat_tokens(tokens) -> tuple[tuple[str, int], ...]:
    """Every Strigoi Action token in the bag as (strigoi, bonus), from the mix (strigoi, bonus, count)."""
    return tuple((sid, bonus) for sid, bonus, count in tokens for _ in range(count))


def shuffled_bag(tokens, seed: int, shuffles: int) -> tuple[int, ...]:
    """The token bag in the order the seed gives for its `shuffles`-th shuffle."""
    bag = list(range(len(flat_tokens(tokens))))
    random.Random(f"strigoi-bag-{seed}-{shuffles}").shuffle(bag)
    return tuple(bag)


def draw_token(data: StrigoiData, state: State) -> tuple[State, tuple[str, int]]:
    """Flip the top token of this game's mix; an empty bag is reshuffled first."""
    if not state.bag:
        state = replace(
            state, bag=shuffled_bag(state.tokens, state.seed, state.shuffles + 1), shuffles=state.shuffles + 1
        )
    token = flat_tokens(state.tokens)[state.bag[0]]
    return replace(state, bag=state.bag[1:]), token


def gain_blood(data: StrigoiData, state: State) -> Result:
    """One blood point onto the Altar (the caller has checked that the Altar and the supply allow it)."""
    altar = state.altar + 1
    return replace(state, altar=altar), [ev.BloodGained(altar, altar >= state.attack_need)]


def lose_blood(data: StrigoiData, state: State, reason: str) -> Result:
    """A blood point from the Altar (or the supply) to the Inferno; a full Inferno loses the game."""
    altar = max(0, state.altar - 1)
    state = replace(state, altar=altar, inferno=state.inferno + 1)
    events: list[Event] = [ev.BloodLost(reason, state.altar, state.inferno)]
    if state.inferno >= state.defeat_need:
        state, more = end(state, "defeat")
        events += more
    return state, events


def wound_wolf(data: StrigoiData, state: State, name: str, n: int) -> Result:
    """Wounds for a Powerwolf; the third costs a blood point and clears all its wounds."""
    wolf = state.wolf(name)
    total = wolf.wounds + n
    events: list[Event] = [ev.Wounded(name, n, total)]
    if total >= data.wounds_to_fall:
        state = set_wolf(state, replace(wolf, wounds=0))
        events.append(ev.Fell(name))
        state, more = awards.give(state, "incense_and_iron", name, "first Powerwolf to fall")
        events += more
        state, more = lose_blood(data, state, "third-wound")
        return state, events + more
    return set_wolf(state, replace(wolf, wounds=total)), events


def move_strigoi(data: StrigoiData, state: State, sid: str, letter: str) -> tuple[State, Move, list[Event]]:
    """Teleport Strigoi `sid` by a card letter; a smashed ladder may cost a blood point."""
    me = state.vampire(sid)
    others = [v.room for v in state.strigoi if v.id != sid and v.id in state.in_play]
    standing = {r.id for r in data.fortress.rooms.values() if r.platform and r.id not in state.collapsed}
    move = teleport(
        data.fortress,
        dict(state.rings),
        standing,
        set(state.ladders),
        me.room,
        letter,
        others[0] if others else None,
    )
    events: list[Event] = [ev.StrigoiTeleported(sid, move.kind.value, me.room, move.to, move.direction)]
    state = set_vampire(state, replace(me, room=move.to))
    if move.kind is MoveKind.LADDER:
        ladders = tuple(e for e in state.ladders if e != move.ladder)
        state = replace(state, ladders=ladders)
        events.append(ev.LadderDestroyed(move.ladder[0], move.ladder[1], len(ladders)))
        if not ladders:
            state, more = lose_blood(data, state, "ladders-gone")
            events += more
    return state, move, events


def wound_strigoi(data: StrigoiData, state: State, sid: str, wolf: str, n: int) -> Result:
    """A Powerwolf's hit: wounds on the Strigoi card, its fall, the Supreme, the crumbling."""
    was_supreme = state.supreme == sid
    me = replace(state.vampire(sid), wounds=state.vampire(sid).wounds + n)
    existence = state.stat(sid).existence
    state = set_vampire(state, me)
    events: list[Event] = [ev.StrigoiWounded(sid, wolf, me.wounds, existence)]
    if me.wounds >= existence:
        state = set_vampire(state, replace(me, defeated=True))
        events.append(ev.StrigoiDefeated(sid))
        if was_supreme:
            state, more = end(state, "victory")
            return state, events + more
        other = next(v.id for v in state.strigoi if v.id != sid)
        state, more = awards.give(state, "vampires_dont_die", wolf, "defeated the first Strigoi")
        return replace(state, supreme=other), events + more + [ev.SupremeRose(other)]
    if was_supreme:
        state, more = collapse(data, state, state.wolf(wolf).card.letter)
        events += more
    return state, events


def collapse(data: StrigoiData, state: State, letter: str) -> Result:
    """The platform in the letter's direction from the hall falls (if it still stands)."""
    hall = data.fortress.hall
    if letter not in data.letters:
        return state, []
    way = data.fortress.direction(dict(state.rings)[hall], letter)
    room = data.fortress.neighbour(hall, way)
    if room is None or room in state.collapsed or not data.fortress.rooms[room].platform:
        return state, []
    state = replace(state, collapsed=tuple(sorted(state.collapsed + (room,))))
    sup = state.vampire(state.supreme) if state.supreme else None
    moved = sup is not None and sup.room == room
    if moved:
        state = set_vampire(state, replace(sup, room=hall))
    return state, [ev.PlatformCollapsed(room, way, moved)]


def start_turn(state: State, index: int) -> Result:
    """Hand the turn to the Powerwolf at `index` of the initiative order."""
    state = replace(
        state, step=Step.TURN, turn=index, moved=None, bonus=0, attacked=None, encounter=None, countered=False
    )
    wolf = state.wolf(state.order[index])
    return state, [ev.TurnStarted(wolf.name, wolf.card.letter)]


def end_round(data: StrigoiData, state: State) -> Result:
    """After the last turn: the Master's extra turn if no Strigoi attacked, else the next round."""
    if state.marker or not state.in_play:
        return new_round(data, state, extra=False)
    sid = state.supreme or "master"
    first = state.wolf(state.order[0]).card.letter
    state, move, events = move_strigoi(data, state, sid, first)
    if state.outcome:
        return state, events
    if not move.moved:
        state, more = new_round(data, state, extra=True)
        return state, events + more
    return replace(state, step=Step.CURSE, moved=sid, attacked=None, countered=False), events


def new_round(data: StrigoiData, state: State, extra: bool) -> Result:
    """Clear the round; at round 2 the Strigoi enter on their marked platforms."""
    events: list[Event] = [ev.RoundEnded(state.round, extra)]
    wolves = tuple(replace(w, card=None) for w in state.wolves)
    state = replace(
        state,
        round=state.round + 1,
        step=Step.INITIATIVE,
        order=(),
        turn=0,
        wolves=wolves,
        marker=False,
        moved=None,
        bonus=0,
        attacked=None,
        encounter=None,
        countered=False,
    )
    if state.round == 2:
        rooms = dict(state.start)
        state = replace(state, strigoi=tuple(replace(v, room=rooms[v.id]) for v in state.strigoi))
        events.append(ev.StrigoiEntered(rooms))
    return state, events


def end(state: State, outcome: str) -> Result:
    """The game is over."""
    return replace(state, outcome=outcome, step=Step.OVER), [ev.GameOver(outcome)]


def set_wolf(state: State, wolf: Wolf) -> State:
    """Replace one Powerwolf."""
    return replace(state, wolves=tuple(wolf if w.name == wolf.name else w for w in state.wolves))


def set_vampire(state: State, vampire: Vampire) -> State:
    """Replace one Strigoi."""
    return replace(state, strigoi=tuple(vampire if v.id == vampire.id else v for v in state.strigoi))
