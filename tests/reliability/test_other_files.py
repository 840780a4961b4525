"""Files that are not our journal, and journals of another shape (issue 32, points 4 and 7).

Point 4: a mistyped `--journal` naming a text file or another program's SQLite database is refused by
every command that opens it (exit 2, "not a Nightwatch journal") and left byte for byte as it was: not
renamed, no -wal or -shm beside it, no table added (companion/storage/identity.py). A journal of ours
written before the application id is still ours: it gets the id, its schema version and its digests
on its first write open.

Point 7: a journal whose tables have another shape (the commands table renamed, a column dropped), a
newer version, an extra column: doctor and `journal list` say which ("a journal of another version or
damaged schema"), `run` never hides the games without saying so, and `journal recover` gives back every
game plain SQL still reads.
"""

import json
import os
import sqlite3
from pathlib import Path

import pytest

from companion import cli
from companion.cli import doctor_journal
from companion.cli.doctor_base import Status
from companion.storage.identity import APPLICATION_ID, SCHEMA_VERSION
from companion.storage.opening import open_journal
from companion.storage.session import Session
from tests.cli.test_doctor import FakeProbe
from tests.reliability.helpers import bot_script
from tests.reliability.journals import evening

SHAPE = "a journal of another version or damaged schema"


@pytest.fixture
def env(tmp_path, monkeypatch):
    """Private state and config folders; the scenario file a `run` and a `play` take."""
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "cfg"))
    (tmp_path / "state").mkdir()
    script = tmp_path / "play.jsonl"
    script.write_text("".join(json.dumps(c) + "\n" for c in bot_script("masters", 3, 6)))
    return script


def _other_database(path: Path, app_id: int = 0, tables=("photos",)) -> None:
    """Another program's SQLite database (rollback journal, as most programs keep it)."""
    con = sqlite3.connect(path)
    for table in tables:
        con.execute(f"CREATE TABLE {table} (id INTEGER PRIMARY KEY, name TEXT)")
        con.execute(f"INSERT INTO {table} (name) VALUES ('kept')")
    if app_id:
        con.execute(f"PRAGMA application_id = {app_id}")
    con.commit()
    con.close()


FOREIGN = {
    "notes.txt": lambda p: p.write_text("milk\neggs\nthe board game evening at 8\n"),
    "README.md": lambda p: p.write_text("# My project\n\nSee the docs.\n" * 50),
    "photos.sqlite3": _other_database,
    "other-app-with-our-table-names.db": lambda p: _other_database(p, 0x12345678, ("games", "commands")),
}


def _commands(script: Path, name: str, path: Path) -> list[list[str]]:
    """Every command that opens a journal, pointed at `path`."""
    return [
        ["run", "--headless", "--script", str(script), "--pace", "0", "--journal", str(path)],
        ["play", "--script", str(script), "--journal", str(path)],
        ["journal", "undo", "1", "--journal", str(path)],
        ["journal", "list", "--journal", str(path)],
        ["journal", "export", "1", "--journal", str(path)],
        ["journal", "recover", str(_ours(script.parent)), "--journal", str(path)],
    ]


def _ours(folder: Path) -> Path:
    """A sound journal of ours to recover from (the source is checked first: it must be a journal)."""
    source = folder / "ours.sqlite3"
    if not source.exists():
        evening(source)
    return source


@pytest.mark.parametrize("name", list(FOREIGN))
def test_a_file_that_is_not_our_journal_is_refused_and_left_as_it_was(tmp_path, env, capsys, name):
    folder = tmp_path / "files"
    folder.mkdir()
    path = folder / name
    FOREIGN[name](path)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    for argv in _commands(env, name, path):
        assert cli.main(argv) == 2, argv
        err = capsys.readouterr().err
        assert "not a Nightwatch journal" in err and "Traceback" not in err, (argv, err)
        assert {p.name: p.read_bytes() for p in folder.iterdir()} == before, f"{argv} changed or added a file"
    check = doctor_journal.check_journal_file(FakeProbe(tmp_path / "pc"), path, False, False)
    assert check.status is Status.FAIL and "is not a Nightwatch journal" in check.detail, check
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    if name.endswith((".sqlite3", ".db")):
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # never switched to WAL
        con.close()


