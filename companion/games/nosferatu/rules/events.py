"""Nosferatu events: what happened, in the past tense (`to_dict()` gives `{"event": kind, ...}`)."""

from __future__ import annotations

from companion.rules import base
from companion.rules.base import Event


class GameSetUp(base.GameSetUp):
    """Seats, Renfield and the Clock pile are ready."""

    players: tuple[str, ...]
    renfield: str
    nights: int
    bites_to_win: int


class StakeGiven(Event):
    """`by` handed the Ancestral Stake to `to`, who starts round `round`."""

    to: str
    by: str
    round: int


class ClockShuffled(Event):
    """The Clock pile was shuffled for a new round."""

    nights: int


class TurnPlayed(Event):
    """`player` gave Renfield a card and discarded another."""

    player: str


class ClockRevealed(Event):
    """Renfield turned over a Clock card."""

    card: str
    nights_left: int


class RoundEnded(Event):
    """The round is over; `by` is the last Clock card revealed (dawn or night)."""

    round: int
    by: str


class Bitten(Event):
    """A Bite card was laid in front of `player`."""

    player: str
    bites: int
    total: int


class NightAdded(Event):
    """Night cards given to Renfield joined the Clock pile."""

    n: int
    nights: int


class RitualCast(Event):
    """All cards were Incantations: a Ritual was cast (`target`/`character` when it needs them)."""

    ritual: str
    name: str
    effect: str
    target: str | None
    character: str | None
    nights: int


class RoundResolved(Event):
    """Renfield has applied the round's cards."""

    round: int


class StakeUsed(Event):
    """The holder turned over `target`'s card with the stake."""

    holder: str
    target: str
    character: str


class StakeSpared(Event):
    """The holder did not use the stake at Dawn."""

    holder: str


class Adjusted(Event):
    """Counts were set to what is on the table."""

    changes: dict
