"""Rescue files (companion/storage/rescue.py, companion/runtime/rescuing.py, `companion journal rescue`):
written in the first writable place, put back onto the same game only when the journal still holds what
the table knew, refused in words otherwise, exit 2 for anything that is not a rescue file."""

import json
import os

import pytest

from companion.cli import journal as journal_cli
from companion.storage import rescue
from companion.storage.faults import StorageFault
from companion.storage.journal import Journal
from companion.storage.saver import Saver
from companion.storage.session import Session
from tests.reliability.helpers import bot_script

SCRIPT = bot_script("masters", 7, 30)


@pytest.fixture(autouse=True)
def _run_folder(tmp_path):
    """tmp_path/run: the place these tests hand the rescue writer (it makes no folder itself)."""
    (tmp_path / "run").mkdir()


def _unsaved_session(path, saved=10, unsaved=8):
    """A session that journaled `saved` commands, then kept `unsaved` more in memory (a full disk)."""
    j = Journal(path)
    session, _ = Session.new(SCRIPT[0], j, keep_unsaved=True)
    for cmd in SCRIPT[1:saved]:
        session.submit(cmd)
    session.saver._faulted(StorageFault("full", str(path)))
    for cmd in SCRIPT[saved : saved + unsaved]:
        session.submit(cmd)
    return j, session


def _written(tmp_path, path, **kw):
    """A rescue file of an unsaved session (its journal closed, as after a stop)."""
    j, session = _unsaved_session(path, **kw)
    data = rescue.record(session, str(path), "not saving: the disk is full", session.saver.unsaved)
    j.close()
    file, _ = rescue.write(data, [tmp_path / "run"])
    return file, session


def test_the_saver_counts_what_only_memory_holds(tmp_path):
    j, session = _unsaved_session(tmp_path / "j.sqlite3", saved=5, unsaved=3)
    session.undo()
    assert session.saver.unsaved == 4, "three commands and an undo"
    session.saver.fault = StorageFault("full", "")
    assert session.save_again() and session.saver.unsaved == 0
    j.close()


def test_a_rescue_file_goes_to_the_first_folder_that_takes_it(tmp_path):
    j, session = _unsaved_session(tmp_path / "j.sqlite3")
    missing, readonly, good = tmp_path / "none", tmp_path / "ro", tmp_path / "good"
    readonly.mkdir(mode=0o500)
    good.mkdir()
    data = rescue.record(session, j.path, "why", 8)
    places = [missing, readonly, good]
    if os.geteuid() == 0:  # root writes into a 0500 folder: a file in the way stands for it
        readonly.chmod(0o700)
        places = [missing, tmp_path / "j.sqlite3" / "x", good]
    file, refused = rescue.write(data, places)
    assert file is not None and file.parent == good and len(refused) == 2
    assert oct(file.stat().st_mode & 0o777) == "0o600"
    assert rescue.load(file)["commands"] == session.commands
    assert rescue.find([good]) == [file]
    j.close()


def test_nothing_writable_names_the_count_lost(tmp_path):
    from companion.runtime.rescuing import UNSAVED_EXIT, on_stop

    class Host:  # the loop, as far as the stop needs it
        journal = None

    j, session = _unsaved_session(tmp_path / "j.sqlite3", unsaved=5)
    host = Host()
    host.session = session

    class Saving:
        unsaved = 5
        banner = "not saving: the disk is full; 5 moves not saved yet"

        def last_try(self):
            return False

    host.saving = Saving()
    status, lines = on_stop(host, j.path, where=[tmp_path / "none", tmp_path / "neither"])
    assert status == UNSAVED_EXIT
    assert "5 moves were not saved" in lines[0] and "they are lost" in lines[0] and "none" in lines[0]
    j.close()


def test_rescue_puts_the_game_back_onto_the_same_game(tmp_path, capsys):
    path = tmp_path / "j.sqlite3"
    file, session = _written(tmp_path, path)
    assert journal_cli.main(["rescue", str(file), "--journal", str(path)]) == 0
    assert "put back game 1" in capsys.readouterr().out
    with Journal(path) as j:
        assert j.commands(1) == session.commands and [g.id for g in j.games()] == [1]
    assert not file.exists() and (file.parent / f"{file.name}.done").exists()


