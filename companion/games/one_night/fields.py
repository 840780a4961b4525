"""What One Night's data file (companion/games/one_night/data/roles.toml) may hold, and `parse`, which checks it
with the one checker (`companion.gamedata.checks`) and builds the engine's `OneNightData`:

    [game]           min_players, max_players, center_cards, step_seconds, discussion_seconds,
                     vote_seconds, self_vote
    [roles.<id>]     name, name_de, team, copies, box, monster = vampire|werewolf
    [marks]          <mark> = how many
    [[steps]]        id, phase = dusk|night, when, needs, keep_open = [role ids], marks, prompt, prompt_de,
                     close, close_de, seconds

An error in a [[steps]] entry points at its `id = "..."` line (TOML names no line for a list entry).
Pure: the loader reads the file.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from companion.errors import DataFileError
from companion.gamedata.checks import Checks, array, flag, one_of, table, text, whole
from companion.games.one_night.rules.data import MONSTERS, PHASES, TEAMS, OneNightData, Role, Rules, StepSpec
from companion.i18n import _, ngettext

if TYPE_CHECKING:
    from companion.gamedata.tomlfile import TomlDoc

COUNTS = ("min_players", "max_players", "center_cards")
SECONDS = ("step_seconds", "discussion_seconds", "vote_seconds")
FIELDS = {"game": table, "roles": table, "marks": table, "steps": array}
GAME = {
    **{key: whole(0, 99) for key in COUNTS},
    **{key: whole(0, 3600) for key in SECONDS},
    "self_vote": flag,
}
ROLE = {
    "name": text(),
    "name_de": text(),
    "team": one_of(*TEAMS),
    "copies": whole(1, 99),
    "box": text(allow_empty=True),
    "monster": one_of(*MONSTERS),
}
ROLE_LISTS = ("when", "needs", "keep_open")
STEP = {
    "id": text(),
    "phase": one_of(*PHASES),
    **{key: array for key in ROLE_LISTS},
    "marks": flag,
    "prompt": text(500),
    "prompt_de": text(500),
    "close": text(500, allow_empty=True),
    "close_de": text(500, allow_empty=True),
    "seconds": whole(1, 3600),
}


class StepChecks(Checks):
    """The checks of one [[steps]] entry: every error names the line of its `id = "..."`."""

    def __init__(self, doc: TomlDoc, sid: str):
        super().__init__(doc)
        self.sid = sid

    def error(self, key: str, message: str) -> DataFileError:
        """The error, on the line of the step's id (looked for only now: a sound file is never searched)."""
        found = (
            no
            for no, line in enumerate(self.doc.text.splitlines(), start=1)
            if re.match(rf'\s*id\s*=\s*"{re.escape(self.sid)}"', line)
        )
        return DataFileError(self.doc.path, next(found, None), key, message)


def parse(doc: TomlDoc) -> OneNightData:
    """The data of the already-read file; DataFileError (file, line, field) if a value is bad."""
    v = Checks(doc)
    top = v.record("", doc.data, FIELDS)
    rules = _rules(v, top.get("game"))
    roles = {rid: _role(v, rid, entry) for rid, entry in _filled(v, "roles", top.get("roles")).items()}
    marks = {
        mid: v.integer(f"marks.{mid}", n, 0, 99) for mid, n in _filled(v, "marks", top.get("marks")).items()
    }
    steps = tuple(
        _step(doc, i, entry, roles) for i, entry in enumerate(_filled(v, "steps", top.get("steps")))
    )
    seen: set[str] = set()
    for s in steps:
        if s.id in seen:
            raise StepChecks(doc, s.id).error(
                f"steps.{s.id}.id", _("step {id!r} appears twice").format(id=s.id)
            )
        seen.add(s.id)
    return OneNightData(rules, roles, marks, steps)


def _filled(v: Checks, key: str, value):
    """A table or list that must not be empty."""
    if not value:
        raise v.error(key, _("must not be empty"))
    return value


def _rules(v: Checks, game: dict) -> Rules:
    """The [game] table."""
    r = v.record("game", game, GAME)
    values = {key: r.get(key) for key in COUNTS + SECONDS}
    if not 1 <= values["min_players"] <= values["max_players"]:
        raise r.error("max_players", _("must be at least min_players, and min_players at least 1"))
    return Rules(self_vote=r.get("self_vote", False), **values)


def _role(v: Checks, rid: str, entry) -> Role:
    """One [roles.<id>] table."""
    r = v.record(f"roles.{rid}", entry, ROLE)
    r.check()
    return Role(
        rid, r.get("name"), r.get("team"), r.get("copies", 1), r.get("box", ""), r.get("monster", None)
    )


def _step(doc: TomlDoc, i: int, entry, roles: Mapping[str, Role]) -> StepSpec:
    """One [[steps]] entry (the i-th, from 0); every role it names must exist."""
    sid = Checks(doc).record(f"steps.{i}", entry, STEP).get("id")
    r = StepChecks(doc, sid).record(f"steps.{sid}", entry, STEP)
    r.check()
    lists = {}
    for key in ROLE_LISTS:
        ids = tuple(r.checks.text(r.path(key), rid) for rid in r.get(key, []))
        unknown = [rid for rid in ids if rid != "*" and rid not in roles]
        if unknown:
            raise r.error(
                key,
                ngettext("unknown role {roles}", "unknown roles {roles}", len(unknown)).format(
                    roles=", ".join(unknown)
                ),
            )
        lists[key] = ids
    if not lists["when"]:
        raise r.error("when", _("must not be empty"))
    return StepSpec(
        sid,
        r.get("phase"),
        lists["when"],
        lists["needs"],
        lists["keep_open"],
        r.get("marks", False),
        r.get("prompt"),
        r.get("close", ""),
        r.get("seconds", None),
    )
