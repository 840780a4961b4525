"""Salvage the games of a damaged journal into the current one (`companion journal recover FILE`).

Three ways of reading what is left, on a copy (the damaged file is never changed):
  1. SQLite's own recovery, the `sqlite3` command-line tool's `.recover`, when it is installed and
     built with it (Debian's 3.40 lacks the page table it needs and fails: we then go on);
  2. a row-by-row read through Python's sqlite3, skipping past rows on pages that no longer read;
  3. a scan of every page of the file and of its -wal for table rows shaped like ours (finds rows
     the tree no longer leads to: a scribbled header, a lost root page, a cut-off file). It can also
     find rows of a game deleted earlier whose pages were not reused yet.
The tables are read as plain SQL still can: under another name (the table that has the columns), and
without a column that is not essential (a missing `undone` counts as active, a missing `at` takes the
game's dates), so a journal of another shape gives back every game it holds.
Their rows are merged, the earlier ways winning. Then every game is replayed through its rules engine and kept
only as far
as it replays: a game whose later commands are lost or damaged keeps the longest prefix that
replays, and the report says so. Only active commands come back (undone ones are left out).

Dates: a recovered game keeps its own: created and updated from its salvaged `games` row, else from
its commands' `at` times (the setup is written with the game's created time); each command keeps its
`at`. Only when neither is left is the damaged file's modification time used, and the game is marked
"date from the file" (in the report and in `journal list`, via a `date-from-file:<created>` row in `meta`).

Identity: a game is already in the journal when a game there has the same created time and the same
commands, or more of them (a longer copy of the same game). The created time, not the file's name or the
old id, because it travels with the game: recovering the same file twice, a copy of it, or a backup of
the current journal adds nothing, while two games that happen to have the same commands (the same seed,
setup only) were created at different times and both stay. A game dated from the file gets the file's time
plus its old id in microseconds, so such games stay distinct and are found again the next time.
Each game is imported in one transaction: a recover that is killed leaves whole games, and running it
again adds only the missing ones.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from companion.errors import CompanionError
from companion.i18n import _, ngettext
from companion.rules import game_of_setup, load_game
from companion.storage.journal import ACTIVE, Journal

RECOVER_TIMEOUT_S = 120
FILE_DATED = (
    "date-from-file:"  # meta key prefix: the game created at this time is dated from the damaged file
)
_LAST_TIME = 1e11  # a journaled time after this (year 5138) is a damaged number, not a date


@dataclass
class Report:
    """What `recover` kept and dropped, one line each, and the ways it read the file."""

    methods: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    games_kept: int = 0


def recover(source: str | Path, journal: Journal) -> Report:
    """Salvage the games of the damaged journal `source` into `journal`; returns the report."""
    report = Report()
    source = Path(source)
    found_at = next((p for p in (source, Path(f"{source}-wal")) if p.exists()), source)
    mtime = found_at.stat().st_mtime if found_at.exists() else 0.0
    with tempfile.TemporaryDirectory(prefix="companion-recover-") as tmp:
        copy = _copy(Path(source), Path(tmp))
        scanned: tuple[dict, dict] = ({}, {})
        found = _scan_pages(copy, *scanned)  # first: SQLite may drop a -wal beside an empty file on close
        rows: dict[tuple[int, int], tuple[str, int, object]] = {}  # (game, seq) -> (command, undone, at)
        games: dict[int, tuple] = {}
        if shutil.which("sqlite3"):  # on a copy of its own: the tool opens it read-write
            (Path(tmp) / "cli").mkdir()
            own = _copy(Path(source), Path(tmp) / "cli")
            if _read_recovered(own, Path(tmp) / "recovered.sqlite3", rows, games):
                report.methods.append("sqlite3 .recover")
        _read_row_by_row(copy, rows, games)
        report.methods.append("row by row")
        if any(key not in rows for key in scanned[0]) or any(key not in games for key in scanned[1]):
            report.methods.append("page scan")
        if found:
            for key, value in scanned[0].items():
                rows.setdefault(key, value)
            for key, value in scanned[1].items():
                games.setdefault(key, value)
    by_game: dict[int, dict[int, tuple[str, int, object]]] = {}
    for (gid, seq), value in rows.items():
        by_game.setdefault(gid, {})[seq] = value
    for gid in sorted(by_game):
        _salvage_game(gid, by_game[gid], games.get(gid), journal, report, (source, mtime))
    return report


def dated_from_file(journal: Journal) -> set[float]:
    """The created times of the games `recover` could only date by the damaged file's time."""
    rows = journal.db.execute("SELECT key FROM meta WHERE key LIKE ?", (FILE_DATED + "%",)).fetchall()
    out = set()
    for (key,) in rows:
        try:
            out.add(float(key[len(FILE_DATED) :]))
        except ValueError:
            continue
    return out


