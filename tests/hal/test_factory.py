"""open_hardware: backend choice, degraded parts with reasons, retry with back-off."""

import sys

import pytest
from gpiozero.pins.mock import MockFactory

from companion.gamedata import config
from companion.hal import Hardware, Part, choose_backend, open_hardware
from companion.hal.base import NoButtons, NoPixels, NoReader
from companion.hal.clock import FakeClock, MonotonicClock
from companion.hal.layout import PixelLayout
from companion.hal.mock import MockPixels, MockReader
from companion.hal.pi import SystemProbe

from . import FakeLibs, pi_root


def _pc(tmp_path):
    return SystemProbe(str(tmp_path))


def test_choose_backend_argument_wins_over_everything(tmp_path):
    assert choose_backend("sim", "pi", {"COMPANION_HAL": "mock"}, _pc(tmp_path))[0] == "sim"


def test_choose_backend_environment_wins_over_config(tmp_path):
    assert choose_backend(None, "pi", {"COMPANION_HAL": "mock"}, _pc(tmp_path)) == (
        "mock",
        "COMPANION_HAL = mock",
    )


def test_choose_backend_config_wins_over_detection(tmp_path):
    assert choose_backend(None, "sim", {}, _pc(tmp_path))[0] == "sim"


def test_choose_backend_real_is_an_alias_of_pi(tmp_path):
    assert choose_backend(None, "auto", {"COMPANION_HAL": "real"}, _pc(tmp_path))[0] == "pi"


def test_choose_backend_refuses_unknown_names(tmp_path):
    with pytest.raises(ValueError, match="COMPANION_HAL must be one of mock, sim, pi"):
        choose_backend(None, "auto", {"COMPANION_HAL": "arduino"}, _pc(tmp_path))


def test_auto_detects_a_pi_with_its_devices(tmp_path):
    probe = SystemProbe(pi_root(tmp_path, "5", ("gpiochip0",)))
    assert choose_backend(None, "auto", {"DISPLAY": ":0"}, probe)[0] == "pi"


def test_auto_on_a_pi_without_its_devices_stays_pi_and_names_them(tmp_path):
    """A Pi's device tree without /dev/gpiochip0 or /dev/spidev0.0 (a container, PrivateDevices=yes):
    the table is the Pi's, with the missing devices named, never the mock in silence (issue #36)."""
    probe = SystemProbe(pi_root(tmp_path, "4", ()), euid=1000)
    assert choose_backend(None, "auto", {}, probe) == (
        "pi",
        "auto: Raspberry Pi (device tree), but /dev/gpiochip0 and /dev/spidev0.0 missing",
    )
    assert choose_backend(
        None, "auto", {}, SystemProbe(pi_root(tmp_path / "ok", "4", ("gpiochip0", "spidev0.0")))
    ) == ("pi", "auto: Raspberry Pi (device tree)")
    assert choose_backend(
        None, "auto", {}, SystemProbe(pi_root(tmp_path / "p5", "5", ("gpiochip0", "pio0")))
    )[1] == ("auto: Raspberry Pi (device tree)")  # a Pi 5 lights its LEDs through the PIO without SPI


def test_a_pi_without_its_devices_says_which_part_lacks_which(tmp_path):
    probe = SystemProbe(pi_root(tmp_path, "4", ()), euid=1000)
    with open_hardware(
        config.default(), None, FakeClock(), probe=probe, importer=FakeLibs().importer, env={}
    ) as hw:
        assert hw.backend == "pi" and "missing" in hw.why
        status = hw.status()
        assert status["buttons"][0] is False and "/dev/gpiochip0 missing" in status["buttons"][1]
        assert status["leds"][0] is False and "/dev/spidev0.0 missing" in status["leds"][1]


@pytest.mark.parametrize(
    "env, expected", [({"DISPLAY": ":0"}, "sim"), ({"WAYLAND_DISPLAY": "wayland-0"}, "sim"), ({}, "mock")]
)
def test_auto_on_a_pc_picks_sim_with_a_display_else_mock(tmp_path, env, expected):
    assert choose_backend(None, "auto", env, _pc(tmp_path))[0] == expected


def test_open_hardware_reads_the_environment(monkeypatch):
    monkeypatch.setenv("COMPANION_HAL", "mock")
    with open_hardware(config.default()) as hw:
        assert hw.backend == "mock" and isinstance(hw.clock, FakeClock)


def test_open_hardware_clock_defaults_by_backend():
    with open_hardware(config.default(), "sim") as hw:
        assert isinstance(hw.clock, MonotonicClock) and hw.panel.width > 0
    clock = FakeClock(3.0)
    with open_hardware(config.default(), "mock", clock) as hw:
        assert hw.clock is clock and hw.panel.width == 0


def test_pi_backend_on_a_pc_degrades_every_part_with_a_reason(tmp_path):
    cfg = config.loads('[reader]\ntype = "lines"\nport = "/dev/does-not-exist"\n')
    libs = FakeLibs(fail={"gpiozero": ImportError("No module named 'gpiozero'")})
    with open_hardware(cfg, "pi", FakeClock(), probe=_pc(tmp_path), importer=libs.importer) as hw:
        status = hw.status()
        assert status["leds"] == (
            False,
            "LED strip not available: not a Raspberry Pi "
            "(/proc/device-tree/compatible does not name raspberrypi)",
        )
        assert status["buttons"][0] is False and "gpiozero" in status["buttons"][1]
        hw.reader.poll()  # the serial reader opens on its first poll
        assert hw.reader.status[0] is False
        assert isinstance(hw.pixels, NoPixels) and isinstance(hw.buttons, NoButtons)
        assert hw.pixels.counts()["district.A1"] == 9  # the lighting still knows the board
        assert hw.buttons.poll(10.0) == []


