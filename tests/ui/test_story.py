"""The evening's story: charts of real journaled games (the shipped scenarios and a bot-played Masters
game), as PNG, SVG and inside a screen rect, and `companion journal report`."""

import json
import random
import xml.dom.minidom
from pathlib import Path

import pygame
import pytest

from companion import palette
from companion.cli import main
from companion.storage.journal import Journal
from companion.storage.session import Session
from companion.ui import chart as charts
from companion.ui.ink import recording
from companion.ui.screencheck import check
from companion.ui.story import chart_of, story

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _scenario(game: str) -> list[dict]:
    return [json.loads(line) for line in (SCENARIOS / f"{game}.jsonl").read_text().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def masters_game() -> list[dict]:
    """A whole Masters game played by the engine's bot: its journaled commands."""
    from companion.games.masters.rules import bot

    setup = {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila", "Nevena"], "difficulty": "easy", "seed": 7}
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
    clock, bites = nos.panels
    assert [s.name for s in bites.series] == ["Bram", "Lucy", "Abe", "Quincey"]  # Renfield has no Bites
    assert bites.series[0].values[-1] == 1 and bites.y_lines == ((4.0, "goal"),)
    assert clock.series[0].values[-1] == 3
    strigoi = story(_scenario("strigoi"))
    blood, wounds = strigoi.panels
    assert {s.name: s.values[-1] for s in blood.series} == {"Altar": 2, "Inferno": 1}
    assert {s.name: s.values[-1] for s in wounds.series} == {"Matthew": 2, "Roel": 1}
    mansion = story(_scenario("mansion"))
    assert {s.name: s.values[-1] for s in mansion.panels[1].series} == {"Vlad": 13, "Lena": 0, "Otto": 0}
    one = story(_scenario("one-night"))
    timers, votes = one.panels
    assert votes.x_labels == ("Anka", "Bogdan", "Dorin", "Elena") and votes.series[0].values == (1, 0, 3, 0)  # by name
    assert votes.x_title == "player"  # (the scenario names no one: the game's default names, never "P1" or "1")
    assert max(timers.series[0].values) == 240  # the 180 s discussion, extended by 60
    assert timers.kind == votes.kind == "bar"


def test_a_running_game_has_a_story_too(masters_game):
    c = story(masters_game[:20])
    assert "still running" in c.subtitle and c.panels[0].series[0].values


def test_unknown_or_empty_games_give_an_empty_chart():
    assert chart_of([]).panels == ()
    assert chart_of([{"game": "chess"}]).panels == ()


@pytest.mark.parametrize("game", ["nosferatu", "strigoi", "mansion", "one-night"])
def test_chart_drawn_on_a_screen_passes_the_screen_check(game):
    surface = pygame.Surface((800, 480))
    with recording() as drawn:
        boxes = charts.draw_chart(surface, surface.get_rect(), story(_scenario(game)))
    report = check(game, (800, 480), drawn, boxes)
    # a chart is part of a page: the page's main text (its title) is the screen's, not the chart's
    assert report.ok or report.failures() == [f for f in report.failures() if f["kind"] == "main"], report.lines()
    assert len({tuple(surface.get_at((x, y)))[:3] for x in range(0, 800, 5) for y in range(0, 480, 5)}) > 8


def test_masters_chart_passes_the_screen_check_in_a_rect(masters_game):
    surface = pygame.Surface((800, 480))
    rect = pygame.Rect(0, 0, 800, 480)
    with recording() as drawn:
        boxes = charts.draw_chart(surface, rect, story(masters_game))
    assert [f for f in check("story", (800, 480), drawn, boxes).failures() if f["kind"] != "main"] == []
    assert all(rect.contains(b.rect) for b in boxes)


def test_png_and_svg_show_the_same_layout(tmp_path, masters_game):
    c = story(masters_game)
    charts.to_png(c, tmp_path / "s.png", (1200, 720))
    assert pygame.image.load(str(tmp_path / "s.png")).get_size() == (1200, 720)
    svg = charts.to_svg(c, (1200, 720))
    doc = xml.dom.minidom.parseString(svg)
    shapes = charts.shapes(c, 1200, 720)
    texts = [s.text for s in shapes if s.kind == "text"]
    assert [t.firstChild.data for t in doc.getElementsByTagName("text")] == texts
    assert "Mila" in texts and "Kills by round" in texts
    assert len(doc.getElementsByTagName("polyline")) == sum(s.kind == "line" for s in shapes)
    fills = {e.getAttribute("fill") for e in doc.getElementsByTagName("circle") + doc.getElementsByTagName("polygon")}
    assert "#%02x%02x%02x" % palette.REDDISH_PURPLE in fills  # Mila's markers in Mila's colour


def test_journal_report_writes_png_and_svg(tmp_path, capsys):
    path = tmp_path / "j.sqlite3"
    assert main(["play", "--script", str(SCENARIOS / "strigoi.jsonl"), "--journal", str(path), "--create"]) == 0
    capsys.readouterr()
    assert main(["journal", "--journal", str(path), "report", "1", "--out", str(tmp_path / "r.png")]) == 0
    assert pygame.image.load(str(tmp_path / "r.png")).get_size() == (1200, 720)
    assert main(["journal", "--journal", str(path), "report", "1", "--out", str(tmp_path / "r.svg")]) == 0
    assert "Armata Strigoi" in (tmp_path / "r.svg").read_text()
    assert "wrote" in capsys.readouterr().out


def test_journal_report_refuses_clearly(tmp_path, capsys):
    path = tmp_path / "j.sqlite3"
    main(["play", "--script", str(SCENARIOS / "mansion.jsonl"), "--journal", str(path), "--create"])
    capsys.readouterr()
    assert main(["journal", "--journal", str(path), "report", "9", "--out", str(tmp_path / "r.png")]) == 1
    assert "no game with id 9" in capsys.readouterr().err
    assert main(["journal", "--journal", str(path), "report", "1", "--out", str(tmp_path / "r.jpg")]) == 2
    err = capsys.readouterr().err
    assert ".png or .svg" in err and "Error" not in err
    assert not (tmp_path / "r.png").exists() and not (tmp_path / "r.jpg").exists()
