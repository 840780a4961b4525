"""Moving between rounds, phases and turns: the leading token, the night's action points, turn order.

The table of which commands each step accepts is in `game.py`; this module holds the transitions.
"""

from __future__ import annotations

from companion.games.masters.rules import board, endgame, relics, tokens
from companion.games.masters.rules import events as E
from companion.games.masters.rules.data import MastersData
from companion.games.masters.rules.state import MastersState, Phase, Step, evolve


def begin_round(s: MastersState, ev: list) -> MastersState:
    """A new round's day: the leading token goes clockwise, once-per-round relics refresh."""
    i = (s.order.index(s.leading) + 1) % len(s.order)
    leading = s.order[i]
    ev.append(E.LeaderPassed(leading))
    ev.append(E.RoundBegan(s.round + 1, leading))
    s = evolve(
        s,
        round=s.round + 1,
        phase=Phase.DAY,
        step=Step.DAY_EFFECTS,
        leading=leading,
        turn=None,
        day_resolved=(),
        hunted=(),
    )
    return relics.new_round(s)


def begin_night(data: MastersData, s: MastersState, ev: list) -> MastersState:
    """Night: every vampire gets its action points, then the leading vampire's turn starts."""
    ev.append(E.NightBegan(s.round))
    s = evolve(
        s, phase=Phase.NIGHT, step=Step.TURN, vampires=tuple(evolve(v, ap=v.base_ap) for v in s.vampires)
    )
    return start_turn(data, s, s.leading, ev)


def start_turn(data: MastersData, s: MastersState, name: str, ev: list) -> MastersState:
    """A vampire's turn: a drained one first gets 1 blood back and the veil drops by 1."""
    s = evolve(s, turn=name)
    v = s.vampire(name)
    if v.drained and s.reserve.blood > 0:
        ap = v.ap
        s = tokens.set_blood(data, s, name, 1, ev)
        s = s.with_vampire(evolve(s.vampire(name), ap=ap))  # reviving keeps the AP it still had
        s = endgame.change_veil(s, -1, f"{name} rose from the drained", ev)
        if s.outcome is not None:
            return s
    ev.append(E.TurnBegan(name, s.vampire(name).ap))
    return s


def next_turn(data: MastersData, s: MastersState, ev: list) -> MastersState:
    """The current vampire is done: the next one clockwise, or the next round after the last."""
    name = s.turn
    assert name is not None
    s = s.with_vampire(evolve(s.vampire(name), ap=0))
    ev.append(E.TurnEnded(name))
    i = (s.order.index(name) + 1) % len(s.order)
    if s.order[i] == s.leading:
        return begin_round(s, ev)
    return start_turn(data, s, s.order[i], ev)


def settle(data: MastersData, s: MastersState, ev: list) -> MastersState:
    """After any command: once no day combat is due any more, the night begins."""
    if s.step is Step.HUNT and not board.hunts_due(s):
        return begin_night(data, s, ev)
    return s
