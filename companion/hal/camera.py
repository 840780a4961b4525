"""The camera card reader: a card laid face up on the spot is read by sight and yields a `CardRead`.

`[reader] type = "camera"`. The frames come from a `FrameSource` (companion/hal/frames.py: a USB
webcam, the Pi camera or image files). OpenCV and picamera2 are imported inside the methods that use
them, so `import companion.hal.camera` works anywhere.

While nothing changes the reader glances at the spot four times a second (`IDLE_S`): the source
hands over a 32x24 grey thumbnail (`FrameSource.glance`: a real camera takes it from a small or raw
picture, in a thread of its own; no whole frame is converted) and the reader compares it with the
picture of the last change. A change makes it watch: it glances every WATCH_S and the source keeps
whole frames; once the picture has held still for `SETTLE_S`, the newest whole frame goes to the
recogniser (`companion.vision`) in a worker thread, so the table's loop never waits for it, and the
reader goes back to glancing at IDLE_S. A
taught card yields its tag (the card registrations map it to the card, as an NFC or QR tag); a card
it does not know yields a tag of its own (`SIGHT-` and 8 hex digits) after its face is kept, so the
New card screen teaches it once and it is known from then on. One card lying still is read once.

A camera that cannot be opened, or stops giving frames (unplugged), is `status == (False, why)` and is
reopened by itself with back-off (1, 2, 4 .. 30 s on the injected clock), like the serial readers.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from companion.errors import describe
from companion.hal.clock import Clock
from companion.hal.frames import (
    IDLE_S,
    WATCH_S,
    AutoFrames,
    FrameSource,
    MockFrames,
    PiCameraFrames,
    V4l2Frames,
    differ,
    source_for,
)
from companion.inputs import CardRead

__all__ = [
    "AutoFrames",
    "CameraReader",
    "FrameSource",
    "MockFrames",
    "PiCameraFrames",
    "Recogniser",
    "V4l2Frames",
    "open_camera_reader",
    "source_for",
]

SETTLE_S = 0.15  # the picture must hold still this long before it is read
CHANGE = 6.0  # mean grey difference (0..255) of the thumbnails that counts as a change
BACKOFF_FIRST_S = 1.0
BACKOFF_MAX_S = 30.0


class CameraReader:
    """A CardReader over a FrameSource and the recogniser; see the module docstring.

    `recognise(frame) -> tag or None` runs in a worker thread (`threaded=False`: in `poll`, for tests).
    """

    def __init__(
        self,
        source: FrameSource,
        clock: Clock,
        recognise: Callable,
        *,
        threaded: bool = True,
        name: str = "camera",
    ):
        self.source = source
        self.clock = clock
        self.name = name
        self._recognise = recognise
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="camera") if threaded else None
        self._job: Future | None = None
        self._open = False
        self._why = "camera not opened yet"
        self._retry_at = clock.now()
        self._backoff = BACKOFF_FIRST_S
        self._next_frame = clock.now()
        self._asked_at: float | None = None  # a real camera was asked for a glance then, not handed yet
        self._thumb = None  # the thumbnail of the picture at the last change
        self._changed_at: float | None = None  # the picture changed then, and is not read yet
        self.watching = False  # between a change and its read: glances every WATCH_S, not IDLE_S
        self._closed = False
        self.stats = {"frames": 0, "reads": 0, "new_cards": 0, "empty": 0, "reconnects": 0, "errors": 0}
        self._ever_open = False
        self.last_read: str | None = None  # the tag of the last card read (hw-test says it)
        self.frame_size: tuple[int, int] | None = None  # (width, height) of the camera's frames

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why)."""
        if self._closed:
            return False, "camera closed"
        if not self._open:
            return False, f"camera disconnected: {self._why}"  # the banner: the card reader is unplugged
        return True, f"{self.source.name} watching the card spot"

    def poll(self) -> list[CardRead]:
        """Look at the spot if it is time; return what a finished recognition read."""
        if self._closed:
            return []
        t = self.clock.now()
        if not self._open and t >= self._retry_at:
            self._try_open(t)
        out = self._collect(t)
        if self._open and t >= self._next_frame:
            self._look(t)
            out += self._collect(t)
        return out

    def wait(self) -> None:
        """Wait for the recognition under way (tests)."""
        if self._job is not None:
            self._job.exception()

    def close(self) -> None:
        """Stop the camera and the worker (idempotent)."""
        if self._closed:
            return
        self._closed = True
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._drop()

    def __enter__(self) -> CameraReader:
        """Context manager: closes on exit."""
        return self

    def __exit__(self, *exc) -> None:
        """Close on leaving the block."""
        self.close()

    # -- internals ----------------------------------------------------------------------------------
    def _try_open(self, t: float) -> None:
        """Open the camera, or schedule the next try with doubling back-off."""
        try:
            self.source.open()
        except Exception as exc:  # a camera fails to start in library-specific ways: all become a state
            self._fail(t, exc)
            return
        if self._ever_open:
            self.stats["reconnects"] += 1
        self._open = self._ever_open = True
        self._backoff = (
            BACKOFF_FIRST_S  # the last picture is kept: a card that lay there all along is not read again
        )

    def _look(self, t: float) -> None:
        """Glance at the spot; once a change has held still, hand the whole frame to the recogniser."""
        try:
            thumb = self.source.glance()
            frame = self._settled(t, thumb)
        except Exception as exc:  # unplugged mid-game
            self._drop()
            self._fail(t, exc)
            return
        if thumb is None:  # the camera is taking one: look again at the next poll
            self._asked_at = t if self._asked_at is None else self._asked_at
            self._next_frame = t
            return
        asked, self._asked_at = (t if self._asked_at is None else self._asked_at), None
        self._next_frame = asked + (WATCH_S if self.watching else IDLE_S)  # (paced from the asking)
        if self._changed_at is not None and t < self._changed_at + SETTLE_S:
            self._next_frame = min(self._next_frame, self._changed_at + SETTLE_S)  # the look that may read
        if frame is None:
            return
        if self._pool is None:
            self._job = Future()
            try:
                self._job.set_result(self._recognise(frame))
            except Exception as exc:
                self._job.set_exception(exc)
        else:
            self._job = self._pool.submit(self._recognise, frame)

    def _settled(self, t: float, thumb):
        """The whole frame to read when the picture changed and has held still since, else None;
        starts and ends the watch."""
        if thumb is None:
            return None
        self.stats["frames"] += 1
        self.frame_size = getattr(self.source, "size", None)
        if self._thumb is None or differ(thumb, self._thumb) > CHANGE:
            self._thumb, self._changed_at = thumb, t
            self._watch(True)
            return None
        if self._changed_at is None:
            return None
        self._watch(True)  # (a change still pending when the camera was reopened is watched again)
        if t - self._changed_at < SETTLE_S or self._job is not None:
            return None
        frame = self.source.read()
        if frame is not None:
            self._changed_at = None
            self._watch(False)
        return frame

    def _watch(self, on: bool) -> None:
        """Tell the source a change is under way, or over."""
        if on != self.watching:
            self.watching = on
            self.source.watch(on)

    def _collect(self, t: float) -> list[CardRead]:
        """The finished recognition's read, if any."""
        job = self._job
        if job is None or not job.done():
            return []
        self._job = None
        if job.exception() is not None:
            self.stats["errors"] += 1
            self._why = f"recognition failed: {describe(job.exception())}"
            return []
        tag, new, *seen = job.result() or (None, False)
        if tag is None:
            self.stats["empty"] += 1
            return []
        self.stats["new_cards" if new else "reads"] += 1
        grid, near = (list(seen) + [None, None])[:2]
        self.last_read = tag
        return [CardRead(tag, t, self.name, grid, near)]

    def _fail(self, t: float, exc: BaseException) -> None:
        """Remember why and schedule the next open."""
        self._open = False
        self._why = describe(exc)
        self._retry_at = t + self._backoff
        self._backoff = min(self._backoff * 2, BACKOFF_MAX_S)

    def _drop(self) -> None:
        """Close the camera, ignoring errors from one that is already gone."""
        self._open = False
        self._asked_at = None
        self.watching = False  # (a reopened camera starts glancing; a change still pending is watched again)
        try:
            self.source.close()
        except Exception:  # a device that is gone fails to close in library-specific ways
            pass


