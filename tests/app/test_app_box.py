"""Teaching the companion your box at the table: tracker numbers and district names, buttons only."""

import pygame

from companion.games.masters.loader import load_masters
from companion.inputs import VButton
from companion.ui.table import TableUI
from tests.app.helpers import choose, make_app, tap, type_on_keyboard

SETUP = {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "difficulty": "easy", "seed": 8}


def _app(tmp_path):
    """A game in progress with a screen."""
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.start(setup=SETUP)
    app.tick()
    return app


def _open_menu(app, entry):
    """Menu -> entry, with the physical buttons (the menu opens from the game screen's Menu button)."""
    assert choose(app, "menu")
    assert choose(app, entry)
    app.tick()


def test_tracker_numbers_taught_with_buttons_are_used_by_the_next_draw(tmp_path):
    app = _app(tmp_path)
    _open_menu(app, "tracker")
    vm = app.ui.view_model()
    assert vm["screen"] == "tracker" and vm["title"] == "Veil tracker: 2 vampires"
    shipped = next(t for t in load_masters().trackers if t.vampires == 2)
    red_high_i = dict(((a, b), n) for a, b, n in shipped.numbers)[("I", "high")].red
    assert choose(app, "f:I.high.0")
    for _ in range(3):
        tap(app, VButton.VEIL_UP)
    assert any(
        b["label"] == f"Act I, veil 4 to 6, red: {red_high_i + 3}" for b in app.ui.view_model()["buttons"]
    )
    assert choose(app, "save")
    taught = next(t for t in load_masters().trackers if t.vampires == 2)
    assert taught.source == "taught"
    assert dict(((a, b), n) for a, b, n in taught.numbers)[("I", "high")].red == red_high_i + 3
    # the running game uses the new numbers at its next draw (veil 6: the high band)
    for pos in app.session.view()["day_effects"]["active"]:
        assert app.submit({"cmd": "resolve_day_effect", "district": pos})
    assert app.submit({"cmd": "draw"})
    draw = app.journal.commands(app.session.game_id)[-1]
    assert draw["cmd"] == "draw" and draw["red_agents"] == red_high_i + 3  # the journal keeps what it used


def test_district_renamed_with_the_on_screen_keyboard(tmp_path):
    app = _app(tmp_path)
    _open_menu(app, "districts")
    assert app.ui.view_model()["screen"] == "districts"
    tap(app, VButton.DISTRICT_B2)
    assert choose(app, "rename")
    assert app.ui.view_model()["screen"] == "keyboard"
    old = app.session.view()["districts"]["B2"]["name"]
    for _ in range(len(old)):
        assert choose(app, "del")
    type_on_keyboard(app, "DOCKS")
    assert choose(app, "done")
    assert app.session.view()["districts"]["B2"]["name"] == "Docks"
    assert any("is now called Docks" in line for line in app.lines)
