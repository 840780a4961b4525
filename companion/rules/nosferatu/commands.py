"""Nosferatu commands: the JSON verbs as small frozen dataclasses, parsed and type-checked.

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
