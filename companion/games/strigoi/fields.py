"""What Armata Strigoi's data file (companion/games/strigoi/data/fortress.toml) and the table's taught box
(strigoi/box.toml in the config folder) may hold, checked with the one checker
(`companion.gamedata.checks`); `parse` builds the engine's `StrigoiData`, `check_taught` the taught values:

    [game]                min_players, max_players, altar_max, blood_counters, wounds_to_fall,
                          powerwolves = [names], marked = [two rooms], letters = "six letters",
                          [game.attack_needs] / [game.defeat_needs] "<players>" = needed
    [strigoi.<side>]      name, name_de, existence, damage, strength   (master, apprentice, supreme)
    [[tokens]]            strigoi = master|apprentice, bonus, count
    [rooms.<id>]          at = [q, r], light = A1..C3, name, name_de, platform, ring = "six letters"
    [ladders]             preferred = [[room, direction], ...]
    verified              whether the Strigoi values and tokens are the box's own

    taught box:  [strigoi.<side>] existence, damage, strength;  [tokens.master] "<bonus>" = count (apprentice)

Pure: the loader reads the files.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.gamedata.checks import Checks, Record, array, flag, one_of, pair, table, text, whole
from companion.games.strigoi.rules.data import (
    MAX_TOKENS,
    PARTS,
    STAT_KEYS,
    STAT_RANGE,
    STRIGOI,
    Stats,
    StrigoiData,
    Token,
)
from companion.games.strigoi.rules.fortress import Fortress, Room
from companion.i18n import N_, _
from companion.rules.base import POSITIONS

if TYPE_CHECKING:
    from companion.gamedata.tomlfile import TomlDoc

MOVERS = ("master", "apprentice")  # the Strigoi with Action tokens
COUNTS = ("min_players", "max_players", "altar_max", "blood_counters", "wounds_to_fall")


FIELDS = {
    "game": table,
    "strigoi": table,
    "tokens": array,
    "rooms": table,
    "ladders": table,
    "verified": flag,
}
GAME = {
    **{key: whole(1, 99) for key in COUNTS},
    "powerwolves": array,
    "marked": array,
    "letters": text(),
    "attack_needs": table,
    "defeat_needs": table,
}
STATS = {key: whole(*STAT_RANGE[key]) for key in STAT_KEYS}
SIDE = {"name": text(), "name_de": text(), **STATS}
TOKEN = {"strigoi": one_of(*MOVERS), "bonus": whole(0, 9), "count": whole(1, MAX_TOKENS)}
ROOM = {
    "at": pair(-9, 9, N_("must be [q, r] hex coordinates")),
    "light": one_of(*POSITIONS),
    "name": text(),
    "name_de": text(),
    "platform": flag,
    "ring": text(),
}
TAUGHT = {"strigoi": table, "tokens": table}


def parse(doc: TomlDoc) -> StrigoiData:
    """The data of the already-read file; DataFileError (file, line, field) if a value is bad."""
    v = Checks(doc)
    top = v.record("", doc.data, FIELDS)
    game = v.record("game", top.get("game"), GAME)
    n = {key: game.get(key) for key in COUNTS}
    players = range(n["min_players"], n["max_players"] + 1)
    letters = _letters(game)
    fortress = _fortress(v, top.get("rooms"), letters)
    wolves = [v.name("game.powerwolves", w) for w in game.get("powerwolves")]
    if (
        len(wolves) < n["max_players"]
        or len(set(wolves)) != len(wolves)
        or not all(isinstance(w, str) and w for w in wolves)
    ):
        raise game.error("powerwolves", _("needs at least {n} different names").format(n=n["max_players"]))
    marked = game.get("marked")
    if (
        len(marked) != 2
        or len(set(marked)) != 2
        or not all(m in fortress.rooms and fortress.rooms[m].platform for m in marked)
    ):
        raise game.error("marked", _("must name two different rooms with a platform"))
    sides = top.get("strigoi")
    stats = {sid: _stats(v.record(f"strigoi.{sid}", sides.get(sid), SIDE), sid) for sid in STRIGOI}
    verified = top.get("verified", False)
    tokens = _tokens(v, top.get("tokens"))
    return StrigoiData(
        **n,
        powerwolves=tuple(wolves),
        marked=tuple(marked),
        letters=letters,
        attack_needs=_needs(v, game, "attack_needs", players),
        defeat_needs=_needs(v, game, "defeat_needs", players),
        stats=stats,
        tokens=tokens,
        fortress=fortress,
        ladders=_ladders(v, top.get("ladders"), fortress),
        verified=verified,
        example_tokens=tokens,
        examples=() if verified else PARTS,
    )


def check_taught(doc: TomlDoc) -> dict:
    """The checked contents of a taught box file (see `companion.games.strigoi.rules.data.with_taught`)."""
    v = Checks(doc)
    top = v.record("", doc.data, TAUGHT)
    out: dict = {}
    for sid, values in top.get("strigoi", {}).items():
        v.choice(f"strigoi.{sid}", sid, STRIGOI)
        r = v.record(f"strigoi.{sid}", values, STATS)
        out.setdefault("strigoi", {})[sid] = {key: r.get(key) for key in STAT_KEYS}
    if "tokens" in top:
        mix = v.record("tokens", top.get("tokens"), {sid: table for sid in MOVERS})
        out["tokens"] = {sid: _taught_tokens(v, sid, mix.get(sid)) for sid in MOVERS}
    return out


def _taught_tokens(v: Checks, sid: str, counts: dict) -> dict:
    """One [tokens.<strigoi>] table of a taught box: bonus -> how many."""
    where = f"tokens.{sid}"
    for bonus, count in counts.items():
        if not bonus.isdigit() or int(bonus) > 9:
            raise v.error(f"{where}.{bonus}", _("the bonus is a whole number 0..9"))
        v.integer(f"{where}.{bonus}", count, 0, MAX_TOKENS)
    if not any(counts.values()):
        raise v.error(where, _("needs at least one token"))
    return dict(counts)


def _letters(game: Record) -> str:
    """The six letters of a room's ring."""
    letters = game.get("letters")
    if len(letters) != 6 or len(set(letters)) != 6 or "X" in letters:
        raise game.error("letters", _("must be six different letters (not X)"))
    return letters


