"""The real Raspberry Pi backend: WS2812 strips through Adafruit's drivers, buttons through gpiozero.

Hardware libraries are imported inside functions only, through an `importer` that tests replace
with fake modules, so `import companion.hal.pi` works on any PC. On a PC those libraries fail in
many ways (`import neopixel` -> NotImplementedError, `board.SPI` -> AttributeError, `RPi.GPIO` ->
RuntimeError, gpiozero -> BadPinFactory...): every one becomes a single HardwareUnavailable that
says what is missing and how to fix it.

LED drivers (`leds.driver`): `spi` (neopixel_spi on GPIO10, no root, every Pi), `pwm` (neopixel /
rpi_ws281x on GPIO18, root, not on a Pi 5), `pi5pio` (the Pi 5 PIO through
adafruit_raspberry_pi5_neopixel_write, any pin). Colour order is applied by our own pure code
(`layout.encode`): the Adafruit drivers are created with the identity order (RGB or RGBW), so they
clock our bytes out unchanged.

Every driver loads its modules through `load_led_stack` (LED_STACK names them), and so does
`companion doctor`: what doctor checks is what the app imports. Blinka 10 imports `gpiod` for every
Raspberry Pi board without declaring it; `PIP_REQUIREMENTS` says which pip requirement (the same pin
as pyproject's `[pi]` extra) brings each module, so a missing one is named with its install command.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from types import ModuleType

from companion.errors import HardwareUnavailable, describe
from companion.gamedata.config import ButtonConfig, LedConfig, Strip
from companion.hal.base import NoPixels, Part, StripPixels, quiet_close
from companion.hal.buttons import EdgeButtons
from companion.hal.clock import Clock
from companion.hal.layout import PixelLayout
from companion.inputs import VButton

Importer = Callable[[str], ModuleType]

SPIDEV = "/dev/spidev0.0"
PIO = "/dev/pio0"
GPIOCHIP = "/dev/gpiochip0"
COMPATIBLE = "/proc/device-tree/compatible"
# The device tree's `compatible` file somewhere else (a container, a test of the Pi paths off a Pi):
# read by the app, doctor, systemd/install.sh and the Makefile (PI_DT), one name for all (issue #36).
DEVICE_TREE_ENV = "COMPANION_DEVICE_TREE"
IDENTITY_ORDER = {3: "RGB", 4: "RGBW"}  # the driver must not reorder: our bytes are already in order
LED = Part.LEDS.label


@dataclass
class SystemProbe:
    """What this machine is: read from files under `root` (tests point it at a temporary tree).

    `euid` None means the real effective user id.
    """

    root: str = "/"
    euid: int | None = None
    env: Mapping[str, str] | None = None  # None: os.environ

    def path(self, p: str) -> Path:
        """`p` (an absolute path) under the probe's root."""
        return Path(self.root) / p.lstrip("/")

    def device_tree_file(self) -> Path:
        """The device tree's `compatible` file: $COMPANION_DEVICE_TREE on the real machine (root /) when
        set, else /proc/device-tree/compatible under the root (a re-rooted probe is a test's machine)."""
        env = os.environ if self.env is None else self.env
        given = env.get(DEVICE_TREE_ENV) if Path(self.root) == Path("/") else None
        return Path(given) if given else self.path(COMPATIBLE)

    def device_tree(self, name: str) -> str | None:
        """The text of the device tree's file `name` ("model", "compatible"; NULs as spaces, stripped),
        from the folder of `device_tree_file`; None when it cannot be read."""
        try:
            raw = self.device_tree_file().with_name(name).read_bytes()
        except OSError:
            return None
        return " ".join(p for p in raw.decode("utf-8", "replace").split("\0") if p).strip()

    def has(self, p: str) -> bool:
        """Whether the device or file `p` exists."""
        return self.path(p).exists()

    def compatible(self) -> str:
        """The device tree's `compatible` strings joined by spaces ('' when there is none)."""
        return self.device_tree("compatible") or ""

    def is_pi(self) -> bool:
        """A Raspberry Pi (its device tree says `raspberrypi`)."""
        return "raspberrypi" in self.compatible()

    def is_pi5(self) -> bool:
        """A Pi 5 (its SoC is the BCM2712)."""
        return "bcm2712" in self.compatible()

    def is_root(self) -> bool:
        """Running as root (the pwm driver needs it)."""
        euid = os.geteuid() if self.euid is None else self.euid
        return euid == 0

    def pi_hardware_present(self) -> bool:
        """A Pi whose GPIO or LED devices are there."""
        return self.is_pi() and any(self.has(p) for p in (GPIOCHIP, SPIDEV, PIO))

    def missing_devices(self) -> list[str]:
        """The Pi's devices the board needs and this machine lacks: /dev/gpiochip0 (buttons) and
        /dev/spidev0.0 (LEDs; a Pi 5 with /dev/pio0 does without it). Empty when all are there."""
        missing = [] if self.has(GPIOCHIP) else [GPIOCHIP]
        if not self.has(SPIDEV) and not (self.is_pi5() and self.has(PIO)):
            missing.append(SPIDEV)
        return missing


