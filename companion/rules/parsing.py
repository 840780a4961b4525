"""JSON commands into small frozen dataclasses: one class per verb, its fields the parameters.

Shared by the Nosferatu and mansion engines. A game declares its verbs as dataclasses (a field with
no default is a required parameter) and a `{verb: class}` table; `parse_command` checks the verb,
refuses unknown or missing parameters, type-checks each value against the field's annotation
(`int`, `str`, `bool`, `X | None`, `tuple[X, ...]` from a JSON list, `dict[str, X]` from an object)
and raises CommandError saying what is wrong; `to_command` gives the canonical JSON back. Pure: no I/O.

The Masters engine keeps its own parser (`masters/commands.py`): it treats `null` as absent, maps
trailing-underscore fields to keywords and stores maps as tuples of pairs.
"""

from __future__ import annotations

import functools
import types
import typing
from dataclasses import MISSING, asdict, fields
from typing import Any, Mapping

from companion.errors import CommandError
from companion.rules.args import is_int, refuse_unknown

_TYPE_NAMES = {int: "a whole number", str: "a name", bool: "true or false", tuple: "a list",
               dict: "an object of counts"}


def parse_command(command: Any, verbs: Mapping[str, type]) -> Any:
    """The dataclass for a JSON command; CommandError if the verb or a parameter is wrong."""
    if not isinstance(command, Mapping):
        raise CommandError(f"a command is a JSON object, got {type(command).__name__}")
    verb = command.get("cmd")
    cls = verbs.get(verb) if isinstance(verb, str) else None
    if cls is None:
        raise CommandError(f"unknown command {verb!r}; known: {', '.join(verbs)}")
    hints = _hints(cls)
    refuse_unknown(command, {"cmd", *(f.name for f in fields(cls))}, verb)
    kwargs = {}
    for f in fields(cls):
        if f.name in command:
            kwargs[f.name] = _check(verb, f.name, command[f.name], hints[f.name])
        elif f.default is MISSING:
            raise CommandError(f"{verb}: missing parameter {f.name!r}")
    return cls(**kwargs)


def to_command(verb: str, parsed: Any) -> dict[str, Any]:
    """The canonical JSON of a parsed command: the verb and every field that is set (tuples as lists)."""
    out = {k: v for k, v in asdict(parsed).items() if v is not None}
    return {"cmd": verb, **{k: list(v) if isinstance(v, tuple) else v for k, v in out.items()}}


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
    if origin is int and is_int(value):
        return value
    if origin in (str, bool) and isinstance(value, origin):
        return value
    raise CommandError(f"{verb}: {name} must be {_TYPE_NAMES.get(origin, str(origin))}, got {value!r}")
