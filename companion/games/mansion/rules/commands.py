"""Mansion commands (the game's README.md): one frozen dataclass per verb, parsed by `companion.rules.commands`.

Dice a command leaves out are thrown by the engine and written into its canonical form.
"""

from __future__ import annotations

from companion.rules.commands import Command, SeatedSetup
from companion.rules.seats import Rename


class Setup(SeatedSetup):
    """Seat the table (`players` or `names`) with the clock, target, tokens, Vault limit and role deck."""

    clock_length: int | None = None
    target: int | None = None
    start_tokens: int | None = None
    vault_limit: int = 0
    vampires: int | None = None


class Roll(Command, verb="roll"):
    """`player` throws two dice: `values` as the table rolled them, else the RNG rolls."""

    player: str
    values: tuple[int, ...] | None = None


class Reroll(Command, verb="reroll"):
    """A Reroll card: throw again the dice at `dice` (indices 0/1; default both, or the room die)."""

    player: str
    dice: tuple[int, ...] | None = None
    values: tuple[int, ...] | None = None


class Assign(Command, verb="assign"):
    """`player` picks which die value is the turn priority; the other die names the room."""

    player: str
    priority: int


class Modify(Command, verb="modify"):
    """Spend a Modify token: `delta` +1/-1 on the priority or the room number."""

    player: str
    what: str
    delta: int


class Lock(Command, verb="lock"):
    """Everyone has assigned their dice: work out the turn order."""


class Rolloff(Command, verb="rolloff"):
    """Tied players roll again (`values` {player: die}, else the RNG): highest goes first."""

    values: dict[str, int] | None = None


class Enter(Command, verb="enter"):
    """The player on turn enters a room (`room` picks between two equally near free rooms)."""

    room: int | None = None


class Take(Command, verb="take"):
    """Take `n` cards lying in the room (default all)."""

    n: int | None = None


class RoomAction(Command, verb="room_action"):
    """Carry out the room's special action (the Library hands out Modify tokens)."""


class Store(Command, verb="store"):
    """In the Vault: put score cards (values 1/3/5) into the safe."""

    cards: tuple[int, ...]


class EndTurn(Command, verb="end_turn"):
    """The player on turn is done (trading with a room-mate happens at the table)."""


class RevealRoles(Command, verb="reveal_roles"):
    """At a reveal tick: how many vampire role cards were turned up."""

    vampires: int


class Claim(Command, verb="claim"):
    """`player` shows `hand_points` in score cards: with the safe they reach the target."""

    player: str
    hand_points: int


class Rank(Command, verb="rank"):
    """After the end: roles as revealed, the first vampire and hand points refine the ranking."""

    roles: dict[str, str] | None = None
    first_vampire: str | None = None
    hand_points: dict[str, int] | None = None


class Adjust(Command, verb="adjust"):
    """Tables are always right: set tokens/stored of `player`, room cards, vampires or the tick."""

    player: str | None = None
    tokens: int | None = None
    stored: int | None = None
    room_cards: dict[str, int] | None = None
    vampires: int | None = None
    tick: int | None = None


COMMANDS: tuple[type[Command], ...] = (
    Setup,
    Roll,
    Reroll,
    Assign,
    Modify,
    Lock,
    Rolloff,
    Enter,
    Take,
    RoomAction,
    Store,
    EndTurn,
    RevealRoles,
    Claim,
    Rank,
    Adjust,
    Rename,
)
