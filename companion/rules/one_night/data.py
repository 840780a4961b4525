"""The One Night data file (`companion/data/one_night/roles.toml`) parsed into frozen values.

Pure: `companion.gamedata.loader` reads the file and `parse(doc)` checks it; every bad value raises
`DataFileError(path, line, field, message)` with the line of the document.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping

from companion.errors import DataFileError
from companion.rules.base import Record
from companion.rules.commands import is_int

if TYPE_CHECKING:  # the type only: reading files is companion.gamedata.loader's job
    from companion.gamedata.tomlfile import TomlDoc

PHASES = ("dusk", "night")
TEAMS = ("villager", "vampire", "werewolf", "tanner", "assassin", "apprentice-assassin")
MONSTERS = ("vampire", "werewolf")


class Role(Record):
    """One role card: its id, shown name, base team, how many copies a table may use."""

    id: str
    name: str
    team: str
    copies: int = 1
    box: str = "vampire"
    monster: str | None = None


class StepSpec(Record):
    """One line of the wake order as shipped: read when any `when` role (and all `needs`) is in."""

    id: str
    phase: str
    when: tuple[str, ...]
    needs: tuple[str, ...]
    keep_open: tuple[str, ...]
    marks: bool
    prompt: str
    close: str
    seconds: int | None


class Rules(Record):
    """Player counts, default timers and the house choices of this table."""

    min_players: int
    max_players: int
    center_cards: int
    step_seconds: int
    discussion_seconds: int
    vote_seconds: int
    self_vote: bool


class OneNightData(Record):
    """Everything the engine knows about roles, Marks and the narration order."""

    rules: Rules
    roles: Mapping[str, Role]
    marks: Mapping[str, int]
    steps: tuple[StepSpec, ...]


def parse(doc: TomlDoc) -> OneNightData:
    """Check a parsed TOML document and build the data; DataFileError names the bad line."""
    rules = _rules(doc)
    roles = {rid: _role(doc, rid, raw) for rid, raw in _table(doc, "roles").items()}
    marks = {}
    for mid, n in _table(doc, "marks").items():
        if not is_int(n) or n < 0:
            raise doc.error(f"marks.{mid}", "must be a whole number >= 0")
        marks[mid] = n
    raw_steps = doc.data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise doc.error("steps", "the wake order [[steps]] is missing")
    steps = tuple(_step(doc, i, raw, roles) for i, raw in enumerate(raw_steps))
    seen: set[str] = set()
    for s in steps:
        if s.id in seen:
            raise _step_error(doc, s.id, "id", "appears twice")
        seen.add(s.id)
    return OneNightData(rules, roles, marks, steps)


def _table(doc: TomlDoc, key: str) -> dict:
    """A required top-level table."""
    value = doc.data.get(key)
    if not isinstance(value, dict) or not value:
        raise doc.error(key, f"the [{key}] table is missing or empty")
    return value


def _rules(doc: TomlDoc) -> Rules:
    """The [game] table."""
    raw = _table(doc, "game")
    ints = {}
    for key in ("min_players", "max_players", "center_cards", "step_seconds",
                "discussion_seconds", "vote_seconds"):
        v = raw.get(key)
        if not is_int(v) or v < 0:
            raise doc.error(f"game.{key}", "must be a whole number >= 0")
        ints[key] = v
    if not 1 <= ints["min_players"] <= ints["max_players"]:
        raise doc.error("game.max_players", "must be at least min_players (and min_players >= 1)")
    self_vote = raw.get("self_vote", False)
    if not isinstance(self_vote, bool):
        raise doc.error("game.self_vote", "must be true or false")
    return Rules(self_vote=self_vote, **ints)


def _role(doc: TomlDoc, rid: str, raw: Any) -> Role:
    """One [roles.<id>] table."""
    where = f"roles.{rid}"
    if not isinstance(raw, dict):
        raise doc.error(where, "must be a table")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise doc.error(f"{where}.name", "needs a name")
    team = raw.get("team")
    if team not in TEAMS:
        raise doc.error(f"{where}.team", f"must be one of {', '.join(TEAMS)}")
    copies = raw.get("copies", 1)
    if not is_int(copies) or copies < 1:
        raise doc.error(f"{where}.copies", "must be a whole number >= 1")
    monster = raw.get("monster")
    if monster is not None and monster not in MONSTERS:
        raise doc.error(f"{where}.monster", f"must be one of {', '.join(MONSTERS)}")
    return Role(rid, name, team, copies, str(raw.get("box", "")), monster)


def _step_error(doc: TomlDoc, sid: str, field: str, message: str) -> DataFileError:
    """A DataFileError pointing at the `id = "<sid>"` line of a [[steps]] entry."""
    line = None
    for no, text in enumerate(doc.text.splitlines(), start=1):
        if re.match(rf'\s*id\s*=\s*"{re.escape(sid)}"', text):
            line = no
            break
    return DataFileError(doc.path, line, f"steps.{sid}.{field}", message)


def _step(doc: TomlDoc, i: int, raw: Any, roles: Mapping[str, Role]) -> StepSpec:
    """One [[steps]] entry; every role it names must exist."""
    where = f"steps.{i}"
    if not isinstance(raw, dict):
        raise doc.error("steps", f"step {i + 1} must be a table")
    sid = raw.get("id")
    if not isinstance(sid, str) or not sid:
        raise DataFileError(doc.path, None, f"{where}.id", f"step {i + 1} needs an id")
    if raw.get("phase") not in PHASES:
        raise _step_error(doc, sid, "phase", "must be dusk or night")
    lists = {}
    for key in ("when", "needs", "keep_open"):
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _step_error(doc, sid, key, "must be a list of role ids")
        unknown = [v for v in value if v != "*" and v not in roles]
        if unknown:
            raise _step_error(doc, sid, key, f"unknown role(s) {', '.join(unknown)}")
        lists[key] = tuple(value)
    if not lists["when"]:
        raise _step_error(doc, sid, "when", "is empty")
    seconds = raw.get("seconds")
    if seconds is not None and (not is_int(seconds) or seconds < 1):
        raise _step_error(doc, sid, "seconds", "must be a whole number >= 1")
    prompt, close = raw.get("prompt"), raw.get("close", "")
    if not isinstance(prompt, str) or not prompt or not isinstance(close, str):
        raise _step_error(doc, sid, "prompt", "needs prompt and close texts")
    return StepSpec(sid, raw["phase"], lists["when"], lists["needs"], lists["keep_open"],
                    bool(raw.get("marks", False)), prompt, close, seconds)
