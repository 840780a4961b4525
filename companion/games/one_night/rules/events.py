"""What the narrator reports, in the past tense. The app speaks `close` then `prompt`."""

from __future__ import annotations

from companion.rules import base
from companion.rules.base import Event


class GameSetUp(base.GameSetUp):
    """The roles are chosen and the script is ready."""

    players: int
    roles: tuple[str, ...]
    steps: int


class StepEnded(Event):
    """A step is over; `close` is the line to say (may be empty)."""

    step: str
    close: str


class StepStarted(Event):
    """A new step: say `prompt`, then count `seconds` (None: wait for the table)."""

    step: str
    phase: str
    wakes: tuple[str, ...]
    prompt: str
    seconds: int | None


class Paused(Event):
    """The narrator holds; the app stops counting."""


class Resumed(Event):
    """The narrator goes on where it held."""


class TimerExtended(Event):
    """More time for the current step."""

    step: str
    seconds: int
    total: int


class VotesCounted(Event):
    """Who got how many votes; `leaders` are the seats with the most; `names` the seats' names, seat
    1 first (an unnamed seat's code), so the log can name them."""

    tally: dict
    leaders: tuple[int, ...]
    names: tuple[str, ...] = ()


class Revealed(Event):
    """Cards and Marks are shown: who died and who won (`names`: the seats' names, seat 1 first)."""

    killed: tuple[int, ...]
    winners: tuple[int, ...]
    teams: tuple[str, ...]
    names: tuple[str, ...] = ()


class StepAdjusted(Event):
    """The table moved the narrator to another step (a correction)."""

    step: str