def _needs(v: Checks, game: Record, key: str, players: range) -> dict[int, int]:
    """A per-player-count table such as attack_needs: "<players>" = needed."""
    r = v.record(game.path(key), game.get(key), {str(p): whole(1, 99) for p in players})
    return {p: r.get(str(p)) for p in players}


def _stats(r: Record, sid: str) -> Stats:
    """One [strigoi.<side>] table."""
    r.check()
    return Stats(r.get("name"), *(r.get(key) for key in STAT_KEYS))


def _tokens(v: Checks, raw: list) -> tuple[Token, ...]:
    """The [[tokens]] list; both the master and the apprentice have tokens."""
    out = []
    for i, entry in enumerate(raw):
        r = v.record(f"tokens.{i}", entry, TOKEN)
        out.append(Token(r.get("strigoi"), r.get("bonus"), r.get("count")))
    if {t.strigoi for t in out} != set(MOVERS):
        raise v.error("tokens", _("both the master and the apprentice need tokens"))
    return tuple(out)


def _fortress(v: Checks, raw: dict, letters: str) -> Fortress:
    """The [rooms.<id>] tables: positions, lights, platforms, letter rings."""
    rooms: dict[str, Room] = {}
    for rid, entry in raw.items():
        r = v.record(f"rooms.{rid}", entry, ROOM)
        r.check()
        at, light = r.get("at"), r.get("light")
        if any(room.at == at for room in rooms.values()):
            raise r.error("at", _("another room is already there"))
        if any(room.light == light for room in rooms.values()):
            raise r.error("light", _("another room is lit from this district"))
        if sorted(r.get("ring")) != sorted(letters):
            raise r.error("ring", _("must use each of {letters} once").format(letters=letters))
        rooms[rid] = Room(rid, r.get("name", rid), at, light, r.get("platform", True), r.get("ring"))
    if sum(not room.platform for room in rooms.values()) != 1:
        raise v.error("rooms", _("exactly one room has no platform"))
    return Fortress(rooms)


def _ladders(v: Checks, raw: dict, fortress: Fortress) -> tuple[tuple[str, str], ...]:
    """The preferred ladder edges; each is an outer edge of a room."""
    preferred = v.record("ladders", raw, {"preferred": array}).get("preferred")
    for edge in preferred:
        if not fortress.outer_edge(edge):
            raise v.error(
                "ladders.preferred", _("{edge!r} is not an outer edge [room, direction]").format(edge=edge)
            )
    return tuple((edge[0], edge[1]) for edge in preferred)
