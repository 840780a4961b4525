"""What the app may expect of the hardware: one small Protocol per capability, plus the shared
LED base class and the degraded stubs that stand in for a missing part.

Parts are named `leds`, `buttons` and `reader` in `Hardware.status()`. Every part has `status`
(a property: `(ok, why)`) and an idempotent `close()`; above the HAL only logical names exist.
Besides the parts, every backend has a `Panel`: what it shows of itself in the window beside the
screen UI (the simulator's board on a PC; `NoPanel`, nothing, for the others). The loop hands it the
window's events and room every frame whatever the backend, so it never asks which backend it has.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Protocol, runtime_checkable

from companion.errors import HardwareUnavailable, describe
from companion.hal.clock import Clock, FakeClock, MonotonicClock
from companion.hal.layout import Frame, PixelLayout
from companion.inputs import ButtonEvent, CardRead, VButton

__all__ = [
    "Buttons",
    "CardReader",
    "Clock",
    "FakeClock",
    "MonotonicClock",
    "NoButtons",
    "NoPanel",
    "NoPixels",
    "NoReader",
    "Panel",
    "Part",
    "Pixels",
    "StripPixels",
]


class Part(str, Enum):
    """A piece of hardware the status screen reports on."""

    LEDS = "leds"
    BUTTONS = "buttons"
    READER = "reader"

    @property
    def label(self) -> str:
        """How a person calls it (`LED strip not available: ...`)."""
        return {"leds": "LED strip", "buttons": "buttons", "reader": "card reader"}[self.value]


@runtime_checkable
class Pixels(Protocol):
    """The LED board: show a whole frame of logical lights at once."""

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why)."""

    def counts(self) -> dict[str, int]:
        """Logical light -> number of pixels (what each frame entry must hold)."""

    def show(self, frame: Frame) -> None:
        """Push `frame` (logical light -> RGB per pixel, already through the output stage)."""

    def test_pattern(self) -> None:
        """Light the first three pixels of every strip red, green, blue (colour-order check)."""

    def close(self) -> None:
        """Blank the strips and release them. Idempotent."""


@runtime_checkable
class Buttons(Protocol):
    """The board's push buttons, already debounced."""

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why)."""

    def poll(self, now: float) -> list[ButtonEvent]:
        """Every event up to `now` (seconds on the app clock), oldest first."""

    def close(self) -> None:
        """Release the pins. Idempotent."""


@runtime_checkable
class CardReader(Protocol):
    """A card reader (NFC or QR): yields tag ids. Implemented in `companion.hal.reader`."""

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why)."""

    def poll(self) -> list[CardRead]:
        """Tags read since the last poll."""

    def close(self) -> None:
        """Release the port. Idempotent."""


@runtime_checkable
class Panel(Protocol):
    """What a backend shows of itself in the window, in the room beside the screen UI: the simulated
    board (companion/hal/sim.py) draws what its strip shows and takes clicks as its buttons' presses.
    A backend without one has `NoPanel`. The loop calls it for every backend, every frame it draws."""

    @property
    def width(self) -> int:
        """Pixels of room it wants beside the screen UI (0: none); `companion run` opens a window that wide."""

    def handle_event(self, event) -> bool:
        """A pygame event (a click, the window shown again): True if it was the panel's own (the
        screens then never see it)."""

    def draw(self, surface, rect) -> bool:
        """Paint into `rect` of `surface` if anything it shows changed since its last paint there (its
        lights, a button held, the window exposed); whether it painted (the loop then flips)."""


