"""Mansion commands: the JSON verbs as small frozen dataclasses, parsed and type-checked.

Each dataclass names one verb (`VERBS`); its fields are the parameters, with defaults for the
optional ones. `parse(command)` turns a `{"cmd": ...}` dict into one of them or raises CommandError.
"""

from __future__ import annotations

import functools
import types
import typing
from dataclasses import MISSING, dataclass, fields
from typing import Any, Mapping

from companion.errors import CommandError


@dataclass(frozen=True)
class Roll:
    """`player` throws two dice: `values` as the table rolled them, else the RNG rolls."""

    player: str
    values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Reroll:
    """A Reroll card: throw again the dice at `dice` (indices 0/1; default both, or the room die)."""

    player: str
    dice: tuple[int, ...] | None = None
    values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Assign:
    """`player` picks which die value is the turn priority; the other die names the room."""

    player: str
    priority: int


@dataclass(frozen=True)
class Modify:
    """Spend a Modify token: `delta` +1/-1 on the priority or the room number."""

    player: str
    what: str
    delta: int


@dataclass(frozen=True)
class Lock:
    """Everyone has assigned their dice: work out the turn order."""


@dataclass(frozen=True)
class Rolloff:
    """Tied players roll again (`values` {player: die}, else the RNG): highest goes first."""

    values: dict[str, int] | None = None


@dataclass(frozen=True)
class Enter:
    """The player on turn enters a room (`room` picks between two equally near free rooms)."""

    room: int | None = None


@dataclass(frozen=True)
class Take:
    """Take `n` cards lying in the room (default all)."""

    n: int | None = None


@dataclass(frozen=True)
class RoomAction:
    """Carry out the room's special action (the Library hands out Modify tokens)."""


@dataclass(frozen=True)
class Store:
    """In the Vault: put score cards (values 1/3/5) into the safe."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class EndTurn:
    """The player on turn is done (trading with a room-mate happens at the table)."""


@dataclass(frozen=True)
class RevealRoles:
    """At a reveal tick: how many vampire role cards were turned up."""

    vampires: int


@dataclass(frozen=True)
class Claim:
    """`player` shows `hand_points` in score cards: with the safe they reach the target."""

    player: str
    hand_points: int


@dataclass(frozen=True)
class Rank:
    """After the end: roles as revealed, the first vampire and hand points refine the ranking."""

    roles: dict[str, str] | None = None
    first_vampire: str | None = None
    hand_points: dict[str, int] | None = None


@dataclass(frozen=True)
class Adjust:
    """Tables are always right: set tokens/stored of `player`, room cards, vampires or the tick."""

    player: str | None = None
    tokens: int | None = None
    stored: int | None = None
    room_cards: dict[str, int] | None = None
    vampires: int | None = None
    tick: int | None = None


VERBS: dict[str, type] = {
    "roll": Roll, "reroll": Reroll, "assign": Assign, "modify": Modify, "lock": Lock,
    "rolloff": Rolloff, "enter": Enter, "take": Take, "room_action": RoomAction, "store": Store,
    "end_turn": EndTurn, "reveal_roles": RevealRoles, "claim": Claim, "rank": Rank,
    "adjust": Adjust,
}


def parse(command: Any, verbs: Mapping[str, type] = VERBS) -> Any:
    """The dataclass for a JSON command; CommandError if the verb or a parameter is wrong."""
    if not isinstance(command, Mapping):
        raise CommandError(f"a command is a JSON object, got {type(command).__name__}")
    verb = command.get("cmd")
    cls = verbs.get(verb) if isinstance(verb, str) else None
    if cls is None:
        raise CommandError(f"unknown command {verb!r}; known: {', '.join(verbs)}")
    hints = _hints(cls)
    names = {f.name for f in fields(cls)}
    extra = sorted(set(command) - names - {"cmd"})
    if extra:
        raise CommandError(f"{verb}: unknown parameter {extra[0]!r}")
    kwargs = {}
    for f in fields(cls):
        if f.name in command:
            kwargs[f.name] = _check(verb, f.name, command[f.name], hints[f.name])
        elif f.default is MISSING:
            raise CommandError(f"{verb}: missing parameter {f.name!r}")
    return cls(**kwargs)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """Resolved field types of a command class (cached: resolving them is slow and never changes)."""
    return typing.get_type_hints(cls)


def _check(verb: str, name: str, value: Any, hint: Any) -> Any:
    """`value` converted to the field's type (lists become tuples), or CommandError."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        if value is None:
            return None
        hint = next(a for a in args if a is not type(None))
        args = typing.get_args(hint)
    origin = typing.get_origin(hint) or hint
    if origin is tuple and isinstance(value, list):
        return tuple(_check(verb, name, v, args[0]) for v in value)
    if origin is dict and isinstance(value, Mapping):
        return {str(k): _check(verb, f"{name}.{k}", v, args[1]) for k, v in value.items()}
    if origin is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if origin in (str, bool) and isinstance(value, origin):
        return value
    raise CommandError(f"{verb}: {name} must be {_type_name(origin)}, got {value!r}")


def _type_name(origin: Any) -> str:
    """A short human name for a parameter type."""
    return {int: "a whole number", str: "a name", bool: "true or false", tuple: "a list",
            dict: "an object of counts"}.get(origin, str(origin))
