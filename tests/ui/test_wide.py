"""Layouts made for 16:9 (issue #34, point 5): at 1280x720 and 1920x1080 (and 1024x600) a play screen's
board is larger than the 800x480 board scaled up, the game's latest moments are drawn beside it, the
title's games and the resume offer fill the screen, and every tap still lands on what it shows. The
boxes come from the renderer's layout (companion/ui/wide.py); 800x480 keeps its own layout."""

import pygame
import pytest

from companion.ui import theme
from companion.ui.model import ButtonVM, CellVM, ViewModel
from companion.ui.render import Renderer
from tests.ui.conftest import SMALL

WIDE = [(1280, 720), (1920, 1080), (1024, 600)]


def page(name, size):
    """(the table's renderer, the model on show, its laid-out items) of sample page `name` at `size`."""
    from companion.ui.samples import live_screens, screens
    from companion.ui.table import TableUI

    ui = TableUI(size)
    {**screens(), **live_screens()}[name](ui)
    vm = ui.stack.top.model()
    return ui.ctx.renderer, vm, ui.ctx.renderer.layout(vm)


def box(items, kind):
    """The box round every item of `kind` (None: none; "ring": the ring and the picture under it)."""
    kinds = ("ring", "picture") if kind == "ring" else (kind,)
    rects = [it.rect for it in items if it.kind in kinds]
    return rects[0].unionall(rects[1:]) if rects else None


def board_beyond_scaled(name, size) -> bool:
    """Whether page `name`'s board at `size` is larger, in width and height, than its 800x480 board scaled."""
    small = box(page(name, SMALL)[2], "cell")
    big = box(page(name, size)[2], "cell")
    u = theme.Metrics(*size).u
    return big.width > small.width * u and big.height > small.height * u


@pytest.mark.parametrize("size", WIDE)
@pytest.mark.parametrize("name", ["night", "live-masters", "mansion", "strigoi", "nosferatu"])
def test_a_wide_board_is_larger_than_the_small_one_scaled(name, size):
    assert board_beyond_scaled(name, size)


@pytest.mark.parametrize("size", WIDE[:2])
@pytest.mark.parametrize("name", ["night", "live-masters", "live-mansion", "live-strigoi", "live-nosferatu"])
def test_the_latest_moments_are_beside_the_board(name, size):
    _renderer, vm, items = page(name, size)
    board = box(items, "cell") or box(items, "ring")  # One Night's narrator: the ring and its picture
    moments = [it for it in items if it.kind == "recent"]
    assert vm.recent and moments, "the game's log is on show"
    assert all(it.rect.left >= board.right for it in moments)  # beside, not under
    assert all(it.rect.top >= board.top and it.rect.bottom <= board.bottom for it in moments)
    assert [it.data for it in moments] == list(vm.recent[-len(moments) :])  # the newest, in order
    assert moments[-1].data == vm.recent[-1]  # at least the newest


@pytest.mark.parametrize("name", ["night", "live-masters", "live-strigoi", "one-night", "live-one-night"])
def test_the_buttons_keep_their_rows(name, monkeypatch):
    """The moments take the room the buttons leave: a screen shows as many buttons with its log as
    without (none more go behind More)."""
    with_log = page(name, (1280, 720))[1]
    monkeypatch.setattr("companion.ui.screens.base.Screen._recent", lambda self, count=6: ())
    without = page(name, (1280, 720))[1]
    assert with_log.recent and not without.recent
    assert [b.id for b in with_log.buttons] == [b.id for b in without.buttons]


def test_a_game_without_a_board_has_a_column_of_moments():
    """The generic screen of a plugin game: its moments in a column of their own at the right."""
    _renderer, _vm, items = page("counter-race", (1280, 720))
    moments = box(items, "recent")
    assert moments is not None and moments.left > box(items, "button").right
    assert moments.right > 1280 * 0.9


@pytest.mark.parametrize("size", WIDE[:2])
def test_the_title_fills_the_screen(size):
    w, h = size
    _renderer, vm, items = page("title", size)
    tiles = box(items, "button")
    assert (
        tiles.width >= 0.95 * w
        and tiles.bottom >= h - theme.Metrics(w, h).hint_h - 2 * theme.Metrics(w, h).pad
    )
    assert sum(1 for b in vm.buttons if b.art) >= 5  # every game with a picture shows it


