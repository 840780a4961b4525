"""`companion doctor` on a fake good Pi, a fake broken Pi and this PC."""

import json
import os
import re
import sqlite3
import types

import pytest

from companion.cli import doctor
from companion.cli.doctor import Probe, Status
from tests.deploy.fakesys import REPO, installer_boot_block

PN532_CONFIG = '[reader]\ntype = "pn532"\nport = "/dev/serial0"\n'
INSTALLER_BLOCK = installer_boot_block()  # a good Pi's config.txt holds what the installer writes
GOOD_VERSIONS = {"pygame-ce": "2.5.8", "pyserial": "3.5", "gpiozero": "2.0.1.post3"}


class FakeProbe(Probe):
    """A Probe whose files live under a temp root and whose user, packages and SDL are given."""

    def __init__(
        self,
        root,
        *,
        user="pi",
        groups=(*doctor.GROUPS, "companion"),
        root_user=False,
        versions=None,
        modules=("lgpio", "board", "neopixel_spi"),
        sdl=("KMSDRM", ""),
        env=None,
        missing_libs=(),
        display=("KMSDRM 1024x600", ""),
        service=(False, ""),
        snd_group="audio",
        service_user_groups=("companion",),
        speech=("espeak-ng", ""),
        blocked=(),
        on_path=True,
        gbm=("driver vc4 (GBM drm, EGL 1.4 Mesa Project)", ""),
        cards=((0, "vc4hdmi0", "vc4-hdmi-0"),),
        tone="",
    ):
        super().__init__(root, env={"SDL_VIDEODRIVER": "kmsdrm"} if env is None else env)
        self._user, self._groups, self._root_user = user, set(groups), root_user
        self._versions = dict(GOOD_VERSIONS if versions is None else versions)
        self._modules, self._sdl = set(modules), sdl
        self._missing_libs, self._display, self._service = set(missing_libs), display, service
        self._snd_group, self._svc_groups, self._speech = snd_group, set(service_user_groups), speech
        self._blocked, self._on_path = {str(p) for p in blocked}, on_path
        self.display_driver = "not asked"
        self._gbm, self._cards, self._tone = (
            gbm,
            cards,
            tone,
        )  # screen and sound (doctor_screen, doctor_sound)
        self.played_to = None

    def gbm_open(self, card, timeout=30.0):
        return self._gbm

    def aplay_cards(self):
        return (None, "aplay not found") if self._cards is None else (list(self._cards), "")

    def play_tone(self, device):
        self.played_to = device
        return self._tone

    def load_library(self, soname):
        return (
            "cannot open shared object file: No such file or directory"
            if soname in self._missing_libs
            else ""
        )

    def open_display(self, driver, timeout=30.0):
        self.display_driver = driver
        return self._display

    def service_state(self):
        return self._service

    def file_group(self, p):
        return self._snd_group, 0o660

    def user_groups(self, user):
        return self._svc_groups if user == "companion" else set()

    def try_open(self, p):
        return ""

    def speech_wav(self):
        return self._speech

    def system_install(self):
        return True

    def access(self, path, mode):
        return str(path) not in self._blocked

    def which(self, name):
        return "/usr/local/bin/companion" if self._on_path else None

    def user(self):
        return self._user

    def groups(self):
        return self._groups

    def is_root(self):
        return self._root_user

    def python_version(self):
        return (3, 11, 2)

    def pip(self):
        return "/opt/companion/venv/bin/python -m pip"

    def dist_version(self, dist):
        return self._versions.get(dist)

    def has_module(self, name):
        return name in self._modules

    def cwd_writable(self):
        return True

    led_missing: dict = {}  # LED-stack module -> the module its import cannot find

    def import_module(self, name):
        """The LED stack as Blinka 10 fails: a RuntimeError raised from the ModuleNotFoundError."""
        if name in self.led_missing:
            gone = self.led_missing[name]
            cause = ModuleNotFoundError(f"No module named {gone!r}", name=gone)
            raise RuntimeError(f"The platform library {gone!r} was not found.") from cause
        return types.SimpleNamespace()

    def sdl_video_driver(self):
        return self._sdl

    def load_game_data(self):
        return "Masters of the Night data loads"