def choose_led_driver(requested: str, probe: SystemProbe) -> tuple[str, str]:
    """(driver, why) for `leds.driver`; HardwareUnavailable says what is missing and the fix."""
    if requested in ("mock", "none"):
        return requested, f"leds.driver = {requested}"
    if not probe.is_pi():
        raise HardwareUnavailable(LED, f"not a Raspberry Pi ({COMPATIBLE} does not name raspberrypi)")
    if requested == "auto":
        return _auto_driver(probe)
    if requested == "spi" and not probe.has(SPIDEV):
        raise HardwareUnavailable(LED, f"{SPIDEV} missing — enable SPI (dtparam=spi=on) and reboot")
    if requested == "pi5pio":
        if not probe.is_pi5():
            raise HardwareUnavailable(LED, "the pi5pio driver needs a Raspberry Pi 5")
        if not probe.has(PIO):
            raise HardwareUnavailable(LED, f"{PIO} missing — update Raspberry Pi OS (the Pi 5 PIO driver)")
    if requested == "pwm":
        _check_pwm(probe)
    return requested, f"leds.driver = {requested}"


def _auto_driver(probe: SystemProbe) -> tuple[str, str]:
    """spi first (no root, every Pi), then the Pi 5 PIO, then pwm only as root (hardware/README.md)."""
    if probe.has(SPIDEV):
        return "spi", f"auto: {SPIDEV} present"
    if probe.is_pi5() and probe.has(PIO):
        return "pi5pio", f"auto: Pi 5 with {PIO}, no SPI"
    if not probe.is_pi5() and probe.is_root():
        return "pwm", "auto: no SPI, running as root"
    raise HardwareUnavailable(LED, f"{SPIDEV} missing — enable SPI (dtparam=spi=on) and reboot")


def _check_pwm(probe: SystemProbe) -> None:
    """The pwm driver's two preconditions."""
    if probe.is_pi5():
        raise HardwareUnavailable(LED, "the pwm driver does not work on a Pi 5 — use spi (GPIO10) or pi5pio")
    if not probe.is_root():
        raise HardwareUnavailable(LED, "the pwm driver (GPIO18) needs root — use spi (GPIO10) instead")


# What each driver imports, in order: `board` (Blinka: pin map, gpiod), then the driver's own modules.
# spi: busio and Adafruit_PureIO.spi are what board.SPI() loads on Linux (kept explicit for doctor).
# pwm: neopixel imports digitalio (gpiod) and neopixel_write, which loads _rpi_ws281x on a Pi <= 4.
LED_STACK = {
    "spi": ("board", "busio", "Adafruit_PureIO.spi", "neopixel_spi"),
    "pwm": ("board", "digitalio", "neopixel"),
    "pi5pio": ("board", "adafruit_raspberry_pi5_neopixel_write"),
}
# Top-level module -> the pip requirement that brings it (the pins of pyproject.toml's [pi] extra).
PIP_REQUIREMENTS = {
    "board": "adafruit-blinka>=10",
    "busio": "adafruit-blinka>=10",
    "digitalio": "adafruit-blinka>=10",
    "microcontroller": "adafruit-blinka>=10",
    "neopixel_write": "adafruit-blinka>=10",
    "adafruit_blinka": "adafruit-blinka>=10",
    "adafruit_platformdetect": "adafruit-platformdetect",
    "Adafruit_PureIO": "adafruit-pureio",
    "gpiod": "gpiod>=2.2.2,<3",
    "neopixel_spi": "adafruit-circuitpython-neopixel-spi>=1.0.16",
    "neopixel": "adafruit-circuitpython-neopixel>=6.3.16",
    "adafruit_pixelbuf": "adafruit-circuitpython-pixelbuf",
    "adafruit_bus_device": "adafruit-circuitpython-busdevice",
    "_rpi_ws281x": "rpi_ws281x>=4.0.0",
    "rpi_ws281x": "rpi_ws281x>=4.0.0",
    "adafruit_raspberry_pi5_neopixel_write": "adafruit-blinka-raspberry-pi5-neopixel>=1.0.0rc2",
}


