"""The -wal check after a power cut: SQLite's own count of sound frames (from the -shm) gives the same
answer as walking the checksum chain in Python, and spares the walk."""

import shutil
import sqlite3

import pytest

from companion.storage import damage as damage_mod
from companion.storage import wal as wal_mod
from companion.storage.damage import damage
from companion.storage.wal import valid_frames, wal_break

FRAME = 24 + 4096


@pytest.fixture(scope="module")
def cut(tmp_path_factory):
    """A journal-like file and its -wal as a cut leaves them: 120 commits, no checkpoint."""
    folder = tmp_path_factory.mktemp("cut")
    con = sqlite3.connect(folder / "j.db", isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA wal_autocheckpoint=0")
    con.execute("CREATE TABLE t(a, b)")
    for i in range(120):
        con.execute("INSERT INTO t VALUES (?, ?)", (i, "x" * 900))
    db, wal = (folder / "j.db").read_bytes(), (folder / "j.db-wal").read_bytes()
    con.close()
    return db, wal


def _lay(tmp_path, db: bytes, wal: bytes):
    """The files where a start finds them; the path of the database."""
    shutil.rmtree(tmp_path / "t", ignore_errors=True)
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "j.db").write_bytes(db)
    (tmp_path / "t" / "j.db-wal").write_bytes(wal)
    return str(tmp_path / "t" / "j.db")


def _flip(wal: bytes, at: int) -> bytes:
    out = bytearray(wal)
    out[at] ^= 0x10
    return bytes(out)


def _damaged(wal: bytes):
    """The -wal with one bit flipped: in a page, a stored checksum or a salt, near the start, in the
    middle and in each of the last frames."""
    frames = (len(wal) - 32) // FRAME
    for k in (0, 3, frames // 2, frames - 3, frames - 2, frames - 1):
        for offset, what in ((24 + 1000, "page"), (16, "checksum"), (8, "salt")):
            yield f"{what} of frame {k}", _flip(wal, 32 + k * FRAME + offset)
    yield "the header's checksum", _flip(wal, 25)
    yield "a torn tail", wal[:-1500]


def test_the_count_sqlite_leaves_in_the_shm_gives_the_walks_answer(cut, tmp_path):
    db, wal = cut
    seen = set()
    for what, bad in [("sound", wal), *_damaged(wal)]:
        path = _lay(tmp_path, db, bad)
        walked = wal_break(bad)
        assert damage(path) == walked, what
        seen.add(walked is None)
    assert seen == {True, False}  # both answers were among the cases


def test_a_start_after_a_cut_checksums_only_the_frames_after_sqlites_count(cut, tmp_path, monkeypatch):
    db, wal = cut
    frames = (len(wal) - 32) // FRAME
    calls = []
    real = wal_mod.wal_checksum
    monkeypatch.setattr(wal_mod, "wal_checksum", lambda *a: calls.append(1) or real(*a))
    assert damage(_lay(tmp_path, db, wal)) is None
    assert frames > 100 and len(calls) <= 1  # the walk would checksum every frame
    bad = _flip(wal, 32 + (frames // 2) * FRAME + 24 + 1000)
    walked = wal_break(bad)
    assert "damaged before" in walked
    calls.clear()
    assert damage(_lay(tmp_path, db, bad)) == walked
    assert len(calls) <= 2  # the frame after SQLite's count, where the chain breaks


def test_an_index_that_does_not_speak_for_the_wal_leaves_the_walk_to_answer(cut, tmp_path, monkeypatch):
    db, wal = cut
    path = _lay(tmp_path, db, wal)
    assert damage(path) is None
    shm = (tmp_path / "t" / "j.db-shm").read_bytes()[:96]
    assert valid_frames(shm, wal) == (len(wal) - 32) // FRAME
    other = _flip(wal, 16)  # another salt: the index is of another -wal
    for name, index in (
        ("none", b""),
        ("two copies differ", shm[:48] + _flip(shm[48:], 20)),
        ("another version", bytes([shm[0] ^ 1]) + shm[1:48] + bytes([shm[0] ^ 1]) + shm[49:]),
    ):
        assert valid_frames(index, wal) is None, name
    assert valid_frames(shm, other) is None
    monkeypatch.setattr(damage_mod, "_head_of", lambda path: b"")  # no -shm to read: the walk answers
    bad = _flip(wal, 32 + 20 * FRAME + 24 + 1000)
    assert damage(_lay(tmp_path, db, bad)) == wal_break(bad) is not None
