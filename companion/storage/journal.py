"""The game journal: every accepted command, durable in SQLite before anyone sees its effect.

One file (`~/.local/state/companion/journal.sqlite3` by default) holds any number of games. A game is
its setup command plus the commands that followed, in order; its state is never stored, only
*replayed* (resume = replay, so a journal written by an older version still resumes). Each game's row
keeps its *position* (round, phase, turn, players: `companion.gameline.position`), written in the same commit as
the command, so the resume offer and `journal list` name a game without replaying it; NULL (an older
journal, an undo from the command line) means "replay to find out".

Durability: WAL mode with `synchronous=FULL` (NORMAL can lose the last commit on power loss), one
transaction per command, `PRAGMA integrity_check` on open (quick_check misses an index that
lost a row, which the next write then reports as "malformed"). The `-wal` file is never
deleted by us: SQLite folds it back in on the next open.

A damaged journal never locks the table out: on open, a file that fails the check (read-only, so
nothing is changed) is moved aside with its `-wal` and `-shm` as `journal.sqlite3.corrupt-<UTC time>`
(never deleted), a fresh journal is started, and `notice` says where the old one is
(`companion journal recover` salvages its games).

Only our own file is opened: a journal carries SQLite's `application_id` and its schema version in
`user_version` (companion/storage/identity.py, asked by `opening` before any open); a journal of an
older schema is brought up to this one on its first open for writing (`_upgrade`), one of a newer
schema is never written (`JournalTooNew`). A journal whose tables have another shape (a table or a
column missing) counts as damaged: moved aside, its games salvaged by `companion journal recover`.

Every command row carries a digest chained to the row before (companion/storage/holds.py): a command
another program rewrote in place is seen before the next write, and at resume.

Undo keeps history: an undone command stays in the table with `undone = 1` (redo brings it back);
appending a new command after an undo turns the pending undone ones into `undone = 2` (abandoned,
kept for the record but never replayed or redone).

One writer per game (companion/storage/lease.py): a session takes the game's lease with `hold()` or
`start_game()`, in the transaction that reads or starts the game, and passes its `Hold` to every write.
Each write's transaction first asks `PRAGMA data_version` (changed only by another connection's commit);
when something else was committed since this session's last write, it checks that the lease is still
its own and that the game's active and undone commands are exactly the ones it knows, else
`GameChanged` and nothing is written. A write without a hold (`journal undo` from a shell) is refused
with `GameBusy` while another live process holds the game. SQLite's own errors on any of it (a full
disk, a read-only file system, an I/O error) come out as `StorageFault` (companion/storage/faults.py).

Open journals with `companion.storage.opening.open_journal` (writers) or `open_reader` (readers):
the factory every command and the service use; the pragmas are `PRAGMAS` below, in this one place.
"""

import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion import paths
from companion.storage import lease
from companion.storage.damage import CORRUPT_MARK, damage, move_aside  # noqa: F401  (callers import them from here)
from companion.storage.faults import GameChanged, JournalError, JournalTooNew, StorageFault, read_only_fs  # noqa: F401  (likewise)
from companion.storage.holds import ABANDONED, ACTIVE, UNDONE, Hold, Holds, chained  # noqa: F401  (likewise)
from companion.storage.identity import SCHEMA_VERSION, newer
from companion.storage.reads import GameInfo, Reads  # noqa: F401  (GameInfo: callers import it from here)
from companion.storage.sqlitedb import Transaction
from companion.storage.sqlitedb import connect as _connect
from companion.storage.sqlitedb import dumps as _dumps

_KEEP = object()  # `_touch`: leave the game's position as it is

