"""Pure mansion helpers: turn order with its tie-breaks, the nearest-free-room rule, the ranking."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from companion.games.mansion.rules.state import Outcome, Role, Seat


def order_key(seat: Seat, rooms: int) -> tuple:
    """Sort key: lower priority first, then lower room number, then higher roll-off dice."""
    return (seat.priority, seat.wanted_room(rooms), tuple(-v for v in seat.tiebreak))


def turn_order(seats: Sequence[Seat], rooms: int) -> tuple[str, ...]:
    """Names in turn order (stable on seating for players still tied)."""
    return tuple(s.name for s in sorted(seats, key=lambda s: order_key(s, rooms)))


def first_tie(seats: Sequence[Seat], rooms: int) -> tuple[str, ...]:
    """The earliest group of players whose keys are equal (they must roll off), or ()."""
    groups: dict[tuple, list[str]] = {}
    for s in sorted(seats, key=lambda s: order_key(s, rooms)):
        groups.setdefault(order_key(s, rooms), []).append(s.name)
    return next((tuple(g) for g in groups.values() if len(g) > 1), ())


def circular_distance(a: int, b: int, rooms: int) -> int:
    """Steps between room numbers on the dial 1..rooms (6 is next to 5 and to 1)."""
    d = abs(a - b) % rooms
    return min(d, rooms - d)


def destinations(wanted: int, counts: Mapping[int, int], capacity: int, rooms: int) -> tuple[int, ...]:
    """Rooms the player may enter: the wanted one if free, else the nearest free ones (one or two).

    Empty when every room is full: the player stays in the main hall.
    """
    free = [r for r in range(1, rooms + 1) if counts.get(r, 0) < capacity]
    if wanted in free:
        return (wanted,)
    if not free:
        return ()
    nearest = min(circular_distance(wanted, r, rooms) for r in free)
    return tuple(r for r in free if circular_distance(wanted, r, rooms) == nearest)


def ranking(
    outcome: Outcome,
    seats: Sequence[Seat],
    claimant: str | None,
    roles: Mapping[str, Role] | None,
    first_vampire: str | None,
    hand: Mapping[str, int],
) -> tuple[tuple[str, int], ...]:
    """Places (1 = winner) by the rulebook's winner list; the rest by score, ties share a place."""
    stored = {s.name: s.stored for s in seats}
    total = {s.name: s.stored + hand.get(s.name, 0) for s in seats}
    humans = None if roles is None else [p for p in stored if roles.get(p) is Role.HUMAN]
    score, head = stored, []
    if outcome is Outcome.POINTS and claimant:
        head = [claimant]
    elif outcome is Outcome.ALL_VAMPIRES or humans == []:
        head, score = ([first_vampire] if first_vampire else []), total
    elif humans is not None and len(humans) == 1:
        head = humans
    rest = [p for p in stored if p not in head]
    return tuple((p, 1) for p in head) + _places(rest, score, start=len(head) + 1)


def _places(names: Iterable[str], score: Mapping[str, int], start: int) -> tuple[tuple[str, int], ...]:
    """Competition ranking by score, highest first: equal scores share a place."""
    ordered = sorted(names, key=lambda p: -score[p])
    out, place = [], start
    for i, p in enumerate(ordered):
        if i and score[p] != score[ordered[i - 1]]:
            place = start + i
        out.append((p, place))
    return tuple(out)
