"""Mansion commands (docs/mansion.md): one frozen dataclass per verb, parsed by `companion.rules.commands`.

Dice a command leaves out are thrown by the engine and written into its canonical form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.rules.commands import Command, SeatedSetup


@dataclass(frozen=True)
class Setup(SeatedSetup):
    """Seat the table (`players` or `names`) with the clock, target, tokens, Vault limit and role deck."""

    clock_length: int | None = None
    target: int | None = None
    start_tokens: int | None = None
    vault_limit: int = 0
    vampires: int | None = None


@dataclass(frozen=True)
class Roll(Command):
    """`player` throws two dice: `values` as the table rolled them, else the RNG rolls."""

    verb: ClassVar[str] = "roll"
    player: str
    values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Reroll(Command):
    """A Reroll card: throw again the dice at `dice` (indices 0/1; default both, or the room die)."""

    verb: ClassVar[str] = "reroll"
    player: str
    dice: tuple[int, ...] | None = None
    values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Assign(Command):
    """`player` picks which die value is the turn priority; the other die names the room."""

    verb: ClassVar[str] = "assign"
    player: str
    priority: int


@dataclass(frozen=True)
class Modify(Command):
    """Spend a Modify token: `delta` +1/-1 on the priority or the room number."""

    verb: ClassVar[str] = "modify"
    player: str
    what: str
    delta: int


@dataclass(frozen=True)
class Lock(Command):
    """Everyone has assigned their dice: work out the turn order."""

    verb: ClassVar[str] = "lock"

@dataclass(frozen=True)
class Rolloff(Command):
    """Tied players roll again (`values` {player: die}, else the RNG): highest goes first."""

    verb: ClassVar[str] = "rolloff"
    values: dict[str, int] | None = None


@dataclass(frozen=True)
class Enter(Command):
    """The player on turn enters a room (`room` picks between two equally near free rooms)."""

    verb: ClassVar[str] = "enter"
    room: int | None = None


@dataclass(frozen=True)
class Take(Command):
    """Take `n` cards lying in the room (default all)."""

    verb: ClassVar[str] = "take"
    n: int | None = None


@dataclass(frozen=True)
class RoomAction(Command):
    """Carry out the room's special action (the Library hands out Modify tokens)."""

    verb: ClassVar[str] = "room_action"

@dataclass(frozen=True)
class Store(Command):
    """In the Vault: put score cards (values 1/3/5) into the safe."""

    verb: ClassVar[str] = "store"
    cards: tuple[int, ...]


@dataclass(frozen=True)
class EndTurn(Command):
    """The player on turn is done (trading with a room-mate happens at the table)."""

    verb: ClassVar[str] = "end_turn"

@dataclass(frozen=True)
class RevealRoles(Command):
    """At a reveal tick: how many vampire role cards were turned up."""

    verb: ClassVar[str] = "reveal_roles"
    vampires: int


@dataclass(frozen=True)
class Claim(Command):
    """`player` shows `hand_points` in score cards: with the safe they reach the target."""

    verb: ClassVar[str] = "claim"
    player: str
    hand_points: int


@dataclass(frozen=True)
class Rank(Command):
    """After the end: roles as revealed, the first vampire and hand points refine the ranking."""

    verb: ClassVar[str] = "rank"
    roles: dict[str, str] | None = None
    first_vampire: str | None = None
    hand_points: dict[str, int] | None = None


@dataclass(frozen=True)
class Adjust(Command):
    """Tables are always right: set tokens/stored of `player`, room cards, vampires or the tick."""

    verb: ClassVar[str] = "adjust"
    player: str | None = None
    tokens: int | None = None
    stored: int | None = None
    room_cards: dict[str, int] | None = None
    vampires: int | None = None
    tick: int | None = None


COMMANDS: tuple[type[Command], ...] = (
    Setup, Roll, Reroll, Assign, Modify, Lock, Rolloff, Enter, Take, RoomAction, Store, EndTurn, RevealRoles, Claim, Rank, Adjust,
)
