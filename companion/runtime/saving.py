"""Saving as a part of the table: "playing, not saving" when the journal cannot be written, and back.

A full disk, a read-only file system, an I/O error or a journal that cannot be opened never end the
table. The game goes on in memory (the session's saver keeps it unsaved, companion/storage/saver.py),
the status light turns amber, the banner and systemd's STATUS= say why ("not saving: the disk is
full"), in the table's language. Like a missing reader, the journal is then tried again with back-off
(RETRY_FIRST_S doubling to RETRY_MAX_S): a journal that could not be opened, or only read, is opened
again; a session that is not saved writes what the journal lacks in one transaction, onto the same
game or, if that game no longer matches, as a new one; the log says "saving again". A game another
program changed under the table (GameChanged) is not retried: the banner asks to resume it again.

The loop (companion/app.py) holds one `Saving`: its `banner` is the journal's part in the health
(companion/runtime/health.py), `due` asks the loop to look at the health in this very frame (a fault
turns the light amber with the press that met it), and `retry_due` runs with the hardware's retries.
The banner counts the commands held in memory ("not saving: the disk is full; 12 moves not saved
yet"), and while there are any a small status file (companion/storage/rescue.py) tells `companion
doctor` so, whose advice then never ends in a reboot. A stop (companion/runtime/rescuing.py) makes one
`last_try`, bounded in time, before it writes them to a rescue file.
"""

from __future__ import annotations

from companion.i18n import _, ngettext
from companion.narration.words import refusal_text
from companion.storage.faults import CARD_READ_ONLY, FAULT_TEXT, StorageFault

RETRY_FIRST_S = 1.0
RETRY_MAX_S = 30.0
LAST_TRY_BUSY_MS = (
    300  # a stop's last save waits this long for a lock, not SQLite's usual 5 s (GRACE_S is 1.8 s)
)


