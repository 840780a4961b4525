"""Armata Strigoi's placeholder values: a new game asks for the box's numbers once (buttons only),
saves them as taught data that wins over the examples, and the screen says when examples are used."""

import pygame

from companion.games.strigoi import teach as teach_strigoi
from companion.inputs import VButton
from companion.rules import load_game
from companion.ui.table import TableUI
from tests.app.helpers import choose, make_app, tap


def _table(tmp_path):
    """The app with the table UI, started on the title screen."""
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.start()
    app.tick()
    return app


def _wizard_start(app):
    """Title -> Armata Strigoi -> Start (two players)."""
    assert choose(app, "game:strigoi")
    tap(app, VButton.VEIL_DOWN)
    tap(app, VButton.VEIL_DOWN)
    assert choose(app, "start")


def _label(app, fid):
    """The label of button `fid` on the screen now."""
    return next(b["label"] for b in app.ui.view_model()["buttons"] if b["id"] == fid)


def test_strigoi_values_are_placeholders_asked_once_and_taught_with_the_buttons(tmp_path):
    shipped = load_game("strigoi").data
    assert shipped.examples == ("master", "apprentice", "supreme", "tokens")
    app = _table(tmp_path)
    _wizard_start(app)
    vm = app.ui.view_model()
    assert vm["screen"] == "strigoi-box" and app.session is None  # asked before the game starts
    existence = shipped.stats["master"].existence
    assert choose(app, "f:master.existence")
    for _ in range(2):
        tap(app, VButton.VEIL_UP)
    assert _label(app, "f:master.existence") == f"Master Existence: {existence + 2}"
    assert choose(app, "f:tokens.apprentice.1")
    tap(app, VButton.VEIL_UP)
    assert choose(app, "save")
    app.tick()
    # the game started with the box's values, journaled in its setup
    setup = app.journal.commands(app.session.game_id)[0]
    assert setup["stats"]["master"]["existence"] == existence + 2
    assert setup["examples"] == []
    view = app.session.view()
    assert view["strigoi"]["master"]["existence"] == existence + 2
    assert view["example_values"] == []
    assert not any("Example values" in line for line in app.ui.view_model()["lines"])
    # taught data in the config folder wins over the shipped examples
    assert teach_strigoi.box_path().exists()
    taught = load_game("strigoi").data
    assert taught.stats["master"].existence == existence + 2 and taught.examples == ()
    apprentice_plus1 = sum(t.count for t in taught.tokens if (t.strigoi, t.bonus) == ("apprentice", 1))
    assert (
        apprentice_plus1
        == sum(t.count for t in shipped.tokens if (t.strigoi, t.bonus) == ("apprentice", 1)) + 1
    )
    assert any("Strigoi values of your box saved" in line for line in app.lines)
    # asked once: the next new game starts straight from the wizard with the taught values
    app.dispatch({"intent": "new_game"})
    app.tick()
    _wizard_start(app)
    app.tick()
    assert app.session is not None and app.ui.view_model()["screen"] == "strigoi"
    assert app.session.view()["strigoi"]["master"]["existence"] == existence + 2


def test_strigoi_screen_says_when_example_values_are_in_use(tmp_path):
    app = _table(tmp_path)
    _wizard_start(app)
    assert choose(app, "examples")
    app.tick()
    assert app.session.view()["example_values"] == ["master", "apprentice", "supreme", "tokens"]
    lines = app.ui.view_model()["lines"]
    assert any(line == "Example values: Master, Apprentice, Supreme, tokens" for line in lines)
    assert not teach_strigoi.box_path().exists()  # nothing taught


def test_a_bad_box_value_is_refused_and_nothing_is_saved(tmp_path):
    import pytest

    from companion.gamedata.teach import TeachError

    with pytest.raises(TeachError) as err:
        teach_strigoi.save_box(
            {"master": {"existence": 0, "damage": 1, "strength": 5}}, {"master": {0: 1}, "apprentice": {0: 1}}
        )
    assert "strigoi.master.existence" in str(err.value)
    assert not teach_strigoi.box_path().exists()


def test_taught_values_never_change_a_game_journaled_before(tmp_path):
    """A setup journaled before the token mix was recorded (stats, rings, ladders, no tokens) keeps
    the shipped example mix after the table taught another; a new game takes the taught one."""
    game = load_game("strigoi")
    canon = game.canonical(None, {"cmd": "setup", "game": "strigoi", "players": 2, "seed": 4})
    old = {k: v for k, v in canon.items() if k not in ("tokens", "examples")}
    before = game.setup(old)[0]
    teach_strigoi.save_box(
        {"master": {"existence": 4, "damage": 2, "strength": 8}}, {"master": {0: 1}, "apprentice": {2: 5}}
    )
    taught = load_game("strigoi")
    assert taught.setup(old)[0] == before  # same bag, same values
    fresh = taught.setup({"cmd": "setup", "game": "strigoi", "players": 2, "seed": 4})[0]
    assert fresh.tokens == (("master", 0, 1), ("apprentice", 2, 5))
    assert fresh.stat("master").existence == 4 and fresh.examples == ("apprentice", "supreme")
