"""The screen check's contrast and title rules, broken once each: a label under 4.5:1 fails (a greyed
one under 3:1), measured on the finished page's pixels; a title wrapped to three lines fails. That every
real page passes both is tests/ui/test_screencheck.py's `test_every_page_passes_the_check` (the same
`companion screenshots --check` run)."""

import re

import pygame
import pytest

from companion import i18n
from companion.ui import contrast, ink, theme
from companion.ui.contrast import luminance, ratio
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.render import Renderer
from companion.ui.screencheck import check, summary
from companion.ui.screenshots import render_page
from companion.ui.text import TextBox, TextRenderer

SMALL = (800, 480)


def _page(vm: ViewModel, then=None):
    """`vm` drawn by the table's renderer at 800x480 and checked: (report, renderer, surface)."""
    renderer = Renderer(SMALL)
    surface = pygame.Surface(SMALL)
    with ink.recording() as drawn:
        renderer.render(surface, vm)
        if then is not None:
            then(renderer, surface)
    return check("x", SMALL, drawn, renderer.text_boxes, surface=surface), renderer, surface


def _grey_at(ratio_wanted: float, against) -> tuple[int, int, int]:
    """The grey darker than `against` whose contrast with it is nearest `ratio_wanted`."""
    lighter = luminance(against)
    greys = [(g, g, g) for g in range(256) if luminance((g, g, g)) < lighter]
    return min(greys, key=lambda c: abs(ratio(against, c) - ratio_wanted))


