"""Salvage the games of a damaged journal into the current one (`companion journal recover FILE`).

Two ways of reading what is left, on a copy (the damaged file is never changed):
  1. SQLite's own recovery, the `sqlite3` command-line tool's `.recover` (when it is installed): it
     rebuilds every row it can still find, page by page;
  2. a row-by-row read through Python's sqlite3, skipping past rows on pages that no longer read.
Their rows are merged. Then every game is replayed through its rules engine and kept only as far
as it replays: a game whose later commands are lost or damaged keeps the longest prefix that
replays, and the report says so. Only active commands come back (undone ones are left out).
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
from companion.journal import ACTIVE, Journal
from companion.rules import game_of_setup, load_game

RECOVER_TIMEOUT_S = 120


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
    with tempfile.TemporaryDirectory(prefix="companion-recover-") as tmp:
        copy = _copy(Path(source), Path(tmp))
        rows: dict[tuple[int, int], tuple[str, int]] = {}
        games: dict[int, tuple] = {}
        if shutil.which("sqlite3"):
            if _read_recovered(copy, Path(tmp) / "recovered.sqlite3", rows, games):
                report.methods.append("sqlite3 .recover")
        _read_row_by_row(copy, rows, games)
        report.methods.append("row by row")
    by_game: dict[int, dict[int, tuple[str, int]]] = {}
    for (gid, seq), value in rows.items():
        by_game.setdefault(gid, {})[seq] = value
    for gid in sorted(by_game):
        _salvage_game(gid, by_game[gid], games.get(gid), journal, report)
    return report


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
        sql = subprocess.run(["sqlite3", str(copy), ".recover"], capture_output=True, timeout=RECOVER_TIMEOUT_S)
        if not sql.stdout:
            return False
        subprocess.run(["sqlite3", str(out)], input=sql.stdout, capture_output=True, timeout=RECOVER_TIMEOUT_S)
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
    try:
        for rowid_row in _rows(con, "games", "id, game, title, status, outcome"):
            gid = rowid_row[1]
            if isinstance(gid, int):
                games.setdefault(gid, rowid_row[1:])
        for _, gid, seq, command, undone in _rows(con, "commands", "game_id, seq, command, undone"):
            if isinstance(gid, int) and isinstance(seq, int) and isinstance(command, str):
                rows.setdefault((gid, seq), (command, undone))
    finally:
        con.close()


def _rows(con: sqlite3.Connection, table: str, columns: str):
    """(rowid, *columns) of every row of `table` that still reads, in rowid order."""
    after, skip, misses = -(2**63), 1, 0
    while misses < 48 and after < 2**62:
        try:
            cur = con.execute(f"SELECT rowid, {columns} FROM {table} WHERE rowid > ? ORDER BY rowid", (after,))
            for row in cur:
                yield row
                after, skip, misses = row[0], 1, 0
            return
        except sqlite3.DatabaseError as exc:  # a page that no longer reads: step over it, further each time
            if "no such" in str(exc):  # the table (or a column) is not there at all
                return
            if after == -(2**63):
                after = 0
            after += skip
            skip *= 2
            misses += 1


def _salvage_game(gid: int, rows: dict[int, tuple[str, int]], info, journal: Journal, report: Report) -> None:
    """Replay one salvaged game and import the longest prefix of it that replays."""
    active, stop = [], None
    for seq in range(1, max(rows) + 1):
        if seq not in rows:
            stop = f"command {seq} is lost"
            break
        text, undone = rows[seq]
        try:
            command = json.loads(text)
        except ValueError:
            command = None
        if not isinstance(command, dict):
            stop = f"command {seq} is damaged"
            break
        if undone == ACTIVE:
            active.append(command)
    if not active or active[0].get("cmd") != "setup":
        report.dropped.append(f"game {gid}: its setup command is lost")
        return
    try:
        game = load_game(game_of_setup(active[0]))
        state, _ = game.setup(game.canonical(None, active[0]))
    except CompanionError as exc:
        report.dropped.append(f"game {gid}: its setup no longer applies ({exc})")
        return
    commands = [game.canonical(None, active[0])]
    for command in active[1:]:
        try:
            state, _ = game.apply(state, game.canonical(state, command))
        except CompanionError as exc:
            stop = f"command {len(commands) + 1} no longer replays ({exc})"
            break
        commands.append(command)
    name = info[1] if info else game_of_setup(active[0])
    if journal.has_commands(commands):
        report.dropped.append(f"game {gid} ({name}): already in this journal")
        return
    outcome = game.outcome(state)
    title = info[2] if info and isinstance(info[2], str) else ""
    new_id = journal.import_game(commands, title=title, status="over" if outcome else "running", outcome=outcome)
    report.games_kept += 1
    if stop is None and len(commands) == len(active):
        report.kept.append(f"game {gid} ({name}): all {len(commands)} commands, now game {new_id}")
    else:
        report.kept.append(f"game {gid} ({name}): the first {len(commands)} commands, now game {new_id};"
                           f" the rest is dropped: {stop}")
