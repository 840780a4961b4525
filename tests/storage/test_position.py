"""The position a journal keeps beside each game: the resume offer and `journal list` name a game
from it without replaying it (companion/storage/position.py `position`, written by
companion/storage/session.py, read by companion/gameline.py)."""

import json
import sqlite3

import pytest

from companion import gameline
from companion.rules import GAMES
from companion.storage.journal import Journal
from companion.storage.position import position
from companion.storage.session import Session
from tests.rules.test_contract import play


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_kept_position_names_the_game_as_its_whole_state_does(game_id):
    session = play(game_id, seed=4)
    assert len(session.states) > 5
    for state in session.states:
        view = session.game.to_json(state)
        kept = json.loads(position(view))
        assert gameline.describe(kept) == gameline.describe(view)
        assert len(position(view)) < 400  # a few fields, not the state


def _journaled(tmp_path):
    """A journaled Masters game: the first 12 commands the contract suite's bot plays; (journal, session)."""
    journal = Journal(tmp_path / "j.sqlite3")
    live = play("masters", 4)
    session, _ = Session.new(live.commands[0], journal=journal, game=live.game)
    for cmd in live.commands[1:12]:
        session.submit(cmd)
    return journal, session


def _kept(journal, session):
    (info,) = [g for g in journal.games() if g.id == session.game_id]
    return info.position


def test_the_journal_keeps_the_position_with_every_command_undo_and_redo(tmp_path):
    journal, session = _journaled(tmp_path)
    assert _kept(journal, session) == position(session.view())
    session.undo(3)
    assert _kept(journal, session) == position(session.view())
    session.redo(2)
    assert _kept(journal, session) == position(session.view())
    journal.set_status(session.game_id, "running")  # the commands did not change: still known
    assert _kept(journal, session) == position(session.view())
    journal.undo(session.game_id, 1)  # `companion journal undo`: no session, so no longer known
    assert _kept(journal, session) is None
    (info,) = journal.games()
    replayed = Session.replay(journal.commands(info.id))
    assert gameline.game_line(journal, info) == gameline.describe(replayed.view())


def test_the_offer_names_a_game_without_replaying_it(tmp_path, monkeypatch):
    journal, session = _journaled(tmp_path)
    (info,) = journal.games()
    monkeypatch.setattr(Session, "replay", classmethod(lambda cls, *a, **k: pytest.fail("replayed")))
    offer = gameline.resume_offer(journal, info)
    assert offer["summary"] == gameline.describe(session.view()) and offer["summary"].startswith("Round")


def test_an_older_journal_gets_the_column_and_its_games_are_replayed_to_name_them(tmp_path):
    path = tmp_path / "old.sqlite3"
    journal, session = _journaled(tmp_path)
    journal.db.execute("VACUUM INTO ?", (str(path),))
    journal.close()
    con = sqlite3.connect(path)
    con.execute("ALTER TABLE games DROP COLUMN position")  # as a journal written before it existed
    con.commit()
    con.close()
    with Journal(path) as old:
        (info,) = old.games()
        assert info.position is None
        assert gameline.game_line(old, info) == gameline.describe(session.view())
        assert "position" in {row[1] for row in old.db.execute("PRAGMA table_info(games)")}


def test_a_damaged_position_is_replayed_instead(tmp_path):
    journal, session = _journaled(tmp_path)
    journal.db.execute("UPDATE games SET position = '{not json'")
    (info,) = journal.games()
    assert gameline.game_line(journal, info) == gameline.describe(session.view())
