"""How one session's game is kept in the journal: its hold, the writes, faults, and saving again.

A `Session` (companion/storage/session.py) keeps its game through a `GameStore` (companion/storage/
store.py); `Saver` is the journal's. Each write (`append`, `undo`, `redo`) either is on the disk when
it returns (it gives True), or:

- `GameChanged` (another program changed the game): nothing is written, `stopped` is set, and the
  saver never writes that game again; the session refuses further commands ("resume it again").
- `StorageFault` (a full disk, a read-only file system, an I/O error): nothing is written and `fault`
  is set. A saver that keeps unsaved (`keep_unsaved`: the table) then lets the game go on in memory
  (the write gives False; `unsaved` counts them, for the banner and a stop's rescue file) and writes
  nothing more until `save_again` succeeds; one that does not (a scenario run whose acks promise
  durability, `companion play`) raises, and the command is not applied.

`save_again(session)` (the table's retry, companion/runtime/saving.py) writes the whole difference in
one transaction (`Journal.sync`): onto the same game when the journal still holds exactly what this
saver last knew of it, else as a new game (`moved_from` then names the old one).
"""

from __future__ import annotations

from companion.storage.faults import GameChanged, StorageFault
from companion.storage.position import position


class Saver:
    """One session's game in one journal (a `GameStore`). `game_id` is None until the game is in the journal."""

    def __init__(self, journal, *, keep_unsaved: bool = False):
        self.journal = journal
        self.keep_unsaved = keep_unsaved
        self.hold = None  # the Hold while the journal is known to match the session
        self.game_id: int | None = None
        self.expected: tuple | None = None  # the journal's image of the game when we last knew it
        self.fault: StorageFault | None = None
        self.stopped: GameChanged | None = None
        self.moved_from: int | None = None  # saved again as a new game: the id it had before
        self.title = ""
        self.unsaved = 0  # writes kept in memory only since saving stopped (the banner's count)
        self.on_change = None  # called when saving stops (the table's status light follows)

    @property
    def saved(self) -> bool:
        """Does the journal hold everything the session has?"""
        return self.fault is None and self.stopped is None

    def start(self, setup: dict, title: str, where: str | None) -> None:
        """Journal a new game from its canonical setup (and hold it). A saver already not saving (the
        table with no journal open yet) keeps it unsaved: `save_again` writes the whole game."""
        self.title = title
        if self.fault is not None:
            if not self.keep_unsaved:
                raise self.fault
            self.unsaved += 1
            return
        try:
            self.hold = self.journal.start_game(setup, title, where)
        except StorageFault as exc:
            self._faulted(exc)
            self.unsaved += 1
            return
        self.game_id = self.hold.game_id

    def resume(self, game_id: int) -> tuple[list[dict], list[dict]]:
        """Hold a journaled game and read it: (active commands, undone ones in redo order). GameBusy if
        another live process holds it; on a journal that cannot be written, a saver that keeps unsaved
        reads it without the lease (and is not saving)."""
        try:
            self.hold, active, undone = self.journal.hold(game_id)
        except StorageFault as exc:
            if not self.keep_unsaved:
                raise
            self.expected, active, undone = self.journal.read_game(game_id)
            self.fault = exc
        self.game_id = game_id
        return active, undone

    def append(
        self,
        command: dict,
        *,
        status: str | None = None,
        outcome: str | None = None,
        position: str | None = None,
    ) -> bool:
        """Journal an accepted command (durable when it returns True; see `_write`)."""
        return self._write("append", command, status=status, outcome=outcome, position=position)

    def undo(self, steps: int, *, position: str | None = None) -> bool:
        """Journal that the last `steps` commands were undone."""
        return self._write("undo", steps, position=position)

    def redo(self, steps: int, *, position: str | None = None) -> bool:
        """Journal that the next `steps` undone commands were done again."""
        return self._write("redo", steps, position=position)

    def _write(self, op: str, *args, **kw) -> bool:
        """`Journal.<op>(game_id, *args, hold=..., **kw)` (append, undo, redo): True once it is on the disk,
        False when it was kept unsaved; GameChanged, or StorageFault (not keeping unsaved), else."""
        if self.stopped is not None:
            raise self.stopped
        if self.fault is not None:
            if self.keep_unsaved:
                self.unsaved += 1
                return False
            raise self.fault
        try:
            getattr(self.journal, op)(self.game_id, *args, hold=self.hold, **kw)
        except GameChanged as exc:
            self.stopped = exc
            self._tell()
            raise
        except StorageFault as exc:
            self._faulted(exc)
            self.unsaved += 1
            return False
        return True

    def _faulted(self, exc: StorageFault) -> None:
        """A write failed: remember what the journal holds (for `save_again`); raise unless keeping unsaved."""
        self.fault = exc
        if self.hold is not None:
            self.expected = self.hold.image()
        self.hold = None
        self._tell()
        if not self.keep_unsaved:
            raise exc

    def _tell(self) -> None:
        """Saving stopped: tell whoever watches (`on_change`)."""
        if self.on_change is not None:
            self.on_change()

    def save_again(self, session) -> bool:
        """After a fault: write what the journal lacks of `session` in one transaction; whether it worked."""
        if self.fault is None or self.stopped is not None:
            return False
        outcome = session.outcome()
        try:
            hold, new = self.journal.sync(
                self.game_id,
                self.expected,
                session.commands,
                session.redo_steps(),
                title=self.title,
                status="over" if outcome else "running",
                outcome=outcome,
                position=position(session.view()),
            )
        except StorageFault as exc:
            self.fault = exc
            return False
        if new and self.game_id is not None:
            self.moved_from = self.game_id
        self.hold, self.game_id, self.expected, self.fault = hold, hold.game_id, None, None
        self.unsaved = 0
        return True

    def release(self) -> None:
        """Leave the game: give back its lease."""
        if self.hold is not None:
            self.journal.release(self.game_id)
            self.hold = None