class Recogniser:
    """Frame -> (tag, new, grid, near): the taught faces (`companion.vision.store`, reloaded when the
    file changes) and the recogniser. A card it does not know is kept under a tag of its own (`new` is
    True). With a grid box, `grid` is the cells read from the card as `((red, ...), (blue, ...))`
    (None without one, or for a grid that is no card's: one blue-gray cell, more than two), and `near`
    the tag of the taught card whose picture and title it shows but whose grid reads otherwise."""

    def __init__(self, base=None, grid_box=None):
        self.base = base
        self.grid_box = grid_box  # `[camera] grid_box`: a taught card whose grid reads otherwise is not it
        self._stamp = None
        self._library = None

    def __call__(self, frame) -> tuple[str | None, bool, tuple | None, str | None]:
        """Read one frame."""
        from companion.vision import store
        from companion.vision.recognise import DESIGN

        lib = self._current()
        r = lib.identify(frame)
        grid = self._grid(r.face)
        if r.tag is not None:
            return r.tag, False, grid, None
        if r.face is None or (lib.faces and r.design < DESIGN):
            return None, False, None, None  # nothing on the spot, or nothing like a card of this deck
        tag = store.sight_tag(r.face)
        store.add_face(tag, r.face, self.base)
        lib.add(tag, r.face)
        self._stamp = _stamp(store.faces_path(self.base))
        return tag, True, grid, r.near

    def _grid(self, face):
        """The cells read inside the grid box as ((red, ...), (blue, ...)); None without a box or a face,
        or when they are no card's grid (no cell at all, one or more than two blue-gray)."""
        if self.grid_box is None or face is None:
            return None
        from companion.vision.grid import read_grid

        cells = read_grid(face, self.grid_box)
        if not (cells["red"] or cells["blue"]) or len(cells["blue"]) not in (0, 2):
            return None
        return tuple(sorted(cells["red"])), tuple(sorted(cells["blue"]))

    def _current(self):
        """The library, reloaded when the faces file changed."""
        from companion.vision import store

        stamp = _stamp(store.faces_path(self.base))
        if self._library is None or stamp != self._stamp:
            self._library, self._stamp = store.library(self.base), stamp
            self._library.grid_box = self.grid_box
        return self._library


def _stamp(path: Path):
    """(mtime, size) of a file, or None."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def open_camera_reader(config, clock: Clock, source: FrameSource | None = None, *, threaded: bool = True):
    """The camera reader `config` describes (`[camera] device`); ImportError when OpenCV is missing
    (the HAL turns it into a reader stub saying so)."""
    import cv2  # noqa: F401  (the [camera] extra: fail here, with the reason, not at the first frame)

    return CameraReader(
        source or source_for(config.camera.device),
        clock,
        Recogniser(grid_box=config.camera.grid_box or None),
        threaded=threaded,
    )
