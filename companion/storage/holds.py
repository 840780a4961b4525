"""A session's hold on its game in the journal: the lease, what it knows of the game, saving again.

`Holds` is the part of `companion.storage.journal.Journal` that deals with who writes a game:

- `hold(game_id)` takes the game's lease and reads the game in one transaction; `start_game` makes a
  game and takes its lease in one. The `Hold` they give back is what the session knows of its game.
- Every write with a hold is checked inside its own transaction (`_check`): one `PRAGMA data_version`,
  which only another connection's commit changes; when it (or this journal's own commit count) moved
  since the session's last write, the lease and the game's active and undone commands are compared
  with what the hold knows, and `GameChanged` stops the write. So a session never writes past what it
  knows, and the usual press costs one pragma more, not a read of the game.
- `sync` saves a session again after a fault (a full disk, a read-only file system) in one
  transaction: on the same game when the journal still holds exactly what the session last knew of it,
  else as a new game.
"""

from __future__ import annotations

import sqlite3

from companion.storage import lease
from companion.storage.faults import GameChanged, JournalError, StorageFault
from companion.storage.sqlitedb import dumps

ACTIVE, UNDONE, ABANDONED = 0, 1, 2  # a command row's `undone` flag


class Hold:
    """What a session knows of its game in the journal, while it holds the game's lease: the seqs of its
    active commands (in order), of its undone ones (in redo order), the highest seq of any of its rows,
    and `mark`, (PRAGMA data_version, the journal's own commit count) after the last look: while both
    stay the same, nothing else has been committed and the game is as the session left it. The
    journal's writes keep it up to date."""

    __slots__ = ("game_id", "active", "undone", "top", "mark")

    def __init__(self, game_id: int, active: list, undone: list, top: int):
        self.game_id, self.active, self.undone, self.top = game_id, active, undone, top
        self.mark: tuple = (None, None)

    def image(self) -> tuple:
        """(active seqs, undone seqs, top): what the journal must hold for this session to write on."""
        return (list(self.active), list(self.undone), self.top)


