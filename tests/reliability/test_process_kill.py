"""Process kills: the headless app is SIGKILLed at random moments and restarted until its game is done.

This is a crash of the program, not a power cut: the OS page cache survives a SIGKILL and still
reaches the disk, so this test passes even with `synchronous=OFF`. Power cuts, which drop every
write not yet fsynced, are tests/reliability/test_power_loss.py.

Checked after every cut: each command the app acknowledged (printed `ack N` after the journal
commit) is in the journal, the journal passes `PRAGMA quick_check`, and the journal is a prefix of
the scenario whose resumed state equals a clean replay. Finally the whole scenario is in the
journal exactly once. `make chaos` does >= 200 kills; `make test` a handful.
"""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

from companion.games.masters.rules import bot
from companion.rules import load_game
from companion.storage.journal import Journal
from companion.storage.session import Session
from tests.reliability.conftest import FULL

CUTS = 200 if FULL else 6


def _scenario(seed: int) -> list[dict]:
    """A complete bot-played game as canonical commands."""
    game = load_game("masters")
    rng = random.Random(seed)
    setup = game.canonical(
        None,
        {
            "cmd": "setup",
            "game": "masters",
            "vampires": ["Imre", "Mila", "Laszlo"],
            "difficulty": "easy",
            "seed": seed,
        },
    )
    state, _ = game.setup(setup)
    cmds = [setup]
    while game.outcome(state) is None:
        cmd = game.canonical(state, bot.choose(game, state, rng))
        state, _ = game.apply(state, cmd)
        cmds.append(cmd)
    return cmds


def _journaled(path) -> tuple[list[dict], str]:
    """(active commands of the only game, quick_check result), read by a separate connection."""
    if not path.exists():
        return [], "ok"
    db = sqlite3.connect(path)
    try:
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'commands'").fetchone():
            return [], check  # cut between creating the file and its tables: nothing journaled yet
        rows = db.execute("SELECT command FROM commands WHERE undone = 0 ORDER BY game_id, seq").fetchall()
    finally:
        db.close()
    return [json.loads(r[0]) for r in rows], check


def test_process_kills_lose_nothing(tmp_path, figures):
    rng = random.Random(2024)
    cuts = acked_total = runs = 0
    lost = 0
    scenarios = 0
    env = dict(
        os.environ,
        COMPANION_STATE_DIR=str(tmp_path / "state"),
        COMPANION_CONFIG_DIR=str(tmp_path / "cfg"),
        COMPANION_HAL="mock",
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    t0 = time.monotonic()
    while cuts < CUTS:
        scenarios += 1
        script = _scenario(1000 + scenarios)
        path = tmp_path / f"journal{scenarios}.sqlite3"
        spath = tmp_path / f"s{scenarios}.jsonl"
        spath.write_text("".join(json.dumps(c) + "\n" for c in script))
        cmd = [
            sys.executable,
            "-m",
            "companion",
            "run",
            "--headless",
            "--script",
            str(spath),
            "--journal",
            str(path),
            "--create",
            "--ack",
            "--pace",
            "0",
        ]
        while True:
            runs += 1
            proc = subprocess.Popen(
                cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True
            )
            cut = cuts < CUTS and rng.random() < 0.85
            if cut:
                time.sleep(rng.uniform(0.05, 0.5))
                proc.send_signal(signal.SIGKILL)
            out, _ = proc.communicate(timeout=60)
            acked = [int(line.split()[1]) for line in out.splitlines() if line.startswith("ack ")]
            journaled, check = _journaled(path)
            assert check == "ok"
            assert journaled == script[: len(journaled)], "the journal is not a prefix of the scenario"
            if acked:
                acked_total += len(acked)
                lost += max(0, max(acked) - len(journaled))
            assert not acked or max(acked) <= len(journaled), "an acknowledged command is missing"
            if journaled:
                with Journal(path) as j:
                    resumed = Session.resume(j, game=load_game("masters")) if j.last_unfinished() else None
                    if resumed is not None:
                        assert resumed.view() == Session.replay(script[: len(journaled)]).view()
            if proc.returncode == -signal.SIGKILL:
                cuts += 1
                continue
            assert proc.returncode == 0, out[-500:]
            break
        assert _journaled(path)[0] == script
    figures.setdefault("Process kills (SIGKILL of the headless app; not a power cut)", {}).update(
        {
            "kills": cuts,
            "runs": runs,
            "scenarios played to the end": scenarios,
            "commands acknowledged": acked_total,
            "acknowledged commands lost": lost,
            "journal quick_check failures": 0,
            "seconds": round(time.monotonic() - t0, 1),
        }
    )
    assert lost == 0
