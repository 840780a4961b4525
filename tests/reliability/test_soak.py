"""Soak: hours of simulated play through the real loop (`App.run`) on a FakeClock at 30 fps.

A bot plays one command every few simulated seconds and starts the next game (all five in turn)
when one ends. After a warm-up (every game played once, quickly, then some normal play), the process's
resident memory may grow by less than 5 MB, and the
loop's pacing may not slip: after N frames the fake clock stands at start + N/fps (to float
rounding, far under a microsecond). `make chaos` soaks 8 simulated hours; `make test` 10 minutes.
"""

from __future__ import annotations

import gc
import random
import time
from collections import Counter, deque

from companion.app import App
from tests.reliability.conftest import FULL
from tests.reliability.helpers import GAME_SETUPS, bot_for, build_app, rss_kb

SIM_HOURS = 8.0 if FULL else 10 / 60
WARMUP_S = 600.0 if FULL else 120.0
COMMAND_EVERY_S = 3.0
CHUNK_S = 600.0  # run() in chunks of simulated time, so progress can be measured
RSS_LIMIT_KB = 5 * 1024


class SoakSource:
    """Plays a command every `every` simulated seconds; a finished game is followed by a new one."""

    def __init__(self, every: float, seed: int = 8):
        self.every = every
        self.rng = random.Random(seed)
        self.next_at = 0.0
        self.games = list(GAME_SETUPS)
        self.started = Counter()
        self.commands = 0

    def next(self, app: App) -> dict | None:
        """A bot command (or the next game's setup) when its time has come, else None."""
        now = app.clock.now()
        if now < self.next_at:
            return None
        self.next_at = now + self.every * self.rng.uniform(0.5, 1.5)
        s = app.session
        if s is None or s.outcome() is not None:
            game_id = self.games[sum(self.started.values()) % len(self.games)]
            self.started[game_id] += 1
            return dict(GAME_SETUPS[game_id], seed=self.rng.randrange(10**6))
        self.commands += 1
        return bot_for(s.game.id).choose(s.game, s.state, self.rng)

    def finished(self, app: App) -> bool:
        """A soak never runs out."""
        return False


def _run_for(app: App, seconds: float) -> None:
    """Run the real loop for `seconds` of simulated time."""
    fps = app.cfg.display.fps
    app.run(max_frames=app.frames + round(seconds * fps))


def test_soak_memory_stays_flat_and_pacing_never_slips(tmp_path, figures):
    source = SoakSource(COMMAND_EVERY_S)
    app = build_app(tmp_path, source=source)
    tail = deque(maxlen=100)  # keep the narration bounded, as journald would, but count refusals
    refusals = Counter()

    def log(line: str) -> None:
        """Keep the line in the tail; count it if it is a refusal."""
        tail.append(line)
        refusals[line.startswith("refused")] += 1

    app.log = log
    # the mock strip keeps a 10,000-frame test history (~20 MB once full): a short one here, so
    # what is measured is the app, not the test double filling up
    app.hw.pixels.frames = deque(maxlen=300)
    app.hw.pixels.wire = deque(maxlen=300)
    fps = app.cfg.display.fps
    start = app.clock.now()
    source.every = 0.1  # warm-up: every game module loaded and played to its end once, quickly
    while min(source.started[g] for g in GAME_SETUPS) < 1 or sum(source.started.values()) <= len(GAME_SETUPS):
        _run_for(app, 60.0)
    source.every = COMMAND_EVERY_S
    _run_for(app, WARMUP_S)
    gc.collect()
    rss_before = rss_kb()
    frames_before, commands_before = app.frames, source.commands
    t0 = time.perf_counter()
    left = SIM_HOURS * 3600
    while left > 0:
        step = min(CHUNK_S, left)
        _run_for(app, step)
        left -= step
    wall = time.perf_counter() - t0
    gc.collect()
    growth = rss_kb() - rss_before
    frames = app.frames
    drift = app.clock.now() - (start + frames / fps)
    refused = refusals[True]
    figures.setdefault("Soak (real loop, FakeClock at 30 fps, bot plays every ~3 s)", {}).update(
        {
            "simulated hours": round(SIM_HOURS, 2),
            "frames": frames,
            "commands played (after warm-up)": source.commands - commands_before,
            "games started": dict(source.started),
            "RSS before (kB, after warm-up)": rss_before,
            "RSS growth (kB)": growth,
            "clock minus frames/fps (s)": f"{drift:.3g}",
            "real seconds": round(wall, 1),
            "real ms per frame": round(1000 * wall / max(1, frames - frames_before), 3),
            "LED frames kept by the mock (bounded)": len(app.hw.pixels.frames),
        }
    )
    assert growth < RSS_LIMIT_KB, f"RSS grew by {growth} kB"
    assert abs(drift) < 1e-6, f"pacing slipped by {drift} s"
    assert source.commands - commands_before > (SIM_HOURS * 3600) / (2 * COMMAND_EVERY_S)
    assert sum(source.started.values()) >= 2 and refused == 0, list(tail)
    assert app.journal.quick_check() == "ok"
