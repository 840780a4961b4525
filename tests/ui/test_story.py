"""The evening's story: the chart of real journaled games (the shipped scenarios and a bot-played Masters
game), from their commands. How it is drawn: tests/ui/test_chart.py; the end card: tests/ui/test_endcard.py."""

import json
import random
from pathlib import Path

import pytest

from companion import palette
from companion.storage.journal import Journal
from companion.storage.session import Session
from companion.ui.story import chart_of, seat_looks, story

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _scenario(game: str) -> list[dict]:
    return [
        json.loads(line) for line in (SCENARIOS / f"{game}.jsonl").read_text().splitlines() if line.strip()
    ]


@pytest.fixture(scope="module")
def masters_game() -> list[dict]:
    """A whole Masters game played by the engine's bot: its journaled commands."""
    from companion.games.masters.rules import bot

    setup = {
        "cmd": "setup",
        "game": "masters",
        "vampires": ["Imre", "Mila", "Nevena"],
        "difficulty": "easy",
        "seed": 7,
    }
    with Journal(":memory:") as j:
        session, _ = Session.new(setup, journal=j)
        rng = random.Random(7)
        while session.outcome() is None:
            session.submit(bot.choose(session.game, session.state, rng))
        return j.commands(session.game_id)


def _rounds(commands):
    """(round -> last state JSON) by replaying, as the chart should see them."""
    s = Session.replay(commands)
    states = [s.game.to_json(x) for x in s.states]
    last = {}
    for st in states[1:]:
        last[st["round"]] = st
    return states, last


def test_masters_story_is_the_veil_and_kills_per_round_per_vampire(masters_game):
    states, last = _rounds(masters_game)
    c = story(masters_game)
    assert c.title == "Masters of the Night" and "defeat veil" in c.subtitle
    veil, kills = c.panels
    assert veil.x_labels == ("0",) + tuple(str(r) for r in sorted(last))
    assert veil.series[0].values == (states[0]["veil"],) + tuple(float(last[r]["veil"]) for r in sorted(last))
    assert [s.name for s in kills.series] == ["Imre", "Mila", "Nevena"]
    for s in kills.series:
        assert s.values[-1] == states[-1]["vampires"][s.name]["kills"]
        assert s.values == tuple(sorted(s.values))  # a kill count only grows
        assert s.colour == palette.VAMPIRE_COLOURS[s.name.lower()]
    assert len({s.marker for s in kills.series}) == 3  # told apart without colour too


def test_other_games_stories_from_the_shipped_scenarios():
    nos = story(_scenario("nosferatu"))
    bites, clock = nos.panels
    assert [s.name for s in bites.series] == ["Bram", "Lucy", "Abe", "Quincey"]  # Renfield has no Bites
    assert bites.series[0].values[-1] == 1 and bites.y_lines == ((4.0, "goal"),)
    assert all(s.player for s in bites.series) and not clock.series[0].player
    assert clock.series[0].values[-1] == 3
    strigoi = story(_scenario("strigoi"))
    blood, wounds = strigoi.panels
    assert {s.name: s.values[-1] for s in blood.series} == {"Altar": 2, "Inferno": 1}
    assert [m[1:] for m in blood.y_lines] == [
        ("attack", (200, 20, 30)),
        ("defeat", palette.ORANGE),
    ]  # in their series' colours
    assert {s.name: s.values[-1] for s in wounds.series} == {"Matthew": 2, "Roel": 1}
    mansion = story(_scenario("mansion"))
    assert {s.name: s.values[-1] for s in mansion.panels[0].series} == {"Vlad": 13, "Lena": 0, "Otto": 0}
    one = story(_scenario("one-night"))
    votes, timers = one.panels
    assert votes.x_labels == ("Anka", "Bogdan", "Dorin", "Elena")  # by name (the scenario names no one: the
    assert votes.x_title == "player"  # game's default names, never "P1" or "1")
    assert [s.values for s in votes.series] == [
        (1, None, None, None),
        (None, 0, None, None),
        (None, None, 3, None),
        (None, None, None, 0),
    ]  # one bar per player, in their colour
    assert max(timers.series[0].values) == 240  # the 180 s discussion, extended by 60
    assert timers.kind == votes.kind == "bar"


def test_a_seats_colour_and_shape_mark_its_line():
    state = {
        "seats": [
            {"name": "Ann", "colour": "blue", "seat": 0, "shape": "star"},
            {"name": "Ben", "colour": "yellow", "seat": 1},
        ]
    }
    looks = seat_looks(state)
    assert looks == {
        "Ann": (palette.BLUE, "star"),
        "Ben": (palette.YELLOW, "square"),
    }  # no shape: a marker by seat


def test_a_running_game_has_a_story_too(masters_game):
    c = story(masters_game[:20])
    assert "still running" in c.subtitle and c.panels[0].series[0].values


def test_unknown_or_empty_games_give_an_empty_chart():
    assert chart_of([]).panels == ()
    assert chart_of([{"game": "chess"}]).panels == ()
