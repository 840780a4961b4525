"""The real Pi backend, driven on a PC through fake Adafruit modules and gpiozero's MockFactory."""

import pytest
from gpiozero.pins.mock import MockFactory

from companion.errors import HardwareUnavailable
from companion.gamedata import config
from companion.hal.clock import FakeClock
from companion.hal.layout import encode
from companion.hal.mock import MockPixels
from companion.hal.pi import GpioButtons, PiPixels, SystemProbe, choose_led_driver, open_pi_pixels
from companion.inputs import Press, VButton

from . import FakeLibs, pi_root


def _leds(**changes):
    text = "[leds]\n" + "".join(f'{k} = "{v}"\n' for k, v in changes.items())
    return config.loads(text).leds


def _probe(tmp_path, model="4", devices=("spidev0.0", "gpiochip0"), euid=1000):
    return SystemProbe(pi_root(tmp_path, model, devices), euid)


# --- driver choice ---------------------------------------------------------------------------------


def test_probe_reads_the_device_tree(tmp_path):
    p = _probe(tmp_path, model="5")
    assert p.is_pi() and p.is_pi5()
    assert "raspberrypi,5-model-b" in p.compatible()


def test_probe_on_a_pc_is_not_a_pi(tmp_path):
    p = SystemProbe(str(tmp_path))
    assert not p.is_pi() and p.compatible() == "" and not p.pi_hardware_present()


def test_auto_prefers_spi_when_spidev_exists(tmp_path):
    assert choose_led_driver("auto", _probe(tmp_path, model="5", devices=("spidev0.0", "pio0")))[0] == "spi"


def test_auto_uses_pi5_pio_without_spi(tmp_path):
    assert choose_led_driver("auto", _probe(tmp_path, model="5", devices=("pio0",)))[0] == "pi5pio"


def test_auto_uses_pwm_only_as_root_on_older_pis(tmp_path):
    assert choose_led_driver("auto", _probe(tmp_path, devices=(), euid=0))[0] == "pwm"


def test_auto_without_spi_says_how_to_enable_it(tmp_path):
    with pytest.raises(HardwareUnavailable) as err:
        choose_led_driver("auto", _probe(tmp_path, devices=()))
    assert (
        str(err.value)
        == "LED strip not available: /dev/spidev0.0 missing — enable SPI (dtparam=spi=on) and reboot"
    )


@pytest.mark.parametrize(
    "driver, model, devices, euid, words",
    [
        ("spi", "4", (), 1000, "dtparam=spi=on"),
        ("pwm", "4", (), 1000, "needs root"),
        ("pwm", "5", (), 0, "does not work on a Pi 5"),
        ("pi5pio", "4", (), 0, "needs a Raspberry Pi 5"),
        ("pi5pio", "5", (), 0, "/dev/pio0 missing"),
    ],
)
def test_explicit_driver_that_cannot_work_says_why(tmp_path, driver, model, devices, euid, words):
    with pytest.raises(HardwareUnavailable) as err:
        choose_led_driver(driver, _probe(tmp_path, model, devices, euid))
    assert words in str(err.value)


def test_driver_on_a_pc_says_not_a_pi(tmp_path):
    with pytest.raises(HardwareUnavailable, match="not a Raspberry Pi"):
        choose_led_driver("spi", SystemProbe(str(tmp_path)))


# --- LED drivers through fake libraries -------------------------------------------------------------


def test_spi_driver_uses_neopixel_spi_with_identity_order_and_no_auto_write(tmp_path):
    libs = FakeLibs()
    px = open_pi_pixels(_leds(driver="spi"), _probe(tmp_path), libs.importer)
    assert isinstance(px, PiPixels) and px.driver == "spi"
    dev = libs.devices[0]
    assert (dev.spi, dev.n, dev.order, dev.auto_write, dev.brightness) == ("SPI0", 89, "RGB", False, 1.0)


def test_spi_driver_sends_our_grb_bytes_once_per_frame(tmp_path):
    libs = FakeLibs()
    px = open_pi_pixels(_leds(driver="spi", order="GRB"), _probe(tmp_path), libs.importer)
    px.show({"district.A1": [(255, 10, 0)] * 9})
    dev = libs.devices[0]
    assert len(dev.shown) == 1
    assert dev.shown[0][:27] == encode([(255, 10, 0)] * 9, "GRB")
    assert dev.shown[0][:3] == bytes([10, 255, 0])


