"""Banners and error states are screens: a sentence in the table's language a player can act on, the
technical words only behind Details (a tap on the strip, or the menu with the buttons alone), and any
number of banners leaves the board where one banner leaves it (issue #26, point 7)."""

import pygame
import pytest

from companion import i18n
from companion.inputs import Press, VButton
from companion.ui import pages
from companion.ui.model import TROUBLES
from companion.ui.screencheck import check
from companion.ui.troubles import WORDS, kind_of, trouble, troubles
from tests.ui.conftest import LARGE, SMALL
from tests.ui.helpers import press, tap

FOUR = ("reader", "journal", "leds", "buttons")


def _night(size=SMALL, parts=None):
    """The busiest screen (Masters' night) with the health `parts` the loop would hand it."""
    from companion.games.masters.samples import screens
    from companion.ui.table import TableUI

    ui = TableUI(size)
    screens()["night"](ui)
    if parts is not None:
        ui.update(ui.ctx.view, (), 0.0, parts)
    return ui


def test_each_part_and_journal_fault_has_its_own_words():
    """The reader's, the storage's and the damaged journal's own phrases are read for what they mean."""
    from companion.storage.faults import FAULT_TEXT

    assert kind_of("reader", pages.unplugged_reader()[1]) == "reader"
    for kind, text in FAULT_TEXT.items():
        assert kind_of("journal", text) == f"journal/{kind}"
        assert kind_of("journal", f"journal: {text}") == f"journal/{kind}"  # as banners() names the part
        with i18n.in_language("de"):
            assert kind_of("journal", i18n._(text)) == f"journal/{kind}"
    assert kind_of("journal", pages.moved_journal()) == "journal/moved"
    assert kind_of("lid", "the lid is open") == ""  # a part nobody worded still gets a sentence
    assert trouble("lid", "the lid is open").headline == "Something is not working: see Details."


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_words_say_what_to_do_without_the_os_error(lang):
    reader = pages.unplugged_reader()[1]
    assert "Errno" in reader and "/dev/" in reader  # what the HAL really says
    with i18n.in_language(lang):
        said = trouble("reader", reader)
    assert said.why == reader
    for text in (said.headline, said.advice):
        assert "Errno" not in text and "/dev/" not in text and "disconnected" not in text
    if lang == "en":
        assert said.advice == "The card reader is unplugged. Plug it back in; the game goes on."
    else:
        assert said.advice.startswith("Der Kartenleser ist ausgesteckt")


def test_the_first_banner_is_the_one_that_matters_most():
    status = {"leds": "LED strip not available", "reader": "reader disconnected: x", "journal": "journal: x"}
    assert [t.part for t in troubles(status)] == ["journal", "reader", "leds"]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("size", [SMALL, LARGE])
def test_every_headline_fits_the_strip_on_one_line(lang, size):
    """Every worded trouble, alone and as the first of four, drawn on the night screen: the check passes
    (nothing cut off, no token out of its cell)."""
    from companion.ui import ink

    with i18n.in_language(lang):
        for key in WORDS:
            part = key.split("/")[0] or "lid"
            why = {"journal/moved": pages.moved_journal()}.get(key, "x")
            if key.startswith("journal/") and key != "journal/moved":
                from companion.storage.faults import FAULT_TEXT

                why = FAULT_TEXT[key.split("/")[1]]
            if key == "reader":
                why = "reader disconnected: x"
            for parts in (
                {part: (False, why)},
                {part: (False, why), **{p: (False, "x") for p in FOUR if p != part}},
            ):
                ui = _night(size, parts)
                with ink.recording() as drawn:
                    ui.draw(pygame.Surface(size), force=True)
                report = check(key, size, drawn, ui.ctx.renderer.text_boxes)
                assert report.ok, (key, report.failures())  # noqa: PT018


def test_one_to_four_banners_leave_the_board_where_one_leaves_it():
    """The banners share one strip: with 1, 2, 3 or 4 of them the district cells keep the same boxes."""
    cells = []
    for n in range(1, 5):
        ui = _night(LARGE, {p: (False, "x") for p in FOUR[:n]})
        items = ui.ctx.renderer.layout(ui.model())
        cells.append([i.rect for i in items if i.kind == "cell"])
        assert [i.data[1] for i in items if i.kind == "banner"] == [n]
    assert len(cells[0]) == 9 and all(c == cells[0] for c in cells)


def test_a_tap_on_the_strip_opens_the_details_and_next_shows_each():
    ui = _night(SMALL, pages._four())
    strip = next(i.rect for i in ui.ctx.renderer.layout(ui.model()) if i.kind == "banner")
    assert ui.ctx.renderer.hit(ui.model(), strip.center) == ("button", TROUBLES)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # a finger, as SDL sends it
        ui.handle(pygame.event.Event(kind, pos=strip.center, button=1), t=0.0)
    vm = ui.view_model()
    assert vm["screen"] == "troubles" and vm["title"] == "Problem 1 of 4"
    assert vm["lines"][0].startswith("The game is not being saved: the disk is full.")
    tap(ui, "next")
    vm = ui.view_model()
    assert vm["title"] == "Problem 2 of 4" and vm["lines"][0].startswith("The card reader is unplugged.")
    assert "Errno" in vm["lines"][1] and vm["lines"][1].startswith("Technical details: reader disconnected")
    tap(ui, "back")
    assert ui.view_model()["screen"] != "troubles"


def test_the_buttons_alone_reach_the_details_through_the_menu():
    ui = _night(SMALL, {"reader": pages.unplugged_reader()})
    press(ui, VButton.MENU)
    menu = ui.view_model()
    assert menu["screen"] == "menu" and menu["buttons"][0]["label"] == "What is wrong"
    assert menu["focused"] == TROUBLES
    press(ui, VButton.CONFIRM)
    vm = ui.view_model()
    assert vm["screen"] == "troubles" and vm["title"] == "What is wrong"
    assert vm["lines"][0] == "The card reader is unplugged. Plug it back in; the game goes on."
    assert [b["id"] for b in vm["buttons"]] == ["back"]


def test_no_trouble_no_strip_and_no_menu_entry():
    ui = _night(SMALL, {"reader": (True, "reader: ok")})
    assert ui.model().banner == ()
    assert not any(i.kind == "banner" for i in ui.ctx.renderer.layout(ui.model()))
    press(ui, VButton.MENU)
    assert TROUBLES not in [b["id"] for b in ui.view_model()["buttons"]]
    assert not tap(ui, TROUBLES, Press.SHORT)
