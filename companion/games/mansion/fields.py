"""What the vampire mansion's data file (companion/games/mansion/data/rules.toml) may hold, and `parse`, which
checks it with the one checker (`companion.gamedata.checks`) and builds the engine's `Rules`:

    min_players, max_players, room_capacity, target_points, clock_length, start_tokens,
    reveal_ticks = [..], score_cards = [..], hall_district, clock_district, roles_district = A1..C3
    [[rooms]]  key, name, name_de, district = A1..C3, effect = store|discard|steal|see|draw|tokens,
               summary, summary_de, tokens

Every number is required: the data file is the one place they live. Pure: the loader reads the file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.gamedata.checks import Checks, array, one_of, text, whole, whole_list
from companion.games.mansion.rules.state import EFFECTS, Room, Rules
from companion.i18n import _
from companion.rules.base import POSITIONS

if TYPE_CHECKING:
    from companion.gamedata.tomlfile import TomlDoc

NUMBERS = {
    "min_players": whole(1, 99),
    "max_players": whole(1, 99),
    "room_capacity": whole(1, 99),
    "target_points": whole(1, 999),
    "clock_length": whole(1, 99),
    "start_tokens": whole(0, 99),
    "reveal_ticks": whole_list(1, 99),
    "score_cards": whole_list(1, 99),
}
DISTRICTS = ("hall_district", "clock_district", "roles_district")
FIELDS = {**NUMBERS, **{key: one_of(*POSITIONS) for key in DISTRICTS}, "rooms": array}
ROOM = {
    "key": text(),
    "name": text(),
    "name_de": text(),
    "district": one_of(*POSITIONS),
    "effect": one_of(*EFFECTS),
    "summary": text(500),
    "summary_de": text(500),
    "tokens": whole(0, 99),
}
ROOMS = (2, 6)  # how many [[rooms]] a mansion has


def parse(doc: TomlDoc) -> Rules:
    """The rules of the already-read data file; DataFileError (file, line, field) if a value is bad."""
    v = Checks(doc)
    top = v.record("", doc.data, FIELDS)
    values = {key: top.get(key) for key in (*NUMBERS, *DISTRICTS)}
    rooms = top.get("rooms")
    if not ROOMS[0] <= len(rooms) <= ROOMS[1]:
        raise v.error("rooms", _("needs {lo} to {hi} [[rooms]] tables").format(lo=ROOMS[0], hi=ROOMS[1]))
    rooms = tuple(_room(v, i, entry) for i, entry in enumerate(rooms))
    if len({r.key for r in rooms}) != len(rooms):
        raise v.error("rooms", _("room keys must be different"))
    used = [r.district for r in rooms] + [values[key] for key in DISTRICTS]
    if len(set(used)) != len(used):
        raise v.error("rooms", _("two things share one district"))
    return Rules(rooms=rooms, **values)


def _room(v: Checks, i: int, entry) -> Room:
    """One [[rooms]] table (the i-th, from 0)."""
    r = v.record(f"rooms.{i}", entry, ROOM)
    r.check()
    return Room(
        r.get("key"), r.get("name"), r.get("district"), r.get("effect"), r.get("summary"), r.get("tokens", 0)
    )
