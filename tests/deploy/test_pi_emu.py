"""tools/pi-emu.sh (issue #36, point 8) without emulation: its steps and their order in a dry run for
every release and board, its usage errors, the device tree it fakes, the Makefile target, and its
NOTIFY_SOCKET listener against real processes. The emulated run itself takes most of an hour and
needs root, so `make test` never starts it (docs/development.md: `make pi-emu`)."""

import os
import re
import subprocess
import sys
import textwrap

import pytest

from tests.deploy.fakesys import REPO

SCRIPT = REPO / "tools" / "pi-emu.sh"
NOTIFY = REPO / "tools" / "pi_emu_notify.py"
RELEASE_STEPS = ["root", "copy", "install", "installed", "unit", "make-run", "make-test"]
BOARD_STEPS = ["pi-import", "service"]
BLINKA = {"pi4": "RASPBERRY_PI_4B", "pi5": "RASPBERRY_PI_5", "zero2w": "RASPBERRY_PI_ZERO_2_W"}


def _script(*args, **env):
    return subprocess.run(
        ["bash", str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PI_EMU_CACHE": "/nonexistent/pi-emu-cache", **env},
    )


def _steps(out):
    """(where, step) of each step line of a dry run: 'bookworm/pi4 install: ...' -> ('bookworm/pi4', 'install')."""
    names = "|".join(RELEASE_STEPS + BOARD_STEPS + ["reuse"])
    return [tuple(m.groups()) for m in re.finditer(rf"^(\w+(?:/\w+)?) ({names}):", out, re.M)]


def test_pi_emu_scripts_are_valid_shell():
    assert subprocess.run(["bash", "-n", str(SCRIPT)]).returncode == 0
    assert subprocess.run(["sh", "-n", str(REPO / "tools" / "pi-emu-systemctl")]).returncode == 0


@pytest.mark.parametrize("release", ["bookworm", "trixie"])
@pytest.mark.parametrize("board", ["pi4", "pi5", "zero2w"])
def test_pi_emu_dry_run_prints_every_step_in_order(release, board):
    res = _script("--dry-run", "--release", release, "--board", board)
    assert res.returncode == 0, res.stderr
    assert _steps(res.stdout) == [
        (release, "root"),
        (release, "copy"),
        (f"{release}/{board}", "install"),
        (f"{release}/{board}", "installed"),
        (release, "unit"),
        (f"{release}/{board}", "make-run"),
        (f"{release}/{board}", "make-test"),
        (f"{release}/{board}", "pi-import"),
        (f"{release}/{board}", "service"),
    ]
    assert "sudo bash systemd/install.sh" in res.stdout  # the README's words
    assert f"Blinka says {BLINKA[board]}" in res.stdout
    assert (
        "mmdebstrap --mode=root --architectures=arm64 --variant=important "
        f"--include=ca-certificates,sudo,python3 {release} " in res.stdout
    )


def test_pi_emu_dry_run_of_everything_installs_once_per_release_and_checks_every_board():
    res = _script("--dry-run")
    assert res.returncode == 0, res.stderr
    steps = _steps(res.stdout)
    assert [where for where, step in steps if step == "install"] == ["bookworm/pi4", "trixie/pi4"]
    assert [where for where, step in steps if step == "service"] == [
        "bookworm/pi4",
        "bookworm/pi5",
        "bookworm/zero2w",
        "trixie/pi4",
        "trixie/pi5",
        "trixie/zero2w",
    ]
    assert steps.index(("trixie", "root")) > steps.index(("bookworm/zero2w", "service"))


def test_pi_emu_quick_leaves_out_the_whole_suite_and_steps_pick():
    quick = _steps(_script("--dry-run", "--quick", "--release", "trixie", "--board", "pi5").stdout)
    assert [step for _, step in quick] == [s for s in RELEASE_STEPS if s != "make-test"] + BOARD_STEPS
    picked = _steps(
        _script("--dry-run", "--steps", "install,service", "--release", "bookworm", "--board", "all").stdout
    )
    assert [step for _, step in picked] == ["root", "copy", "install", "service", "service", "service"]


def test_pi_emu_reuse_runs_the_steps_asked_on_the_kept_root():
    res = _script("--dry-run", "--reuse", "--steps", "make-test", "--release", "bookworm", "--board", "pi4")
    assert res.returncode == 0, res.stderr
    assert _steps(res.stdout) == [("bookworm", "root"), ("bookworm", "reuse"), ("bookworm/pi4", "make-test")]
    assert "as a --keep run left it" in res.stdout


@pytest.mark.parametrize(
    "args, words",
    [
        (["--release", "buster"], "unknown release 'buster'"),
        (["--board", "pi3"], "unknown board 'pi3'"),
        (["--steps", "install,reboot"], "unknown step 'reboot'"),
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["--board"], "--board needs a value"),
        (["--checkout", "/"], "not a checkout of the companion"),
    ],
)
def test_pi_emu_bad_usage_exits_2_saying_why(args, words):
    res = _script(*args)
    assert res.returncode == 2
    assert words in res.stderr and "Traceback" not in res.stderr