class LedStackError(Exception):
    """A module of the LED stack failed to import: `module` is the one missing (or failing)."""

    def __init__(self, driver: str, wanted: str, module: str, missing: bool, exc: BaseException):
        self.driver, self.wanted, self.module, self.missing = driver, wanted, module, missing
        self.requirement = PIP_REQUIREMENTS.get(module.split(".")[0], "")
        what = f"module {module!r} is not installed" if missing else describe(exc)
        via = "" if module == wanted else f" (needed by {wanted})"
        self.why = f"{what}{via}"
        text = self.why + (f" — install it: {self.fix()}" if missing and self.requirement else "")
        super().__init__(text)

    def fix(self, pip: str | None = None) -> str:
        """The pip command that installs the missing module into `pip`'s environment (this one by default)."""
        pip = pip or f"{sys.executable} -m pip"
        if self.missing and self.requirement:
            return f"{pip} install '{self.requirement}'"
        return f"{pip} install --upgrade adafruit-blinka adafruit-platformdetect"


def load_led_stack(driver: str, importer: Importer | None = None) -> dict[str, ModuleType]:
    """Import every module `driver` needs (LED_STACK), by name; LedStackError says which is missing.

    Blinka is told not to offer a pip install (it would wait for an answer on a terminal).
    """
    importer = importer or importlib.import_module
    os.environ.setdefault("BLINKA_SKIP_DEPENDENCY_CHECK", "1")
    mods = {}
    for name in LED_STACK[driver]:
        try:
            mods[name] = importer(name)
        except Exception as exc:  # ImportError, or Blinka's RuntimeError/NotImplementedError (module doc)
            missing = _missing_module(exc)
            raise LedStackError(driver, name, missing or name, missing is not None, exc) from exc
    return mods


def _missing_module(exc: BaseException) -> str | None:
    """The module a ModuleNotFoundError in `exc`'s chain names (Blinka wraps it in a RuntimeError)."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, ModuleNotFoundError) and exc.name:
            return exc.name
        exc = exc.__cause__ or exc.__context__
    return None


def gpio_number(pin: str) -> int:
    """`"GPIO18"` -> 18; HardwareUnavailable for names the LED drivers cannot use."""
    m = re.fullmatch(r"GPIO(\d+)", pin.strip().upper())
    if not m:
        raise HardwareUnavailable(LED, f"LED pin must be a GPIO name such as GPIO10, got {pin!r}")
    return int(m.group(1))


class _PixelbufWriter:
    """What the Adafruit Pixelbuf drivers (SPI and PWM) share: fill the buffer, show once, deinit."""

    _dev = None
    bpp = 3

    def write(self, data: bytes) -> None:
        """Put the bytes in the driver's buffer and send them once."""
        _fill(self._dev, data, self.bpp)
        self._dev.show()

    def close(self) -> None:
        """Let the driver blank the strip and release it."""
        self._dev.deinit()


class SpiWriter(_PixelbufWriter):
    """One strip on SPI0 MOSI (GPIO10) through `neopixel_spi.NeoPixel_SPI`."""

    def __init__(self, strip: Strip, bpp: int, importer: Importer):
        if gpio_number(strip.pin) != 10:
            raise HardwareUnavailable(
                LED, f"the spi driver drives GPIO10 (SPI MOSI) only; strip {strip.name!r} is on {strip.pin}"
            )
        mods = load_led_stack("spi", importer)
        self.bpp = bpp
        self._dev = mods["neopixel_spi"].NeoPixel_SPI(
            mods["board"].SPI(),
            strip.count,
            pixel_order=IDENTITY_ORDER[bpp],
            auto_write=False,
            brightness=1.0,
        )