class Saving:
    """The journal of one run of the table, as a part. host: the loop (its `journal`, `session`, `say`);
    reopen: opens the journal again for writing (run.py's factory call), None where nothing can be
    retried (the demo's journal in memory). Why there is no journal at all, at the start, comes as the
    host's missing part `journal` (run.py), which this takes over."""

    def __init__(self, host, reopen=None):
        self.host = host
        self.reopen = reopen
        self.problem = host.missing.pop("journal", None)  # told here, and gone once a journal opens
        self.due = False
        self._next = 0.0
        self._backoff = RETRY_FIRST_S
        self._status = None  # (the status file, what it says) while the table holds unsaved commands

    @property
    def banner(self) -> str | None:
        """The journal's line for the banner, the status light and STATUS= (None while it saves)."""
        journal, saver = self.host.journal, self._saver()
        if saver.stopped is not None:
            return refusal_text(saver.stopped)
        if journal is None and self.problem:
            return self._counted(self.problem)  # no journal at all: which file, and why
        fault = saver.fault
        if fault is None and journal is not None and (self.host.session is None or journal.readonly):
            fault = journal.fault
        if fault is not None:
            text = (
                CARD_READ_ONLY
                if getattr(fault, "card", False)
                else FAULT_TEXT.get(fault.kind, FAULT_TEXT["io"])
            )
            return self._counted(_(text))
        return (
            journal.banner if journal is not None else None
        )  # a damaged journal was moved aside at the start

    @property
    def unsaved(self) -> int:
        """How many of the game's writes (commands, undos, redos) only memory holds."""
        return getattr(self._saver(), "unsaved", 0)

    def _counted(self, why: str) -> str:
        """`why`, and how many moves are not saved yet when there are any."""
        n = self.unsaved
        if not n:
            return why
        return f"{why}; " + ngettext("{n} move not saved yet", "{n} moves not saved yet", n).format(n=n)

    def store(self, keep_unsaved: bool):
        """Where a new game is kept (companion/storage/store.py): the journal in hand's saver; at a table
        with no journal open yet, a saver that saves the game once one opens (the retry); else memory."""
        from companion.storage.store import store_for

        if self.host.journal is None and self.reopen is not None:
            from companion.storage.saver import Saver

            saver = Saver(None, keep_unsaved=True)
            saver.fault = StorageFault("cannot-open", "")
            return saver
        return store_for(self.host.journal, keep_unsaved=keep_unsaved)

    def adopt(self, session):
        """A session the table now plays: its store tells this part when saving stops. Returns it."""
        session.saver.on_change = self.changed
        self.changed()
        return session

    def changed(self) -> None:
        """Saving may have stopped or started: the loop looks at the health in this frame."""
        self.due = True

    def retry_due(self, now: float) -> None:
        """Try again, if something is not saved and the back-off has passed."""
        self.due = False
        self._note()
        if not self._needed() or now < self._next:
            return
        if self._try():
            self._backoff = RETRY_FIRST_S
            self._next = 0.0
        else:
            self._next = now + self._backoff
            self._backoff = min(self._backoff * 2, RETRY_MAX_S)

    def _saver(self):
        """The store of the game in hand; with no game, an empty one in memory (nothing unsaved)."""
        from companion.storage.store import MemoryStore

        session = self.host.session
        return session.saver if session is not None else MemoryStore()

    def _needed(self) -> bool:
        """Is anything not saved that a retry may fix?"""
        journal, saver = self.host.journal, self._saver()
        if saver.stopped is not None:
            return False  # another program changed the game: resuming it again is the players' call
        if journal is None:
            return self.reopen is not None
        return journal.readonly or journal.fault is not None or saver.fault is not None

    def _try(self) -> bool:
        """One retry: open the journal for writing again if need be, then save the game (or probe)."""
        host, saver = self.host, self._saver()
        journal = host.journal
        if (journal is None or journal.readonly) and self.reopen is not None:
            try:
                fresh = self.reopen()
            except Exception:  # noqa: BLE001 - whatever it is, the table goes on; the banner keeps saying why
                return False
            if fresh.readonly:
                fresh.close()
                return False
            if journal is not None:
                journal.close()
            host.journal = journal = fresh
            saver.journal = fresh  # the game in hand is saved there
            self.changed()
        if journal is None:
            return False
        if saver.fault is not None:
            if not host.session.save_again():
                return False
            self.changed()
            where = (
                _("saving again: game {old} no longer matched, the game is saved as game {id}").format(
                    old=saver.moved_from, id=saver.game_id
                )
                if saver.moved_from
                else _("saving again: game {id} is saved").format(id=saver.game_id)
            )
            host.say(where)
            return True
        if journal.fault is not None and not journal.readonly:
            journal.fault = journal.probe()
            self.changed()
            return journal.fault is None
        return not journal.readonly

    def last_try(self) -> bool:
        """A stop: one more save of the game in hand, on the journal in hand only (opening it again runs
        the integrity check, which no stop can wait for) and waiting LAST_TRY_BUSY_MS at most for a lock.
        Whether nothing is left unsaved."""
        session, journal = self.host.session, self.host.journal
        if session is None or self.unsaved == 0:
            return True
        if journal is None or journal.readonly or session.saver.journal is not journal:
            return False
        try:
            journal.db.execute(f"PRAGMA busy_timeout={LAST_TRY_BUSY_MS}")
            return session.save_again()
        except Exception:  # noqa: BLE001 - a stop goes on to the rescue file whatever failed here
            return False

    def _note(self) -> None:
        """Keep the status file for doctor in step with the unsaved count (written once a second at most)."""
        from companion.storage import rescue

        n = self.unsaved
        said = self._status[1] if self._status else None
        if n == 0:
            if self._status:
                rescue.clear_status(self._status[0])
                self._status = None
            return
        why = self.banner or ""
        if said != (n, why):
            journal = self.host.journal
            where = rescue.note_status(n, why, journal.path if journal is not None else None)
            self._status = (where, (n, why))

    def close(self) -> None:
        """Close the journal in hand (its leases go back); the status file goes."""
        if self._status:
            from companion.storage import rescue

            rescue.clear_status(self._status[0])
            self._status = None
        if self.host.journal is not None:
            self.host.journal.close()
