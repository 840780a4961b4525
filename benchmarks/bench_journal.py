"""Journal commit cost against its floor: a bare SQLite WAL + synchronous=FULL insert, same run.

The journal is opened by the app's factory and appended to as a session does (with its hold: the
one-writer check in each write's transaction is counted)."""

from __future__ import annotations

import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.common import row

CMD = {"cmd": "move", "to": "B2", "minions": 1}


def run(quick: bool = False) -> list[dict]:
    """Median time of one durable command append vs one bare durable insert."""
    from companion.storage.opening import open_journal

    n = 100 if quick else 400
    with tempfile.TemporaryDirectory() as tmp:
        bare = sqlite3.connect(Path(tmp) / "bare.sqlite3", isolation_level=None)
        bare.execute("PRAGMA journal_mode=WAL")
        bare.execute("PRAGMA synchronous=FULL")
        bare.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, command TEXT)")
        floor = []
        for _ in range(n):
            t0 = time.perf_counter()
            bare.execute("BEGIN IMMEDIATE")
            bare.execute("INSERT INTO t (command) VALUES (?)", ('{"cmd":"move","minions":1,"to":"B2"}',))
            bare.execute("COMMIT")
            floor.append(time.perf_counter() - t0)
        bare.close()
        ours = []
        with open_journal(Path(tmp) / "j.sqlite3", who="run", create=True) as j:
            hold = j.start_game({"cmd": "setup", "game": "masters"})
            for _ in range(n):
                t0 = time.perf_counter()
                j.append(hold.game_id, CMD, hold=hold)
                ours.append(time.perf_counter() - t0)
    o, f = statistics.median(ours) * 1000, statistics.median(floor) * 1000
    return [
        row(
            "journal: one durable command append",
            "ms",
            o,
            "<= 2x bare insert",
            o <= 2 * f,
            "bare SQLite WAL FULL insert",
            f,
            o / f if f else None,
        )
    ]
