"""The journal: durable commands, undo/redo with history, list/resume/delete/export."""

import json
import os
import sqlite3
import stat

import pytest

from companion.errors import DataFileError, RuleViolation
from companion.storage.journal import ABANDONED, ACTIVE, UNDONE, Journal, JournalError
from companion.storage.scenario import read_scenario
from companion.storage.session import Session
from tests.fakes import CounterGame

SETUP = {"cmd": "setup", "game": "counter", "start": 5}


def test_journal_is_wal_full_and_private(tmp_path):
    path = tmp_path / "state" / "j.sqlite3"
    with Journal(path) as j:
        assert j.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert j.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700


def test_journal_command_visible_to_another_connection_once_appended(tmp_path):
    path = tmp_path / "j.sqlite3"
    with Journal(path) as j:
        gid = j.new_game(SETUP)
        j.append(gid, {"cmd": "add", "n": 3})
        other = sqlite3.connect(path)
        rows = other.execute("SELECT command FROM commands WHERE game_id = ? ORDER BY seq", (gid,)).fetchall()
        other.close()
    assert [json.loads(r[0])["cmd"] for r in rows] == ["setup", "add"]


def test_journal_undo_marks_and_redo_restores(tmp_path):
    with Journal(tmp_path / "j.sqlite3") as j:
        gid = j.new_game(SETUP)
        for n in (1, 2, 3):
            j.append(gid, {"cmd": "add", "n": n})
        assert j.undo(gid, 2) == 2
        assert [c.get("n") for c in j.commands(gid)] == [None, 1]
        assert [flag for _, _, flag in j.history(gid)] == [ACTIVE, ACTIVE, UNDONE, UNDONE]
        assert [c["n"] for c in j.redo(gid, 1)] == [2]
        j.append(gid, {"cmd": "add", "n": 9})  # a new command abandons the remaining redo step
        assert [flag for _, _, flag in j.history(gid)] == [ACTIVE, ACTIVE, ACTIVE, ABANDONED, ACTIVE]
        assert j.redo_available(gid) == 0
        assert j.undo(gid, 99) == 3  # never the setup


def test_journal_list_resume_delete_export(tmp_path):
    with Journal(tmp_path / "j.sqlite3") as j:
        a = j.new_game(SETUP)
        b = j.new_game({"cmd": "setup", "game": "counter"})
        j.append(a, {"cmd": "add", "n": 1})
        j.set_status(b, "over", "done")
        assert [g.id for g in j.games()] == [b, a]  # newest activity first
        assert j.last_unfinished().id == a
        lines = read_scenario(j.export(a).splitlines())
        assert [c for _, c in lines] == j.commands(a)
        j.delete(a)
        assert [g.id for g in j.games()] == [b]
        assert j.last_unfinished() is None
        with pytest.raises(JournalError):
            j.commands(a)


def _journal_with_games(path, games=2, adds=5):
    """A real journal at `path` with `games` counter games of `adds` commands, left with its WAL."""
    with Journal(path) as j:
        for _ in range(games):
            s, _ = Session.new(SETUP, journal=j, game=CounterGame())
            for _ in range(adds):
                s.submit({"cmd": "add", "n": 1})


def test_journal_not_a_database_is_moved_aside_and_a_fresh_one_started(tmp_path):
    path = tmp_path / "j.sqlite3"
    garbage = b"this is not a database" * 100
    path.write_bytes(garbage)
    (tmp_path / "j.sqlite3-wal").write_bytes(b"")
    with Journal(path, now=lambda: 1700000000.0) as j:
        assert j.games() == [] and j.quick_check() == "ok"
        moved = j.moved_to
        assert moved == tmp_path / "j.sqlite3.corrupt-20231114T221320Z"
        assert str(moved) in j.notice and f"companion journal recover {moved}" in j.notice
    assert moved.read_bytes() == garbage  # kept byte for byte, never deleted
    assert (tmp_path / "j.sqlite3.corrupt-20231114T221320Z-wal").exists()


def test_journal_failing_quick_check_is_moved_aside(tmp_path):
    path = tmp_path / "j.sqlite3"
    _journal_with_games(path, games=8, adds=90)
    with Journal(path) as j:
        assert j.moved_to is None and j.notice is None  # a sound journal stays where it is
    data = bytearray(path.read_bytes())
    data[4096 * 2 : 4096 * 2 + 64] = b"\xff" * 64  # scribble over a b-tree page header
    path.write_bytes(bytes(data))
    with Journal(path, now=lambda: 1700000000.0) as j:
        assert j.moved_to is not None and j.games() == []
    assert j.moved_to.read_bytes() == bytes(data)


def test_journal_wal_without_its_database_is_kept_aside(tmp_path):
    path = tmp_path / "j.sqlite3"
    other = tmp_path / "other.sqlite3"
    _journal_with_games(other)
    con = sqlite3.connect(other)  # hold a reader so the WAL outlives the writer
    con.execute("PRAGMA journal_mode=WAL")
    with Journal(other) as j:
        j.new_game(SETUP)
        wal = (tmp_path / "other.sqlite3-wal").read_bytes()
    con.close()
    assert wal
    (tmp_path / "j.sqlite3-wal").write_bytes(wal)
    with Journal(path) as j:
        assert "without its database" in j.damage and j.games() == []
    assert (tmp_path / f"{j.moved_to.name}-wal").read_bytes() == wal


