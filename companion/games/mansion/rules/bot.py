"""A simple legal mansion player for tests and demos: `choose(game, state, rng) -> command`."""

from __future__ import annotations

import random
from typing import Any

from companion.games.mansion.rules.state import HALL, Step


def choose(game: Any, state: Any, rng: random.Random) -> dict[str, Any]:
    """A legal command for `state`, picked with `rng`."""
    if state.step is Step.ROLL:
        return _roll(state, rng)
    if state.step is Step.ROLLOFF:
        return {"cmd": "rolloff"}
    if state.step is Step.TURN:
        return _turn(game, state, rng)
    if state.step is Step.REVEAL:
        n = len(state.seats)
        return {"cmd": "reveal_roles", "vampires": rng.choice(range(state.role_vampires, n + 1))}
    raise ValueError(f"nothing to choose: step {state.step.value}")


def _roll(state: Any, rng: random.Random) -> dict[str, Any]:
    """Roll, reroll, assign or spend a token for some player; lock when all are ready."""
    for seat in state.seats:
        if not seat.dice:
            values = [rng.randint(1, 6), rng.randint(1, 6)] if rng.random() < 0.5 else None
            return {"cmd": "roll", "player": seat.name, **({"values": values} if values else {})}
        if seat.split is None:
            if rng.random() < 0.1:
                return {"cmd": "reroll", "player": seat.name, "dice": [rng.randrange(2)]}
            return {"cmd": "assign", "player": seat.name, "priority": rng.choice(seat.dice)}
    seat = rng.choice(state.seats)
    if seat.tokens and rng.random() < 0.3:
        delta = 1 if seat.priority < 6 else -1
        return {"cmd": "modify", "player": seat.name, "what": "priority", "delta": delta}
    return {"cmd": "lock"}


def _turn(game: Any, state: Any, rng: random.Random) -> dict[str, Any]:
    """Enter (maybe after a token), take cards, act, store in the Vault, end the turn."""
    seat = state.seat(state.current)
    if seat.room is None:
        if seat.tokens and rng.random() < 0.3:
            return {"cmd": "modify", "player": seat.name, "what": "room", "delta": rng.choice((1, -1))}
        options = game.room_options(state, seat)
        return {"cmd": "enter", "room": rng.choice(options) if options else HALL}
    if seat.room == HALL:
        return {"cmd": "end_turn"}
    room = game.data.rooms[seat.room - 1]
    if state.room_cards[seat.room - 1] and rng.random() < 0.7:
        return {"cmd": "take"}
    if room.effect == "store" and not seat.acted:
        return {"cmd": "store", "cards": [rng.choice((1, 3, 5)) for _ in range(rng.randint(1, 3))]}
    if room.effect != "store" and not seat.acted and rng.random() < 0.8:
        return {"cmd": "room_action"}
    if seat.stored >= state.target and rng.random() < 0.5:
        return {"cmd": "claim", "player": seat.name, "hand_points": 0}
    return {"cmd": "end_turn"}
