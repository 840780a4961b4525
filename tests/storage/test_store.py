"""Where a session keeps its game (companion/storage/store.py): one interface, `GameStore`, which the
journal's `Saver` and the in-memory `MemoryStore` both implement. The session moves the game on in
the same calls whatever its store, so a game kept in memory is kept as the journal keeps it, and
`companion play --script` without `--journal` plays through that same session code."""

import json
import random

from companion.cli import play
from companion.rules import load_game
from companion.storage.journal import Journal
from companion.storage.saver import Saver
from companion.storage.session import Session
from companion.storage.store import GameStore, MemoryStore, store_for
from tests.reliability.helpers import bot_script


def _same_evening(session: Session, script: list[dict], rng: random.Random) -> None:
    """The script's commands, with undos taken back by redos in between, and two undone at the end
    (the same for every store)."""
    for cmd in script[1:]:
        session.submit(cmd)
        if rng.random() < 0.25:
            steps = rng.randint(1, min(3, session.can_undo()))
            session.undo(steps)
            session.redo(steps)
    session.undo(2)


def test_memory_keeps_a_game_as_the_journal_keeps_it(tmp_path):
    script = bot_script("masters", 3, 40)
    store = MemoryStore()
    in_memory, _ = Session.new(script[0], store=store)
    _same_evening(in_memory, script, random.Random(5))
    with Journal(tmp_path / "j.sqlite3") as journal:
        journaled, _ = Session.new(script[0], journal=journal)
        _same_evening(journaled, script, random.Random(5))
        _image, active, undone = journal.read_game(journaled.game_id)
        kept = journal.games(include_over=True)[0].position
    assert in_memory.commands == journaled.commands
    assert store.commands == active == in_memory.commands
    assert store.undone == undone and store.undone  # the evening undid something that was not redone
    assert store.position == kept and json.loads(store.position)["phase"] == in_memory.view()["phase"]


def test_both_stores_answer_the_interface_and_the_factory_picks_one(tmp_path):
    with Journal(tmp_path / "j.sqlite3") as journal:
        saver = store_for(journal, keep_unsaved=True)
        assert isinstance(saver, Saver) and saver.keep_unsaved and saver.journal is journal
    memory = store_for(None)
    assert isinstance(memory, MemoryStore)
    for store in (saver, memory):  # every member the session and the table's saving use
        for name in (
            "journal",
            "game_id",
            "fault",
            "stopped",
            "moved_from",
            "on_change",
            "saved",
            "start",
            "append",
            "undo",
            "redo",
            "save_again",
            "release",
        ):
            assert hasattr(store, name), (type(store).__name__, name)
    assert GameStore.__doc__


def test_a_session_without_a_journal_keeps_its_game_in_memory():
    script = bot_script("nosferatu", 2, 8)
    session, _ = Session.new(script[0])
    for cmd in script[1:]:
        session.submit(cmd)
    assert isinstance(session.saver, MemoryStore)
    assert session.saver.commands == session.commands and session.saved and session.journal is None
    assert session.game_id is None and session.save_again() is False
    session.close()
    assert session.saver.released
    replayed = Session.replay(session.commands)
    assert isinstance(replayed.saver, MemoryStore) and replayed.view() == session.view()


def test_play_script_without_a_journal_plays_through_the_memory_store(tmp_path, monkeypatch, capsys):
    script = bot_script("strigoi", 6, 15)
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in script))
    made = []

    def spying_store_for(journal, **kw):
        """The factory `play` calls, noting what it made."""
        made.append(store_for(journal, **kw))
        return made[-1]

    monkeypatch.setattr(play, "store_for", spying_store_for)
    assert play.main(["--script", str(path), "--json"]) == 0
    final = json.loads(capsys.readouterr().out)
    assert len(made) == 1 and isinstance(made[0], MemoryStore)
    game = load_game("strigoi")
    state, _ = game.setup(made[0].commands[0])
    for cmd in made[0].commands[1:]:
        state, _ = game.apply(state, cmd)
    assert made[0].commands[0]["game"] == "strigoi" and len(made[0].commands) == len(script)
    assert game.to_json(state) == final  # the memory holds the whole game, as the journal would


def test_play_script_with_a_journal_plays_through_the_saver(tmp_path, monkeypatch, capsys):
    script = bot_script("strigoi", 6, 15)
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in script))
    made = []
    monkeypatch.setattr(
        play, "store_for", lambda journal, **kw: made.append(store_for(journal, **kw)) or made[-1]
    )
    assert play.main(["--script", str(path), "--journal", str(tmp_path / "j.sqlite3"), "--create"]) == 0
    assert len(made) == 1 and isinstance(made[0], Saver)
    with Journal(tmp_path / "j.sqlite3") as journal:
        assert len(journal.commands(made[0].game_id)) == len(script)
