"""systemd/install.sh run for real against a fake Pi root, in dry-run, twice, and uninstalled."""

import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.deploy.fakesys import CMDLINE_TXT, CONFIG_TXT, INSTALLER, REPO, FakePi
from tests.deploy.test_package_build import OFFLINE

BEGIN = "# >>> nightwatch-companion (managed by systemd/install.sh) >>>"


def test_installer_syntax_is_valid_bash():
    assert subprocess.run(["bash", "-n", str(INSTALLER)], capture_output=True).returncode == 0


def test_installer_dry_run_prints_steps_and_changes_nothing(tmp_path):
    pi = FakePi(tmp_path)
    before = pi.snapshot()
    res = pi.run("--dry-run")
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "would run: apt-get install -y --no-install-recommends python3-venv python3-dev" in out
    assert "would run: useradd --system" in out
    assert "would run: groupadd --system gpio" in out
    assert "would run: usermod -aG video,render,input,gpio,spi,dialout,audio companion" in out
    assert "+dtparam=spi=on" in out and "+enable_uart=1" in out and "+core_freq_min=500" in out
    assert "would run: systemctl enable companion.service" in out
    assert pi.snapshot() == before
    assert not any(c.startswith(("apt-get", "useradd", "systemctl", "chown")) for c in pi.calls())


def test_installer_real_run_sets_up_everything(tmp_path):
    pi = FakePi(tmp_path)
    res = pi.run()
    assert res.returncode == 0, res.stderr + res.stdout
    calls = pi.calls()
    assert "apt-get update" in calls
    assert any(c.startswith("useradd --system --user-group") and c.endswith(" companion") for c in calls)
    assert "usermod -aG video,render,input,gpio,spi,dialout,audio companion" in calls
    assert any("pip install --quiet" in c and c.endswith("[pi]") for c in calls)
    assert "systemctl enable companion.service" in calls
    config = pi.config_txt.read_text()
    assert config.startswith(CONFIG_TXT)  # the user's lines are kept, the block is appended
    block = config[len(CONFIG_TXT) :]
    for line in (
        "[all]",
        "dtparam=spi=on",
        "enable_uart=1",
        "[pi4]",
        "core_freq_min=500",
        "[pi3]",
        "core_freq=250",
        "[pi02]",
        "[pi5]",
        "dtoverlay=uart0-pi5",
    ):
        assert line in block.splitlines()
    assert block.rstrip().endswith("# <<< nightwatch-companion <<<")
    assert (
        pi.cmdline_txt.read_text()
        == "console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait\n"
    )
    unit = pi.unit.read_text()
    assert "User=companion\n" in unit
    assert "ExecStart=/opt/companion/venv/bin/companion run --fullscreen\n" in unit
    assert "ProtectHome=yes\n" in unit and "@" not in unit.replace("getty@tty1", "")
    assert 'pin = "GPIO10"' in pi.config_toml.read_text()
    assert not (pi.root / "var" / "lib" / "companion" / "config").exists()


def test_installer_second_run_changes_nothing(tmp_path):
    pi = FakePi(tmp_path)
    assert pi.run().returncode == 0
    after_first = pi.snapshot()
    res = pi.run()
    assert res.returncode == 0, res.stderr
    assert pi.snapshot() == after_first
    calls = pi.calls()
    assert not any(c.startswith(("useradd", "groupadd", "usermod")) for c in calls), calls
    assert pi.config_txt.read_text().count(BEGIN) == 1
    assert "unchanged:" in res.stdout and "keeping your config" in res.stdout


def test_installer_user_and_prefix_options(tmp_path):
    pi = FakePi(tmp_path)
    res = pi.run("--user", "alice", "--prefix", "/home/alice/nightwatch", "--no-apt")
    assert res.returncode == 0, res.stderr
    unit = pi.unit.read_text()
    assert "User=alice\nGroup=alice\n" in unit
    assert "ExecStart=/home/alice/nightwatch/venv/bin/companion run --fullscreen" in unit
    assert "ProtectHome=read-only" in unit  # the venv under /home must stay visible
    assert not any(c.startswith("apt-get") for c in pi.calls())
    assert (pi.root / "home" / "alice" / "nightwatch" / "venv" / "bin" / "companion").exists()


