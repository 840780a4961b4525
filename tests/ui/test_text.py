"""fit_text: shrink, wrap, and only cut as a flagged last resort."""

from companion.ui.text import TextRenderer, face_font, fit_text


def _font(size):
    return face_font("ui", size)  # what fit_text measures with


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
    fit = fit_text("Cathedral", 60, 26, 40)  # a box one line high: no room for "Cathe-" / "dral"
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


def test_every_face_draws_the_capitals_its_nominal_size_promises():
    """A nominal size draws capitals 17/35 of it tall (rounded up) in every shipped face: 35 -> 17 px."""
    from companion.ui import ink
    from companion.ui.text import capitals_for

    assert capitals_for(35) == 17 and capitals_for(59) == 29
    for face in ("ui", "display", "ui-regular"):
        for size in (35, 44, 53, 59, 79, 133):
            assert ink.capitals(face_font(face, size)) >= capitals_for(size), (face, size)


def test_lines_are_set_closer_than_the_faces_own_line_height():
    """Atkinson Hyperlegible's own line height is 1.8 x its capitals; the renderer sets lines 1.5 x (the
    body text's 21 px capitals 32 px apart at 800x480), a label's 1.4 x (two lines fit a 64 px button)."""
    from companion.ui.text import LABEL_LEADING

    font = face_font("ui", 42)
    assert font.get_linesize() == 32 < font.get_height()
    assert face_font("ui", 42, LABEL_LEADING).get_linesize() == 29
