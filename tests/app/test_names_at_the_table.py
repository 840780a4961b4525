"""Names at the table, through the whole loop with the physical buttons (App on the mock HAL, 800x480):
the wizard's names page (one-press names, the on-screen keyboard, a refused name in words, a seat asked
again), the names remembered for the next game (most recent first), and the menu's Rename players,
journaled so undo takes it back; Masters' vampires keep their names."""

from __future__ import annotations

import pygame

from companion.controllers import names as recent
from companion.inputs import VButton
from companion.ui.table import TableUI
from tests.app.helpers import choose, make_app, tap, type_on_keyboard
from tests.ui.helpers import tap as ui_tap


def _table(tmp_path):
    """The app on the title screen, the table UI drawn on an 800x480 surface."""
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.start()
    app.tick()
    return app


def _vm(app) -> dict:
    """The screen's view model now."""
    return app.ui.view_model()


def _labels(app) -> list[str]:
    """The one-press names on screen ("Type a name" sits after the first of them)."""
    return [b["label"] for b in _vm(app)["buttons"] if b["id"].startswith("n:")]


def _type(app, word: str) -> None:
    """Open the keyboard from the names page and type `word` (capitals), then Done."""
    assert choose(app, "type") and _vm(app)["screen"] == "keyboard"
    type_on_keyboard(app, word)
    assert choose(app, "done")


def _to_names_page(app, game: str = "nosferatu") -> None:
    """Title -> the game's wizard -> its names page."""
    assert choose(app, f"game:{game}") and choose(app, "start")
    assert _vm(app)["screen"] == "names"


def test_the_wizard_asks_every_seat_a_name_and_refuses_a_duplicate_in_words(tmp_path):
    app = _table(tmp_path)
    _to_names_page(app)  # Nosferatu: 5 seats, nothing used before: the game's default names
    assert _labels(app)[:3] == ["Hutter", "Ellen", "Harding"]
    _type(app, "ANNA")
    assert "Anna" in _vm(app)["lines"][1] and _vm(app)["screen"] == "names"
    _type(app, "ANNA")  # a second Anna: refused in words, the keyboard stays open
    vm = _vm(app)
    assert vm["screen"] == "keyboard" and "'Anna' is already at this table" in vm["error"]
    tap(app, VButton.BACK)  # cancel the keyboard
    assert _vm(app)["screen"] == "names"
    for _ in range(3):
        assert choose(app, "n:0")
    assert _vm(app)["lines"][1] == "Seating: Anna, Hutter, Ellen, Harding, -"
    tap(app, VButton.DISTRICT_A2)  # the second seat again
    assert _labels(app)[:3] == ["Hutter", "Ruth", "Bulwer"]  # this seat's own name, then the free ones
    assert choose(app, "n:2")
    assert _vm(app)["lines"][1] == "Seating: Anna, Bulwer, Ellen, Harding, -"
    assert choose(app, "n:0")  # the fifth seat: Hutter is free again
    assert _vm(app)["lines"][0] == "Seating, clockwise: Anna, Bulwer, Ellen, Harding, Hutter"
    assert choose(app, "finish")
    assert app.session is not None
    given = [p["name"] for p in app.session.view()["seats"]]
    assert given == ["Anna", "Bulwer", "Ellen", "Harding", "Hutter"]
    assert app.session.commands[0]["names"] == given
    assert recent.recent()[:5] == given  # kept for the next game


def test_the_names_used_last_come_first_in_the_next_game(tmp_path):
    recent.remember(["Cleo", "Dmitri"])
    app = _table(tmp_path)
    _to_names_page(app, "mansion")
    assert _labels(app)[:3] == ["Cleo", "Dmitri", "Ada"]
    assert choose(app, "n:1")
    assert _labels(app)[:2] == ["Cleo", "Ada"]  # Dmitri sits already
    while any(b["id"] == "n:0" for b in _vm(app)["buttons"]):
        assert choose(app, "n:0")
    assert choose(app, "finish")
    assert [p["name"] for p in app.session.view()["seats"]] == ["Dmitri", "Cleo", "Ada", "Basil"]
    assert recent.recent()[:4] == ["Dmitri", "Cleo", "Ada", "Basil"]


