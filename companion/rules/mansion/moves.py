"""What the table may do now in the mansion: `actions_for(game, state)` drives screen and buttons."""

from __future__ import annotations

from typing import Any

from companion.errors import N_, Text
from companion.rules.base import Action
from companion.rules.mansion.state import HALL, State, Step


def actions_for(game: Any, state: State) -> list[Action]:
    """Every action of the current step (disabled ones carry the reason), then claim and adjust."""
    if state.step is Step.OVER:
        return [Action({"cmd": "rank"}, Text(N_("Enter roles and hands for the final ranking")),
                       needs=("roles", "first_vampire", "hand_points"))]
    out = {Step.ROLL: _roll, Step.ROLLOFF: _rolloff, Step.TURN: _turn,
           Step.REVEAL: _reveal}[state.step](game, state)
    return out + [
        Action({"cmd": "claim"}, Text(N_("A human reaches the target")), needs=("player", "hand_points")),
        Action({"cmd": "adjust"}, Text(N_("Correct the counts")), needs=("player|room_cards|tick|vampires",)),
    ]


def _roll(game: Any, state: State) -> list[Action]:
    """Per player: roll, or assign the dice; then lock the order."""
    out = []
    for seat in state.seats:
        if not seat.dice:
            out.append(Action({"cmd": "roll", "player": seat.name}, Text(N_("{name} rolls"), name=seat.name)))
            continue
        for value in sorted(set(seat.dice)):
            out.append(Action({"cmd": "assign", "player": seat.name, "priority": value},
                              Text(N_("{name}: priority {value}"), name=seat.name, value=value), enabled=not seat.prio_mod and not seat.room_mod,
                              why_not=None if not seat.prio_mod and not seat.room_mod else Text(N_("tokens spent"))))
        for what in ("priority", "room"):
            for delta in (1, -1):
                why = _modify_why(seat, what, delta)
                out.append(Action({"cmd": "modify", "player": seat.name, "what": what, "delta": delta},
                                  Text(N_("{name}: {what} {delta:+d}"), name=seat.name, what=what, delta=delta), cost=Text(N_("1 token")),
                                  enabled=why is None, why_not=why))
        out.append(Action({"cmd": "reroll", "player": seat.name}, Text(N_("{name} plays Reroll"), name=seat.name),
                          needs=("dice",)))
    waiting = [s.name for s in state.seats if s.split is None]
    out.append(Action({"cmd": "lock"}, Text(N_("Set the turn order")), enabled=not waiting,
                      why_not=Text(N_("waiting for {waiting}"), waiting=', '.join(waiting)) if waiting else None))
    return out


def _modify_why(seat: Any, what: str, delta: int) -> str | None:
    """Why a Modify token cannot be spent this way before the order is set, or None."""
    if not seat.tokens:
        return Text(N_("no Modify token"))
    if seat.split is None:
        return Text(N_("assign the dice first"))
    if what == "priority" and not 1 <= seat.priority + delta <= 6:
        return Text(N_("priority stays between 1 and 6"))
    return None


def _rolloff(game: Any, state: State) -> list[Action]:
    """Roll off the first tie."""
    return [Action({"cmd": "rolloff"}, Text(N_("Roll off the tie")), needs=("values",))]


def _turn(game: Any, state: State) -> list[Action]:
    """Before entering: modify/reroll/enter; inside: take, action, store; then end turn."""
    seat = state.seat(state.current)
    name = state.current
    if seat.room is None:
        options = game.room_options(state, seat)
        out = [Action({"cmd": "enter", "room": r}, Text(N_("{name} enters room {r}"), name=name, r=r)) for r in options]
        if not options:
            out = [Action({"cmd": "enter", "room": HALL}, Text(N_("{name} stays in the main hall"), name=name))]
        why = None if seat.tokens else Text(N_("no Modify token"))
        out += [Action({"cmd": "modify", "player": name, "what": "room", "delta": d},
                       Text(N_("Room {d:+d}"), d=d), cost=Text(N_("1 token")), enabled=why is None, why_not=why) for d in (1, -1)]
        return out + [Action({"cmd": "reroll", "player": name}, Text(N_("Reroll the room die")))]
    in_room = seat.room != HALL
    lying = state.room_cards[seat.room - 1] if in_room else 0
    room = game.data.rooms[seat.room - 1] if in_room else None
    out = [Action({"cmd": "take"}, Text(N_("Take the {lying} card(s)"), lying=lying), enabled=lying > 0,
                  why_not=None if lying else Text(N_("no card here")), needs=("n",))]
    if room is not None and room.effect == "store":
        out.append(Action({"cmd": "store"}, Text(N_("Store score cards")), needs=("cards",)))
    elif room is not None:
        why = Text(N_("already done")) if seat.acted else None
        out.append(Action({"cmd": "room_action"}, room.summary, enabled=why is None, why_not=why))
    return out + [Action({"cmd": "end_turn"}, Text(N_("{name} is done"), name=name))]


def _reveal(game: Any, state: State) -> list[Action]:
    """Enter how many vampire cards were turned up."""
    return [Action({"cmd": "reveal_roles", "vampires": k}, Text(N_("{k} vampire(s)"), k=k))
            for k in range(state.role_vampires, len(state.seats) + 1)]
