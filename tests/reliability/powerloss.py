"""A power cut in software: SQLite on a VFS that remembers only what was fsynced.

APSW lets a VFS be written in Python. `TrackingVFS` passes every call to the default VFS (the real
files are written as usual) and keeps, per file, its *durable* image: the file's content at its
last xSync. A power cut at any moment leaves exactly those images: every write not yet synced is
lost, the worst a disk with a volatile cache may do (it may also keep some unsynced writes; that
only helps). `cut()` returns the images at that moment; `write_image()` lays them out as files.

The journal under test is the real one, opened by the app's own factory
(`companion.storage.opening.open_journal`, as `companion run` and `play` open it, pragmas included):
APSW bundles its own SQLite library (a VFS registered there is not seen by the stdlib `sqlite3`),
so only the connection is injected, `open_journal(connect=apsw_connect(vfs))`: `ApswConnection` is a
thin adapter with the few `sqlite3.Connection` methods the journal uses, and it turns APSW's errors
into the stdlib's (`sqlite_errorname` included), as the journal sees them in the product. The cut
images are then opened with the stdlib `sqlite3`, as the app would after the power came back.
"""

from __future__ import annotations

import itertools
import sqlite3
import urllib.parse
from pathlib import Path

import apsw

_NAMES = itertools.count()


class Tracker:
    """Durable images of the files SQLite touched, and a hook called after every write and sync."""

    def __init__(self):
        self.durable: dict[str, bytes] = {}
        self.on_event = lambda kind, name: None
        self.writes = self.syncs = 0
        self.synced_per_file: dict[str, int] = {}

    def opened(self, name: str) -> None:
        """A file SQLite opened: empty until its first sync if it is new to us."""
        if name not in self.durable:
            self.durable[name] = Path(name).read_bytes() if Path(name).exists() else b""

    def synced(self, name: str) -> None:
        """xSync returned: the file's whole current content is now durable."""
        self.durable[name] = Path(name).read_bytes()
        self.syncs += 1
        self.synced_per_file[name] = self.synced_per_file.get(name, 0) + 1
        self.on_event("sync", name)

    def written(self, name: str, kind: str = "write") -> None:
        """A write (or truncate) reached the OS cache only: a cut now loses it."""
        self.writes += 1
        self.on_event(kind, name)

    def deleted(self, name: str) -> None:
        """xDelete: the file is gone (taken as durable at once)."""
        self.durable.pop(name, None)

    def cut(self) -> dict[str, bytes]:
        """The files as a power cut now would leave them."""
        return dict(self.durable)


class TrackingVFS(apsw.VFS):
    """The default VFS, reporting every file's writes and syncs to a Tracker."""

    def __init__(self, tracker: Tracker):
        self.name = f"powerloss{next(_NAMES)}"
        self.tracker = tracker
        super().__init__(self.name, "")

    def xOpen(self, name, flags):
        """Open through the default VFS; temp files (no name) are not tracked."""
        return _TrackedFile(self.tracker, name, flags)

    def xDelete(self, filename, syncdir):
        """Delete, and forget the durable image."""
        super().xDelete(filename, syncdir)
        self.tracker.deleted(filename)


class _TrackedFile(apsw.VFSFile):
    """One open file: writes go to the OS as usual; only xSync makes them durable."""

    def __init__(self, tracker: Tracker, name, flags):
        self.tracker = tracker
        self.path = name.filename() if isinstance(name, apsw.URIFilename) else name
        super().__init__("", name, flags)
        if self.path:
            tracker.opened(self.path)

    def xWrite(self, data, offset):
        super().xWrite(data, offset)
        if self.path:
            self.tracker.written(self.path)

    def xTruncate(self, newsize):
        super().xTruncate(newsize)
        if self.path:
            self.tracker.written(self.path, "truncate")

    def xSync(self, flags):
        super().xSync(flags)
        if self.path:
            self.tracker.synced(self.path)


class ApswConnection:
    """The part of `sqlite3.Connection` the journal uses, over an APSW connection on a given VFS.
    mode: `rw`, `ro` or `immutable`, as the journal's `connect(path, mode)` asks."""

    def __init__(self, path: str, vfs: str, mode: str = "rw"):
        try:
            if mode == "rw":
                self.con = apsw.Connection(str(path), vfs=vfs)
            else:
                flag = "mode=ro" if mode == "ro" else "immutable=1"
                self.con = apsw.Connection(
                    f"file:{urllib.parse.quote(str(path))}?{flag}",
                    vfs=vfs,
                    flags=apsw.SQLITE_OPEN_READONLY | apsw.SQLITE_OPEN_URI,
                )
        except apsw.Error as exc:
            raise as_sqlite3(exc) from None
        self.con.set_busy_timeout(5000)

    def execute(self, sql: str, params=()):
        """Run one statement; its rows are read at once (as the journal reads them)."""
        try:
            rows = list(self.con.cursor().execute(sql, params))
        except apsw.Error as exc:
            raise as_sqlite3(exc) from None
        return _Result(rows, self.con.last_insert_rowid())

    def executescript(self, sql: str) -> None:
        """Run several statements (APSW runs them all from one string)."""
        try:
            self.con.execute(sql)
        except apsw.Error as exc:
            raise as_sqlite3(exc) from None

    def close(self) -> None:
        """Close the connection (SQLite checkpoints and removes the -wal here, as it does for us)."""
        self.con.close()


def apsw_connect(vfs: str):
    """The journal's `connect(path, mode)` over APSW on `vfs` (what a test injects into the factory)."""
    return lambda path, mode: ApswConnection(path, vfs, mode)


def as_sqlite3(exc: apsw.Error) -> sqlite3.DatabaseError:
    """An APSW error as the stdlib raises it: an OperationalError with SQLite's result name."""
    error = sqlite3.OperationalError(str(exc) or type(exc).__name__)
    code = getattr(exc, "extendedresult", None) or getattr(exc, "result", None)
    names = (
        apsw.mapping_extended_result_codes
        if getattr(exc, "extendedresult", None)
        else apsw.mapping_result_codes
    )
    error.sqlite_errorcode = code
    if code is not None:
        error.sqlite_errorname = names.get(code, "SQLITE_ERROR")
    else:  # a VFS's own exception, passed through as raised (no result code on it)
        error.sqlite_errorname = next(
            (name for cls, name in _ERROR_NAMES if isinstance(exc, cls)), "SQLITE_ERROR"
        )
    return error


_ERROR_NAMES = (
    (apsw.FullError, "SQLITE_FULL"),
    (apsw.ReadOnlyError, "SQLITE_READONLY"),
    (apsw.IOError, "SQLITE_IOERR"),
    (apsw.CantOpenError, "SQLITE_CANTOPEN"),
    (apsw.BusyError, "SQLITE_BUSY"),
    (apsw.CorruptError, "SQLITE_CORRUPT"),
)


class _Result:
    """Rows and lastrowid, like a `sqlite3.Cursor` that was read to the end."""

    def __init__(self, rows: list, lastrowid: int):
        self.rows, self.lastrowid = rows, lastrowid

    def fetchone(self):
        return self.rows[0] if self.rows else None

    def fetchall(self):
        return list(self.rows)

    def __iter__(self):
        return iter(self.rows)


def write_image(files: dict[str, bytes], source: Path, target: Path) -> None:
    """Lay out a cut's files for the journal `source` (and its -wal, -journal) as `target`."""
    for name, data in files.items():
        if name.startswith(str(source)):
            Path(str(target) + name[len(str(source)) :]).write_bytes(data)
