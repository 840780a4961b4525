"""The fortress of seven hex rooms and how a Strigoi teleports between platforms (pure geometry).

Rooms sit on axial hex coordinates (q, r) with north at r - 1. Each room's books carry six letters
clockwise from north; a card's letter, looked up on the Strigoi's room, gives the direction.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from companion.rules.base import Record

DIRECTIONS = ("n", "ne", "se", "s", "sw", "nw")
_STEP = {"n": (0, -1), "ne": (1, -1), "se": (1, 0), "s": (0, 1), "sw": (-1, 1), "nw": (-1, 0)}
STAY = "X"


class MoveKind(str, Enum):
    """How a teleport turned out."""

    MOVED = "moved"  # to the platform in the card's direction
    BOUNCED = "bounced"  # no usable room there: to the opposite side instead
    LADDER = "ladder"  # an outer edge with a ladder: the ladder is destroyed, no move
    BLOCKED = "blocked"  # the other Strigoi stands there: neither moves
    STUCK = "stuck"  # nowhere to go either way
    STAYED = "stayed"  # the card shows X


class Room(Record):
    """One hex room: id, our name, position, its district light, platform or not, book letters."""

    id: str
    name: str
    at: tuple[int, int]
    light: str
    platform: bool
    ring: str


class Move(Record):
    """Where a Strigoi ends after a teleport, and why."""

    kind: MoveKind
    to: str
    direction: str | None = None
    ladder: tuple[str, str] | None = None

    @property
    def moved(self) -> bool:
        """Did the Strigoi change rooms? (Only then may it attack.)"""
        return self.kind in (MoveKind.MOVED, MoveKind.BOUNCED)


class Fortress(Record):
    """The room layout; lookups only, no state."""

    rooms: Mapping[str, Room]

    @property
    def hall(self) -> str:
        """The one room without a platform (the collapse compass and the Supreme's refuge)."""
        return next(r.id for r in self.rooms.values() if not r.platform)

    def neighbour(self, room: str, direction: str) -> str | None:
        """The room next to `room` in `direction`, or None at an outer edge."""
        q, r = self.rooms[room].at
        dq, dr = _STEP[direction]
        spot = (q + dq, r + dr)
        return next((x.id for x in self.rooms.values() if x.at == spot), None)

    def outer_edge(self, edge: Any) -> bool:
        """True if `edge` is a JSON `[room, direction]` side with no room beyond it (where a ladder leans)."""
        return (
            isinstance(edge, list)
            and len(edge) == 2
            and edge[0] in self.rooms
            and edge[1] in DIRECTIONS
            and self.neighbour(edge[0], edge[1]) is None
        )

    def direction(self, ring: str, letter: str) -> str:
        """The direction a letter points to on a ring of six letters."""
        return DIRECTIONS[ring.index(letter)]


def opposite(direction: str) -> str:
    """The direction straight back."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + 3) % 6]


def rotate(ring: str, steps: int) -> str:
    """A ring turned clockwise by `steps` sixths: each letter then points one direction further."""
    k = steps % 6
    return ring[-k:] + ring[:-k] if k else ring


def teleport(
    fortress: Fortress,
    rings: Mapping[str, str],
    standing: set[str],
    ladders: set[tuple[str, str]],
    start: str,
    letter: str,
    other: str | None,
) -> Move:
    """Where a Strigoi in `start` goes for `letter`.

    `standing` are the rooms whose platform still stands; `other` is the other Strigoi's room.
    """
    if letter == STAY:
        return Move(MoveKind.STAYED, start)
    way = fortress.direction(rings[start], letter)
    target = fortress.neighbour(start, way)
    if target is None and (start, way) in ladders:
        return Move(MoveKind.LADDER, start, way, (start, way))
    if target in standing:
        return _arrive(MoveKind.MOVED, start, target, way, other)
    back = opposite(way)
    target = fortress.neighbour(start, back)
    if target in standing:
        return _arrive(MoveKind.BOUNCED, start, target, back, other)
    return Move(MoveKind.STUCK, start, way)


def _arrive(kind: MoveKind, start: str, target: str, way: str, other: str | None) -> Move:
    """The move, unless the other Strigoi already stands there."""
    if target == other:
        return Move(MoveKind.BLOCKED, start, way)
    return Move(kind, target, way)
