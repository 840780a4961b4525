"""`companion doctor` on an installed Pi: screen libraries and a real set_mode, sound, speech, one place
for config and journal, and the Pi 5 UART. Each check FAILs on the broken Pi with a fix that works."""

import os
import subprocess
import sys
import time

from companion.cli import doctor, doctor_pi
from companion.cli.doctor import Probe, Status
from tests.cli.test_doctor import PN532_CONFIG, FakeProbe, _by_name, _installed_unit, _pi

PI5 = {"model": "Raspberry Pi 5 Model B Rev 1.0", "soc": "brcm,bcm2712"}


def _checks(probe):
    return _by_name(doctor.run_checks(probe))


def _run_fix(command, **paths):
    """Run a printed fix's first command (no sudo) with system paths swapped for test files."""
    first = command.split(" && ")[0].removeprefix("sudo ")
    for old, new in paths.items():
        first = first.replace(old, str(new))
    res = subprocess.run(["bash", "-c", first], capture_output=True, text=True, timeout=10)
    assert res.returncode == 0, res.stderr


# --- point 3: the screen ------------------------------------------------------------------------


def test_kmsdrm_libraries_must_load_on_a_pi(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    assert _checks(FakeProbe(root))["display.libs"].status is Status.OK
    check = _checks(FakeProbe(root, missing_libs=("libGLESv2.so.2", "libgbm.so.1")))["display.libs"]
    assert check.status is Status.FAIL and "libGLESv2.so.2, libgbm.so.1" in check.detail
    assert check.fix == "sudo apt install libgles2 libgbm1"


def test_real_library_probe_loads_like_sdl():
    probe = Probe()
    assert probe.load_library("libc.so.6") == ""
    assert "libNoSuchThing.so.9" in probe.load_library("libNoSuchThing.so.9")


def test_display_is_opened_on_the_services_driver(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    probe = FakeProbe(root, env={})  # a login shell without SDL_VIDEODRIVER
    assert _checks(probe)["display.open"].status is Status.OK
    assert probe.display_driver == "kmsdrm"  # what the unit gives the service, not the shell's default
    broken = FakeProbe(root, display=(None, "kmsdrm not available"))
    check = _checks(broken)["display.open"]
    assert check.status is Status.FAIL and "kmsdrm not available" in check.detail
    assert "usermod -aG video,render,input pi" in check.fix
    egl = _checks(FakeProbe(root, display=(None, "Could not initialize EGL")))["display.open"]
    assert (
        egl.fix == "sudo apt install --no-install-recommends libegl1 libgles2 libgbm1 libdrm2 libgl1-mesa-dri"
    )
    desktop = _checks(FakeProbe(root, display=(None, "Could not get DRM master")))["display.open"]
    assert "sudo systemctl set-default multi-user.target && sudo reboot" in desktop.fix  # lasts past a reboot
    assert "systemctl stop lightdm" not in desktop.fix


def test_display_not_opened_while_the_service_holds_it(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    running = FakeProbe(root, service=(True, "running; degraded: reader"))
    assert _checks(running)["display.open"].status is Status.OK and running.display_driver == "not asked"
    blind = _checks(FakeProbe(root, service=(True, "degraded: no screen")))["display.open"]
    assert blind.status is Status.FAIL and "sudo systemctl stop companion" in blind.fix


def test_real_set_mode_probe(monkeypatch):
    probe = Probe(env={**os.environ})
    opened, err = probe.open_display("dummy")
    assert opened and opened.startswith("dummy ") and err == ""
    opened, err = probe.open_display("kmsdrm")  # no DRM device for us on a PC
    assert opened is None and err
    monkeypatch.setattr(doctor_pi, "_OPEN_SCRIPT", "import time\ntime.sleep(30)\n")  # a hung driver
    start = time.monotonic()
    opened, err = probe.open_display("kmsdrm", timeout=1.0)
    assert opened is None and "did not return within 1 s" in err and time.monotonic() - start < 10


# --- point 4: sound -----------------------------------------------------------------------------


def test_service_without_audio_group_fails_with_a_working_fix(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    assert _checks(FakeProbe(root))["sound"].status is Status.OK
    unit = root / doctor.UNIT.lstrip("/")
    unit.write_text(_installed_unit(**{"dialout audio\n": "dialout\n"}))  # today's unit
    check = _checks(FakeProbe(root))["sound"]
    assert check.status is Status.FAIL and "companion cannot open /dev/snd/pcmC0D0p" in check.detail
    _run_fix(check.fix, **{doctor.UNIT: unit})
    assert "SupplementaryGroups=video render input gpio spi dialout audio\n" in unit.read_text()
    assert _checks(FakeProbe(root))["sound"].status is Status.OK
    _run_fix(check.fix, **{doctor.UNIT: unit})  # a second run adds nothing
    assert "SupplementaryGroups=video render input gpio spi dialout audio\n" in unit.read_text()


def test_sound_device_group_of_the_service_user_counts(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    (root / doctor.UNIT.lstrip("/")).write_text(_installed_unit(**{"dialout audio\n": "dialout\n"}))
    assert _checks(FakeProbe(root, service_user_groups=("companion", "audio")))["sound"].status is Status.OK


def test_real_group_probes(tmp_path):
    import grp

    f = tmp_path / "dev"
    f.write_text("")
    f.chmod(0o660)
    probe = Probe(root=tmp_path)
    assert probe.file_group("/dev") == (grp.getgrgid(os.getegid()).gr_name, 0o660)
    import pwd

    me = pwd.getpwuid(os.geteuid())
    assert grp.getgrgid(me.pw_gid).gr_name in probe.user_groups(me.pw_name)
    assert probe.user_groups("no-such-user-here") == set()
    assert probe.try_open("/dev") == ""
    assert probe.try_open("/missing") != ""


def test_speech_must_speak_on_a_pi(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    missing = _checks(FakeProbe(root, speech=(None, "espeak-ng or espeak not found")))["speech"]
    assert missing.status is Status.FAIL and missing.fix == "sudo apt install espeak-ng"
    mute = _checks(FakeProbe(root, speech=("espeak-ng", "exit 1, 0 bytes and no WAV sound")))["speech"]
    assert mute.status is Status.FAIL and "--reinstall espeak-ng" in mute.fix
    pc = _checks(FakeProbe(tmp_path / "pc", speech=(None, "espeak-ng or espeak not found")))["speech"]
    assert pc.status is Status.WARN


def _fake_program(folder, name, body):
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(f"#!{sys.executable}\nimport sys\n{body}\n")
    path.chmod(0o755)


def test_real_speech_probe_wants_wav_bytes(tmp_path):
    good, bad = tmp_path / "good", tmp_path / "bad"
    _fake_program(
        good,
        "espeak-ng",
        "assert sys.argv[1:] == ['--stdout', '--', 'Nightwatch']\n"
        "sys.stdout.buffer.write(b'RIFF\\x00\\x00\\x00\\x00WAVEfmt ' + bytes(64))",
    )
    _fake_program(bad, "espeak-ng", "sys.stderr.write('Error: no voice data'); sys.exit(1)")
    assert Probe(env={"PATH": str(good)}).speech_wav() == ("espeak-ng", "")
    program, err = Probe(env={"PATH": str(bad)}).speech_wav()
    assert program == "espeak-ng" and "no WAV" in err and "no voice data" in err
    assert Probe(env={"PATH": str(tmp_path / "empty")}).speech_wav()[0] is None


# --- point 5: one place for config and journal --------------------------------------------------


def test_commands_read_what_the_service_reads(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    assert _checks(FakeProbe(root))["places"].status is Status.OK
    (root / doctor.UNIT.lstrip("/")).write_text(
        _installed_unit(
            **{
                "COMPANION_CONFIG_DIR="
                + os.environ["COMPANION_CONFIG_DIR"]: "COMPANION_CONFIG_DIR=/var/lib/companion/config"
            }
        )
    )
    check = _checks(FakeProbe(root))["places"]  # the old install: the service's config beside its journal
    assert check.status is Status.FAIL and "/var/lib/companion/config" in check.detail
    assert check.fix.startswith(doctor.INSTALL)


def test_login_user_outside_the_group_is_told_to_join(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    (config_dir / "config.toml").write_text("")
    probe = FakeProbe(root, groups=doctor.GROUPS, blocked=[config_dir / "config.toml"])
    check = _checks(probe)["places"]
    assert check.status is Status.FAIL and str(config_dir / "config.toml") in check.detail
    assert check.fix.startswith("sudo usermod -aG companion pi")


def test_companion_on_path(tmp_path, config_dir):
    check = _checks(FakeProbe(_pi(tmp_path / "root"), on_path=False))["path"]
    assert check.status is Status.WARN
    assert check.fix == "sudo ln -sfn /opt/companion/venv/bin/companion /usr/local/bin/companion"


# --- point 7: the Pi 5 UART ---------------------------------------------------------------------


def test_pi5_pn532_on_the_debug_uart_fails_with_a_working_fix(tmp_path, config_dir):
    config = config_dir / "config.toml"
    config.write_text(PN532_CONFIG + 'baud = 115200\n\n[display]\nmode = "auto"\n')
    root = _pi(tmp_path / "root", devices=("/dev/ttyAMA10", "/dev/ttyAMA0"), **PI5)
    (root / "dev" / "serial0").symlink_to("ttyAMA10")
    check = _checks(FakeProbe(root))["uart.pi5"]
    assert check.status is Status.FAIL and "/dev/serial0 -> /dev/ttyAMA10" in check.detail
    assert "tee" not in check.fix  # the installer's block already has dtoverlay=uart0-pi5
    _run_fix(check.fix)
    assert (
        config.read_text()
        == PN532_CONFIG.replace("/dev/serial0", "/dev/ttyAMA0")
        + 'baud = 115200\n\n[display]\nmode = "auto"\n'
    )
    assert _checks(FakeProbe(root))["uart.pi5"].status is Status.OK


def test_pi5_ttyama0_needs_the_overlay(tmp_path, config_dir):
    (config_dir / "config.toml").write_text(PN532_CONFIG.replace("/dev/serial0", "/dev/ttyAMA0"))
    root = _pi(tmp_path / "root", boot="dtparam=spi=on\nenable_uart=1\n", devices=("/dev/ttyAMA0",), **PI5)
    check = _checks(FakeProbe(root))["uart.pi5"]
    assert check.status is Status.FAIL and "dtoverlay=uart0-pi5" in check.fix


def test_pi4_serial0_is_fine(tmp_path, config_dir):
    (config_dir / "config.toml").write_text(PN532_CONFIG)
    checks = _checks(FakeProbe(_pi(tmp_path / "root")))
    assert "uart.pi5" not in checks and checks["serial"].status is Status.OK


def test_state_dir_fix_never_takes_the_folder_from_the_service(tmp_path, config_dir, monkeypatch):
    from pathlib import Path

    from companion import paths

    class ReadOnly(FakeProbe):
        def writable(self, path):
            return False

    root = _pi(tmp_path / "root")
    assert "chown -R pi:" in _checks(ReadOnly(root))["state-dir"].fix  # a private folder: take it
    monkeypatch.setattr(paths, "SYSTEM_STATE_DIR", Path(os.environ["COMPANION_STATE_DIR"]))
    check = _checks(ReadOnly(root))["state-dir"]
    assert check.status is Status.FAIL and "chown" not in check.fix
    assert check.fix.startswith("sudo usermod -aG companion pi")


def test_login_shell_without_sdl_driver_is_judged_by_the_services_driver(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    checks = _checks(FakeProbe(root, env={}, sdl=("offscreen", "")))  # ssh: SDL alone would pick offscreen
    assert checks["display"].status is Status.OK and checks["display.open"].status is Status.OK
    (root / doctor.UNIT.lstrip("/")).unlink()  # no service: running by hand needs the variable
    assert _checks(FakeProbe(root, env={}, sdl=("offscreen", "")))["display"].status is Status.FAIL


# --- issue 36: fixes that follow what doctor saw; a Pi without its devices; one device-tree variable ----


def test_spi_on_in_config_txt_but_no_spidev_yet_says_reboot_not_append(tmp_path, config_dir):
    """The installer wrote dtparam=spi=on (doctor's own OK boot.spi) and the Pi was not rebooted yet."""
    root = _pi(tmp_path / "root", devices=("/dev/serial0",))  # the installer's block, no /dev/spidev0.0
    c = _checks(FakeProbe(root))
    assert c["boot.spi"].status is Status.OK
    assert c["leds"].status is Status.FAIL
    assert c["leds"].fix.startswith("sudo reboot") and "already has dtparam=spi=on" in c["leds"].fix
    assert "tee -a" not in c["leds"].fix  # the line is not appended a second time
    assert c["backend"].status is Status.FAIL and "/dev/spidev0.0" in c["backend"].detail
    assert "already has dtparam=spi=on" in c["backend"].fix
    off = _pi(
        tmp_path / "off", boot="", devices=("/dev/serial0",)
    )  # SPI really off: then the line is the fix
    fix = _checks(FakeProbe(off))["leds"].fix
    assert "printf '[all]\\ndtparam=spi=on\\n' | sudo tee -a /boot/firmware/config.txt && sudo reboot" in fix


def test_no_drm_card_with_the_kms_overlay_in_config_txt_says_reboot(tmp_path, config_dir):
    root = _pi(tmp_path / "root", boot=INSTALLER_BLOCK_WITH_KMS)
    (root / "dev" / "dri" / "card0").unlink()
    check = _checks(FakeProbe(root))["display.drm"]
    assert check.status is Status.FAIL and check.fix.startswith("sudo reboot")
    assert "already has dtoverlay=vc4-kms-v3d" in check.fix and "add dtoverlay" not in check.fix
    bare = _pi(tmp_path / "bare")
    (bare / "dev" / "dri" / "card0").unlink()
    assert _checks(FakeProbe(bare))["display.drm"].fix == "add dtoverlay=vc4-kms-v3d to config.txt and reboot"


INSTALLER_BLOCK_WITH_KMS = (
    "dtoverlay=vc4-kms-v3d\nmax_framebuffers=2\n"
    + __import__("tests.cli.test_doctor", fromlist=["x"]).INSTALLER_BLOCK
)


def test_a_pi_without_its_devices_is_the_pi_backend_with_them_named(tmp_path, config_dir):
    """A container or PrivateDevices=yes: the device tree says Raspberry Pi, /dev has neither the GPIO
    chip nor SPI. doctor names both, and the table runs the pi backend, not the mock."""
    root = _pi(tmp_path / "root", devices=())
    (root / "dev" / "gpiochip0").unlink()
    check = _checks(FakeProbe(root, env={}))["backend"]
    assert check.status is Status.FAIL
    assert check.detail.startswith(
        "pi (auto: Raspberry Pi (device tree), but /dev/gpiochip0 and /dev/spidev0.0 missing)"
    )
    assert "PrivateDevices=yes" in check.fix and "sudo reboot" in check.fix
    whole = _pi(tmp_path / "whole")
    assert _checks(FakeProbe(whole, env={}))["backend"].detail == "pi (auto: Raspberry Pi (device tree))"


def test_companion_device_tree_names_the_device_tree_for_doctor(tmp_path, config_dir, monkeypatch):
    """COMPANION_DEVICE_TREE on the real machine (root /): doctor reads the model beside that file."""
    dt = tmp_path / "dt"
    dt.mkdir()
    (dt / "compatible").write_bytes(b"raspberrypi,5-model-b\0brcm,bcm2712\0")
    (dt / "model").write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    probe = Probe("/", env={"COMPANION_DEVICE_TREE": str(dt / "compatible")})
    board = doctor.board_of(probe)
    assert board.pi and board.pi5 and board.model == "Raspberry Pi 5 Model B Rev 1.0"
    assert probe.is_pi5()
    assert not doctor.board_of(Probe("/", env={"COMPANION_DEVICE_TREE": str(tmp_path / "none")})).pi
    # a re-rooted probe is a test's machine: its own /proc/device-tree, whatever the variable says
    assert not Probe(tmp_path / "empty", env={"COMPANION_DEVICE_TREE": str(dt / "compatible")}).is_pi()
