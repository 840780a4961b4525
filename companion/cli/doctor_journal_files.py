"""The journal's files as `companion doctor` finds and reads them, changing none: a journal, its -wal
and -shm, the journals in a folder, a free name to move one aside to; `read_journal` looks at one as
the app's damage check does (SQLite's `mode=ro`, a copy in a temporary folder when the table does not
have it open, `immutable=1` on a read-only file system) and says what it found in a `Reading`:
sound with its number of games, damaged and why, or unreadable and why (permissions, a lock, a write
cut short, the card). companion/cli/doctor_journal.py turns a reading into checks and fixes.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import _
from companion.storage.identity import ANOTHER_SHAPE, schema_problem

SQLITE_HEADER = b"SQLite format 3\x00"

# SQLite errors that say nothing about the file's contents: the file is not damaged, doctor could not read it
NOT_DAMAGE = (
    "SQLITE_BUSY",
    "SQLITE_LOCKED",
    "SQLITE_CANTOPEN",
    "SQLITE_READONLY",
    "SQLITE_PERM",
    "SQLITE_AUTH",
    "SQLITE_IOERR",
    "SQLITE_NOMEM",
)


@dataclass(frozen=True)
class Reading:
    """What a read-only look at a journal file found."""

    damage: str | None = None  # why the app would move it aside; None: sound
    games: int = 0
    unreadable: str = ""  # could not be read at all: why
    cause: str = ""  # of `unreadable`: "access" (permissions), "busy" (locked), "cut" (a hot -journal), "io" (the card)


def read_journal(path: Path, read_only_fs: bool = False, connect: Callable = sqlite3.connect) -> Reading:
    """Look at the journal at `path` as the app's damage check does, without changing or adding any file.

    While the table has the journal open (its -wal and -shm are there) doctor reads it in place with
    `mode=ro`, as any WAL reader: it never blocks the table's writes. Otherwise nobody writes it, and a
    `mode=ro` reader would leave a -wal and -shm behind (owned by whoever ran doctor): a copy in a
    temporary folder is read instead. On a read-only file system without a -wal, `immutable=1` reads the
    file in place, exactly (nothing can change it; SQLite could not make its -shm there). `connect` is
    sqlite3.connect (tests pass one that fails as a read-only file system does)."""
    from companion.storage.wal import WAL_MAGIC, wal_break

    wal, shm = Path(f"{path}-wal"), Path(f"{path}-shm")
    try:
        head = wal.read_bytes() if exists(wal) else b""
        if head and head[:4] not in WAL_MAGIC:
            return Reading(_("its -wal file is not a SQLite write-ahead log"))
        broken = wal_break(head) if head else None
        if broken:
            return Reading(broken)
        if not exists(path) or path.stat().st_size == 0:
            return Reading(_("a -wal file without its database") if head else None)
        if exists(f"{path}-journal") and os.path.getsize(f"{path}-journal") > 0:
            return Reading(unreadable=_("a write was cut short (a -journal file)"), cause="cut")
        if read_only_fs and not head:
            return _look(connect, f"file:{urllib.parse.quote(str(path))}?mode=ro&immutable=1")
        if exists(wal) and exists(shm):
            seen = _look(connect, f"file:{urllib.parse.quote(str(path))}?mode=ro")
            if not (read_only_fs and seen.unreadable):
                return seen
        with tempfile.TemporaryDirectory(prefix="companion-doctor-") as tmp:
            copy = Path(tmp) / path.name
            shutil.copyfile(path, copy)
            if head:
                Path(f"{copy}-wal").write_bytes(head)
            return _look(connect, f"file:{urllib.parse.quote(str(copy))}?mode=ro")
    except PermissionError:
        return Reading(unreadable=_("permission denied"), cause="access")
    except OSError as exc:  # EIO and the like: the card
        return Reading(unreadable=(exc.strerror or str(exc)).lower(), cause="io")


def _look(connect: Callable, uri: str) -> Reading:
    """The app's damage check on a read-only connection, and the number of games."""
    try:
        con = connect(uri, uri=True, timeout=2.0)
    except sqlite3.DatabaseError as exc:
        return _failed(exc)
    try:
        result = con.execute("PRAGMA integrity_check(1)").fetchone()[0]
        if result != "ok":
            lines = [line for line in str(result).splitlines() if not line.startswith("***")]
            return Reading(_("integrity check: {why}").format(why=(lines or [str(result)])[0][:120]))
        names = {name for (name,) in con.execute("SELECT name FROM sqlite_master")}
        shape = schema_problem(con)
        if shape is not None:  # a table renamed, a column missing: never "sound, 0 games"
            return Reading(_(ANOTHER_SHAPE).format(why=_(shape)))
        if not {"games", "commands"} <= names:
            return Reading(None, 0)
        con.execute("SELECT id, game, title, status, outcome, created, updated FROM games").fetchall()
        con.execute("SELECT game_id, seq, command, undone, at FROM commands LIMIT 1").fetchall()
        if sqlite3.sqlite_version_info >= (3, 38):  # json_valid is built in from 3.38
            bad = con.execute(
                "SELECT game_id, seq FROM commands WHERE CASE WHEN json_valid(command)"
                " THEN json_type(command) != 'object' ELSE 1 END LIMIT 1"
            ).fetchone()
            if bad:
                return Reading(
                    _("command {seq} of game {id} is not a JSON object").format(seq=bad[1], id=bad[0])
                )
        con.text_factory = bytes
        for (raw,) in con.execute(
            "SELECT command FROM commands WHERE seq = 1 OR game_id IN"
            " (SELECT id FROM games WHERE status != 'over')"
        ):
            raw.decode("utf-8")
        return Reading(None, con.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        return _failed(exc)
    except ValueError as exc:  # text that is not UTF-8
        return Reading(_("damaged text: {why}").format(why=exc))
    finally:
        con.close()


def _failed(exc: sqlite3.DatabaseError) -> Reading:
    """A SQLite error as damage, or as "could not read" (and why) when it says nothing about the contents."""
    name = str(getattr(exc, "sqlite_errorname", ""))
    for cause, names in (
        ("busy", ("SQLITE_BUSY", "SQLITE_LOCKED")),
        ("io", ("SQLITE_IOERR", "SQLITE_NOMEM")),
        ("access", NOT_DAMAGE),
    ):
        if any(name == n or name.startswith(n + "_") for n in names):
            return Reading(unreadable=str(exc), cause=cause)
    return Reading(str(exc))


def exists(path) -> bool:
    """Whether `path` exists (a broken link counts: it is in the way)."""
    return os.path.lexists(path)


def free_name(journal: Path, mark: str) -> Path:
    """`<journal><mark><UTC time>` that is not there yet, nor its -wal or -shm (so `mv -n` moves, never skips)."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target, n = Path(f"{journal}{mark}{stamp}"), 1
    while any(exists(f"{target}{s}") for s in ("", "-wal", "-shm")):
        n += 1
        target = Path(f"{journal}{mark}{stamp}-{n}")
    return target


def journals_in(folder: Path) -> list[Path]:
    """SQLite files directly inside `folder` (a journal restored as a folder), at most three."""
    found = []
    try:
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.is_file() and not entry.name.endswith(("-wal", "-shm", "-journal")):
                with open(entry.path, "rb") as f:
                    if f.read(16) == SQLITE_HEADER:
                        found.append(Path(entry.path))
    except OSError:
        return found
    return found[:3]


def journal_files(journal: Path) -> list[Path]:
    """The journal and its -wal and -shm, those that exist."""
    return [p for p in (journal, Path(f"{journal}-wal"), Path(f"{journal}-shm")) if exists(p)]


def nearest(path: Path) -> Path:
    """`path` or its closest existing parent."""
    path = Path(path)
    while not path.exists() and path != path.parent:
        path = path.parent
    return path
