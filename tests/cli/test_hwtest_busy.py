"""`companion hw-test` while the service holds the button lines: one clear line and the way out."""

import io

from gpiozero.pins.mock import MockFactory

from companion.cli import hwtest
from companion.cli.hwtest import Options, main, run
from companion.gamedata import config
from companion.hal import open_hardware
from companion.hal.clock import FakeClock
from companion.hal.pi import SystemProbe


class error(Exception):  # noqa: N801 - named as lgpio names its exception: `lgpio.error('GPIO busy')`
    """What lgpio raises when the kernel refuses a line another program holds."""


class BusyFactory(MockFactory):
    """gpiozero's mock pins, but every line is held by someone else (as under the running service)."""

    def __init__(self, exc):
        super().__init__()
        self._exc = exc

    def pin(self, spec, **kwargs):
        raise self._exc


def _run_busy(tmp_path, exc):
    cfg = config.default()
    clock = FakeClock()
    hw = open_hardware(
        cfg, "pi", clock, probe=SystemProbe(str(tmp_path)), pin_factory=BusyFactory(exc), importer=__import__
    )
    out = io.StringIO()
    try:
        status = run(hw, cfg, Options(timeout=30.0), out)
    finally:
        hw.close()
    return status, out.getvalue(), clock


def test_busy_lines_say_how_to_stop_the_service(tmp_path):
    for exc in (error("GPIO busy"), OSError(16, "Device or resource busy")):
        status, text, clock = _run_busy(tmp_path, exc)
        assert status == 1
        assert "sudo systemctl stop companion" in text and "hw-test --stop-service" in text
        assert text.count("busy") <= 4, text  # said once or twice, not once per pin
        assert "GPIO5" not in text  # no per-pin errors, no prompts
        assert clock.now() < 1.0  # nothing waited for buttons that cannot be pressed


def test_other_button_failures_are_not_called_busy(tmp_path):
    status, text, _ = _run_busy(tmp_path, RuntimeError("Failed to add edge detection"))
    assert status == 1 and "systemctl stop" not in text
    assert not hwtest.gpio_busy("buttons not available: next on GPIO5: BadPinFactory: no pins")


def test_stop_service_stops_and_starts_it_again(capsys):
    calls = []

    def runner(argv):
        calls.append(" ".join(argv))
        return 0  # active, stop and start all succeed

    assert (
        main(["--backend", "mock", "--auto", "--step", "0.01", "--timeout", "1", "--stop-service"], runner)
        == 0
    )
    assert calls[0] == "systemctl is-active --quiet companion"
    assert calls[1].endswith("systemctl stop companion") and calls[2].endswith("systemctl start companion")
    assert len(calls) == 3
    assert "hw-test: PASS" in capsys.readouterr().out


def test_stop_service_leaves_a_stopped_service_stopped(capsys):
    calls = []

    def runner(argv):
        calls.append(" ".join(argv))
        return 3  # `systemctl is-active` says inactive

    assert main(["--backend", "mock", "--lights-only", "--step", "0.01", "--stop-service"], runner) == 0
    assert calls == ["systemctl is-active --quiet companion"]
