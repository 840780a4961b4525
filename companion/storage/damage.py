"""Is a journal file damaged, and moving a damaged one aside (never deleted).

`damage(path)` looks at the file read-only: SQLite's `integrity_check`, then whether its `-wal` breaks
before later commits (companion/storage/wal.py, from how far SQLite's own check reached), the shape of
its tables (a table or column missing: "a journal of another version or damaged schema", see
companion/storage/identity.py) and a first read of the tables a start reads. `move_aside` renames the
file with its `-wal` and `-shm` to `<path>.corrupt-<UTC time>`. companion/storage/journal.py calls both
when it opens a journal (`companion journal recover` salvages a moved-aside file's games).
"""

import os
import sqlite3
import time
import urllib.parse
from pathlib import Path

from companion.storage.faults import JournalError
from companion.storage.identity import ANOTHER_SHAPE, schema_problem
from companion.storage.wal import WAL_MAGIC, valid_frames, wal_break

CORRUPT_MARK = ".corrupt-"

# SQLite errors that say nothing about the file's contents (locked, no permission, disk full, an I/O
# error of the card): the journal is not moved aside for these, the open fails and says why.
_NOT_DAMAGE = {
    "SQLITE_BUSY",
    "SQLITE_LOCKED",
    "SQLITE_CANTOPEN",
    "SQLITE_READONLY",
    "SQLITE_PERM",
    "SQLITE_FULL",
    "SQLITE_NOMEM",
    "SQLITE_AUTH",
    "SQLITE_IOERR",
}


def damage(path: str) -> str | None:
    """Why the journal file at `path` is damaged, or None if it is sound (or absent).

    Read-only: the file and its -wal are left byte for byte as they were. A locked or unreadable
    file is not damage: JournalError says why (moving it aside would hide a game in progress)."""
    db, wal = Path(path), Path(path + "-wal")
    wal_size = wal.stat().st_size if wal.exists() else 0
    head = wal.read_bytes() if wal_size else b""  # (left by a cut, or another reader)
    if head and head[:4] not in WAL_MAGIC:
        return "its -wal file is not a SQLite write-ahead log"
    if not db.exists() or db.stat().st_size == 0:
        return "a -wal file without its database" if wal_size else None
    hot = Path(path + "-journal")
    if hot.exists() and hot.stat().st_size > 0:
        _roll_back(path)  # a cut while the file was made: a read-only check cannot roll it back
    try:
        con = sqlite3.connect(f"file:{urllib.parse.quote(path)}?mode=ro", uri=True, timeout=5.0)
        try:
            result = con.execute("PRAGMA integrity_check(1)").fetchone()[0]
            if head:  # SQLite has walked the -wal's checksums now, and says how far in its -shm
                broken = wal_break(head, valid_frames(_head_of(path + "-shm"), head))
                if broken:
                    return broken
            if (
                result != "ok"
            ):  # e.g. "*** in database main ***\nPage 3: btreeInitPage() returns error code 11"
                lines = [line for line in str(result).splitlines() if not line.startswith("***")]
                return f"integrity check: {(lines or [str(result)])[0][:120]}"
            names = {name for (name,) in con.execute("SELECT name FROM sqlite_master")}
            shape = schema_problem(con)
            if shape is not None:  # a table renamed, a column dropped: what a start would use is not there
                return ANOTHER_SHAPE.format(why=shape)
            if "games" in names:
                con.execute("SELECT id, game, title, status, outcome, created, updated FROM games").fetchall()
            if "commands" in names:
                con.execute("SELECT game_id, seq, command, undone, at FROM commands LIMIT 1").fetchall()
                if sqlite3.sqlite_version_info >= (3, 38):  # json_valid is built in from 3.38
                    bad = con.execute(
                        "SELECT game_id, seq FROM commands WHERE CASE WHEN json_valid(command)"
                        " THEN json_type(command) != 'object' ELSE 1 END LIMIT 1"
                    ).fetchone()
                    if bad:
                        return f"command {bad[1]} of game {bad[0]} is not a JSON object"
            if {"games", "commands"} <= names:  # what a start reads: every setup and the unfinished games
                con.text_factory = bytes
                for (raw,) in con.execute(
                    "SELECT command FROM commands WHERE seq = 1 OR game_id IN"
                    " (SELECT id FROM games WHERE status != 'over')"
                ):
                    raw.decode("utf-8")
        finally:
            con.close()
    except sqlite3.DatabaseError as exc:
        if "_".join(str(getattr(exc, "sqlite_errorname", "")).split("_")[:2]) in _NOT_DAMAGE:
            raise JournalError(f"{path}: cannot open the journal: {exc}") from None
        return str(exc)
    except ValueError as exc:  # text that is not UTF-8 (in the schema, say) fails in Python's decoding
        return f"damaged text: {exc}"
    return None


def _head_of(path: str) -> bytes:
    """The wal-index header's two copies (the first 96 bytes of a `-shm`), or b"" without one."""
    try:
        with open(path, "rb") as f:
            return f.read(96)
    except OSError:
        return b""


def _roll_back(path: str) -> None:
    """Let SQLite roll back a hot rollback journal (`-journal`), as any first read-write reader does."""
    try:
        con = sqlite3.connect(path, timeout=5.0)
        try:
            con.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        finally:
            con.close()
    except sqlite3.DatabaseError:
        pass  # the check that follows says what is wrong


def move_aside(path: str, now: float) -> Path:
    """Rename a damaged journal with its -wal and -shm to `<path>.corrupt-<UTC time>` (never deleted)."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(now))
    target, n = Path(f"{path}{CORRUPT_MARK}{stamp}"), 1
    while any(Path(f"{target}{s}").exists() for s in ("", "-wal", "-shm")):
        n += 1
        target = Path(f"{path}{CORRUPT_MARK}{stamp}-{n}")
    for suffix in ("", "-wal", "-shm"):
        if Path(path + suffix).exists():
            os.replace(path + suffix, f"{target}{suffix}")
    return target