def test_degraded_strip_comes_back_on_retry_after_back_off(tmp_path):
    root = pi_root(tmp_path, "4", ("gpiochip0",))  # SPI not enabled yet
    clock = FakeClock()
    libs = FakeLibs()
    hw = open_hardware(
        config.default(),
        "pi",
        clock,
        probe=SystemProbe(root, euid=1000),
        importer=libs.importer,
        pin_factory=MockFactory(),
    )
    assert "dtparam=spi=on" in hw.status()["leds"][1]
    (tmp_path / "dev" / "spidev0.0").write_bytes(b"")  # the maker enables SPI
    assert hw.retry("leds") is False  # too soon: back-off not over
    clock.advance(1.0)
    assert hw.retry(Part.LEDS) is True
    assert hw.status()["leds"][0] and libs.devices
    hw.close()


def test_retry_backs_off_doubling_up_to_a_minute(tmp_path):
    clock = FakeClock()
    hw = open_hardware(
        config.default(),
        "pi",
        clock,
        probe=SystemProbe(pi_root(tmp_path, "4", ()), euid=1000),
        importer=FakeLibs().importer,
        pin_factory=MockFactory(),
    )
    waits = []
    for _ in range(8):
        clock.sleep_until(hw.next_retry("leds"))
        assert hw.retry("leds") is False
        waits.append(hw.next_retry("leds") - clock.now())
    assert waits == [2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0, 60.0]
    hw.close()


def test_retry_force_ignores_the_back_off(tmp_path):
    root = pi_root(tmp_path, "4", ())
    hw = open_hardware(
        config.default(),
        "pi",
        FakeClock(),
        probe=SystemProbe(root, euid=1000),
        importer=FakeLibs().importer,
        pin_factory=MockFactory(),
    )
    (tmp_path / "dev" / "spidev0.0").write_bytes(b"")
    assert hw.retry("leds", force=True) is True
    hw.close()


def test_retry_due_reports_parts_that_came_back(tmp_path):
    clock = FakeClock()
    hw = open_hardware(
        config.default(),
        "pi",
        clock,
        probe=SystemProbe(pi_root(tmp_path, "4", ()), euid=1000),
        importer=FakeLibs().importer,
        pin_factory=MockFactory(),
    )
    assert hw.retry_due() == []  # nothing due yet
    (tmp_path / "dev" / "spidev0.0").write_bytes(b"")
    clock.advance(1.0)
    changes = hw.retry_due()
    assert [(c.part, c.ok) for c in changes] == [("leds", True)]
    hw.close()


def test_a_strip_failing_at_run_time_is_reopened_by_retry():
    clock = FakeClock()
    hw = open_hardware(config.default(), "mock", clock)
    hw.pixels.fail_with = OSError(19, "No such device")
    hw.pixels.show({})
    assert hw.status()["leds"] == (False, "LED strip not available: write failed: [Errno 19] No such device")
    clock.advance(1.0)
    assert hw.retry("leds") is True and isinstance(hw.pixels, MockPixels)
    hw.close()


def test_reader_stub_when_reader_module_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "companion.hal.reader", None)  # as if the module did not exist yet
    cfg = config.loads('[reader]\ntype = "pn532"\n')
    with open_hardware(cfg, "sim", FakeClock()) as hw:
        assert isinstance(hw.reader, NoReader)
        ok, why = hw.reader.status
        assert not ok and why.startswith("no reader")


def test_mock_backend_reader_returns_presented_tags():
    clock = FakeClock()
    with open_hardware(config.default(), "mock", clock) as hw:
        assert isinstance(hw.reader, MockReader)
        hw.reader.present("04A1B2C3D4E5F6", at=2.0)
        assert hw.reader.poll() == []
        clock.advance(2.0)
        assert [r.tag for r in hw.reader.poll()] == ["04A1B2C3D4E5F6"]
        assert hw.reader.poll() == []


def test_hardware_close_closes_every_part_even_if_one_fails():
    class Exploding:
        status = (True, "ok")

        def close(self):
            raise RuntimeError("boom")

    layout = PixelLayout.from_config(config.default().leds)
    mock = MockPixels(layout)
    reader = MockReader(FakeClock())
    hw = Hardware(
        "mock",
        FakeClock(),
        layout,
        {Part.LEDS: lambda: mock, Part.BUTTONS: Exploding, Part.READER: lambda: reader},
        {p: (lambda why: NoReader(why)) for p in Part},
    )
    hw.close()
    assert mock.status[0] is False and reader.status[0] is False


def test_opener_that_raises_becomes_a_stub_with_the_reason():
    layout = PixelLayout.from_config(config.default().leds)

    def broken():
        raise NotImplementedError("Board not supported")

    hw = Hardware(
        "pi",
        FakeClock(),
        layout,
        {Part.LEDS: broken, Part.BUTTONS: broken, Part.READER: broken},
        {
            Part.LEDS: lambda w: NoPixels(layout, w),
            Part.BUTTONS: lambda w: NoButtons({}, w),
            Part.READER: lambda w: NoReader(w),
        },
    )
    assert hw.status()["leds"] == (False, "LED strip not available: Board not supported")
    assert hw.status()["reader"][1].startswith("card reader not available")