def test_journal_locked_is_an_error_not_damage(tmp_path):
    path = tmp_path / "j.sqlite3"
    _journal_with_games(path)
    before = path.read_bytes()
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("PRAGMA locking_mode=EXCLUSIVE")
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(JournalError):
            Journal(path)
    finally:
        blocker.close()
    assert path.read_bytes() == before and not list(tmp_path.glob("*.corrupt-*"))


def test_read_scenario_names_bad_line(tmp_path):
    with pytest.raises(DataFileError) as exc:
        read_scenario(['{"cmd": "setup"}', "", "{not json"], "s.jsonl")
    assert exc.value.line == 3 and "s.jsonl:3" in str(exc.value)
    with pytest.raises(DataFileError) as exc:
        read_scenario(['{"cmd": "setup"}', "[1, 2]"], "s.jsonl")
    assert exc.value.line == 2


def test_session_submit_journals_before_returning_and_refusal_changes_nothing(tmp_path):
    with Journal(tmp_path / "j.sqlite3") as j:
        s, _ = Session.new(SETUP, journal=j, game=CounterGame())
        events = s.submit({"cmd": "add"})
        assert events[0].total == 6
        assert j.commands(s.game_id)[-1] == {"cmd": "add", "n": 1}  # canonical form stored
        before = (s.view(), j.commands(s.game_id))
        with pytest.raises(RuleViolation, match="negative"):
            s.submit({"cmd": "add", "n": -4})
        assert (s.view(), j.commands(s.game_id)) == before


def test_session_resume_replays_and_keeps_redo(tmp_path):
    path = tmp_path / "j.sqlite3"
    with Journal(path) as j:
        s, _ = Session.new(SETUP, journal=j, game=CounterGame())
        for n in (1, 2, 3):
            s.submit({"cmd": "add", "n": n})
        s.undo(1)
        live = s.view()
    with Journal(path) as j:
        r = Session.resume(j, game=CounterGame())
        assert r.view() == live == {"game": "counter", "total": 8, "over": False}
        assert r.can_redo() == 1
        r.redo()
        assert r.view()["total"] == 11
    with Journal(path) as j:
        assert Session.resume(j, game=CounterGame()).view()["total"] == 11


def test_session_finished_game_is_not_offered_for_resume(tmp_path):
    with Journal(tmp_path / "j.sqlite3") as j:
        s, _ = Session.new(SETUP, journal=j, game=CounterGame())
        s.submit({"cmd": "end"})
        assert j.last_unfinished() is None
        assert j.games()[0].outcome == "done"
        s.undo()
        assert j.last_unfinished().id == s.game_id


def test_journal_file_cut_before_its_tables_opens_as_an_empty_journal(tmp_path):
    path = tmp_path / "j.sqlite3"
    path.write_bytes(b"")  # a power cut right after the file was created
    with Journal(path) as j:
        assert j.games() == [] and j.last_unfinished() is None
        gid = j.new_game(SETUP)
        assert j.commands(gid) == [SETUP]


def test_app_banner_says_where_the_damaged_journal_is(tmp_path):
    from companion.ui.table import banners
    from tests.reliability.helpers import build_app

    (tmp_path / "journal.sqlite3").write_bytes(b"not a database, an SD card's bad day" * 200)
    app = build_app(tmp_path)
    try:
        (moved,) = tmp_path.glob("journal.sqlite3.corrupt-*")
        text = banners(app.health.parts)["journal"]
        assert moved.name in text and "companion journal recover" in text
    finally:
        app.journal.close()
        app.hw.close()


def test_journal_wal_damaged_before_later_commits_is_moved_aside_not_cut_short(tmp_path):
    from companion.storage.recover import recover
    from tests.reliability.helpers import bot_script

    script = bot_script("masters", 3, 30)
    path = tmp_path / "j.sqlite3"
    with Journal(path) as j:
        j.db.execute("PRAGMA wal_autocheckpoint=0")
        s, _ = Session.new(script[0], journal=j)
        for cmd in script[1:]:
            s.submit(cmd)
        db, wal = path.read_bytes(), bytearray((tmp_path / "j.sqlite3-wal").read_bytes())
    frame = 24 + 4096
    wal[32 + 3 * frame + 24 + 2000] ^= 0x10  # a bit flip in the 4th frame: 25+ commits follow it
    path.write_bytes(db)
    (tmp_path / "j.sqlite3-wal").write_bytes(bytes(wal))
    with Journal(path) as j:
        assert "damaged before" in j.damage and j.moved_to is not None
    assert (tmp_path / f"{j.moved_to.name}-wal").read_bytes() == bytes(wal)
    with Journal(tmp_path / "new.sqlite3") as fresh:  # and every command comes back from it
        assert recover(j.moved_to, fresh).games_kept == 1
        assert fresh.commands(fresh.games()[0].id) == script
