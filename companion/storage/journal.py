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

Undo keeps history: an undone command stays in the table with `undone = 1` (redo brings it back);
appending a new command after an undo turns the pending undone ones into `undone = 2` (abandoned,
kept for the record but never replayed or redone).
"""

import os
import sqlite3
import time
import urllib.parse
from pathlib import Path
from typing import Any, Callable

from companion import paths
from companion.errors import CompanionError
from companion.records import Named

SCHEMA_VERSION = 1

ACTIVE, UNDONE, ABANDONED = 0, 1, 2
_KEEP = object()  # `_touch`: leave the game's position as it is

# SQLite errors that say nothing about the file's contents (locked, no permission, disk full, an I/O
# error of the card): the journal is not moved aside for these, the open fails and says why.
_NOT_DAMAGE = {"SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PERM",
               "SQLITE_FULL", "SQLITE_NOMEM", "SQLITE_AUTH", "SQLITE_IOERR"}
CORRUPT_MARK = ".corrupt-"

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
    PRIMARY KEY (game_id, seq)
);
"""


class JournalError(CompanionError, RuntimeError):
    """The journal file is unusable (corrupt, not writable): says which file and why."""


class GameInfo(Named):
    """One game in the journal, as listed by `games()`."""

    id: int
    game: str
    title: str
    status: str
    outcome: str | None
    created: float
    updated: float
    commands: int
    undone: int
    position: str | None = None  # JSON of where it stands (`gameline.position`), None when not known


