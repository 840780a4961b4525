"""A command's events are told in words once (companion/app.py `_tell`): the log and the screen's log
share the lines, and the names the table shows are worked out once per change of the seats."""

from __future__ import annotations

import pygame

from companion.narration import narrate, seatnames
from companion.ui.table import TableUI
from tests.app.helpers import make_app

SETUP = {"cmd": "setup", "game": "mansion", "players": 2, "seed": 1}  # unnamed seats: "P1", "P2"


def test_each_event_is_told_once_for_the_log_and_the_screen(tmp_path, monkeypatch):
    app = make_app(tmp_path, ui=TableUI((800, 480), "mansion", {}), surface=pygame.Surface((800, 480)))
    app.start(setup=SETUP, resume=False)
    app.tick()
    told: list = []
    line = narrate.line
    monkeypatch.setattr(
        narrate, "line", lambda ev, game=None, state=None: told.append(ev) or line(ev, game, state)
    )
    lit: list = []
    update = app.lights.update
    monkeypatch.setattr(
        app.lights, "update", lambda view, events=(), t=0.0: (lit.extend(events), update(view, events, t))
    )
    before = len(app.lines)
    command = next(a.command for a in app.session.actions() if a.enabled)
    assert app.submit(command)
    app.tick()
    assert lit and told == lit  # each event the frame lit was told once, for the log and the screen alike
    assert app.lines[before : before + len(lit)] == list(app.ui.ctx.log)[-len(lit) :]
    assert app.lines[before] != "rolled"  # told in words, with the names the table shows


def test_the_shown_names_are_worked_out_once_per_change_of_the_seats(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    worked: list = []
    for_table = seatnames.for_table
    monkeypatch.setattr(
        seatnames, "for_table", lambda game, seats: worked.append(game) or for_table(game, seats)
    )
    app.start(setup=SETUP, resume=False)
    app.tick()
    assert len(worked) == 1 and set(app.names.codes) == {"P1", "P2"}
    for _ in range(3):
        command = next(a.command for a in app.session.actions() if a.enabled)
        app.submit(command)
        app.tick()
    assert len(worked) == 1  # the same seats: the names of the first time
    shown_as = app.names.codes["P1"]
    assert app.names.engine_side({"cmd": "roll", "player": shown_as}) == {"cmd": "roll", "player": "P1"}