class Holds:
    """Leases and holds, mixed into `Journal` (which gives `db`, `path`, `me`, `_now`, `_tx`, `_loads`, `_touch`)."""

    def hold(self, game_id: int) -> tuple[Hold, list[dict], list[dict]]:
        """Take a game's lease (GameBusy while another live process holds it) and read it in the same
        transaction: (hold, its active commands, its undone ones in redo order)."""
        with self._tx() as tx:
            self._take(game_id)
            image, active, undone = self._read(game_id)
            tx.hold = Hold(game_id, *image)
        return tx.hold, active, undone

    def read_game(self, game_id: int) -> tuple[tuple, list[dict], list[dict]]:
        """A game as `hold` reads it, without its lease (a read-only journal): (image, active, undone)."""
        try:
            return self._read(game_id)
        except sqlite3.DatabaseError as exc:
            raise StorageFault.of(exc, self.path) from None

    def release(self, game_id: int) -> None:
        """Give back a game's lease (leaving it); a journal that cannot be written keeps it, stale once we exit."""
        if self.readonly:
            return
        try:
            with self._tx():
                self.db.execute("DELETE FROM leases WHERE game_id = ? AND token = ?", (game_id, self.me.token))
        except StorageFault:
            pass

    def holder(self, game_id: int) -> lease.Holder | None:
        """The live process other than this journal that holds the game, or None."""
        try:
            row = self.db.execute("SELECT pid, started, host, who, since, token FROM leases WHERE game_id = ?",
                                  (game_id,)).fetchone()
        except sqlite3.DatabaseError:  # a journal older than leases, opened read-only: nobody holds anything
            return None
        if row is None or row[5] == self.me.token:
            return None
        other = lease.Holder(*row)
        return other if lease.alive(other) else None

    def probe(self) -> StorageFault | None:
        """Commit one small row: the fault that stops it (a full disk, a read-only file system), or None
        (the table's start says "not saving" at once instead of at its first command).

        The row only shows that a write goes through, so it is committed without its fsync
        (synchronous=OFF for this one commit: a few ms on an SD card, on the way to READY); the next
        command's commit syncs the file, this write with it."""
        try:
            level = self.db.execute("PRAGMA synchronous").fetchone()[0]  # journal.PRAGMAS' (FULL)
            self.db.execute("PRAGMA synchronous=OFF")
            try:
                with self._tx():
                    self.db.execute("INSERT OR REPLACE INTO meta VALUES ('opened', ?)", (repr(self._now()),))
            finally:
                self.db.execute(f"PRAGMA synchronous={int(level)}")  # every other commit is synced as before
        except sqlite3.DatabaseError as exc:  # (the PRAGMA itself: the connection is unusable)
            return StorageFault.of(exc, self.path)
        except StorageFault as exc:
            return exc
        return None

    def sync(self, game_id: int | None, expected: tuple | None, commands: list[dict], redo: list[dict], *,
             title: str = "", status: str = "running", outcome: str | None = None,
             position: str | None = None) -> tuple[Hold, bool]:
        """Save a session's whole game again in one transaction: (its new hold, whether it is a new game).

        The game `game_id` is kept when nobody else holds it and it is exactly as `expected` (the image
        of the session's last look): its active commands after the part the session still has are
        abandoned, the session's later commands appended, and its redo steps (`redo`, last to redo first,
        as the session keeps them) appended undone. Otherwise (another holder, a changed or deleted
        game, `game_id` None) the session's game is written as a new game."""
        t = self._now()
        with self._tx() as tx:
            rows = []
            if game_id is not None and expected is not None and self.holder(game_id) is None:
                rows = self.db.execute("SELECT seq, command, undone FROM commands WHERE game_id = ? ORDER BY seq",
                                       (game_id,)).fetchall()
                image = ([s for s, _, u in rows if u == ACTIVE], [s for s, _, u in rows if u == UNDONE], rows[-1][0] if rows else 0)
                if image != tuple(expected):
                    rows = []
            active = [(s, c) for s, c, u in rows if u == ACTIVE]
            kept = 0
            while kept < min(len(active), len(commands)) and active[kept][1] == dumps(commands[kept]):
                kept += 1
            if kept == 0:  # a new game: the session's whole game
                cur = self.db.execute("INSERT INTO games (game, title, created, updated) VALUES (?, ?, ?, ?)",
                                      (str(commands[0].get("game", "")), title, t, t))
                game_id, top = int(cur.lastrowid), 0
            else:
                top = rows[-1][0]
                self.db.execute("UPDATE commands SET undone = ? WHERE game_id = ? AND seq > ? AND undone IN (?, ?)",
                                (ABANDONED, game_id, active[kept - 1][0], ACTIVE, UNDONE))
            seqs = [s for s, _ in active[:kept]]
            undone = []
            for flag, cmd in [(ACTIVE, c) for c in commands[kept:]] + [(UNDONE, c) for c in reversed(redo)]:
                top += 1
                self.db.execute("INSERT INTO commands (game_id, seq, command, undone, at) VALUES (?, ?, ?, ?, ?)",
                                (game_id, top, dumps(cmd), flag, t))
                (seqs if flag == ACTIVE else undone).append(top)
            self._take(game_id)
            self._touch(game_id, t, status, outcome, clear_outcome=outcome is None, position=position)
            tx.hold = Hold(game_id, seqs, undone, top)
        return tx.hold, kept == 0

    # -- inside a transaction ----------------------------------------------------------------------------
    def _take(self, game_id: int) -> None:
        """Take the game's lease, unless another live process holds it (GameBusy)."""
        self._not_busy(game_id)
        me = self.me
        self.db.execute("INSERT OR REPLACE INTO leases VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (game_id, me.pid, me.started, me.host, me.who, self._now(), me.token))

    def _not_busy(self, game_id: int) -> None:
        """GameBusy if a live process other than this journal holds the game."""
        other = self.holder(game_id)
        if other is not None:
            raise lease.GameBusy(game_id, other)

    def _read(self, game_id: int) -> tuple[tuple, list[dict], list[dict]]:
        """(image, active commands, undone ones in redo order) of a game; JournalError if there is none."""
        rows = self.db.execute("SELECT seq, command, undone FROM commands WHERE game_id = ? ORDER BY seq",
                               (game_id,)).fetchall()
        if not rows:
            raise JournalError(f"{self.path}: no game with id {game_id}")
        active = [(s, c) for s, c, u in rows if u == ACTIVE]
        undone = [(s, c) for s, c, u in rows if u == UNDONE]
        image = ([s for s, _ in active], [s for s, _ in undone], rows[-1][0])
        return (image, [self._loads(c, game_id) for _, c in active], [self._loads(c, game_id) for _, c in undone])

    def _check(self, hold: Hold) -> int:
        """The session of `hold` may write on (else GameChanged); returns the data_version seen. Only when
        another connection (or another hold on this journal) committed since its last write is the game read."""
        version = self.db.execute("PRAGMA data_version").fetchone()[0]
        if (version, self._writes) != hold.mark:
            rows = self.db.execute("SELECT seq, undone FROM commands WHERE game_id = ? ORDER BY seq",
                                   (hold.game_id,)).fetchall()
            owner = self.db.execute("SELECT token FROM leases WHERE game_id = ?", (hold.game_id,)).fetchone()
            image = ([s for s, u in rows if u == ACTIVE], [s for s, u in rows if u == UNDONE], rows[-1][0] if rows else 0)
            if owner is None or owner[0] != self.me.token or image != hold.image():
                raise GameChanged(hold.game_id)
        return version
