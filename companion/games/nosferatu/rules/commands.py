"""Nosferatu commands (the game's README.md): a frozen dataclass for each verb, its fields the parameters.

`companion.rules.commands` parses the JSON; a Clock card or player left out is filled in by the engine.
"""

from __future__ import annotations

from companion.rules.commands import Command, SeatedSetup
from companion.rules.seats import Rename


class Setup(SeatedSetup):
    """Seat the table: `players` (or `names`), the seed, who is Renfield, the Bites the Vampire needs,
    the Night cards in the box (`night_cards`; none in a game journaled before they were counted)."""

    renfield: str | None = None
    bites_to_win: int | None = None
    night_cards: int | None = None


class GiveStake(Command, verb="give_stake"):
    """Hand the Ancestral Stake to `to`, who starts the next round."""

    to: str


class Play(Command, verb="play"):
    """The player whose turn it is passed a card to Renfield and discarded one."""

    player: str | None = None


class Reveal(Command, verb="reveal"):
    """Renfield turns over a Clock card: `card` is what the table saw, else the RNG decides."""

    card: str | None = None


class Bite(Command, verb="bite"):
    """Renfield lays a Bite card from the round's cards in front of `player`."""

    player: str


class AddNight(Command, verb="add_night"):
    """A Night card given to Renfield joins the Clock pile."""

    n: int = 1


class Cast(Command, verb="cast"):
    """Every card given was an Incantation: the stake holder casts `ritual`."""

    ritual: str
    target: str | None = None
    character: str | None = None


class Resolved(Command, verb="resolved"):
    """Renfield has applied every card given this round."""


class Stake(Command, verb="stake"):
    """At Dawn the holder turns over `target`'s character card (`character` as seen, if unknown)."""

    target: str
    character: str | None = None


class Spare(Command, verb="spare"):
    """At Dawn the holder chooses not to use the stake."""


class Adjust(Command, verb="adjust"):
    """Tables are always right: set counts to what is really on the table."""

    nights: int | None = None
    bites: dict[str, int] | None = None
    rituals: tuple[str, ...] | None = None
    holder: str | None = None


COMMANDS: tuple[type[Command], ...] = (
    Setup,
    GiveStake,
    Play,
    Reveal,
    Bite,
    AddNight,
    Cast,
    Resolved,
    Stake,
    Spare,
    Adjust,
    Rename,
)
