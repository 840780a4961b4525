"""The whole table app: input-to-light latency, card-to-screen latency, idle CPU, cold start, memory.

* press -> LED: a long press of Undo (mock buttons, table UI) takes back a veil correction; measured
  from the loop receiving the debounced press to the pixels pushed with the veil bar changed, in
  frames (goal: the same or the next frame) and in milliseconds. The FakeClock makes sleeping free.
  The undo is journaled (fsynced) before the LEDs show it, so the milliseconds are our software plus
  the storage device's flush. The software figure (goal p99 <= 2 ms) runs with the journal on tmpfs:
  every SQLite statement and commit is done, only the device's flush costs nothing. The same path
  with the journal on this machine's disk is reported beside it (goal: within one frame), with a
  bare fsync of that disk for scale; on a Pi the SD card's flush decides that figure.
* tag -> card: a tag presented to the mock reader at the draw step until the screen's view model
  shows the drawn card (TableUI 800x480, SDL dummy), in frames and milliseconds.
* idle CPU: the loop on the title screen, then on a game's day screen with its lights animating, with
  the real MonotonicClock at 30 fps (process CPU time / wall time; goal <= 0.5 % of one core). A quiet
  table runs a full frame every second and only looks for input (and pushes an animating LED
  look) in the frames between (companion/runtime/idle.py, IDLE_FRAME_S); on a still or slowly moving board it
  wakes every REST_POLL_S (1/15 s) on a still board and on a slow look's own steps on a moving one (a 5 s
  breath: 12.8 a second, at most REST_STEP_MAX_S apart) instead of every frame, and draws the LEDs only
  when a look steps (slow looks are paced at their own rate, companion/lighting/controller.py, PACE; the
  title's attract loop, breaths of 4 s and 6 s and a 2 s veil pulse, steps 16 times a second).
* cold start: `companion run --window --backend mock --frames 1` to its first frame on screen (the
  start-up frame, info) and to READY=1, when its loop starts on the game screen, vs a bare pygame
  window in the same run (goal on READY <= 1.5x); and the peak RSS of that app process (goal <= 80 MB).

    python -m benchmarks --only bench_app --quick
"""

from __future__ import annotations

import gc
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from benchmarks.common import percentile, row

ROOT = Path(__file__).resolve().parent.parent
SETUP = {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "difficulty": "easy", "seed": 11}
TAG = "04A1B2C3D4E5F6"
CARD = "I-01"
GOAL_PRESS_P99_MS = 2.0
GOAL_IDLE_CPU = 0.005  # issue 16: an idle table under 0.5 % of a core here keeps a Zero 2 W under 5 %
GOAL_START_RATIO = 1.5
GOAL_RSS_MB = 80.0
SIZE = (800, 480)


