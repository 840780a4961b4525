"""A game written outside the repo plays everywhere with no edit outside its distribution (issue #33).

Coin Stack (tests/coingame) is what a newcomer writes: one `GamePlugin` subclass naming its engine,
words and narration, an engine of about sixty lines, a German catalog, and nothing else (no screens,
no scene, no bot module, no data file, no `summary`, no `events.py`, no action parameter). The
fixture installs it the way pip would (the package and a dist-info folder with its entry point, its
catalog compiled) into a temporary folder on sys.path. Then it plays at the table (the generic
screen names the winner), on the phone, in `companion play`, gets a journal line and an end card,
speaks its own German (its "Add" is not Counter Race's), and passes the contract module a plugin runs
against itself (`pytest --pyargs companion.testing`).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import companion
from companion import cli, i18n
from companion.ui.table import TableUI
from tests.app.helpers import choose, make_app

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tests" / "coingame"
GAME = "coin-stack"
NAMES = ["Alex", "Bob"]


def install(site: Path) -> Path:
    """Coin Stack into `site` as pip puts it there: the package (catalog compiled) and its dist-info."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    shutil.copytree(SOURCE / "coin_stack", site / "coin_stack", ignore=shutil.ignore_patterns("__pycache__"))
    for po in (site / "coin_stack" / "locale").rglob("*.po"):
        with po.open("rb") as f, po.with_suffix(".mo").open("wb") as out:
            write_mo(out, read_po(f))
    meta = site / "nightwatch_coin_stack-0.1.0.dist-info"
    meta.mkdir()
    text = (SOURCE / "pyproject.toml").read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith(f"{GAME} = "))
    (meta / "entry_points.txt").write_text(
        f"[nightwatch.games]\n{line.replace(chr(34), '')}\n", encoding="utf-8"
    )
    return site


@pytest.fixture
def coin(tmp_path, monkeypatch):
    """Coin Stack installed in tmp_path/site, on sys.path."""
    site = install(tmp_path / "site")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield site
    for name in [m for m in sys.modules if m == "coin_stack" or m.startswith("coin_stack.")]:
        del sys.modules[name]
    i18n.set_language("en")


def script(tmp_path: Path, moves: int = 5) -> tuple[Path, list[dict]]:
    """A game of Coin Stack to its end: Alex and Bob lay 2, 2, 1, 1, 1 (Alex lays the seventh coin)."""
    commands = [{"cmd": "setup", "game": GAME, "names": NAMES}] + [
        {"cmd": "lay", "n": n} for n in (2, 2, 1, 1, 1)[:moves]
    ]
    path = tmp_path / "coin.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in commands), encoding="utf-8")
    return path, commands


def test_its_engine_is_small_and_nothing_of_the_companion_names_it():
    import ast

    text = (SOURCE / "coin_stack" / "engine.py").read_text(encoding="utf-8")
    doc = ast.get_docstring(ast.parse(text), clean=False) or ""
    code = [line for line in text.replace(f'"""{doc}"""', "", 1).splitlines() if line.strip()]
    assert 30 <= len(code) <= 100  # lines of code: not its blank lines (formatted) or its docstring
    assert (
        not (SOURCE / "coin_stack" / "screens.py").exists()
        and not (SOURCE / "coin_stack" / "events.py").exists()
    )
    package = Path(companion.__file__).parent
    named = [
        p
        for p in package.rglob("*")
        if p.is_file()
        and p.suffix in (".py", ".toml", ".po")
        and (
            "coin-stack" in p.read_text(encoding="utf-8", errors="replace")
            or "coin_stack" in p.read_text(encoding="utf-8", errors="replace")
        )
    ]
    assert named == []


