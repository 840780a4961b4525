"""Mock hardware: simulators with a test API, not patches (the gpiozero MockPin idea).

* `MockPixels` records the last frames pushed (`frames`) and the exact bytes each strip got (`wire`),
  in ring buffers of `HISTORY` entries: a mock board left running for hours stays the same size.
* `MockButtons` takes scripted presses with timestamps (`press`, `chatter`, `hold`) that come out of
  `poll(now)` through the same debounce code as real GPIO buttons.
* `MockReader` returns the tags `present`ed to it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from companion.hal.base import StripPixels
from companion.hal.buttons import EdgeButtons
from companion.hal.clock import Clock
from companion.hal.layout import RGB, Frame, PixelLayout, decode
from companion.inputs import CardRead, VButton

# Frames kept (about 33 s at 30 fps, ~4 MB): more than any test looks back, and a `companion run
# --backend mock` left on for an evening stays the same size (10,000 kept frames grew it by ~25 MB).
HISTORY = 1_000


class MockPixels(StripPixels):
    """LED strips that remember what they were told to show.

    `frames`: the last `history` frames shown, as logical light -> tuple of RGB (copies, oldest first).
    `wire`: the last `history` pushes as strip name -> the encoded bytes (frames, test patterns and blanks).
    `shown`: how many frames were shown in all (the ring buffers forget, this count does not).
    """

    driver = "mock"

    def __init__(self, layout: PixelLayout, history: int = HISTORY):
        super().__init__(layout)
        self.frames: deque[dict[str, tuple[RGB, ...]]] = deque(maxlen=history)
        self.wire: deque[dict[str, bytes]] = deque(maxlen=history)
        self.shown = 0
        self._strip_bytes: dict[str, bytes] = dict(layout.blank())
        self.fail_with: OSError | None = None  # set to make every write fail (unplugged strip)

    def show(self, frame: Frame) -> None:
        """Push `frame` and record a copy of it."""
        if self._closed:
            return
        super().show(frame)
        self.frames.append({k: tuple(map(tuple, v)) for k, v in frame.items()})
        self.shown += 1

    def strip_pixels(self) -> dict[str, list[RGB]]:
        """What every physical pixel shows now, decoded from the last bytes sent."""
        return {name: decode(data, self.layout.order) for name, data in self._strip_bytes.items()}

    def showing(self) -> dict[str, bytes]:
        """The bytes every strip shows now (strip -> bytes, a copy): cheap to compare; `lit` decodes them."""
        return dict(self._strip_bytes)

    def lit(self) -> dict[str, tuple[RGB, ...]]:
        """Logical light -> what it shows now (read back from the strip bytes)."""
        return self.layout.logical(self.strip_pixels())

    def _push(self, buffers: Mapping[str, bytes]) -> None:
        """Record one push (all strips) in `wire`, then transmit it."""
        self.wire.append(dict(buffers))
        super()._push(buffers)

    def _transmit(self, strip: str, data: bytes) -> None:
        """Keep the bytes as what the strip now shows (or fail like an unplugged strip)."""
        if self.fail_with is not None:
            raise self.fail_with
        self._strip_bytes[strip] = data


class MockButtons(EdgeButtons):
    """Buttons played from a script: each press is a pair of raw edges at given times (seconds)."""

    def describe(self) -> str:
        """Mock pins: scripted presses."""
        return "mock (scripted presses)"

    def press(self, button: VButton, at: float, duration: float = 0.1, source: str = "gpio") -> None:
        """A clean press of `button` at time `at`, released `duration` seconds later."""
        self.edge(button, True, at, source)
        self.edge(button, False, at + duration, source)

    def chatter(
        self,
        button: VButton,
        at: float,
        bounces: int = 3,
        gap: float = 0.002,
        duration: float = 0.2,
        source: str = "gpio",
    ) -> None:
        """A bouncy press: `bounces` extra open/close pairs `gap` apart on press and on release."""
        t = at
        for _ in range(bounces):  # close, open, close, open ... on the way down
            self.edge(button, True, t, source)
            self.edge(button, False, t + gap, source)
            t += 2 * gap
        self.edge(button, True, t, source)
        t = at + duration
        for _ in range(bounces):  # open, close, open, close ... on the way up
            self.edge(button, False, t, source)
            self.edge(button, True, t + gap, source)
            t += 2 * gap
        self.edge(button, False, t, source)

    def hold(self, button: VButton, at: float, source: str = "gpio") -> None:
        """Close the contact at `at` and leave it closed."""
        self.edge(button, True, at, source)

    def release(self, button: VButton, at: float, source: str = "gpio") -> None:
        """Open the contact at `at`."""
        self.edge(button, False, at, source)


class MockReader:
    """A card reader fed by `present(tag)`; `poll()` returns tags whose time has come."""

    def __init__(self, clock: Clock, name: str = "mock"):
        self._clock = clock
        self._name = name
        self._queue: list[CardRead] = []
        self._closed = False

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why)."""
        return (not self._closed, "mock reader" if not self._closed else "closed")

    def present(self, tag: str, at: float | None = None) -> None:
        """Hold card `tag` to the reader at time `at` (default: now)."""
        t = self._clock.now() if at is None else at
        self._queue.append(CardRead(tag, t, self._name))

    def poll(self) -> list[CardRead]:
        """Tags presented up to now, oldest first."""
        if not self._queue:
            return []
        now = self._clock.now()
        due = sorted((r for r in self._queue if r.t <= now), key=lambda r: r.t)
        self._queue = [r for r in self._queue if r.t > now]
        return [] if self._closed else due

    def close(self) -> None:
        """Stop reading. Idempotent."""
        self._closed = True
