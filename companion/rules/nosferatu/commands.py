"""Nosferatu commands (docs/nosferatu.md): a frozen dataclass for each verb, its fields the parameters.

`companion.rules.commands` parses the JSON; a Clock card or player left out is filled in by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.rules.commands import Command, SeatedSetup


@dataclass(frozen=True)
class Setup(SeatedSetup):
    """Seat the table: `players` (or `names`), the seed, who is Renfield, the Bites the Vampire needs."""

    renfield: str | None = None
    bites_to_win: int | None = None


@dataclass(frozen=True)
class GiveStake(Command):
    """Hand the Ancestral Stake to `to`, who starts the next round."""

    verb: ClassVar[str] = "give_stake"
    to: str


@dataclass(frozen=True)
class Play(Command):
    """The player whose turn it is passed a card to Renfield and discarded one."""

    verb: ClassVar[str] = "play"
    player: str | None = None


@dataclass(frozen=True)
class Reveal(Command):
    """Renfield turns over a Clock card: `card` is what the table saw, else the RNG decides."""

    verb: ClassVar[str] = "reveal"
    card: str | None = None


@dataclass(frozen=True)
class Bite(Command):
    """Renfield lays a Bite card from the round's cards in front of `player`."""

    verb: ClassVar[str] = "bite"
    player: str


@dataclass(frozen=True)
class AddNight(Command):
    """A Night card given to Renfield joins the Clock pile."""

    verb: ClassVar[str] = "add_night"
    n: int = 1


@dataclass(frozen=True)
class Cast(Command):
    """Every card given was an Incantation: the stake holder casts `ritual`."""

    verb: ClassVar[str] = "cast"
    ritual: str
    target: str | None = None
    character: str | None = None


@dataclass(frozen=True)
class Resolved(Command):
    """Renfield has applied every card given this round."""

    verb: ClassVar[str] = "resolved"


@dataclass(frozen=True)
class Stake(Command):
    """At Dawn the holder turns over `target`'s character card (`character` as seen, if unknown)."""

    verb: ClassVar[str] = "stake"
    target: str
    character: str | None = None


@dataclass(frozen=True)
class Spare(Command):
    """At Dawn the holder chooses not to use the stake."""

    verb: ClassVar[str] = "spare"


@dataclass(frozen=True)
class Adjust(Command):
    """Tables are always right: set counts to what is really on the table."""

    verb: ClassVar[str] = "adjust"
    nights: int | None = None
    bites: dict[str, int] | None = None
    rituals: tuple[str, ...] | None = None
    holder: str | None = None


COMMANDS: tuple[type[Command], ...] = (Setup, GiveStake, Play, Reveal, Bite, AddNight, Cast, Resolved, Stake,
                                       Spare, Adjust)
