"""The one way the companion opens its journal: `open_journal` for writers, `open_reader` for readers.

Every writer goes through `open_journal`: `companion run` (the table, the service, a scenario), `companion
play`, `companion journal undo/redo/delete/recover`. The pragmas are `journal.PRAGMAS`, applied by
`Journal` itself; tests inject only `connect` (a VFS that forgets unsynced writes, or one that fails
them), the way run and play call it, never the pragmas. What it adds to `Journal`:

- a journal file is made only in the default place, or with `create` (`--create`): a mistyped
  `--journal` path is `JournalMissing` (exit 2), not a new empty journal that hides your games;
- a file that is not our journal (a text file, another program's database) is `NotOurJournal` (exit 2)
  and left exactly as it is (companion/storage/identity.py); in the default place every file is ours;
- a journal that exists but cannot be written (a read-only file system or file) is opened read-only,
  with `fault` saying so: its games can still be listed, exported, offered and played, not saved;
- with `probe` (the table), one small commit shows at once whether the journal can be written (a
  full disk), so the first STATUS= already says "not saving".

Readers (`journal list`, `export`, `report`, `check`) use `open_reader`: read-only (`mode=ro`), so they
never block the table, never create anything, and still work on a read-only file system. A journal of
another shape (a table or a column missing) is refused in words that say which part; one of a newer
version is read (`read_only_note` says it is never written).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from companion import paths
from companion.errors import N_
from companion.storage.faults import (
    JournalError,
    JournalMissing,
    JournalTooNew,
    NotOurJournal,  # noqa: F401
    StorageFault,
    read_only_fs,
)
from companion.storage.identity import ANOTHER_SHAPE, check_ours, newer, schema_problem
from companion.storage.journal import Journal


def open_journal(
    path: str | Path | None = None,
    *,
    who: str,
    create: bool = False,
    connect: Callable | None = None,
    now: Callable[[], float] = time.time,
    probe: bool = False,
) -> Journal:
    """The journal at `path` (None: the default place, made when missing) for writing, as `who`
    (`table`, `run`, `play`, `journal`; see companion/storage/lease.py).

    JournalMissing: `path` was given, does not exist and `create` is False. StorageFault: it cannot be
    opened at all (a folder in its place, no space to make it). A journal that exists but cannot be
    written comes back read-only with `fault` set; with `probe`, a full disk sets `fault` too."""
    default = path is None
    path = str(paths.journal_file() if default else path)
    if not (default or create or path == ":memory:" or _exists(path)):
        raise JournalMissing(path)
    if path != ":memory:":
        check_ours(path, by_place=_default_place(path))
    try:
        journal = Journal(path, who=who, connect=connect, now=now)
    except StorageFault as exc:
        if exc.kind not in ("read-only", "cannot-open") or not Path(path).is_file():
            raise
        journal = Journal(path, who=who, connect=connect, now=now, readonly=True)
        journal.fault = StorageFault(
            "read-only", path, exc.detail, card=exc.card
        )  # card: the kernel made it read-only
        return journal
    if probe and path != ":memory:":
        journal.fault = journal.probe()
    return journal


def open_reader(path: str | Path | None = None, *, connect: Callable | None = None) -> Journal:
    """The journal at `path` (None: the default place) opened read-only; JournalMissing if there is none."""
    path = str(paths.journal_file() if path is None else path)
    if not Path(path).exists():
        raise JournalMissing(path)
    try:
        check_ours(path, by_place=_default_place(path))
    except JournalTooNew:
        pass  # read all the same: read_only_note says it is never written
    journal = Journal(path, connect=connect, readonly=True)
    try:
        why = schema_problem(journal.db)
    except sqlite3.DatabaseError:  # a file SQLite cannot read: the reader's own first query says so
        why = None
    if why is not None:
        journal.close()
        raise JournalError(
            N_("{path}: {shape}; its games can be salvaged with `companion journal recover {path}`"),
            path=path,
            shape=ANOTHER_SHAPE.format(why=why),
        )
    return journal


def _default_place(path: str) -> bool:
    """Is `path` the default journal place (where any file is ours)?"""
    try:
        return Path(path).resolve() == paths.journal_file().resolve()
    except OSError:
        return False


def _exists(path: str) -> bool:
    """Is there a journal at `path`: the file, or its -wal alone (a damaged journal, moved aside on open)?"""
    return Path(path).exists() or Path(f"{path}-wal").exists()


def read_only_note(journal: Journal) -> str | None:
    """What a reader says of a journal it reads but no companion of this version writes: a newer one, or
    one on a read-only file system (an English template; None elsewhere)."""
    try:
        too_new = newer(journal.db) is not None
    except sqlite3.DatabaseError:
        too_new = False
    if too_new:
        return N_(
            "{path}: a journal of another version or damaged schema: a newer version than this companion"
            " knows; it is read, never written (update the companion)"
        )
    if journal.immutable:
        return N_(
            "{path}: the file system is read-only; the journal is read without its -wal file, so the"
            " newest commands may be missing"
        )
    if read_only_fs(Path(journal.path).parent):
        return N_("{path}: the file system is read-only (the journal can be read, not written)")
    return None
