"""The vampire mansion: fixed rules (`Rules`, rooms) and the immutable game state (`State`).

Hands and roles are secret, so the companion tracks what is public: dice, Modify tokens, turn
order, who stands in which room, the cards lying in each room, stored points, the round clock and
the vampire counts shown at the role reveals.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from enum import Enum
from typing import Any

from companion.rules.base import Record

EFFECTS = ("store", "discard", "steal", "see", "draw", "tokens")
HALL = 0  # room number of the main hall: no capacity limit, no cards, no effect


class Step(str, Enum):
    """Where the round is (see `engine.TRANSITIONS` for the verbs of each)."""

    ROLL = "roll"
    ROLLOFF = "rolloff"
    TURN = "turn"
    REVEAL = "reveal"
    OVER = "over"


class Outcome(str, Enum):
    """Why the game ended."""

    CLOCK = "clock"
    POINTS = "points"
    ALL_VAMPIRES = "all-vampires"


class Role(str, Enum):
    """A role card."""

    HUMAN = "human"
    VAMPIRE = "vampire"


RULEBOOK_DECK = (4, 1)  # the only role deck the rulebook defines: 4 players, 1 vampire


class Room(Record):
    """One room card: its number is its place in `Rules.rooms` (1-based)."""

    key: str
    name: str
    district: str
    effect: str
    summary: str
    tokens: int = 0


class Rules(Record):
    """The fixed numbers, the six rooms and where things sit on the 3x3 board, as the data file gives
    them (`companion.games.mansion.fields` checks the file and builds this)."""

    rooms: tuple[Room, ...]
    min_players: int
    max_players: int
    room_capacity: int
    target_points: int
    reveal_ticks: tuple[int, ...]
    clock_length: int
    start_tokens: int
    score_cards: tuple[int, ...]
    hall_district: str
    clock_district: str
    roles_district: str


class Seat(Record):
    """One player's public situation. `split` is the index of the die chosen for priority."""

    name: str
    tokens: int = 0
    stored: int = 0
    dice: tuple[int, ...] = ()
    split: int | None = None
    prio_mod: int = 0
    room_mod: int = 0
    tiebreak: tuple[int, ...] = ()
    room: int | None = None
    took: int = 0
    acted: bool = False
    stored_now: int = 0

    @property
    def priority(self) -> int | None:
        """Turn priority (1 first .. 6 last) after Modify tokens, or None before assigning."""
        return None if self.split is None else self.dice[self.split] + self.prio_mod

    def wanted_room(self, rooms: int) -> int | None:
        """The room the room die names after Modify tokens (wrapping round 1..rooms)."""
        if self.split is None:
            return None
        return (self.dice[1 - self.split] + self.room_mod - 1) % rooms + 1


class State(Record):
    """Everything that changes. `seats` follow seating order; `order` is this round's turn order."""

    seed: int
    draws: int
    seats: tuple[Seat, ...]
    clock_length: int
    target: int
    vault_limit: int = 0
    tick: int = 1
    step: Step = Step.ROLL
    order: tuple[str, ...] = ()
    turn: int = 0
    room_cards: tuple[int, ...] = ()
    vampires: int | None = None
    outcome: Outcome | None = None
    role_vampires: int = 1  # vampire cards in the role deck dealt at the start
    claimant: str | None = None
    ranking: tuple[tuple[str, int], ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        """Names in seating order."""
        return tuple(s.name for s in self.seats)

    @property
    def current(self) -> str | None:
        """Whose turn it is in the turn step."""
        return self.order[self.turn] if self.step is Step.TURN else None

    def seat(self, name: str) -> Seat:
        """The seat of `name` (caller checked the name)."""
        return self.seats[self.players.index(name)]

    def with_seat(self, name: str, **changes: Any) -> State:
        """A copy with one seat changed."""
        i = self.players.index(name)
        seats = list(self.seats)
        seats[i] = replace(seats[i], **changes)
        return replace(self, seats=tuple(seats))

    def in_hall(self) -> tuple[str, ...]:
        """Players in the main hall: not yet in a room this round, or sent there (no room free)."""
        return tuple(s.name for s in self.seats if s.room in (None, HALL))

    def occupants(self, room: int) -> tuple[str, ...]:
        """Players standing in room number `room` this round (0 = main hall)."""
        return tuple(s.name for s in self.seats if s.room == room)


def to_json(state: State, rules: Rules, board: dict) -> dict[str, Any]:
    """The documented state JSON (the game's README.md)."""
    n = len(rules.rooms)
    return {
        "game": "mansion",
        "round": state.tick,
        "tick": state.tick,
        "clock_length": state.clock_length,
        "phase": board["phase"],
        "step": state.step.value,
        "outcome": state.outcome.value if state.outcome else None,
        "seed": state.seed,
        "draws": state.draws,
        "target": state.target,
        "vault_limit": state.vault_limit,
        "order": list(state.order),
        "turn": state.current,
        "turn_index": state.turn,
        "players": {s.name: _seat_json(s, n) for s in state.seats},
        "seating": list(state.players),
        "rooms": {
            str(i + 1): {
                "key": r.key,
                "name": r.name,
                "cards": state.room_cards[i],
                "occupants": list(state.occupants(i + 1)),
            }
            for i, r in enumerate(rules.rooms)
        },
        "hall": list(state.in_hall()),
        "vampires": state.vampires,
        "role_deck": {
            "players": len(state.seats),
            "vampires": state.role_vampires,
            "humans": len(state.seats) - state.role_vampires,
            "rulebook": (len(state.seats), state.role_vampires) == RULEBOOK_DECK,
        },
        "claimant": state.claimant,
        "ranking": [{"player": p, "place": k} for p, k in state.ranking],
        "board": board,
    }


def _seat_json(s: Seat, rooms: int) -> dict[str, Any]:
    """One player's JSON."""
    return {
        "tokens": s.tokens,
        "stored": s.stored,
        "dice": list(s.dice),
        "split": s.split,
        "prio_mod": s.prio_mod,
        "room_mod": s.room_mod,
        "priority": s.priority,
        "wanted_room": s.wanted_room(rooms),
        "tiebreak": list(s.tiebreak),
        "room": s.room,
        "took": s.took,
        "acted": s.acted,
        "stored_now": s.stored_now,
    }


def from_json(data: Mapping[str, Any]) -> State:
    """Inverse of `to_json` (derived keys are ignored)."""
    seats = tuple(
        Seat(
            name=p,
            tokens=d["tokens"],
            stored=d["stored"],
            dice=tuple(d["dice"]),
            split=d["split"],
            prio_mod=d["prio_mod"],
            room_mod=d["room_mod"],
            tiebreak=tuple(d["tiebreak"]),
            room=d["room"],
            took=d["took"],
            acted=d["acted"],
            stored_now=d["stored_now"],
        )
        for p, d in ((p, data["players"][p]) for p in data["seating"])
    )
    rooms = data["rooms"]
    return State(
        seed=data["seed"],
        draws=data["draws"],
        seats=seats,
        clock_length=data["clock_length"],
        target=data["target"],
        vault_limit=data["vault_limit"],
        tick=data["tick"],
        step=Step(data["step"]),
        order=tuple(data["order"]),
        turn=data["turn_index"],
        room_cards=tuple(rooms[str(i + 1)]["cards"] for i in range(len(rooms))),
        vampires=data["vampires"],
        outcome=Outcome(data["outcome"]) if data["outcome"] else None,
        claimant=data["claimant"],
        role_vampires=data.get("role_deck", {}).get("vampires", 1),
        ranking=tuple((r["player"], r["place"]) for r in data["ranking"]),
    )
