"""Kill during recover: `companion journal recover FILE --journal J`, a real child process, is SIGKILLed
after N of its games were imported (N read from J by a read-only reader while it runs), and at random
moments (while it copies and scans the damaged file, too).

After every kill: the damaged file is byte for byte as before, J is a sound journal (the app's own damage
check and `PRAGMA quick_check`), and every game in J is a whole game of the damaged journal (all its
commands, its own dates), none twice. Then recover runs again to the end: every game exactly once.
Each game is imported in one transaction and found again by its created time and commands
(companion/storage/recover.py), which is what this shows. `make test` kills a few times, `make chaos` more.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from companion.storage.journal import damage
from tests.reliability.conftest import FULL
from tests.reliability.journals import evening, lost, snapshot

EXTRA_GAMES = 40 if FULL else 25  # with the evening's five: long enough to be caught in the middle
THRESHOLDS = (1, 5, 12, 20, 31, 40) if FULL else (3, 12)  # kill once this many games are in J
KILLS_PER_JOURNAL = 2 if FULL else 1  # the same J killed again, later, before the run that finishes
RANDOM_KILLS = 24 if FULL else 1


def _imported(journal: Path) -> int:
    """Games committed in `journal` so far, read as doctor would (read-only; 0 before it exists)."""
    try:
        con = sqlite3.connect(f"file:{journal}?mode=ro", uri=True, timeout=0.5)
        try:
            return con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def _start(damaged: Path, journal: Path, env: dict) -> subprocess.Popen:
    """`companion journal recover` as a user starts it."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "journal",
            "recover",
            str(damaged),
            "--journal",
            str(journal),
            "--create",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )


def _check(journal: Path, originals: list[dict]) -> int:
    """J is sound and holds only whole games of the damaged journal, each at most once; how many."""
    if not journal.exists():
        return 0
    assert damage(str(journal)) is None
    con = sqlite3.connect(f"file:{journal}?mode=ro", uri=True)
    assert con.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    con.close()
    got = snapshot(journal)
    assert lost(got, originals, dates=True) == [], (
        "a game that is not a whole game of the damaged journal, or one twice"
    )
    return len(got)


def test_a_killed_recover_leaves_whole_games_and_finishes_on_the_next_run(tmp_path, figures):
    src = tmp_path / "old.sqlite3"
    evening(src, extra=EXTRA_GAMES)
    originals = snapshot(src)
    damaged = tmp_path / "journal.sqlite3.corrupt-20260101T000000Z"
    damaged.write_bytes(b"definitely junk!" + src.read_bytes()[16:])
    source = damaged.read_bytes()
    (tmp_path / "tmp").mkdir()
    env = dict(
        os.environ,
        COMPANION_STATE_DIR=str(tmp_path / "state"),
        COMPANION_CONFIG_DIR=str(tmp_path / "cfg"),
        TMPDIR=str(tmp_path / "tmp"),
        COMPANION_LANG="en",
    )
    rng = random.Random(23)
    kills, runs, seen_at_kill = 0, 0, []
    plans = [("after", n) for n in THRESHOLDS] + [
        ("random", rng.uniform(0.05, 0.7)) for _ in range(RANDOM_KILLS)
    ]
    for trial, (how, when) in enumerate(plans):
        journal = tmp_path / f"j{trial}.sqlite3"
        for _again in range(KILLS_PER_JOURNAL if how == "after" else 1):
            runs += 1
            proc = _start(damaged, journal, env)
            t0 = time.monotonic()
            while proc.poll() is None:
                if (how == "after" and _imported(journal) >= when) or (
                    how == "random" and time.monotonic() - t0 >= when
                ):
                    proc.send_signal(signal.SIGKILL)
                    break
                time.sleep(0.002)
            proc.communicate(timeout=60)
            if proc.returncode == -signal.SIGKILL:
                kills += 1
                seen_at_kill.append(_check(journal, originals))
            assert damaged.read_bytes() == source and not Path(f"{damaged}-wal").exists()
            when = when * 2 if how == "after" else when
        runs += 1
        there = _check(journal, originals)
        done = _start(damaged, journal, env)
        out, err = done.communicate(timeout=120)
        assert done.returncode == 0, err
        assert _check(journal, originals) == len(originals)
        assert lost(originals, snapshot(journal), dates=True) == []  # every game exactly once, its own dates
        assert f"\n{len(originals) - there} game" in out and out.count("already in this journal") == there
    assert kills >= len(THRESHOLDS)  # the import is long enough to be caught in the middle
    assert any(0 < n < len(originals) for n in seen_at_kill)  # some kills left part of the games
    figures.setdefault("Kill during recover (SIGKILL of `companion journal recover`)", {}).update(
        {
            "games in the damaged journal": len(originals),
            "kills": kills,
            "runs": runs,
            "games in J when killed": f"{min(seen_at_kill)} to {max(seen_at_kill)} "
            f"({seen_at_kill.count(0)} kills before the first game was in)",
            "damaged source changed": 0,
            "half games or duplicates in J": 0,
            "games lost after the last run": 0,
        }
    )
