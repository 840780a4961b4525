"""Nosferatu commands: the JSON verbs as small frozen dataclasses, parsed and type-checked.

Each dataclass names one verb (`VERBS`); its fields are the parameters, with defaults for the
optional ones. `parse(command)` turns a `{"cmd": ...}` dict into one of them or raises CommandError
(the shared checks live in `companion.rules.parsing`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rules.parsing import parse_command


@dataclass(frozen=True)
class GiveStake:
    """Hand the Ancestral Stake to `to`, who starts the next round."""

    to: str


@dataclass(frozen=True)
class Play:
    """The player whose turn it is passed a card to Renfield and discarded one."""

    player: str | None = None


@dataclass(frozen=True)
class Reveal:
    """Renfield turns over a Clock card: `card` is what the table saw, else the RNG decides."""

    card: str | None = None


@dataclass(frozen=True)
class Bite:
    """Renfield lays a Bite card from the round's cards in front of `player`."""

    player: str


@dataclass(frozen=True)
class AddNight:
    """A Night card given to Renfield joins the Clock pile."""

    n: int = 1


@dataclass(frozen=True)
class Cast:
    """Every card given was an Incantation: the stake holder casts `ritual`."""

    ritual: str
    target: str | None = None
    character: str | None = None


@dataclass(frozen=True)
class Resolved:
    """Renfield has applied every card given this round."""


@dataclass(frozen=True)
class Stake:
    """At Dawn the holder turns over `target`'s character card (`character` as seen, if unknown)."""

    target: str
    character: str | None = None


@dataclass(frozen=True)
class Spare:
    """At Dawn the holder chooses not to use the stake."""


@dataclass(frozen=True)
class Adjust:
    """Tables are always right: set counts to what is really on the table."""

    nights: int | None = None
    bites: dict[str, int] | None = None
    rituals: tuple[str, ...] | None = None
    holder: str | None = None


VERBS: dict[str, type] = {
    "give_stake": GiveStake,
    "play": Play,
    "reveal": Reveal,
    "bite": Bite,
    "add_night": AddNight,
    "cast": Cast,
    "resolved": Resolved,
    "stake": Stake,
    "spare": Spare,
    "adjust": Adjust,
}


def parse(command: Any) -> Any:
    """The dataclass for a JSON command; CommandError if the verb or a parameter is wrong."""
    return parse_command(command, VERBS)