def _touch(root, path, text=""):
    """Create a file (or device stand-in) under the fake root."""
    p = root / path.lstrip("/")
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)
    return p


def _pi(
    root,
    model="Raspberry Pi 4 Model B Rev 1.5",
    soc="brcm,bcm2711",
    boot=INSTALLER_BLOCK,
    cmdline="console=tty1 root=PARTUUID=1-02 rootwait\n",
    devices=("/dev/spidev0.0", "/dev/serial0"),
    unit_dirs=None,
):
    """Lay out a Raspberry Pi's /proc, /dev, /boot and /etc under `root` (`unit_dirs`: the unit's config and state)."""
    _touch(root, "/proc/device-tree/model", model + "\0")
    _touch(root, "/proc/device-tree/compatible", f"raspberrypi,model\0{soc}\0")
    for dev in ("/dev/gpiochip0", "/dev/dri/card0", "/dev/snd/pcmC0D0p", "/dev/snd/controlC0", *devices):
        _touch(root, dev)
    _touch(root, "/boot/firmware/config.txt", "dtparam=audio=on\n" + boot)
    _touch(root, "/boot/firmware/cmdline.txt", cmdline)
    _touch(root, doctor.UNIT, _installed_unit(unit_dirs))
    return root


def _installed_unit(dirs=None, **replace):
    """The unit as install.sh renders it, its folders moved to `dirs` (default: this test's config and state)."""
    cfg, state = dirs or (os.environ["COMPANION_CONFIG_DIR"], os.environ["COMPANION_STATE_DIR"])
    text = (REPO / "systemd" / "companion.service").read_text()
    text = (
        text.replace("@USER@", "companion")
        .replace("@VENV@", "/opt/companion/venv")
        .replace("@PROTECT_HOME@", "yes")
    )
    text = text.replace("=/etc/companion", f"={cfg}")
    text = text.replace("COMPANION_STATE_DIR=/var/lib/companion", f"COMPANION_STATE_DIR={state}")
    for old, new in replace.items():
        text = text.replace(old, new)
    return text


def _by_name(checks):
    """Checks keyed by name."""
    return {c.name: c for c in checks}


def _run(probe, capsys, *args):
    """(exit status, stdout) of doctor.main with this probe."""
    rc = doctor.main(list(args), probe=probe)
    return rc, capsys.readouterr().out


def test_doctor_good_pi_passes(tmp_path, config_dir, capsys):
    (config_dir / "config.toml").write_text(PN532_CONFIG)
    probe = FakeProbe(_pi(tmp_path / "root"))
    rc, out = _run(probe, capsys)
    assert rc == 0, out
    assert not any(line.startswith(("FAIL", "WARN")) for line in out.splitlines()), out
    checks = _by_name(doctor.run_checks(probe))
    assert checks["leds"].detail.startswith("spi")
    assert checks["pin-factory"].detail == "lgpio"
    assert checks["boot.spi"].status is Status.OK and checks["boot.uart"].status is Status.OK
    assert checks["display"].detail == "pygame picks KMSDRM"
    assert checks["serial"].detail.startswith("pn532 on /dev/serial0")
    assert out.strip().endswith(f"0 FAIL, 0 WARN, {len(checks)} OK")


