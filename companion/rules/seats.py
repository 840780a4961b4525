"""Renaming players during a game: the `rename` command every game named by its table takes.

`{"cmd": "rename", "names": {"P2": "Anna", "Ben": "Benedikt"}}` gives players new names, each keyed
by the name the game knows them by now. It is journaled like any other command, so undo and replay
hold, and it is taken in every step of a running game (like `adjust`). From then on commands name
the player by the new name. A game adds it in three lines: `Rename` in its COMMANDS and ANYTIME,
`renaming(FIELDS)` as its handler, with FIELDS the state's fields that hold players' names.

Refused in words, changing nothing: a name that is not a player of this game, a new name the one
name rule refuses (companion/rules/names.py), one that looks like an unnamed seat's code ("P3"), and
two players with the same name afterwards (case and spaces aside).

Pure: no I/O; the refusals are English `N_()` templates the edge translates.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass, replace
from typing import Any

from companion.errors import N_, CommandError, RuleViolation
from companion.rules.base import Event
from companion.rules.commands import Command
from companion.rules.names import renames_problem


class Rename(Command, verb="rename"):
    """New names for players: {name now: new name} (several at once, so two may swap names)."""

    names: dict[str, str]


class Renamed(Event):
    """Players were given new names: {old name: new name}, in seating order."""

    names: dict[str, str]


def new_names(current: tuple[str, ...], asked: Mapping[str, str]) -> dict[str, str]:
    """{old: new} of `asked` checked against the players `current` (seating order), unchanged pairs
    left out; RuleViolation or CommandError, in words, when it cannot be."""
    if not asked:
        raise CommandError(N_("rename: `names` must name at least one player"))
    for old in asked:
        if old not in current:
            raise RuleViolation("rename", N_("{name!r} is not a player of this game"), name=old)
    problem = renames_problem(current, asked, kept=True)  # a new rename meets the whole rule first:
    if problem is not None:  # Engine.canonical (look-alikes, blanks)
        raise CommandError(N_("rename: {problem}"), problem=problem)
    changed = {old: " ".join(asked[old].split()) for old in current if old in asked}
    changed = {old: new for old, new in changed.items() if new != old}
    if not changed:
        raise RuleViolation("rename", N_("those are already the players' names"))
    return changed


def renaming(names_fields: tuple[str, ...], players: Callable[[Any], tuple[str, ...]] | None = None):
    """The `rename` handler of a game whose state keeps players' names in `names_fields` (a name,
    a tuple or mapping of names, records with a `name`); `players(state)` gives the names in seating
    order (default: the state's `players`)."""

    def handle(data: Any, state: Any, cmd: Rename, events: list) -> Any:
        current = tuple(players(state) if players else state.players)
        changed = new_names(current, cmd.names)
        events.append(Renamed(changed))
        return replace(state, **{f: renamed(getattr(state, f), changed) for f in names_fields})

    return handle


def renamed(value: Any, names: Mapping[str, str]) -> Any:
    """`value` with every player's name in `names` replaced: a text that is a name, the items of
    tuples and lists, the keys and values of mappings, and the `name` of records (a seat)."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, tuple):
        return tuple(renamed(v, names) for v in value)
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, Mapping):
        return {renamed(k, names): renamed(v, names) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type) and "name" in {f.name for f in fields(value)}:
        return replace(value, name=renamed(value.name, names))  # type: ignore[attr-defined]  # a field, checked above
    return value