def test_pi_emu_help_is_the_comment_at_the_top():
    res = _script("--help")
    assert res.returncode == 0
    assert res.stdout.startswith("The Raspberry Pi install, proven on emulated arm64")
    for step in RELEASE_STEPS + BOARD_STEPS:
        assert re.search(rf"^  {step} ", res.stdout, re.M), step


@pytest.mark.parametrize(
    "board, compatible, revision",
    [
        ("pi4", b"raspberrypi,4-model-b\0brcm,bcm2711\0", "00c03115"),
        ("pi5", b"raspberrypi,5-model-b\0brcm,bcm2712\0", "00c04170"),
        ("zero2w", b"raspberrypi,model-zero-2-w\0brcm,bcm2837\0", "00902120"),
    ],
)
def test_pi_emu_fakes_the_device_tree_as_the_firmware_writes_it(tmp_path, board, compatible, revision):
    """Where qemu-user looks first (its prefix /etc/qemu-binfmt/aarch64): NUL-ended strings, and the
    revision as 4 big-endian bytes, which Blinka's PlatformDetect and gpiozero decode."""
    res = subprocess.run(
        ["bash", str(SCRIPT), "__fake-board", str(tmp_path), board], capture_output=True, text=True
    )
    assert res.returncode == 0, res.stderr
    dt = tmp_path / "etc" / "qemu-binfmt" / "aarch64" / "proc" / "device-tree"
    assert (dt / "compatible").read_bytes() == compatible
    assert (dt / "model").read_bytes().startswith(b"Raspberry Pi ") and (dt / "model").read_bytes().endswith(
        b"\0"
    )
    assert (dt / "system" / "linux,revision").read_bytes() == bytes.fromhex(revision)


def test_make_pi_emu_runs_the_script_and_is_not_part_of_make_test():
    makefile = (REPO / "Makefile").read_text()
    recipe = re.search(r"^pi-emu:\n\t(.*)$", makefile, re.M)
    assert recipe and "bash tools/pi-emu.sh $(PI_EMU_ARGS)" in recipe.group(1)
    assert re.search(r"^\.PHONY:.* pi-emu ", makefile, re.M)
    test_recipe = re.search(r"^test:.*\n((?:\t.*\n)+)", makefile, re.M).group(1)
    assert "pi-emu" not in test_recipe


# The listener, against small stand-ins for the app: each sends what a unit's main process sends.
SERVICE = textwrap.dedent("""\
    import os, signal, socket, sys, time
    def send(text):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        s.sendto(text.encode(), os.environ["NOTIFY_SOCKET"])
    mode = sys.argv[1]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(3 if mode == "dirty-stop" else 0))
    if mode == "crash":
        sys.exit(4)
    if mode != "never-ready":
        send("READY=1\\nSTATUS=degraded: no screen")
    while True:
        if mode != "no-watchdog":
            send("WATCHDOG=1")
        time.sleep(0.2)
    """)


def _listen(tmp_path, mode, *extra):
    app = tmp_path / "app.py"
    app.write_text(SERVICE)
    sock = tmp_path / "notify"
    return subprocess.run(
        [
            sys.executable,
            str(NOTIFY),
            "--socket",
            str(sock),
            "--ready-timeout",
            "20",
            "--stop-timeout",
            "10",
            *extra,
            "--",
            "env",
            f"NOTIFY_SOCKET={sock}",
            sys.executable,
            str(app),
            mode,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_pi_emu_listener_passes_a_service_that_gets_ready_and_stops_cleanly(tmp_path):
    res = _listen(tmp_path, "clean", "--watchdog", "10")
    assert res.returncode == 0, res.stdout + res.stderr
    note = res.stdout.strip().splitlines()[-1]
    assert note.startswith("pi-emu-note: READY=1 after ") and "WATCHDOG=1 after" in note
    assert "SIGTERM: exit 0" in note and "STATUS=degraded: no screen" in note
    assert not (tmp_path / "notify").exists()


@pytest.mark.parametrize(
    "mode, extra, words",
    [
        ("dirty-stop", (), "SIGTERM: exit 3"),
        ("crash", (), "exited 4 after"),
        ("no-watchdog", ("--watchdog", "1"), "no WATCHDOG=1 within 1 s"),
    ],
)
def test_pi_emu_listener_fails_a_service_that_does_not(tmp_path, mode, extra, words):
    res = _listen(tmp_path, mode, *extra)
    assert res.returncode == 1
    assert words in res.stdout


def test_pi_emu_listener_waits_only_the_start_timeout(tmp_path):
    app = tmp_path / "app.py"
    app.write_text(SERVICE)
    res = subprocess.run(
        [
            sys.executable,
            str(NOTIFY),
            "--socket",
            str(tmp_path / "n"),
            "--ready-timeout",
            "1",
            "--",
            sys.executable,
            str(app),
            "never-ready",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "NOTIFY_SOCKET": str(tmp_path / "n")},
    )
    assert res.returncode == 1
    assert "no READY=1 within 1 s" in res.stdout
