"""The city grid: adjacency, domination, which day effects are active, where agents hunt.

Positions are `A1`..`C3` (rows A-C top to bottom, columns 1-3); only orthogonal neighbours touch.
"""

from __future__ import annotations

from companion.errors import N_, CommandError
from companion.games.masters.rules.data import POSITIONS, MastersData
from companion.games.masters.rules.state import District, MastersState, Step


def check_pos(pos: str, what: str = "district") -> str:
    """`pos` if it is a grid position, else CommandError."""
    if pos not in POSITIONS:
        raise CommandError(N_("{what} must be a grid position A1..C3, not {pos!r}"), what=what, pos=pos)
    return pos


def adjacent(a: str, b: str) -> bool:
    """True if the two positions share a side (never diagonally, never the same)."""
    return distance(a, b) == 1


def neighbours(pos: str) -> tuple[str, ...]:
    """The positions orthogonally next to `pos`, in grid order."""
    return tuple(p for p in POSITIONS if adjacent(pos, p))


def distance(a: str, b: str) -> int:
    """Steps between two positions moving orthogonally."""
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1]) - int(b[1]))


def dominated(d: District) -> bool:
    """Minions rule the district: strictly more minions than agents, or a dread sigil there."""
    return d.sigil is not None or d.minions > d.agents


def active_day_effects(data: MastersData, s: MastersState) -> tuple[str, ...]:
    """Positions whose day effect is active now and not yet resolved this day (day-effects step only)."""
    if s.step is not Step.DAY_EFFECTS:
        return ()
    return tuple(
        d.pos
        for d in s.districts
        if d.pos not in s.day_resolved and data.district(d.key).effect.by_day and dominated(d)
    )


def hunts_due(s: MastersState) -> tuple[str, ...]:
    """Districts where agents attack by day: a non-drained vampire and 3+ agents, not fought yet."""
    if s.step is not Step.HUNT:
        return ()
    return tuple(
        d.pos
        for d in s.districts
        if d.pos not in s.hunted and d.agents >= 3 and any(not v.drained for v in s.vampires_in(d.pos))
    )


def watched(s: MastersState, pos: str) -> bool:
    """True if agents arriving here are noticed: a minion or a non-drained vampire is present."""
    return s.at(pos).minions > 0 or any(not v.drained for v in s.vampires_in(pos))
