"""`companion run` as a real process: modes, safe mode after failed starts, resume after a kill."""

import os
import signal
import subprocess
import sys

from companion.storage.journal import Journal
from companion.storage.session import Session
from tests.app.helpers import replayed_view
from tests.app.proc import write_scenario


def _env(tmp_path, **extra):
    """A clean environment: private folders, dummy SDL, no desktop display, and not a Pi whatever
    machine runs the test (the backend is left to choose, and on a Pi's device tree it would choose
    the pi backend: the table with the phone view, never the demo these tests expect; seen under
    tools/pi-emu.sh, issue #36)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "COMPANION_HAL", "SDL_VIDEODRIVER")
    }
    not_a_pi = tmp_path / "not-a-pi"
    not_a_pi.write_bytes(b"qemu,virt\0")
    env.update(
        COMPANION_STATE_DIR=str(tmp_path / "state"),
        COMPANION_CONFIG_DIR=str(tmp_path / "cfg"),
        SDL_AUDIODRIVER="dummy",
        COMPANION_DEVICE_TREE=str(not_a_pi),
        **extra,
    )
    return env


def _run(tmp_path, *args, env=None, timeout=60):
    """Run `companion run ...` to the end."""
    return subprocess.run(
        [sys.executable, "-m", "companion", "run", *args],
        capture_output=True,
        text=True,
        env=env or _env(tmp_path),
        timeout=timeout,
    )


def test_run_without_a_display_plays_the_headless_demo_and_says_so(tmp_path):
    # `make run` over ssh or in CI: the demo, on a throwaway journal
    done = _run(tmp_path, "--pace", "0", env=_env(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "headless" in done.stderr and "no display found" in done.stderr and "bot demo" in done.stderr
    assert "=== Round 1" in done.stdout and done.stdout.rstrip().splitlines()[-1].startswith("Final: masters")
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "state" / "journal.sqlite3").exists()  # the user's journal is untouched


def test_run_never_shows_a_silent_black_screen_nor_plays_the_demo_instead(tmp_path):
    # a window asked for with no display at all: SDL finds none (or silently picks its offscreen
    # driver); the app says so and goes on without a screen: the table, not a bot game
    done = _run(tmp_path, "--window", "--backend", "mock", "--frames", "60")
    assert done.returncode == 0, done.stderr
    assert "no screen" in done.stderr and "the game goes on" in done.stderr
    assert "=== Round" not in done.stdout and "Traceback" not in done.stderr


def test_run_comes_up_in_safe_mode_after_three_failed_starts(tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    from companion.runtime.startguard import COUNTER_FILE

    (state / COUNTER_FILE).write_text("3\n")
    done = _run(tmp_path, "--pace", "0", "--frames", "3")
    assert done.returncode == 0
    assert "safe mode" in done.stderr and "LEDs and card reader are off" in done.stderr
    assert not (state / COUNTER_FILE).exists()  # it came up: the next start is a normal one


def test_run_killed_mid_game_resumes_the_same_game_at_the_same_step(tmp_path):
    env = _env(tmp_path)
    journal = tmp_path / "state" / "journal.sqlite3"
    script = tmp_path / "game.jsonl"
    write_scenario(script, 300)
    cmd = [sys.executable, "-m", "companion", "run", "--headless", "--script", str(script), "--pace", "0.01"]
    proc = subprocess.Popen(
        [*cmd, "--ack"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True
    )
    acked = 0
    for line in proc.stdout:
        if line.startswith("ack "):
            acked = int(line.split()[1])
            if acked >= 25:
                break
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    with Journal(journal) as j:
        info = j.last_unfinished()
        cmds = j.commands(info.id)
        assert len(cmds) >= acked  # nothing acknowledged was lost
        before = replayed_view(cmds)
    # the restart resumes the same game (same setup, same step) instead of starting a new one
    again = subprocess.Popen(
        [*cmd, "--frames", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True
    )
    out, err = again.communicate(timeout=60)
    assert again.returncode == 0, err
    assert f"Resumed game {info.id} ({len(cmds)} commands)" in out
    with Journal(journal) as j:
        assert [g.id for g in j.games()] == [info.id]
        resumed = Session.resume(j, info.id).view() if j.last_unfinished() else None
    assert resumed is None or resumed["round"] >= before["round"]
