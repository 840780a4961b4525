"""Helpers of the one-writer and storage-fault suites: real `companion` processes, and the check every
test ends with (every journaled game replays and holds every acknowledged command)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from companion.storage.session import Session
from tests.app.proc import clean_env

ROOT = Path(__file__).resolve().parents[2]

# `python -c TABLE ARGS`: the real `companion run ARGS` (the table, its screens without a screen) whose
# players pick "resume" on the resume offer at once: game $RESUME_ID is then played, and held, by the table.
TABLE = r"""
import os, runpy, sys
from companion.app import App
_start = App.start
def start(self, *args, **kw):
    _start(self, *args, **kw)
    self.dispatch({"intent": "resume", "id": int(os.environ["RESUME_ID"])})
App.start = start
sys.argv = ["companion", "run", *sys.argv[1:]]
runpy.run_module("companion", run_name="__main__")
"""


def env(tmp_path: Path, **extra) -> dict:
    """A clean environment for a `companion` child (private folders, mock HAL, dummy SDL)."""
    return clean_env(tmp_path, COMPANION_HAL="mock", SDL_VIDEODRIVER="dummy", REPO_ROOT=str(ROOT), **extra)


def companion(tmp_path: Path, *args, timeout: float = 60, **extra) -> subprocess.CompletedProcess:
    """`companion ARGS` to its end."""
    return subprocess.run(
        [sys.executable, "-m", "companion", *map(str, args)],
        capture_output=True,
        text=True,
        env=env(tmp_path, **extra),
        timeout=timeout,
    )


def spawn(tmp_path: Path, *args, probe: str | None = None, **extra) -> subprocess.Popen:
    """`companion ARGS` running (through `probe`, a `python -c` program, when given)."""
    head = [sys.executable, "-c", probe] if probe else [sys.executable, "-m", "companion"]
    return subprocess.Popen(
        [*head, *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env(tmp_path, **extra),
    )


def scenario(path: Path, commands: list[dict]) -> Path:
    """Write `commands` as a scenario file."""
    path.write_text("".join(json.dumps(c) + "\n" for c in commands))
    return path


def acks(out: str) -> int:
    """The highest `ack N` a run printed (0: none)."""
    numbers = [int(line.split()[1]) for line in out.splitlines() if line.startswith("ack ")]
    return max(numbers, default=0)


def holds(path: Path, game_id: int, timeout: float = 30.0) -> int:
    """Wait until some process holds `game_id` in the journal at `path`; its pid."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                row = db.execute("SELECT pid FROM leases WHERE game_id = ?", (game_id,)).fetchone()
            finally:
                db.close()
        except sqlite3.DatabaseError:
            row = None
        if row:
            return row[0]
        time.sleep(0.05)
    raise AssertionError(f"nobody took game {game_id} in {timeout} s")


def rows(path: Path) -> list[tuple]:
    """Every command row of the journal (game, seq, command, undone), as another reader sees them."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return db.execute(
            "SELECT game_id, seq, command, undone FROM commands ORDER BY game_id, seq"
        ).fetchall()
    finally:
        db.close()


def games(path: Path) -> dict[int, list[dict]]:
    """Game id -> its active commands, read by a separate connection."""
    found: dict[int, list[dict]] = {}
    for gid, _seq, command, undone in rows(path):
        if undone == 0:
            found.setdefault(gid, []).append(json.loads(command))
    return found


def nothing_lost(path: Path, acknowledged: dict[int, list[dict]] | None = None) -> dict[int, list[dict]]:
    """Every journaled game replays, and each game in `acknowledged` (id ->
    the commands acknowledged for it, in order) holds them as its first active commands. Returns the games."""
    found = games(path)
    for commands in found.values():
        Session.replay(commands)  # raises JournalError if a command no longer applies
    for gid, acked in (acknowledged or {}).items():
        assert gid in found, f"game {gid}, with {len(acked)} acknowledged commands, is gone"
        assert found[gid][: len(acked)] == acked, f"game {gid} lost acknowledged commands"
    return found


def stop(proc: subprocess.Popen, timeout: float = 20) -> tuple[str, str]:
    """SIGTERM and wait: (stdout, stderr)."""
    if proc.poll() is None:
        proc.terminate()
    try:
        return proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