class PwmWriter(_PixelbufWriter):
    """One strip on a PWM pin (GPIO18) through `neopixel.NeoPixel` (rpi_ws281x, needs root)."""

    def __init__(self, strip: Strip, bpp: int, importer: Importer):
        n = gpio_number(strip.pin)
        mods = load_led_stack("pwm", importer)
        self.bpp = bpp
        pin = getattr(mods["board"], f"D{n}")
        self._dev = mods["neopixel"].NeoPixel(
            pin, strip.count, bpp=bpp, pixel_order=IDENTITY_ORDER[bpp], auto_write=False, brightness=1.0
        )


class Pi5PioWriter:
    """One strip on any pin of a Pi 5 through its PIO: `neopixel_write(board.Dn, bytes)`."""

    def __init__(self, strip: Strip, bpp: int, importer: Importer):
        n = gpio_number(strip.pin)
        mods = load_led_stack("pi5pio", importer)
        self._lib = mods["adafruit_raspberry_pi5_neopixel_write"]
        self._pin = getattr(mods["board"], f"D{n}")

    def write(self, data: bytes) -> None:
        """Send the bytes as they are (they are already in wire order)."""
        self._lib.neopixel_write(self._pin, data)

    def close(self) -> None:
        """Give the PIO state machines back (safe to call more than once)."""
        self._lib.free_pio()


WRITERS = {"spi": SpiWriter, "pwm": PwmWriter, "pi5pio": Pi5PioWriter}


class PiPixels(StripPixels):
    """Real strips: each strip's bytes go to its writer once per frame."""

    def __init__(self, layout: PixelLayout, driver: str, writers: dict, why: str = ""):
        super().__init__(layout)
        self.driver = driver
        self.why = why
        self._writers = writers

    def describe(self) -> str:
        """Driver, why it was chosen and the strips it drives."""
        strips = ", ".join(
            f"{s.name} on {s.pin} ({s.count} px, {self.layout.order})" for s in self.layout.strips
        )
        return f"{self.driver} ({self.why}): {strips}"

    def _transmit(self, strip: str, data: bytes) -> None:
        """Hand the bytes to the strip's writer."""
        self._writers[strip].write(data)

    def _release(self) -> None:
        """Close every writer, even if one fails."""
        for w in self._writers.values():
            quiet_close(w)


def open_pi_pixels(leds: LedConfig, probe: SystemProbe | None = None, importer: Importer | None = None):
    """The configured LED strips on this Pi; HardwareUnavailable if they cannot be driven."""
    probe = probe or SystemProbe()
    importer = importer or importlib.import_module
    layout = PixelLayout.from_config(leds)
    driver, why = choose_led_driver(leds.driver, probe)
    if driver == "mock":
        from companion.hal.mock import MockPixels

        return MockPixels(layout)
    if driver == "none":
        return NoPixels(layout, "LEDs turned off (leds.driver = none)", ok=True)
    writers: dict = {}
    try:
        for s in layout.strips:
            writers[s.name] = WRITERS[driver](s, layout.bpp, importer)
    except Exception as exc:  # any way a driver fails to start (see module doc) is one clear status
        for w in writers.values():
            quiet_close(w)
        if isinstance(exc, HardwareUnavailable):
            raise
        if isinstance(exc, LedStackError):
            raise HardwareUnavailable(LED, f"{driver} driver failed to start: {exc}") from exc
        raise HardwareUnavailable(LED, f"{driver} driver failed to start: {describe(exc)}") from exc
    return PiPixels(layout, driver, writers, why)


