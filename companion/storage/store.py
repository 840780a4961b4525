"""Where a session keeps its game: one small interface, `GameStore`, and its two implementations.

A `Session` (companion/storage/session.py) moves its game on and then tells its store, always in the
same calls, whatever the store is:

    start(setup, title, position)       a new game, from its canonical setup
    append(command, status=, outcome=, position=)   an accepted command
    undo(steps, position=) / redo(steps, position=)
    save_again(session)                 after a fault: write what the store lacks
    release()                           the session leaves the game
    saved                               does the store hold everything the session has?

- `Saver` (companion/storage/saver.py) keeps it in the SQLite journal: each write is on the disk
  (fsynced) when it returns, under the game's lease (one writer per game); a storage fault is a state
  (`fault`), a game changed by another program stops it (`stopped`).
- `MemoryStore` (here) keeps it in memory only, as a journal would hold it (active commands, undone
  ones): `companion play --script` without `--journal`, replays, tests. Nothing in it outlives the
  process, so it never promises durability: `saved` is True because there is nowhere else to save to.

`store_for(journal)` is the one place that picks: the journal's saver, or memory when there is none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from companion.storage.faults import GameChanged, StorageFault
    from companion.storage.journal import Journal


class GameStore(Protocol):
    """What a session needs of the place its game is kept (see the module doc)."""

    journal: Journal | None  # the journal it writes (None: none, or not opened yet)
    game_id: int | None  # the game's id there (None: not in a journal)
    fault: StorageFault | None  # the last write failed for a reason outside the game (not saving)
    stopped: GameChanged | None  # another program changed the game: never written again
    moved_from: int | None  # saved again as a new game: the id it had before
    on_change: Callable[[], None] | None  # called when saving stops (the table's status light follows)

    @property
    def saved(self) -> bool:
        """Does the store hold everything the session has?"""

    def start(self, setup: dict, title: str, where: str | None) -> None:
        """Keep a new game from its canonical setup (`where`: its position, companion/storage/position.py)."""

    def append(self, command: dict, *, status: str | None, outcome: str | None, position: str | None) -> bool:
        """Keep an accepted command: True once kept, False when the game goes on unsaved."""

    def undo(self, steps: int, *, position: str | None) -> bool:
        """Keep that the last `steps` commands were undone."""

    def redo(self, steps: int, *, position: str | None) -> bool:
        """Keep that the last `steps` undone commands were done again."""

    def save_again(self, session: Any) -> bool:
        """After a fault: keep what the store lacks of `session`; whether it worked."""

    def release(self) -> None:
        """The session leaves the game."""


class MemoryStore:
    """A game kept in memory only, as a journal would keep it: `commands` (the active ones, setup first)
    and `undone` (in redo order, the next one first). A `GameStore`."""

    journal = None
    game_id = None
    fault = None
    stopped = None
    moved_from = None

    def __init__(self) -> None:
        self.commands: list[dict] = []
        self.undone: list[dict] = []
        self.title = ""
        self.position: str | None = None  # where the game stands, as a journal would keep it
        self.released = False
        self.on_change: Callable[[], None] | None = None

    @property
    def saved(self) -> bool:
        """Always: memory is all there is."""
        return True

    def start(self, setup: dict, title: str, where: str | None) -> None:
        """Keep the setup."""
        self.commands, self.undone, self.title, self.position = [setup], [], title, where

    def append(
        self,
        command: dict,
        *,
        status: str | None = None,
        outcome: str | None = None,
        position: str | None = None,
    ) -> bool:
        """Keep the command; the undone ones cannot come back after it (as in the journal)."""
        self.commands.append(command)
        self.undone.clear()
        self.position = position
        return True

    def undo(self, steps: int, *, position: str | None = None) -> bool:
        """Move the last `steps` commands to the undone ones."""
        for _ in range(steps):
            self.undone.insert(0, self.commands.pop())
        self.position = position
        return True

    def redo(self, steps: int, *, position: str | None = None) -> bool:
        """Bring the next `steps` undone commands back."""
        for _ in range(steps):
            self.commands.append(self.undone.pop(0))
        self.position = position
        return True

    def save_again(self, session: Any) -> bool:
        """Nothing was ever unsaved."""
        return False

    def release(self) -> None:
        """Nothing is held."""
        self.released = True


def store_for(journal: Journal | None, *, keep_unsaved: bool = False) -> GameStore:
    """Where a new session keeps its game: the journal's `Saver` (holding the game, durable writes;
    `keep_unsaved`: a storage fault leaves the game playing unsaved instead of raising), or memory."""
    if journal is None:
        return MemoryStore()
    from companion.storage.saver import Saver

    return Saver(journal, keep_unsaved=keep_unsaved)