def test_installer_uninstall_restores_boot_config(tmp_path):
    pi = FakePi(tmp_path)
    assert pi.run().returncode == 0
    res = pi.run("--uninstall")
    assert res.returncode == 0, res.stderr
    assert pi.config_txt.read_text() == CONFIG_TXT
    assert not pi.unit.exists()
    assert not (pi.root / "opt" / "companion" / "venv").exists()
    assert "systemctl disable --now companion.service" in pi.calls()
    assert pi.cmdline_txt.read_text() != CMDLINE_TXT  # console stays off, and says so
    assert "raspi-config" in res.stdout


def test_installer_old_boot_layout_and_symlink_kept(tmp_path):
    pi = FakePi(tmp_path)
    firmware = pi.root / "boot" / "firmware"
    for f in firmware.iterdir():
        f.rename(pi.root / "boot" / f.name)
    firmware.rmdir()
    res = pi.run("--no-apt")
    assert res.returncode == 0, res.stderr
    assert "dtparam=spi=on" in (pi.root / "boot" / "config.txt").read_text()


def test_installer_writes_through_config_symlink(tmp_path):
    pi = FakePi(tmp_path)
    link = pi.root / "boot" / "config.txt"
    link.symlink_to("firmware/config.txt")
    assert pi.run("--no-apt").returncode == 0
    assert link.is_symlink()
    assert "dtparam=spi=on" in pi.config_txt.read_text()


def test_installer_rejects_bad_options(tmp_path):
    pi = FakePi(tmp_path)
    assert pi.run("--frobnicate").returncode == 2
    assert pi.run("--prefix", "relative/dir").returncode == 2
    res = pi.run("--user", "Bad Name")
    assert res.returncode == 2 and "bad user name" in res.stderr


def test_installer_without_boot_config_skips_that_step(tmp_path):
    pi = FakePi(tmp_path)
    pi.config_txt.unlink()
    res = pi.run("--no-apt")
    assert res.returncode == 0, res.stderr
    assert "not a Raspberry Pi? skipped" in res.stdout


def test_installer_help_is_the_header_comment_only(tmp_path):
    res = FakePi(tmp_path).run("--help")
    assert res.returncode == 0 and res.stdout.startswith("Install the Nightwatch companion")
    assert "--uninstall" in res.stdout and "set -euo" not in res.stdout and 'ROOT="' not in res.stdout


def test_installer_installs_the_libraries_kmsdrm_loads(tmp_path):
    pi = FakePi(tmp_path)
    assert pi.run().returncode == 0
    install = next(
        c for c in pi.calls() if c.startswith("apt-get install -y --no-install-recommends python3-venv")
    )
    # SDL's KMSDRM driver dlopens libEGL.so.1, libGLESv2.so.2, libgbm.so.1 and libdrm.so.2
    assert {"libegl1", "libgles2", "libgbm1", "libdrm2"} <= set(install.split())


def test_installer_gives_the_service_sound(tmp_path):
    pi = FakePi(tmp_path)
    assert pi.run().returncode == 0
    assert "groupadd --system audio" in pi.calls()
    assert "SupplementaryGroups=video render input gpio spi dialout audio\n" in pi.unit.read_text()


def test_installer_one_place_for_config_and_state(tmp_path):
    pi = FakePi(tmp_path)
    pi.add_user("pi")
    res = pi.run(env={"SUDO_USER": "pi"})
    assert res.returncode == 0, res.stderr + res.stdout
    calls = pi.calls()
    # the login user joins the service's group: it reads the config and opens the journal without sudo
    assert "usermod -aG companion pi" in calls
    assert "chown -R root:companion " + str(pi.root / "etc" / "companion") in calls
    for d in (pi.root / "etc" / "companion", pi.root / "var" / "lib" / "companion"):
        assert d.stat().st_mode & 0o7777 == 0o2770, d
    assert pi.config_toml.stat().st_mode & 0o077 == 0o060  # group read/write, nothing for others
    unit = pi.unit.read_text()
    assert "Environment=COMPANION_CONFIG_DIR=/etc/companion\n" in unit
    assert "Environment=COMPANION_STATE_DIR=/var/lib/companion\n" in unit
    assert "ReadWritePaths=-/etc/companion\n" in unit
    # `companion` on PATH
    link = pi.root / "usr" / "local" / "bin" / "companion"
    assert link.is_symlink() and str(link.readlink()) == "/opt/companion/venv/bin/companion"
    res = pi.run(env={"SUDO_USER": "pi"})
    assert res.returncode == 0 and "pi is already in group companion" in res.stdout
    assert not any(c.startswith("usermod") for c in pi.calls())
    assert pi.run("--uninstall").returncode == 0
    assert not link.is_symlink() and pi.config_toml.exists()


