"""The one way the companion opens its journal: `open_journal` for writers, `open_reader` for readers.

Every writer goes through `open_journal`: `companion run` (the table, the service, a scenario), `companion
play`, `companion journal undo/redo/delete/recover`. The pragmas are `journal.PRAGMAS`, applied by
`Journal` itself; tests inject only `connect` (a VFS that forgets unsynced writes, or one that fails
them), the way run and play call it, never the pragmas. What it adds to `Journal`:

- a journal file is made only in the default place, or with `create` (`--create`): a mistyped
  `--journal` path is `JournalMissing` (exit 2), not a new empty journal that hides your games;
- a journal that exists but cannot be written (a read-only file system or file) is opened read-only,
  with `fault` saying so: its games can still be listed, exported, offered and played, not saved;
- with `probe` (the table), one small commit shows at once whether the journal can be written (a
  full disk), so the first STATUS= already says "not saving".

Readers (`journal list`, `export`, `report`, `check`) use `open_reader`: read-only (`mode=ro`), so they
never block the table, never create anything, and still work on a read-only file system.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

from companion import paths
from companion.errors import N_
from companion.storage.faults import JournalError, StorageFault, read_only_fs
from companion.storage.journal import Journal


class JournalMissing(JournalError):
    """`--journal PATH` names no journal and `--create` was not given (exit 2)."""

    def __init__(self, path: str):
        self.path = path
        super().__init__(N_("{path}: there is no journal there; check the path, or add --create to start a new"
                            " journal there"), path=path)


def open_journal(path: str | Path | None = None, *, who: str, create: bool = False, connect: Callable | None = None,
                 now: Callable[[], float] = time.time, probe: bool = False) -> Journal:
    """The journal at `path` (None: the default place, made when missing) for writing, as `who`
    (`table`, `run`, `play`, `journal`; see companion/storage/lease.py).

    JournalMissing: `path` was given, does not exist and `create` is False. StorageFault: it cannot be
    opened at all (a folder in its place, no space to make it). A journal that exists but cannot be
    written comes back read-only with `fault` set; with `probe`, a full disk sets `fault` too."""
    default = path is None
    path = str(paths.journal_file() if default else path)
    if not (default or create or path == ":memory:" or _exists(path)):
        raise JournalMissing(path)
    try:
        journal = Journal(path, who=who, connect=connect, now=now)
    except StorageFault as exc:
        if exc.kind not in ("read-only", "cannot-open") or not Path(path).is_file():
            raise
        journal = Journal(path, who=who, connect=connect, now=now, readonly=True)
        journal.fault = StorageFault("read-only", path, exc.detail, card=exc.card)  # card: the kernel made it read-only
        return journal
    if probe and path != ":memory:":
        journal.fault = journal.probe()
    return journal


def open_reader(path: str | Path | None = None, *, connect: Callable | None = None) -> Journal:
    """The journal at `path` (None: the default place) opened read-only; JournalMissing if there is none."""
    path = str(paths.journal_file() if path is None else path)
    if not Path(path).exists():
        raise JournalMissing(path)
    return Journal(path, connect=connect, readonly=True)


def _exists(path: str) -> bool:
    """Is there a journal at `path`: the file, or its -wal alone (a damaged journal, moved aside on open)?"""
    return Path(path).exists() or Path(f"{path}-wal").exists()


def read_only_note(journal: Journal) -> str | None:
    """What a reader says on a read-only file system (an English template; None elsewhere)."""
    if journal.immutable:
        return N_("{path}: the file system is read-only; the journal is read without its -wal file, so the"
                  " newest commands may be missing")
    if read_only_fs(Path(journal.path).parent):
        return N_("{path}: the file system is read-only (the journal can be read, not written)")
    return None
