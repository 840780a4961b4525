"""A start killed while it writes the start counter leaves no temp file for good (issue 23, point 10):
real `companion run` processes are SIGKILLed the moment a `.start-attempts.*.tmp` shows up in their
state folder, several times; the next start that comes up has swept every one of them."""

import os
import time

from companion.runtime.startguard import COUNTER_FILE
from tests.app.proc import clean_env, start

ARGS = ["--headless", "--backend", "mock", "--frames", "3"]


def _temps(state) -> list[str]:
    """The counter's temp files in the state folder."""
    if not state.is_dir():
        return []
    return sorted(n for n in os.listdir(state) if n.startswith(f".{COUNTER_FILE}.") and n.endswith(".tmp"))


def _kill_while_writing(env, state) -> bool:
    """Start `companion run` and SIGKILL it as soon as a counter temp file exists; whether a temp
    was left behind (the kill landed in the middle of a write)."""
    before = set(_temps(state))
    proc = start(ARGS, env)
    deadline = time.monotonic() + 30
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            if set(_temps(state)) - before:
                proc.kill()
                break
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=30)
    return bool(set(_temps(state)) - before)


def test_temps_of_starts_killed_mid_write_are_swept_by_the_next_start(tmp_path):
    env = clean_env(tmp_path)
    state = tmp_path / "state"
    hits = 0
    for _ in range(12):  # the write takes a few ms (its fsync): most kills land inside it
        hits += _kill_while_writing(env, state)
        if hits >= 3:
            break
    assert hits >= 1, "no kill landed while the counter was being written"
    assert len(_temps(state)) >= 1  # what the kills left (one per killed process)
    proc = start(ARGS, env)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert _temps(state) == []
    assert not (state / COUNTER_FILE).exists()  # the start came up: the counter is cleared
    assert sorted(p.name for p in state.iterdir() if p.name.startswith(".")) == []


def test_begin_sweeps_the_temps_of_gone_writers_and_keeps_a_live_ones(tmp_path):
    import subprocess
    import sys

    from companion.runtime.startguard import StartGuard

    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    try:
        names = [
            f".{COUNTER_FILE}.{live.pid}.tmp",
            f".{COUNTER_FILE}.{dead.pid}.tmp",
            f".{COUNTER_FILE}.tmp",
            f".{COUNTER_FILE}.k3x9_q1z.tmp",
            f".{COUNTER_FILE}.{os.getpid()}.tmp",
        ]
        for name in names:
            (tmp_path / name).write_text("1\n")
        (tmp_path / ".other.1.tmp").write_text("not ours")
        guard = StartGuard(tmp_path)
        guard.begin("display", durable=False)
        guard.stage("hardware")
        assert _temps(tmp_path) == [f".{COUNTER_FILE}.{live.pid}.tmp"]  # its writer may still be at it
        assert (tmp_path / ".other.1.tmp").exists()
        assert guard.count() == 1 and guard.error is None
    finally:
        live.kill()
        live.wait()
