"""Is this file our journal? Asked before a journal is opened, so only our own file is ever written.

A mistyped `--journal notes.txt` once had its file moved aside as "damaged" and an empty journal put in
its place; another program's SQLite database got our tables and was switched to WAL for good. Now
a journal carries SQLite's `application_id` (APPLICATION_ID, the bytes "NWcj") and its schema version
in `user_version` (SCHEMA_VERSION), both stamped when a journal is first opened for writing, and every
open asks `check_ours` first. What counts as ours:

- no file, or an empty one (SQLite's empty database: there is nothing in it to lose);
- a SQLite file with our application id;
- a SQLite file without any application id (a journal of before the id) holding our tables (two of
  `games`, `commands`, `leases`, `meta`), or no table at all;
- at the default place (the state folder is ours), or with a SQLite `-wal` beside it: any file, so a
  damaged journal of ours is still moved aside and the table starts;
- a file that SQLite no longer reads (its header scribbled over, say) whose bytes still hold our
  schema's text.

Anything else is `NotOurJournal`, and nothing is changed: not a byte, not a name, no -wal left beside it
(it is read with `immutable=1`). A journal of ours with a newer `user_version` is `JournalTooNew`: read
it with the newer companion. The common case costs one 100-byte read: our id in the file's header.
`schema_problem` says which part of a journal of ours has another shape (a table or column missing):
the damage check (companion/storage/damage.py), the readers and doctor word it the same way.
"""

from __future__ import annotations

import os
import sqlite3
import urllib.parse
from pathlib import Path

from companion.errors import N_
from companion.storage.faults import JournalTooNew, NotOurJournal

APPLICATION_ID = int.from_bytes(b"NWcj", "big")  # 0x4E57636A, PRAGMA application_id of every journal
SCHEMA_VERSION = 2  # PRAGMA user_version: 1 (or 0, before the version) without commands' digest column
SQLITE_HEADER = b"SQLite format 3\x00"
OUR_TABLES = frozenset({"games", "commands", "leases", "meta"})
# The columns every reader and writer needs (a journal lacking one has another shape). Later columns
# (games.position, commands.digest) are added when missing, and extra ones are left alone.
COLUMNS = {
    "games": ("id", "game", "title", "status", "outcome", "created", "updated"),
    "commands": ("game_id", "seq", "command", "undone", "at"),
}
_SIGNATURE = b"REFERENCES games(id)"  # in the CREATE TABLE commands text of every journal's schema
_SIGNATURE_SPAN = 1 << 20  # how far into a file that SQLite cannot read the signature is looked for
ANOTHER_SHAPE = N_("a journal of another version or damaged schema: {why}")


def check_ours(path: str, *, by_place: bool = False) -> None:
    """NotOurJournal unless the file at `path` is (or may become) our journal; JournalTooNew when it
    is ours but newer. `by_place`: the default journal place, where any file is ours. Never writes."""
    p = Path(path)
    try:
        if not p.is_file() or p.stat().st_size == 0:
            return  # nothing there (a -wal alone, a folder: the open and the damage check say so)
        with open(p, "rb") as f:
            head = f.read(100)
    except OSError:
        return  # cannot be read: the open says why
    ours_by_header = head[:16] == SQLITE_HEADER and _app_id(head) == APPLICATION_ID
    if ours_by_header or by_place:
        _not_newer(path, head)
        return
    if head[:16] != SQLITE_HEADER:
        if _wal_beside(path) or _signed(path):
            return  # a journal of ours whose header was scribbled over: damaged, moved aside
        raise NotOurJournal(path, N_("it is not a SQLite database"))
    app = _app_id(head)
    if app != 0:
        raise NotOurJournal(
            path, N_("it is another program's SQLite database, application id {id}"), id=f"{app:#010x}"
        )
    names = _tables(path)
    if names is None:  # SQLite cannot read it: ours only if our schema's text is in it
        if _wal_beside(path) or _signed(path):
            return
        raise NotOurJournal(path, N_("a SQLite database that cannot be read and holds no journal tables"))
    if names and len(names & OUR_TABLES) < 2:
        raise NotOurJournal(
            path,
            N_("a SQLite database of another program (tables: {names})"),
            names=", ".join(sorted(names)[:6]),
        )
    _not_newer(path, head)


def schema_problem(con: sqlite3.Connection) -> str | None:
    """Which part of a journal of ours has another shape: a table or column missing (English words),
    or None. A database without any of our tables (a new one) has none."""
    names = {name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not names & OUR_TABLES:
        return None
    for table, columns in COLUMNS.items():
        if table not in names:
            return f"its {table} table is missing"
        have = {row[1] for row in con.execute(f"PRAGMA table_info({table})")}
        lacking = [c for c in columns if c not in have]
        if lacking:
            return f"its {table} table has no {', '.join(lacking)} column" + ("s" if len(lacking) > 1 else "")
    return None


def newer(con: sqlite3.Connection) -> int | None:
    """The journal's schema version when it is newer than ours (our id and a higher user_version), else None."""
    app = con.execute("PRAGMA application_id").fetchone()[0]
    version = con.execute("PRAGMA user_version").fetchone()[0]
    return version if app == APPLICATION_ID and version > SCHEMA_VERSION else None


def _app_id(head: bytes) -> int:
    """The application id in a SQLite header (bytes 68-71, big-endian)."""
    return int.from_bytes(head[68:72], "big") if len(head) >= 72 else 0


def _not_newer(path: str, head: bytes) -> None:
    """JournalTooNew when the header's user_version (bytes 60-63) is above ours (our id only)."""
    version = int.from_bytes(head[60:64], "big") if len(head) >= 64 else 0
    if _app_id(head) == APPLICATION_ID and version > SCHEMA_VERSION:
        raise JournalTooNew(path, version, SCHEMA_VERSION)


def _wal_beside(path: str) -> bool:
    """Is there a SQLite write-ahead log beside the file (a journal of ours in use or cut short)?"""
    from companion.storage.wal import WAL_MAGIC

    try:
        with open(f"{path}-wal", "rb") as f:
            return f.read(4) in WAL_MAGIC
    except OSError:
        return False


def _tables(path: str) -> set[str] | None:
    """The names of the tables in the SQLite file, read without changing or adding any file (None if
    SQLite cannot read it). `immutable=1` reads the file alone; with a -wal beside it (a program has it
    open, its -wal and -shm are there already) `mode=ro` reads its newest commits too."""
    flag = "mode=ro" if os.path.exists(f"{path}-wal") else "immutable=1"
    try:
        con = sqlite3.connect(f"file:{urllib.parse.quote(str(path))}?{flag}", uri=True, timeout=2.0)
    except sqlite3.DatabaseError:
        return None
    try:
        return {
            name
            for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if not name.startswith("sqlite_")
        }
    except sqlite3.DatabaseError:
        return None
    finally:
        con.close()


def _signed(path: str) -> bool:
    """Does the file's beginning hold our schema's text (a journal of ours that SQLite cannot read)?"""
    try:
        with open(path, "rb") as f:
            return _SIGNATURE in f.read(_SIGNATURE_SPAN)
    except OSError:
        return False
