"""Armata Strigoi commands: one small frozen dataclass per JSON verb (docs/strigoi.md).

The shared parser (`companion.rules.commands`) checks their shapes; the checks that need the game
(Powerwolves of this table, rooms of this fortress, ranges) and the defaults are in the checks of
`game.py`, `encounter.py`, `adjust.py` and `setup.py`, which `canonical` and `apply` both use.
The ladders and the token mix stay JSON-shaped (`Any`): lists of [room, direction] and of objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.rules.commands import Command


@dataclass(frozen=True)
class Setup(Command):
    """The pack, the Strigoi starts, ladders, rings, card values, token mix (defaults from the seed)."""

    verb: ClassVar[str] = "setup"
    game: str | None = None
    players: int | None = None
    seed: int | None = None
    powerwolves: tuple[str, ...] | None = None
    start: dict[str, str] | None = None
    ladders: Any = None
    rings: dict[str, str] | None = None
    stats: dict[str, dict[str, int]] | None = None
    tokens: Any = None
    examples: tuple[str, ...] | None = None
    one_encounter: bool | None = None


@dataclass(frozen=True)
class Initiative(Command):
    """Everyone's card face up: {Powerwolf: {initiative, letter}}."""

    verb: ClassVar[str] = "initiative"
    cards: dict[str, dict[str, Any]] | None = None


@dataclass(frozen=True)
class Encounter(Command):
    """The turn's one encounter: a red or grey token won, lost or (a Monk) freed."""

    verb: ClassVar[str] = "encounter"
    colour: str | None = None
    result: str | None = None
    blood: bool | None = None
    reward: str | None = None


@dataclass(frozen=True)
class Blood(Command):
    """A won fight whose token shows a blood icon (its colour if the table gives it)."""

    verb: ClassVar[str] = "blood"
    colour: str | None = None


@dataclass(frozen=True)
class Reward(Command):
    """Reward cards drawn outside an encounter."""

    verb: ClassVar[str] = "reward"
    wolf: str | None = None
    n: int | None = None


@dataclass(frozen=True)
class LoseBlood(Command):
    """The pack loses a blood point (crushed, ladder, platform centre, other)."""

    verb: ClassVar[str] = "lose_blood"
    reason: str | None = None


@dataclass(frozen=True)
class Wound(Command):
    """Wounds to a Powerwolf (a Double Wound is n=2)."""

    verb: ClassVar[str] = "wound"
    wolf: str | None = None
    n: int | None = None


@dataclass(frozen=True)
class Heal(Command):
    """Wounds healed."""

    verb: ClassVar[str] = "heal"
    wolf: str | None = None
    n: int | None = None


@dataclass(frozen=True)
class AttackStrigoi(Command):
    """A Powerwolf's fight against a Strigoi (attack or counterattack)."""

    verb: ClassVar[str] = "attack_strigoi"
    strigoi: str | None = None
    wolf: str | None = None
    wounds: int | None = None
    won: bool | None = None


@dataclass(frozen=True)
class StrigoiMove(Command):
    """A Strigoi Action token flipped from the bag (or the table's) and the teleport."""

    verb: ClassVar[str] = "strigoi_move"
    token: str | None = None
    bonus: int | None = None


@dataclass(frozen=True)
class StrigoiAttack(Command):
    """The teleported Strigoi hits a Powerwolf (wounds prevented, on a platform's centre?)."""

    verb: ClassVar[str] = "strigoi_attack"
    wolf: str | None = None
    prevented: int | None = None
    center: bool | None = None


@dataclass(frozen=True)
class EndTurn(Command):
    """The Powerwolf's turn is over."""

    verb: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class Curse(Command):
    """The extra Strigoi turn's curse: the Powerwolves hit."""

    verb: ClassVar[str] = "curse"
    hit: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Rotate(Command):
    """Turn a standing platform clockwise by `steps` (negative: anticlockwise)."""

    verb: ClassVar[str] = "rotate"
    room: str | None = None
    steps: int | None = None


@dataclass(frozen=True)
class Adjust(Command):
    """Tables are always right: set counts to what is on the table."""

    verb: ClassVar[str] = "adjust"
    altar: int | None = None
    inferno: int | None = None
    wounds: dict[str, int] | None = None
    strigoi: dict[str, dict[str, Any]] | None = None
    collapsed: tuple[str, ...] | None = None
    ladders: Any = None
    marker: bool | None = None
    rewards: dict[str, int] | None = None


COMMANDS: tuple[type[Command], ...] = (
    Setup, Initiative, Encounter, Blood, Reward, LoseBlood, Wound, Heal, AttackStrigoi, StrigoiMove,
    StrigoiAttack, EndTurn, Curse, Rotate, Adjust,
)
