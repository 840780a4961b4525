"""Damaged journals: the table app must start on any of them and keep every original file.

Each case takes a real journal (games played by the bots, closed cleanly or with a live WAL),
damages it in one way — random byte flips, a cut-off file, garbage in place of it, a zeroed page,
a WAL without its database, a garbage WAL — and starts `companion run --headless` on it. Checked:
  - the app starts and exits 0 (no crash, no refused start);
  - if the journal was judged damaged, its files are kept byte for byte as
    `journal.sqlite3.corrupt-<UTC time>` (and -wal) and a fresh journal passes quick_check;
  - if not, the journal is sound (quick_check ok) and still holds every game it had.
`make chaos`: 1,000 cases; `make test`: 36.
"""

import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion import cli
from companion.storage.journal import Journal
from companion.storage.session import Session
from tests.reliability.conftest import FULL
from tests.reliability.helpers import bot_script

CASES = 1000 if FULL else 36
KINDS = [
    "flips",
    "flips in the wal",
    "cut off",
    "wal cut off",
    "garbage",
    "zeroed page",
    "wal without database",
    "garbage wal",
]


@pytest.fixture(scope="module")
def originals(tmp_path_factory):
    """Two real journals of three games: (db bytes, wal bytes) closed cleanly, and with its WAL live."""
    out = {}
    base = tmp_path_factory.mktemp("originals")
    for live in (False, True):
        path = base / f"{live}.sqlite3"
        j = Journal(path)
        j.db.execute("PRAGMA wal_autocheckpoint=0")
        for seed, game in enumerate(("masters", "nosferatu", "strigoi")):
            script = bot_script(game, seed, 40)
            s, _ = Session.new(script[0], journal=j)
            for cmd in script[1:]:
                s.submit(cmd)
        if live:
            out[live] = (path.read_bytes(), Path(f"{path}-wal").read_bytes())
        j.close()
        if not live:
            out[live] = (path.read_bytes(), b"")
    return out


def _damage(rng: random.Random, kind: str, db: bytes, wal: bytes) -> tuple[bytes | None, bytes]:
    """(db bytes or None for no file, wal bytes) damaged in one way."""
    if kind == "flips":
        data = bytearray(db)
        for _ in range(rng.randint(1, 40)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return bytes(data), wal
    if kind == "flips in the wal":
        data = bytearray(wal)
        for _ in range(rng.randint(1, 40)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return db, bytes(data)
    if kind == "cut off":
        return db[: rng.randrange(len(db))], wal
    if kind == "wal cut off":
        return db, wal[: rng.randrange(len(wal))]
    if kind == "garbage":
        return rng.randbytes(rng.choice([1, 100, 4096, 20000, len(db)])), b""
    if kind == "zeroed page":
        page = rng.randrange(len(db) // 4096)
        return db[: page * 4096] + bytes(4096) + db[(page + 1) * 4096 :], wal
    if kind == "wal without database":
        return None, wal
    if kind == "garbage wal":
        return db, rng.randbytes(rng.choice([8, 32, 4096 + 24, 50000]))
    raise ValueError(kind)


def _games_readable(scratch: Path, db: bytes | None, wal: bytes) -> int:
    """How many games SQLite reads from these files (0 if none), on a throwaway copy."""
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir()
    path = scratch / "j.sqlite3"
    path.write_bytes(db or b"")
    if wal:
        Path(f"{path}-wal").write_bytes(wal)
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        finally:
            con.close()
    except (sqlite3.DatabaseError, ValueError):
        return 0


def test_damaged_journals_never_stop_the_table(tmp_path, monkeypatch, originals, figures, capsys):
    rng = random.Random(14)
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "cfg"))
    tally = {
        "cases": 0,
        "moved aside": 0,
        "used in place (damage SQLite does not see)": 0,
        "crashes or refused starts": 0,
        "original files not kept": 0,
    }
    play = tmp_path / "play.jsonl"  # the table plays a short game after each start: the new journal takes it
    play.write_text("".join(json.dumps(c) + "\n" for c in bot_script("masters", 3, 6)))
    for n in range(CASES):
        kind = KINDS[n % len(KINDS)]
        live = kind.startswith(("wal", "flips in", "garbage wal")) or rng.random() < 0.5
        db, wal = originals[live]
        if not wal and "wal" in kind:
            continue
        bad_db, bad_wal = _damage(rng, kind, db, wal)
        state = tmp_path / f"case{n}"
        state.mkdir()
        monkeypatch.setenv("COMPANION_STATE_DIR", str(state))
        path = state / "journal.sqlite3"
        if bad_db is not None:
            path.write_bytes(bad_db)
        if bad_wal:
            Path(f"{path}-wal").write_bytes(bad_wal)
        tally["cases"] += 1
        readable = _games_readable(tmp_path / "scratch", bad_db, bad_wal)
        status = cli.main(["run", "--headless", "--script", str(play), "--pace", "0", "--journal", str(path)])
        err = capsys.readouterr().err
        if status != 0:
            tally["crashes or refused starts"] += 1
            pytest.fail(f"case {n} ({kind}): exit {status}: {err[-400:]}")
        aside = sorted(state.glob("journal.sqlite3.corrupt-*"))
        if aside:
            tally["moved aside"] += 1
            stem = str(aside[0]).removesuffix("-wal").removesuffix("-shm")
            kept = (
                Path(stem).read_bytes() if Path(stem).exists() else None,
                Path(f"{stem}-wal").read_bytes() if Path(f"{stem}-wal").exists() else b"",
            )
            if kept != (bad_db, bad_wal):
                tally["original files not kept"] += 1
            assert kept == (bad_db, bad_wal), (
                f"case {n} ({kind}): the damaged files were not kept as they were"
            )
        else:
            tally["used in place (damage SQLite does not see)"] += 1
            con = sqlite3.connect(path)
            try:
                assert con.execute("PRAGMA quick_check").fetchone()[0] == "ok", f"case {n} ({kind})"
                have = con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            finally:
                con.close()
            assert have >= readable, f"case {n} ({kind}): games went missing in place"
        with Journal(path, check=False) as j:
            assert j.quick_check() == "ok" and j.games(), f"case {n} ({kind}): no game running after start"
        shutil.rmtree(state)
    figures.setdefault("Damaged journals (companion run --headless on each)", {}).update(tally)
    assert tally["crashes or refused starts"] == 0 and tally["original files not kept"] == 0