def test_installer_warns_when_a_kept_config_no_longer_passes(tmp_path):
    pi = FakePi(tmp_path)
    assert pi.run("--no-apt").returncode == 0
    text = pi.config_toml.read_text()
    assert "undo = " in text
    pi.config_toml.write_text(text.replace('undo = "GPIO26"', 'undo = "GPIO13"'))  # the old default pin map
    res = pi.run("--no-apt")
    assert res.returncode == 0, res.stderr  # the install goes on; the config is the user's to fix
    assert "keeping your config" in res.stdout and "does not pass" in res.stdout
    assert "buttons.pins.undo" in res.stdout and "Pinout" in res.stdout
    assert 'undo = "GPIO13"' in pi.config_toml.read_text()  # never rewritten behind the user's back
    pi.config_toml.write_text(text)
    assert "does not pass" not in pi.run("--no-apt").stdout


def test_installer_moves_an_old_config_beside_the_journal(tmp_path):
    pi = FakePi(tmp_path)
    old = pi.root / "var" / "lib" / "companion" / "config"
    (old / "masters").mkdir(parents=True)
    (old / "config.toml").write_text('[reader]\ntype = "lines"\nport = "loop://"\n')
    (old / "masters" / "taught.toml").write_text("# taught\n")
    res = pi.run("--no-apt")
    assert res.returncode == 0, res.stderr
    assert pi.config_toml.read_text().startswith("[reader]")
    assert (pi.config_toml.parent / "masters" / "taught.toml").exists()
    assert (pi.config_toml.parent / "masters").stat().st_mode & 0o7777 == 0o2770  # subfolders shared too
    assert not old.exists()


def test_installer_writes_the_uart_port_for_the_model(tmp_path):
    pi5 = FakePi(tmp_path / "pi5", model="Raspberry Pi 5 Model B Rev 1.0", soc="brcm,bcm2712")
    assert pi5.run("--no-apt").returncode == 0
    assert '\nport = "/dev/ttyAMA0"' in pi5.config_toml.read_text()
    assert "dtoverlay=uart0-pi5" in pi5.config_txt.read_text().split("[pi5]", 1)[1]
    pi4 = FakePi(tmp_path / "pi4")
    assert pi4.run("--no-apt").returncode == 0
    assert '\nport = "/dev/serial0"' in pi4.config_toml.read_text()


# --- issue 24: what KMSDRM, lgpio and a desktop image need --------------------------------------------


def _required(calls_or_out):
    """The packages of the one `apt-get install` line that must succeed (the first one)."""
    line = next(
        line for line in calls_or_out if "apt-get install -y --no-install-recommends python3-venv" in line
    )
    return line.split("--no-install-recommends ", 1)[1].split()


def test_installer_dry_run_on_bookworm_lists_the_mesa_dri_drivers(tmp_path):
    res = FakePi(tmp_path, codename="bookworm", python="3.11.2").run("--dry-run")
    assert res.returncode == 0, res.stderr
    required = _required(res.stdout.splitlines())
    # GBM/EGL load Mesa's vc4/v3d driver from libgl1-mesa-dri; nothing of the four libraries pulls it in
    assert {"libegl1", "libgles2", "libgbm1", "libdrm2", "libgl1-mesa-dri", "alsa-utils"} <= set(required)
    assert "mesa-libgallium" not in required  # not in bookworm's archive
    assert "liblgpio-dev" not in required  # Python 3.11 has an lgpio wheel: optional only
    assert "would run: apt-get install -y --no-install-recommends liblgpio-dev" in res.stdout


