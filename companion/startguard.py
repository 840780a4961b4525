"""Count starts that never came up, and fall back to a safe mode after a run of them.

At start the app calls `begin()`, which bumps a counter file in the state folder (written
atomically, so a power cut leaves the old or the new number, never half a file). Once the screen,
LEDs and reader are up (or marked missing) it calls `up()`, which clears the counter. If the app
crashes, hangs (watchdog) or the power goes before that, the counter stays. After `limit` such
starts in a row `begin()` returns True: the app then comes up in safe mode (screen and
diagnostics only, no LEDs or reader), and a good start in safe mode clears the counter again.

systemd's `StartLimitBurst=` must be larger than `limit`, or systemd gives up before safe mode.
"""

from __future__ import annotations

import os
from pathlib import Path

from companion.paths import write_private

COUNTER_FILE = "start-attempts"
SAFE_MODE_AFTER = 3  # failed starts in a row before safe mode (the default `limit`)


class StartGuard:
    """The incomplete-start counter in `state_dir`; safe mode after `limit` failed starts."""

    def __init__(self, state_dir: str | os.PathLike, limit: int = SAFE_MODE_AFTER):
        """`state_dir`: folder for the counter file; `limit`: failed starts before safe mode."""
        if limit < 1:
            raise ValueError(f"limit must be at least 1, got {limit}")
        self.path = Path(state_dir) / COUNTER_FILE
        self.limit = limit
        self.failed = 0
        self.error: str | None = None

    def begin(self) -> bool:
        """Record that a start began; True when the app must come up in safe mode."""
        self.failed = self.count()
        try:
            write_private(self.path, f"{self.failed + 1}\n")
            self.error = None
        except OSError as exc:
            # Without a writable counter we cannot detect a crash loop; start normally and say so.
            self.error = f"cannot write {self.path}: {exc.strerror or exc}"
        return self.safe_mode

    def up(self) -> None:
        """The app is running: clear the counter (the next start is a normal one)."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.error = f"cannot clear {self.path}: {exc.strerror or exc}"

    def count(self) -> int:
        """Starts in a row that never reached `up()` (0 when none or the file is missing)."""
        try:
            text = self.path.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            return 0
        except (OSError, UnicodeDecodeError):
            return 1  # unreadable counter: count it as one bad start rather than loop forever
        return int(text) if text.isdigit() else 1

    @property
    def safe_mode(self) -> bool:
        """True when the failed starts before this one reached the limit."""
        return self.failed >= self.limit

    def reason(self) -> str | None:
        """Why safe mode is on, in one line for the screen and the journal; None when it is off."""
        if not self.safe_mode:
            return None
        return (f"safe mode: the last {self.failed} starts did not come up (limit {self.limit}); "
                f"LEDs and card reader are off. See `journalctl -u companion -b` and `companion doctor`.")

