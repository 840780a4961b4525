"""The phone view built from the game API for every game, in English and German, and the hub's rule
that nothing is built while no phone watches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import i18n
from companion.storage.session import Session
from companion.web import phoneview

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _played(name: str):
    """(game id, final state JSON, events) of a scenario file replayed through a session."""
    lines = [json.loads(line) for line in (SCENARIOS / name).read_text().splitlines() if line.strip()]
    session, events = Session.new(lines[0])
    events = [e.to_dict() for e in events]
    for cmd in lines[1:]:
        events += [e.to_dict() for e in session.submit(cmd)]
    return session.game.id, session.view(), events


@pytest.mark.parametrize("name", sorted(p.name for p in SCENARIOS.glob("*.jsonl")))
def test_every_game_shows_its_players_turn_and_a_three_by_three_board(name):
    game, state, events = _played(name)
    view = phoneview.build(game, state, events, ["a line"], None)
    assert [p["name"] for p in view["players"]] == [s["name"] for s in state["seats"]]
    assert [c["pos"] for c in view["board"]] == ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]
    assert all(c["colour"].startswith("#") for c in view["board"])
    assert view["turn"] == state["current_player"]
    assert json.loads(json.dumps(view)) == view  # plain JSON


def test_masters_shows_the_last_drawn_card_with_its_grid():
    game, state, events = _played("masters.jsonl")
    drawn = [e for e in events if e["event"] == "card_drawn"][-1]
    card = phoneview.build(game, state, events)["card"]
    assert card["key"] == drawn["card"] and card["grid"] == dict(drawn["grid"])


def test_the_view_speaks_the_language_set():
    game, state, events = _played("masters.jsonl")
    english = phoneview.build(game, state, events)
    i18n.set_language("de")
    german = phoneview.build(game, state, events)
    assert german["labels"]["turn"] == "Wer ist am Zug" and english["labels"]["turn"] == "Whose turn"
    assert german["phase"] != english["phase"]


def test_no_snapshot_is_built_while_no_phone_watches(tmp_path):
    from companion.web.hub import Hub
    from tests.app.helpers import SETUP, make_app

    hub = Hub(("127.0.0.1", 0))
    hub._start = lambda app: setattr(hub, "_thread", object())  # (no server: the loop's side only)
    hub.pairing = __import__("companion.web.pairing", fromlist=["draw"]).draw()
    app = make_app(tmp_path, web=hub)
    app.start(setup=dict(SETUP), resume=False)
    for _ in range(5):
        app.tick()
    assert hub.snapshot.version == 0
    hub.watch("de")
    app.tick()
    assert hub.snapshot.version == 1 and set(hub.snapshot.texts) == {"de"}
    app.tick()
    assert hub.snapshot.version == 1  # nothing changed, nothing built
    app.submit({"cmd": "adjust", "veil": 2})
    app.tick()
    assert hub.snapshot.version == 2 and json.loads(hub.snapshot.texts["de"])["lines"] == [
        "Schleier: 2"
    ]  # Masters says its veil


def test_the_last_card_is_named_never_shown_by_its_code():
    """Issue #34: a card by its name; one the table knows by its grid alone is the new card."""
    from companion.web.phoneview import last_card

    grid = {"B2": "red"}
    named = last_card([{"event": "card_drawn", "card": "I-04", "name": "Night Patrol", "grid": grid}])
    taught = last_card([{"event": "card_drawn", "card": "I-01", "name": "Card I-01", "grid": grid}])
    assert (named["name"], taught["name"]) == ("Night Patrol", "New card")