def test_installer_dry_run_on_trixie_requires_gallium_and_builds_lgpio_from_its_own_sources(tmp_path):
    for machine in ("aarch64", "armv7l"):
        res = FakePi(tmp_path / machine, codename="trixie", python="3.13.5", machine=machine).run("--dry-run")
        assert res.returncode == 0, res.stderr
        required = _required(res.stdout.splitlines())
        assert {"libgl1-mesa-dri", "mesa-libgallium", "swig", "build-essential"} <= set(required), machine
        assert "liblgpio-dev" not in required, machine  # Raspberry Pi OS's archive only: never required
        assert "would run: apt-get install -y --no-install-recommends liblgpio-dev" in res.stdout
        assert "no lgpio wheel on PyPI, so lgpio is built from its own C sources" in res.stdout
        build = next(line for line in res.stdout.splitlines() if "--no-binary lgpio" in line)
        assert "env PYPI=1 " in build and build.endswith(
            "pip install --quiet --no-binary lgpio lgpio\\>=0.2"
        ), build
        lines = res.stdout.splitlines()
        assert lines.index(build) < next(
            i for i, line in enumerate(lines) if line.endswith("\\[pi\\]")
        )  # before [pi]
    pc = FakePi(tmp_path / "pc", codename="trixie", python="3.13.5", machine="x86_64").run("--dry-run")
    assert "--no-binary lgpio" not in pc.stdout  # the [pi] extra's markers skip lgpio there
    bookworm = FakePi(tmp_path / "bw", codename="bookworm", python="3.11.2").run("--dry-run")
    assert "--no-binary lgpio" not in bookworm.stdout  # PyPI has a wheel for 3.11


def test_installer_on_plain_debian_without_liblgpio_dev_goes_on(tmp_path):
    for codename, python in (("trixie", "3.13.5"), ("bookworm", "3.11.2")):
        pi = FakePi(tmp_path / codename, codename=codename, python=python)
        res = pi.run(env={"FAKE_APT_MISSING": "liblgpio-dev"})  # Debian's own archive has no liblgpio-dev
        assert res.returncode == 0, res.stderr + res.stdout
        assert "note: liblgpio-dev not available; continuing" in res.stdout
        calls = pi.calls()
        assert any(
            c.startswith("venv-python -m pip install --quiet /") and c.endswith("[pi]") for c in calls
        ), codename
        assert any("--no-binary lgpio" in c for c in calls) == (codename == "trixie")


def test_installer_stops_when_a_required_package_is_missing(tmp_path):
    pi = FakePi(tmp_path, codename="trixie", python="3.13.5")
    res = pi.run(env={"FAKE_APT_MISSING": "swig"})
    assert res.returncode != 0
    assert "could not install" in res.stderr and "swig" in res.stderr
    assert not any(
        c.startswith("venv-python -m pip install --quiet /") for c in pi.calls()
    )  # stopped before pip


def test_installer_boot_block_frees_gpio7_and_gpio8_and_uninstall_removes_it(tmp_path):
    pi = FakePi(tmp_path)
    assert pi.run("--no-apt").returncode == 0
    block = pi.config_txt.read_text()[len(CONFIG_TXT) :].splitlines()
    # under [all], before any model filter: every board's SPI0 gives up its chip selects
    assert block.index("dtoverlay=spi0-0cs") < block.index("[pi4]") and block.index(
        "dtparam=spi=on"
    ) < block.index("[pi4]")
    assert pi.run("--uninstall").returncode == 0
    assert pi.config_txt.read_text() == CONFIG_TXT


def test_installer_on_a_desktop_image_boots_to_the_console_and_uninstall_brings_the_desktop_back(tmp_path):
    pi = FakePi(tmp_path, desktop=True)
    res = pi.run("--no-apt")
    assert res.returncode == 0, res.stderr
    assert "systemctl set-default multi-user.target" in pi.calls()
    assert str(pi.default_target.readlink()) == "/lib/systemd/system/multi-user.target"
    assert "lightdm.service no longer starts at boot" in res.stdout
    after_first = pi.snapshot()
    res = pi.run("--no-apt")  # a second run changes nothing
    assert res.returncode == 0 and pi.snapshot() == after_first
    assert not any("set-default" in c for c in pi.calls())
    res = pi.run("--uninstall")
    assert res.returncode == 0, res.stderr
    assert "systemctl set-default graphical.target" in pi.calls()
    assert str(pi.default_target.readlink()) == "/lib/systemd/system/graphical.target"
    assert not (pi.root / "opt" / "companion" / "installer-default-target").exists()


def test_installer_on_lite_leaves_the_boot_target_alone(tmp_path):
    pi = FakePi(tmp_path)
    res = pi.run("--no-apt")
    assert res.returncode == 0 and "no desktop login is enabled: nothing to change" in res.stdout
    assert not any("set-default" in c for c in pi.calls()) and not pi.default_target.is_symlink()
    assert pi.run("--uninstall").returncode == 0
    assert not any("set-default" in c for c in pi.calls())


def test_installer_dry_run_on_a_desktop_image_changes_nothing(tmp_path):
    pi = FakePi(tmp_path, desktop=True)
    before = pi.snapshot()
    res = pi.run("--dry-run")
    assert res.returncode == 0 and "would run: systemctl set-default multi-user.target" in res.stdout
    assert pi.snapshot() == before and str(pi.default_target.readlink()).endswith("graphical.target")