def _copy(source: Path, tmp: Path) -> Path:
    """Copy the damaged file and its -wal into `tmp` (a -wal alone gets an empty database beside it)."""
    copy = tmp / "damaged.sqlite3"
    if source.exists():
        shutil.copyfile(source, copy)
    else:
        copy.write_bytes(b"")
    wal = Path(f"{source}-wal")
    if wal.exists():
        shutil.copyfile(wal, Path(f"{copy}-wal"))
    return copy


def _read_recovered(copy: Path, out: Path, rows: dict, games: dict) -> bool:
    """Rows rebuilt by `sqlite3 FILE .recover` (run into a new database); False if it failed."""
    try:
        sql = subprocess.run(
            ["sqlite3", str(copy), ".recover"], capture_output=True, timeout=RECOVER_TIMEOUT_S
        )
        if (
            sql.returncode != 0 or not sql.stdout
        ):  # Debian 12's 3.40: a few PRAGMAs, "SQL logic error", exit 1
            return False
        subprocess.run(
            ["sqlite3", str(out)], input=sql.stdout, capture_output=True, timeout=RECOVER_TIMEOUT_S
        )
    except (OSError, subprocess.SubprocessError):
        return False
    if not out.exists():
        return False
    before = len(rows)
    _read_row_by_row(out, rows, games)
    return len(rows) > before or bool(games)


def _read_row_by_row(path: Path, rows: dict, games: dict) -> None:
    """Every readable row of `games` and `commands`, stepping over rowids that fail to read."""
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.DatabaseError:
        return
    con.text_factory = lambda raw: raw.decode("utf-8", "replace")
    try:
        table, columns = _shaped(con, "games", GAMES_COLUMNS)
        for rowid_row in _rows(con, table, columns) if table else ():
            gid = rowid_row[1]
            if isinstance(gid, int):
                games.setdefault(gid, rowid_row[1:])
        table, columns = _shaped(con, "commands", COMMANDS_COLUMNS)
        for _rowid, gid, seq, command, undone, at in _rows(con, table, columns) if table else ():
            if isinstance(gid, int) and isinstance(seq, int) and isinstance(command, str):
                rows.setdefault((gid, seq), (command, undone, at))
    finally:
        con.close()


def _shaped(con: sqlite3.Connection, name: str, wanted: dict[str, str | None]) -> tuple[str | None, str]:
    """(table, select list) to read our table `name` as plain SQL still can: the table of that name, else
    the one table holding all of its essential columns (renamed by another program or version); a
    missing column that is not essential read as its default (`wanted`: column -> SQL default, None for
    an essential one). (None, "") when no table fits."""
    try:
        tables = [
            t
            for (t,) in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite_%' ORDER BY name = ? DESC, name",
                (name,),
            )
        ]
    except sqlite3.DatabaseError:  # the schema itself does not read: the names are SQLite's guess
        return name, ", ".join(wanted)
    for table in tables:
        try:
            have = {row[1] for row in con.execute(f"PRAGMA table_info({_quoted(table)})")}
        except sqlite3.DatabaseError:
            have = set(wanted) if table == name else set()
        if all(c in have for c, default in wanted.items() if default is None):
            return _quoted(table), ", ".join(c if c in have else f"{wanted[c]} AS {c}" for c in wanted)
    return None, ""


def _quoted(name: str) -> str:
    """A table name quoted for SQL."""
    return '"' + name.replace('"', '""') + '"'


# Our tables' columns as recover reads them: None for an essential one, else the SQL default for a
# journal that lacks it (an older or damaged schema): a command without its flag counts as active, one
# without its time gets the game's, a game without its dates gets its commands' (see `_dates`).
GAMES_COLUMNS = {
    "id": None,
    "game": None,
    "title": "''",
    "status": "NULL",
    "outcome": "NULL",
    "created": "NULL",
    "updated": "NULL",
}
COMMANDS_COLUMNS = {"game_id": None, "seq": None, "command": None, "undone": "0", "at": "NULL"}


def _rows(con: sqlite3.Connection, table: str, columns: str):
    """(rowid, *columns) of every row of `table` that still reads, in rowid order."""
    after, skip, misses = -(2**63), 1, 0
    while misses < 48 and after < 2**62:
        try:
            cur = con.execute(
                f"SELECT rowid, {columns} FROM {table} WHERE rowid > ? ORDER BY rowid", (after,)
            )
            for row in cur:
                yield row
                after, skip, misses = row[0], 1, 0
            return
        except (
            sqlite3.DatabaseError,
            ValueError,
        ) as exc:  # a page that no longer reads (or not UTF-8): step over it, further each time
            if "no such" in str(exc):  # the table (or a column) is not there at all
                return
            if after == -(2**63):
                after = 0
            after += skip
            skip *= 2
            misses += 1


