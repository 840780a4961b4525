"""The systemd unit template: the keys the Pi needs, and `systemd-analyze verify` when it exists."""

import shutil
import subprocess

import pytest

from companion.cli import doctor
from companion.runtime.startguard import StartGuard
from tests.deploy.fakesys import REPO, FakePi

TEMPLATE = REPO / "systemd" / "companion.service"
GROUPS = set(doctor.GROUPS)  # the unit grants exactly the groups doctor asks for


def _entries(text):
    """(section, key, value) for every active line of a unit file."""
    out, section = [], None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        out.append((section, key.strip(), value.strip()))
    return out


def _values(text, section, key):
    """All values of `key` in `section`."""
    return [v for s, k, v in _entries(text) if s == section and k == key]


def _render(venv, user="companion", protect_home="yes"):
    """The template with its placeholders filled, as install.sh does."""
    text = TEMPLATE.read_text()
    return text.replace("@USER@", user).replace("@VENV@", str(venv)).replace("@PROTECT_HOME@", protect_home)


def test_unit_notify_watchdog_and_restart():
    text = TEMPLATE.read_text()
    assert _values(text, "Service", "Type") == ["notify"]
    assert _values(text, "Service", "NotifyAccess") == ["main"]
    assert _values(text, "Service", "WatchdogSec") == ["10"]
    assert _values(text, "Service", "Restart") == ["on-failure"]
    assert _values(text, "Service", "ExecStart") == ["@VENV@/bin/companion run --fullscreen"]
    assert _values(text, "Unit", "StartLimitIntervalSec") == ["300"]
    # systemd must keep restarting until StartGuard has switched to safe mode
    assert int(_values(text, "Unit", "StartLimitBurst")[0]) > StartGuard("/nonexistent").limit


def test_unit_runs_unprivileged_with_device_groups():
    text = TEMPLATE.read_text()
    assert _values(text, "Service", "User") == ["@USER@"]
    assert set(_values(text, "Service", "SupplementaryGroups")[0].split()) == GROUPS
    assert _values(text, "Service", "StateDirectory") == ["companion"]
    assert _values(text, "Service", "WorkingDirectory") == ["/var/lib/companion"]
    env = _values(text, "Service", "Environment")
    assert "COMPANION_STATE_DIR=/var/lib/companion" in env
    assert "SDL_VIDEODRIVER=kmsdrm" in env
    assert any(e.startswith("SDL_AUDIODRIVER=") for e in env)


def test_unit_keeps_rescue_files_where_a_stop_can_write_them():
    """A stop while not saving writes to memory places that outlive the stop (companion/storage/rescue.py)."""
    text = TEMPLATE.read_text()
    assert _values(text, "Service", "RuntimeDirectoryPreserve") == ["yes"]
    assert _values(text, "Service", "RuntimeDirectoryMode") == ["0750"]
    assert "COMPANION_RESCUE_PLACES=/run/companion:/dev/shm" in _values(text, "Service", "Environment")


def test_unit_takes_tty1_after_boot_targets():
    text = TEMPLATE.read_text()
    assert _values(text, "Unit", "Conflicts") == ["getty@tty1.service"]
    after = _values(text, "Unit", "After")[0].split()
    assert {"local-fs.target", "plymouth-quit-wait.service", "getty@tty1.service"} <= set(after)
    assert _values(text, "Install", "WantedBy") == ["multi-user.target"]


def test_unit_hardening_keeps_devices_reachable():
    keys = {k for _s, k, _v in _entries(TEMPLATE.read_text())}
    assert {"NoNewPrivileges", "ProtectSystem", "ProtectHome", "PrivateTmp"} <= keys
    for forbidden in (
        "PrivateDevices",
        "DevicePolicy",
        "DeviceAllow",
        "PrivateUsers",
        "ProtectClock",
        "ProtectKernelTunables",
    ):
        assert forbidden not in keys, f"{forbidden} would cut off GPIO/SPI/DRM"


def test_unit_installed_copy_matches_template(tmp_path):
    pi = FakePi(tmp_path)
    assert pi.run("--no-apt").returncode == 0
    assert pi.unit.read_text() == _render("/opt/companion/venv")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed here")
def test_unit_passes_systemd_analyze_verify(tmp_path):
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    exe = venv / "bin" / "companion"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    unit = tmp_path / "companion.service"
    unit.write_text(_render(venv))
    res = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
    problems = [line for line in (res.stdout + res.stderr).splitlines() if "companion.service" in line]
    assert res.returncode == 0 and not problems, res.stdout + res.stderr


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed here")
def test_unit_verify_catches_a_broken_unit(tmp_path):
    unit = tmp_path / "companion.service"
    unit.write_text(_render(tmp_path / "missing-venv"))
    res = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
    assert res.returncode != 0 and "not executable" in res.stderr


def test_unit_gives_sound_and_shares_its_folders_with_its_group():
    text = TEMPLATE.read_text()
    assert (
        "audio" in _values(text, "Service", "SupplementaryGroups")[0].split()
    )  # /dev/snd is root:audio 0660
    assert _values(text, "Service", "StateDirectoryMode") == ["2770"]
    assert _values(text, "Service", "UMask") == ["0007"]  # sqlite's -wal/-shm stay group-writable
    assert _values(text, "Service", "ReadWritePaths") == [
        "-/etc/companion"
    ]  # taught cards under ProtectSystem=strict