def open_gpio_buttons(
    cfg: ButtonConfig,
    clock: Clock,
    pin_factory=None,
    importer: Importer | None = None,
    probe: SystemProbe | None = None,
) -> GpioButtons:
    """The buttons on a Pi; HardwareUnavailable naming /dev/gpiochip0 when the machine has no GPIO
    device (a container, a unit with PrivateDevices=yes), rather than gpiozero's own words. A test's
    `pin_factory` needs no device."""
    probe = probe or SystemProbe()
    if pin_factory is None and probe.is_pi() and not probe.has(GPIOCHIP):
        raise HardwareUnavailable(
            "buttons",
            f"{GPIOCHIP} missing: no GPIO device here (a container, or the service's PrivateDevices=yes?)",
        )
    return GpioButtons(cfg, clock, pin_factory, importer)


class GpioButtons(EdgeButtons):
    """Push buttons to ground on GPIO pins, read by gpiozero with its internal pull-ups.

    gpiozero's callbacks run on its own thread (or the caller's, for MockPin): they only enqueue a
    raw edge stamped with `clock.now()`. Debounce and long press happen in `poll` (see buttons.py).
    Each pin is a `DigitalInputDevice` (what `Button` is, minus its hold thread: gpiozero starts one
    thread per Button for `when_held`, which we never use since long press is ours, and joining 14
    of them at shutdown takes over a second).
    `pin_factory` None lets gpiozero choose (lgpio on a Pi 5); tests pass a MockFactory.
    """

    def __init__(self, cfg: ButtonConfig, clock: Clock, pin_factory=None, importer: Importer | None = None):
        pins = {VButton(k): v for k, v in cfg.pins.items()}
        super().__init__(pins, cfg.debounce_ms, cfg.long_press_ms)
        self._clock = clock
        self._devices: dict = {}  # keep references: a collected gpiozero device closes its pin
        self._failed: dict[VButton, str] = {}
        try:
            gpiozero = (importer or importlib.import_module)("gpiozero")
        except Exception as exc:  # ImportError, or whatever a broken install raises
            raise HardwareUnavailable("buttons", f"gpiozero cannot be loaded: {describe(exc)}") from exc
        with warnings.catch_warnings():  # pin-factory fallback warnings end up in our status line
            warnings.simplefilter("ignore")
            for vb, pin in pins.items():
                self._open_one(gpiozero, vb, pin, pin_factory)
        if pins and not self._devices:
            first = next(iter(self._failed.values()))
            raise HardwareUnavailable("buttons", f"no button pin could be opened: {first}")

    def _open_one(self, gpiozero, vb: VButton, pin: str, pin_factory) -> None:
        """Open one button and wire its callbacks; a failure is remembered, not raised."""
        try:
            dev = gpiozero.DigitalInputDevice(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
            dev.when_activated = partial(self._on_edge, vb, True)
            dev.when_deactivated = partial(self._on_edge, vb, False)
        except Exception as exc:  # gpiozero fails with many types; one status line says which pin
            self._failed[vb] = f"{vb.value} on {pin}: {describe(exc)}"
            return
        self._devices[vb] = dev

    def _on_edge(self, button: VButton, pressed: bool) -> None:
        """gpiozero callback: stamp and enqueue the edge, nothing else (it may run on another thread)."""
        self.edge(button, pressed, self._clock.now(), "gpio")

    def pin_factory_name(self) -> str:
        """The gpiozero pin factory in use, e.g. LGPIOFactory."""
        for dev in self._devices.values():
            return type(dev.pin_factory).__name__
        return "none"

    def describe(self) -> str:
        """Pin factory and how many buttons are wired."""
        return f"gpiozero {self.pin_factory_name()}: {len(self._devices)} of {len(self._pins)} buttons"

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why): not ok if closed or if any configured pin failed to open."""
        if self._closed:
            return (False, "closed")
        if self._failed:
            return (False, "buttons not available: " + "; ".join(self._failed.values()))
        return (True, self.describe())

    def close(self) -> None:
        """Close every gpiozero device. Idempotent."""
        if self._closed:
            return
        super().close()
        for dev in self._devices.values():
            quiet_close(dev)
        self._devices.clear()


def _fill(dev, data: bytes, bpp: int) -> None:
    """Write wire bytes into an Adafruit PixelBuf created with the identity order."""
    dev[0 : len(data) // bpp] = [tuple(data[k : k + bpp]) for k in range(0, len(data), bpp)]