def _scan_pages(copy: Path, rows: dict, games: dict) -> bool:
    """Rows found by decoding every table leaf page of the file and of its -wal (newest last)."""
    found: list[tuple[int, list]] = []
    data = copy.read_bytes()
    size = _page_size(data[16:18]) if data[:16] == b"SQLite format 3\x00" else 4096
    for start in range(0, len(data) - size + 1, size):
        found += _leaf_records(data[start : start + size], 100 if start == 0 else 0)
    wal_path = Path(f"{copy}-wal")
    wal = wal_path.read_bytes() if wal_path.exists() else b""
    if len(wal) >= 32:
        wsize = int.from_bytes(wal[8:12], "big")
        if wsize in {2**k for k in range(9, 17)}:
            for start in range(32, len(wal) - wsize - 24 + 1, wsize + 24):
                found += _leaf_records(wal[start + 24 : start + 24 + wsize], 0)
    before = len(rows) + len(games)
    latest: dict = {}
    for rowid, values in found:  # later copies of a row (the WAL's) win over earlier ones
        if len(values) in (5, 6) and _types(
            values[:4], (int, int, str, int)
        ):  # 6: with its digest; a damaged `at` is not a reason to drop it
            latest[("c", values[0], values[1])] = (values[2], values[3], values[4])
        elif (
            len(values) in (7, 8) and values[0] is None and _types(values[1:4], (str, str, str))
        ):  # 8: with position
            latest[("g", rowid)] = (rowid, *values[1:7])
    for key, value in latest.items():
        if key[0] == "c":
            rows.setdefault(key[1:], value)
        else:
            games.setdefault(key[1], value)
    return len(rows) + len(games) > before


def _page_size(raw: bytes) -> int:
    """The page size in a database header (4096 when it is damaged)."""
    n = int.from_bytes(raw, "big")
    n = 65536 if n == 1 else n
    return n if n in {2**k for k in range(9, 17)} else 4096


def _types(values, kinds) -> bool:
    """Do the values have these Python types (bool excluded)?"""
    return all(isinstance(v, k) and not isinstance(v, bool) for v, k in zip(values, kinds))