class Journal:
    """A SQLite command log. Open it as a context manager; `close()` is idempotent.

    path: the database file (created 0600 in a 0700 folder; 0660 / 2770 in the system places, see paths); `":memory:"` for throwaway tests.
    now:  wall-clock function for the created/updated columns (injected for tests).
    check: check the file on open (read-only `PRAGMA integrity_check` and a first read of its tables); a
           damaged one is moved aside and a fresh journal started (`moved_to`, `notice` say so).
    connect: opens the database (default `sqlite3.connect`); the power-loss test passes one that runs
           SQLite on a VFS which forgets unsynced writes. Returns a DB-API-like connection.
    synchronous: the PRAGMA value; FULL for the product, OFF only to show what the test catches.
    """

    def __init__(self, path: str | Path | None = None, *, now: Callable[[], float] = time.time, check: bool = True,
                 connect: Callable | None = None, synchronous: str = "FULL"):
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not {synchronous!r}")
        self.path = str(path if path is not None else paths.journal_file())
        self._now = now
        self._db: sqlite3.Connection | None = None
        self.moved_to: Path | None = None
        self.damage: str | None = None
        if self.path != ":memory:":
            folder = Path(self.path).parent
            paths.ensure_private_dir(folder)
            if check:
                self.damage = damage(self.path)
                if self.damage is not None:
                    self.moved_to = move_aside(self.path, self._now())
            if not Path(self.path).exists():
                mode = paths.file_mode(Path(self.path))
                fd = os.open(self.path, os.O_CREAT | os.O_WRONLY, mode)
                os.fchmod(fd, mode)  # whatever the umask; sqlite's -wal/-shm follow it (paths.use_shared_umask)
                os.close(fd)
        try:
            if connect is None:
                self._db = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
                self._db.text_factory = _text  # a flipped bit in old text never stops a read
            else:
                self._db = connect(self.path)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={synchronous}")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            if "position" not in {row[1] for row in self._db.execute("PRAGMA table_info(games)")}:
                self._db.execute("ALTER TABLE games ADD COLUMN position TEXT")  # a journal older than it
            self._db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        except sqlite3.DatabaseError as exc:
            self.close()
            raise JournalError(f"{self.path}: cannot open the journal: {exc}") from None

    @property
    def notice(self) -> str | None:
        """One line for the banner and the log when a damaged journal was moved aside, else None."""
        if self.moved_to is None:
            return None
        return (f"the journal was damaged ({self.damage}): kept as {self.moved_to}, a new one started;"
                f" salvage its games with `companion journal recover {self.moved_to}`")

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
        """Close the database (safe to call twice)."""
        if self._db is not None:
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
        t = self._now()
        with self._tx():
            cur = self.db.execute(
                "INSERT INTO games (game, title, created, updated, position) VALUES (?, ?, ?, ?, ?)",
                (str(setup.get("game", "")), title, t, t, position),
            )
            game_id = cur.lastrowid
            self.db.execute(
                "INSERT INTO commands (game_id, seq, command, at) VALUES (?, 1, ?, ?)",
                (game_id, _dumps(setup), t),
            )
        return int(game_id)

    def append(self, game_id: int, command: dict, *, status: str | None = None, outcome: str | None = None,
               position: str | None = None) -> int:
        """Add an accepted command; it is on disk when this returns. Abandons pending redo steps.
        `position`: where the game stands after it (JSON), in the same commit; None: not known."""
        t = self._now()
        with self._tx():
            self.db.execute("UPDATE commands SET undone = ? WHERE game_id = ? AND undone = ?", (ABANDONED, game_id, UNDONE))
            seq = self._next_seq(game_id)
            self.db.execute(
                "INSERT INTO commands (game_id, seq, command, at) VALUES (?, ?, ?, ?)",
                (game_id, seq, _dumps(command), t),
            )
            self._touch(game_id, t, status, outcome, position=position)
        return seq

    def undo(self, game_id: int, steps: int = 1, *, status: str | None = "running", position: str | None = None) -> int:
        """Mark the last `steps` active commands undone (never the setup); returns how many."""
        t = self._now()
        with self._tx():
            rows = self._mark(game_id, steps, ACTIVE, UNDONE, latest=True)
            if rows:
                self._touch(game_id, t, status, None, clear_outcome=True, position=position)
        return len(rows)

    def redo(self, game_id: int, steps: int = 1, *, position: str | None = None) -> list[dict]:
        """Bring back the earliest `steps` undone commands; returns them in order."""
        t = self._now()
        with self._tx():
            rows = self._mark(game_id, steps, UNDONE, ACTIVE, latest=False)
            if rows:
                self._touch(game_id, t, None, None, position=position)
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
            self.db.execute(f"UPDATE commands SET undone = ? WHERE game_id = ? AND undone = ? AND seq {edge} ?",
                            (now, game_id, was, rows[-1][0]))
        return rows

    def import_game(self, commands: list[dict], *, title: str = "", status: str = "running",
                    outcome: str | None = None, created: float | None = None, updated: float | None = None,
                    at: list[float] | None = None) -> int:
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
            game_id = cur.lastrowid
            for seq, command in enumerate(commands, start=1):
                self.db.execute("INSERT INTO commands (game_id, seq, command, at) VALUES (?, ?, ?, ?)",
                                (game_id, seq, _dumps(command), at[seq - 1] if at else created))
        return int(game_id)

    def has_commands(self, commands: list[dict]) -> bool:
        """Is there already a game whose active commands are exactly these?"""
        first = _dumps(commands[0])
        for (gid,) in self.db.execute("SELECT game_id FROM commands WHERE seq = 1 AND command = ?", (first,)).fetchall():
            if [_dumps(c) for c in self.commands(gid)] == [_dumps(c) for c in commands]:
                return True
        return False

    def set_status(self, game_id: int, status: str, outcome: str | None = None) -> None:
        """Mark a game running / over (with its outcome)."""
        with self._tx():
            self._touch(game_id, self._now(), status, outcome, clear_outcome=outcome is None)

    def delete(self, game_id: int) -> None:
        """Remove a game and its commands for good."""
        with self._tx():
            self.db.execute("DELETE FROM commands WHERE game_id = ?", (game_id,))
            self.db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # -- reading -----------------------------------------------------------------------------------
    def commands(self, game_id: int) -> list[dict]:
        """The active commands of a game in order, setup first: exactly what replay applies."""
        rows = self.db.execute(
            "SELECT command FROM commands WHERE game_id = ? AND undone = ? ORDER BY seq", (game_id, ACTIVE)
        ).fetchall()
        if not rows:
            raise JournalError(f"{self.path}: no game with id {game_id}")
        return [self._loads(c, game_id) for (c,) in rows]

    def history(self, game_id: int) -> list[tuple[int, dict, int]]:
        """Every command ever journaled for a game: (seq, command, undone flag)."""
        rows = self.db.execute(
            "SELECT seq, command, undone FROM commands WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        return [(s, self._loads(c, game_id), u) for s, c, u in rows]

    def redo_available(self, game_id: int) -> int:
        """How many undone commands redo can bring back."""
        return self.db.execute(
            "SELECT COUNT(*) FROM commands WHERE game_id = ? AND undone = ?", (game_id, UNDONE)
        ).fetchone()[0]

    def games(self, include_over: bool = True) -> list[GameInfo]:
        """All games, newest first."""
        sql = (
            "SELECT g.id, g.game, g.title, g.status, g.outcome, g.created, g.updated,"
            " SUM(c.undone = 0), SUM(c.undone = 1), g.position"
            " FROM games g JOIN commands c ON c.game_id = g.id"
            + ("" if include_over else " WHERE g.status = 'running'")
            + " GROUP BY g.id ORDER BY g.updated DESC, g.id DESC"
        )
        return [GameInfo(*row[:7], int(row[7] or 0), int(row[8] or 0), row[9]) for row in self.db.execute(sql)]

    def last_unfinished(self) -> GameInfo | None:
        """The most recently played game that has not ended, if any."""
        running = self.games(include_over=False)
        return running[0] if running else None

    def export(self, game_id: int) -> str:
        """The game as a scenario file (JSON Lines of its active commands)."""
        import json

        return "".join(json.dumps(c, separators=(", ", ": ")) + "\n" for c in self.commands(game_id))

    def quick_check(self) -> str:
        """`PRAGMA quick_check` result ("ok" when intact)."""
        return self.db.execute("PRAGMA quick_check").fetchone()[0]

    def has_game(self, game_id: int) -> bool:
        """Is there a game with this id?"""
        return self.db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None

    # -- helpers -----------------------------------------------------------------------------------
    def _loads(self, text, game_id: int) -> dict:
        """A stored command back as a dict; JournalError if its text is damaged."""
        import json  # with the first command read or written: a start without a game to resume needs none

        try:
            cmd = json.loads(text)
        except (TypeError, ValueError):
            cmd = None
        if not isinstance(cmd, dict):
            raise JournalError(f"{self.path}: a command of game {game_id} is damaged (not a JSON object)")
        return cmd

    def _next_seq(self, game_id: int) -> int:
        """The next sequence number of a game (JournalError for an unknown game)."""
        row = self.db.execute("SELECT MAX(seq) FROM commands WHERE game_id = ?", (game_id,)).fetchone()
        if row[0] is None:
            raise JournalError(f"{self.path}: no game with id {game_id}")
        return row[0] + 1

    def _touch(self, game_id: int, t: float, status: str | None, outcome: str | None, clear_outcome: bool = False,
               position: Any = _KEEP) -> None:
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

    def _tx(self):
        """One immediate transaction: committed (and fsynced, FULL) on success, rolled back on error."""
        return _Transaction(self.db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, with rollback on any exception."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.db.execute("COMMIT")
        else:
            self.db.execute("ROLLBACK")
        return False


def damage(path: str) -> str | None:
    """Why the journal file at `path` is damaged, or None if it is sound (or absent).

    Read-only: the file and its -wal are left byte for byte as they were. A locked or unreadable
    file is not damage: JournalError says why (moving it aside would hide a game in progress)."""
    db, wal = Path(path), Path(path + "-wal")
    wal_size = wal.stat().st_size if wal.exists() else 0
    if wal_size:
        head = wal.read_bytes()
        from companion.storage.wal import WAL_MAGIC, wal_break  # (left by a cut, or another reader)

        if head[:4] not in WAL_MAGIC:
            return "its -wal file is not a SQLite write-ahead log"
        broken = wal_break(head)
        if broken:
            return broken
    if not db.exists() or db.stat().st_size == 0:
        return "a -wal file without its database" if wal_size else None
    hot = Path(path + "-journal")
    if hot.exists() and hot.stat().st_size > 0:
        _roll_back(path)  # a cut while the file was made: a read-only check cannot roll it back
    try:
        con = sqlite3.connect(f"file:{urllib.parse.quote(path)}?mode=ro", uri=True, timeout=5.0)
        try:
            result = con.execute("PRAGMA integrity_check(1)").fetchone()[0]
            if result != "ok":  # e.g. "*** in database main ***\nPage 3: btreeInitPage() returns error code 11"
                lines = [line for line in str(result).splitlines() if not line.startswith("***")]
                return f"integrity check: {(lines or [str(result)])[0][:120]}"
            names = {name for (name,) in con.execute("SELECT name FROM sqlite_master")}
            if "games" in names:
                con.execute("SELECT id, game, title, status, outcome, created, updated FROM games").fetchall()
            if "commands" in names:
                con.execute("SELECT game_id, seq, command, undone, at FROM commands LIMIT 1").fetchall()
                if sqlite3.sqlite_version_info >= (3, 38):  # json_valid is built in from 3.38
                    bad = con.execute("SELECT game_id, seq FROM commands WHERE CASE WHEN json_valid(command)"
                                      " THEN json_type(command) != 'object' ELSE 1 END LIMIT 1").fetchone()
                    if bad:
                        return f"command {bad[1]} of game {bad[0]} is not a JSON object"
            if {"games", "commands"} <= names:  # what a start reads: every setup and the unfinished games
                con.text_factory = bytes
                for (raw,) in con.execute("SELECT command FROM commands WHERE seq = 1 OR game_id IN"
                                          " (SELECT id FROM games WHERE status != 'over')"):
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


def _text(raw: bytes) -> str:
    """Stored text as str; bytes that are not UTF-8 (a flipped bit) become U+FFFD instead of an error."""
    return raw.decode("utf-8", "replace")


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


def _dumps(command: dict) -> str:
    """Canonical compact JSON for a command (sorted keys, so equal commands store equal text)."""
    import json

    return json.dumps(command, sort_keys=True, separators=(",", ":"))