def test_rescue_refuses_when_the_game_moved_on_and_as_new_keeps_both(tmp_path, capsys):
    path = tmp_path / "j.sqlite3"
    file, session = _written(tmp_path, path)
    with Journal(path) as j:
        j.undo(1, 2)  # someone undid two commands from a shell since
        before = j.commands(1)
    assert journal_cli.main(["rescue", str(file), "--journal", str(path)]) == 1
    err = capsys.readouterr().err
    assert "game 1 moved on" in err and "then had 10 commands, now 8" in err and "--as-new" in err
    assert file.exists(), "a refused rescue keeps its file"
    assert journal_cli.main(["rescue", str(file), "--journal", str(path), "--as-new"]) == 0
    assert "saved as new game 2" in capsys.readouterr().out
    with Journal(path) as j:
        assert j.commands(1) == before and j.commands(2) == session.commands


def test_a_second_rescue_of_the_same_file_adds_nothing(tmp_path, capsys):
    path = tmp_path / "j.sqlite3"
    file, _ = _written(tmp_path, path)
    copy = tmp_path / "copy.json"
    copy.write_bytes(file.read_bytes())
    assert journal_cli.main(["rescue", str(file), "--journal", str(path)]) == 0
    assert journal_cli.main(["rescue", str(copy), "--journal", str(path)]) == 0
    assert "already holds everything" in capsys.readouterr().out
    with Journal(path) as j:
        assert len(j.games()) == 1


@pytest.mark.parametrize("content", [None, b"", b"not json", b'{"format": "other"}', b"[1, 2]", "dir", "big"])
def test_what_is_not_a_rescue_file_is_bad_input_naming_the_file(tmp_path, capsys, content):
    path = tmp_path / "j.sqlite3"
    Journal(path).close()
    bad = tmp_path / "bad.json"
    if content == "dir":
        bad.mkdir()
    elif content == "big":
        with open(bad, "wb") as f:
            f.truncate(rescue.MAX_BYTES + 1)
    elif content is not None:
        bad.write_bytes(content)
    assert journal_cli.main(["rescue", str(bad), "--journal", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "Traceback" not in err


def test_a_rescue_whose_game_no_longer_replays_is_bad_input(tmp_path, capsys):
    path = tmp_path / "j.sqlite3"
    file, _ = _written(tmp_path, path)
    data = json.loads(file.read_text())
    data["commands"].insert(3, {"cmd": "no-such-verb"})
    file.write_text(json.dumps(data))
    assert journal_cli.main(["rescue", str(file), "--journal", str(path)]) == 2
    assert "does not replay" in capsys.readouterr().err


def test_the_start_names_the_rescue_files_waiting(tmp_path):
    from companion.runtime.rescuing import waiting_notes

    file, _ = _written(tmp_path, tmp_path / "j.sqlite3")
    notes = waiting_notes(str(tmp_path / "j.sqlite3"), [tmp_path / "run"])
    assert len(notes) == 1 and "8 moves from " in notes[0] and f"companion journal rescue {file}" in notes[0]


def test_the_status_file_says_what_a_running_table_holds(tmp_path):
    where = [tmp_path / "run"]
    status = rescue.note_status(12, "not saving: the disk is full", "/j", where)
    assert [t["unsaved"] for t in rescue.tables_unsaved(where)] == [12]
    rescue.clear_status(status)
    assert rescue.tables_unsaved(where) == []


def test_a_saver_that_never_reached_the_journal_is_rescued_as_a_new_game(tmp_path, capsys):
    path = tmp_path / "j.sqlite3"
    Journal(path).close()
    saver = Saver(None, keep_unsaved=True)
    saver.fault = StorageFault("cannot-open", "")
    session, _ = Session.new(SCRIPT[0], store=saver)
    for cmd in SCRIPT[1:6]:
        session.submit(cmd)
    file, _ = rescue.write(rescue.record(session, str(path), "why", saver.unsaved), [tmp_path / "run"])
    assert journal_cli.main(["rescue", str(file), "--journal", str(path)]) == 0
    with Journal(path) as j:
        assert j.commands(1) == session.commands