# Every writing connection, in this order. FULL: a commit is fsynced before it returns (NORMAL can
# lose the last commits on power loss; tests/reliability/test_power_loss.py shows both).
PRAGMAS = ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game     TEXT NOT NULL,
    title    TEXT NOT NULL DEFAULT '',
    status   TEXT NOT NULL DEFAULT 'running',   -- running | over | deleted
    outcome  TEXT,
    created  REAL NOT NULL,
    updated  REAL NOT NULL,
    position TEXT                               -- JSON: where the game stands after its last command (NULL: unknown)
);
CREATE TABLE IF NOT EXISTS commands (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seq      INTEGER NOT NULL,
    command  TEXT NOT NULL,                     -- canonical JSON, exactly what replay applies
    undone   INTEGER NOT NULL DEFAULT 0,        -- 0 active, 1 undone (redo-able), 2 abandoned
    at       REAL NOT NULL,
    digest   TEXT,                              -- sha256 chained from the game's previous row (holds.py `chained`)
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS leases (                 -- one writer per game: companion/storage/lease.py
    game_id  INTEGER PRIMARY KEY,
    pid      INTEGER NOT NULL,
    started  INTEGER NOT NULL,                      -- the holder's start, /proc/<pid>/stat field 22
    host     TEXT NOT NULL,
    who      TEXT NOT NULL,                         -- table | run | play | journal
    since    REAL NOT NULL,
    token    TEXT NOT NULL                          -- one open journal of that process
);
"""


class Journal(Holds, Reads):
    """A SQLite command log. Open it as a context manager; `close()` is idempotent (and gives back the
    games this journal holds). Open it with `companion.storage.opening` (`open_journal`, `open_reader`).

    path: the database file (created 0600 in a 0700 folder; 0660 / 2770 in the system places, see paths);
    `":memory:"` for throwaway tests.
    now:  wall-clock function for the created/updated columns (injected for tests).
    check: check the file on open (read-only `PRAGMA integrity_check` and a first read of its tables); a
           damaged one is moved aside and a fresh journal started (`moved_to`, `notice` say so).
    connect: `connect(path, mode)` opens the database, mode `rw`, `ro` or `immutable` (default: the
           stdlib sqlite3); the power-loss and fault tests pass one that runs SQLite on a VFS of theirs.
    readonly: open it only to read (`mode=ro`, or `immutable=1` where SQLite cannot even make its
           `-shm`, as on a read-only file system); nothing is checked, created or written.
    who:  who writes through it, for the leases: `table`, `run`, `play` or `journal`.
    """

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        now: Callable[[], float] = time.time,
        check: bool = True,
        connect: Callable | None = None,
        readonly: bool = False,
        who: str = "journal",
    ):
        self.path = str(path if path is not None else paths.journal_file())
        self._now = now
        self._db = None
        self.moved_to: Path | None = None
        self.damage: str | None = None
        self.readonly = readonly
        self.immutable = False  # read without the -wal (a read-only file system with no -shm)
        self.fault: StorageFault | None = None  # why this journal cannot be written now (read-only, full)
        self.me = lease.me(who)
        self._writes = 0  # commits made through this object (a Hold's mark)
        self._digests = False  # the commands table has its digest column (always, once opened to write)
        connect = connect or _connect
        try:
            if readonly:
                self._open_readonly(connect)
                return
            if self.path != ":memory:":
                self._make_file(check)
            self._db = connect(self.path, "rw")
            version = newer(self._db)
            if version is not None:  # before anything is written: a newer companion's journal stays as it is
                raise JournalTooNew(self.path, version, SCHEMA_VERSION)
            for pragma in PRAGMAS:
                self._db.execute(f"PRAGMA {pragma}")
            names = {
                name for (name,) in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            if not {"meta", "games", "commands", "leases"} <= names:  # all in one commit: a power cut never
                self._db.executescript(f"BEGIN IMMEDIATE; {_SCHEMA} COMMIT;")  # leaves half a schema
            self._upgrade()
        except (JournalTooNew, StorageFault):
            self.close()
            raise
        except sqlite3.DatabaseError as exc:
            self.close()
            fault = StorageFault.of(exc, self.path)
            if fault.kind in ("read-only", "cannot-open", "full", "io", "busy"):
                raise fault from None
            raise JournalError(f"{self.path}: cannot open the journal: {exc}") from None
        except OSError as exc:  # the file could not be made (a read-only file system, no space, no folder)
            raise StorageFault(
                "read-only" if exc.errno == 30 else "cannot-open", self.path, exc.strerror or ""
            ) from None

    def _make_file(self, check: bool) -> None:
        """The folder (made if missing), a damaged file moved aside, and the file itself made with our mode."""
        folder = Path(self.path).parent
        paths.ensure_private_dir(folder)
        if read_only_fs(folder):  # SQLite could open it but never write: say so before it tries
            raise StorageFault("read-only", self.path, "read-only file system")
        if check:
            self.damage = damage(self.path)
            if self.damage is not None:
                self.moved_to = move_aside(self.path, self._now())
        if not Path(self.path).exists():
            mode = paths.file_mode(Path(self.path))
            fd = os.open(self.path, os.O_CREAT | os.O_WRONLY, mode)
            os.fchmod(fd, mode)  # whatever the umask; sqlite's -wal/-shm follow it (paths.use_shared_umask)
            os.close(fd)

    def _open_readonly(self, connect: Callable) -> None:
        """Open to read only: `mode=ro` sees the newest commits (it reads the -wal); on a read-only file
        system without a -shm SQLite cannot do that, and `immutable=1` reads the database file alone."""
        try:
            self._db = connect(self.path, "ro")
            self._db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            self._digests = "digest" in {row[1] for row in self._db.execute("PRAGMA table_info(commands)")}
        except sqlite3.DatabaseError as exc:
            self.close()
            name = str(
                getattr(exc, "sqlite_errorname", "")
            )  # no -shm to be made: CANTOPEN, READONLY_*, IOERR
            if not any(k in name for k in ("CANTOPEN", "READONLY", "IOERR")) or not Path(self.path).is_file():
                raise JournalError(f"{self.path}: cannot open the journal: {exc}") from None
            self._db = connect(self.path, "immutable")
            self.immutable = True
            try:
                self._db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
                self._digests = "digest" in {
                    row[1] for row in self._db.execute("PRAGMA table_info(commands)")
                }
            except sqlite3.DatabaseError as exc2:
                self.close()
                raise JournalError(f"{self.path}: cannot open the journal: {exc2}") from None

    @property
    def notice(self) -> str | None:
        """One line for the banner and the log when a damaged journal was moved aside, else None."""
        if self.moved_to is None:
            return None
        return (
            f"the journal was damaged ({self.damage}): kept as {self.moved_to}, a new one started;"
            f" salvage its games with `companion journal recover {self.moved_to}`"
        )

    @property
    def banner(self) -> str | None:
        """`notice` short enough for one banner line on the table's screen."""
        if self.moved_to is None:
            return None
        return f"journal damaged, kept as {self.moved_to.name}: `companion journal recover` salvages it"

    # -- lifecycle ---------------------------------------------------------------------------------
    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Give back the games this journal holds, then close the database (safe to call twice)."""
        if self._db is not None:
            if not self.readonly:
                try:  # a full disk or a read-only one may refuse: the lease is then stale once we exit
                    self._db.execute("DELETE FROM leases WHERE token = ?", (self.me.token,))
                except sqlite3.DatabaseError:
                    pass
            self._db.close()
            self._db = None

    @property
    def db(self) -> sqlite3.Connection:
        """The open connection; JournalError once closed."""
        if self._db is None:
            raise JournalError(f"{self.path}: journal is closed")
        return self._db

    # -- writing -----------------------------------------------------------------------------------
    def new_game(self, setup: dict, title: str = "", position: str | None = None) -> int:
        """Start a game whose first command is `setup`; returns its id (committed). `position`: where
        the game then stands (JSON, `gameline.position`), kept for the resume offer and `journal list`."""
        return self.start_game(setup, title, position, hold=False).game_id

    def start_game(
        self, setup: dict, title: str = "", position: str | None = None, *, hold: bool = True
    ) -> Hold:
        """Start a game (as `new_game`) and, with `hold`, take its lease in the same commit: the `Hold`
        a session passes to its writes."""
        t = self._now()
        with self._tx() as tx:
            cur = self.db.execute(
                "INSERT INTO games (game, title, created, updated, position) VALUES (?, ?, ?, ?, ?)",
                (str(setup.get("game", "")), title, t, t, position),
            )
            game_id = int(cur.lastrowid)
            text = _dumps(setup)
            digest = chained("", game_id, 1, text)
            self.db.execute(
                "INSERT INTO commands (game_id, seq, command, at, digest) VALUES (?, 1, ?, ?, ?)",
                (game_id, text, t, digest),
            )
            if hold:
                self._take(game_id)
            tx.hold = Hold(game_id, [1], [], 1, digest)
        return tx.hold

    def append(
        self,
        game_id: int,
        command: dict,
        *,
        status: str | None = None,
        outcome: str | None = None,
        position: str | None = None,
        hold: Hold | None = None,
    ) -> int:
        """Add an accepted command; it is on disk when this returns. Abandons pending redo steps.
        `position`: where the game stands after it (JSON), in the same commit; None: not known.
        `hold`: the session's (checked first; it also knows the next seq and whether redo steps wait)."""
        t = self._now()
        with self._tx(game_id, hold):
            if hold is None or hold.undone:
                self.db.execute(
                    "UPDATE commands SET undone = ? WHERE game_id = ? AND undone = ?",
                    (ABANDONED, game_id, UNDONE),
                )
            top, prev = self._last_digest(game_id) if hold is None else (hold.top, hold.digest)
            seq, text = top + 1, _dumps(command)
            digest = chained(prev, game_id, seq, text)
            self.db.execute(
                "INSERT INTO commands (game_id, seq, command, at, digest) VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, text, t, digest),
            )
            self._touch(game_id, t, status, outcome, position=position)
        if hold is not None:
            hold.active.append(seq)
            hold.undone.clear()
            hold.top, hold.digest = seq, digest
        return seq

    def undo(
        self,
        game_id: int,
        steps: int = 1,
        *,
        status: str | None = "running",
        position: str | None = None,
        hold: Hold | None = None,
    ) -> int:
        """Mark the last `steps` active commands undone (never the setup); returns how many."""
        t = self._now()
        with self._tx(game_id, hold):
            if hold is None:
                rows = self._mark(game_id, steps, ACTIVE, UNDONE, latest=True)
            else:  # checked: the hold knows the seqs, no need to read them (the undo button's press waits)
                rows = [(seq, None) for seq in reversed(hold.active[1:][-steps:])] if steps > 0 else []
                if rows:
                    self.db.execute(
                        "UPDATE commands SET undone = ? WHERE game_id = ? AND undone = ? AND seq >= ?",
                        (UNDONE, game_id, ACTIVE, rows[-1][0]),
                    )
            if rows:
                self._touch(game_id, t, status, None, clear_outcome=True, position=position)
        if hold is not None and rows:
            del hold.active[-len(rows) :]
            hold.undone[:0] = [seq for seq, _ in reversed(rows)]
        return len(rows)

    def redo(
        self, game_id: int, steps: int = 1, *, position: str | None = None, hold: Hold | None = None
    ) -> list[dict]:
        """Bring back the earliest `steps` undone commands; returns them in order."""
        t = self._now()
        with self._tx(game_id, hold):
            rows = self._mark(game_id, steps, UNDONE, ACTIVE, latest=False)
            if rows:
                self._touch(game_id, t, None, None, position=position)
        if hold is not None and rows:
            hold.active.extend(seq for seq, _ in rows)
            del hold.undone[: len(rows)]
        return [self._loads(c, game_id) for _, c in rows]

    def _mark(self, game_id: int, steps: int, was: int, now: int, *, latest: bool) -> list[tuple[int, str]]:
        """Inside a transaction: the `steps` commands marked `was` nearest the end (`latest`, never the
        setup) or the start, marked `now` in one statement (the undo button's frame waits for this
        commit); returns their (seq, command) rows in the order taken."""
        order, edge, floor = ("DESC", ">=", " AND seq > 1") if latest else ("ASC", "<=", "")
        rows = self.db.execute(
            f"SELECT seq, command FROM commands WHERE game_id = ? AND undone = ?{floor} ORDER BY seq {order} LIMIT ?",
            (game_id, was, max(0, steps)),
        ).fetchall()
        if rows:
            self.db.execute(
                f"UPDATE commands SET undone = ? WHERE game_id = ? AND undone = ? AND seq {edge} ?",
                (now, game_id, was, rows[-1][0]),
            )
        return rows

    def import_game(
        self,
        commands: list[dict],
        *,
        title: str = "",
        status: str = "running",
        outcome: str | None = None,
        created: float | None = None,
        updated: float | None = None,
        at: list[float] | None = None,
    ) -> int:
        """Add a whole game (setup first) in one transaction, as `journal recover` does; its id.
        `created`, `updated` and `at` (one time per command) keep a salvaged game's own dates; now if not given."""
        t = self._now()
        created = t if created is None else created
        updated = created if updated is None else updated
        with self._tx():
            cur = self.db.execute(
                "INSERT INTO games (game, title, status, outcome, created, updated) VALUES (?, ?, ?, ?, ?, ?)",
                (str(commands[0].get("game", "")), title, status, outcome, created, updated),
            )
            game_id, digest = cur.lastrowid, ""
            for seq, command in enumerate(commands, start=1):
                text = _dumps(command)
                digest = chained(digest, game_id, seq, text)
                self.db.execute(
                    "INSERT INTO commands (game_id, seq, command, at, digest) VALUES (?, ?, ?, ?, ?)",
                    (game_id, seq, text, at[seq - 1] if at else created, digest),
                )
        return int(game_id)

    def set_status(self, game_id: int, status: str, outcome: str | None = None) -> None:
        """Mark a game running / over (with its outcome)."""
        with self._tx(game_id):
            self._touch(game_id, self._now(), status, outcome, clear_outcome=outcome is None)

    def delete(self, game_id: int) -> None:
        """Remove a game and its commands for good (GameBusy while another live process holds it)."""
        with self._tx(game_id):
            self.db.execute("DELETE FROM commands WHERE game_id = ?", (game_id,))
            self.db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            self.db.execute("DELETE FROM leases WHERE game_id = ?", (game_id,))

    # -- helpers -----------------------------------------------------------------------------------
    def _touch(
        self,
        game_id: int,
        t: float,
        status: str | None,
        outcome: str | None,
        clear_outcome: bool = False,
        position: Any = _KEEP,
    ) -> None:
        """Update a game's timestamp, and its status/outcome/position (None: not known) when given (one statement)."""
        sets, args = ["updated = ?"], [t]
        if position is not _KEEP:
            sets.append("position = ?")
            args.append(position)
        if status is not None:
            sets.append("status = ?")
            args.append(status)
        if outcome is not None or clear_outcome:
            sets.append("outcome = ?")
            args.append(outcome)
        self.db.execute(f"UPDATE games SET {', '.join(sets)} WHERE id = ?", (*args, game_id))

    def _tx(self, game_id: int | None = None, hold: Hold | None = None):
        """One immediate transaction: committed (and fsynced, FULL) on success, rolled back on error.
        With `hold`: the session's check first; with only `game_id`: GameBusy while another holds it."""
        return Transaction(self, game_id, hold)
