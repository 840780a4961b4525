"""`companion run` on a PC's mock or simulated board sleeps between frames like the table on a Pi, in
every mode, and a stop signal ends it at once (issue 24, point 8: `--fullscreen --backend mock` once
ran on a fake clock that never slept: 11,000 LED frames in 6 s, a whole core, 1.9 s to stop).

Real processes under SDL_VIDEODRIVER=dummy: a probe counts the loop's frames and the LED frames
pushed to the mock strip and reads the process's CPU time. The bounds hold on a loaded 2-core machine;
the precise stop time is a benchmark row (benchmarks/bench_process.py), not a timed test.
"""

import json
import signal
import threading
import time

import pytest

from companion.app import App
from companion.gamedata import config
from companion.hal import open_hardware
from companion.hal.clock import MonotonicClock
from companion.runtime.parts import Parts
from companion.storage.journal import Journal
from tests.app.helpers import SETUP
from tests.app.proc import Notify, clean_env, running, start

FPS = 30  # the default config's frame rate
WINDOW_S = 2.0
# The probe: `companion run` with the loop's frames, the mock strip's pushes and the process's CPU time
# written to $COUNT_FILE every 0.25 s (from a thread of its own: the loop itself is not slowed).
PROBE = r"""
import json, os, runpy, sys, threading, time
from companion import app as appmod
from companion.hal import mock
n = {"ticks": 0, "shows": 0}
_tick, _show = appmod.App.tick, mock.MockPixels.show
def tick(self, rest=False):
    n["ticks"] += 1
    _tick(self, rest)
def show(self, frame):
    n["shows"] += 1
    _show(self, frame)
appmod.App.tick, mock.MockPixels.show = tick, show
def dump():
    path = os.environ["COUNT_FILE"]
    while True:
        with open(path + ".tmp", "w") as f:
            json.dump(dict(n, cpu=time.process_time(), t=time.monotonic()), f)
        os.replace(path + ".tmp", path)
        time.sleep(0.25)
threading.Thread(target=dump, daemon=True).start()
sys.argv = ["companion", "run", *sys.argv[1:]]
runpy.run_module("companion", run_name="__main__")
"""
MODES = {
    "fullscreen-mock": ["--fullscreen", "--backend", "mock"],
    "window-sim": ["--window", "--backend", "sim"],
    "headless-mock": ["--headless", "--backend", "mock"],
}


def _seed_journal(path) -> None:
    """An unfinished game: the screen modes show the resume offer, the headless table resumes it."""
    with Journal(path) as j:
        gid = j.new_game(SETUP)
        j.append(gid, {"cmd": "adjust", "veil": 4})


def _counts(path) -> dict:
    """The probe's last counts (written whole: it renames a finished file over the old one)."""
    return json.loads(path.read_text())


@pytest.mark.parametrize("mode", list(MODES))
def test_a_run_on_the_pc_board_sleeps_between_frames_and_stops_at_once(tmp_path, mode):
    journal, counts = tmp_path / "journal.sqlite3", tmp_path / "counts.json"
    _seed_journal(journal)
    notify = Notify(tmp_path)
    env = clean_env(tmp_path, NOTIFY_SOCKET=notify.path, SDL_VIDEODRIVER="dummy", COUNT_FILE=str(counts))
    with running(start(MODES[mode] + ["--journal", str(journal)], env, probe=PROBE), notify) as proc:
        notify.wait_for("READY=1")
        time.sleep(1.5)  # past the 1 s colour check and the opening fade
        a = _counts(counts)
        time.sleep(WINDOW_S)
        b = _counts(counts)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    wall = b["t"] - a["t"]
    frames, pushes, cpu = b["ticks"] - a["ticks"], b["shows"] - a["shows"], (b["cpu"] - a["cpu"]) / wall
    assert wall > 1.0
    assert frames <= FPS * wall * 1.5, f"{mode}: {frames} frames in {wall:.2f} s"
    assert pushes <= frames, f"{mode}: {pushes} LED frames in {frames} loop frames"
    assert cpu < 0.35, f"{mode}: {cpu:.0%} of a core"
    assert proc.returncode == 0, err
    assert "stopped by SIGTERM" in err and "Traceback" not in err
    assert "stopping took longer than" not in err  # the stop's time is a benchmark row, not a bound here


class _CountingClock(MonotonicClock):
    """The real clock, counting the sleeps a `wake` ended (`woken`); the others ran to their end."""

    woken = 0

    def sleep_until(self, t: float) -> None:
        """MonotonicClock's sleep, counted when a `wake` ends it."""
        delay = t - time.monotonic()
        if delay > 0 and self._woken.acquire(timeout=delay):
            self.woken += 1


def test_a_stop_ends_the_frame_sleep_at_once_even_at_a_slow_pace(tmp_path):
    # Counted, not timed (a loaded machine may run the timer late): the sleep the stop came in is
    # ended by the stop's wake, not by its second running out.
    cfg = config.default()
    cfg = cfg._replace(display=cfg.display._replace(fps=1))  # one frame a second: a 1 s sleep each
    clock = _CountingClock()
    hw = open_hardware(cfg, backend="mock", clock=clock)
    app = App(Parts(cfg, hw, Journal(tmp_path / "journal.sqlite3"), log=lambda s: None))
    app.start(setup=SETUP)
    app.run(max_frames=2)  # into the rhythm: the next frame is a whole second away
    assert clock.woken == 0
    threading.Timer(0.3, app.stop).start()
    app.run()
    hw.close()
    app.journal.close()
    assert clock.woken == 1, "the loop slept on after the stop"
