"""Event cards at the table: a scanned card is drawn; an unknown one is taught on screen, then drawn."""

import pygame

from companion.games.masters import teach
from companion.inputs import ButtonEvent, Press, VButton
from companion.ui.input_map import WidgetPress
from companion.ui.table import TableUI
from tests.app.helpers import make_app

PHYSICAL = {
    "cmd": "setup",
    "game": "masters",
    "vampires": ["Imre", "Mila"],
    "difficulty": "easy",
    "seed": 4,
    "deck": "physical",
}


def _app(tmp_path):
    """An app with a screen, in a physical-deck game waiting for its first card."""
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.start(setup=PHYSICAL)
    app.tick()
    for pos in app.session.view()["day_effects"]["active"]:
        assert app.submit({"cmd": "resolve_day_effect", "district": pos})
    assert app.session.view()["step"] == "day-effects"
    return app


def _read(app, tag):
    """Hold a card to the (mock) reader and let the loop run a few frames."""
    app.hw.reader.present(tag, at=app.clock.now())
    for _ in range(3):
        app.clock.advance(0.05)
        app.tick()


def _press(app, widget):
    """Tap an on-screen button."""
    app.ui.handle(WidgetPress(widget, Press.SHORT, app.clock.now()))
    app.clock.advance(0.05)
    app.tick()


def _district(app, pos, times=1):
    """Press a district button `times` times."""
    for _ in range(times):
        app.ui.handle(ButtonEvent(VButton.for_district(pos), Press.SHORT, app.clock.now()))


def test_known_tag_draws_that_card(tmp_path):
    app = _app(tmp_path)
    teach.register_tag("04AABBCCDDEEFF", "I-03")
    _read(app, "04AABBCCDDEEFF")
    assert app.session.view()["card"]["key"] == "I-03"
    assert app.journal.commands(app.session.game_id)[-1]["cmd"] == "draw"


def test_unknown_tag_is_taught_on_screen_then_drawn_with_the_taught_grid(tmp_path):
    app = _app(tmp_path)
    _read(app, "04DEADBEEF0102")
    vm = app.ui.view_model()
    assert vm["screen"] == "teach" and vm["lines"][0] == "This card is new to the table."
    assert (
        "04DEADBEEF0102" not in " ".join(vm["lines"]) and app.ui.screen.tag == "04DEADBEEF0102"
    )  # kept, not shown
    assert app.session.view()["card"] is None  # nothing drawn, nothing changed
    _press(app, "grid")  # the new card goes to act I's first place nothing was taught into: I-01
    assert not [b for b in app.ui.view_model()["buttons"] if "I-0" in b["label"]]  # never shown by it
    _district(app, "A1")  # red
    _district(app, "C3", 2)  # red, then blue-gray
    save = [b for b in app.ui.view_model()["buttons"] if b["id"] == "save"][0]
    assert not save["enabled"] and save["why_not"] == "blue-gray cells come in pairs"
    _district(app, "C1", 2)
    _press(app, "save")
    view = app.session.view()
    assert view["card"]["key"] == "I-01"
    assert view["card"]["grid"] == {"A1": "red", "C1": "blue", "C3": "blue"}
    assert teach.lookup_tag("04DEADBEEF0102") == "I-01"
    # the taught grid is what the journal stored, so a replay never depends on the data files
    assert app.journal.commands(app.session.game_id)[-1]["card"] == "I-01"


def test_tags_from_the_reader_are_never_paths_or_commands(tmp_path):
    app = _app(tmp_path)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    for tag in ("../../etc/passwd", "$(touch pwned)", "; rm -rf ~"):
        _read(app, tag)
        assert app.ui.view_model()["screen"] == "teach"
        _press(app, "cancel")
    assert sorted(p.name for p in tmp_path.rglob("*")) == before
    assert app.session.view()["card"] is None


def test_a_bad_teach_intent_is_refused_not_a_crash(tmp_path):
    app = _app(tmp_path)
    app.dispatch({"intent": "teach_card", "tag": "04AA", "card": "I-05", "red": ["A1"], "blue": ["C3"]})
    assert any("blue-gray cells come in a pair" in line for line in app.lines)
    assert teach.lookup_tag("04AA") is None and app.session.view()["card"] is None
