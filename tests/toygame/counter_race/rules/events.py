"""What happens in a race (the events a command's `apply` gives; the log's lines are in words.py)."""

from __future__ import annotations

from companion.rules import base
from companion.rules.base import Event, GameOver  # noqa: F401  (every game's last)


class GameSetUp(base.GameSetUp):
    """The race began: the seats in order (the first starts) and the goal."""

    names: tuple[str, ...]
    goal: int


class Added(Event):
    """`player` added `n`; the counter is at `counter`."""

    player: str
    n: int
    counter: int
