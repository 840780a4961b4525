"""The one validator of our TOML files: config, shipped game data, taught data and exports.

`Checks(doc)` checks one value at a time (`integer`, `number`, `boolean`, `choice`, `text`,
`pattern`, `only_keys`) and raises `DataFileError(file, line, field, message)` pointing at the key's
line; teaching checks what the table types with it too, as TeachErrors. A `Record` is one table
checked against its fields' rules (field -> rule, a rule being `rule(checks, field, value) -> value`):
unknown fields are refused up front, `get` checks one field (or gives its default; without one the
field is required) and `check` checks every field present.

Every message says what was expected in the same words: "must be a whole number 1..12, got 40".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from companion.errors import DataFileError
from companion.i18n import N_, _
from companion.narration.words import refusal_text
from companion.rules.names import name_problem

REQUIRED: Any = object()  # `Record.get` without a default: the field must be there
# what a field must be, in words (never a Python type name); numbers and tables have checks of their own
KIND_WORDS = {str: N_("text"), bool: N_("true or false"), list: N_("a list")}


class Checks:
    """Type, range and shape checks for the values of one TOML document (`tomlfile.TomlDoc`), or of
    anything else whose `error(field, message)` makes the exception to raise (teaching's typed input)."""

    def __init__(self, doc):
        self.doc = doc

    def error(self, key: str, message: str) -> DataFileError:
        """A DataFileError for the field `key` of this document, with its line."""
        return self.doc.error(key, message)

    def only_keys(self, where: str, table: dict, allowed) -> None:
        """Refuse unknown keys (a typo must not be silently ignored)."""
        for k in table:
            if k not in allowed:
                path = f"{where}.{k}" if where else k
                raise self.error(
                    path,
                    _("unknown key {key!r}; allowed: {allowed}").format(key=k, allowed=", ".join(allowed)),
                )

    def kind(self, key: str, value, kind: type):
        """A value of one TOML type (`str`, `bool`, `list`; numbers: `integer`/`number`, tables: `table`)."""
        if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
            raise self.error(
                key, _("must be {kind}, got {value!r}").format(kind=_(KIND_WORDS[kind]), value=value)
            )
        return value

    def table(self, key: str, value) -> dict:
        """A table."""
        if not isinstance(value, dict):
            raise self.error(key, _("must be a table"))
        return value

    def choice(self, key: str, value, options) -> str:
        """One of `options`."""
        if value not in options:
            raise self.error(
                key,
                _("must be one of {options}; got {value!r}").format(options=", ".join(options), value=value),
            )
        return value

    def integer(self, key: str, value, lo: int, hi: int) -> int:
        """A whole number in lo..hi."""
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise self.error(
                key, _("must be a whole number {lo}..{hi}, got {value!r}").format(lo=lo, hi=hi, value=value)
            )
        return value

    def number(self, key: str, value, lo: float, hi: float) -> float:
        """A number in lo..hi."""
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
            raise self.error(
                key, _("must be a number {lo}..{hi}, got {value!r}").format(lo=lo, hi=hi, value=value)
            )
        return float(value)

    def boolean(self, key: str, value) -> bool:
        """true or false."""
        return self.kind(key, value, bool)

    def text(self, key: str, value, limit: int | None = None, allow_empty: bool = False) -> str:
        """A string, not blank unless `allow_empty`; with `limit`, at most that many printable
        characters (names and notes are shown on screen, never interpreted)."""
        self.kind(key, value, str)
        if not value.strip() and not allow_empty:
            raise self.error(key, _("must not be empty"))
        if limit is not None and (len(value.strip()) > limit or not value.strip().isprintable()):
            raise self.error(key, _("must be at most {limit} printable characters").format(limit=limit))
        return value

    def name(self, key: str, value) -> str:
        """A player's, vampire's or district's name: the one name rule of `companion.rules.names`
        (1..24 printable characters, no control or text-direction character)."""
        problem = name_problem(value)
        if problem is not None:
            raise self.error(key, refusal_text(problem))
        return value

    def pattern(self, key: str, value) -> str:
        """A regular expression (Python `re` syntax) that compiles."""
        value = self.text(key, value)
        try:
            re.compile(value)
        except (re.error, OverflowError, RecursionError) as exc:
            raise self.error(key, _("not a valid pattern: {why}").format(why=exc)) from None
        return value

    def record(self, where: str, table, rules: Mapping[str, Rule]) -> Record:
        """The table at `where` with the fields `rules` names (see `Record`)."""
        return Record(self, where, table, rules)


# (checks, dotted field, value) -> the checked value. Defined after Checks: a quoted "Checks" would be
# a typing.ForwardRef, which compiles the name at every start.
Rule = Callable[[Checks, str, Any], Any]


class Record:
    """One table (`where`, e.g. "cards.I-07"; "" for the file's top level) whose fields obey `rules`;
    unknown fields are refused. Each field is checked once, however often it is asked for."""

    def __init__(self, checks: Checks, where: str, table, rules: Mapping[str, Rule]):
        self.checks, self.where, self.rules = checks, where, rules
        self.table = checks.table(where, table)
        checks.only_keys(where, self.table, tuple(rules))
        self._checked: dict[str, Any] = {}

    def __contains__(self, key: str) -> bool:
        return key in self.table

    def get(self, key: str, default: Any = REQUIRED) -> Any:
        """The checked field, or `default` when it is absent (required when there is no default)."""
        if key not in self.table:
            if default is REQUIRED:
                raise self.checks.error(self.where or key, _("missing key {key!r}").format(key=key))
            return default
        if key not in self._checked:
            self._checked[key] = self.rules[key](self.checks, self.path(key), self.table[key])
        return self._checked[key]

    def check(self) -> None:
        """Check every field present (`table` is the record as it is)."""
        for key in self.table:
            self.get(key)

    def path(self, key: str) -> str:
        """The dotted name of one of this record's fields ("" for the record itself)."""
        return ".".join(p for p in (self.where, key) if p)

    def error(self, key: str, message: str) -> DataFileError:
        """A DataFileError for one of this record's fields ("" for the record itself)."""
        return self.checks.error(self.path(key), message)


# -- rules for Record fields ---------------------------------------------------------------------------
def whole(lo: int, hi: int) -> Rule:
    """A whole number in lo..hi."""
    return lambda v, key, value: v.integer(key, value, lo, hi)


def one_of(*options: str) -> Rule:
    """One of `options`."""
    return lambda v, key, value: v.choice(key, value, options)


def text(limit: int = 200, allow_empty: bool = False) -> Rule:
    """A short printable text."""
    return lambda v, key, value: v.text(key, value, limit, allow_empty)


def name(v: Checks, key: str, value) -> str:
    """A player's, vampire's or district's name (`Checks.name`)."""
    return v.name(key, value)


def whole_list(lo: int, hi: int) -> Rule:
    """A list of whole numbers, each in lo..hi."""
    return lambda v, key, value: tuple(v.integer(key, n, lo, hi) for n in v.kind(key, value, list))


def pair(lo: int, hi: int, message: str) -> Rule:
    """Two whole numbers in lo..hi, as a list; else `message` (an N_() text)."""

    def rule(v: Checks, key: str, value) -> tuple[int, int]:
        if not isinstance(value, list) or len(value) != 2:
            raise v.error(key, _(message))
        return v.integer(key, value[0], lo, hi), v.integer(key, value[1], lo, hi)

    return rule


def array(v: Checks, key: str, value) -> list:
    """A list (its entries checked by the caller)."""
    return v.kind(key, value, list)


def table(v: Checks, key: str, value) -> dict:
    """A table (its entries checked by the caller)."""
    return v.table(key, value)


def flag(v: Checks, key: str, value) -> bool:
    """true or false."""
    return v.boolean(key, value)