# --- issue 36: the installer never writes into the checkout ---------------------------------------------

OWNER = 12345  # a login user's uid that is not root


def _checkout_copy(base: Path) -> Path:
    """A copy of this checkout as a maker has it (no venv, no build output), owned by OWNER when root."""
    checkout = base / "checkout"
    shutil.copytree(
        REPO,
        checkout,
        symlinks=True,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "*.egg-info", "__pycache__", "*.mo", ".pytest_cache", ".hypothesis"
        ),
    )
    if os.geteuid() == 0:
        for dirpath, dirs, files in os.walk(checkout):
            for name in (dirpath, *(os.path.join(dirpath, n) for n in dirs + files)):
                os.lchown(name, OWNER, OWNER)
    return checkout


def _tree(folder: Path) -> dict[str, int]:
    """Every path under `folder` -> its owner's uid."""
    out = {}
    for dirpath, dirs, files in os.walk(folder):
        for name in dirs + files:
            p = Path(dirpath) / name
            out[p.relative_to(folder).as_posix()] = p.lstat().st_uid
    return out


def test_installer_builds_from_a_copy_and_leaves_the_checkout_as_it_was(tmp_path):
    """`sudo bash systemd/install.sh` from a login user's checkout: pip really builds what it is given,
    and afterwards the checkout holds exactly what it held, owned by its user (no root-owned build/,
    *.egg-info or .mo). Run as root (as the installer is), the checkout belongs to uid 12345."""
    checkout = _checkout_copy(tmp_path)
    before = _tree(checkout)
    pi = FakePi(tmp_path / "pi")
    (tmp_path / "tmp").mkdir()
    res = pi.run(
        "--no-apt",
        script=checkout / "systemd" / "install.sh",
        timeout=600,
        env={"FAKE_REAL_BUILD": "1", "TMPDIR": str(tmp_path / "tmp")},
    )
    # offline the way the packaging tests tell it: with no name server pip says "Temporary failure in
    # name resolution", not NewConnectionError (seen on an offline emulated Pi, tools/pi-emu.sh)
    if res.returncode != 0 and any(word in res.stdout + res.stderr for word in OFFLINE):
        pytest.skip("pip's build needs PyPI for setuptools>=77 and Babel, and PyPI cannot be reached")
    assert res.returncode == 0, res.stderr + res.stdout
    (wheel,) = (pi.state / "wheels").glob("nightwatch_companion-*.whl")  # pip did build it
    with zipfile.ZipFile(wheel) as z:
        assert "companion/locale/de/LC_MESSAGES/companion.mo" in z.namelist()  # catalogs in the build
    after = _tree(checkout)
    if os.geteuid() == 0:
        assert [p for p, uid in after.items() if uid == 0] == []
    assert sorted(set(after) - set(before)) == []  # no build/, no *.egg-info, no .mo
    install = next(c for c in pi.calls() if c.startswith("venv-python -m pip install --quiet /"))
    assert not install.split()[-1].startswith(str(checkout))  # pip was given the copy
    assert list((tmp_path / "tmp").iterdir()) == []  # the copy is gone


def test_installer_dry_run_says_it_builds_from_a_copy(tmp_path):
    res = FakePi(tmp_path).run("--dry-run", "--no-apt")
    assert res.returncode == 0, res.stderr
    assert "would copy " + str(REPO) + " to /tmp/companion-src.XXXXXX" in res.stdout
    assert "pip install --quiet /tmp/companion-src.XXXXXX\\[pi\\]" in res.stdout


def test_installer_reads_companion_device_tree(tmp_path):
    """The device tree named by COMPANION_DEVICE_TREE (outside the root): the board and the Pi 5's UART follow it."""
    dt = tmp_path / "dt"
    dt.mkdir()
    (dt / "compatible").write_bytes(b"raspberrypi,5-model-b\0brcm,bcm2712\0")
    (dt / "model").write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    pi = FakePi(tmp_path / "pi")  # its own /proc says Pi 4
    res = pi.run("--no-apt", env={"COMPANION_DEVICE_TREE": str(dt / "compatible")})
    assert res.returncode == 0, res.stderr
    assert "board: Raspberry Pi 5 Model B Rev 1.0" in res.stdout
    assert '\nport = "/dev/ttyAMA0"' in pi.config_toml.read_text()
