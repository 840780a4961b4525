"""Small fakes that stand in for real parts in tests (fakes, not patches)."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

from companion.errors import CommandError, RuleViolation
from companion.rules.base import Action, Event


class Counted(Event):
    """The counter moved."""

    total: int


@dataclass(frozen=True)
class CounterState:
    """The whole state of the counter game."""

    total: int = 0
    over: bool = False


class CounterGame:
    """A tiny Game: `add {n}` (n >= 0, total <= 100), `end` finishes; used to test the journal and session."""

    id = "counter"

    def setup(self, command):
        """Start at `start` (default 0)."""
        return CounterState(int(command.get("start", 0))), []

    def canonical(self, state, command):
        """Commands are already canonical, but `add` gets an explicit n."""
        out = dict(command)
        if out.get("cmd") == "add":
            out.setdefault("n", 1)
        return out

    def apply(self, state, command):
        """Add or end."""
        if state.over:
            raise RuleViolation("over", "the game has ended")
        if command.get("cmd") == "add":
            n = command.get("n", 1)
            if not isinstance(n, int):
                raise CommandError("n must be an integer")
            if n < 0:
                raise RuleViolation("add", "cannot add a negative amount")
            if state.total + n > 100:
                raise RuleViolation("limit", "the counter stops at 100")
            new = replace(state, total=state.total + n)
            return new, [Counted(new.total)]
        if command.get("cmd") == "end":
            return replace(state, over=True), []
        raise CommandError(f"unknown command {command.get('cmd')!r}")

    def actions(self, state):
        """Add is possible until the end."""
        return [
            Action(
                {"cmd": "add", "n": 1},
                "add one",
                enabled=not state.over,
                why_not="over" if state.over else None,
            )
        ]

    def to_json(self, state):
        """The state as JSON."""
        return {"game": "counter", "total": state.total, "over": state.over}

    def from_json(self, data):
        """Inverse of to_json."""
        return CounterState(data["total"], data["over"])

    def outcome(self, state):
        """ "done" once ended."""
        return "done" if state.over else None


class Cable:
    """A pty reachable through a stable symlink (like /dev/serial/by-id/...): plug, unplug, replug."""

    def __init__(self, link):
        self.link = str(link)
        self.master: int | None = None
        self._slave: int | None = None

    def plug(self) -> None:
        """A new pty appears behind the same name."""
        self.master, self._slave = os.openpty()
        os.set_blocking(self.master, False)
        if os.path.lexists(self.link):
            os.unlink(self.link)
        os.symlink(os.ttyname(self._slave), self.link)

    def unplug(self) -> None:
        """The device vanishes: both ends close and the name goes away."""
        if self.master is None:
            return
        os.close(self.master)
        os.close(self._slave)
        os.unlink(self.link)
        self.master = self._slave = None

    def read(self) -> bytes:
        """What the host wrote (non-blocking)."""
        if self.master is None:
            return b""
        try:
            return os.read(self.master, 4096)
        except (BlockingIOError, OSError):
            return b""

    def write(self, data: bytes) -> None:
        """Bytes from the device to the host."""
        if data and self.master is not None:
            os.write(self.master, data)


class Notifier:
    """systemd's notify socket, as the app sees it: the STATUS= lines it was told, and no watchdog."""

    def __init__(self):
        self.statuses = []

    def status(self, text):
        """STATUS=: kept in `statuses`, oldest first."""
        self.statuses.append(text)

    def watchdog_interval(self):
        """No watchdog asked for."""
        return None
