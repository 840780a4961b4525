"""The More sheet fits on live states: the screens reached by playing real games through the engine
(companion/ui/samples.py `live_screens`: every game's busiest bot state, Masters' first night with
2 AP) show every hidden button on one page, at every size in both languages, no label cut, a cost
with more than AP as pictures with numbers, never "(2 AP, veil +1)"; `companion screenshots --check`
draws these live states and fails on a cut label."""

import pytest

from companion import i18n
from companion.ui.model import MORE, cost_chips
from companion.ui.screencheck import check
from companion.ui.screenshots import CHECK_SIZES, render_page, screen_names

SHEETS = (
    "live-masters-night1-more",
    "live-masters-more",
    "live-strigoi-more",
    "live-mansion-more",
    "live-one-night-more",
    "live-nosferatu-more",
)


def _sheet(name, size):
    """The TableUI of live page `name` drawn at `size`, and the model on show."""
    from companion.ui.samples import live_screens
    from companion.ui.table import TableUI

    ui = TableUI(size)
    live_screens()[name](ui)
    return ui, ui.screen.model()


def test_the_check_draws_the_live_states():
    names = set(screen_names())
    assert {"live-masters-night1", "live-masters-night1-more"} <= names
    assert set(SHEETS) <= names


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", CHECK_SIZES)
def test_the_live_more_sheets_are_one_page_and_cut_nothing(size, lang):
    i18n.set_language(lang)
    try:
        for name in SHEETS:
            ui, vm = _sheet(name, size)
            assert vm.screen == "more", (name, size, lang)
            ids = [b.id for b in vm.buttons]
            assert MORE not in ids, (name, size, lang, [b.label for b in vm.buttons])  # no second page
            assert ids.count("back") == 1
            labels = [b.label for b in vm.buttons]
            assert not any("(" in label and "AP" in label for label in labels), labels
            _surface, boxes, drawn = render_page(name, size)
            report = check(name, size, drawn, boxes, lang)
            assert report.ok, report.lines()
            assert not [b.text for b in boxes if b.text.endswith("…")]
    finally:
        i18n.set_language("en")


def test_masters_first_night_shows_its_costs_as_pictures():
    ui, vm = _sheet("live-masters-night1-more", (800, 480))
    recruit = next(b for b in vm.buttons if b.icon == "action.recruit")
    assert (
        recruit.chips == (("ap", "2"), ("token.veil", "+1"))
        and recruit.cost == ""
        and "(" not in recruit.label
    )
    blood = next(b for b in vm.buttons if b.icon == "action.blood_ability")
    assert blood.chips == (("blood", "1"),) and blood.label.endswith(
        ": Unmask"
    )  # the ability's name, not "(0 AP, ...)"


def test_cost_chips_read_the_engines_costs():
    assert cost_chips("2 AP, veil +1") == ((("ap", "2"), ("token.veil", "+1")), False)
    assert cost_chips("0 AP, veil -1 (Blood Gift)") == ((("token.veil", "-1"),), True)
    assert cost_chips("1 AP, +1 blood") == ((("ap", "1"), ("blood", "+1")), False)
    assert cost_chips("2 AP left") == ((), False)  # no picture for it: stays words


def test_a_cut_label_on_a_live_sheet_fails_the_check(monkeypatch):
    """Break it once: one action's label three times as long; the live sheet's check fails on it."""
    from companion.ui.screens import game

    real = game.action_button

    def longer(i, action, prefix="act"):
        b = real(i, action, prefix)
        return b._replace(label=" ".join([b.label] * 4)) if b.icon == "action.expose" else b

    monkeypatch.setattr(game, "action_button", longer)  # what the game screens make their buttons with
    _surface, boxes, drawn = render_page("live-masters-night1-more", (800, 480))
    report = check("live-masters-night1-more", (800, 480), drawn, boxes)
    assert not report.ok and any(t.startswith("Expose agents Expose") for t in report.clipped), report.lines()
