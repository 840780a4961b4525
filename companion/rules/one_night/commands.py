"""One Night commands: one small frozen dataclass per JSON verb (docs/one-night.md).

The shared parser (`companion.rules.commands`) checks their shapes; the checks that need the game
(seats at this table, known roles and Marks, steps of this script) live in `game.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.rules.commands import Command


@dataclass(frozen=True)
class Setup(Command):
    """Seat the table; roles come from the seed unless given; Marks, self votes and timers default."""

    verb: ClassVar[str] = "setup"
    game: str | None = None
    players: int | None = None
    seed: int = 0
    roles: tuple[str, ...] | None = None
    marks: bool | None = None
    self_vote: bool | None = None
    timers: dict[str, int] | None = None
    names: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Next(Command):
    """On to the next step (its timer ran out, or someone tapped next)."""

    verb: ClassVar[str] = "next"


@dataclass(frozen=True)
class Pause(Command):
    """Hold the narration."""

    verb: ClassVar[str] = "pause"


@dataclass(frozen=True)
class Resume(Command):
    """Go on after a pause."""

    verb: ClassVar[str] = "resume"


@dataclass(frozen=True)
class Extend(Command):
    """More talking time in the day's discussion."""

    verb: ClassVar[str] = "extend"
    seconds: int = 60


@dataclass(frozen=True)
class Vote(Command):
    """Who points at whom: {seat: target seat} for every seat."""

    verb: ClassVar[str] = "vote"
    votes: dict[str, int] | None = None


@dataclass(frozen=True)
class Reveal(Command):
    """The cards and Marks turned face up ({seat: role}, {seat: Mark}); `killed` if the table says so."""

    verb: ClassVar[str] = "reveal"
    cards: dict[str, str] | None = None
    marks: dict[str, str] | None = None
    killed: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Adjust(Command):
    """Move the narrator to another step of the script (a correction)."""

    verb: ClassVar[str] = "adjust"
    step: str | None = None


COMMANDS: tuple[type[Command], ...] = (Setup, Next, Pause, Resume, Extend, Vote, Reveal, Adjust)