def _leaf_records(page: bytes, head: int) -> list[tuple[int, list]]:
    """(rowid, values) of the cells of a table leaf page (0x0D) that decode; [] for any other page."""
    if len(page) < head + 8 or page[head] != 0x0D:
        return []
    out = []
    ncells = int.from_bytes(page[head + 3 : head + 5], "big")
    for i in range(min(ncells, (len(page) - head - 8) // 2)):
        ptr = int.from_bytes(page[head + 8 + 2 * i : head + 10 + 2 * i], "big")
        try:
            length, at = _varint(page, ptr)
            rowid, at = _varint(page, at)
            if length > len(page) - 35 or at + length > len(page):
                continue  # spills to overflow pages: not one of our short rows
            out.append((rowid, _record(page[at : at + length])))
        except (IndexError, ValueError, UnicodeDecodeError):
            continue
    return out


def _varint(buf: bytes, at: int) -> tuple[int, int]:
    """SQLite's big-endian varint at `at`: (value, next offset)."""
    value = 0
    for i in range(9):
        byte = buf[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise ValueError("bad varint")


_INT_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def _record(payload: bytes) -> list:
    """The values of one SQLite record (ints, floats, text, blobs, None)."""
    header_len, at = _varint(payload, 0)
    types = []
    while at < header_len:
        t, at = _varint(payload, at)
        types.append(t)
    values, at = [], header_len
    for t in types:
        if t == 0:
            values.append(None)
        elif t in _INT_SIZES:
            n = _INT_SIZES[t]
            values.append(int.from_bytes(payload[at : at + n], "big", signed=True))
            at += n
        elif t == 7:
            import struct

            values.append(struct.unpack(">d", payload[at : at + 8])[0])
            at += 8
        elif t in (8, 9):
            values.append(t - 8)
        elif t >= 12:
            n = (t - 12) // 2
            chunk = payload[at : at + n]
            values.append(chunk.decode("utf-8") if t % 2 else chunk)
            at += n
        else:
            raise ValueError("reserved serial type")
        if at > len(payload):
            raise ValueError("record runs past its cell")
    return values


def _salvage_game(
    gid: int,
    rows: dict[int, tuple[str, int, object]],
    info,
    journal: Journal,
    report: Report,
    source: tuple[Path, float],
) -> None:
    """Replay one salvaged game and import the longest prefix of it that replays, with its own dates."""
    active, times, stop = [], [], None
    for seq in range(1, max(rows) + 1):
        if seq not in rows:
            stop = _("command {seq} is lost").format(seq=seq)
            break
        text, undone, at = rows[seq]
        try:
            command = json.loads(text)
        except ValueError:
            command = None
        if not isinstance(command, dict):
            stop = _("command {seq} is damaged").format(seq=seq)
            break
        if undone == ACTIVE:
            active.append(command)
            times.append(at)
    if not active or active[0].get("cmd") != "setup":
        report.dropped.append(_("game {id}: its setup command is lost").format(id=gid))
        return
    try:
        game = load_game(game_of_setup(active[0]))
        state, _events = game.setup(game.canonical(None, active[0]))
    except CompanionError as exc:
        report.dropped.append(_("game {id}: its setup no longer applies ({why})").format(id=gid, why=exc))
        return
    commands = [game.canonical(None, active[0])]
    for command in active[1:]:
        try:
            state, _events = game.apply(state, game.canonical(state, command))
        except CompanionError as exc:
            stop = _("command {seq} no longer replays ({why})").format(seq=len(commands) + 1, why=exc)
            break
        commands.append(command)
    name = info[1] if info else game_of_setup(active[0])
    created, updated, from_file = _dates(gid, rows, info, source[1])
    when = _when(created, from_file)
    same = _same_game(journal, commands, created)
    if same is not None:
        report.dropped.append(
            _("game {id} ({game}, {when}): already in this journal as game {same}").format(
                id=gid, game=name, when=when, same=same
            )
        )
        return
    if (
        from_file
    ):  # before the game: a kill between the two leaves a mark no game uses, never an unmarked game
        journal.db.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
            (f"{FILE_DATED}{created!r}", f"{source[0].name} game {gid}"),
        )
    outcome = game.outcome(state)
    title = info[2] if info and isinstance(info[2], str) else ""
    new_id = journal.import_game(
        commands,
        title=title,
        status="over" if outcome else "running",
        outcome=outcome,
        created=created,
        updated=updated,
        at=[t if _is_time(t) else created for t in times[: len(commands)]],
    )
    report.games_kept += 1
    undone = sum(1 for row in rows.values() if row[1] != ACTIVE)
    left_out = (
        ngettext(" ({n} undone command left out)", " ({n} undone commands left out)", undone).format(n=undone)
        if undone
        else ""
    )
    if stop is None and len(commands) == len(active):
        report.kept.append(
            _("game {id} ({game}, {when}): all {n} commands found, now game {new}").format(
                id=gid, game=name, when=when, n=len(commands), new=new_id
            )
            + left_out
        )
    else:
        report.kept.append(
            _(
                "game {id} ({game}, {when}): the first {n} commands, now game {new};"
                " the rest is dropped: {why}"
            ).format(id=gid, game=name, when=when, n=len(commands), new=new_id, why=stop)
        )


def _dates(
    gid: int, rows: dict[int, tuple[str, int, object]], info, mtime: float
) -> tuple[float, float, bool]:
    """(created, updated, from the file?) of a salvaged game: its `games` row's, else its commands' times
    (the setup's `at` is the game's created time), else the damaged file's time plus the old id in µs."""
    created = info[5] if info and len(info) > 6 and _is_time(info[5]) else None
    updated = info[6] if info and len(info) > 6 and _is_time(info[6]) else None
    if created is None and 1 in rows and _is_time(rows[1][2]):
        created = rows[1][2]
    if created is None:
        at = mtime + gid * 1e-6  # distinct games stay distinct, and the same file gives the same time again
        return at, at, True
    if updated is None:
        updated = max([created, *(row[2] for row in rows.values() if _is_time(row[2]))])
    return created, max(created, updated), False


def _is_time(value) -> bool:
    """Is this a journaled time (seconds since 1970) this machine can show, not a damaged number or text?
    (A 32-bit Raspberry Pi OS cannot show a time after 2038: `journal list` would fail on it.)"""
    import datetime as dt

    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value < _LAST_TIME:
        return False
    try:
        dt.datetime.fromtimestamp(value)
    except (OverflowError, OSError, ValueError):
        return False
    return True


def _when(t: float, from_file: bool) -> str:
    """A game's date for the report: "2026-01-01 20:15", marked when it is the damaged file's."""
    import datetime as dt

    text = dt.datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M")
    return _("{date}, date from the file").format(date=text) if from_file else text


def _same_game(journal: Journal, commands: list[dict], created: float) -> int | None:
    """The id of the game in `journal` that is this one (same created time, these commands or more), or None."""
    for (gid,) in journal.db.execute(
        "SELECT id FROM games WHERE created = ? ORDER BY id", (created,)
    ).fetchall():
        try:
            have = journal.commands(gid)
        except CompanionError:  # a game without active commands or with damaged text is not this one
            continue
        if have[: len(commands)] == commands:
            return gid
    return None