class StripPixels:
    """Pixels over one or more strips: a frame is mapped and encoded in pure code, then each strip's
    bytes go to `_transmit` once (the Adafruit Pixelbuf seam). Backends override `_transmit` and
    `_release`; a transmit that raises OSError marks the part degraded instead of crashing the loop.
    """

    driver = "none"

    def __init__(self, layout: PixelLayout):
        self.layout = layout
        self._closed = False
        self._fault: str | None = None

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why)."""
        if self._closed:
            return (False, "closed")
        if self._fault:
            return (False, self._fault)
        return (True, self.describe())

    def describe(self) -> str:
        """Which driver pushes the bytes, for makers and the status screen."""
        return f"{self.driver}: {sum(s.count for s in self.layout.strips)} pixels on {len(self.layout.strips)} strip(s)"

    def counts(self) -> dict[str, int]:
        """Logical light -> number of pixels."""
        return self.layout.counts()

    def show(self, frame: Frame) -> None:
        """Map, encode and push `frame`; a bad frame raises ValueError and pushes nothing."""
        if self._closed:
            return
        self._push(self.layout.encode_frame(frame))

    def test_pattern(self) -> None:
        """Red, green, blue on the first three pixels of every strip."""
        if not self._closed:
            self._push(self.layout.test_pattern())

    def blank(self) -> None:
        """Turn every pixel off."""
        if not self._closed:
            self._push(self.layout.blank())

    def close(self) -> None:
        """Blank the strips, then release the driver. Idempotent."""
        if self._closed:
            return
        try:
            self.blank()
        finally:
            self._closed = True
            self._release()

    def _push(self, buffers: Mapping[str, bytes]) -> None:
        """Hand each strip's bytes to the backend; a failing write becomes a status, not a crash."""
        try:
            for strip, data in buffers.items():
                self._transmit(strip, data)
        except OSError as exc:
            self._fault = f"{Part.LEDS.label} not available: write failed: {exc}"
        else:
            self._fault = None

    def _transmit(self, strip: str, data: bytes) -> None:
        """Push the wire bytes of one strip (one call per strip per frame)."""
        raise NotImplementedError

    def _release(self) -> None:
        """Free the driver (after the final blank)."""

    def __enter__(self) -> StripPixels:
        """Context manager: close (and blank) on exit."""
        return self

    def __exit__(self, *exc) -> None:
        """Close on leaving the block."""
        self.close()


class NoPixels:
    """Stand-in for an LED strip that is not there: counts still answer, frames go nowhere."""

    def __init__(self, layout: PixelLayout, why: str, ok: bool = False):
        self.layout = layout
        self._status = (ok, why)

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why): why the strip is missing."""
        return self._status

    def describe(self) -> str:
        """The reason, for makers."""
        return self._status[1]

    def counts(self) -> dict[str, int]:
        """Logical light -> pixels, as configured (so the lighting keeps working)."""
        return self.layout.counts()

    def show(self, frame: Frame) -> None:
        """Check the frame like a real strip would, then drop it."""
        self.layout.encode_frame(frame)

    def test_pattern(self) -> None:
        """Nothing to light."""

    def close(self) -> None:
        """Nothing to release."""


class NoButtons:
    """Stand-in for buttons that could not be opened: never reports a press."""

    def __init__(self, pins: Mapping[VButton, str], why: str):
        self._pins = dict(pins)
        self._why = why

    @property
    def status(self) -> tuple[bool, str]:
        """(False, why)."""
        return (False, self._why)

    def describe(self) -> str:
        """The reason, for makers."""
        return self._why

    def pins(self) -> dict[VButton, str]:
        """Logical button -> configured pin name."""
        return dict(self._pins)

    def poll(self, now: float) -> list[ButtonEvent]:
        """No events."""
        return []

    def stats(self) -> dict:
        """No counters."""
        return {}

    def close(self) -> None:
        """Nothing to release."""


class NoPanel:
    """The panel of a backend that shows nothing of itself (mock, pi): no room, no events, no paint."""

    width = 0

    def handle_event(self, event) -> bool:
        """Never its own."""
        return False

    def draw(self, surface, rect) -> bool:
        """Nothing to paint."""
        return False


NOT_CONFIGURED = "no card reader configured (reader.type = none)"


class NoReader:
    """Stand-in for a reader that is not configured (ok, `NOT_CONFIGURED`) or could not be opened (not ok)."""

    def __init__(self, why: str, ok: bool = False):
        self._status = (ok, why)

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why)."""
        return self._status

    def poll(self) -> list[CardRead]:
        """No tags."""
        return []

    def close(self) -> None:
        """Nothing to release."""


def unavailable(part: Part, exc: BaseException) -> str:
    """One line saying which part is missing and why, from any bring-up failure."""
    if isinstance(exc, HardwareUnavailable):
        return str(exc)
    return f"{part.label} not available: {describe(exc)}"


def quiet_close(part) -> None:
    """Close `part`, ignoring any failure: releasing one thing must not stop the others."""
    try:
        part.close()
    except Exception:  # a device that is already gone fails to close in library-specific ways
        pass
