"""No player anywhere is "P1".."P8" or "Seat N" (issue #26, point 3's done-means), in every game of the
catalog (the shipped ones and any plugin installed), in English and German.

Each game is played by its bot through the whole loop (App on the mock HAL, an 800x480 surface, the
journal on disk): every text the loop's frames draw is recorded as drawn (companion/ui/ink.py, so the
end-of-game card's chart counts too), with the event log's lines, the phone view (the JSON a paired
phone gets), the journal's line of the game and its resume offer, and `companion play --narrate` on
the game's commands. A game seated by names is played with the names given; the same game seated
by its size alone (an old journal, a scenario file: the engine names those seats "P1", "P2"...) must
show the game's default names instead. A seat's district ("A1") is never a player's label either:
a grid cell that stands for a seat is titled with that player's name.
"""

from __future__ import annotations

import json
import random
import re

import pygame
import pytest

import companion.plugins as catalog
from companion import i18n
from companion.cli import main
from companion.gameline import game_line, resume_offer
from companion.rules import load_game
from companion.ui import ink
from companion.ui.table import TableUI
from companion.web import phoneview
from tests.app.helpers import make_app
from tests.reliability.helpers import setup_of

NAMES = ("Anna", "Ben", "Cleo", "Dmitri", "Eva", "Finn", "Greta", "Hugo", "Ida", "Jan")
CODE = re.compile(r"\b(P|Seat |Platz |Player |Spieler )[1-8]\b")  # a seat's code, in either language
MOVES = 160  # bot moves per game: a game's worth of screens (most end sooner)


def _setup(game, seed: int, named: bool) -> dict:
    """The game's test setup; `named`: the players' names given, as the table's wizard does."""
    setup = setup_of(game, seed)
    if named and game.takes_names():
        setup["names"] = list(NAMES[: setup.get("players") or len(setup.get("names") or ())])
    return setup


def _codes(texts, where: str) -> list[str]:
    """The texts that name a player by a seat's code, each with where it was seen."""
    return [f"{where}: {t!r}" for t in texts if isinstance(t, str) and CODE.search(t)]


def _narrated(out: str) -> list[str]:
    """What `play --narrate` tells of the game: the lines under each command and where it stands at the
    end ("Now: ..."); the command echoed as the script has it and the legal moves are commands as one
    types them, in the engine's names (an unnamed seat's code is what a script writes)."""
    now = i18n._("Now: {where}").split("{")[0]
    return [line for line in out.splitlines() if line.startswith("    ") or line.startswith(now)]


def _strings(value) -> list[str]:
    """Every string inside a JSON value (keys too)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


def _seat_cells(vm: dict, players: set[str]) -> list[str]:
    """Grid cells standing for a seat (a player's chip) whose title is not a player's name."""
    return [
        f"{c['pos']}: {c['title']!r}"
        for c in vm.get("grid") or ()
        if c.get("chip") and c["title"] not in players
    ]


def _play(tmp_path, game_id: str, lang: str, named: bool, seed: int = 4) -> list[str]:
    """Play `game_id` by its bot through the loop in `lang`; the seat codes found anywhere."""
    game = load_game(game_id)
    bot = catalog.bot(game_id)
    rng = random.Random(seed)
    i18n.set_language(lang)
    found: list[str] = []
    app = None
    try:
        with ink.recording() as drawn:  # before the table's first font is made: every text is recorded
            app = make_app(tmp_path, ui=TableUI((800, 480), game_id, {}), surface=pygame.Surface((800, 480)))
            app.start(setup=_setup(game, seed, named), resume=False)
            app.tick()
            for move in range(MOVES):
                if app.session.outcome() is not None:
                    break
                assert app.submit(bot.choose(app.session.game, app.session.state, rng))
                app.tick()
                view = app.view()
                players = {str(s.get("name")) for s in view.state.get("seats") or ()}
                found += _seat_cells(app.ui.view_model(), players)
                if move % 10 == 0 or app.session.outcome() is not None:  # the phone's view now and then
                    phone = phoneview.build(view.game, view.state, list(app.idle.events)[-20:], app.lines)
                    found += _codes(_strings(phone), "phone")
            for _ in range(3):
                app.tick()
        assert len(drawn) > 20 and len(app.lines) > 3  # a game's worth of screens and log was looked at
        found += _codes([d.text for d in drawn], "screen")
        found += _codes(app.lines, "log")
        (info,) = app.journal.games()
        found += _codes([game_line(app.journal, info)], "journal list")
        found += _codes(_strings(resume_offer(app.journal, info)), "resume offer")
        commands = app.session.commands
    finally:
        if app is not None:
            app.stop()
        i18n.set_language("en")
    script = tmp_path / "game.jsonl"
    script.write_text("".join(json.dumps(c) + "\n" for c in commands), encoding="utf-8")
    return found, script


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", catalog.game_ids())
def test_no_player_is_a_seat_code_anywhere(tmp_path, capsys, game_id, lang):
    found, script = _play(tmp_path, game_id, lang, named=True)
    assert found == []
    i18n.set_language(lang)
    try:
        assert main(["play", "--script", str(script), "--narrate"]) in (0, 1)
        told = _narrated(capsys.readouterr().out)
    finally:
        i18n.set_language("en")
    assert len(told) > 5 and _codes(told, "play --narrate") == []


@pytest.mark.parametrize("game_id", [g for g in catalog.game_ids() if load_game(g).takes_names()])
def test_a_game_seated_by_its_size_shows_default_names_not_codes(tmp_path, capsys, game_id):
    found, script = _play(tmp_path, game_id, "en", named=False)
    game = load_game(game_id)
    state, _ = game.setup(json.loads(script.read_text(encoding="utf-8").splitlines()[0]))
    assert [p.name for p in game.players(state)][:2] == ["P1", "P2"]  # the engine keeps the seats' codes
    assert found == []
    assert main(["play", "--script", str(script), "--narrate"]) in (0, 1)
    told = _narrated(capsys.readouterr().out)
    assert len(told) > 5 and _codes(told, "play --narrate") == []


def test_the_check_finds_a_code(tmp_path, monkeypatch):
    """The check can fail: with the default names switched off, the old game shows its seats' codes."""
    from companion.narration import seatnames

    monkeypatch.setattr(seatnames, "for_table", lambda game, seats: {})
    found, _ = _play(tmp_path, "nosferatu", "en", named=False)
    places = {f.split(":")[0] for f in found}
    assert {"screen", "log", "phone"} <= places, places