def test_doctor_broken_pi_fails_and_names_fixes(tmp_path, config_dir, capsys):
    (config_dir / "config.toml").write_text(PN532_CONFIG)
    root = _pi(
        tmp_path / "root",
        model="Raspberry Pi 5 Model B Rev 1.0",
        soc="brcm,bcm2712",
        boot="dtparam=spi=off\n",
        cmdline="console=serial0,115200 console=tty1 rootwait\n",
        devices=(),
    )
    probe = FakeProbe(
        root,
        groups=("pi", "video"),
        versions={"pygame": "2.6.1", "pygame-ce": "2.5.8", "pyserial": "3.5", "gpiozero": "2.0.1"},
        modules=("RPi", "RPi.GPIO"),
        sdl=("offscreen", ""),
        env={},
        display=(None, "kmsdrm not available"),
        missing_libs=("libEGL.so.1",),
        speech=(None, "espeak-ng or espeak not found"),
        service_user_groups=(),
    )
    rc, out = _run(probe, capsys)
    assert rc == 1
    c = _by_name(doctor.run_checks(probe))
    assert c["pygame"].status is Status.FAIL and "uninstall -y pygame pygame-ce" in c["pygame"].fix
    assert c["packages"].status is Status.FAIL and "'gpiozero>=2.0.1.post3'" in c["packages"].fix
    assert (
        c["pi-packages"].status is Status.FAIL
        and "PYPI=1" in c["pi-packages"].fix
        and "liblgpio-dev" not in c["pi-packages"].fix
    )
    assert c["pin-factory"].status is Status.FAIL and "rpigpio" in c["pin-factory"].detail
    assert c["leds"].status is Status.FAIL and "dtparam=spi=on" in c["leds"].fix
    assert (
        c["boot.spi"].status is Status.FAIL and "sudo tee -a /boot/firmware/config.txt" in c["boot.spi"].fix
    )
    assert c["boot.uart"].status is Status.FAIL and "enable_uart=1" in c["boot.uart"].fix
    assert c["boot.console"].status is Status.FAIL and "console=serial0,115200" in c["boot.console"].fix
    assert (
        c["groups"].status is Status.WARN
        and "usermod -aG render,input,gpio,spi,dialout,audio pi" in c["groups"].fix
    )
    assert c["serial"].status is Status.FAIL
    assert (
        c["display.open"].status is Status.FAIL
        and "usermod -aG video,render,input pi" in c["display.open"].fix
    )
    assert c["display.libs"].status is Status.FAIL and c["display.libs"].fix == "sudo apt install libegl1"
    assert c["speech"].status is Status.FAIL and c["uart.pi5"].status is Status.FAIL
    for check in c.values():
        if check.status is not Status.OK:
            assert check.fix, f"{check.name} has no fix"
            assert f"{check.status.value:<4} {check.name}: " in out and f"fix: {check.fix}" in out


def test_doctor_json_report(tmp_path, config_dir, capsys):
    probe = FakeProbe(_pi(tmp_path / "root", devices=()))
    rc, out = _run(probe, capsys, "--json")
    data = json.loads(out)
    assert rc == 1 and data["ok"] is False
    leds = next(c for c in data["checks"] if c["name"] == "leds")
    assert leds["status"] == "FAIL" and "spidev0.0" in leds["detail"]
    assert {"name", "status", "detail", "fix"} == set(leds)


def test_doctor_bad_config_names_file_and_line(tmp_path, config_dir, capsys):
    path = config_dir / "config.toml"
    path.write_text("[leds]\nbrightness = 7\n")
    probe = FakeProbe(_pi(tmp_path / "root"))
    rc, out = _run(probe, capsys)
    check = _by_name(doctor.run_checks(probe))["config"]
    assert rc == 1 and check.status is Status.FAIL
    assert f"line 2 of {path}" in check.fix and "leds.brightness" in check.fix
    assert "companion config --check" in check.fix


def test_doctor_pi4_without_core_clock_warns(tmp_path, config_dir):
    probe = FakeProbe(_pi(tmp_path / "root", boot="dtparam=i2c_arm=on,spi=on\n[pi3]\ncore_freq_min=500\n"))
    check = _by_name(doctor.run_checks(probe))["boot.spi"]
    assert check.status is Status.WARN  # the [pi3] line does not count on a Pi 4
    assert "core_freq_min=500" in check.fix


def test_doctor_zero2w_needs_core_freq_250(tmp_path, config_dir):
    root = _pi(
        tmp_path / "root",
        model="Raspberry Pi Zero 2 W Rev 1.0",
        soc="brcm,bcm2837",
        boot="dtparam=spi=on\n[pi4]\ncore_freq=250\n",
    )
    check = _by_name(doctor.run_checks(FakeProbe(root)))["boot.spi"]
    assert check.status is Status.WARN and "[pi02]" in check.fix


