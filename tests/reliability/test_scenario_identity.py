"""`run --script` resumes only its own game (companion/runtime/sources.py, `script_game`), with real processes:
a journaled game is continued only when its active commands are the scenario's first commands (as the
engine stores them), a finished one only when it is the whole scenario; anything else starts a new
game and says so. Never a finished game replayed as a new one, never two games mixed."""

import json

from companion.storage.opening import open_journal
from companion.storage.session import Session
from tests.reliability.helpers import bot_script
from tests.reliability.writers import acks, companion, games, nothing_lost, scenario

WHOLE = bot_script("masters", 51, 5000)  # a whole game, to its end


def _run(tmp_path, script, path, *more):
    """`companion run --headless --script SCRIPT --ack` on the journal at `path`."""
    return companion(
        tmp_path,
        "run",
        "--headless",
        "--script",
        script,
        "--journal",
        path,
        "--create",
        "--ack",
        "--pace",
        "0",
        *more,
        timeout=120,
    )


def test_a_finished_scenario_run_again_is_not_played_again(tmp_path):
    path = tmp_path / "journal.sqlite3"
    script = scenario(tmp_path / "whole.jsonl", WHOLE)
    first = _run(tmp_path, script, path)
    assert first.returncode == 0 and acks(first.stdout) == len(WHOLE), first.stderr
    again = _run(tmp_path, script, path)  # the restart after a power cut at the very end
    assert again.returncode == 0 and acks(again.stdout) == 0, again.stdout[-300:]
    assert nothing_lost(path, {1: WHOLE}) == {1: WHOLE}


def test_a_finished_game_is_not_resumed_by_a_shorter_scenario_and_a_new_game_is_said(tmp_path):
    path = tmp_path / "journal.sqlite3"
    assert _run(tmp_path, scenario(tmp_path / "whole.jsonl", WHOLE), path).returncode == 0
    shorter = WHOLE[:-1]
    done = _run(tmp_path, scenario(tmp_path / "shorter.jsonl", shorter), path)
    assert done.returncode == 0, done.stderr
    assert "game 1 in the journal is not this scenario's beginning" in done.stdout
    assert "starting the scenario as a new game" in done.stdout
    assert acks(done.stdout) == len(shorter)
    assert nothing_lost(path, {1: WHOLE, 2: shorter}) == {1: WHOLE, 2: shorter}


def test_an_unfinished_game_that_is_not_the_scenarios_beginning_is_left_alone(tmp_path):
    path = tmp_path / "journal.sqlite3"
    other = WHOLE[:8] + [{"cmd": "adjust", "veil": 3}]  # the same setup, then another table's correction
    with open_journal(path, who="play", create=True) as j:
        session, _ = Session.new(other[0], journal=j)
        for cmd in other[1:]:
            session.submit(cmd)
        other = session.commands
    script = WHOLE[:20]
    done = _run(tmp_path, scenario(tmp_path / "s.jsonl", script), path)
    assert done.returncode == 0, done.stderr
    assert "game 1 in the journal is not this scenario's beginning: not resumed" in done.stdout
    assert nothing_lost(path, {1: other, 2: script}) == {1: other, 2: script}


def test_an_unfinished_game_that_begins_the_scenario_is_continued_where_it_stopped(tmp_path):
    path = tmp_path / "journal.sqlite3"
    assert _run(tmp_path, scenario(tmp_path / "part.jsonl", WHOLE[:15]), path).returncode == 0
    done = _run(tmp_path, scenario(tmp_path / "more.jsonl", WHOLE[:40]), path)
    assert done.returncode == 0, done.stderr
    numbers = [int(line.split()[1]) for line in done.stdout.splitlines() if line.startswith("ack ")]
    assert numbers == list(range(16, 41))  # it went on from command 16, acknowledging each once
    assert games(path) == {1: WHOLE[:40]}
    assert json.loads(json.dumps(WHOLE[:40])) == nothing_lost(path)[1]
