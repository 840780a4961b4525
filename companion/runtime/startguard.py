"""Count starts that never came up, and fall back to a safe mode after a run of them.

At start the app calls `begin()`, which bumps a counter file in the state folder (written
atomically, so a power cut leaves the old or the new number, never half a file). Once the screen,
LEDs and reader are up (or marked missing) it calls `up()`, which clears the counter. If the app
crashes, hangs (watchdog) or the power goes before that, the counter stays. After `limit` such
starts in a row `begin()` returns True: the app then comes up in safe mode (screen and
diagnostics only, no LEDs or reader), and a good start in safe mode clears the counter again.

The counter file also names the stage the start had reached (`display`, then `hardware`), so safe
mode knows what crashed: when the last failed start died opening the display (an SDL/KMSDRM driver
that crashes or hangs), safe mode leaves the screen off too. The first write, before the display,
is not fsynced (a crash keeps the page cache, and the first frame must not wait for the SD card);
the `hardware` stage is, before the LEDs light: a supply that browns out when the strip comes on is
a failed start that the counter must survive. The app writes that stage with `wait=False`: it is in
the file at once (a crash finds it), its fsyncs run in the background while the game loads, and
`settle()` waits for them just before the LEDs light (an SD card's fsync can take longer than the
rest of the start).

Every write goes to a temp file named after the process (`.start-attempts.<pid>.tmp`) and is renamed
over the counter. A start killed in the middle of a write (SIGKILL, a power cut during the fsync)
leaves that temp behind; the next `begin()` removes every temp whose process is gone, so the state
folder never collects them (two starts at once never touch each other's temp).

systemd's `StartLimitBurst=` must be larger than `limit`, or systemd gives up before safe mode.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from companion.paths import file_mode
from companion.storage.lease import process_exists

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
        self.failed_at: str | None = None  # the stage the last failed start had reached
        self.error: str | None = None
        self._syncing: threading.Thread | None = None  # a durable write still on its way to the disk

    def begin(self, stage: str = "", durable: bool = True) -> bool:
        """Record that a start began (at `stage`); True when the app must come up in safe mode.
        `durable=False` skips the fsync (see the module doc)."""
        self.settle()  # (our own write in flight is never swept)
        self.failed, self.failed_at = self._read()
        _sweep(self.path)
        self.stage(stage, durable)
        return self.safe_mode

    def stage(self, name: str, durable: bool = True, wait: bool = True) -> None:
        """The start has reached stage `name` (kept in the counter file until `up()`).

        `durable` with `wait=False`: written at once without waiting for the disk, then written
        again durably in the background; `settle()` waits for that."""
        self.settle()  # one writer at a time
        text = f"{self.failed + 1}\n" + (f"{name}\n" if name else "")
        if durable and wait:
            self._write(write_private, text)
            return
        self._write(_write_quick, text)
        if durable and self.error is None:
            self._syncing = threading.Thread(
                target=self._write, args=(write_private, text), name="start-counter"
            )
            self._syncing.start()

    def settle(self) -> None:
        """Wait until a stage written with `wait=False` is on the disk."""
        if self._syncing is not None:
            self._syncing.join()
            self._syncing = None

    def _write(self, write, text: str) -> None:
        """Replace the counter file with `text` through `write`; a failure is kept in `error`."""
        try:
            write(self.path, text)
            self.error = None
        except OSError as exc:
            # Without a writable counter we cannot detect a crash loop; start normally and say so.
            self.error = f"cannot write {self.path}: {exc.strerror or exc}"

    @property
    def screen_crashed(self) -> bool:
        """Safe mode, and the last failed start died while opening the display."""
        return self.safe_mode and self.failed_at == "display"

    def up(self) -> None:
        """The app is running: clear the counter (the next start is a normal one)."""
        self.settle()  # a background write must not bring the counter back after this
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.error = f"cannot clear {self.path}: {exc.strerror or exc}"

    def count(self) -> int:
        """Starts in a row that never reached `up()` (0 when none or the file is missing)."""
        return self._read()[0]

    def _read(self) -> tuple[int, str | None]:
        """(failed starts, the stage the last one reached) from the counter file."""
        try:
            lines = self.path.read_text(encoding="ascii").split()
        except FileNotFoundError:
            return 0, None
        except (OSError, UnicodeDecodeError):
            return 1, None  # unreadable counter: count it as one bad start rather than loop forever
        count = int(lines[0]) if lines and lines[0].isdigit() else 1
        return count, (lines[1] if len(lines) > 1 else None)

    @property
    def safe_mode(self) -> bool:
        """True when the failed starts before this one reached the limit."""
        return self.failed >= self.limit

    def reason(self) -> str | None:
        """Why safe mode is on, in one line for the screen and the journal; None when it is off."""
        if not self.safe_mode:
            return None
        off = (
            "screen, LEDs and card reader are off" if self.screen_crashed else "LEDs and card reader are off"
        )
        return (
            f"safe mode: the last {self.failed} starts did not come up (limit {self.limit}); "
            f"{off}. See `journalctl -u companion -b` and `companion doctor`."
        )


def write_private(path: Path, text: str) -> None:
    """Replace `path` with `text` durably: this process's temp file, fsync, rename, fsync the folder."""
    _replace(Path(path), text, durable=True)


def _write_quick(path: Path, text: str) -> None:
    """Replace `path` atomically (temp file, rename) without waiting for the disk."""
    _replace(Path(path), text, durable=False)


def _replace(path: Path, text: str, durable: bool) -> None:
    """Write `text` to this process's temp file next to `path` and rename it over `path` (0600, or
    0660 in the shared places); `durable`: fsync the file before and the folder after the rename."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = _temp_of(path, os.getpid())
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, file_mode(path))
        try:
            os.write(fd, text.encode("ascii"))
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, file_mode(path))  # whatever the umask took away
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if durable:
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def _temp_of(path: Path, pid: int) -> Path:
    """The temp file process `pid` writes `path` through."""
    return path.with_name(f".{path.name}.{pid}.tmp")


def _sweep(path: Path) -> None:
    """Remove the temp files of `path` left by writers that are gone (killed in the middle of a
    write), and those of older versions (a fixed or a random name); a live process's stays."""
    prefix = f".{path.name}."
    try:
        names = [n for n in os.listdir(path.parent) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return  # no folder yet: nothing left behind
    for name in names:
        pid = name[len(prefix) : -len(".tmp")]
        if pid.isdigit() and int(pid) != os.getpid() and process_exists(int(pid)):
            continue
        try:
            os.unlink(path.parent / name)
        except OSError:
            pass  # gone already, or not ours to remove