def test_doctor_reader_port_missing_suggests_by_id(tmp_path, config_dir):
    (config_dir / "config.toml").write_text('[reader]\ntype = "lines"\nport = "/dev/ttyACM0"\n')
    root = _pi(tmp_path / "root")
    _touch(root, "/dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_e66-if00")
    check = _by_name(doctor.run_checks(FakeProbe(root)))["serial"]
    assert check.status is Status.FAIL
    assert 'port = "/dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_e66-if00"' in check.fix


def test_doctor_pwm_without_root_fails(tmp_path, config_dir):
    (config_dir / "config.toml").write_text('[leds]\ndriver = "pwm"\n')
    check = _by_name(doctor.run_checks(FakeProbe(_pi(tmp_path / "root"))))["leds"]
    assert check.status is Status.FAIL and 'driver = "spi"' in check.fix


def test_doctor_lgpio_needs_writable_cwd(tmp_path, config_dir):
    class ReadOnlyCwd(FakeProbe):
        def cwd_writable(self):
            return False

    check = _by_name(doctor.run_checks(ReadOnlyCwd(_pi(tmp_path / "root"))))["pin-factory"]
    assert check.status is Status.FAIL and ".lgd-nfy" in check.detail


def test_doctor_journal_quick_check(tmp_path, config_dir, monkeypatch):
    state = tmp_path / "state"
    state.mkdir(exist_ok=True)
    journal = state / "journal.sqlite3"
    con = sqlite3.connect(journal)
    con.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, game, title, status, outcome, created, updated)")
    con.execute(
        "CREATE TABLE commands (game_id, seq INTEGER PRIMARY KEY, command TEXT, undone, at)"
    )  # (our shape)
    con.executemany(
        "INSERT INTO commands (game_id, command, undone) VALUES (1, ?, 0)",
        [('{"x": "%s"}' % ("x" * 500),)] * 200,
    )
    con.commit()
    con.close()
    probe = FakeProbe(_pi(tmp_path / "root"))
    before = sorted(os.listdir(state))
    assert _by_name(doctor.run_checks(probe))["journal"].status is Status.OK
    assert sorted(os.listdir(state)) == before  # read-only: nothing created or changed
    data = bytearray(journal.read_bytes())
    data[4096 : 4096 + 12] = b"\xff" * 12  # scribble over the header of a b-tree page
    journal.write_bytes(bytes(data))
    check = _by_name(doctor.run_checks(probe))["journal"]
    assert check.status is Status.FAIL and "companion journal recover" in check.fix
    assert ".recover" not in check.fix and not re.search(
        r"(^|[\s|`&;])sqlite3\s", check.fix
    )  # never that pipeline


def test_doctor_reports_failed_starts(tmp_path, config_dir):
    from companion.runtime.startguard import StartGuard

    for _ in range(3):
        StartGuard(tmp_path / "state").begin()
    check = _by_name(doctor.run_checks(FakeProbe(_pi(tmp_path / "root"))))["starts"]
    assert check.status is Status.WARN and "last 3 start" in check.detail


