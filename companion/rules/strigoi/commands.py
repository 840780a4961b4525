"""Armata Strigoi commands: one small frozen dataclass per JSON verb (docs/strigoi.md).

The shared parser (`companion.rules.commands`) checks their shapes; the checks that need the game
(Powerwolves of this table, rooms of this fortress, ranges) and the defaults are in the `fill_*`
functions of `game.py`, `encounter.py` and `adjust.py`, which `canonical` and `apply` both use.
Nested values (a card per Powerwolf, the ladders, the token mix) stay JSON-shaped (`Any`).
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
    start: Any = None
    ladders: Any = None
    rings: Any = None
    stats: Any = None
    tokens: Any = None
    examples: Any = None
    one_encounter: bool | None = None


@dataclass(frozen=True)
class Initiative(Command):
    """Everyone's card face up: {Powerwolf: {initiative, letter}}."""

    verb: ClassVar[str] = "initiative"
    cards: Any = None


@dataclass(frozen=True)
class Encounter(Command):
    """The turn's one encounter: a red or grey token won, lost or (a Monk) freed."""

    verb: ClassVar[str] = "encounter"
    colour: Any = None
    result: Any = None
    blood: Any = None
    reward: Any = None


@dataclass(frozen=True)
class Blood(Command):
    """A won fight whose token shows a blood icon (its colour if the table gives it)."""

    verb: ClassVar[str] = "blood"
    colour: Any = None


@dataclass(frozen=True)
class Reward(Command):
    """Reward cards drawn outside an encounter."""

    verb: ClassVar[str] = "reward"
    wolf: Any = None
    n: Any = None


@dataclass(frozen=True)
class LoseBlood(Command):
    """The pack loses a blood point (crushed, ladder, platform centre, other)."""

    verb: ClassVar[str] = "lose_blood"
    reason: Any = None


@dataclass(frozen=True)
class Wound(Command):
    """Wounds to a Powerwolf (a Double Wound is n=2)."""

    verb: ClassVar[str] = "wound"
    wolf: Any = None
    n: Any = None


@dataclass(frozen=True)
class Heal(Command):
    """Wounds healed."""

    verb: ClassVar[str] = "heal"
    wolf: Any = None
    n: Any = None


@dataclass(frozen=True)
class AttackStrigoi(Command):
    """A Powerwolf's fight against a Strigoi (attack or counterattack)."""

    verb: ClassVar[str] = "attack_strigoi"
    strigoi: Any = None
    wolf: Any = None
    wounds: Any = None
    won: Any = None


@dataclass(frozen=True)
class StrigoiMove(Command):
    """A Strigoi Action token flipped from the bag (or the table's) and the teleport."""

    verb: ClassVar[str] = "strigoi_move"
    token: Any = None
    bonus: Any = None


@dataclass(frozen=True)
class StrigoiAttack(Command):
    """The teleported Strigoi hits a Powerwolf (wounds prevented, on a platform's centre?)."""

    verb: ClassVar[str] = "strigoi_attack"
    wolf: Any = None
    prevented: Any = None
    center: Any = None


@dataclass(frozen=True)
class EndTurn(Command):
    """The Powerwolf's turn is over."""

    verb: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class Curse(Command):
    """The extra Strigoi turn's curse: the Powerwolves hit."""

    verb: ClassVar[str] = "curse"
    hit: Any = None


@dataclass(frozen=True)
class Rotate(Command):
    """Turn a standing platform clockwise by `steps` (negative: anticlockwise)."""

    verb: ClassVar[str] = "rotate"
    room: Any = None
    steps: Any = None


@dataclass(frozen=True)
class Adjust(Command):
    """Tables are always right: set counts to what is on the table."""

    verb: ClassVar[str] = "adjust"
    altar: Any = None
    inferno: Any = None
    wounds: Any = None
    strigoi: Any = None
    collapsed: Any = None
    ladders: Any = None
    marker: Any = None
    rewards: Any = None


COMMANDS: tuple[type[Command], ...] = (
    Setup, Initiative, Encounter, Blood, Reward, LoseBlood, Wound, Heal, AttackStrigoi, StrigoiMove,
    StrigoiAttack, EndTurn, Curse, Rotate, Adjust,
)
