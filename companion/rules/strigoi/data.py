"""The Armata Strigoi data file (`companion/data/strigoi/fortress.toml`) parsed into frozen values.

Pure: `companion.gamedata.loader` reads the file and `parse(doc)` checks it; every bad value raises
`DataFileError(path, line, field, message)` with the line of the document.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Mapping

from companion.rules.base import POSITIONS, Record
from companion.rules.commands import is_int
from companion.rules.strigoi.fortress import Fortress, Room

if TYPE_CHECKING:  # the type only: reading files is companion.gamedata.loader's job
    from companion.gamedata.tomlfile import TomlDoc

STRIGOI = ("master", "apprentice", "supreme")
PARTS = STRIGOI + ("tokens",)  # what the box teaches: three card sides and the token mix
STAT_KEYS = ("existence", "damage", "strength")
STAT_RANGE = {"existence": (1, 20), "damage": (0, 9), "strength": (1, 30)}
MAX_TOKENS = 20  # tokens of one kind in the bag


class Stats(Record):
    """One Strigoi card side: wounds to destroy it, wounds it deals, strength to beat."""

    name: str
    existence: int
    damage: int
    strength: int


class Token(Record):
    """A kind of Strigoi Action token: which Strigoi moves, extra wounds, how many in the bag."""

    strigoi: str
    bonus: int
    count: int


class StrigoiData(Record):
    """Everything the engine knows about the box."""

    min_players: int
    max_players: int
    altar_max: int
    blood_counters: int
    wounds_to_fall: int
    powerwolves: tuple[str, ...]
    marked: tuple[str, ...]
    letters: str
    attack_needs: Mapping[int, int]
    defeat_needs: Mapping[int, int]
    stats: Mapping[str, Stats]
    tokens: tuple[Token, ...]
    fortress: Fortress
    ladders: tuple[tuple[str, str], ...]
    verified: bool
    example_tokens: tuple[Token, ...] = ()  # the shipped mix (old journals replay with it)
    examples: tuple[str, ...] = ()          # parts of PARTS still at unverified example values

    @property
    def examples_all(self) -> tuple[str, ...]:
        """Every part a table may teach."""
        return PARTS


def parse(doc: TomlDoc) -> StrigoiData:
    """Check a parsed TOML document and build the data; DataFileError names the bad line."""
    game = _table(doc, doc.data, "game")
    n = {k: _int(doc, game, "game", k, 1) for k in
         ("min_players", "max_players", "altar_max", "blood_counters", "wounds_to_fall")}
    players = range(n["min_players"], n["max_players"] + 1)
    fortress = _fortress(doc)
    wolves = game.get("powerwolves")
    if not isinstance(wolves, list) or len(wolves) < n["max_players"] or not all(
            isinstance(w, str) and w for w in wolves) or len(set(wolves)) != len(wolves):
        raise doc.error("game.powerwolves", f"needs at least {n['max_players']} different names")
    marked = game.get("marked")
    if not isinstance(marked, list) or len(marked) != 2 or len(set(marked)) != 2 or not all(
            m in fortress.rooms and fortress.rooms[m].platform for m in marked):
        raise doc.error("game.marked", "must name two different rooms with a platform")
    letters = game.get("letters")
    if not isinstance(letters, str) or len(letters) != 6 or len(set(letters)) != 6 or "X" in letters:
        raise doc.error("game.letters", "must be six different letters (not X)")
    for rid, room in fortress.rooms.items():
        if sorted(room.ring) != sorted(letters):
            raise doc.error(f"rooms.{rid}.ring", f"must use each of {letters} once")
    verified = bool(doc.data.get("verified", False))
    tokens = _tokens(doc)
    return StrigoiData(
        **n, powerwolves=tuple(wolves), marked=tuple(marked), letters=letters,
        attack_needs=_needs(doc, game, "attack_needs", players),
        defeat_needs=_needs(doc, game, "defeat_needs", players),
        stats={sid: _stats(doc, sid) for sid in STRIGOI}, tokens=tokens,
        fortress=fortress, ladders=_ladders(doc, fortress), verified=verified,
        example_tokens=tokens, examples=() if verified else PARTS)


def with_taught(data: StrigoiData, doc: TomlDoc) -> StrigoiData:
    """`data` with the table's own box values laid over it (strigoi/box.toml in the config folder):

        [strigoi.master]  existence, damage, strength    (also apprentice, supreme)
        [tokens.master]   "<bonus>" = count               (also apprentice; both or neither)

    Taught parts win and are no longer examples; DataFileError names the bad line and key."""
    taught = check_taught(doc)
    stats = dict(data.stats)
    for sid, values in taught.get("strigoi", {}).items():
        stats[sid] = Stats(data.stats[sid].name, *(values[k] for k in STAT_KEYS))
    tokens = data.tokens
    if "tokens" in taught:
        tokens = tuple(Token(sid, int(bonus), count) for sid in ("master", "apprentice")
                       for bonus, count in sorted(taught["tokens"][sid].items(), key=lambda kv: int(kv[0]))
                       if count)
    done = set(taught.get("strigoi", {})) | ({"tokens"} if "tokens" in taught else set())
    return replace(data, stats=stats, tokens=tokens,
                   examples=tuple(p for p in data.examples if p not in done))


def check_taught(doc: TomlDoc) -> dict:
    """The clean contents of a taught box file (see `with_taught`)."""
    for key in doc.data:
        if key not in ("strigoi", "tokens"):
            raise doc.error(key, f"unknown key {key!r}; allowed: strigoi, tokens")
    out: dict = {}
    sides = doc.data.get("strigoi", {})
    if not isinstance(sides, dict):
        raise doc.error("strigoi", "must be a table of master/apprentice/supreme")
    for sid, values in sides.items():
        where = f"strigoi.{sid}"
        if sid not in STRIGOI or not isinstance(values, dict):
            raise doc.error(where, f"must be one of {', '.join(STRIGOI)}, a table")
        if set(values) != set(STAT_KEYS):
            raise doc.error(where, "needs existence, damage and strength (and nothing else)")
        for key in STAT_KEYS:
            lo, hi = STAT_RANGE[key]
            if not is_int(values[key]) or not lo <= values[key] <= hi:
                raise doc.error(f"{where}.{key}", f"must be a whole number {lo}..{hi}")
        out.setdefault("strigoi", {})[sid] = dict(values)
    if "tokens" in doc.data:
        mix = doc.data["tokens"]
        if not isinstance(mix, dict) or set(mix) != {"master", "apprentice"}:
            raise doc.error("tokens", "needs [tokens.master] and [tokens.apprentice]")
        for sid, counts in mix.items():
            where = f"tokens.{sid}"
            if not isinstance(counts, dict) or not counts:
                raise doc.error(where, 'must map the bonus to a count, e.g. "0" = 3')
            for bonus, count in counts.items():
                if not bonus.isdigit() or int(bonus) > 9:
                    raise doc.error(f"{where}.{bonus}", "the bonus is a whole number 0..9")
                if not is_int(count) or not 0 <= count <= MAX_TOKENS:
                    raise doc.error(f"{where}.{bonus}", f"must be a whole number 0..{MAX_TOKENS}")
            if not any(counts.values()):
                raise doc.error(where, f"the {sid} needs at least one token")
        out["tokens"] = {sid: dict(c) for sid, c in mix.items()}
    return out


def _table(doc: TomlDoc, parent: Mapping, key: str, where: str = "") -> dict:
    """A required table."""
    value = parent.get(key)
    if not isinstance(value, dict) or not value:
        raise doc.error(where + key, "this table is missing or empty")
    return value


def _int(doc: TomlDoc, table: Mapping, where: str, key: str, lo: int) -> int:
    """A whole number >= lo."""
    value = table.get(key)
    if not is_int(value) or value < lo:
        raise doc.error(f"{where}.{key}", f"must be a whole number >= {lo}")
    return value


def _needs(doc: TomlDoc, game: Mapping, key: str, players: range) -> dict[int, int]:
    """A per-player-count table such as attack_needs."""
    raw = _table(doc, game, key, "game.")
    out = {}
    for p in players:
        out[p] = _int(doc, raw, f"game.{key}", str(p), 1)
    return out


def _stats(doc: TomlDoc, sid: str) -> Stats:
    """One [strigoi.<id>] table."""
    raw = _table(doc, _table(doc, doc.data, "strigoi"), sid, "strigoi.")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise doc.error(f"strigoi.{sid}.name", "needs a name")
    return Stats(name, *(_int(doc, raw, f"strigoi.{sid}", k, 0 if k == "damage" else 1)
                         for k in ("existence", "damage", "strength")))


def _tokens(doc: TomlDoc) -> tuple[Token, ...]:
    """The [[tokens]] list; both Strigoi must appear."""
    raw = doc.data.get("tokens")
    if not isinstance(raw, list) or not raw:
        raise doc.error("tokens", "the Strigoi Action tokens [[tokens]] are missing")
    out = []
    for i, t in enumerate(raw):
        if not isinstance(t, dict) or t.get("strigoi") not in ("master", "apprentice"):
            raise doc.error("tokens", f"token {i + 1}: strigoi must be master or apprentice")
        out.append(Token(t["strigoi"], _int(doc, t, "tokens", "bonus", 0),
                         _int(doc, t, "tokens", "count", 1)))
    if {t.strigoi for t in out} != {"master", "apprentice"}:
        raise doc.error("tokens", "both the master and the apprentice need tokens")
    return tuple(out)


def _fortress(doc: TomlDoc) -> Fortress:
    """The [rooms.<id>] tables: positions, lights, platforms, letter rings."""
    rooms = {}
    spots, lights = set(), set()
    for rid, raw in _table(doc, doc.data, "rooms").items():
        where = f"rooms.{rid}"
        at = raw.get("at") if isinstance(raw, dict) else None
        if not isinstance(at, list) or len(at) != 2 or not all(is_int(v) for v in at):
            raise doc.error(f"{where}.at", "must be [q, r] hex coordinates")
        if tuple(at) in spots:
            raise doc.error(f"{where}.at", "another room is already there")
        light = raw.get("light")
        if light not in POSITIONS or light in lights:
            raise doc.error(f"{where}.light", "must be a district A1..C3 not used by another room")
        ring = raw.get("ring")
        if not isinstance(ring, str):
            raise doc.error(f"{where}.ring", "must be six letters")
        spots.add(tuple(at))
        lights.add(light)
        rooms[rid] = Room(rid, str(raw.get("name", rid)), tuple(at), light,
                          bool(raw.get("platform", True)), ring)
    if sum(not r.platform for r in rooms.values()) != 1:
        raise doc.error("rooms", "exactly one room has no platform")
    return Fortress(rooms)


def _ladders(doc: TomlDoc, fortress: Fortress) -> tuple[tuple[str, str], ...]:
    """The preferred ladder edges; each must be an outer edge of a room."""
    raw = _table(doc, doc.data, "ladders").get("preferred")
    if not isinstance(raw, list):
        raise doc.error("ladders.preferred", "must be a list of [room, direction]")
    out = []
    for edge in raw:
        if not fortress.outer_edge(edge):
            raise doc.error("ladders.preferred", f"{edge!r} is not an outer edge [room, direction]")
        out.append((edge[0], edge[1]))
    return tuple(out)