@pytest.mark.parametrize("size", WIDE[:2])
def test_the_resume_offer_fills_the_screen(size):
    w, h = size
    _renderer, vm, items = page("resume", size)
    words = box(items, "line").union(box(items, "main"))
    choices = box(items, "button")
    assert words.left < 0.05 * w and choices.right > 0.95 * w and choices.left >= words.right
    assert choices.bottom >= h - theme.Metrics(w, h).hint_h - 2 * theme.Metrics(w, h).pad
    assert "23 moves made" in vm.lines  # what the journal says: its moves and when it began
    assert any(line.startswith("Started ") for line in vm.lines)


def test_the_small_title_and_offer_are_the_old_ones():
    """At 800x480 the title keeps plain buttons and the offer its three lines (its pixels are kept)."""
    _renderer, vm, items = page("title", SMALL)
    assert not any(b.art for b in vm.buttons)
    assert box(items, "button").bottom < 0.75 * SMALL[1]
    _renderer, vm, _items = page("resume", SMALL)
    assert len(vm.lines) == 3 and not vm.recent


def test_the_panel_ignores_the_log_at_800x480():
    """A model with log lines lays out at 800x480 exactly as one without (the panel has no room)."""
    renderer = Renderer(SMALL)
    vm = ViewModel(
        "game",
        "Night 3",
        ("In the Docks",),
        (ButtonVM("a", "Move", primary=True), ButtonVM("b", "Fight")),
        grid=tuple(CellVM(p, p) for p in ("A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3")),
    )
    assert renderer.layout(vm) == renderer.layout(vm._replace(recent=("Mila moves.", "Imre fights.")))
    assert not theme.Metrics(*SMALL).wide and theme.Metrics(1024, 600).wide


@pytest.mark.parametrize("name", ["night", "title", "resume", "pick", "live-masters"])
def test_taps_land_on_what_is_shown(name):
    """Every button and district box is hit at its centre at 1280x720 (the tiles and the stretched
    choices are the boxes taps hit)."""
    renderer, vm, items = page(name, (1280, 720))
    for it in items:
        if it.kind == "button":
            assert renderer.hit(vm, it.rect.center) == ("button", it.data.id)
        elif it.kind == "cell" and it.data.pos:
            assert renderer.hit(vm, it.rect.center) == ("district", it.data.pos)


def test_the_measure_fails_on_the_scaled_layout(monkeypatch):
    """Break it once: with the wide layouts off, 1280x720 is the 800x480 board scaled and the
    measure says so; no moments are drawn."""
    monkeypatch.setattr(theme.Metrics, "wide", property(lambda m: False))
    assert not board_beyond_scaled("night", (1280, 720))
    _renderer, _vm, items = page("night", (1280, 720))
    assert box(items, "recent") is None
    title = box(page("title", (1280, 720))[2], "button")
    assert title.bottom < 0.75 * 720


def test_a_painted_wide_page_passes_the_check():
    """The wide night, drawn, reads from a chair (the screen check), its moments among its texts."""
    from companion.ui import screenshots
    from companion.ui.screencheck import check

    surface, boxes, drawn = screenshots.render_page("night", (1280, 720))
    assert isinstance(surface, pygame.Surface)
    report = check("night", (1280, 720), drawn, boxes)
    assert report.ok, report.lines()
    assert any(b.role == "body" and b.text == "Mila's turn (2 AP)." for b in boxes)  # the newest moment


@pytest.mark.parametrize("size", WIDE)
@pytest.mark.parametrize("name", ["nosferatu", "live-nosferatu"])
def test_a_cells_long_word_hyphenates_rather_than_cut_the_columns_lines(name, size):
    """German Nosferatu's clock says "Dämmerung!": the cells widened for it left the column a third of
    the screen and its lines were cut ("Rituale 0 von 5: keine"); the word hyphenates instead and the
    column shows every line on all the rows it wraps to."""
    from companion import i18n

    i18n.set_language("de")
    try:
        renderer, vm, items = page(name, size)
        lines = [it for it in items if it.kind == "line"]
        rows = [renderer._rows(it.data, it.rect.width) for it in lines]
    finally:
        i18n.set_language("en")
    assert [it.data for it in lines] == list(vm.lines)
    assert all(it.rect.height >= n * renderer.m.line_h for it, n in zip(lines, rows))
