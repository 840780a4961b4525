"""The small contract every game module fulfils (the OpenSpiel Game/State split, kept pure).

A *Game* holds the fixed rules and data (districts, cards, tracks) and makes states.
A *State* is an immutable value: `apply` returns a new one, so undo, replay and previews are free.
Commands come in as JSON-like dicts `{"cmd": "<verb>", ...}` (docs/masters.md) and are parsed
into small frozen dataclasses inside each game; events come out as frozen dataclasses whose
`to_dict()` is `{"event": "<kind>", ...}`.

Nothing in `companion.rules` does I/O, reads a clock or uses the global `random`: randomness is a
seeded `random.Random` rebuilt from values carried in the state.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping, Protocol, runtime_checkable

from companion.errors import CommandError, RuleViolation
from companion.rules import POSITIONS

__all__ = ["Action", "Event", "Game", "CommandError", "RuleViolation", "POSITIONS"]


@dataclass(frozen=True)
class Event:
    """Something that happened, in the past tense. Subclasses add fields; `kind` names it."""

    @property
    def kind(self) -> str:
        """Snake-case name of the event, e.g. `agents_placed`."""
        name = type(self).__name__
        return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")

    def to_dict(self) -> dict[str, Any]:
        """`{"event": kind, **fields}` with JSON-friendly values."""
        out: dict[str, Any] = {"event": self.kind}
        for f in fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out


@dataclass(frozen=True)
class Action:
    """One thing the table may do now: the command it sends, how to show it, and why it is greyed out.

    `command` is the JSON command (parameters the player still has to choose are listed in `needs`);
    `enabled` is False with `why_not` saying the rule, e.g. "kill count 4 needed".
    """

    command: Mapping[str, Any]
    label: str
    cost: str = ""
    enabled: bool = True
    why_not: str | None = None
    needs: tuple[str, ...] = ()


@runtime_checkable
class Game(Protocol):
    """What the journal, the CLI, the UI and the lighting rely on. Implemented once per game."""

    id: str
    title: str

    def setup(self, command: Mapping[str, Any]) -> tuple[Any, list[Event]]:
        """Initial state from a `{"cmd": "setup", ...}` command; CommandError/RuleViolation if bad."""

    def apply(self, state: Any, command: Mapping[str, Any]) -> tuple[Any, list[Event]]:
        """New state and events, or raise RuleViolation/CommandError and change nothing."""

    def canonical(self, state: Any | None, command: Mapping[str, Any]) -> dict[str, Any]:
        """The command with every data-derived or defaulted value made explicit (what the journal
        stores), so a replay gives the same game even after the user teaches new card data."""

    def actions(self, state: Any) -> list[Action]:
        """What may be done now (enabled or not, with the reason), for the screen and the buttons."""

    def to_json(self, state: Any) -> dict[str, Any]:
        """The state as the documented JSON object (keys may be added, never renamed)."""

    def from_json(self, data: Mapping[str, Any]) -> Any:
        """Inverse of `to_json`: `from_json(to_json(s)) == s`."""

    def outcome(self, state: Any) -> str | None:
        """None while the game runs; otherwise how it ended (e.g. "victory", "defeat-veil")."""


def _jsonable(value: Any) -> Any:
    """Convert dataclasses, tuples and mappings to plain JSON values."""
    if hasattr(value, "__dataclass_fields__"):
        return {k: _jsonable(v) for k, v in asdict(value).items()}
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [_jsonable(v) for v in value]
    return value
