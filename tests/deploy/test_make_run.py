"""`make run` on a Raspberry Pi is the table (issue 24, point 2): the Makefile reads the device tree
(PI_DT stands in for it here), installs the [pi] extra under its own stamp and starts full screen on
the real backend with the service's drivers; on a PC it stays the plain `companion run`. Checked with
`make -n` on a throwaway venv path, so nothing is installed or started."""

import os
import re
import subprocess

from tests.deploy.fakesys import REPO


def _make_n(tmp_path, target="run", compatible=b"raspberrypi,4-model-b\0brcm,bcm2711\0", **env):
    """The commands `make -n TARGET` would run, on a fake device tree holding `compatible` (None: no file)."""
    dt = tmp_path / "compatible"
    if compatible is None:
        dt.unlink(missing_ok=True)
    else:
        dt.write_bytes(compatible)
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "MAKEFLAGS", "MAKELEVEL")
    }
    res = subprocess.run(
        ["make", "-n", target, f"PI_DT={dt}", f"VENV={tmp_path / 'venv'}"],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={**base, **env},
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    return res.stdout


def _service_env():
    """SDL_* settings of the installed unit (the template's Environment= lines)."""
    unit = (REPO / "systemd" / "companion.service").read_text()
    return dict(re.findall(r"^Environment=(SDL_\w+)=(\S+)$", unit, re.M))


def test_make_run_on_a_pi_installs_the_pi_extra_and_starts_the_table_full_screen(tmp_path):
    out = _make_n(tmp_path)
    assert f"-m pip install -q -e '.[pi]'\ntouch {tmp_path / 'venv' / '.installed-pi'}\n" in out
    start = out.strip().splitlines()[-1]
    assert start.endswith("/venv/bin/python -m companion run --fullscreen --backend pi")
    env = _service_env()  # the same drivers as the boot service: kmsdrm screen, ALSA sound
    assert env == {"SDL_VIDEODRIVER": "kmsdrm", "SDL_AUDIODRIVER": "alsa"}
    assert start.startswith(" ".join(f"{k}={v}" for k, v in env.items()) + " ")
    assert (
        "ExecStart=@VENV@/bin/companion run --fullscreen\n"
        in (REPO / "systemd" / "companion.service").read_text()
    )


def test_make_run_on_a_pc_stays_the_plain_run(tmp_path):
    for compatible in (None, b"brcm,bcm2711\0", b"qemu,virt\0"):  # no device tree; not a Raspberry Pi
        out = _make_n(tmp_path, compatible=compatible)
        assert "[pi]" not in out and "installed-pi" not in out
        assert out.strip().splitlines()[-1] == (
            f"COMPANION_DEVICE_TREE={tmp_path / 'compatible'} "
            f"{tmp_path / 'venv' / 'bin' / 'python'} -m companion run"
        )


def test_make_run_on_a_pi_desktop_keeps_the_desktops_drivers(tmp_path):
    start = _make_n(tmp_path, DISPLAY=":0").strip().splitlines()[-1]
    assert start == (
        f"COMPANION_DEVICE_TREE={tmp_path / 'compatible'} "
        f"{tmp_path / 'venv' / 'bin' / 'python'} -m companion run --fullscreen --backend pi"
    )


def test_make_test_on_a_pi_needs_neither_the_pi_extra_nor_the_hardware(tmp_path):
    out = _make_n(tmp_path, target="test")
    assert "[pi]" not in out and "installed-pi" not in out
    assert "COMPANION_HAL=mock" in out and "SDL_VIDEODRIVER=dummy" in out


def test_doctor_and_hw_test_on_a_pi_get_the_pi_extra_too(tmp_path):
    for target in ("doctor", "hw-test"):
        assert "-m pip install -q -e '.[pi]'" in _make_n(tmp_path, target=target)
        assert "[pi]" not in _make_n(tmp_path, target=target, compatible=None)


def test_the_pi_extra_stamp_is_separate_and_follows_pyproject():
    text = (REPO / "Makefile").read_text()
    assert re.search(r"^\$\(PI_STAMP\): \$\(STAMP\) pyproject\.toml$", text, re.M)
    assert re.search(r"^PI_STAMP := \$\(VENV\)/\.installed-pi$", text, re.M)


def test_the_makefile_reads_companion_device_tree_and_hands_it_on(tmp_path):
    """One variable for the device tree (issue #36, point 6): COMPANION_DEVICE_TREE, without PI_DT,
    makes `make run` the table, and every command make starts reads the same file."""
    pi = tmp_path / "pi-compatible"
    pi.write_bytes(b"raspberrypi,5-model-b\0brcm,bcm2712\0")
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "MAKEFLAGS", "MAKELEVEL")
    }
    for target in ("run", "doctor", "hw-test"):
        res = subprocess.run(
            ["make", "-n", target, f"VENV={tmp_path / 'venv'}"],
            cwd=REPO,
            capture_output=True,
            text=True,
            env={**base, "COMPANION_DEVICE_TREE": str(pi)},
            timeout=60,
        )
        assert res.returncode == 0, res.stderr
        assert "installed-pi" in res.stdout, target  # taken for a Pi
        assert f"COMPANION_DEVICE_TREE={pi} " in res.stdout.strip().splitlines()[-1], target


def test_the_pi_extra_builds_lgpio_without_the_system_library():
    """Python 3.13 (Trixie) has no lgpio wheel: pip builds lgpio's sdist, which links the system's
    liblgpio (Raspberry Pi OS only) unless PYPI=1 compiles lgpio's own C sources in (issue #36; read in
    lgpio 0.2.2.0's setup.py); `make run` must work on plain Debian arm64 as the installer does."""
    text = (REPO / "Makefile").read_text()
    recipe = re.search(r"^\$\(PI_STAMP\):.*\n\t(.*)$", text, re.M).group(1)
    assert recipe.startswith("PYPI=1 ") and "pip install" in recipe and "'.[pi]'" in recipe
