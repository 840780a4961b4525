"""One HAL contract, every backend: mock, sim, and the pi backend (spi, pwm, pi5pio drivers) with fake
Adafruit modules and gpiozero's MockFactory. The `pi-real` variant uses the real libraries when run
on a Raspberry Pi with COMPANION_TEST_HW=1 (and skips on a Pi without it); on a PC it runs with fakes.
"""

import os
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from gpiozero.pins.mock import MockFactory

from companion.gamedata import config
from companion.hal import open_hardware
from companion.hal.base import Buttons, Pixels
from companion.hal.clock import FakeClock
from companion.hal.layout import TEST_PATTERN, decode
from companion.hal.pi import SystemProbe
from companion.inputs import Press, VButton

from . import FakeLibs, pi_root

BACKENDS = ["mock", "sim", "pi-spi", "pi-pwm", "pi-pi5pio", "pi-real"]
PWM_STRIP = '[[leds.strips]]\nname = "main"\npin = "GPIO18"\ncount = 89\n'


@dataclass
class Rig:
    """A board on one backend plus the test's hands and eyes on it."""

    hw: object
    cfg: object
    wire: Callable[[], bytes | None]  # last bytes strip "main" got (None: cannot be read back)
    press: Callable  # press(button, at, duration)


def _fake_pi(tmp_path, driver: str) -> Rig:
    """The pi backend on a PC: fake device tree, fake driver modules, gpiozero mock pins."""
    text = f'[leds]\ndriver = "{driver}"\n' + (PWM_STRIP if driver == "pwm" else "")
    cfg = config.loads(text)
    model, devices, euid = {
        "spi": ("4", ("spidev0.0", "gpiochip0"), 1000),
        "pwm": ("4", ("gpiochip0",), 0),
        "pi5pio": ("5", ("pio0", "gpiochip0"), 1000),
    }[driver]
    libs, factory, clock = FakeLibs(), MockFactory(), FakeClock()
    hw = open_hardware(
        cfg,
        "pi",
        clock,
        probe=SystemProbe(pi_root(tmp_path, model, devices), euid),
        importer=libs.importer,
        pin_factory=factory,
    )

    def wire():
        if driver == "pi5pio":
            return libs.pio_writes[-1][1] if libs.pio_writes else bytes(89 * 3)
        shown = libs.devices[0].shown
        return shown[-1] if shown else bytes(89 * 3)

    def press(button, at, duration):
        pin = factory.pin(cfg.buttons.pins[button.value])
        clock.sleep_until(at)
        pin.drive_low()
        clock.sleep_until(at + duration)
        pin.drive_high()

    return Rig(hw, cfg, wire, press)


def _mock(backend: str) -> Rig:
    """The mock or sim backend."""
    cfg = config.default()
    hw = open_hardware(cfg, backend, FakeClock())

    def wire():
        return hw.pixels.wire[-1]["main"] if hw.pixels.wire else bytes(89 * 3)

    return Rig(hw, cfg, wire, lambda b, at, d: hw.buttons.press(b, at, d))


def _real_pi(tmp_path) -> Rig:
    """Real libraries on a real Pi (opt-in), else the fake spi rig."""
    if not SystemProbe().is_pi():
        return _fake_pi(tmp_path, "spi")
    if not os.environ.get("COMPANION_TEST_HW"):
        pytest.skip("on a Raspberry Pi without the test rig: set COMPANION_TEST_HW=1 to drive the real board")
    cfg = config.load()
    hw = open_hardware(cfg, "pi")

    def press(*_):
        pytest.skip("pressing real buttons needs a person (use `companion hw-test`)")

    return Rig(hw, cfg, lambda: None, press)


@pytest.fixture(params=BACKENDS)
def rig(request, tmp_path):
    """A freshly opened board on each backend, closed afterwards."""
    name = request.param
    if name in ("mock", "sim"):
        r = _mock(name)
    elif name == "pi-real":
        r = _real_pi(tmp_path)
    else:
        r = _fake_pi(tmp_path, name.removeprefix("pi-"))
    yield r
    r.hw.close()


def _pixels(rig):
    data = rig.wire()
    return None if data is None else decode(data, rig.cfg.leds.order)


def test_contract_parts_are_up_and_fit_the_protocols(rig):
    status = rig.hw.status()
    assert status["leds"][0], status
    assert status["buttons"][0], status
    assert isinstance(rig.hw.pixels, Pixels) and isinstance(rig.hw.buttons, Buttons)


def test_contract_counts_match_the_config(rig):
    assert rig.hw.pixels.counts() == {k: m.count for k, m in rig.cfg.leds.lights.items()}


def test_contract_show_puts_each_light_on_its_pixels(rig):
    rig.hw.pixels.show({"district.A1": [(200, 0, 0)] * 9, "district.B1": [(0, 0, 0)] * 8 + [(0, 50, 0)]})
    px = _pixels(rig)
    if px is None:
        assert rig.hw.pixels.status[0]
        return
    assert px[0:9] == [(200, 0, 0)] * 9
    assert px[27] == (0, 50, 0)  # B1 runs reversed: its last pixel is the strip's 27th
    assert px[9:27] == [(0, 0, 0)] * 18


def test_contract_test_pattern_is_red_green_blue(rig):
    rig.hw.pixels.test_pattern()
    px = _pixels(rig)
    assert px is None or px[:3] == list(TEST_PATTERN)


def test_contract_bad_frame_raises_and_pushes_nothing(rig):
    rig.hw.pixels.show({"status": [(1, 2, 3)]})
    before = rig.wire()
    with pytest.raises(ValueError):
        rig.hw.pixels.show({"status": [(1, 2, 3)], "district.A1": [(0, 0, 0)]})
    assert rig.wire() == before


def test_contract_close_blanks_and_is_idempotent(rig):
    rig.hw.pixels.show({"status": [(255, 255, 255)]})
    rig.hw.close()
    rig.hw.close()
    px = _pixels(rig)
    assert px is None or px == [(0, 0, 0)] * 89
    assert rig.hw.pixels.status[0] is False
    rig.hw.pixels.show({"status": [(9, 9, 9)]})  # after close: ignored, not an error
    assert px is None or _pixels(rig) == [(0, 0, 0)] * 89


def test_contract_short_press_gives_down_up_short(rig):
    rig.press(VButton.CONFIRM, 1.0, 0.2)
    events = rig.hw.buttons.poll(5.0)
    assert [(e.button, e.kind) for e in events] == [
        (VButton.CONFIRM, Press.DOWN),
        (VButton.CONFIRM, Press.UP),
        (VButton.CONFIRM, Press.SHORT),
    ]
    assert events[1].t - events[0].t == pytest.approx(0.2)


def test_contract_long_press_fires_long_once_and_no_short(rig):
    rig.press(VButton.UNDO, 1.0, 2.0)
    kinds = [e.kind for e in rig.hw.buttons.poll(10.0)]
    assert kinds == [Press.DOWN, Press.LONG, Press.UP]


def test_contract_district_buttons_are_logical(rig):
    rig.press(VButton.DISTRICT_B2, 1.0, 0.1)
    assert {e.button for e in rig.hw.buttons.poll(5.0)} == {VButton.DISTRICT_B2}


def test_contract_context_manager_closes(rig):
    with rig.hw as hw:
        pass
    assert hw.pixels.status[0] is False
