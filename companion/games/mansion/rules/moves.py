"""What the table may do now in the mansion: `actions_for(game, state)` drives screen and buttons.

Every value the table still chooses is a `Param` with the values the engine accepts now: dice the
table rolled itself (1..6), which dice a Reroll card throws, the cards taken or stored, the roll-off,
the roles and hands at the end. A claim is one action per player (the points needed depend on whose
safe); each correction is an action of its own.
"""

from __future__ import annotations

from typing import Any

from companion.errors import N_, Text
from companion.games.mansion.rules.placement import first_tie
from companion.games.mansion.rules.state import HALL, Role, State, Step
from companion.rules.base import Action, Param

DIE = tuple(range(1, 7))


def actions_for(game: Any, state: State) -> list[Action]:
    """Every action of the current step (disabled ones carry the reason), then claim and adjust."""
    if state.step is Step.OVER:
        return _ranks(state)
    out = {Step.ROLL: _roll, Step.ROLLOFF: _rolloff, Step.TURN: _turn, Step.REVEAL: _reveal}[state.step](
        game, state
    )
    return out + _claims(state) + _adjust(game, state)


def _dice(n: int) -> Param:
    """Dice the table rolled itself: `n` values 1..6 (left out, the companion rolls)."""
    return Param("values", "die", DIE, optional=True, many=(n, n), repeat=True)


def _ranks(state: State) -> list[Action]:
    """After the end: the roles shown and the points in hand refine the ranking; one action without a
    first vampire, then one per player who was the first vampire (whose role then is vampire)."""
    names = state.players
    hands = Param(
        "hand_points",
        "player",
        optional=True,
        parts=tuple(Param(n, "number", low=0, optional=True) for n in names),
    )
    out = [
        Action(
            {"cmd": "rank"},
            Text(N_("Enter roles and hands for the final ranking")),
            params=(_roles(names, None), hands),
        )
    ]
    for first in names:
        out.append(
            Action(
                {"cmd": "rank", "first_vampire": first},
                Text(N_("Final ranking: {name} was the first vampire"), name=first),
                params=(_roles(names, first), hands),
            )
        )
    return out


def _roles(names: tuple[str, ...], first: str | None) -> Param:
    """Every player's role as shown at the end (the first vampire's is vampire)."""
    both = (Role.HUMAN.value, Role.VAMPIRE.value)
    return Param(
        "roles",
        "player",
        optional=True,
        parts=tuple(Param(n, "choice", (Role.VAMPIRE.value,) if n == first else both) for n in names),
    )


def _claims(state: State) -> list[Action]:
    """A human shows hand points that, with the safe, reach the target: one action per player."""
    return [
        Action(
            {"cmd": "claim", "player": seat.name},
            Text(N_("{name} reaches the target"), name=seat.name),
            params=(Param("hand_points", "number", low=max(0, state.target - seat.stored)),),
        )
        for seat in state.seats
    ]


def _adjust(game: Any, state: State) -> list[Action]:
    """Tables are always right: a player's tokens or stored points, the cards in the rooms, the tick,
    the vampires shown."""
    names = state.players
    rooms = len(game.data.rooms)
    return [
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct a player's Modify tokens")),
            params=(Param("player", "player", names), Param("tokens", "number", low=0)),
        ),
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct a player's stored points")),
            params=(Param("player", "player", names), Param("stored", "number", low=0)),
        ),
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct the cards in the rooms")),
            params=(
                Param(
                    "room_cards",
                    "room",
                    parts=tuple(Param(str(r), "number", low=0, optional=True) for r in range(1, rooms + 1)),
                ),
            ),
        ),
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct the clock")),
            params=(Param("tick", "number", low=1, high=state.clock_length),),
        ),
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct the vampires shown")),
            params=(Param("vampires", "number", low=1, high=len(names)),),
        ),
    ]


WHAT = {"priority": Text(N_("priority")), "room": Text(N_("room"))}  # a modify's target, in the table's words


