"""The hardware-abstraction layer: one factory, `open_hardware(config)`, hands the app its board.

    with open_hardware(config) as hw:
        hw.pixels.test_pattern()
        hw.pixels.show({"district.A1": [(255, 0, 0)] * hw.pixels.counts()["district.A1"]})
        for ev in hw.buttons.poll(hw.clock.now()): ...
        for card in hw.reader.poll(): ...

Backend choice (the gpiozero order, without its global): the `backend` argument, then the
environment variable `COMPANION_HAL=mock|sim|pi`, then the config's `hal.backend`, then
auto-detection (a Raspberry Pi, as its device tree says -> `pi`, even when its GPIO/LED devices
are missing: then the backend's `why` names them and each part says it is missing, instead of a
table that silently runs the mock; else `sim` when a display is available, else `mock`). A part that cannot be
opened does not raise: it becomes a stub whose
`status` says what is missing and why, and `retry(part)` tries again with back-off.
Always read parts through the Hardware object (`hw.pixels`), never keep them: a retry replaces them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from companion.gamedata.config import HAL_BACKENDS, panel_width
from companion.gamedata.config import choose_backend as config_rule
from companion.hal.base import (
    NOT_CONFIGURED,
    Buttons,
    CardReader,
    NoButtons,
    NoPanel,
    NoPixels,
    NoReader,
    Panel,
    Part,
    Pixels,
    StripPixels,
    quiet_close,
    unavailable,
)
from companion.hal.clock import Clock, FakeClock, MonotonicClock
from companion.hal.layout import PixelLayout
from companion.inputs import DeviceStatus, VButton

__all__ = [
    "BACKENDS",
    "Buttons",
    "CardReader",
    "Clock",
    "FakeClock",
    "Hardware",
    "MonotonicClock",
    "Panel",
    "Part",
    "Pixels",
    "PixelLayout",
    "StripPixels",
    "choose_backend",
    "open_hardware",
    "panel_width",
]

BACKENDS = tuple(b for b in HAL_BACKENDS if b != "auto")  # ("mock", "sim", "pi")
RETRY_FIRST_S = 1.0  # first retry of a missing part after this long, then doubling
RETRY_MAX_S = 60.0


class Hardware:
    """The board: `pixels`, `buttons`, `reader`, `clock`, and `panel`, what the backend shows of itself
    in the window (`companion.hal.base.Panel`: the simulated board for `sim`, `NoPanel` for the others).

    `openers` make each part (raising on failure); `fallbacks` make the stub that stands in with the
    reason. Use it as a context manager: `close()` blanks the strip and is idempotent.
    """

    def __init__(
        self,
        backend: str,
        clock: Clock,
        layout: PixelLayout,
        openers: Mapping[Part, Callable[[], object]],
        fallbacks: Mapping[Part, Callable[[str], object]],
        why: str = "",
    ):
        self.backend = backend
        self.why = why
        self.clock = clock
        self.layout = layout
        self.panel: Panel = NoPanel()  # the simulated board for `sim` (open_hardware sets it)
        self._openers = dict(openers)
        self._fallbacks = dict(fallbacks)
        self._parts: dict[Part, object] = {}
        self._delay = {p: RETRY_FIRST_S for p in Part}
        self._next_try = {p: 0.0 for p in Part}
        self._closed = False
        for part in Part:
            self._parts[part] = self._open(part)
            if not self._parts[part].status[0]:
                self._next_try[part] = clock.now() + RETRY_FIRST_S

    @property
    def pixels(self) -> Pixels:
        """The LED board (a stub if missing)."""
        return self._parts[Part.LEDS]

    @property
    def buttons(self) -> Buttons:
        """The push buttons (a stub if missing)."""
        return self._parts[Part.BUTTONS]

    @property
    def reader(self) -> CardReader:
        """The card reader (a stub if missing or not configured)."""
        return self._parts[Part.READER]

    def status(self) -> dict[str, tuple[bool, str]]:
        """Part name (`leds`, `buttons`, `reader`) -> (ok, why)."""
        return {p.value: self._parts[p].status for p in Part}

    def retry(self, part: Part | str, force: bool = False) -> bool:
        """Reopen a degraded part if its back-off has passed (or `force`); True if it works now."""
        part = Part(part)
        if self._closed:
            return False
        if self._parts[part].status[0]:
            return True
        now = self.clock.now()
        if not force and now < self._next_try[part]:
            return False
        quiet_close(self._parts[part])
        self._parts[part] = self._open(part)
        ok = self._parts[part].status[0]
        self._delay[part] = RETRY_FIRST_S if ok else min(self._delay[part] * 2, RETRY_MAX_S)
        self._next_try[part] = now + self._delay[part]
        return ok

    def next_retry(self, part: Part | str) -> float:
        """Clock time from which `retry(part)` will really try again."""
        return self._next_try[Part(part)]

    def retry_due(self) -> list[DeviceStatus]:
        """Retry every degraded part whose back-off has passed; report the ones that changed."""
        changes = []
        for part in Part:
            before = self._parts[part].status
            if before[0] or (part is Part.READER and not isinstance(self._parts[part], NoReader)):
                continue  # a real reader reconnects by itself, with its own back-off
            self.retry(part)
            after = self._parts[part].status
            if after != before:
                changes.append(DeviceStatus(part.value, after[0], after[1], self.clock.now()))
        return changes

    def close(self) -> None:
        """Blank the strip and release every part. Idempotent."""
        if self._closed:
            return
        self._closed = True
        for part in Part:
            quiet_close(self._parts[part])

    def __enter__(self) -> Hardware:
        """Context manager: close on exit."""
        return self

    def __exit__(self, *exc) -> None:
        """Close (and blank) on leaving the block."""
        self.close()

    def _open(self, part: Part):
        """Open `part`, or its stub saying why not. Never raises for missing hardware."""
        try:
            return self._openers[part]()
        except Exception as exc:  # bring-up fails in many library-specific ways: all become a status
            return self._fallbacks[part](unavailable(part, exc))


def choose_backend(
    explicit: str | None, configured: str = "auto", env: Mapping[str, str] | None = None, probe=None
) -> tuple[str, str]:
    """(backend, why): the config's rule (`companion.gamedata.config.choose_backend`, told in this
    module's docstring) with this machine's probe (`probe`, or the real one) for auto-detection."""
    machine = probe

    def is_pi() -> bool:  # the probe is loaded only when nothing names a backend (a start's ~1.6 ms)
        nonlocal machine
        if machine is None:
            from companion.hal.pi import SystemProbe

            machine = SystemProbe()
        return machine.is_pi()

    name, why = config_rule(explicit, configured, env, is_pi)
    missing = (
        machine.missing_devices() if machine is not None and name == "pi" and why.startswith("auto") else []
    )
    if missing:
        why += f", but {' and '.join(missing)} missing"
    return name, why


def open_hardware(
    config,
    backend: str | None = None,
    clock: Clock | None = None,
    *,
    probe=None,
    importer=None,
    pin_factory=None,
    env: Mapping[str, str] | None = None,
) -> Hardware:
    """The board described by `config` on the chosen backend (see the module doc).

    `clock` defaults to a FakeClock for `mock` (tests) and the monotonic clock otherwise; a process
    that really runs passes the monotonic clock whatever the backend (`companion run` does), or its
    loop never sleeps. `probe`,
    `importer` and `pin_factory` replace the machine, the hardware libraries and gpiozero's pin
    factory (tests); `env` replaces os.environ.
    """
    name, why = choose_backend(backend, config.hal, env, probe)
    if clock is None:
        clock = FakeClock() if name == "mock" else MonotonicClock()
    layout = PixelLayout.from_config(config.leds)
    pins = {VButton(k): v for k, v in config.buttons.pins.items()}
    fallbacks = {
        Part.LEDS: lambda why_: NoPixels(layout, why_),
        Part.BUTTONS: lambda why_: NoButtons(pins, why_),
        Part.READER: lambda why_: NoReader(why_),
    }
    openers = _openers(name, config, layout, pins, clock, probe, importer, pin_factory)
    hw = Hardware(name, clock, layout, openers, fallbacks, why)
    if name == "sim":
        from companion.hal.sim import SimBoard

        hw.panel = SimBoard(
            layout,
            lambda: hw.pixels,
            lambda: hw.buttons,
            clock,
            eye_gamma=config.leds.gamma,
            width=panel_width(name, config),
            reader=lambda: hw.reader,
        )
    return hw


def _openers(name, config, layout, pins, clock, probe, importer, pin_factory) -> dict:
    """Part -> function that opens it on backend `name`."""
    from companion.hal.mock import MockButtons, MockPixels, MockReader

    b = config.buttons
    if name in ("mock", "sim"):
        reader = (
            (lambda: MockReader(clock))
            if name == "mock" or config.reader.type == "none"
            else (lambda: open_configured_reader(config, clock))
        )
        if config.reader.type == "camera" and (name == "mock" or config.camera.device == "mock"):
            reader = lambda: open_mock_camera(config, clock)  # noqa: E731
        return {
            Part.LEDS: lambda: MockPixels(layout),
            Part.BUTTONS: lambda: MockButtons(pins, b.debounce_ms, b.long_press_ms),
            Part.READER: reader,
        }
    from companion.hal.pi import open_gpio_buttons, open_pi_pixels

    return {
        Part.LEDS: lambda: open_pi_pixels(config.leds, probe, importer),
        Part.BUTTONS: lambda: open_gpio_buttons(b, clock, pin_factory, importer, probe),
        Part.READER: lambda: open_configured_reader(config, clock),
    }


def open_mock_camera(config, clock: Clock) -> CardReader:
    """The camera reader over `MockFrames` (its `source.show(photo)` lays a card on the spot; in the
    simulator, a photo dropped on the window), reading in the loop's thread so tests see a read in the
    frame it happens; a stub without OpenCV."""
    try:
        from companion.hal.camera import MockFrames, open_camera_reader

        return open_camera_reader(config, clock, MockFrames(), threaded=False)
    except ImportError as exc:
        return NoReader(f"camera reader not available: OpenCV missing: {exc}")


def open_configured_reader(config, clock: Clock) -> CardReader:
    """The reader from `[reader]` through companion.hal.reader, or a stub saying why there is none.

    That reader opens its port on its first poll and retries with its own back-off.
    """
    if config.reader.type == "none":
        return NoReader(NOT_CONFIGURED, ok=True)
    if config.reader.type == "camera":
        try:
            from companion.hal.camera import open_camera_reader

            return open_camera_reader(config, clock)
        except ImportError as exc:
            return NoReader(
                f"camera reader not available: OpenCV missing (pip install "
                f"'nightwatch-companion[camera]'): {exc}"
            )
    try:
        from companion.hal.reader import open_reader
    except ImportError as exc:
        return NoReader(f"no reader: companion.hal.reader cannot be loaded ({exc})")
    return open_reader(config.reader, clock)
