"""Journals written by the engines before the one-core refactor still replay to the same game.

The fixtures (tests/rules/fixtures/replay-*.json, written by `tests.rules.make_replay_fixtures` from
the code before the refactor) hold each game's canonical commands, the events of each command and
the final state JSON. Replaying them today must accept every command unchanged (canonical() of an
old journal's command is that command), give the same events and end in the same state JSON (plus the
keys the game API added to every game's JSON since: "seats" and "current_player").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.rules import game_of_setup, load_game
from companion.storage.session import Session
from tests.rules import as_recorded

FIXTURES = sorted((Path(__file__).resolve().parent / "fixtures").glob("replay-*.json"))
# Events renamed on purpose when the engines got one core: old name -> new name.
RENAMED = {"game_started": "game_set_up", "game_ended": "game_over"}
# Keys events gained since (added, never renamed): One Night's vote and verdict name the seats' players.
ADDED = {"votes_counted": {"names"}, "revealed": {"names"}}


def _renamed(events: list[dict]) -> list[dict]:
    """Events with the deliberately renamed kinds under their new names, without the keys added since."""
    out = []
    for e in events:
        kind = RENAMED.get(e["event"], e["event"])
        out.append({k: v for k, v in {**e, "event": kind}.items() if k not in ADDED.get(kind, ())})
    return out


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_old_journal_replays_to_the_same_commands_events_and_state(path):
    recorded = json.loads(path.read_text())
    commands = recorded["commands"]
    game = load_game(game_of_setup(commands[0]))
    assert game.canonical(None, commands[0]) == commands[0]
    state, events = game.setup(commands[0])
    assert _renamed([e.to_dict() for e in events]) == _renamed(recorded["events"][0])
    for i, command in enumerate(commands[1:], start=1):
        assert game.canonical(state, command) == command, f"command {i + 1} canonicalises differently"
        state, events = game.apply(state, command)
        assert _renamed([e.to_dict() for e in events]) == _renamed(recorded["events"][i]), f"command {i + 1}"
    assert as_recorded(game.to_json(state), recorded["final"]) == recorded["final"]
    assert (
        as_recorded(Session.replay(commands).view(), recorded["final"]) == recorded["final"]
    )  # the resume path agrees


def test_there_is_a_fixture_for_every_scenario_and_game():
    names = {p.stem for p in FIXTURES}
    scenarios = Path(__file__).resolve().parent.parent / "scenarios"
    assert {f"replay-scenario-{p.stem}" for p in scenarios.glob("*.jsonl")} <= names
    assert {n.split("-")[2] for n in names if n.startswith("replay-bot-")} >= {
        "masters",
        "nosferatu",
        "mansion",
        "one",
        "strigoi",
    }