def test_the_ratio_is_wcag_2s():
    assert ratio((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert ratio((0, 0, 0), (0, 0, 0)) == 1.0
    assert ratio((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)  # the web's AA grey
    assert luminance((255, 0, 0)) == pytest.approx(0.2126)


def test_a_hint_under_4_5_to_1_fails_and_over_it_passes(monkeypatch):
    """Break it once: the hint row's dim text as dark as to read 4.3:1 on the background fails."""
    vm = ViewModel("x", "Night 3: Mila", lines=("2 AP left",), hint="Hunt: take a victim's blood")
    report, _r, _s = _page(vm)
    assert report.ok and report.contrast >= 4.5
    for wanted, passes in ((4.3, False), (4.7, True)):
        dim = min(
            ((g, g, g) for g in range(256) if luminance((g, g, g)) > luminance(theme.BG)),
            key=lambda c: abs(ratio(c, theme.BG) - wanted),
        )
        monkeypatch.setattr(theme, "TEXT_DIM", dim)
        report, _r, _s = _page(vm)
        low = {c.text: c for c in report.low_contrast}
        assert report.ok == passes, (wanted, report.low_contrast)
        if not passes:
            assert low["Hunt: take a victim's blood"].ratio == pytest.approx(wanted, abs=0.1)
            assert low["Hunt: take a victim's blood"].limit == 4.5
            assert {"kind": "contrast", "text": "Hunt: take a victim's blood"}.items() <= report.failures()[
                0
            ].items()


@pytest.mark.parametrize("wanted, passes", [(3.5, True), (2.5, False)])
def test_a_greyed_label_needs_3_to_1(monkeypatch, wanted, passes):
    """A button that cannot be pressed: its label in TEXT_OFF on a fill at 3.5:1 passes, at 2.5:1 fails
    (an enabled label would need 4.5:1)."""
    monkeypatch.setattr(theme, "BUTTON_OFF", _grey_at(wanted, theme.TEXT_OFF))
    vm = ViewModel(
        "x", "Night 3: Mila", buttons=(ButtonVM("hunt", "Hunt"), ButtonVM("wait", "Wait", enabled=False))
    )
    report, _r, _s = _page(vm)
    assert report.ok == passes, report.low_contrast
    measured = {c.text: c for c in contrast.measure(_s, _r.text_boxes, _drawn_of(vm))}
    assert measured["Wait"].limit == 3.0 and measured["Wait"].ratio == pytest.approx(wanted, abs=0.1)
    assert measured["Hunt"].limit == 4.5


def _drawn_of(vm):
    """The texts recorded while `vm` is drawn (a fresh drawing: a renderer's lines are cached)."""
    renderer = Renderer(SMALL)
    with ink.recording() as drawn:
        renderer.render(pygame.Surface(SMALL), vm)
    return drawn


def test_it_measures_what_was_drawn_not_what_was_asked_for():
    """White words asked for on black, then a dark veil painted over the page: the words read grey on
    black as drawn (2:1), and the check says so."""

    def veil(_renderer, surface):
        surface.fill((70, 70, 70), special_flags=pygame.BLEND_MULT)

    vm = ViewModel("x", "Night 3: Mila", lines=("2 AP left",))
    assert _page(vm)[0].ok
    report, _r, _s = _page(vm, then=veil)
    assert not report.ok and "2 AP left" in {c.text for c in report.low_contrast}
    assert report.contrast < 4.5


def test_anti_aliased_edges_are_not_background():
    """White on black reads 21:1 however soft the letters' edges (those pixels are neither)."""
    surface = pygame.Surface(SMALL)
    text = TextRenderer()
    with ink.recording() as drawn:
        fit = text.draw(surface, "Cathedral", pygame.Rect(10, 10, 400, 60), 35, (255, 255, 255))
    (found,) = contrast.measure(
        surface, [TextBox("Cathedral", pygame.Rect(10, 10, 400, 60), fit, "body")], drawn
    )
    assert found.ratio >= 20.5  # counted as background, the edges' greys would read under 2:1


def test_the_worst_part_of_a_varying_background_counts():
    """Light stripes behind a fifth of the words (a picture, a pattern): the words fail on them, though
    most of what is behind them is black."""
    surface = pygame.Surface(SMALL)
    box = pygame.Rect(10, 10, 400, 60)
    for x in range(box.x, box.right, 20):
        surface.fill((200, 200, 200), (x, box.y, 4, box.height))
    with ink.recording() as drawn:
        fit = TextRenderer().draw(surface, "Cathedral", box, 35, (255, 255, 255))
    (found,) = contrast.measure(surface, [TextBox("Cathedral", box, fit, "body")], drawn)
    assert found.ratio < 2  # white on (200, 200, 200): 1.7:1
    assert not check("x", SMALL, drawn, [TextBox("Cathedral", box, fit, "body")], surface=surface).ok


def test_a_title_on_three_lines_fails():
    """Break it once: a title given room to wrap, at its full size, onto three lines fails; on two it
    passes."""
    for title, lines in (
        ("Night 3: Mila, the Blood Moon ritual is half done and the hunters close in", 3),
        ("Night 3: Mila, the Blood Moon ritual is half done", 2),
    ):
        renderer, surface = Renderer(SMALL), pygame.Surface(SMALL)  # a fresh one: lines are cached
        renderer.text_boxes = []
        with ink.recording() as drawn:
            size = renderer.m.font("title")
            renderer._text(
                surface,
                title,
                pygame.Rect(10, 0, 650, 200),
                "title",
                theme.TEXT,
                "left",
                bg=None,
                renderer=renderer.title_text,
                min_size=size,
            )
        (box,) = renderer.text_boxes
        assert len(box.fit.lines) == lines and not box.clipped
        report = check("x", SMALL, drawn, renderer.text_boxes, surface=surface)
        assert report.ok == (lines == 2), report
        if lines == 3:
            assert report.long_titles == ((3, title),)
            assert {"kind": "title_lines", "text": title, "lines": 3, "limit": 2} in report.failures()
            assert any("title on 3 lines (at most 2)" in ln for ln in report.lines())


def test_the_report_says_the_contrast_in_words_and_json():
    report = check("x", SMALL, [], ())
    assert report.contrast is None and report.to_json()["lowest_contrast"] is None  # not measured
    vm = ViewModel("x", "Night 3: Mila", lines=("2 AP left",))

    def veil(_renderer, surface):
        surface.fill((70, 70, 70), special_flags=pygame.BLEND_MULT)

    report, _r, _s = _page(vm, then=veil)
    line = next(ln for ln in report.lines() if "contrast" in ln)
    assert re.fullmatch(r"  contrast [0-9.]+:1 under 4.50:1: '.+' on #[0-9a-f]{6}", line), line
    data = report.to_json()
    assert data["lowest_contrast"] == report.contrast and data["lowest_contrast_text"]
    assert not data["ok"] and any(f["kind"] == "contrast" for f in data["failures"])
    assert "lowest contrast" in summary([report])
    with i18n.in_language("de"):
        assert any("Kontrast" in ln for ln in report.lines())


def test_a_real_page_is_measured_and_passes():
    """The busiest screen: every text on it measured, none under its limit."""
    surface, boxes, drawn = render_page("night", SMALL)
    measured = contrast.measure(surface, boxes, drawn)
    placed = [b for b in boxes if b.fit.at]
    assert len(measured) == len(placed) >= 20
    assert min(c.ratio for c in measured) >= 4.5
    assert check("night", SMALL, drawn, boxes, surface=surface).ok
