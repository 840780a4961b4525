"""The journal's SQLite connection: how it is opened, one write transaction, SQLite's errors as faults.

companion/storage/journal.py opens its connection with `connect(path, mode)` (the stdlib sqlite3 by
default; the power-loss and fault tests pass their own VFS in its place) and writes only inside
`Transaction`: BEGIN IMMEDIATE, the writer's check (companion/storage/holds.py), the statements,
COMMIT, which with `synchronous=FULL` returns once the commit is fsynced. Any SQLite error on the way
(a full disk, a read-only file system, an I/O error) rolls back and comes out as `StorageFault`.
"""

from __future__ import annotations

import sqlite3
import urllib.parse

from companion.storage.faults import StorageFault


class Transaction:
    """BEGIN IMMEDIATE, the writer's check, ... COMMIT; rollback on any exception. SQLite's own errors
    (full, read-only, I/O) come out as StorageFault. `hold`: the session's, checked first and marked at
    the commit (or a Hold made inside the transaction, set on `.hold`); with only `game_id`: GameBusy
    while another live process holds that game."""

    def __init__(self, journal, game_id: int | None, hold):
        self.journal, self.game_id, self.hold = journal, game_id, hold
        self.version = None

    def __enter__(self):
        j = self.journal
        db = j.db
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as exc:
            raise StorageFault.of(exc, j.path) from None
        try:
            if self.hold is not None:
                self.version = j._check(self.hold)
            elif self.game_id is not None:
                j._not_busy(self.game_id)
        except BaseException as exc:
            self.__exit__(type(exc), exc, None)
            raise
        return self

    def __exit__(self, exc_type, exc, tb):
        j = self.journal
        if exc_type is None:
            try:
                if self.hold is not None and self.version is None:  # a hold made in this transaction:
                    self.version = j.db.execute("PRAGMA data_version").fetchone()[0]  # its first look, before
                j.db.execute("COMMIT")  # the commit (afterwards another connection's commit could slip in)
            except sqlite3.DatabaseError as error:
                roll_back_quietly(j.db)
                raise StorageFault.of(error, j.path) from None
            j._writes += 1
            if self.hold is not None:
                self.hold.mark = (self.version, j._writes)
            return False
        roll_back_quietly(j.db)
        if isinstance(exc, sqlite3.DatabaseError):
            raise StorageFault.of(exc, j.path) from None
        return False


def roll_back_quietly(db) -> None:
    """ROLLBACK after a failed statement; SQLite may have rolled back already (a full disk, an I/O error)."""
    try:
        db.execute("ROLLBACK")
    except sqlite3.DatabaseError:
        pass


def connect(path: str, mode: str):
    """The stdlib SQLite connection for `mode` (`rw`, `ro`, `immutable`), in autocommit mode."""
    if mode == "rw":
        db = sqlite3.connect(path, isolation_level=None, timeout=5.0)
    else:
        flag = "mode=ro" if mode == "ro" else "immutable=1"
        db = sqlite3.connect(
            f"file:{urllib.parse.quote(path)}?{flag}", uri=True, isolation_level=None, timeout=5.0
        )
    db.text_factory = text  # a flipped bit in old text never stops a read
    return db


def text(raw: bytes) -> str:
    """Stored text as str; bytes that are not UTF-8 (a flipped bit) become U+FFFD instead of an error."""
    return raw.decode("utf-8", "replace")


def dumps(command: dict) -> str:
    """Canonical compact JSON for a command (sorted keys, so equal commands store equal text)."""
    import json  # with the first command written: a start without a game needs none

    return json.dumps(command, sort_keys=True, separators=(",", ":"))
