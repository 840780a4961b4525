"""The game in hand: start or resume one, offer the unfinished one, undo and redo, leave it.

`companion run` starts the loop with `start()`: a scenario resumes its own game (a journaled game
whose active commands are the scenario's first ones) or starts it, the demo starts its own, a table
with a screen offers its unfinished game (the title screen otherwise). The screens' intents `resume`,
`new_game`, `undo` and `redo` come here too. Every game lives in the journal (companion/storage/session.py
keeps the one in hand); leaving a game never deletes it and gives back its lease, so another program
may then write it. A game another live process holds is neither offered nor taken: the table says who
has it. At the table a storage fault leaves the game playing unsaved (companion/runtime/saving.py); a
scenario run (a headless source) stops at it instead, as its acks promise durable commands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.errors import CommandError, CompanionError, RuleViolation
from companion.rules import load_game
from companion.storage.journal import JournalError
from companion.storage.lease import GameBusy

if TYPE_CHECKING:
    from companion.controllers.hosts import GamesHost
    from companion.storage.session import Session


class Games:
    """Starts, resumes, undoes and leaves games for the loop. It keeps the game in hand (`session`;
    the loop reads it there) and tells the loop through `host.accepted(command, events)` (a journaled
    command) or `host.game_changed(*events)`; what else it asks of the loop is `GamesHost`'s
    (companion/controllers/hosts.py)."""

    def __init__(self, host: GamesHost):
        """host: the loop, as far as `GamesHost` goes."""
        self.host = host
        self.session: Session | None = None  # the game in hand
        self.names_due = True  # the names used last are given to the screens after the first frame (`recall`)

    def intents(self) -> dict:
        """Intent name -> handler."""
        return {
            "undo": self.undo,
            "redo": self.redo,
            "resume": lambda r: self.resume(r["id"]),
            "new_game": lambda r: self.leave(),
        }

    def start(self, setup: dict | None = None, resume: bool = True, finished_too: bool = False) -> None:
        """Resume the unfinished game, or offer it (with a screen), or start `setup`.

        finished_too: a scenario run resumes its game even if it already ended (a restart after a
        power cut at the very end must not play the whole scenario again as a new game).
        """
        host = self.host
        try:
            info = self._resumable(setup, finished_too) if (host.journal is not None and resume) else None
        except JournalError as exc:  # the journal cannot even be read now: play on (the banner says why)
            host.say(f"cannot look for a game to resume: {exc}")
            info = None
        if info is not None and (host.ui is None or setup is not None):
            self.resume(info.id)
        elif setup is not None:
            self.new_game(setup)
        elif info is not None:
            from companion.gameline import resume_offer

            holder = host.journal.holder(info.id)
            if holder is not None:  # another program plays it: say so, do not offer to take it
                busy = GameBusy(info.id, holder)
                host.ui.notify(_text(busy))
                host.say(f"Unfinished game not offered: {busy}")
                return
            offer = resume_offer(host.journal, info)  # the game itself: round, phase, turn, players, when
            host.ui.offer_resume(offer)
            host.say(f"Unfinished game offered for resume: {offer['summary']}")

    def _resumable(self, setup: dict | None, finished_too: bool):
        """The journaled game to continue: the newest unfinished one; with `setup`, the newest one whose
        active commands begin the scenario being played (companion/runtime/sources.py), a finished one
        only when `finished_too` and it is the whole scenario; with a setup and no scenario, the newest
        game that setup began. None when there is none."""
        journal = self.host.journal
        if setup is None:
            return journal.last_unfinished()
        script = getattr(self.host.source, "commands", None)
        if script is None:
            return next(
                (
                    info
                    for info in journal.games(include_over=finished_too)
                    if _same_setup(journal.commands(info.id)[0], setup, info.game)
                ),
                None,
            )
        from companion.runtime.sources import script_game

        info, passed = script_game(journal, script, finished_too)
        for other in passed:
            self.host.say(f"game {other} in the journal is not this scenario's beginning: not resumed")
        if info is None and passed:
            self.host.say("starting the scenario as a new game")
        return info

    def new_game(self, setup: dict) -> bool:
        """Start a new game from a setup command (journaled first)."""
        from companion.storage.session import Session  # with the first game, not on the start-up path

        host = self.host
        try:
            session, events = Session.new(setup, store=host.saving.store(self.keep_unsaved))
        except (RuleViolation, CommandError, JournalError) as exc:
            host.refuse(setup, exc)
            return False
        self._drop()
        self.session = host.saving.adopt(session)
        self._taught_banner()
        host.accepted(setup, events)
        return True

    def resume(self, game_id: int) -> bool:
        """Replay a journaled game and continue it (refused, and shown, while another program holds it)."""
        from companion.storage.session import Session

        host = self.host
        self._drop()
        try:
            resumed = Session.resume(host.journal, game_id, keep_unsaved=self.keep_unsaved)
            self.session = host.saving.adopt(resumed)
        except (JournalError, CompanionError) as exc:  # held by another program, or it no longer replays
            host.refuse({"cmd": "resume", "id": game_id}, exc)
            return False
        self._taught_banner()
        host.game_changed()
        host.say(f"Resumed game {game_id} ({len(self.session.commands)} commands): {host.where()}")
        changed = getattr(getattr(self.session.saver, "hold", None), "changed", None)
        if changed is not None:  # the digests found a row rewritten while no one held it
            host.say(
                f"game {game_id}: command {changed} was changed by another program since it was saved;"
                f" the game goes on as the journal holds it now"
            )
        return True

    @property
    def keep_unsaved(self) -> bool:
        """Does a storage fault leave the game playing unsaved? At the table yes; a scenario or the demo
        (a headless source, whose acks promise durable commands) stops instead."""
        return self.host.source is None

    def recall(self) -> None:
        """Give the screens the names the table used last (the loop calls it after its first frame)."""
        self.names_due = False
        self.remember({})

    def remember(self, command: dict) -> None:
        """At the table, keep the names a setup or rename gave players (companion/controllers/names.py)
        and give the screens the names used last; a scenario or the demo remembers nothing."""
        host = self.host
        if host.ui is None or host.source is not None:
            return
        from companion.controllers import names

        given = names.names_of(command)
        host.ui.set_setting(names.SETTING, names.remember(given) if given else names.recent())

    def undo(self, _result=None) -> None:
        """Take back the last command (the undo button)."""
        host = self.host
        try:
            undone = self.session is not None and self.session.undo(1)
        except JournalError as exc:  # the game changed under us: nothing was taken back
            host.refuse({"cmd": "undo"}, exc)
            return
        if not undone:
            host.say("nothing to undo")
            return
        host.game_changed({"event": "undone"})
        host.say(f"Undone. {host.where()}")

    def redo(self, _result=None) -> None:
        """Bring back the last undone command."""
        session = self.session
        if session is not None and session.can_redo():
            try:
                events = session.redo(1)
            except JournalError as exc:
                self.host.refuse({"cmd": "redo"}, exc)
                return
            self.host.accepted({"cmd": "redo"}, events)

    def data_changed(self, game_id: str) -> None:
        """Taught data of `game_id` was saved: a running game of that kind reloads its data, so the
        next draw, placement or name uses it (the journal keeps the values each command used)."""
        session = self.session
        if session is not None and session.game.id == game_id:
            session.game = load_game(game_id)
            self._taught_banner()
            self.host.game_changed()

    def _taught_banner(self) -> None:
        """While the game in hand plays without some of the table's taught data (a broken record or
        file the loader skipped), a banner says which, in one line (and the log); gone once fixed.
        The banner is a part missing for the run (`host.missing`, what companion/runtime/health.py shows)."""
        from companion.gamedata.loader import TAUGHT_PART, banner_line, taught_problems

        missing = self.host.missing
        if self.session is None:
            return
        problems = taught_problems(self.session.game.id)
        if not problems:
            missing.pop(TAUGHT_PART, None)
        elif missing.get(TAUGHT_PART) != (line := banner_line(problems)):
            missing[TAUGHT_PART] = line
            self.host.say(line)

    def leave(self) -> None:
        """Leave the current game (it stays in the journal, its lease is given back) for the title screen."""
        self._drop()
        self.host.game_changed()

    def _drop(self) -> None:
        """Let go of the game in hand, if any (its lease goes back)."""
        if self.session is not None:
            self.session.close()
            self.session = None


def _same_setup(journaled: dict, setup: dict, game: str) -> bool:
    """Is the journaled game the one `setup` would start (so a restart resumes it)?"""
    if setup.get("game") != game:
        return False
    return all(journaled.get(k) == v for k, v in setup.items())


def _text(exc: Exception) -> str:
    """An error in the table's language."""
    from companion.narration.words import refusal_text

    return refusal_text(exc)
