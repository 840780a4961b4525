"""The chart on the end card is honest, checked by drawing it: no label crosses a data line or another
label (their glyphs against the drawn pixels), no line is hidden by another, every plot is tall
enough to read, every axis and series is named. Every game of the catalog, a finished bot game each,
its card laid out as the table and `journal report` draw it."""

import pygame
import pytest

from companion.plugins import games
from companion.ui import cardview, chart
from companion.ui.endcard import card_of
from companion.ui.screencheck import limits
from companion.ui.shapes import Shape, font, paint
from companion.ui.story import NEUTRAL, Panel, Series
from tests.reliability.helpers import bot_script

# (size of the card's box, capitals, u): the export, and the card on a game-over screen at the
# table's four sizes (the screen less its row of buttons, as companion/ui/render.py lays it out)
BOXES = [((1200, 675), (26, 42), 1.5)] + [
    ((w, h - round(78 * h / 480)), limits((w, h)), min(w / 800, h / 480))
    for w, h in ((800, 480), (1024, 600), (1280, 720), (1920, 1080))
]


@pytest.fixture(scope="module")
def cards():
    """Game id -> the card of a whole bot-played game of it (every game of the catalog)."""
    out = {}
    for gid in games():
        commands = bot_script(gid, 3, 5000)
        out[gid] = card_of(commands, 0.0)
        assert out[gid].over, f"{gid}: the bot game did not end"
    return out


def glyphs(s: Shape) -> pygame.Rect:
    """Where a text's glyphs really are: its lines rendered as `paint` renders them, inked pixels only."""
    f = font(s.face, s.px)
    x, y, w, _h = s.box
    rects = []
    for i, line in enumerate(s.lines):
        img = f.render(line, True, (255, 255, 255))
        left = (
            x + w - img.get_width()
            if s.anchor == "end"
            else x + (w - img.get_width()) / 2
            if s.anchor == "middle"
            else x
        )
        for r in pygame.mask.from_surface(img, 127).get_bounding_rects():
            rects.append(r.move(round(left), round(y + i * s.leading)))
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(round(x), round(y), 0, 0)


def drawn(items, size) -> pygame.Surface:
    """`items` painted on a black surface."""
    surface = pygame.Surface(size)
    paint(surface, items)
    return surface


def _count_not_black(surface, rect) -> int:
    """Non-black pixels in `rect`."""
    return sum(
        1
        for x in range(rect.x, rect.right)
        for y in range(rect.y, rect.bottom)
        if surface.get_at((x, y))[:3] != (0, 0, 0)
    )


def data_lines(items) -> list[Shape]:
    """The series' lines and markers and the thresholds' lines: what no label may cross."""
    return [s for s in items if s.role in ("data", "mark")]


@pytest.mark.parametrize("box, caps, u", BOXES, ids=[f"{b[0][0]}x{b[0][1]}" for b in BOXES])
def test_no_label_crosses_a_line_or_another_label(cards, box, caps, u):
    for gid, card in cards.items():
        items = cardview.layout(card, (0, 0, *box), caps, u)
        lines = drawn(data_lines(items), box)
        texts = [s for s in items if s.kind == "text"]
        inks = [(s.text, glyphs(s)) for s in texts]
        for text, ink in inks:
            assert _count_not_black(lines, ink) == 0, f"{gid} {box}: {text!r} crosses a data line"
        for i, (a, ra) in enumerate(inks):
            for b, rb in inks[i + 1 :]:
                over = ra.clip(rb)
                assert over.width <= 1 or over.height <= 1, (
                    f"{gid} {box}: {a!r} and {b!r} drawn over each other"
                )


