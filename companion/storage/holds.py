"""A session's hold on its game in the journal: the lease, what it knows of the game, saving again.

`Holds` is the part of `companion.storage.journal.Journal` that deals with who writes a game:

- `hold(game_id)` takes the game's lease and reads the game in one transaction; `start_game` makes a
  game and takes its lease in one. The `Hold` they give back is what the session knows of its game.
- Every write with a hold is checked inside its own transaction (`_check`): one `PRAGMA data_version`,
  which only another connection's commit changes; when it (or this journal's own commit count) moved
  since the session's last write, the lease and the game's active and undone commands are compared
  with what the hold knows, and `GameChanged` stops the write. So a session never writes past what it
  knows, and the usual press costs one pragma more, not a read of the game.
- Every command row carries `digest`, a sha256 chained through the game's rows in seq order: the
  previous row's digest, the game's id, the row's seq and its command text (`chained`). The undone flag
  is not in it (undo and redo change it in place); flags and seqs are what the hold's image compares.
  So the check above also recomputes the chain from the text and wants it equal to the stored digests
  and to the last digest the hold knows: a command rewritten in place, two rows' seqs swapped, a digest
  edited, all stop the write with `GameChanged` (a game that replays differently is never written on).
  `hold` verifies the chain too: rows changed while nobody held the game are sealed again from the
  first changed one (the game resumed is the journal's, as it now replays) and `Hold.changed` names it;
  rows without a digest (written by an older companion) are sealed there silently.
- `sync` saves a session again after a fault (a full disk, a read-only file system) in one
  transaction: on the same game when the journal still holds exactly what the session last knew of it,
  else as a new game.
"""

from __future__ import annotations

import sqlite3

from companion.storage import lease
from companion.storage.faults import GameChanged, JournalError, StorageFault
from companion.storage.identity import APPLICATION_ID, SCHEMA_VERSION
from companion.storage.sqlitedb import dumps

ACTIVE, UNDONE, ABANDONED = 0, 1, 2  # a command row's `undone` flag


def chained(prev: str, game_id: int, seq: int, command: str) -> str:
    """The digest of a command row: sha256 (hex) of the previous row's digest ("" before the setup),
    the game's id, the row's seq and its command text."""
    import hashlib  # with the first command read or written: a start without a game needs none

    return hashlib.sha256(
        f"{prev}\n{game_id}\n{seq}\n{command}".encode("utf-8", "surrogatepass")
    ).hexdigest()[:32]


class Hold:
    """What a session knows of its game in the journal, while it holds the game's lease: the seqs of its
    active commands (in order), of its undone ones (in redo order), the highest seq of any of its rows,
    the digest of that last row (`chained`), and `mark`, (PRAGMA data_version, the journal's own commit
    count) after the last look: while both stay the same, nothing else has been committed and the game is
    as the session left it. The journal's writes keep it up to date. `changed`: the seq of the first row
    `hold` found changed by another program while nobody held the game (None: none)."""

    __slots__ = ("game_id", "active", "undone", "top", "digest", "mark", "changed")

    def __init__(self, game_id: int, active: list, undone: list, top: int, digest: str = ""):
        self.game_id, self.active, self.undone, self.top, self.digest = game_id, active, undone, top, digest
        self.mark: tuple = (None, None)
        self.changed: int | None = None

    def image(self) -> tuple:
        """(active seqs, undone seqs, top): what the journal must hold for this session to write on."""
        return (list(self.active), list(self.undone), self.top)