def test_spi_driver_handles_grbw_strips_with_white_off(tmp_path):
    libs = FakeLibs()
    px = open_pi_pixels(_leds(driver="spi", order="GRBW"), _probe(tmp_path), libs.importer)
    px.show({"status": [(1, 2, 3)]})
    dev = libs.devices[0]
    assert dev.order == "RGBW"
    assert dev.shown[-1][88 * 4 :] == bytes([2, 1, 3, 0])


def test_spi_driver_refuses_a_strip_not_on_gpio10(tmp_path):
    leds = config.loads(
        '[[leds.strips]]\nname = "main"\npin = "GPIO18"\ncount = 89\n[leds]\ndriver = "spi"\n'
    ).leds
    with pytest.raises(HardwareUnavailable, match="GPIO10"):
        open_pi_pixels(leds, _probe(tmp_path), FakeLibs().importer)


def test_pwm_driver_uses_neopixel_on_the_strip_pin(tmp_path):
    libs = FakeLibs()
    leds = config.loads(
        '[[leds.strips]]\nname = "main"\npin = "GPIO18"\ncount = 89\n[leds]\ndriver = "pwm"\n'
    ).leds
    px = open_pi_pixels(leds, _probe(tmp_path, euid=0), libs.importer)
    px.show({"veil.0": [(0, 0, 9)]})
    dev = libs.devices[0]
    assert dev.pin.id == 18 and dev.auto_write is False
    assert dev.shown[-1][81 * 3 : 82 * 3] == bytes([0, 0, 9])


def test_pi5_pio_driver_writes_wire_bytes_to_the_pin_and_frees_the_pio(tmp_path):
    libs = FakeLibs()
    px = open_pi_pixels(_leds(driver="pi5pio"), _probe(tmp_path, model="5", devices=("pio0",)), libs.importer)
    px.show({"district.A1": [(7, 8, 9)] * 9})
    pin, data = libs.pio_writes[-1]
    assert pin == 10 and data[:3] == bytes([8, 7, 9]) and len(data) == 89 * 3
    px.close()
    assert libs.pio_writes[-1][1] == bytes(89 * 3)  # blanked before letting go
    assert libs.pio_freed == 1


def test_pi_pixels_test_pattern_reaches_the_driver(tmp_path):
    libs = FakeLibs()
    px = open_pi_pixels(_leds(driver="spi", order="GRB"), _probe(tmp_path), libs.importer)
    px.test_pattern()
    assert libs.devices[0].shown[-1][:9] == bytes([0, 128, 0, 128, 0, 0, 0, 0, 128])


def test_pi_pixels_close_blanks_then_deinits_once(tmp_path):
    libs = FakeLibs()
    px = open_pi_pixels(_leds(driver="spi"), _probe(tmp_path), libs.importer)
    px.show({"status": [(255, 255, 255)]})
    px.close()
    px.close()
    dev = libs.devices[0]
    assert dev.deinited and dev.shown[-1] == bytes(89 * 3)
    assert px.status == (False, "closed")


@pytest.mark.parametrize(
    "module, exc",
    [
        ("board", NotImplementedError("Board not supported")),
        ("neopixel_spi", ImportError("No module named 'neopixel_spi'")),
        ("board", RuntimeError("This module can only be run on a Raspberry Pi!")),
        ("board", OSError(2, "No such file or directory: '/dev/spidev0.0'")),
    ],
)
def test_library_failures_become_one_hardware_unavailable(tmp_path, module, exc):
    with pytest.raises(HardwareUnavailable) as err:
        open_pi_pixels(_leds(driver="spi"), _probe(tmp_path), FakeLibs(fail={module: exc}).importer)
    assert str(err.value).startswith("LED strip not available: spi driver failed to start")
    assert str(exc).splitlines()[0] in str(err.value)
    assert type(exc).__name__ not in str(err.value)  # said in words, never as a Python class name


def test_board_without_spi_attribute_becomes_hardware_unavailable(tmp_path):
    libs = FakeLibs()
    del libs.modules["board"].SPI  # what Blinka's board does on a PC
    with pytest.raises(HardwareUnavailable, match="SPI") as err:
        open_pi_pixels(_leds(driver="spi"), _probe(tmp_path), libs.importer)
    assert "AttributeError" not in str(err.value)


