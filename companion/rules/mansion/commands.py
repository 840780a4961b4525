"""Mansion commands: the JSON verbs as small frozen dataclasses, parsed and type-checked.

Each dataclass names one verb (`VERBS`); its fields are the parameters, with defaults for the
optional ones. `parse(command)` turns a `{"cmd": ...}` dict into one of them or raises CommandError
(the shared checks live in `companion.rules.parsing`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rules.parsing import parse_command


@dataclass(frozen=True)
class Roll:
    """`player` throws two dice: `values` as the table rolled them, else the RNG rolls."""

    player: str
    values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Reroll:
    """A Reroll card: throw again the dice at `dice` (indices 0/1; default both, or the room die)."""

    player: str
    dice: tuple[int, ...] | None = None
    values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Assign:
    """`player` picks which die value is the turn priority; the other die names the room."""

    player: str
    priority: int


@dataclass(frozen=True)
class Modify:
    """Spend a Modify token: `delta` +1/-1 on the priority or the room number."""

    player: str
    what: str
    delta: int


@dataclass(frozen=True)
class Lock:
    """Everyone has assigned their dice: work out the turn order."""


@dataclass(frozen=True)
class Rolloff:
    """Tied players roll again (`values` {player: die}, else the RNG): highest goes first."""

    values: dict[str, int] | None = None


@dataclass(frozen=True)
class Enter:
    """The player on turn enters a room (`room` picks between two equally near free rooms)."""

    room: int | None = None


@dataclass(frozen=True)
class Take:
    """Take `n` cards lying in the room (default all)."""

    n: int | None = None


@dataclass(frozen=True)
class RoomAction:
    """Carry out the room's special action (the Library hands out Modify tokens)."""


@dataclass(frozen=True)
class Store:
    """In the Vault: put score cards (values 1/3/5) into the safe."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class EndTurn:
    """The player on turn is done (trading with a room-mate happens at the table)."""


@dataclass(frozen=True)
class RevealRoles:
    """At a reveal tick: how many vampire role cards were turned up."""

    vampires: int


@dataclass(frozen=True)
class Claim:
    """`player` shows `hand_points` in score cards: with the safe they reach the target."""

    player: str
    hand_points: int


@dataclass(frozen=True)
class Rank:
    """After the end: roles as revealed, the first vampire and hand points refine the ranking."""

    roles: dict[str, str] | None = None
    first_vampire: str | None = None
    hand_points: dict[str, int] | None = None


@dataclass(frozen=True)
class Adjust:
    """Tables are always right: set tokens/stored of `player`, room cards, vampires or the tick."""

    player: str | None = None
    tokens: int | None = None
    stored: int | None = None
    room_cards: dict[str, int] | None = None
    vampires: int | None = None
    tick: int | None = None


VERBS: dict[str, type] = {
    "roll": Roll, "reroll": Reroll, "assign": Assign, "modify": Modify, "lock": Lock,
    "rolloff": Rolloff, "enter": Enter, "take": Take, "room_action": RoomAction, "store": Store,
    "end_turn": EndTurn, "reveal_roles": RevealRoles, "claim": Claim, "rank": Rank,
    "adjust": Adjust,
}


def parse(command: Any) -> Any:
    """The dataclass for a JSON command; CommandError if the verb or a parameter is wrong."""
    return parse_command(command, VERBS)
