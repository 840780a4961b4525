"""The end-of-game card of every game of the catalog, from a real finished game: played whole through
`companion play --script ... --journal J --create` (the bot writes the script), then
`companion journal report 1 --out FILE.png|.svg`, in English and German. What was drawn is what the
ink recorder saw rendered (companion/ui/ink.py): the title, the date, every player's name, the
outcome sentence, three key moments and the chart's axis labels, every capital at least as tall as
a 1280x720 screen asks; no text over another or across a line (tests/ui/test_chart.py's glyph check)."""

import json
import xml.dom.minidom

import pygame
import pytest

from companion import i18n
from companion.cli import main
from companion.narration import seatnames
from companion.plugins import games
from companion.storage.journal import Journal
from companion.storage.session import Session
from companion.ui import cardview
from companion.ui.endcard import _months, _weekdays, card_of, key_moments, replay, when
from companion.ui.ink import recording
from companion.ui.screencheck import limits
from tests.reliability.helpers import bot_script
from tests.ui.test_chart import _count_not_black, data_lines, drawn, glyphs


@pytest.fixture(scope="module")
def journals(tmp_path_factory):
    """Game id -> (journal file, its commands): every game of the catalog played to its end through
    `companion play` into a journal of its own."""
    out = {}
    folder = tmp_path_factory.mktemp("games")
    for gid in games():
        script = folder / f"{gid}.jsonl"
        script.write_text("".join(json.dumps(c) + "\n" for c in bot_script(gid, 3, 5000)), encoding="utf-8")
        path = folder / f"{gid}.sqlite3"
        assert main(["play", "--script", str(script), "--journal", str(path), "--create"]) == 0
        with Journal(path) as j:
            commands = j.commands(1)
        assert Session.replay(commands).outcome() is not None, f"{gid}: the bot game did not end"
        out[gid] = (path, commands)
    return out


@pytest.fixture
def language():
    """Set the table's language for a test, and back to English after it."""
    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_games_card_from_journal_report_says_it_all(journals, tmp_path, capsys, language, lang):
    language(lang)
    small, _main = limits((1280, 720))
    for gid, (path, commands) in journals.items():
        out = tmp_path / f"{gid}-{lang}.png"
        with recording() as ink:
            assert main(["journal", "--journal", str(path), "report", "1", "--out", str(out)]) == 0
        assert pygame.image.load(str(out)).get_size() == (1200, 675)
        texts = {d.text for d in ink}
        with Journal(path) as j:
            at = j.ended_at(1)
        card = card_of(commands, at)
        items = cardview.export_shapes(card)
        assert card.title in texts
        assert card.ended == when(at) and card.ended in texts
        assert card.ended.split(",")[0].split()[0] in _weekdays() and any(m in card.ended for m in _months())
        seats = [p["name"] for p in replay(commands)[-1].state["seats"]]
        shown = seatnames.for_table(gid, seats)  # an unnamed seat by the game's default name, never its code
        assert {shown.get(n, n) for n in seats} <= texts  # every player by name
        hero = next(
            s for s in items if s.role == "title"
        )  # the outcome in one sentence, the card's main text
        assert hero.text.replace("\n", " ") == card.outcome and all(ln in texts for ln in hero.lines)
        assert len(card.moments) == 3
        for moment in card.moments:  # each drawn, line by line
            shape = next(s for s in items if s.kind == "text" and s.text.replace("\n", " ") == moment)
            assert all(ln in texts for ln in shape.lines), (gid, moment)
        shown = [s for s in items if s.role == "axis"]
        assert bool(shown) == bool(card.panels)  # a plugin without a story has no chart: then no axes
        for panel in card.panels[: len(shown)]:
            assert panel.title in texts and panel.x_title in texts  # the axes' labels
        assert min(d.capitals for d in ink) >= small, (gid, min((d.capitals, d.text) for d in ink))
        _nothing_drawn_over(gid, items)
    capsys.readouterr()


def _nothing_drawn_over(gid: str, items) -> None:
    """No text's glyphs meet another's, or a line of the chart."""
    lines = drawn(data_lines(items), (1200, 675))
    inks = [(s.text, glyphs(s)) for s in items if s.kind == "text"]
    for i, (a, ra) in enumerate(inks):
        assert _count_not_black(lines, ra) == 0, f"{gid}: {a!r} crosses a line"
        for b, rb in inks[i + 1 :]:
            over = ra.clip(rb)
            assert over.width <= 1 or over.height <= 1, f"{gid}: {a!r} and {b!r}"