def test_doctor_missing_service_warns_with_installer(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    (root / doctor.UNIT.lstrip("/")).unlink()
    check = _by_name(doctor.run_checks(FakeProbe(root)))["service"]
    assert check.status is Status.WARN and check.fix == doctor.INSTALL


def test_doctor_pc_without_pi_files_is_fine(tmp_path, config_dir, capsys):
    probe = FakeProbe(tmp_path / "empty", groups=(), sdl=("x11", ""), env={})
    rc, out = _run(probe, capsys)
    assert rc == 0, out
    assert "OK   board: not a Raspberry Pi" in out


def test_doctor_real_sdl_probe_opens_no_window():
    assert Probe(env={**os.environ, "SDL_VIDEODRIVER": "dummy"}).sdl_video_driver() == ("dummy", "")
    driver, err = Probe(env={**os.environ, "SDL_VIDEODRIVER": "nosuchdriver"}).sdl_video_driver()
    assert driver is None and "nosuchdriver" in err


def test_doctor_real_probe_on_this_machine(capsys):
    rc = doctor.main([])
    lines = capsys.readouterr().out.splitlines()
    assert rc in (0, 1)
    assert lines[0].startswith(("OK   python:", "FAIL python:"))
    for line in lines[:-1]:
        assert line.split(" ", 1)[0] in ("OK", "WARN", "FAIL", "") and (": " in line)
    assert lines[-1].startswith("doctor: ")


def test_doctor_boot_settings_parse_filters_and_dtparams():
    text = "dtparam=i2c_arm=on,spi=on\n[pi3]\nenable_uart=0\n[all]\nenable_uart=1 # comment\n[none]\ncore_freq=1\n"
    settings = doctor.boot_settings(text, frozenset({"all", "pi4"}))
    assert settings["dtparam:spi"] == "on" and settings["enable_uart"] == "1"
    assert "core_freq" not in settings


# --- the LED driver stack (issue 13, point 1) --------------------------------------------------------


def test_doctor_good_pi_loads_the_configured_led_stack(tmp_path, config_dir):
    check = _by_name(doctor.run_checks(FakeProbe(_pi(tmp_path / "root"))))["led-stack"]
    assert check.status is Status.OK
    assert check.detail == "spi driver: board, busio, Adafruit_PureIO.spi, neopixel_spi load"


def test_doctor_names_the_missing_led_module_and_the_venv_pip(tmp_path, config_dir, capsys):
    probe = FakeProbe(_pi(tmp_path / "root"))
    probe.led_missing = {"board": "gpiod"}  # Blinka 10 without gpiod: `import board` fails
    rc, out = _run(probe, capsys)
    check = _by_name(doctor.run_checks(probe))["led-stack"]
    assert rc == 1 and check.status is Status.FAIL
    assert check.detail == "spi driver: module 'gpiod' is not installed (needed by board)"
    assert check.fix == "/opt/companion/venv/bin/python -m pip install 'gpiod>=2.2.2,<3'"
    assert f"fix: {check.fix}" in out


@pytest.mark.parametrize(
    "config, model, soc, devices, root_user, missing, pin",
    [
        (
            '[leds]\ndriver = "pwm"\n[[leds.strips]]\nname = "main"\npin = "GPIO18"\ncount = 89\n',
            "Raspberry Pi 4 Model B Rev 1.5",
            "brcm,bcm2711",
            (),
            True,
            {"neopixel": "_rpi_ws281x"},
            "rpi_ws281x>=4.0.0",
        ),
        (
            '[leds]\ndriver = "pi5pio"\n',
            "Raspberry Pi 5 Model B Rev 1.0",
            "brcm,bcm2712",
            ("/dev/pio0",),
            False,
            {"adafruit_raspberry_pi5_neopixel_write": "adafruit_raspberry_pi5_neopixel_write"},
            "adafruit-blinka-raspberry-pi5-neopixel>=1.0.0rc2",
        ),
    ],
)
def test_doctor_led_stack_follows_the_configured_driver(
    tmp_path, config_dir, config, model, soc, devices, root_user, missing, pin
):
    (config_dir / "config.toml").write_text(config)
    probe = FakeProbe(_pi(tmp_path / "root", model=model, soc=soc, devices=devices), root_user=root_user)
    probe.led_missing = missing
    check = _by_name(doctor.run_checks(probe))["led-stack"]
    assert (
        check.status is Status.FAIL and check.fix == f"/opt/companion/venv/bin/python -m pip install '{pin}'"
    )


def test_doctor_checks_the_led_stack_even_when_spi_is_off(tmp_path, config_dir):
    probe = FakeProbe(_pi(tmp_path / "root", devices=()))
    probe.led_missing = {"neopixel_spi": "neopixel_spi"}
    c = _by_name(doctor.run_checks(probe))
    assert c["leds"].status is Status.FAIL and c["led-stack"].status is Status.FAIL
    assert "adafruit-circuitpython-neopixel-spi" in c["led-stack"].fix


def test_doctor_on_a_pc_does_not_import_the_led_stack(tmp_path, config_dir):
    probe = FakeProbe(tmp_path / "empty", groups=(), sdl=("x11", ""), env={})
    probe.led_missing = {"board": "gpiod"}
    assert "led-stack" not in _by_name(doctor.run_checks(probe))