@contextmanager
def _private_folders():
    """Config and state folders of our own for the benchmark's app (restored afterwards)."""
    keys = ("COMPANION_CONFIG_DIR", "COMPANION_STATE_DIR", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")
    old = {k: os.environ.get(k) for k in keys}
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.update(
            COMPANION_CONFIG_DIR=f"{tmp}/cfg",
            COMPANION_STATE_DIR=f"{tmp}/state",
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
        )
        try:
            yield Path(tmp)
        finally:
            for k, v in old.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def _app(tmp: Path, clock=None, cfg=None):
    """An App on the mock HAL with a TableUI on a dummy 800x480 screen."""
    import pygame

    from companion.app import App
    from companion.gamedata import config
    from companion.hal import open_hardware
    from companion.runtime.parts import Parts
    from companion.storage.journal import Journal
    from companion.ui.table import TableUI

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(SIZE)
    cfg = cfg or config.default()
    hw = open_hardware(cfg, backend="mock", clock=clock)
    ui = TableUI(SIZE)
    return App(Parts(cfg, hw, Journal(tmp / "journal.sqlite3"), ui=ui, surface=surface, log=lambda s: None))


def _frame_seconds(app) -> float:
    """Seconds per frame of the app's config."""
    return 1.0 / app.cfg.display.fps


# -- press -> LED --------------------------------------------------------------------------------------
def _press_to_led(tmp: Path, samples: int) -> tuple[list[float], list[int]]:
    """(ms, frames) from the loop receiving a long Undo press to the veil bar changing on the strip."""
    from companion.inputs import Press, VButton

    app = _app(tmp)
    app.start(setup=SETUP)
    buttons, pixels = app.hw.buttons, app.hw.pixels
    got_press: list[float] = []
    shown: list[tuple[float, int, tuple]] = []
    poll, show = buttons.poll, pixels.show

    def timed_poll(now):
        events = poll(now)
        if any(e.kind is Press.LONG for e in events):
            got_press.append(time.perf_counter())
        return events

    def timed_show(frame):
        show(frame)
        shown.append((time.perf_counter(), app.frames, tuple(frame.get(f"veil.{i}") for i in range(7))))

    buttons.poll, pixels.show = timed_poll, timed_show
    dt = _frame_seconds(app)
    ms, frames = [], []
    for i in range(samples):
        app.submit({"cmd": "adjust", "veil": 2 + i % 3})
        for _ in range(45):  # let the fade settle
            app.tick(rest=True)
            app.clock.advance(dt)
        settled = shown[-1][2]
        got_press.clear()
        at = app.clock.now()
        buttons.press(VButton.UNDO, at, duration=1.0)
        first_frame = None
        for _ in range(60):
            mark = len(shown)
            app.tick(rest=True)
            app.clock.advance(dt)
            if got_press and first_frame is None:
                first_frame = app.frames - 1
            if got_press and shown[mark][2] != settled:
                ms.append(1000 * (shown[mark][0] - got_press[0]))
                frames.append(shown[mark][1] - first_frame)
                break
        else:
            raise RuntimeError("the undo never showed on the veil bar")
        for _ in range(40):  # release and settle
            app.tick(rest=True)
            app.clock.advance(dt)
    app.hw.close()
    app.journal.close()
    return ms, frames


@contextmanager
def _ram_folder():
    """A folder on tmpfs (/dev/shm) for a journal whose fsync costs nothing, or None where there is none."""
    if not os.path.isdir("/dev/shm"):
        yield None
        return
    with tempfile.TemporaryDirectory(dir="/dev/shm") as folder:
        yield Path(folder)


def _fsync_ms(folder: Path, samples: int) -> list[float]:
    """Milliseconds of one small write's fsync in `folder` after a pause: what the journal's commit
    waits for on this disk, below any software of ours."""
    path = folder / "fsync-probe"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    out = []
    try:
        for _ in range(samples):
            time.sleep(0.3)
            os.write(fd, b"x" * 512)
            t = time.perf_counter()
            os.fsync(fd)
            out.append(1000 * (time.perf_counter() - t))
    finally:
        os.close(fd)
        path.unlink()
    return out


# -- tag -> card on screen -------------------------------------------------------------------------------
def _tag_to_card(tmp: Path, samples: int) -> tuple[list[float], list[int]]:
    """(ms, frames) from the reader poll yielding a tag to the event screen showing that card."""
    from companion.gamedata import config
    from companion.games.masters import teach
    from companion.games.masters.rules import bot

    teach.register_tag(TAG, CARD)
    cfg = config.default()
    app = _app(tmp, cfg=cfg._replace(game=cfg.game._replace(deck="physical")))
    app.start(setup=dict(SETUP, deck="physical"))
    rng = random.Random(2)
    while not any(a.command.get("cmd") == "draw" and a.enabled for a in app.session.actions()):
        app.submit(bot.choose(app.session.game, app.session.state, rng))
        app.tick(rest=True)
    reader = app.hw.reader
    poll = reader.poll
    polled: list[float] = []

    def timed_poll():
        reads = poll()
        if reads:
            polled.append(time.perf_counter())
        return reads

    reader.poll = timed_poll
    dt = _frame_seconds(app)
    ms, frames = [], []
    for _ in range(samples):
        for _ in range(5):
            app.tick(rest=True)
            app.clock.advance(dt)
        polled.clear()
        reader.present(TAG, app.clock.now())
        start = app.frames
        for _ in range(10):
            app.tick(rest=True)
            done = time.perf_counter()
            app.clock.advance(dt)
            shown = app.ui.view_model()
            card = (app.ui.ctx.state.get("card") or {}).get("key")
            if polled and shown["title"].startswith("Event:") and card == CARD:
                ms.append(1000 * (done - polled[0]))
                frames.append(app.frames - start)
                break
        else:
            raise RuntimeError("the card never reached the screen")
        app.dispatch({"intent": "undo"})  # put the card back for the next sample
    app.hw.close()
    app.journal.close()
    return ms, frames


# -- idle CPU --------------------------------------------------------------------------------------------
def _idle_cpu(
    tmp: Path, seconds: float, setup: dict | None = None, windows: int = 3, camera: bool = False
) -> tuple[list[float], float]:
    """(shares of one core the loop uses on an idle screen with the real clock at 30 fps, one per
    window of `seconds` x 30 frames, one after the other; the loop's wake-ups a second): the title
    screen, or the game's first screen (day stepper, lights animating) once `setup` has run. A quiet
    VM's wake-ups from idle cost more than a busy one's, so one window moves by half a point: the
    rows give the median of three."""
    from companion.hal.clock import MonotonicClock

    cfg = None
    if camera:  # the camera reader watching its spot: a still 640x480 picture of the empty table
        import numpy as np

        from companion.gamedata import config

        base = config.default()
        cfg = base._replace(reader=base.reader._replace(type="camera"))
    app = _app(tmp, clock=MonotonicClock(), cfg=cfg)
    if camera:
        table = np.random.default_rng(7).integers(40, 90, (480, 640, 3), dtype=np.uint8)
        app.hw.reader.source.show(table)
    app.start(setup=setup)
    app.run(max_frames=90)  # warm up: fonts, first full paint, the opening cross-fade of the lights
    frames = round(seconds * app.cfg.display.fps)
    gc.collect()  # the earlier benchmarks' apps are garbage by now: not collected inside these windows
    shares, walls = [], []
    for _ in range(windows):
        c0, w0 = time.process_time(), time.perf_counter()
        app.run(max_frames=app.frames + frames)
        walls.append(time.perf_counter() - w0)
        shares.append((time.process_time() - c0) / walls[-1])
    app.hw.close()
    app.journal.close()
    return shares, frames * windows / sum(walls)


def _sleep_floor(rate: float, seconds: float, windows: int = 3) -> list[float]:
    """Shares of one core of a bare Python loop that does nothing but sleep, waking `rate` times a
    second, one per window of `seconds`: what the wake-ups alone cost on this machine (the idle
    loop's floor; on a quiet VM each wake-up from idle costs far more than on a Pi)."""
    shares = []
    for _ in range(windows):
        c0, w0 = time.process_time(), time.perf_counter()
        due = time.monotonic()
        while time.perf_counter() - w0 < seconds:
            due += 1.0 / rate
            time.sleep(max(0.0, due - time.monotonic()))
        shares.append((time.process_time() - c0) / (time.perf_counter() - w0))
    return shares


# -- cold start ------------------------------------------------------------------------------------------
# Both sides report over systemd's notify socket, as the app does under its unit: the app sends
# STATUS=starting once its start-up frame is flipped and READY=1 when its loop begins; the bare
# script sends one message right after its own set_mode and flip. The parent times each message
# from the moment it starts the child, so interpreter shutdown is counted on neither side.
_BARE = (
    "import os, socket, pygame; pygame.display.set_mode({size}); pygame.display.flip(); "
    "socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM).sendto(b'READY=1', os.environ['NOTIFY_SOCKET'])"
)


def _timed_start(cmd: list[str], env: dict, sock_path: str, before=None) -> tuple[float, float]:
    """(seconds to the first notify message, seconds to READY=1) of one child started from here
    (`before()`, untimed, readies its files)."""
    import socket

    if before is not None:
        before()

    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        if os.path.exists(sock_path):
            os.unlink(sock_path)
        sock.bind(sock_path)
        sock.settimeout(30.0)
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            cmd,
            env=dict(env, NOTIFY_SOCKET=sock_path),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        first = ready = None
        try:
            while ready is None:
                message = sock.recv(4096)
                now = time.perf_counter() - t0
                first = now if first is None else first
                if b"READY=1" in message.split(b"\n"):
                    ready = now
        except TimeoutError:
            proc.kill()
        err = proc.communicate()[1]
    if proc.returncode != 0 or ready is None:
        raise RuntimeError(
            f"{' '.join(cmd)} failed ({proc.returncode}): {err.decode(errors='replace')[-300:]}"
        )
    return first, ready


def _cold_start(tmp: Path, runs: int) -> dict:
    """Medians (s) of the app's first frame and READY, the bare pygame window; the app's peak RSS (MB)."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        COMPANION_HAL="mock",
        COMPANION_STATE_DIR=str(tmp / "cold-state"),
        COMPANION_CONFIG_DIR=str(tmp / "cold-cfg"),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    # Both sides start from compiled bytecode, as an installed package does (pip compiles it; pygame's
    # is in site-packages). A sandbox that sets PYTHONDONTWRITEBYTECODE would otherwise make only our
    # side recompile ~50 modules at every start.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "companion")],
        env=env,
        stdout=subprocess.DEVNULL,
        check=False,
    )
    app_cmd = [*_companion_command(), "run", "--window", "--backend", "mock", "--frames", "1", "--new"]
    bare_cmd = [sys.executable, "-c", _BARE.format(size=SIZE)]
    # The service after a power cut: no --new, an unfinished game in the journal (a 40-command Masters
    # game the demo bot played), which the screen offers to resume. The cut is a table killed while it
    # played: the journal's -wal and -shm as it left them (SQLite's recovery, the -wal check), restored
    # before every start (a start that ends well checkpoints them away).
    resume_env = dict(env, COMPANION_STATE_DIR=str(tmp / "cold-resume"))
    kept = _cut_journal(resume_env, tmp / "cold-cut")
    resume_cmd = app_cmd[:-1]
    sock = str(tmp / "notify.sock")
    firsts, readies, resumes, bares = [], [], [], []
    _timed_start(bare_cmd, env, sock)  # warm the file cache for both
    _timed_start(app_cmd, env, sock)
    _timed_start(resume_cmd, resume_env, sock, kept)
    for _ in range(runs):
        first, ready = _timed_start(app_cmd, env, sock)
        firsts.append(first)
        readies.append(ready)
        resumes.append(_timed_start(resume_cmd, resume_env, sock, kept)[1])
        bares.append(_timed_start(bare_cmd, env, sock)[0])
    return {
        "first": statistics.median(firsts),
        "ready": statistics.median(readies),
        "resume": statistics.median(resumes),
        "bare": statistics.median(bares),
        "rss": _peak_rss_mb(app_cmd, env),
    }


_CUT = """
import os, signal, sys
from companion.storage.opening import open_journal
from companion.storage.session import Session
sys.path.insert(0, sys.argv[1])
from benchmarks.bench_app import _unfinished_game
import json
lines = [json.loads(line) for line in _unfinished_game(40).splitlines()]
journal = open_journal(None, who="table")
session, _ = Session.new(lines[0], journal=journal)
for command in lines[1:]:
    session.submit(command)
os.kill(os.getpid(), signal.SIGKILL)
"""


def _cut_journal(env: dict, keep: Path):
    """Play a 40-command game into the journal at the state folder of `env` as the table writes it
    (open_journal, Session), kill the process before it closes anything, keep the files it left in
    `keep`; returns what puts them back."""
    import shutil

    subprocess.run([sys.executable, "-c", _CUT, str(ROOT)], env=env, cwd=ROOT, check=False)
    state = Path(env["COMPANION_STATE_DIR"])
    keep.mkdir(parents=True, exist_ok=True)
    left = sorted(p.name for p in state.glob("journal.sqlite3*"))
    if "journal.sqlite3-wal" not in left:
        raise RuntimeError(f"the killed table left no -wal in {state}: {left}")
    for name in left:
        shutil.copy2(state / name, keep / name)

    def put_back() -> None:
        for name in left:
            shutil.copy2(keep / name, state / name)

    return put_back


def _unfinished_game(commands: int) -> str:
    """A scenario (JSON lines) of the first `commands` commands of a bot-played Masters game."""
    import json
    import random

    from companion.games.masters.rules import bot
    from companion.storage.session import Session

    session, _ = Session.new(
        {"cmd": "setup", "game": "masters", "vampires": ["Agnieszka", "Ishtvan", "Mila"], "seed": 5}
    )
    rng = random.Random(5)
    while len(session.commands) < commands and session.outcome() is None:
        session.submit(bot.choose(session.game, session.state, rng))
    return "".join(json.dumps(c) + "\n" for c in session.commands)


def _companion_command() -> list[str]:
    """How the service starts the app: the installed `companion` console script (systemd's ExecStart);
    `python -m companion` (which also loads runpy and companion/__main__.py) only where none is installed."""
    script = Path(sys.executable).parent / "companion"
    return [str(script)] if os.access(script, os.X_OK) else [sys.executable, "-m", "companion"]


# A forked child's ru_maxrss starts at its parent's size (the pages it shares until exec), so by the
# time this benchmark runner has grown, a child measured from here looks as big as the runner. A tiny
# wrapper process starts the app instead and reports the app's own peak.
_RSS_WRAPPER = (
    "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
    "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def _peak_rss_mb(cmd: list[str], env: dict) -> float:
    """Peak resident memory of one run of `cmd`, in MB, measured from a small wrapper process."""
    out = subprocess.run(
        [sys.executable, "-c", _RSS_WRAPPER, *cmd],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return int(out.split()[-1]) / 1024


def run(quick: bool = False) -> list[dict]:
    """Every app-level figure as benchmark rows; each name says what one sample is and how many were taken."""
    n = 15 if quick else 100
    idle_s = 1.0 if quick else 5.0
    starts = 3 if quick else 21  # a start is ~60 ms and this VM's noise moves a median of 9 by 0.05x
    rows = []
    with _private_folders() as tmp:
        with _ram_folder() as ram:  # the software path: SQLite's work counted, the device's flush not
            ms, _ = _press_to_led(ram or tmp, n)
        where = "journal on tmpfs" if ram else "journal on disk: no tmpfs here"
        press = (
            f"press -> LED: ms from the loop's poll returning a debounced long Undo to the push of the "
            f"veil bar's changed pixels, over {n} presses (mock HAL, table UI, {where})"
        )
        p99 = percentile(ms, 99)
        rows.append(row(f"{press}, p50", "ms", percentile(ms, 50), "- (goal on p99)", None))
        rows.append(row(f"{press}, p99", "ms", p99, f"<= {GOAL_PRESS_P99_MS} ms", p99 <= GOAL_PRESS_P99_MS))
        ms, frames = _press_to_led(tmp, n)
        disk = f"over {n} presses, journal on this machine's disk (its fsync included)"
        rows.append(row(f"press -> LED: the same ms {disk}, p50", "ms", percentile(ms, 50), "info", None))
        rows.append(
            row(
                f"press -> LED: the same ms {disk}, p99",
                "ms",
                percentile(ms, 99),
                "< 1 frame (33 ms)",
                percentile(ms, 99) < 1000 / 30,
            )
        )
        rows.append(
            row(
                f"press -> LED: loop frames from the one that polled the press to the one that pushed "
                f"the change (0: the same frame), {disk}, p99",
                "frames",
                percentile(frames, 99),
                "<= 1 (next frame)",
                percentile(frames, 99) <= 1,
            )
        )
        fsyncs = 30 if quick else 100
        sync = _fsync_ms(tmp, fsyncs)
        rows.append(
            row(
                f"of which the disk: one bare 512-byte write's fsync after 0.3 s idle, over {fsyncs} fsyncs, p99",
                "ms",
                percentile(sync, 99),
                f"info (p50 {percentile(sync, 50):.2f} ms)",
                None,
            )
        )
        ms, frames = _tag_to_card(tmp, n)
        tag = f"over {n} reads (mock reader, table UI 800x480)"
        rows.append(
            row(
                f"tag -> card: ms from the reader poll returning the tag to the drawn card in the screen's "
                f"view model, {tag}, p99",
                "ms",
                percentile(ms, 99),
                "<= 1 frame (33 ms)",
                percentile(ms, 99) <= 1000 / 30,
            )
        )
        rows.append(
            row(
                f"tag -> card: loop frames from the one that polled the tag to the one whose view model "
                f"shows the card, counting both (1: the same frame), {tag}, p99",
                "frames",
                percentile(frames, 99),
                "<= 1 frame",
                percentile(frames, 99) <= 1,
            )
        )
        idle = (
            f"process CPU time / wall time over {round(idle_s * 30)} frames of the loop at 30 fps (a resting loop "
            f"wakes less often: they last longer; real clock, mock HAL, SDL dummy), after 90 warm-up frames, "
            f"median of 3 such windows"
        )
        for what, folder, setup, camera in (
            ("the title screen (attract lights)", tmp, None, False),
            ("a game's day screen (Masters, 2 vampires, one district breathing)", tmp / "day", SETUP, False),
            (
                "a game's day screen with the camera reader watching its spot (mock camera, a still picture "
                "of the empty table glanced at 4 times a second, each glance copying a webcam's raw frame "
                "twice as OpenCV's V4L2 capture does)",
                tmp / "day-camera",
                SETUP,
                True,
            ),
        ):
            folder.mkdir(exist_ok=True)  # the day has a journal of its own: no earlier game to resume
            shares, wakes = _idle_cpu(folder, idle_s, setup=setup, camera=camera)
            floor = _sleep_floor(wakes, idle_s)
            share = statistics.median(shares)
            rows.append(
                row(
                    f"idle CPU on {what}: {idle} ({', '.join(f'{100 * s:.2f}' for s in shares)} %; "
                    f"{wakes:.1f} wake-ups a second)",
                    "% of one core",
                    100 * share,
                    f"<= {100 * GOAL_IDLE_CPU:g} %",
                    share <= GOAL_IDLE_CPU,
                    peer_name=f"floor: a bare Python loop that only sleeps, waking {wakes:.1f} times a second, "
                    f"median of 3 windows of {idle_s:g} s ({', '.join(f'{100 * s:.2f}' for s in floor)} %)",
                    peer_median=100 * statistics.median(floor),
                    ratio=share / statistics.median(floor),
                )
            )
        start = _cold_start(tmp, starts)
        ratio = start["first"] / start["bare"]
        bare_name = (
            f"s from spawn to a notify message after `import pygame; set_mode((800, 480)); flip()`, "
            f"median of {starts}"
        )
        cmd = "`companion run --window --backend mock --frames 1 --new`"
        rows.append(
            row(
                f"cold start: s from spawning {cmd} to its STATUS=starting (the start-up frame is flipped), "
                f"median of {starts}",
                "s",
                start["first"],
                "info (the splash)",
                None,
                peer_name=bare_name,
                peer_median=start["bare"],
                ratio=ratio,
            )
        )
        ready = start["ready"] / start["bare"]
        rows.append(
            row(
                f"cold start: s from spawning the same run to its READY=1 (screen, LEDs and reader up or "
                f"marked missing, the LEDs in their colour check; the game screen's loop starts next), "
                f"median of {starts}",
                "s",
                start["ready"],
                f"<= {GOAL_START_RATIO}x bare pygame",
                ready <= GOAL_START_RATIO,
                peer_name=bare_name,
                peer_median=start["bare"],
                ratio=ready,
            )
        )
        resume = start["resume"] / start["bare"]
        rows.append(
            row(
                "cold start after a power cut: s from spawning `companion run --window --backend mock --frames 1` "
                f"(the service's start, no --new) "
                f"with an unfinished 40-command game in the journal to its READY=1, the resume offer on "
                f"screen (named from the journal's kept position, no replay), median of {starts}",
                "s",
                start["resume"],
                f"<= {GOAL_START_RATIO}x bare pygame",
                resume <= GOAL_START_RATIO,
                peer_name=bare_name,
                peer_median=start["bare"],
                ratio=resume,
            )
        )
        rss_mb = start["rss"]
        rows.append(
            row(
                f"peak resident memory (ru_maxrss) of one {cmd} run, measured from a wrapper process",
                "MB",
                rss_mb,
                f"<= {GOAL_RSS_MB:.0f} MB",
                rss_mb <= GOAL_RSS_MB,
            )
        )
    return rows


if __name__ == "__main__":
    for r in run(quick="--quick" in sys.argv):
        print(r)