class Holds:
    """Leases, holds and digests, mixed into `Journal` (which gives `db`, `path`, `me`, `_now`, `_tx`,
    `_loads`, `_touch`)."""

    def hold(self, game_id: int) -> tuple[Hold, list[dict], list[dict]]:
        """Take a game's lease (GameBusy while another live process holds it) and read it in the same
        transaction: (hold, its active commands, its undone ones in redo order)."""
        with self._tx() as tx:
            self._take(game_id)
            rows = self._game_rows(game_id)
            image, active, undone = self._read(game_id, rows)
            digest, changed, fixes = self._verify(game_id, rows)
            self._seal(fixes)
            tx.hold = Hold(game_id, *image, digest)
            tx.hold.changed = changed
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
                self.db.execute(
                    "DELETE FROM leases WHERE game_id = ? AND token = ?", (game_id, self.me.token)
                )
        except StorageFault:
            pass

    def holder(self, game_id: int) -> lease.Holder | None:
        """The live process other than this journal that holds the game, or None."""
        try:
            row = self.db.execute(
                "SELECT pid, started, host, who, since, token FROM leases WHERE game_id = ?", (game_id,)
            ).fetchone()
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

    def sync(
        self,
        game_id: int | None,
        expected: tuple | None,
        commands: list[dict],
        redo: list[dict],
        *,
        title: str = "",
        status: str = "running",
        outcome: str | None = None,
        position: str | None = None,
    ) -> tuple[Hold, bool]:
        """Save a session's whole game again in one transaction: (its new hold, whether it is a new game).

        The game `game_id` is kept when nobody else holds it and it is exactly as `expected` (the image
        of the session's last look): its active commands after the part the session still has are
        abandoned, the session's later commands appended, and its redo steps (`redo`, last to redo first,
        as the session keeps them) appended undone. Otherwise (another holder, a changed or deleted
        game, `game_id` None) the session's game is written as a new game."""
        t = self._now()
        with self._tx() as tx:
            rows = []
            digest = ""
            if game_id is not None and expected is not None and self.holder(game_id) is None:
                rows = self._game_rows(game_id)
                image = _image(rows)
                digest, changed, fixes = self._verify(game_id, rows)
                if image != tuple(expected) or changed is not None:  # changed by another program: a new game
                    rows = []
                else:
                    self._seal(fixes)  # rows of an older companion, without their digest
            active = [(s, c) for s, c, u, _ in rows if u == ACTIVE]
            kept = 0
            while kept < min(len(active), len(commands)) and active[kept][1] == dumps(commands[kept]):
                kept += 1
            if kept == 0:  # a new game: the session's whole game
                cur = self.db.execute(
                    "INSERT INTO games (game, title, created, updated) VALUES (?, ?, ?, ?)",
                    (str(commands[0].get("game", "")), title, t, t),
                )
                game_id, top, digest = int(cur.lastrowid), 0, ""
            else:
                top = rows[-1][0]
                self.db.execute(
                    "UPDATE commands SET undone = ? WHERE game_id = ? AND seq > ? AND undone IN (?, ?)",
                    (ABANDONED, game_id, active[kept - 1][0], ACTIVE, UNDONE),
                )
            seqs = [s for s, _ in active[:kept]]
            undone = []
            for flag, cmd in [(ACTIVE, c) for c in commands[kept:]] + [(UNDONE, c) for c in reversed(redo)]:
                top += 1
                text = dumps(cmd)
                digest = chained(digest, game_id, top, text)
                self.db.execute(
                    "INSERT INTO commands (game_id, seq, command, undone, at, digest) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, top, text, flag, t, digest),
                )
                (seqs if flag == ACTIVE else undone).append(top)
            self._take(game_id)
            self._touch(game_id, t, status, outcome, clear_outcome=outcome is None, position=position)
            tx.hold = Hold(game_id, seqs, undone, top, digest)
        return tx.hold, kept == 0

    def _upgrade(self) -> None:
        """Bring a journal of an older schema (or a new one) up to this one, once, in one transaction:
        games' `position` and commands' `digest` columns added when missing (the digests of the rows
        already there computed then, game by game), our application id and schema version stamped. A
        journal already up to date costs three cheap reads here."""
        db = self.db
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        games = {row[1] for row in db.execute("PRAGMA table_info(games)")}
        commands = {row[1] for row in db.execute("PRAGMA table_info(commands)")}
        self._digests = True
        if (
            app == APPLICATION_ID
            and version == SCHEMA_VERSION
            and "position" in games
            and "digest" in commands
        ):
            return
        with self._tx():
            if "position" not in games:
                db.execute("ALTER TABLE games ADD COLUMN position TEXT")  # a journal older than it
            if "digest" not in commands:
                db.execute("ALTER TABLE commands ADD COLUMN digest TEXT")
                fixes, game, digest = [], None, ""
                for gid, seq, text in db.execute(
                    "SELECT game_id, seq, command FROM commands ORDER BY game_id, seq"
                ):
                    digest = chained(digest if gid == game else "", gid, seq, text)
                    game = gid
                    fixes.append((digest, gid, seq))
                self._seal(fixes)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))

    # -- inside a transaction ----------------------------------------------------------------------------
    def _take(self, game_id: int) -> None:
        """Take the game's lease, unless another live process holds it (GameBusy)."""
        self._not_busy(game_id)
        me = self.me
        self.db.execute(
            "INSERT OR REPLACE INTO leases VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, me.pid, me.started, me.host, me.who, self._now(), me.token),
        )

    def _not_busy(self, game_id: int) -> None:
        """GameBusy if a live process other than this journal holds the game."""
        other = self.holder(game_id)
        if other is not None:
            raise lease.GameBusy(game_id, other)

    def _game_rows(self, game_id: int) -> list[tuple]:
        """Every row of a game in seq order: (seq, command text, undone flag, stored digest or None)."""
        digest = "digest" if self._digests else "NULL"  # (a journal older than digests, opened read-only)
        return self.db.execute(
            f"SELECT seq, command, undone, {digest} FROM commands WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()

    def _read(self, game_id: int, rows: list | None = None) -> tuple[tuple, list[dict], list[dict]]:
        """(image, active commands, undone ones in redo order) of a game; JournalError if there is none."""
        rows = self._game_rows(game_id) if rows is None else rows
        if not rows:
            raise JournalError(f"{self.path}: no game with id {game_id}")
        active = [c for _, c, u, _ in rows if u == ACTIVE]
        undone = [c for _, c, u, _ in rows if u == UNDONE]
        return (
            _image(rows),
            [self._loads(c, game_id) for c in active],
            [self._loads(c, game_id) for c in undone],
        )

    @staticmethod
    def _verify(game_id: int, rows: list[tuple]) -> tuple[str, int | None, list[tuple]]:
        """The game's chain recomputed from its text: (the last row's digest, the seq of the first row whose
        stored digest differs, None if none does (a row without one does not count), and the
        (digest, game_id, seq) of every row whose stored digest is not the computed one)."""
        digest, changed, fixes = "", None, []
        for seq, text, _undone, stored in rows:
            digest = chained(digest, game_id, seq, text)
            if stored != digest:
                fixes.append((digest, game_id, seq))
                if changed is None and stored is not None:
                    changed = seq
        return digest, changed, fixes

    def _seal(self, fixes: list[tuple]) -> None:
        """Store the computed digests of `fixes` ((digest, game_id, seq) rows, from `_verify`)."""
        if fixes and self._digests:
            self.db.executemany("UPDATE commands SET digest = ? WHERE game_id = ? AND seq = ?", fixes)

    def _check(self, hold: Hold) -> int:
        """The session of `hold` may write on (else GameChanged); returns the data_version seen. Only when
        another connection (or another hold on this journal) committed since its last write is the game read:
        its lease, its rows' seqs and flags (the hold's image), and its chain of digests, recomputed from the
        text, which must match the stored digests and end at the one the hold knows."""
        version = self.db.execute("PRAGMA data_version").fetchone()[0]
        if (version, self._writes) != hold.mark:
            rows = self._game_rows(hold.game_id)
            owner = self.db.execute("SELECT token FROM leases WHERE game_id = ?", (hold.game_id,)).fetchone()
            if owner is None or owner[0] != self.me.token or _image(rows) != hold.image():
                raise GameChanged(hold.game_id)
            digest, _changed, fixes = self._verify(hold.game_id, rows)
            if fixes or digest != hold.digest:
                raise GameChanged(hold.game_id)
        return version

    def _last_digest(self, game_id: int) -> tuple[int, str]:
        """(highest seq, its digest) of a game, for a write without a hold (rows without digests are
        sealed first); JournalError for an unknown game."""
        row = self.db.execute(
            "SELECT seq, digest FROM commands WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
        ).fetchone()
        if row is None:
            raise JournalError(f"{self.path}: no game with id {game_id}")
        if row[1] is None:
            digest, _changed, fixes = self._verify(game_id, self._game_rows(game_id))
            self._seal(fixes)
            return row[0], digest
        return row[0], row[1]


def _image(rows: list[tuple]) -> tuple:
    """(active seqs, undone seqs, top) of a game's rows, as a `Hold.image()`."""
    return (
        [s for s, _, u, _ in rows if u == ACTIVE],
        [s for s, _, u, _ in rows if u == UNDONE],
        rows[-1][0] if rows else 0,
    )
