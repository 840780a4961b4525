"""`companion journal recover` keeps what it can: every game's own dates, distinct games distinct, and
nothing twice (issue 23, point 7). The damage kinds themselves are tests/cli/test_cli.py's."""

import datetime as dt
import os
import sqlite3

import pytest

from companion import cli
from companion.storage.journal import Journal
from companion.storage.recover import recover
from tests.fakebin import BOOKWORM_SQLITE3, path_without, write_program
from tests.reliability.journals import evening, lost, snapshot


def _damaged(tmp_path, src, kind="header"):
    """A copy of `src` damaged as SD cards damage files ("header": not a database any more; "none": sound)."""
    data = src.read_bytes()
    out = tmp_path / "journal.sqlite3.corrupt-20260102T000000Z"
    out.write_bytes(b"definitely junk!" + data[16:] if kind == "header" else data)
    return out


def _recover(capsys, damaged, target):
    """Run `companion journal recover` as a user does; its report."""
    assert cli.main(["journal", "recover", str(damaged), "--journal", str(target), "--create"]) == 0
    return capsys.readouterr().out


def _raw(path, *sql):
    """Change a journal behind the journal class's back (no foreign keys), as damage does."""
    con = sqlite3.connect(path)
    for statement in sql:
        con.execute(statement)
    con.commit()
    con.close()


@pytest.mark.parametrize("kind", ["header", "none"])
def test_recover_keeps_each_games_dates_and_both_twins(tmp_path, capsys, kind):
    src = tmp_path / "old.sqlite3"
    evening(src)
    before = snapshot(src)
    target = tmp_path / "journal.sqlite3"
    out = _recover(capsys, _damaged(tmp_path, src, kind), target)
    after = snapshot(target)
    assert len(after) == len(before) == 5 and lost(before, after, dates=True) == []
    for old in before:  # every command keeps its own time too
        assert any(new["commands"] == old["commands"] and new["at"] == old["at"] for new in after)
    twins = [g for g in after if g["game"] == "mansion"]
    assert len(twins) == 2 and twins[0]["commands"] == twins[1]["commands"]  # the same commands, two games
    assert "2026-01-01" in out and "date from the file" not in out
    assert cli.main(["journal", "list", "--journal", str(target)]) == 0
    listing = capsys.readouterr().out
    assert dt.date.today().isoformat() not in listing and listing.count("(2026-01-01 ") == 5
    again = _recover(capsys, _damaged(tmp_path, src, kind), target)  # twice: nothing added
    assert again.count("already in this journal") == 5 and "0 games kept" in again
    assert len(snapshot(target)) == 5


def test_recover_dates_a_game_by_its_commands_when_its_row_is_lost(tmp_path, capsys):
    src = tmp_path / "old.sqlite3"
    evening(src)
    before = snapshot(src)
    with Journal(src) as j:
        last_at = {
            g.id: max(at for (at,) in j.db.execute("SELECT at FROM commands WHERE game_id = ?", (g.id,)))
            for g in j.games()
        }
    _raw(src, "DELETE FROM games")
    target = tmp_path / "journal.sqlite3"
    _recover(capsys, _damaged(tmp_path, src, "none"), target)
    after = snapshot(target)
    assert lost(before, after) == []
    for old in before:
        (new,) = [g for g in after if g["commands"] == old["commands"] and g["created"] == old["created"]]
        assert new["updated"] == last_at[old["id"]] and new["at"] == old["at"]


@pytest.mark.parametrize("scribbled", ["'scribbled'", "1e300", "-5"])  # text, a number no clock shows
def test_recover_dates_by_the_file_only_as_a_last_resort_and_says_so(tmp_path, capsys, scribbled):
    src = tmp_path / "old.sqlite3"
    evening(src)
    before = snapshot(src)
    _raw(src, "DELETE FROM games", f"UPDATE commands SET at = {scribbled} WHERE seq = 1")
    damaged = _damaged(tmp_path, src, "none")
    when = dt.datetime(2026, 1, 3, 9, 30).timestamp()
    os.utime(damaged, (when, when))
    target = tmp_path / "journal.sqlite3"
    out = _recover(capsys, damaged, target)
    after = snapshot(target)
    assert lost(before, after) == [] and len(after) == 5  # the twins too, though dated alike
    assert out.count("2026-01-03 09:30, date from the file") == 5
    assert all(abs(g["created"] - when) < 1e-3 for g in after)
    assert cli.main(["journal", "list", "--journal", str(target)]) == 0
    assert capsys.readouterr().out.count("(2026-01-03 09:30, date from the file)") == 5
    again = _recover(capsys, damaged, target)
    assert again.count("already in this journal") == 5 and len(snapshot(target)) == 5


def test_recover_adds_a_longer_copy_but_not_a_shorter_one(tmp_path, capsys):
    src = tmp_path / "old.sqlite3"
    evening(src, twins=False)
    short = tmp_path / "short.sqlite3"
    short.write_bytes(src.read_bytes())
    with Journal(short) as j:  # the same Nosferatu game, two commands fewer (an older backup)
        j.db.execute("DELETE FROM commands WHERE game_id = 3 AND seq > 29")
    target = tmp_path / "journal.sqlite3"
    _recover(capsys, _damaged(tmp_path, src, "none"), target)
    out = _recover(capsys, short, target)
    assert out.count("already in this journal") == 3 and len(snapshot(target)) == 3


def test_recover_drops_a_game_that_no_longer_replays_and_says_so(tmp_path, capsys):
    src = tmp_path / "old.sqlite3"
    evening(src, twins=False)
    _raw(
        src,
        """UPDATE commands SET command = replace(command, '"game":"nosferatu"', '"game":"chess"')
                 WHERE game_id = 3 AND seq = 1""",
    )
    target = tmp_path / "journal.sqlite3"
    out = _recover(capsys, _damaged(tmp_path, src, "none"), target)
    assert "dropped game 3: its setup no longer applies" in out and "2 games kept, 1 dropped" in out
    assert sorted(g["game"] for g in snapshot(target)) == ["masters", "strigoi"]


@pytest.mark.parametrize("machine", ["bookworm sqlite3 without .recover", "no sqlite3"])
def test_recover_needs_no_sqlite3_tool(tmp_path, monkeypatch, machine):
    bin_dir = tmp_path / "bin"
    if machine == "no sqlite3":
        monkeypatch.setenv("PATH", path_without(bin_dir, "sqlite3"))
    else:
        write_program(bin_dir, "sqlite3", BOOKWORM_SQLITE3)
        monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    src = tmp_path / "old.sqlite3"
    evening(src)
    before = snapshot(src)
    with Journal(tmp_path / "journal.sqlite3") as j:
        report = recover(_damaged(tmp_path, src), j)
    assert "sqlite3 .recover" not in report.methods and "page scan" in report.methods
    assert lost(before, snapshot(tmp_path / "journal.sqlite3"), dates=True) == []
