"""`companion doctor` on the Pi's screen (issue 24, points 1, 5 and 6): a real GBM device and EGL on
the card, the Mesa package named when they fail; a desktop login that takes the screen at every
boot; SPI0's chip-select pins under the buttons."""

import os
import subprocess
import time

from companion.cli import doctor, doctor_screen
from companion.cli.doctor import Probe, Status
from tests.cli.test_doctor import FakeProbe, _by_name, _pi


def _checks(probe):
    return _by_name(doctor.run_checks(probe))


def _trixie(root):
    (root / "etc" / "os-release").write_text(
        'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nVERSION_CODENAME=trixie\n'
    )
    return root


# --- display.gbm ------------------------------------------------------------------------------------


def test_gbm_that_opens_is_ok_and_names_the_driver(tmp_path, config_dir):
    check = _checks(FakeProbe(_pi(tmp_path / "root")))["display.gbm"]
    assert (
        check.status is Status.OK
        and check.detail == "/dev/dri/card0: driver vc4 (GBM drm, EGL 1.4 Mesa Project)"
    )


def test_gbm_without_mesas_driver_fails_and_names_the_package_for_the_release(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    check = _checks(FakeProbe(root, gbm=(None, "gbm: [mesa:vc4]")))["display.gbm"]
    assert check.status is Status.FAIL and "no GBM device on /dev/dri/card0" in check.detail
    assert "vc4" in check.detail  # Mesa's own complaint, in our words
    assert check.fix == "sudo apt install --no-install-recommends libgl1-mesa-dri"  # bookworm
    egl = _checks(FakeProbe(_trixie(root), gbm=(None, "egl:0x3001")))["display.gbm"]
    assert egl.status is Status.FAIL and "EGL does not start on /dev/dri/card0 (0x3001)" in egl.detail
    assert egl.fix == "sudo apt install --no-install-recommends libgl1-mesa-dri mesa-libgallium"


def test_gbm_other_failures_say_what_to_do(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    denied = _checks(FakeProbe(root, gbm=(None, "open:EACCES")))["display.gbm"]
    assert denied.status is Status.FAIL and "no permission" in denied.detail
    assert denied.fix.startswith("sudo usermod -aG video,render pi")
    lib = _checks(FakeProbe(root, gbm=(None, "lib:libEGL.so.1")))["display.gbm"]
    assert lib.fix == "sudo apt install --no-install-recommends libegl1 libgl1-mesa-dri"
    soft = _checks(FakeProbe(root, gbm=("driver kms_swrast (GBM drm, EGL 1.4 Mesa Project)", "")))[
        "display.gbm"
    ]
    assert soft.status is Status.WARN and "software" in soft.detail and "libgl1-mesa-dri" in soft.fix
    hung = _checks(FakeProbe(root, gbm=(None, "hung:30")))["display.gbm"]
    assert hung.status is Status.FAIL and "within 30 s" in hung.detail


def test_gbm_is_tried_on_the_card_with_a_connector(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    for path in ("dev/dri/card1", "sys/class/drm/card1-HDMI-A-1"):  # a Pi 4/5: card0 is v3d, card1 is vc4
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("")

    class Recording(FakeProbe):
        def gbm_open(self, card, timeout=30.0):
            self.card = card
            return super().gbm_open(card, timeout)

    probe = Recording(root)
    _checks(probe)
    assert probe.card == "/dev/dri/card1"


def test_gbm_not_asked_off_a_pi_or_without_a_card(tmp_path, config_dir):
    assert "display.gbm" not in _checks(FakeProbe(tmp_path / "pc", groups=(), sdl=("x11", ""), env={}))
    root = _pi(tmp_path / "root")
    (root / "dev" / "dri" / "card0").unlink()
    checks = _checks(FakeProbe(root))
    assert "display.gbm" not in checks and checks["display.drm"].status is Status.FAIL


def test_real_gbm_child_fails_cleanly_where_no_card_is(tmp_path):
    probe = Probe(root=tmp_path, env={**os.environ})
    assert probe.gbm_open("/dev/dri/card0") == (None, "open:ENOENT")
    (tmp_path / "dev" / "dri").mkdir(parents=True)
    (tmp_path / "dev" / "dri" / "card0").write_text("not a DRM device")
    opened, why = probe.gbm_open("/dev/dri/card0")  # this machine's real libgbm: no device on a plain file
    assert opened is None and why.startswith("gbm:")


def test_real_gbm_child_runs_egl_through_gbm():
    # /dev/null is no card: Mesa falls back to its software driver, but GBM, EGL and the
    # driver-name query all run for real in the child (this machine has libgbm1 and Mesa's EGL)
    opened, why = Probe(env={**os.environ}).gbm_open("/dev/null")
    assert why == "" and opened.startswith("driver ") and "GBM drm, EGL 1." in opened


def test_real_doctor_on_a_pi_root_with_a_fake_card_names_the_package_without_a_traceback(
    tmp_path, config_dir
):
    root = _pi(tmp_path / "root")
    (root / "dev" / "dri" / "card0").write_text("not a DRM device")

    class RealGbm(FakeProbe):
        gbm_open = Probe.gbm_open  # the real child process

    rc = doctor.main([], probe=RealGbm(root, env={**os.environ}))
    check = _checks(RealGbm(root, env={**os.environ}))["display.gbm"]
    assert rc == 1 and check.status is Status.FAIL
    assert check.fix == "sudo apt install --no-install-recommends libgl1-mesa-dri"
    assert "Traceback" not in check.detail and "Error" not in check.detail


def test_real_gbm_child_that_hangs_is_cut_off(monkeypatch):
    monkeypatch.setattr(doctor_screen, "_GBM_SCRIPT", "import time\ntime.sleep(30)\n")
    start = time.monotonic()
    assert Probe(env={**os.environ}).gbm_open("/dev/null", timeout=1.0) == (None, "hung:1")
    assert time.monotonic() - start < 10


def test_doctor_names_the_same_mesa_packages_as_the_installer(tmp_path):
    from tests.deploy.fakesys import FakePi
    from tests.deploy.test_installer import _required

    assert doctor_screen.mesa_packages("bookworm") == ["libgl1-mesa-dri"]
    assert doctor_screen.mesa_packages("trixie") == ["libgl1-mesa-dri", "mesa-libgallium"]
    for codename in ("bookworm", "trixie", "forky"):
        res = FakePi(tmp_path / codename, codename=codename, python="3.11.2").run("--dry-run")
        required = _required(res.stdout.splitlines())
        assert [p for p in required if "mesa" in p] == doctor_screen.mesa_packages(codename), codename


# --- boot.target ------------------------------------------------------------------------------------


def _desktop(root, target="graphical.target"):
    units = root / "etc" / "systemd" / "system"
    units.mkdir(parents=True, exist_ok=True)
    (units / "display-manager.service").symlink_to("/lib/systemd/system/lightdm.service")
    (units / "default.target").symlink_to(f"/lib/systemd/system/{target}")
    return root


def test_a_desktop_login_at_boot_fails_with_a_fix_that_survives_a_reboot(tmp_path, config_dir):
    root = _desktop(_pi(tmp_path / "root"))
    check = _checks(FakeProbe(root))["boot.target"]
    assert check.status is Status.FAIL and "lightdm.service starts the desktop at every boot" in check.detail
    assert check.fix.startswith("sudo systemctl set-default multi-user.target && sudo reboot")
    # what the fix (and the installer) leaves behind: the display manager installed, the boot to the console
    (root / "etc" / "systemd" / "system" / "default.target").unlink()
    (root / "etc" / "systemd" / "system" / "default.target").symlink_to(
        "/lib/systemd/system/multi-user.target"
    )
    assert _checks(FakeProbe(root))["boot.target"].status is Status.OK


def test_boot_target_follows_the_distributions_default_when_etc_has_none(tmp_path, config_dir):
    root = _pi(tmp_path / "root")
    units = root / "etc" / "systemd" / "system"
    units.mkdir(parents=True, exist_ok=True)
    (units / "display-manager.service").symlink_to("/lib/systemd/system/lightdm.service")
    (root / "lib" / "systemd" / "system").mkdir(parents=True)
    (root / "lib" / "systemd" / "system" / "default.target").symlink_to("graphical.target")
    assert _checks(FakeProbe(root))["boot.target"].status is Status.FAIL
    assert _checks(FakeProbe(_pi(tmp_path / "lite")))["boot.target"].detail == "no desktop login at boot"


def test_doctor_agrees_with_what_the_installer_did_on_a_desktop_image(tmp_path, config_dir):
    from tests.deploy.fakesys import FakePi

    pi = FakePi(tmp_path / "pi", desktop=True)
    root = _pi(pi.root)  # the same tree: the installer's links are what doctor reads
    assert _checks(FakeProbe(root))["boot.target"].status is Status.FAIL
    assert pi.run("--no-apt").returncode == 0
    assert _checks(FakeProbe(root))["boot.target"].status is Status.OK
    assert pi.run("--uninstall").returncode == 0
    assert _checks(FakeProbe(root))["boot.target"].status is Status.FAIL


# --- boot.spi-cs ------------------------------------------------------------------------------------

BUTTONS_ON_7_8 = "[buttons]\n"  # the default pin map puts district C2 on GPIO7 and C1 on GPIO8


def _run_fix(command, boot):
    """Run a printed boot-config fix without sudo or the reboot, on the test's config.txt."""
    first = (
        command.split(" && sudo reboot")[0]
        .replace("sudo ", "")
        .replace("/boot/firmware/config.txt", str(boot))
    )
    res = subprocess.run(["bash", "-c", first], capture_output=True, text=True, timeout=10)
    assert res.returncode == 0, res.stderr


def test_buttons_on_spi0_chip_selects_need_spi0_0cs(tmp_path, config_dir):
    (config_dir / "config.toml").write_text(BUTTONS_ON_7_8)
    root = _pi(tmp_path / "root", boot="dtparam=spi=on\n[pi4]\ncore_freq_min=500\n")
    check = _checks(FakeProbe(root))["boot.spi-cs"]
    assert check.status is Status.FAIL and "district.C2 (GPIO7), district.C1 (GPIO8)" in check.detail
    _run_fix(check.fix, root / "boot" / "firmware" / "config.txt")
    assert (root / "boot" / "firmware" / "config.txt").read_text().endswith("[all]\ndtoverlay=spi0-0cs\n")
    assert _checks(FakeProbe(root))["boot.spi-cs"].status is Status.OK


def test_the_installers_boot_block_frees_gpio7_and_gpio8(tmp_path, config_dir):
    (config_dir / "config.toml").write_text(BUTTONS_ON_7_8)
    check = _checks(FakeProbe(_pi(tmp_path / "root")))["boot.spi-cs"]  # _pi: the installer's block
    assert check.status is Status.OK and "GPIO7 and GPIO8 are free" in check.detail


def test_a_button_on_miso_needs_no_miso(tmp_path, config_dir):
    # (the spi driver refuses a button on GPIO9 in the config itself; the Pi 5 PIO driver leaves SPI0 alone)
    (config_dir / "config.toml").write_text('[leds]\ndriver = "pi5pio"\n[buttons.pins]\nnext = "GPIO9"\n')
    root = _pi(tmp_path / "root", boot="dtparam=spi=on\ndtoverlay=spi0-0cs\n")
    check = _checks(FakeProbe(root))["boot.spi-cs"]
    assert check.status is Status.FAIL and "next (GPIO9)" in check.detail
    _run_fix(check.fix, root / "boot" / "firmware" / "config.txt")
    assert "dtoverlay=spi0-0cs,no_miso\n" in (root / "boot" / "firmware" / "config.txt").read_text()
    assert _checks(FakeProbe(root))["boot.spi-cs"].status is Status.OK


def test_spi_cs_not_checked_with_spi_off_or_off_a_pi(tmp_path, config_dir):
    (config_dir / "config.toml").write_text(BUTTONS_ON_7_8)
    assert "boot.spi-cs" not in _checks(FakeProbe(_pi(tmp_path / "root", boot="dtparam=spi=off\n")))
    assert "boot.spi-cs" not in _checks(FakeProbe(tmp_path / "pc", groups=(), sdl=("x11", ""), env={}))


def test_boot_settings_keep_overlay_parameters():
    settings = doctor.boot_settings("dtoverlay=spi0-0cs, no_miso\ndtoverlay=uart0-pi5\n", frozenset({"all"}))
    assert settings["dtoverlay:spi0-0cs"] == "no_miso" and settings["dtoverlay:uart0-pi5"] == "on"