def test_rename_players_from_the_menu_is_journaled_and_undone(tmp_path):
    app = _table(tmp_path)
    _to_names_page(app, "mansion")
    while any(b["id"] == "n:0" for b in _vm(app)["buttons"]):
        assert choose(app, "n:0")
    assert choose(app, "finish")
    before = [p["name"] for p in app.session.view()["seats"]]
    tap(app, VButton.MENU)
    assert choose(app, "rename") and _vm(app)["screen"] == "rename"
    tap(app, VButton.DISTRICT_A2)  # the second player
    assert _vm(app)["screen"] == "keyboard"
    for _ in before[1]:
        assert choose(app, "del")
    type_on_keyboard(app, "ADA")  # the first player's name: refused, nothing sent
    assert choose(app, "done")
    assert (
        "'Ada' is already at this table" in _vm(app)["error"] and app.session.commands[-1]["cmd"] == "setup"
    )
    for _ in "Ada":
        assert choose(app, "del")
    type_on_keyboard(app, "GRETA")
    assert choose(app, "done")
    for _ in range(3):
        app.tick()
    assert app.session.commands[-1] == {"cmd": "rename", "names": {before[1]: "Greta"}}
    assert app.journal.commands(app.session.game_id)[-1] == app.session.commands[-1]
    assert [p["name"] for p in app.session.view()["seats"]] == [before[0], "Greta", *before[2:]]
    assert any("is now called Greta" in line for line in app.ui.ctx.log)
    assert recent.recent()[0] == "Greta"
    tap(app, VButton.UNDO)
    tap(app, VButton.UNDO)  # asked once, undone on the second press
    assert [p["name"] for p in app.session.view()["seats"]] == before


def test_masters_vampires_keep_their_names(tmp_path):
    app = _table(tmp_path)
    app.dispatch(
        {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "difficulty": "easy", "seed": 1}
    )
    app.tick()
    tap(app, VButton.MENU)
    entry = next(b for b in _vm(app)["buttons"] if b["id"] == "rename")
    assert not entry["enabled"] and entry["why_not"] == "the players are the game's characters"


def test_the_keyboard_s_shown_back_buttons_go_to_the_letters_then_cancel(tmp_path):
    app = _table(tmp_path)
    _to_names_page(app)
    assert choose(app, "type") and _vm(app)["screen"] == "keyboard"
    tap(app, VButton.DISTRICT_A1)  # a group's letters
    assert "groups" in [b["id"] for b in _vm(app)["buttons"]]
    assert choose(app, "groups")  # "Back to the letters": the groups again, the keyboard open
    assert _vm(app)["screen"] == "keyboard" and "g:0" in [b["id"] for b in _vm(app)["buttons"]]
    assert ui_tap(app.ui, "back")  # "Cancel" (behind More): the names page again, nothing typed
    assert _vm(app)["screen"] == "names"


def test_the_wizard_offers_no_name_like_one_at_the_table_and_refuses_a_typed_look_alike(tmp_path):
    recent.remember(
        ["Anna", "\u0410nna", "Zoe\u0308", "\u3164"]
    )  # Cyrillic А; a decomposed ë; a Hangul filler
    assert recent.recent()[:3] == ["Anna", "\u0410nna", "Zoë"]  # kept composed; the blank one left out
    app = _table(tmp_path)
    _to_names_page(app, "mansion")
    assert choose(app, "n:0")  # Anna sits
    assert "\u0410nna" not in _labels(app) and _labels(app)[0] == "Zoë"  # her look-alike is not offered
    why = app.ui.ctx.stack.top.give("\uff21nna")  # a fullwidth Ａ, as a phone keyboard could send it
    assert why and "looks like 'Anna'" in why and "\uff21nna" not in _vm(app)["lines"][1]
