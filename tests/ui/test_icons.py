"""Token icons, the countdown ring and the veil bar: drawn where asked, in the colour asked, cached."""

import math

import pygame
import pytest

from companion import palette
from companion.ui import icons, theme
from companion.ui.screencheck import check
from companion.ui.text import TextRenderer

NAMES = (
    "agent_hidden",
    "agent_exposed",
    "minion",
    "blood",
    "sigil",
    "relic",
    "kill",
    "ap",
    "die1",
    "die2",
    "die3",
    "die4",
    "die5",
    "die6",
    "bite",
    "clock",
    "blood_point",
)
COLOUR = (230, 159, 0)


def test_every_token_of_the_issue_has_an_icon():
    assert set(NAMES) <= set(icons.ICONS)


@pytest.mark.parametrize("name", NAMES)
def test_icon_draws_inside_its_rect_in_its_colour(name):
    surface = pygame.Surface((200, 200))
    surface.fill(theme.BG)
    rect = pygame.Rect(50, 60, 80, 80)
    icons.ICONS[name](surface, rect, COLOUR)
    inside = [
        tuple(surface.get_at((x, y)))[:3]
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    ]
    outside = [
        tuple(surface.get_at((x, y)))[:3]
        for x in range(200)
        for y in range(200)
        if not rect.collidepoint(x, y)
    ]
    share = sum(px == COLOUR for px in inside) / len(inside)
    assert 0.08 < share < 0.9, share  # a shape, neither a speck nor a filled square
    assert set(outside) == {theme.BG}


def test_icons_differ_from_one_another():
    pictures = {}
    for name in NAMES:
        pictures[name] = pygame.image.tobytes(icons.icon(name, 64, COLOUR), "RGBA")
    assert len(set(pictures.values())) == len(NAMES)


def test_die_faces_show_their_number_of_pips():
    for n in range(1, 7):
        surf = icons.icon(f"die{n}", 120, (255, 255, 255))
        pip = icons.dark((255, 255, 255), 0.15)
        mask = pygame.mask.from_threshold(surf, pip + (255,), (2, 2, 2, 255))
        assert len(mask.connected_components()) == n


def test_icons_are_cached_by_name_size_and_colour():
    a = icons.icon("kill", 48, COLOUR)
    assert icons.icon("kill", 48, COLOUR) is a
    assert icons.icon("kill", 49, COLOUR) is not a and icons.icon("kill", 48, (1, 2, 3)) is not a
    assert a.get_size() == (48, 48) and a.get_flags() & pygame.SRCALPHA
    assert a.get_at((0, 0)).a == 0  # transparent around the token


def _ring_share(surface, rect, colour) -> float:
    """Share of the ring's midline (sampled every degree) lit in `colour`."""
    cx, cy = rect.center
    r = rect.width / 2 * 0.9
    return sum(_on_circle(surface, cx, cy, r, a) == colour for a in range(360)) / 360


def _on_circle(surface, cx, cy, r, degrees):
    """The colour at `degrees` clockwise from 12 o'clock on a circle of radius r round (cx, cy)."""
    a = math.radians(degrees)
    return tuple(surface.get_at((round(cx + r * math.sin(a)), round(cy - r * math.cos(a)))))[:3]


@pytest.mark.parametrize("fraction", [1.0, 0.75, 0.3, 0.0])
def test_countdown_ring_lights_the_fraction_left_and_shows_the_numeral(fraction):
    surface = pygame.Surface((300, 300))
    surface.fill(theme.BG)
    rect = pygame.Rect(50, 50, 200, 200)
    box = icons.draw_countdown(surface, rect, fraction, "7", palette.SKY_BLUE, TextRenderer())
    assert _ring_share(surface, rect, palette.SKY_BLUE) == pytest.approx(fraction, abs=0.02)
    assert box.text == "7" and box.role == "countdown" and rect.contains(box.rect)
    assert box.px >= 60 and not box.clipped  # big: the one thing the timer screen is about


def test_countdown_ring_empties_clockwise_from_twelve():
    surface = pygame.Surface((300, 300))
    rect = pygame.Rect(50, 50, 200, 200)
    icons.draw_countdown(surface, rect, 0.25, "2", palette.SKY_BLUE, TextRenderer())
    cx, cy, r = 150, 150, 90
    at = {deg: _on_circle(surface, cx, cy, r, deg) for deg in (300, 60)}
    assert at[300] == palette.SKY_BLUE and at[60] != palette.SKY_BLUE  # the last quarter before 12 is left


@pytest.mark.parametrize("veil", [0, 3, 6])
def test_veil_bar_lights_the_same_cells_in_the_same_colour_as_the_leds(veil):
    surface = pygame.Surface((420, 60))
    rect = pygame.Rect(0, 0, 420, 60)
    boxes = icons.draw_veil_bar(surface, rect, veil, TextRenderer())
    assert [b.text for b in boxes] == [str(i) for i in range(7)]
    cells = palette.veil_cells(veil)
    for i, b in enumerate(boxes):
        corner = (b.rect.x + 1, b.rect.y + 1)
        assert tuple(surface.get_at(corner))[:3] == (cells[i] or theme.VEIL_OFF)


def test_icon_sheet_is_a_screenshot_page_measured_like_the_screens():
    from companion.ui.screenshots import render_page, screen_names

    assert "icons" in screen_names()
    surface, boxes, drawn = render_page("icons", (800, 480))
    assert {b.text for b in boxes if b.role == "caption"} >= {n.replace("_", " ") for n in NAMES}
    report = check("icons", (800, 480), drawn, boxes)
    # the captions too are at the screens' smallest capitals, and each fits beside its icon
    assert report.ok and report.smallest == 17, report.failures()
