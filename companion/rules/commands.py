"""Commands: JSON objects `{"cmd": "<verb>", ...}` parsed into small frozen dataclasses. The one parser.

Every game declares its verbs as `Command` subclasses: the class attribute `verb` is the JSON `cmd`,
the fields are its parameters (a field with no default is required; a trailing underscore, `from_`,
stands for a Python keyword). `parse(raw, verbs)` checks the verb, refuses unknown or missing
parameters, treats `null` as absent and checks each value against the field's annotation (every
text, keys too, comes out in Unicode's composed form, NFC: "Zoë" is one name however it was typed,
and an old journal's decomposed one replays as the same player; companion/rules/names.py):

    int, str, bool, X | None           the JSON value itself (a bool is no whole number)
    tuple[X, ...]                      from a JSON list
    dict[str, X]                       from a JSON object
    tuple[tuple[str, X], ...]          from a JSON object, kept as hashable (key, value) pairs

`Command.to_dict()` gives the canonical JSON back. The small checkers below (`integer`, `seat_map`,
`seat_names`...) check the parameters whose shape depends on the game (seats, ranges, names) or
nested values a game checks itself (`integer(cmd, key, ...)` reads from any mapping).
Everything raises CommandError saying what is wrong; nothing here does I/O.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, dataclass_transform

from companion.errors import N_, CommandError, RuleViolation
from companion.rules.names import NAME_LISTS, kept_name_problem, names_problem, nfc, renames_problem

_TYPE_NAMES = {
    int: "a whole number",
    str: "a text",
    bool: "true or false",
    tuple: "a list",
    dict: "an object",
}


@dataclass_transform(
    frozen_default=True
)  # type checkers see each subclass as the frozen dataclass it becomes
@dataclass(frozen=True)
class Record:
    """Base of every immutable value in the rules (commands, state, data, events): each subclass is a
    frozen dataclass, no decorator needed, so a record is `class Wolf(Record):` + docstring + fields."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True)(cls)


