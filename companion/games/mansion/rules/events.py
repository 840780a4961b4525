"""Mansion events: what happened, in the past tense (`to_dict()` gives `{"event": kind, ...}`)."""

from __future__ import annotations

from companion.rules import base
from companion.rules.base import Event


class GameSetUp(base.GameSetUp):
    """Players seated, one card dealt on every room."""

    players: tuple[str, ...]
    clock_length: int


class RoundStarted(Event):
    """The round clock moved to `tick`; a card was dealt on every room."""

    tick: int


class DiceRolled(Event):
    """`player` has these dice now (`rerolled` lists the indices thrown again)."""

    player: str
    dice: tuple[int, ...]
    rerolled: tuple[int, ...]


class DiceAssigned(Event):
    """`player` chose priority and room."""

    player: str
    priority: int
    room: int


class TokenSpent(Event):
    """A Modify token changed `what` to `value`."""

    player: str
    what: str
    value: int
    tokens: int


class TieFound(Event):
    """These players share priority and room: they must roll off."""

    players: tuple[str, ...]


class RolledOff(Event):
    """Roll-off dice for a tie."""

    values: dict


class OrderSet(Event):
    """The turn order of this round."""

    order: tuple[str, ...]


class RoomEntered(Event):
    """`player` entered `room` (0 = main hall); `wanted` is what the die said."""

    player: str
    room: int
    wanted: int
    redirected: bool
    trade_with: str | None


class CardsTaken(Event):
    """Cards taken from a room."""

    player: str
    room: int
    n: int
    left: int


class RoomActed(Event):
    """The room's special action was carried out."""

    player: str
    room: str
    effect: str
    tokens: int


class PointsStored(Event):
    """Score cards went into `player`'s safe."""

    player: str
    points: int
    stored: int


class TurnEnded(Event):
    """`player` finished their turn."""

    player: str


class RolesRevealed(Event):
    """The role reveal at `tick` showed this many vampires and humans."""

    tick: int
    vampires: int
    humans: int


class PointsClaimed(Event):
    """`player` showed enough points to reach the target."""

    player: str
    total: int


class Adjusted(Event):
    """Counts set to what is on the table."""

    changes: dict


class GameOver(base.GameOver):
    """The game ended (`outcome`); `ranking` lists (player, place)."""

    ranking: tuple


class Ranked(Event):
    """The final ranking, with the roles and hands shown."""

    ranking: tuple
