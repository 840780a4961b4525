"""Nosferatu events: what happened, in the past tense (`to_dict()` gives `{"event": kind, ...}`)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules import base
from companion.rules.base import Event


@dataclass(frozen=True)
class GameSetUp(base.GameSetUp):
    """Seats, Renfield and the Clock pile are ready."""

    players: tuple[str, ...]
    renfield: str
    nights: int
    bites_to_win: int


@dataclass(frozen=True)
class StakeGiven(Event):
    """`by` handed the Ancestral Stake to `to`, who starts round `round`."""

    to: str
    by: str
    round: int


@dataclass(frozen=True)
class ClockShuffled(Event):
    """The Clock pile was shuffled for a new round."""

    nights: int


@dataclass(frozen=True)
class TurnPlayed(Event):
    """`player` gave Renfield a card and discarded another."""

    player: str


@dataclass(frozen=True)
class ClockRevealed(Event):
    """Renfield turned over a Clock card."""

    card: str
    nights_left: int


@dataclass(frozen=True)
class RoundEnded(Event):
    """The round is over; `by` is the last Clock card revealed (dawn or night)."""

    round: int
    by: str


@dataclass(frozen=True)
class Bitten(Event):
    """A Bite card was laid in front of `player`."""

    player: str
    bites: int
    total: int


@dataclass(frozen=True)
class NightAdded(Event):
    """Night cards given to Renfield joined the Clock pile."""

    n: int
    nights: int


@dataclass(frozen=True)
class RitualCast(Event):
    """All cards were Incantations: a Ritual was cast (`target`/`character` when it needs them)."""

    ritual: str
    name: str
    effect: str
    target: str | None
    character: str | None
    nights: int


@dataclass(frozen=True)
class RoundResolved(Event):
    """Renfield has applied the round's cards."""

    round: int


@dataclass(frozen=True)
class StakeUsed(Event):
    """The holder turned over `target`'s card with the stake."""

    holder: str
    target: str
    character: str


@dataclass(frozen=True)
class StakeSpared(Event):
    """The holder did not use the stake at Dawn."""

    holder: str


@dataclass(frozen=True)
class Adjusted(Event):
    """Counts were set to what is on the table."""

    changes: dict
