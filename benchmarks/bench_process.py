"""`companion run` as a real process on a PC's mock or simulated board: how fast a stop signal ends it,
and what an idle table with the resume offer on screen costs over a minute (issue 24 point 8, issue 23
point 10), full screen and in a window beside the simulated board (issue 25 point 5: the board is the
sim backend's HAL panel, painted only when it changes, so the window rests like the table).

Each child runs under SDL_VIDEODRIVER=dummy with an unfinished game in its journal (the screens offer
to resume it; the headless table resumes it). The stop time is from the parent's `send_signal` to the
child's exit as `wait` sees it. CPU time is read from the outside: the sum of /proc/PID/task/*/schedstat
(nanoseconds each thread ran), so no probe in the child adds to it.
"""

from __future__ import annotations

import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import row

ROOT = Path(__file__).resolve().parent.parent
SETUP = {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "difficulty": "easy", "seed": 11}
GOAL_STOP_S = 0.5
GOAL_RSS_GROWTH_MB_MIN = 0.5
MODES = {
    "--fullscreen --backend mock": ["--fullscreen", "--backend", "mock"],
    "--window --backend sim": ["--window", "--backend", "sim"],
    "--headless --backend mock": ["--headless", "--backend", "mock"],
}


def _env(tmp: Path) -> dict:
    """A clean environment: private folders, dummy SDL, no desktop display, no backend from outside."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "COMPANION_HAL", "SDL_VIDEODRIVER", "NOTIFY_SOCKET")
    }
    env.update(
        COMPANION_STATE_DIR=str(tmp / "state"),
        COMPANION_CONFIG_DIR=str(tmp / "cfg"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return env


def _journal(tmp: Path) -> Path:
    """A journal holding one unfinished game (two commands)."""
    from companion.storage.journal import Journal

    path = tmp / "journal.sqlite3"
    with Journal(path) as j:
        gid = j.new_game(SETUP)
        j.append(gid, {"cmd": "adjust", "veil": 4})
    return path


def _spawn(args: list[str], tmp: Path) -> subprocess.Popen:
    """`companion run ARGS` on the journal in `tmp`, returned once it said READY=1."""
    sock_path = str(tmp / "notify.sock")
    if os.path.exists(sock_path):
        os.unlink(sock_path)
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(sock_path)
        sock.settimeout(60.0)
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", *args, "--journal", str(tmp / "journal.sqlite3")],
            env=dict(_env(tmp), NOTIFY_SOCKET=sock_path),
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            while b"READY=1" not in sock.recv(4096).split(b"\n"):
                pass
        except TimeoutError as exc:
            proc.kill()
            raise RuntimeError(
                f"companion run {' '.join(args)} never said READY=1: {proc.communicate()[1][-300:]!r}"
            ) from exc
    return proc


def _stop_s(args: list[str], tmp: Path) -> float:
    """Seconds from SIGTERM to the exit of one run that has been up for 1.5 s."""
    proc = _spawn(args, tmp)
    time.sleep(1.5)  # past the colour check: the loop rests on the resume offer (or plays on, headless)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGTERM)
    err = proc.communicate(timeout=30)[1]
    took = time.perf_counter() - sent
    if proc.returncode != 0:
        raise RuntimeError(f"companion run {' '.join(args)} exited {proc.returncode}: {err[-300:]!r}")
    return took


def _cpu_s(pid: int) -> float:
    """CPU seconds every thread of process `pid` has run so far."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a thread that just ended
    return total / 1e9


def _rss_mb(pid: int) -> float:
    """Resident memory of process `pid` now (VmRSS), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def _idle_minute(
    tmp: Path, first_s: float, second_s: float, mode: str = "--fullscreen --backend mock"
) -> dict:
    """RSS (MB) at `first_s` and `second_s` after READY of a run in `mode` resting on the resume
    offer, and its CPU share between the two."""
    proc = _spawn(MODES[mode], tmp)
    t0 = time.monotonic()
    try:
        time.sleep(first_s)
        rss1, cpu1, t1 = _rss_mb(proc.pid), _cpu_s(proc.pid), time.monotonic()
        time.sleep(max(0.0, second_s - (t1 - t0)))
        rss2, cpu2, t2 = _rss_mb(proc.pid), _cpu_s(proc.pid), time.monotonic()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)
    return {"rss1": rss1, "rss2": rss2, "cpu": (cpu2 - cpu1) / (t2 - t1), "minutes": (t2 - t1) / 60}


def run(quick: bool = False) -> list[dict]:
    """Stop times per run mode, and an idle minute's memory and CPU, as benchmark rows."""
    stops = 1 if quick else 7
    first_s, second_s = (
        (3.0, 6.0) if quick else (40.0, 100.0)
    )  # the mock strip's 1,000 kept frames fill in ~33 s
    rows = []
    for name, args in MODES.items():
        with tempfile.TemporaryDirectory() as tmp:
            _journal(Path(tmp))
            times = [_stop_s(args, Path(tmp)) for _ in range(stops)]
        median = statistics.median(times)
        rows.append(
            row(
                f"stop: s from SIGTERM to the exit of `companion run {name}` (an unfinished game in the "
                f"journal, up for 1.5 s; SDL dummy), median of {stops} (max {max(times):.3f} s)",
                "s",
                median,
                f"<= {GOAL_STOP_S} s",
                median <= GOAL_STOP_S,
            )
        )
    with tempfile.TemporaryDirectory() as tmp:
        _journal(Path(tmp))
        idle = _idle_minute(Path(tmp), first_s, second_s)
    span = f"from {first_s:g} s to {second_s:g} s after READY"
    what = "`companion run --fullscreen --backend mock` resting on the resume offer (SDL dummy, real clock)"
    growth = (idle["rss2"] - idle["rss1"]) / idle["minutes"]
    rows.append(
        row(
            f"resident memory growth of {what}, {span} ({idle['rss1']:.1f} -> {idle['rss2']:.1f} MB)",
            "MB/min",
            growth,
            f"<= {GOAL_RSS_GROWTH_MB_MIN} MB/min (was ~4.4 with 10,000 kept mock frames)",
            growth <= GOAL_RSS_GROWTH_MB_MIN,
        )
    )
    rows.append(
        row(
            f"idle CPU of {what}: process CPU time (all threads, schedstat) / wall time {span}",
            "% of one core",
            100 * idle["cpu"],
            "info (was 100 % on the fake clock; mixer thread included)",
            None,
        )
    )
    with tempfile.TemporaryDirectory() as tmp:
        _journal(Path(tmp))
        window = _idle_minute(Path(tmp), first_s, second_s, "--window --backend sim")
    rows.append(
        row(
            f"idle CPU of `companion run --window --backend sim` resting on the resume offer beside the "
            f"simulated board (SDL dummy, real clock): process CPU time / wall time {span}",
            "% of one core",
            100 * window["cpu"],
            f"<= 2x the full-screen table's ({200 * idle['cpu']:.2f} %); was 6.2 % "
            "(the board painted and flipped every frame)",
            window["cpu"] <= 2 * idle["cpu"],
        )
    )
    return rows


if __name__ == "__main__":
    for r in run(quick="--quick" in sys.argv):
        print(r)
