"""The loop's headless command sources: a scenario file played line by line, or the bot demo.

`companion run --headless --script FILE` feeds a `ScriptSource`, `--demo` a `BotSource`; the loop
(companion/app.py) calls `feed(app)` once a frame: the source's `next(app)` command is dispatched, and
the loop stops when the source is `finished(app)`, or with exit status 1 at a refused command or at a
command the journal could not save (a scenario's acks promise durable commands).

A scenario resumes a journaled game only when that game's active commands are the scenario's first
commands, compared as the engine stores them (`script_game`), and a finished game only when it is
the whole scenario (the restart after a power cut at the very end must not play it again as a new
game); then the lines it already has are skipped. Otherwise the scenario starts a new game.
"""

from __future__ import annotations

import random
import sys
from collections import deque
from collections.abc import Iterable


class ScriptSource:
    """Feeds scenario lines to the loop, one per frame, skipping those a resumed game already has.

    lines: (line number, command) pairs as `companion.storage.scenario.load_scenario` reads them; path: the
    file they came from, for `where()`.
    """

    def __init__(self, lines: Iterable[tuple[int, dict]], path: str = "<scenario>"):
        self.lines = deque(lines)
        self.commands = [cmd for _, cmd in self.lines]  # the whole scenario, for `script_game`
        self.path = path
        self.line = 0  # the line number of the last command handed out
        self.skipped = False

    def next(self, app) -> dict | None:
        """The next command, or None when the script is done."""
        if not self.skipped and app.session is not None:
            self.skipped = True
            done = len(app.session.commands)  # setup + applied commands of a resumed game
            for _ in range(min(done, len(self.lines))):
                self.lines.popleft()
        if not self.lines:
            return None
        self.line, cmd = self.lines.popleft()
        return cmd

    def where(self) -> str:
        """`file:line` of the last command handed out (for a refusal)."""
        return f"{self.path}:{self.line}"

    def finished(self, app) -> bool:
        """The script is used up."""
        return not self.lines


class BotSource:
    """The demo player: the engine's bot chooses every command, seeded so the demo is repeatable."""

    def __init__(self, seed: int = 7, max_commands: int = 5000):
        self.rng = random.Random(seed)
        self.left = max_commands

    def next(self, app) -> dict | None:
        """A legal command for the current state, or None when the game is over."""
        s = app.session
        if s is None or s.outcome() is not None or self.left <= 0:
            return None
        self.left -= 1
        return bot_for(s.game.id).choose(s.game, s.state, self.rng)

    def finished(self, app) -> bool:
        """The game ended (or the safety limit was reached)."""
        return app.session is None or app.session.outcome() is not None or self.left <= 0


def bot_for(game_id: str):
    """The bot of a game: a module with `choose(game, state, rng)`, as its plugin gives it."""
    from companion.plugins import info

    return info(game_id).bot()


def feed(app) -> None:
    """One frame of a headless run: the next command of `app.source` to the loop."""
    cmd = app.source.next(app)
    if cmd is None:
        if app.source.finished(app):
            app.running = False
    elif app.dispatch(cmd) is False and app.refusal is not None:
        stop_refused(app, *app.refusal)


def script_game(journal, script: list[dict], finished_too: bool):
    """(the journaled game `script` continues, or None; ids of games begun by the same setup that it
    does not continue). A game continues the script when its active commands are the script's first
    ones as the engine stores them (canonical); a finished one only with `finished_too` and when it
    is the whole script."""
    from companion.errors import CompanionError
    from companion.rules import game_of_setup, load_game
    from companion.storage.sqlitedb import dumps

    try:
        game = load_game(game_of_setup(script[0]))
        canon = [game.canonical(None, script[0])]
        state, _ = game.setup(canon[0])
    except CompanionError:
        return None, []  # a setup the engine refuses: the run says so when it plays it
    lines = iter(script[1:])

    def upto(n: int) -> list[dict]:
        """The script's first `n` commands, canonical (fewer when a line is refused before)."""
        nonlocal state
        while len(canon) < n:
            cmd = next(lines, None)
            if cmd is None:
                break
            try:
                cmd = game.canonical(state, cmd)
                state, _ = game.apply(state, cmd)
            except CompanionError:
                break
            canon.append(cmd)
        return canon[:n]

    passed: list = []
    started = set(journal.started_by(canon[0]))
    for info in journal.games(include_over=finished_too):
        if info.id not in started:
            continue
        have = [dumps(c) for c in journal.commands(info.id)]
        whole = len(have) == len(script) and len(upto(len(script))) == len(script)
        if [dumps(c) for c in upto(len(have))] == have and (info.status != "over" or whole):
            return info, passed
        passed.append(info.id)
    return None, passed


def stop_refused(app, command: dict, exc: Exception) -> None:
    """A headless source's command was refused, or could not be saved: stop with exit status 1 (a
    scenario says where)."""
    from companion.i18n import _
    from companion.narration.words import refusal_text, rule_text
    from companion.storage.journal import JournalError, StorageFault

    where = getattr(app.source, "where", None)
    if isinstance(exc, JournalError):  # not saved (a full disk, another program has the game): no ack
        text = (
            _("{where}: {command!r} was not saved, stopping: {why}")
            if isinstance(exc, StorageFault)
            else _("{where}: stopping: {why}")
        )
        print(
            text.format(
                where=where() if where else _("the demo"), command=command.get("cmd"), why=refusal_text(exc)
            ),
            file=sys.stderr,
            flush=True,
        )
        app.exit_status = 1
        app.running = False
        return
    rule = getattr(exc, "rule", None)
    game = app.session.game.id if app.session is not None else None
    print(
        _("{where}: refused {command!r} by rule {rule}: {why}").format(
            where=where() if where else _("the demo"),
            command=command.get("cmd"),
            rule=rule_text(rule, game) if rule else _("command"),
            why=refusal_text(exc, game),
        ),
        file=sys.stderr,
        flush=True,
    )
    app.exit_status = 1
    app.running = False
