"""A live game: the rules engine, its state, the journal and undo/redo, in one place.

`submit(command)` is the only way a game moves on. Its order is the product's promise:
  1. the engine checks and applies the command (a refusal raises and changes nothing);
  2. the canonical command is committed to the journal (durable, fsynced);
  3. only then are the events returned, so lights and sound can never show a move a power cut loses.

States are immutable, so the session keeps the state after every active command: undo is a pop,
redo re-applies the journaled command, resume is a replay.

The session keeps its game through one small interface, its store (`GameStore`, companion/storage/
store.py), in the same calls whatever the store is: in the journal (`Saver`, companion/storage/saver.py:
it holds the game's lease, one writer per game, checks in each write's transaction that the game is
still the one it last wrote, and decides what a storage fault does: the table plays on unsaved,
`keep_unsaved`, a scenario run stops), or in memory only (`MemoryStore`: `companion play --script`
without a journal, replays). `saved` says whether the store holds everything the session has.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.errors import CompanionError
from companion.rules import game_of_setup, load_game
from companion.storage.journal import Journal, JournalError
from companion.storage.position import position
from companion.storage.saver import Saver
from companion.storage.store import GameStore, MemoryStore, store_for


@dataclass
class Session:
    """One game in play. Build it with `Session.new(...)` or `Session.resume(...)`."""

    game: Any
    states: list = field(default_factory=list)
    commands: list = field(default_factory=list)
    saver: GameStore = field(default_factory=MemoryStore)  # where the game is kept (memory: nowhere else)
    _redo: list = field(default_factory=list)
    _view: tuple | None = field(default=None, repr=False, compare=False)  # (state, game, its JSON): view()

    # -- construction ------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        setup: dict,
        journal: Journal | None = None,
        game: Any = None,
        title: str = "",
        *,
        keep_unsaved: bool = False,
        store: GameStore | None = None,
    ) -> tuple[Session, list]:
        """Start a game from its setup command, kept first in `store` (default: the journal's saver when a
        journal is given, which journals it and holds it; else memory). keep_unsaved: a storage fault
        leaves the game unsaved instead of raising (the table)."""
        game = game or load_game(game_of_setup(setup))
        canon = game.canonical(None, setup)
        state, events = game.setup(canon)
        session = cls(game, [state], [canon], store or store_for(journal, keep_unsaved=keep_unsaved))
        session.saver.start(canon, title, position(session.view()))
        return session, events

    @classmethod
    def resume(
        cls, journal: Journal, game_id: int | None = None, game: Any = None, *, keep_unsaved: bool = False
    ) -> Session:
        """Replay a journaled game (the last unfinished one by default) and hold it; JournalError if
        none, GameBusy while another live process holds it."""
        if game_id is None:
            info = journal.last_unfinished()
            if info is None:
                raise JournalError(f"{journal.path}: no unfinished game to resume")
            game_id = info.id
        saver = Saver(journal, keep_unsaved=keep_unsaved)
        commands, undone = saver.resume(game_id)
        try:
            session = cls.replay(commands, game=game)
        except BaseException:
            saver.release()  # a game that no longer replays is not ours to hold
            raise
        session.saver = saver
        session._redo = list(reversed(undone))  # redo pops from the end: earliest undone first
        return session

    @classmethod
    def replay(cls, commands: list[dict], game: Any = None) -> Session:
        """A session rebuilt from a command list (setup first), kept in memory (no journal attached)."""
        game = game or load_game(game_of_setup(commands[0]))
        state, _ = game.setup(commands[0])
        states = [state]
        for i, cmd in enumerate(commands[1:], start=2):
            try:
                state, _ = game.apply(state, cmd)
            except CompanionError as exc:
                raise JournalError(f"command {i} of the saved game no longer applies: {exc}") from None
            states.append(state)
        return cls(game, states, list(commands))

    # -- the journal -------------------------------------------------------------------------------
    @property
    def journal(self) -> Journal | None:
        """The journal the game is kept in (None: kept in memory only)."""
        return self.saver.journal

    @property
    def game_id(self) -> int | None:
        """The game's id in the journal (None: not in it, or kept in memory only)."""
        return self.saver.game_id

    @property
    def saved(self) -> bool:
        """Does the store hold everything this session has (always, for memory)?"""
        return self.saver.saved

    def ended_at(self) -> float | None:
        """When the game's last command was journaled (seconds since the epoch), for its end card;
        None while it runs or when the journal does not hold it all."""
        if self.outcome() is None or self.journal is None or self.game_id is None or not self.saved:
            return None
        return self.journal.ended_at(self.game_id)

    def save_again(self) -> bool:
        """After a storage fault: write what the journal lacks, in one transaction; whether it worked."""
        return self.saver.save_again(self)

    def redo_steps(self) -> list:
        """The undone commands redo can bring back, the next one last (as kept here)."""
        return list(self._redo)

    def close(self) -> None:
        """Leave the game: its lease is given back (the game stays in the journal)."""
        self.saver.release()

    # -- playing -----------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state."""
        return self.states[-1]

    def view(self) -> dict:
        """The current state as its documented JSON object, worked out once per state: the journal's
        position (written with each command) and the screens read the same one. Nobody changes it."""
        return self._view_of(self.state)

    def _view_of(self, state: Any) -> dict:
        """`state`'s JSON, kept for the last state asked about."""
        kept = self._view
        if kept is None or kept[0] is not state or kept[1] is not self.game:  # (taught data: a new game)
            kept = self._view = (state, self.game, self.game.to_json(state))
        return kept[2]

    def outcome(self) -> str | None:
        """None while the game runs; else how it ended."""
        return self.game.outcome(self.state)

    def actions(self) -> list:
        """What the table may do now."""
        return self.game.actions(self.state)

    def submit(self, command: dict) -> list:
        """Apply, journal (durable), then return the events. Raises and changes nothing if refused, or
        if the journal fails and the session does not keep unsaved (then `saved` turns False instead)."""
        canon = self.game.canonical(self.state, command)
        new_state, events = self.game.apply(self.state, canon)
        outcome = self.game.outcome(new_state)
        self.saver.append(
            canon,
            status="over" if outcome else None,
            outcome=outcome,
            position=position(self._view_of(new_state)),
        )
        self.states.append(new_state)
        self.commands.append(canon)
        self._redo.clear()
        return events

    def can_undo(self) -> int:
        """How many commands can be undone (never the setup)."""
        return len(self.commands) - 1

    def undo(self, steps: int = 1) -> int:
        """Take back the last `steps` commands (journaled as undone, kept in history)."""
        steps = max(0, min(steps, self.can_undo()))
        if steps == 0:
            return 0
        self.saver.undo(steps, position=position(self._view_of(self.states[-1 - steps])))
        for _ in range(steps):
            self.states.pop()
            self._redo.append(self.commands.pop())
        return steps

    def redo(self, steps: int = 1) -> list:
        """Re-apply the most recently undone commands; returns their events."""
        events: list = []
        for _ in range(max(0, min(steps, len(self._redo)))):
            cmd = self._redo[-1]
            new_state, evs = self.game.apply(self.state, cmd)
            self.saver.redo(1, position=position(self._view_of(new_state)))
            self._redo.pop()
            self.states.append(new_state)
            self.commands.append(cmd)
            events.extend(evs)
        return events

    def can_redo(self) -> int:
        """How many undone commands redo can bring back."""
        return len(self._redo)
