"""Armata Strigoi commands: one small frozen dataclass per JSON verb (the game's README.md).

The shared parser (`companion.rules.commands`) checks their shapes and fills the fixed defaults; the
checks that need the game (Powerwolves of this table, rooms of this fortress, ranges) and the defaults
that depend on the state are the fills of `game.py`, `encounter.py`, `adjust.py` and `setup.py`: typed
command in, typed command out, used by `canonical` and `apply` alike.
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

    cards: dict[str, dict[str, Any]]


class Encounter(Command, verb="encounter"):
    """The turn's one encounter: a red or grey token won, lost or (a Monk) freed."""

    colour: str
    result: str = "won"
    blood: bool = False
    reward: str = "none"


class Blood(Command, verb="blood"):
    """A won fight whose token shows a blood icon (its colour if the table gives it)."""

    colour: str | None = None


class Reward(Command, verb="reward"):
    """Reward cards drawn outside an encounter, by a Powerwolf (default: the one on turn)."""

    wolf: str | None = None
    n: int = 1


class LoseBlood(Command, verb="lose_blood"):
    """The pack loses a blood point (crushed, ladder, platform centre, other)."""

    reason: str = "other"


class Wound(Command, verb="wound"):
    """Wounds to a Powerwolf (a Double Wound is n=2)."""

    wolf: str
    n: int = 1


class Heal(Command, verb="heal"):
    """Wounds healed."""

    wolf: str
    n: int = 1


class AttackStrigoi(Command, verb="attack_strigoi"):
    """A Powerwolf's fight against a Strigoi (attack or counterattack); defaults: the Strigoi in play,
    the Powerwolf on turn (or the one attacked), one wound, won."""

    strigoi: str | None = None
    wolf: str | None = None
    wounds: int = 1
    won: bool = True


class StrigoiMove(Command, verb="strigoi_move"):
    """A Strigoi Action token flipped from the bag (or the table's `token` and its `bonus`) and the teleport."""

    token: str | None = None
    bonus: int | None = None


class StrigoiAttack(Command, verb="strigoi_attack"):
    """The teleported Strigoi hits a Powerwolf (wounds prevented, on a platform's centre?)."""

    wolf: str
    prevented: int = 0
    center: bool = False


class EndTurn(Command, verb="end_turn"):
    """The Powerwolf's turn is over."""


class Curse(Command, verb="curse"):
    """The extra Strigoi turn's curse: the Powerwolves hit."""

    hit: tuple[str, ...] = ()


class Rotate(Command, verb="rotate"):
    """Turn a standing platform clockwise by `steps` (negative: anticlockwise)."""

    room: str
    steps: int = 1


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
    Setup,
    Initiative,
    Encounter,
    Blood,
    Reward,
    LoseBlood,
    Wound,
    Heal,
    AttackStrigoi,
    StrigoiMove,
    StrigoiAttack,
    EndTurn,
    Curse,
    Rotate,
    Adjust,
)