def _roll(game: Any, state: State) -> list[Action]:
    """Per player: roll, or assign the dice; then lock the order."""
    out = []
    for seat in state.seats:
        if not seat.dice:
            out.append(
                Action(
                    {"cmd": "roll", "player": seat.name},
                    Text(N_("{name} rolls"), name=seat.name),
                    params=(_dice(2),),
                )
            )
            continue
        for value in sorted(set(seat.dice)):
            out.append(
                Action(
                    {"cmd": "assign", "player": seat.name, "priority": value},
                    Text(N_("{name}: priority {value}"), name=seat.name, value=value),
                    enabled=not seat.prio_mod and not seat.room_mod,
                    why_not=None if not seat.prio_mod and not seat.room_mod else Text(N_("tokens spent")),
                )
            )
        for what in ("priority", "room"):
            for delta in (1, -1):
                why = _modify_why(seat, what, delta)
                out.append(
                    Action(
                        {"cmd": "modify", "player": seat.name, "what": what, "delta": delta},
                        Text(N_("{name}: {what} {delta:+d}"), name=seat.name, what=WHAT[what], delta=delta),
                        cost=Text(N_("1 token")),
                        enabled=why is None,
                        why_not=why,
                    )
                )
        which = Param("dice", "die", (0, 1), (Text(N_("first die")), Text(N_("second die"))), many=(1, 2))
        out.append(
            Action(
                {"cmd": "reroll", "player": seat.name},
                Text(N_("{name} plays Reroll"), name=seat.name),
                params=(which,),
            )
        )
    waiting = [s.name for s in state.seats if s.split is None]
    out.append(
        Action(
            {"cmd": "lock"},
            Text(N_("Set the turn order")),
            enabled=not waiting,
            why_not=Text(N_("waiting for {waiting}"), waiting=", ".join(waiting)) if waiting else None,
        )
    )
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
    """Roll off the first tie (the table's dice, one per tied player, or the companion's)."""
    tied = first_tie(state.seats, len(game.data.rooms))
    values = Param("values", "player", optional=True, parts=tuple(Param(n, "die", DIE) for n in tied))
    return [Action({"cmd": "rolloff"}, Text(N_("Roll off the tie")), params=(values,))]


def _turn(game: Any, state: State) -> list[Action]:
    """Before entering: modify/reroll/enter; inside: take, action, store; then end turn."""
    seat = state.seat(state.current)
    name = state.current
    if seat.room is None:
        options = game.room_options(state, seat)
        out = [
            Action({"cmd": "enter", "room": r}, Text(N_("{name} enters room {r}"), name=name, r=r))
            for r in options
        ]
        if not options:
            out = [
                Action({"cmd": "enter", "room": HALL}, Text(N_("{name} stays in the main hall"), name=name))
            ]
        why = None if seat.tokens else Text(N_("no Modify token"))
        out += [
            Action(
                {"cmd": "modify", "player": name, "what": "room", "delta": d},
                Text(N_("Room {d:+d}"), d=d),
                cost=Text(N_("1 token")),
                enabled=why is None,
                why_not=why,
            )
            for d in (1, -1)
        ]
        return out + [
            Action({"cmd": "reroll", "player": name}, Text(N_("Reroll the room die")), params=(_dice(1),))
        ]
    in_room = seat.room != HALL
    lying = state.room_cards[seat.room - 1] if in_room else 0
    room = game.data.rooms[seat.room - 1] if in_room else None
    out = [
        Action(
            {"cmd": "take"},
            Text(N_("Take the {lying} card(s)"), lying=lying),
            enabled=lying > 0,
            why_not=None if lying else Text(N_("no card here")),
            params=(Param("n", "number", low=0, high=lying, optional=True),),
        )
    ]
    if room is not None and room.effect == "store":
        left = state.vault_limit - seat.stored_now if state.vault_limit else None
        why = (
            Text(N_("only {vault_limit} score card(s) per turn"), vault_limit=state.vault_limit)
            if left == 0
            else None
        )
        cards = Param("cards", "card", game.data.score_cards, many=(1, left), repeat=True)
        out.append(
            Action(
                {"cmd": "store"},
                Text(N_("Store score cards")),
                enabled=why is None,
                why_not=why,
                params=(cards,),
            )
        )
    elif room is not None:
        why = Text(N_("already done")) if seat.acted else None
        out.append(Action({"cmd": "room_action"}, room.summary, enabled=why is None, why_not=why))
    return out + [Action({"cmd": "end_turn"}, Text(N_("{name} is done"), name=name))]


def _reveal(game: Any, state: State) -> list[Action]:
    """Enter how many vampire cards were turned up."""
    return [
        Action({"cmd": "reveal_roles", "vampires": k}, Text(N_("{k} vampire(s)"), k=k))
        for k in range(state.role_vampires, len(state.seats) + 1)
    ]
