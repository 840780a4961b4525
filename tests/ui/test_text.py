"""fit_text: shrink, wrap, and only cut as a flagged last resort."""

import pygame

from companion.ui.text import TextRenderer, fit_text


def _font(size):
    return pygame.font.Font(None, size)


def test_fit_text_short_text_keeps_max_size():
    fit = fit_text("Hunt", 300, 60, 32)
    assert fit.size == 32 and fit.lines == ("Hunt",) and not fit.cut


def test_fit_text_long_text_wraps_inside_the_box():
    text = "Recruit a minion and raise the veil by one"
    fit = fit_text(text, 200, 120, 32)
    assert len(fit.lines) > 1 and not fit.cut
    assert " ".join(fit.lines) == text
    font = _font(fit.size)
    assert all(font.size(line)[0] <= 200 for line in fit.lines)
    assert font.get_linesize() * len(fit.lines) <= 120


def test_fit_text_shrinks_when_one_line_box_is_too_narrow():
    fit = fit_text("Cathedral", 60, 30, 40)
    assert fit.size < 40 and fit.lines == ("Cathedral",) and not fit.cut
    assert _font(fit.size).size("Cathedral")[0] <= 60


def test_fit_text_cuts_only_when_nothing_fits_and_says_so():
    fit = fit_text("word " * 200, 80, 20, 30, min_size=12)
    assert fit.cut and fit.lines[-1].endswith("…")
    assert all(_font(fit.size).size(line)[0] <= 80 for line in fit.lines)


def test_text_renderer_caches_fits_and_line_surfaces():
    tr = TextRenderer()
    a = tr.fit("Expose agents", 150, 50, 30)
    assert tr.fit("Expose agents", 150, 50, 30) is a
    s1 = tr.line("Expose", 30, (255, 255, 255))
    assert tr.line("Expose", 30, (255, 255, 255)) is s1
    assert tr.line("Expose", 30, (0, 0, 0)) is not s1


def test_default_font_opened_by_file_measures_like_pygames_own_default():
    """The font is opened by its file (fast); it must look exactly like pygame.font.Font(None, size)."""
    from companion.ui.text import _default_font

    for size in (1, 12, 13, 24, 30, 42, 95):
        ours, pygames = _default_font(size), pygame.font.Font(None, size)
        assert ours.get_linesize() == pygames.get_linesize()
        assert ours.size("Railway Station ÄÖ 123") == pygames.size("Railway Station ÄÖ 123")