def test_the_contract_module_passes_on_it(coin, tmp_path):
    """What a plugin's author runs: `NIGHTWATCH_GAMES=coin-stack pytest --pyargs companion.testing`."""
    env = {
        **os.environ,
        "NIGHTWATCH_GAMES": GAME,
        "PYTHONPATH": os.pathsep.join([str(coin), str(ROOT)]),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    res = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--pyargs", "companion.testing"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-2000:]
    assert " passed" in res.stdout and " skipped" not in res.stdout


def test_it_plays_in_companion_play_and_names_its_winner(coin, tmp_path, capsys, monkeypatch):
    path, _commands = script(tmp_path)
    assert cli.main(["play", "--script", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Alex wins." in out and "coins on the stack: 7" in out
    assert "turn" not in out.lower() and "P1" not in out  # no "turn Bob" once the game is over
    monkeypatch.setenv("COMPANION_LANG", "de")
    i18n.set_language("de")
    assert cli.main(["play", "--script", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Alex gewinnt." in out and "Münzen auf dem Stapel: 7" in out  # the shared words, its own words


def test_a_refusal_in_play_names_the_player_as_the_narration_does(coin, tmp_path, capsys):
    path = tmp_path / "refused.jsonl"
    path.write_text(
        "".join(
            json.dumps(c) + "\n"
            for c in [
                {"cmd": "setup", "game": GAME, "players": 2},
                {"cmd": "lay", "n": 2},
                {"cmd": "lay", "n": 3},
            ]
        ),
        encoding="utf-8",
    )
    assert cli.main(["play", "--script", str(path), "--narrate"]) == 1
    out, err = capsys.readouterr()
    assert (
        "refused 'lay'" in err and "lay one or two coins" in err and "Billie's turn" in err
    )  # the seat on turn as the narration names it
    assert "P1" not in out + err and "P2" not in out + err  # the unnamed seats by the table's default names


def test_it_gets_a_journal_line_and_an_end_card_naming_its_winner(coin, tmp_path, capsys):
    path, commands = script(tmp_path)
    journal = tmp_path / "journal.sqlite3"
    assert cli.main(["play", "--script", str(path), "--journal", str(journal), "--create"]) == 0
    capsys.readouterr()
    assert cli.main(["journal", "--journal", str(journal), "list"]) == 0
    line = capsys.readouterr().out
    assert "Coin Stack" in line and "Alex won" in line and "(last" not in line and "last-coin" not in line
    assert (
        cli.main(["journal", "--journal", str(journal), "report", "1", "--out", str(tmp_path / "card.png")])
        == 0
    )
    assert (tmp_path / "card.png").stat().st_size > 1000
    from companion.ui.endcard import card_from, replay

    card = card_from(replay(commands))
    assert (
        card.title == "Coin Stack" and card.outcome == "Alex wins." and card.over and len(card.moments) == 3
    )
    assert [s.name for s in card.seats] == NAMES


def test_it_shows_on_the_phone_with_its_board_and_its_winner_in_german(coin):
    from companion.storage.session import Session
    from companion.web import phoneview

    commands = [{"cmd": "setup", "game": GAME, "names": NAMES}] + [{"cmd": "lay", "n": n} for n in (2, 2)]
    running = Session.replay(commands).view()
    i18n.set_language("de")
    view = phoneview.build(GAME, running)
    assert view["title"] == "Coin Stack" and view["turn"] == "Alex" and view["outcome"] is None
    assert (
        view["lines"] == ["Münzen auf dem Stapel: 4", "Münzen zum Sieg: 7"] and view["step"] == "Münzen legen"
    )
    over = Session.replay(commands + [{"cmd": "lay", "n": 1}] * 3).view()
    view = phoneview.build(GAME, over)
    assert view["outcome"] == "Alex gewinnt." and view["winners"] == ["Alex"]
    assert view["step"] == "Spielende"  # the end step in words, not "over"


def test_it_speaks_its_own_german_not_another_games(coin):
    """Counter Race and Coin Stack both translate the English "Add": each game says its own."""
    from companion.narration.words import refusal_text
    from companion.rules import load_game

    i18n.set_language("de")
    label = (
        load_game(GAME)
        .legal_actions(load_game(GAME).setup({"cmd": "setup", "game": GAME, "players": 2})[0])[0]
        .label
    )
    assert refusal_text(label, GAME) == "Münze legen"
    assert i18n._(companion.plugins.info(GAME).blurb).startswith("legt abwechselnd")
    if "counter-race" in companion.plugins.games():  # (installed by `make test`)
        assert refusal_text(label, "counter-race") == "Addieren"


def test_it_is_offered_set_up_and_played_at_the_table_naming_its_winner(coin, tmp_path):
    from companion.ui.screens.menus import TitleScreen

    TitleScreen.game_buttons()
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.start()
    app.tick()
    choose(app, f"game:{GAME}")
    vm = app.ui.view_model()
    assert "New game of Coin Stack (2 players)." in vm["lines"]  # not "2 to 2 players"
    assert "f:seed" not in [b["id"] for b in vm["buttons"]]  # it draws nothing at random: no seed asked
    choose(app, "start")
    assert app.ui.view_model()["screen"] == "names"  # its setup takes names: the names page
    while any(b["id"] == "n:0" for b in app.ui.view_model()["buttons"]):
        choose(app, "n:0")
    choose(app, "finish")
    app.tick()
    assert app.session is not None and app.ui.view_model()["screen"] == "generic"
    assert "Add" in [b["label"] for b in app.ui.view_model()["buttons"]]
    rng = random.Random(2)
    for _ in range(20):
        if app.session.outcome() is not None:
            break
        choose(
            app, rng.choice([b["id"] for b in app.ui.view_model()["buttons"] if b["id"].startswith("act:")])
        )
    app.tick()
    (winner,) = app.session.view()["winners"]
    assert winner in app.session.view()["names"] and winner not in ("P1", "P2")
    card = app.ui.screen.model().card  # the end card at the table, first
    assert (
        card is not None
        and card.outcome == f"{winner} wins."
        and card.title == "Coin Stack"
        and len(card.moments) == 3
    )
    choose(app, "results")
    lines = app.ui.view_model()["lines"]
    assert f"Game over: {winner} wins." in lines, lines  # the generic screen names the winner
    assert not any("P1" in line or "P2" in line for line in lines)
