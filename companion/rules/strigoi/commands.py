"""Armata Strigoi commands: one small frozen dataclass per JSON verb (docs/strigoi.md).

The shared parser (`companion.rules.commands`) checks their shapes; the checks that need the game
(Powerwolves of this table, rooms of this fortress, ranges) and the defaults are in the checks of
`game.py`, `encounter.py`, `adjust.py` and `setup.py`, which `canonical` and `apply` both use.
The ladders and the token mix stay JSON-shaped (`Any`): lists of [room, direction] and of objects.
"""

from __future__ import annotations

from typing import Any

from companion.rules.commands import Command


class Setup(Command, verb="setup"):
    """The pack, the Strigoi starts, ladders, rings, card values, token mix (defaults from the seed)."""

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


class Initiative(Command, verb="initiative"):
    """Everyone's card face up: {Powerwolf: {initiative, letter}}."""

    cards: dict[str, dict[str, Any]] | None = None


class Encounter(Command, verb="encounter"):
    """The turn's one encounter: a red or grey token won, lost or (a Monk) freed."""

    colour: str | None = None
    result: str | None = None
    blood: bool | None = None
    reward: str | None = None


class Blood(Command, verb="blood"):
    """A won fight whose token shows a blood icon (its colour if the table gives it)."""

    colour: str | None = None


class WolfCount(Command):
    """What Reward, Wound and Heal take: a Powerwolf (default: the one on turn) and how many (default 1)."""

    wolf: str | None = None
    n: int | None = None


class Reward(WolfCount, verb="reward"):
    """Reward cards drawn outside an encounter."""


class LoseBlood(Command, verb="lose_blood"):
    """The pack loses a blood point (crushed, ladder, platform centre, other)."""

    reason: str | None = None


class Wound(WolfCount, verb="wound"):
    """Wounds to a Powerwolf (a Double Wound is n=2)."""


class Heal(WolfCount, verb="heal"):
    """Wounds healed."""


class AttackStrigoi(Command, verb="attack_strigoi"):
    """A Powerwolf's fight against a Strigoi (attack or counterattack)."""

    strigoi: str | None = None
    wolf: str | None = None
    wounds: int | None = None
    won: bool | None = None


class StrigoiMove(Command, verb="strigoi_move"):
    """A Strigoi Action token flipped from the bag (or the table's) and the teleport."""

    token: str | None = None
    bonus: int | None = None


class StrigoiAttack(Command, verb="strigoi_attack"):
    """The teleported Strigoi hits a Powerwolf (wounds prevented, on a platform's centre?)."""

    wolf: str | None = None
    prevented: int | None = None
    center: bool | None = None


class EndTurn(Command, verb="end_turn"):
    """The Powerwolf's turn is over."""


class Curse(Command, verb="curse"):
    """The extra Strigoi turn's curse: the Powerwolves hit."""

    hit: tuple[str, ...] | None = None


class Rotate(Command, verb="rotate"):
    """Turn a standing platform clockwise by `steps` (negative: anticlockwise)."""

    room: str | None = None
    steps: int | None = None


class Adjust(Command, verb="adjust"):
    """Tables are always right: set counts to what is on the table."""

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