def test_a_journal_of_ours_from_before_the_id_is_used_and_stamped(tmp_path, env, capsys):
    """An older journal (no application id, no digest column, user_version 0) holding our tables."""
    path = tmp_path / "old.sqlite3"
    ids = evening(path)
    con = sqlite3.connect(path)
    con.execute("ALTER TABLE commands DROP COLUMN digest")
    con.execute("PRAGMA application_id = 0")
    con.execute("PRAGMA user_version = 0")
    con.commit()
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()
    assert cli.main(["journal", "list", "--journal", str(path)]) == 0  # a reader changes nothing
    out = capsys.readouterr().out
    assert all(f"{gid:4d}  " in out for gid in ids), out
    with open_journal(path, who="play") as j:
        assert j.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert j.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert j.db.execute("SELECT COUNT(*) FROM commands WHERE digest IS NULL").fetchone()[0] == 0
        session = Session.resume(j, ids[1])
        assert session.saver.hold.changed is None  # its digests were made from its own rows
        session.undo(1)
    assert int.from_bytes(path.read_bytes()[68:72], "big") == APPLICATION_ID  # in the file once it is closed


# The shapes: what another program or version did to a journal of five games at the default place.
SHAPES = {
    "commands table renamed": "ALTER TABLE commands RENAME TO commands_old",
    "a column missing": "ALTER TABLE commands DROP COLUMN at",
    "undone column missing": "ALTER TABLE commands DROP COLUMN undone",
    "a newer version": f"PRAGMA user_version = {SCHEMA_VERSION + 1}",
    "an extra column": "ALTER TABLE commands ADD COLUMN note TEXT DEFAULT 'x'",
}
SAID = {
    "commands table renamed": "its commands table is missing",
    "a column missing": "its commands table has no at column",
    "undone column missing": "its commands table has no undone column",
    "a newer version": f"version {SCHEMA_VERSION + 1}, newer than this companion knows ({SCHEMA_VERSION})",
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_journal_of_another_shape_is_said_never_hidden_and_recovered(tmp_path, env, capsys, shape):
    path = tmp_path / "state" / "journal.sqlite3"
    ids = evening(path)
    with open_journal(path, who="journal") as j:
        originals = {gid: j.commands(gid) for gid in ids}
    con = sqlite3.connect(path)
    con.execute(SHAPES[shape])
    con.commit()
    con.close()
    said = SAID.get(shape)

    check = doctor_journal.check_journal_file(FakeProbe(tmp_path / "pc"), path, True, False)
    listed = cli.main(["journal", "list"])
    out, err = capsys.readouterr()
    if said is None:  # an extra column: a journal like any other
        assert check.status is Status.OK and "sound, 5 games" in check.detail, check
        assert listed == 0 and all(f"{gid:4d}  " in out for gid in ids)
    else:
        assert (
            check.status is Status.FAIL and f"{SHAPE}: {said}" in check.detail and "sound" not in check.detail
        ), check
        assert "no saved games" not in out
        if shape == "a newer version":  # read all the same, and said never to be written
            assert listed == 0 and all(f"{gid:4d}  " in out for gid in ids) and SHAPE in err
        else:
            assert listed == 1 and f"{SHAPE}: {said}" in err, err

    before = path.read_bytes()
    ran = cli.main(["run", "--headless", "--script", str(env), "--pace", "0"])
    err = capsys.readouterr().err
    aside = sorted(path.parent.glob("journal.sqlite3.corrupt-*[!lm]"))
    if shape == "a newer version":  # refused to write, and says so (a scenario then does not run); as it was
        assert ran == 1 and said in err and "it is not written" in err, err
        assert path.read_bytes() == before and not aside
        return
    assert ran == 0, err
    if said is None:
        assert not aside
        with open_journal(path, who="journal") as j:
            assert all(j.commands(gid) == originals[gid] for gid in ids) and len(j.games()) == 6
        return
    # ours, damaged in its shape: moved aside, and the notice says so and how to recover
    assert len(aside) == 1 and aside[0].read_bytes() == before
    assert (
        f"the journal was damaged ({SHAPE}: {said})" in err and f"companion journal recover {aside[0]}" in err
    ), err
    target = tmp_path / "recovered.sqlite3"
    assert cli.main(["journal", "recover", str(aside[0]), "--journal", str(target), "--create"]) == 0
    out = capsys.readouterr().out
    assert "5 games kept" in out, out
    with open_journal(target, who="journal") as j:
        got = sorted(json.dumps(j.commands(g.id)) for g in j.games())
    if shape != "undone column missing":  # (without its flags, an undone command counts as played)
        assert got == sorted(json.dumps(c) for c in originals.values())


def test_recover_of_a_missing_file_is_a_usage_mistake(tmp_path, env, capsys):
    assert cli.main(["journal", "recover", str(tmp_path / "no-such.sqlite3")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "state" / "journal.sqlite3")
