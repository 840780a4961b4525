"""What the table may do now in the mansion: `actions_for(game, state)` drives screen and buttons."""

from __future__ import annotations

from typing import Any

from companion.rules.base import Action
from companion.rules.mansion.state import HALL, State, Step


def actions_for(game: Any, state: State) -> list[Action]:
    """Every action of the current step (disabled ones carry the reason), then claim and adjust."""
    if state.step is Step.OVER:
        return [Action({"cmd": "rank"}, "Enter roles and hands for the final ranking",
                       needs=("roles", "first_vampire", "hand_points"))]
    out = {Step.ROLL: _roll, Step.ROLLOFF: _rolloff, Step.TURN: _turn,
           Step.REVEAL: _reveal}[state.step](game, state)
    return out + [
        Action({"cmd": "claim"}, "A human reaches the target", needs=("player", "hand_points")),
        Action({"cmd": "adjust"}, "Correct the counts", needs=("player|room_cards|tick|vampires",)),
    ]


def _roll(game: Any, state: State) -> list[Action]:
    """Per player: roll, or assign the dice; then lock the order."""
    out = []
    for seat in state.seats:
        if not seat.dice:
            out.append(Action({"cmd": "roll", "player": seat.name}, f"{seat.name} rolls"))
            continue
        for value in sorted(set(seat.dice)):
            out.append(Action({"cmd": "assign", "player": seat.name, "priority": value},
                              f"{seat.name}: priority {value}", enabled=not seat.prio_mod and not seat.room_mod,
                              why_not=None if not seat.prio_mod and not seat.room_mod else "tokens spent"))
        for what in ("priority", "room"):
            for delta in (1, -1):
                why = _modify_why(seat, what, delta)
                out.append(Action({"cmd": "modify", "player": seat.name, "what": what, "delta": delta},
                                  f"{seat.name}: {what} {delta:+d}", cost="1 token",
                                  enabled=why is None, why_not=why))
        out.append(Action({"cmd": "reroll", "player": seat.name}, f"{seat.name} plays Reroll",
                          needs=("dice",)))
    waiting = [s.name for s in state.seats if s.split is None]
    out.append(Action({"cmd": "lock"}, "Set the turn order", enabled=not waiting,
                      why_not=f"waiting for {', '.join(waiting)}" if waiting else None))
    return out


def _modify_why(seat: Any, what: str, delta: int) -> str | None:
    """Why a Modify token cannot be spent this way before the order is set, or None."""
    if not seat.tokens:
        return "no Modify token"
    if seat.split is None:
        return "assign the dice first"
    if what == "priority" and not 1 <= seat.priority + delta <= 6:
        return "priority stays between 1 and 6"
    return None


def _rolloff(game: Any, state: State) -> list[Action]:
    """Roll off the first tie."""
    return [Action({"cmd": "rolloff"}, "Roll off the tie", needs=("values",))]


def _turn(game: Any, state: State) -> list[Action]:
    """Before entering: modify/reroll/enter; inside: take, action, store; then end turn."""
    seat = state.seat(state.current)
    name = state.current
    if seat.room is None:
        options = game.room_options(state, seat)
        out = [Action({"cmd": "enter", "room": r}, f"{name} enters room {r}") for r in options]
        if not options:
            out = [Action({"cmd": "enter", "room": HALL}, f"{name} stays in the main hall")]
        why = None if seat.tokens else "no Modify token"
        out += [Action({"cmd": "modify", "player": name, "what": "room", "delta": d},
                       f"Room {d:+d}", cost="1 token", enabled=why is None, why_not=why) for d in (1, -1)]
        return out + [Action({"cmd": "reroll", "player": name}, "Reroll the room die")]
    in_room = seat.room != HALL
    lying = state.room_cards[seat.room - 1] if in_room else 0
    room = game.data.rooms[seat.room - 1] if in_room else None
    out = [Action({"cmd": "take"}, f"Take the {lying} card(s)", enabled=lying > 0,
                  why_not=None if lying else "no card here", needs=("n",))]
    if room is not None and room.effect == "store":
        out.append(Action({"cmd": "store"}, "Store score cards", needs=("cards",)))
    elif room is not None:
        why = "already done" if seat.acted else None
        out.append(Action({"cmd": "room_action"}, room.summary, enabled=why is None, why_not=why))
    return out + [Action({"cmd": "end_turn"}, f"{name} is done")]


def _reveal(game: Any, state: State) -> list[Action]:
    """Enter how many vampire cards were turned up."""
    return [Action({"cmd": "reveal_roles", "vampires": k}, f"{k} vampire(s)")
            for k in range(state.role_vampires, len(state.seats) + 1)]