@pytest.mark.parametrize("box, caps, u", BOXES, ids=[f"{b[0][0]}x{b[0][1]}" for b in BOXES])
def test_every_axis_is_labelled_and_every_plot_tall_enough(cards, box, caps, u):
    for gid, card in cards.items():
        items = cardview.layout(card, (0, 0, *box), caps, u)
        axes = [s for s in items if s.role == "axis"]
        if not card.panels:  # a plugin game without a story (the toy game): no chart, and no frame of one
            assert not axes
            continue
        assert axes, (
            f"{gid} {box}: no chart drawn"
        )  # the Mansion's card once had two headings and nothing under them
        texts = {s.text for s in items if s.kind == "text"}
        for panel, axis in zip(card.panels, axes):  # the panels shown, in order
            (x0, bottom), (x1, _b) = axis.points
            grid = [s.points[0][1] for s in items if s.role == "grid" and s.points[0][0] == x0]
            assert bottom - min(grid) >= 60 * u, (
                f"{gid} {box}: {panel.title} is {bottom - min(grid)} px tall"
            )  # (the wounds plot was 25)
            assert x1 - x0 >= 100 * u
            assert panel.title in texts and panel.x_title in texts  # what is counted, along what
            names = [s.name for s in panel.series if not s.player]
            if len(panel.series) > 1:
                assert all(n in texts for n in names), f"{gid}: a series without its name in the legend"
            assert all(
                m[1] in texts for m in panel.y_lines
            )  # each threshold's label, in the plot or the legend
            if panel.kind == "bar":  # each bar is someone (One Night's votes): every one labelled under it
                under = [
                    s.text
                    for s in items
                    if s.kind == "text"
                    and x0 <= s.box[0] + s.box[2] / 2 <= x1
                    and bottom < s.box[1] < bottom + 2.4 * s.box[3]
                    and s.text != panel.x_title
                ]  # (1 or 2 rows)
                assert sorted(under) == sorted(panel.x_labels), (
                    f"{gid} {box}: a bar without its label: {under}"
                )
        assert {
            s.name for s in card.seats
        } <= texts  # the players' lines are named by the card's row of players


def test_lines_of_equal_values_are_all_in_sight():
    """Four players with the same points all evening (the report hid three of them): each line keeps
    pixels of its colour in sight; without the spread, three lines would be hidden."""
    colours = [(230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66)]
    series = tuple(
        Series(f"P{k}", (0, 0, 2, 2, 3), c, m, player=True)
        for k, (c, m) in enumerate(zip(colours, ("circle", "square", "triangle", "diamond")))
    )
    panel = Panel(
        "Points", "round", ("0", "1", "2", "3", "4"), series + (Series("odd", (1, 1, 1, 4, 4), NEUTRAL),), 5
    )
    size = (700, 400)
    items = chart.layout([panel], (0, 0, *size), 25, 1.0)
    everything = drawn(items, size)
    for s in series:
        alone = drawn([i for i in items if i.role == "data" and i.colour == s.colour], size)
        solo = pygame.mask.from_threshold(alone, s.colour, (1, 1, 1, 255)).count()
        seen = pygame.mask.from_threshold(everything, s.colour, (1, 1, 1, 255)).count()
        assert seen >= 0.2 * solo, f"{s.name}: {seen} of {solo} pixels in sight"


def test_a_threshold_label_finds_free_space_or_goes_to_the_legend():
    """A line runs right along where the label would go: the label moves away from it; with the plot
    full of lines, the label is in the legend (drawn as a dashed key), never across a line."""
    up = Series("up", (0, 1, 2, 3, 4, 5, 6), (213, 94, 0))
    panel = Panel("Blood", "round", tuple("0123456"), (up,), 6, y_lines=((5.0, "attack"),))
    items = chart.layout([panel], (0, 0, 500, 300), 25, 1.0)
    label = next(s for s in items if s.kind == "text" and s.text == "attack")
    lines = drawn(data_lines(items), (500, 300))
    assert _count_not_black(lines, glyphs(label)) == 0
    zigzag = tuple(
        Series(f"s{k}", tuple((i + k) % 2 * 6 for i in range(7)), c)
        for k, c in enumerate(((213, 94, 0), (86, 180, 233)))
    )
    busy = Panel("Blood", "round", tuple("0123456"), zigzag, 6, y_lines=((3.0, "attack"),))
    items = chart.layout([busy], (0, 0, 500, 300), 25, 1.0)
    label = next(s for s in items if s.kind == "text" and s.text == "attack")
    assert any(s.role == "legend" and s.dashed for s in items)  # its key in the legend
    assert _count_not_black(drawn(data_lines(items), (500, 300)), glyphs(label)) == 0


def test_a_box_too_small_for_a_readable_plot_draws_fewer_panels_never_a_flat_one():
    wounds = Panel(
        "Wounds", "round", tuple("01234"), (Series("Ann", (0, 1, 0, 2, 1), (230, 159, 0), player=True),), 3
    )
    blood = Panel("Blood", "round", tuple("01234"), (Series("Altar", (0, 1, 2, 2, 3), (200, 20, 30)),), 5)
    assert chart.fitted([blood, wounds], (0, 0, 800, 240), 25, 1.0)[1] == 2
    assert (
        chart.fitted([blood, wounds], (0, 0, 250, 240), 25, 1.0)[1] == 1
    )  # not side by side, not stacked: one
    assert chart.fitted([blood, wounds], (0, 0, 250, 90), 25, 1.0) == (
        [],
        0,
    )  # no room: nothing, not a 25 px sliver
