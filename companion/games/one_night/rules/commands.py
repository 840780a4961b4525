"""One Night commands: one small frozen dataclass per JSON verb (the game's README.md).

The shared parser (`companion.rules.commands`) checks their shapes; the checks that need the game
(seats at this table, known roles and Marks, steps of this script) live in `game.py`.
"""

from __future__ import annotations

from companion.rules.commands import Command
from companion.rules.seats import Rename


class Setup(Command, verb="setup"):
    """Seat the table; roles come from the seed unless given; Marks, self votes and timers default."""

    game: str | None = None
    players: int | None = None
    seed: int = 0
    roles: tuple[str, ...] | None = None
    marks: bool | None = None
    self_vote: bool | None = None
    timers: dict[str, int] | None = None
    names: tuple[str, ...] | None = None


class Next(Command, verb="next"):
    """On to the next step (its timer ran out, or someone tapped next)."""


class Pause(Command, verb="pause"):
    """Hold the narration."""


class Resume(Command, verb="resume"):
    """Go on after a pause."""


class Extend(Command, verb="extend"):
    """More talking time in the day's discussion."""

    seconds: int = 60


class Vote(Command, verb="vote"):
    """Who points at whom: {seat: target seat} for every seat."""

    votes: dict[str, int]


class Reveal(Command, verb="reveal"):
    """The cards and Marks turned face up ({seat: role}, {seat: Mark}); `killed` if the table says so."""

    cards: dict[str, str]
    marks: dict[str, str] | None = None
    killed: tuple[int, ...] | None = None


class Adjust(Command, verb="adjust"):
    """Move the narrator to another step of the script (a correction)."""

    step: str


COMMANDS: tuple[type[Command], ...] = (Setup, Next, Pause, Resume, Extend, Vote, Reveal, Adjust, Rename)