def test_write_failure_degrades_instead_of_crashing(tmp_path):
    libs = FakeLibs()
    px = open_pi_pixels(_leds(driver="spi"), _probe(tmp_path), libs.importer)

    def broken_show():
        raise OSError(5, "Input/output error")

    libs.devices[0].show = broken_show
    px.show({"status": [(1, 1, 1)]})
    ok, why = px.status
    assert not ok and "Input/output error" in why


def test_driver_mock_and_none_need_no_pi(tmp_path):
    probe = SystemProbe(str(tmp_path))
    assert isinstance(open_pi_pixels(_leds(driver="mock"), probe), MockPixels)
    none = open_pi_pixels(_leds(driver="none"), probe)
    assert none.status == (True, "LEDs turned off (leds.driver = none)")
    assert none.counts()["status"] == 1


# --- buttons through gpiozero's MockFactory ---------------------------------------------------------


def _gpio_buttons(pins=None, debounce_ms=30):
    """Buttons as a config names them (the two given, the others on their default pins), or, for pins
    a config refuses, as a board might still be given them (`pins` passed through unchecked)."""
    if pins is None:
        cfg = config.loads(
            f'[buttons]\ndebounce_ms = {debounce_ms}\n[buttons.pins]\nnext = "GPIO6"\nundo = "GPIO26"\n'
        ).buttons
    else:
        cfg = config.ButtonConfig(debounce_ms, 800, pins)
    factory, clock = MockFactory(), FakeClock(100.0)
    return GpioButtons(cfg, clock, pin_factory=factory), factory, clock


def test_gpio_buttons_press_through_mock_pins():
    b, factory, clock = _gpio_buttons()
    pin = factory.pin("GPIO6")
    clock.advance(1.0)
    pin.drive_low()  # button to ground: pressed
    clock.advance(0.2)
    pin.drive_high()
    events = b.poll(clock.advance(1.0))
    assert [(e.button, e.kind, e.source) for e in events] == [
        (VButton.NEXT, Press.DOWN, "gpio"),
        (VButton.NEXT, Press.UP, "gpio"),
        (VButton.NEXT, Press.SHORT, "gpio"),
    ]
    assert events[1].t - events[0].t == pytest.approx(0.2)
    b.close()


def test_gpio_buttons_debounce_chatter_that_mock_pins_pass_through():
    b, factory, clock = _gpio_buttons()
    pin = factory.pin("GPIO26")
    for _ in range(5):  # five chattering closes: MockPin ignores bounce_time, we do not
        pin.drive_low()
        clock.advance(0.001)
        pin.drive_high()
        clock.advance(0.001)
    pin.drive_low()
    clock.advance(0.3)
    pin.drive_high()
    events = b.poll(clock.advance(1.0))
    assert [e.kind for e in events].count(Press.SHORT) == 1
    assert b.stats()[VButton.UNDO].raw_edges == 12
    b.close()


def test_gpio_buttons_use_pull_ups_and_no_library_debounce():
    b, factory, _ = _gpio_buttons()
    dev = b._devices[VButton.NEXT]
    assert dev.pull_up is True and dev.pin.bounce is None
    assert b.pin_factory_name() == "MockFactory"
    b.close()


def test_gpio_buttons_close_releases_pins_and_is_idempotent():
    b, factory, _ = _gpio_buttons()
    dev = b._devices[VButton.NEXT]
    b.close()
    b.close()
    assert dev.closed
    assert b.status == (False, "closed")


def test_gpio_buttons_bad_pin_degrades_only_that_button():
    b, factory, clock = _gpio_buttons({"next": "GPIO6", "undo": "GPIO99"})
    ok, why = b.status
    assert not ok and "undo on GPIO99" in why
    factory.pin("GPIO6").drive_low()
    assert [e.kind for e in b.poll(clock.advance(0.5))] == [Press.DOWN]
    b.close()


def test_gpio_buttons_without_any_pin_factory_raise_hardware_unavailable():
    cfg = config.default().buttons

    def importer(name):
        raise ImportError("No module named 'gpiozero'")

    with pytest.raises(HardwareUnavailable, match="buttons not available"):
        GpioButtons(cfg, FakeClock(), importer=importer)
