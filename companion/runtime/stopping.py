"""Stop cleanly on SIGTERM, SIGINT and SIGHUP: dark LEDs, closed parts and journal, exit 0 (exit 1 when
commands the journal could not take went to a rescue file instead: companion/runtime/rescuing.py).

systemd stops the service with SIGTERM (then SIGKILL after `TimeoutStopSec=`), a terminal sends
SIGINT (Ctrl-C) or SIGHUP (closed ssh session). Python runs no `finally` on an unhandled SIGTERM,
so without a handler the process dies at once and a strip on its own supply keeps its last frame
after the Pi is down. `StopSignals` turns each of them into an orderly stop:

* while the loop runs, the signal only asks the loop to end (`attach(stop)`): the frame in hand
  finishes, so a command is never cut between the journal and its feedback;
* before the loop (loading, opening the hardware), the first signal raises `Stopped`, which unwinds
  through the `with`/`finally` blocks that blank the LEDs and close the journal;
* a backstop thread ends the process `GRACE_S` after the first signal if closing hangs (a driver
  stuck in a system call): stop on time, exit 1, and say so. It learns of the signal through
  `signal.set_wakeup_fd`, which the interpreter writes at C level, so it starts even when the main
  thread is stuck and the Python handler cannot run.

pygame's SDL catches SIGTERM and SIGINT itself only where they still have their default handler;
installing ours before the display opens keeps them ours.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
GRACE_S = 1.8  # systemd and the issue allow 2 s from the signal to the exit


class Stopped(BaseException):
    """A stop signal arrived before the loop ran (a BaseException, like KeyboardInterrupt, so no
    `except Exception` on the way swallows it)."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


class StopSignals:
    """The stop signals, while installed: `received` names the first one that came (or None).

    grace: seconds from the first signal to a forced exit (status 1); exit: how to force it
    (`os._exit`; tests pass their own).
    """

    def __init__(self, grace: float = GRACE_S, exit: Callable[[int], None] = os._exit):
        self.grace = grace
        self._exit = exit
        self.received: str | None = None
        self._stop_loop: Callable[[], None] | None = None
        self._previous: dict[int, signal._HANDLER] = {}
        self._finished = threading.Event()
        self._wake: tuple[int, int] | None = None  # the pipe the signals write into: (read end, write end)
        self._old_wakeup_fd = -1

    def install(self) -> StopSignals:
        """Take SIGTERM, SIGINT and SIGHUP and start the backstop (only the main thread can)."""
        for sig in STOP_SIGNALS:
            self._previous[sig] = signal.signal(sig, self._handle)
        reader, writer = os.pipe()  # a pipe, not a socket pair: the socket module costs ~2 ms of a start
        os.set_blocking(writer, False)
        self._wake = (reader, writer)
        self._old_wakeup_fd = signal.set_wakeup_fd(writer, warn_on_full_buffer=False)
        threading.Thread(target=self._backstop, args=(reader,), name="stop-backstop", daemon=True).start()
        return self

    def attach(self, stop_loop: Callable[[], None]) -> None:
        """The loop runs: from now on a signal calls `stop_loop()` instead of raising. A signal
        that came just before is passed on at once."""
        self._stop_loop = stop_loop
        if self.received is not None:
            stop_loop()

    def done(self) -> None:
        """Everything is closed: stop the backstop and give the signals back."""
        self._finished.set()
        if self._wake is not None:
            signal.set_wakeup_fd(self._old_wakeup_fd)
            try:
                os.write(self._wake[1], b"\0")  # wakes the backstop thread, which then ends
            except OSError:
                pass  # it has ended already
            os.close(self._wake[1])
            self._wake = None
        for sig, previous in self._previous.items():
            signal.signal(sig, previous)
        self._previous.clear()

    def __enter__(self) -> StopSignals:
        """Install for the duration of a `with` block."""
        return self.install()

    def __exit__(self, *exc) -> None:
        """Cancel the backstop and restore the previous handlers."""
        self.done()

    def _handle(self, signum: int, _frame) -> None:
        """The handler: ask the loop to stop, or unwind the start-up (first signal only)."""
        name = signal.Signals(signum).name
        first = self.received is None
        if first:
            self.received = name
        if self._stop_loop is not None:
            self._stop_loop()
        elif first:
            raise Stopped(name)
        # a second signal during the start-up's unwinding: the first one is being handled

    def _backstop(self, reader: int) -> None:
        """Thread: wait for the first stop signal's byte, then give the stop `grace` seconds."""
        with open(reader, "rb", buffering=0) as pipe:  # closes the read end when the thread ends
            while True:
                data = pipe.read(64)
                if not data or self._finished.is_set():
                    return
                if any(b in STOP_SIGNALS for b in data):
                    break
            if self._finished.wait(self.grace):
                return
        name = self.received or "a stop signal"
        print(
            f"companion run: stopping took longer than {self.grace:g} s after {name}; "
            f"leaving without closing everything",
            file=sys.stderr,
            flush=True,
        )
        self._exit(1)