def test_the_german_card_is_german(journals, language):
    gid, (path, commands) = next(iter(journals.items()))
    english = card_of(commands, 1773524460.0)
    language("de")
    german = card_of(commands, 1773524460.0)
    assert german.ended.startswith("Samstag, 14. März 2026") and english.ended.startswith(
        "Saturday 14 March 2026"
    )
    assert german.outcome != english.outcome and german.moments != english.moments
    assert [p.title for p in german.panels] != [p.title for p in english.panels]


def test_the_svg_is_the_same_card_as_vectors(journals, tmp_path, capsys):
    path, commands = journals["strigoi"] if "strigoi" in journals else next(iter(journals.values()))
    assert main(["journal", "--journal", str(path), "report", "1", "--out", str(tmp_path / "card.svg")]) == 0
    assert "wrote" in capsys.readouterr().out
    svg = (tmp_path / "card.svg").read_text(encoding="utf-8")
    doc = xml.dom.minidom.parseString(svg)
    with Journal(path) as j:
        items = cardview.export_shapes(card_of(commands, j.ended_at(1)))
    spans = [
        "".join(t.firstChild.data for t in e.getElementsByTagName("tspan"))
        for e in doc.getElementsByTagName("text")
    ]
    assert spans == [
        s.text.replace("\n", "") for s in items if s.kind == "text"
    ]  # every text, in the same order
    root = doc.documentElement
    assert (root.getAttribute("width"), root.getAttribute("height")) == ("1200", "675")
    assert "@font-face" in svg and "font/ttf;base64," in svg  # the fonts travel with it
    assert (
        len(root.getElementsByTagName("svg")) == 1 and 'preserveAspectRatio="xMidYMid slice"' in svg
    )  # the picture
    assert len(doc.getElementsByTagName("polyline")) == sum(s.kind == "line" for s in items)


def test_a_game_still_running_and_bad_requests(tmp_path, capsys):
    script = tmp_path / "running.jsonl"
    script.write_text("".join(json.dumps(c) + "\n" for c in bot_script("masters", 3, 30)), encoding="utf-8")
    path = tmp_path / "j.sqlite3"
    assert main(["play", "--script", str(script), "--journal", str(path), "--create"]) == 0
    capsys.readouterr()
    with recording() as ink:
        assert main(["journal", "--journal", str(path), "report", "1", "--out", str(tmp_path / "r.png")]) == 0
    assert any(d.text.startswith("Still running: ") for d in ink)
    assert main(["journal", "--journal", str(path), "report", "9", "--out", str(tmp_path / "r.png")]) == 1
    assert "no game with id 9" in capsys.readouterr().err
    assert main(["journal", "--journal", str(path), "report", "1", "--out", str(tmp_path / "r.jpg")]) == 2
    err = capsys.readouterr().err
    assert ".png or .svg" in err and "Error" not in err and not (tmp_path / "r.jpg").exists()
    assert (
        main(["journal", "--journal", str(path), "report", "1", "--out", str(tmp_path / "no" / "r.png")]) == 1
    )
    err = capsys.readouterr().err
    assert "cannot write" in err and "Errno" not in err and "Traceback" not in err


def test_the_date_is_the_last_active_commands(tmp_path):
    clock = iter([1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0])
    with Journal(tmp_path / "j.sqlite3", now=lambda: next(clock)) as j:
        session, _ = Session.new({"cmd": "setup", "game": "nosferatu", "players": 5, "seed": 1}, journal=j)
        import random

        from companion.plugins import bot

        rng = random.Random(1)
        session.submit(bot("nosferatu").choose(session.game, session.state, rng))
        session.submit(bot("nosferatu").choose(session.game, session.state, rng))
        assert (
            j.ended_at(session.game_id) == 4000.0
        )  # the clock's 1000 is the game's creation, 2000 its setup
        session.undo()  # the undone command is no longer the game's last
        assert j.ended_at(session.game_id) == 3000.0
        assert j.ended_at(99) is None


def test_a_plugin_without_moments_gets_its_narrations_first_middle_and_last_line(journals, monkeypatch):
    from companion.games import GamePlugin
    from companion.plugins import info

    gid, (path, commands) = next(iter(journals.items()))
    steps = replay(commands)
    monkeypatch.setattr(type(info(gid)), "moments", GamePlugin.moments)  # the default: no moments of its own
    moments, ranks = key_moments(gid, steps)
    assert len(moments) == 3 and sorted(ranks) == [0, 1, 2]
    assert not any(m.startswith("*") or m.startswith("=") for m in moments)
