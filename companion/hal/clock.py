"""The clock as a HAL service: the app and the HAL read time only through one of these.

`MonotonicClock` is the real one (seconds from `time.monotonic`, so a wall-clock jump at the table
never makes a long press or a transition misbehave). `FakeClock` is for tests (and a headless demo
at pace 0): `sleep_until` just moves time forward, so nothing ever really sleeps. A process that
really runs (`companion run`, any backend) must use the real one, or its loop spins a core.

`wake()` ends a sleep at once: a stop signal calls it, so the loop stops without waiting for the
frame's sleep to run out (Python resumes an interrupted `time.sleep`).
"""

from __future__ import annotations

import threading
import time
from typing import Protocol, runtime_checkable


@runtime_checkable
class Clock(Protocol):
    """Monotonic time in seconds and a way to wait for a moment."""

    def now(self) -> float:
        """Seconds on a monotonic scale (only differences mean anything)."""

    def sleep_until(self, t: float) -> None:
        """Return once `now() >= t` (at once if `t` has passed)."""


class MonotonicClock:
    """The real clock: `time.monotonic` and a real sleep. Safe to read from any thread."""

    def __init__(self):
        # Held while nobody woke us: a sleep waits to take it, `wake` lets it go. A bare lock, not an
        # Event (a Condition, a new waiter lock at every wait): a resting table sleeps ~13 times a
        # second, and each of those Python steps costs a wake-up from idle more.
        self._woken = threading.Lock()
        self._woken.acquire()

    def now(self) -> float:
        """Seconds from `time.monotonic()`."""
        return time.monotonic()

    def sleep_until(self, t: float) -> None:
        """Sleep the calling thread until `t` (no busy wait), or until `wake()`. A woken sleep takes
        the lock back (held again for the next one)."""
        delay = t - time.monotonic()
        if delay > 0:
            self._woken.acquire(timeout=delay)

    def wake(self) -> None:
        """End the sleep in progress (or the next one) at once. Safe from a signal handler (Python
        runs it between the interrupted wait's tries) and from another thread."""
        try:
            self._woken.release()
        except RuntimeError:  # woken already, not slept since
            pass


class FakeClock:
    """A clock that only moves when told to: tests and the mock backend never sleep.

    `start` is the reading before any `advance`.
    """

    def __init__(self, start: float = 0.0):
        self._t = float(start)

    def now(self) -> float:
        """The current fake time in seconds."""
        return self._t

    def advance(self, dt: float) -> float:
        """Move time forward by `dt` seconds (never back) and return the new time."""
        if dt < 0:
            raise ValueError(f"a clock cannot go back (advance by {dt})")
        self._t += dt
        return self._t

    def sleep_until(self, t: float) -> None:
        """Jump to `t` if it lies ahead; a moment in the past changes nothing."""
        if t > self._t:
            self._t = float(t)

    def wake(self) -> None:
        """Nothing to end: a fake clock never sleeps."""