class Command(Record):
    """Base of every command: `class Fight(Command, verb="fight"):` declares a frozen dataclass whose
    fields are the parameters and whose `verb` is the JSON `cmd` (a subclass keeps its base's)."""

    verb: ClassVar[str] = ""

    def __init_subclass__(cls, verb: str = "", **kwargs: Any) -> None:
        cls.verb = verb or cls.verb
        super().__init_subclass__(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON: the verb and every field that is set (pairs as objects, tuples as lists)."""
        hints = _hints(type(self))
        out: dict[str, Any] = {"cmd": self.verb}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                out[f.name.rstrip("_")] = _to_json(hints[f.name], value)
        return out


class SeatedSetup(Command, verb="setup"):
    """The setup of a game whose table is seated by count or by name (a game's `Setup` adds its own
    options): `players` (or `names`, in seating order) and the seed of its random draws."""

    game: str | None = None
    players: int | None = None
    seed: int = 0
    names: tuple[str, ...] | None = None


def verb_table(commands: Iterable[type[Command]]) -> dict[str, type[Command]]:
    """Verb -> command class, for `parse`."""
    return {c.verb: c for c in commands}


def parse(raw: Any, verbs: Mapping[str, type[Command]]) -> Command:
    """The dataclass for a JSON command; CommandError if the verb or a parameter is wrong."""
    if not isinstance(raw, Mapping):
        raise CommandError(N_("a command is a JSON object, not {kind}"), kind=type(raw).__name__)
    verb = raw.get("cmd")
    cls = verbs.get(verb) if isinstance(verb, str) else None
    if cls is None or not isinstance(verb, str):
        raise CommandError(N_("unknown command {verb!r}; known: {verbs}"), verb=verb, verbs=", ".join(verbs))
    hints = _hints(cls)
    refuse_unknown(raw, {"cmd", *(f.name.rstrip("_") for f in fields(cls))}, verb)
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        key = f.name.rstrip("_")
        if raw.get(key) is not None:
            kwargs[f.name] = _check(verb, key, raw[key], hints[f.name])
        elif f.default is MISSING and f.default_factory is MISSING:
            raise CommandError(N_("{verb}: missing parameter {key!r}"), verb=verb, key=key)
    return cls(**kwargs)


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """Resolved field types of a command class (kept: resolving them is slow and never changes). A plain
    dict, not functools.cache: type checkers take a dataclass's instance __hash__ for its class's."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _optional(hint: Any) -> Any:
    """`X` for `X | None`, else the hint itself."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return next(a for a in typing.get_args(hint) if a is not type(None))
    return hint


def _pairs(hint: Any) -> Any:
    """The value type X of a `tuple[tuple[str, X], ...]` hint, else None."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and args and typing.get_origin(args[0]) is tuple:
        return typing.get_args(args[0])[1]
    return None


def _check(verb: str, name: str, value: Any, hint: Any) -> Any:
    """`value` converted to the field's type (lists become tuples), or CommandError."""
    hint = _optional(hint)
    origin, args = typing.get_origin(hint) or hint, typing.get_args(hint)
    item = _pairs(hint)
    if item is not None and isinstance(value, Mapping):
        return tuple((nfc(str(k)), _check(verb, f"{name}.{k}", v, item)) for k, v in value.items())
    if item is None and origin is tuple and isinstance(value, (list, tuple)):
        return tuple(_check(verb, name, v, args[0]) for v in value)
    if origin is dict and isinstance(value, Mapping):
        return {nfc(str(k)): _check(verb, f"{name}.{k}", v, args[1]) for k, v in value.items()}
    if origin is int and is_int(value):
        return value
    if origin is str and isinstance(value, str):
        return nfc(value)
    if origin is bool and isinstance(value, bool):
        return value
    if origin is typing.Any:
        return composed(value)
    kind = "an object" if item is not None else _TYPE_NAMES.get(origin, str(origin))
    raise CommandError(
        N_("{verb}: {name} must be {kind}, got {value!r}"), verb=verb, name=name, kind=kind, value=value
    )


def composed(value: Any) -> Any:
    """A JSON value with every text in it (keys too) in NFC, for a parameter of no declared type."""
    if isinstance(value, str):
        return nfc(value)
    if isinstance(value, list):
        return [composed(v) for v in value]
    if isinstance(value, Mapping):
        return {composed(k): composed(v) for k, v in value.items()}
    return value


def _to_json(hint: Any, value: Any) -> Any:
    """A field value back to JSON."""
    if _pairs(_optional(hint)) is not None:
        return {k: v for k, v in value}
    if isinstance(value, tuple):
        return list(value)
    return value


# -- checks of parameters whose shape depends on the game -------------------------------------------
def is_int(value: Any) -> bool:
    """True for a real int (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def refuse_unknown(command: Mapping[str, Any], known: Iterable[str], verb: str) -> None:
    """CommandError naming the first parameter (alphabetically) that `verb` does not take."""
    extra = sorted(set(command) - set(known))
    if extra:
        raise CommandError(N_("{verb}: unknown parameter {extra!r}"), verb=verb, extra=extra[0])


def integer(
    cmd: Mapping[str, Any], key: str, default: int | None = None, lo: int | None = None, hi: int | None = None
) -> int:
    """`cmd[key]` as an int (bools refused), `default` when missing, bounds checked."""
    value = cmd.get(key, default)
    if value is None:
        raise CommandError(N_("{verb}: `{key}` is required"), verb=cmd.get("cmd"), key=key)
    if not is_int(value):
        raise CommandError(
            N_("{verb}: `{key}` must be a whole number, got {value!r}"),
            verb=cmd.get("cmd"),
            key=key,
            value=value,
        )
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise CommandError(
            N_("{verb}: `{key}` must be between {lo} and {hi}, got {value}"),
            verb=cmd.get("cmd"),
            key=key,
            lo=lo,
            hi=hi,
            value=value,
        )
    return value


def boolean(cmd: Mapping[str, Any], key: str, default: bool) -> bool:
    """`cmd[key]` as a bool, `default` when missing."""
    value = cmd.get(key, default)
    if not isinstance(value, bool):
        raise CommandError(
            N_("{verb}: `{key}` must be true or false, got {value!r}"),
            verb=cmd.get("cmd"),
            key=key,
            value=value,
        )
    return value


def text(cmd: Mapping[str, Any], key: str) -> str:
    """`cmd[key]` as a non-empty string."""
    value = cmd.get(key)
    if not isinstance(value, str) or not value:
        raise CommandError(N_("{verb}: `{key}` must be a non-empty text"), verb=cmd.get("cmd"), key=key)
    return value


def text_list(cmd: Mapping[str, Any], key: str) -> tuple[str, ...] | None:
    """`cmd[key]` as a tuple of strings, None when missing."""
    value = cmd.get(key)
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) and v for v in value):
        raise CommandError(N_("{verb}: `{key}` must be a list of texts"), verb=cmd.get("cmd"), key=key)
    return tuple(value)


def in_range(verb: str, key: str, value: int, lo: int, hi: int) -> int:
    """`value` if lo <= value <= hi, else CommandError."""
    if not lo <= value <= hi:
        raise CommandError(
            N_("{verb}: `{key}` must be between {lo} and {hi}, got {value}"),
            verb=verb,
            key=key,
            lo=lo,
            hi=hi,
            value=value,
        )
    return value


def seat_map(
    verb: str, key: str, raw: Mapping[str, Any] | None, players: int, required: bool = True
) -> dict[int, Any]:
    """`raw` ({seat: value}, keys "1" or 1) as {seat: value} with every seat 1..players."""
    if raw is None and not required:
        return {}
    if not isinstance(raw, Mapping):
        raise CommandError(N_("{verb}: `{key}` must map seat numbers to values"), verb=verb, key=key)
    out: dict[int, Any] = {}
    for k, v in raw.items():
        try:
            seat = int(k)
        except (TypeError, ValueError):
            raise CommandError(N_("{verb}: `{key}` has a bad seat {k!r}"), verb=verb, key=key, k=k) from None
        if not 1 <= seat <= players:
            raise CommandError(
                N_("{verb}: seat {seat} is not at this table (1..{players})"),
                verb=verb,
                seat=seat,
                players=players,
            )
        out[seat] = v
    missing = [s for s in range(1, players + 1) if s not in out]
    if missing and required:
        raise CommandError(
            N_("{verb}: `{key}` is missing seat(s) {missing}"), verb=verb, key=key, missing=missing
        )
    return out


def unnamed(n: int) -> tuple[str, ...]:
    """The names of `n` seats the setup named no one on: P1, P2, ... (the table may name them later)."""
    return tuple(f"P{i}" for i in range(1, n + 1))


def seat_names(
    players: int | None, names: tuple[str, ...] | None, low: int, high: int, title: str
) -> list[str]:
    """The setup's player names: `names` as given, else P1..Pn for `players`, checked against low..high.

    `title` names the game in the refusal, e.g. "Nosferatu is for 5 to 8 players, not 3".
    """
    n = players if players is not None else (len(names) if names is not None else None)
    if n is None:
        raise CommandError(N_("setup: players must be a whole number"))
    if not low <= n <= high:
        raise RuleViolation(
            "players",
            N_("{title} is for {low} to {high} players, not {n}"),
            title=title,
            low=low,
            high=high,
            n=n,
        )
    names = unnamed(n) if names is None else checked_names("setup", "names", names)
    if len(names) != n or len(set(names)) != n:
        raise CommandError(N_("setup: names must be {n} different names"), n=n)
    return list(names)


def checked_names(verb: str, key: str, names: Iterable[Any]) -> tuple[str, ...]:
    """`names` (players, vampires) as a tuple, checked by the one name rule (`companion.rules.names`:
    each name, and no two the same or alike); CommandError naming the parameter and saying what is wrong."""
    out = tuple(names)
    problem = next(filter(None, map(kept_name_problem, out)), None)  # what a replay holds names to;
    if problem is not None:  # a new setup meets the whole rule
        raise CommandError(N_("{verb}: `{key}`: {problem}"), verb=verb, key=key, problem=problem)
    return out


def new_names_problem(verb: str, cmd: Any, current: tuple[str, ...] | None) -> CommandError | None:
    """The whole name rule (companion/rules/names.py: no blank-looking name, no two alike) for a command
    the table gives now: a setup's name lists, a `rename` beside the players `current`. Journaled
    commands are replayed without it, so a game saved before the rule grew still replays."""
    if verb == "setup":
        for key in NAME_LISTS:
            names = getattr(cmd, key, None)
            problem = names_problem(names) if isinstance(names, tuple) else None
            if problem is not None:
                return CommandError(N_("{verb}: `{key}`: {problem}"), verb=verb, key=key, problem=problem)
    elif verb == "rename" and current is not None and isinstance(getattr(cmd, "names", None), Mapping):
        problem = renames_problem(current, cmd.names)
        if problem is not None:
            return CommandError(N_("rename: {problem}"), problem=problem)
    return None
