"""Body and board text reads from a chair: 20-22 px capitals at 800x480, not the 17 px floor.

The busiest pages a player reads at the table (Masters' first night with every action and its More
sheet, One Night's narration and its day, the mansion's board, the wizard, a plugin game's generic
screen) are drawn as `companion screenshots` draws them, while companion/ui/ink.py records every text
rendered with the capitals of its font as rendered. Every text the renderer laid out as body text (an
information line, a district's name and counts, a button's words and cost, the hint row) must have
drawn capitals of at least 20 px. The 17 px floor (screencheck.MIN_CAPITALS) stays only as the
shrink-to-fit minimum of a rare long text, which these pages do not have."""

import pytest

from companion import i18n
from companion.ui import theme
from companion.ui.screenshots import render_page

SMALL = (800, 480)
BODY_CAPITALS = 20  # px at 800x480: the least the body text of these pages draws (it aims at 20-22)
BODY_ROLES = ("body", "button", "cell", "hint")  # the renderer's roles of what is read as body text
BUSIEST = {  # page -> the languages it is checked in
    "live-masters-night1": ("en", "de"),
    "live-masters-night1-more": ("en", "de"),
    "live-masters": ("en",),
    "one-night": ("en", "de"),
    "live-one-night": ("en", "de"),
    "mansion": ("en", "de"),
    "live-mansion": ("en", "de"),  # in German its lines step down together to 20 px to fit beside the board
    "live-strigoi": ("en",),
    "live-counter-race": ("en",),  # a plugin game's generic screen
    "wizard": ("en", "de"),
    "menu": ("en",),
}


def body_capitals(name: str, size=SMALL) -> list[tuple[int, str, str]]:
    """(capitals in px, role, text) of every body text page `name` drew at `size`, each measured as
    drawn: a laid-out text's lines are looked up among the texts rendered by their string and the em
    size of their font (the veil gauge's small "1" is another text than a cost chip's "1")."""
    _surface, boxes, drawn = render_page(name, size)
    caps: dict[tuple[str, int], int] = {}
    for d in drawn:
        caps[(d.text, d.em)] = min(caps.get((d.text, d.em), d.capitals), d.capitals)
    out = []
    for b in boxes:
        lines = [ln for ln in b.fit.lines if ln.strip()]
        if b.role in BODY_ROLES and lines:
            out.append((min(caps.get((ln, b.fit.px), 0) for ln in lines), b.role, b.text))
    return out


CASES = [(name, lang) for name, langs in BUSIEST.items() for lang in langs]


@pytest.mark.parametrize("name,lang", CASES, ids=[f"{n}-{lang}" for n, lang in CASES])
def test_the_busiest_pages_draw_their_body_text_at_20_px_capitals(name, lang):
    i18n.set_language(lang)
    try:
        texts = body_capitals(name)
    finally:
        i18n.set_language("en")
    assert len(texts) >= 3, texts  # the page has body text to measure (buttons and lines at least)
    assert [t for t in texts if t[0] < BODY_CAPITALS] == []
    assert max(c for c, _role, _text in texts) <= 22  # and no bigger than body text (22 px: the primary's)


def test_the_lines_buttons_and_cells_of_a_night_reach_21_and_20_px():
    """The night's information line and buttons at 21 px capitals, its district names at 20 px (the
    board's cells are the narrowest boxes), the primary's words at 22 px."""
    by_text = {text: (c, role) for c, role, text in body_capitals("live-masters-night1")}
    assert by_text["In Railway Station"] == (21, "body")
    assert by_text["Move to Asylum"] == (21, "button")
    assert by_text["Museum"] == (20, "cell")


def test_the_measure_sees_the_old_floor(monkeypatch):
    """Break it once: with the body roles back at the floor (35 nominal, 17 px capitals) the measure
    finds the night's body text under 20 px."""
    monkeypatch.setattr(
        theme, "FONT_SIZES", {**theme.FONT_SIZES, "body": 35, "button": 35, "cell": 35, "hint": 35}
    )
    low = [t for t in body_capitals("live-masters-night1") if t[0] < BODY_CAPITALS]
    assert {c for c, _role, _text in low} == {17}
    assert {"body", "button", "cell"} <= {role for _c, role, _text in low}
