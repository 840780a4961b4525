"""One colour per vampire or player, the same on screen and on the LEDs, and colour-blind safe.

Colour-vision deficiency is simulated with the matrices of Machado, Oliveira and Fernandes (2009),
severity 1.0 (full deuteranopia and protanopia), applied to linear RGB. Distances are CIEDE2000.
Threshold 10: a CIEDE2000 distance of 1 is about one just-noticeable difference for large patches
side by side; small marks seen across a table need several times that to be told apart at a glance
(Szafir 2017, "Modeling Color Difference for Visualization Design", found marks of a few pixels need
roughly 4-10x the patch JND), so we ask for 10.
"""

import ast
import itertools
import math
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from companion import palette
from companion.games.masters import scene as led
from companion.lighting.effects import OFF
from companion.ui import theme
from companion.ui.model import CellVM, ViewModel
from companion.ui.render import Renderer

PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
VISIONS = {"normal": None, "protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA}
MIN_DE = 10.0


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encode(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 255 * (c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(rgb, matrix):
    """What a viewer with the deficiency `matrix` sees of `rgb` (None: normal vision)."""
    if matrix is None:
        return tuple(rgb)
    lin = [_linear(x) for x in rgb]
    return tuple(_encode(sum(matrix[i][j] * lin[j] for j in range(3))) for i in range(3))


def lab(rgb):
    """sRGB (0..255) -> CIE L*a*b* (D65)."""
    r, g, b = (_linear(x) for x in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(lab1, lab2) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal 2005)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar**7 / (cbar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p, h2p = math.degrees(math.atan2(b1, a1p)) % 360, math.degrees(math.atan2(b2, a2p)) % 360
    dlp, dcp = l2 - l1, c2p - c1p
    dhp = 0.0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    dhp_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    lbar, cbarp = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    else:
        hbar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hbar - 30))
        + 0.24 * math.cos(math.radians(2 * hbar))
        + 0.32 * math.cos(math.radians(3 * hbar + 6))
        - 0.20 * math.cos(math.radians(4 * hbar - 63))
    )
    dtheta = 30 * math.exp(-(((hbar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cbarp**7 / (cbarp**7 + 25**7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbarp, 1 + 0.015 * cbarp * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt(
        (dlp / sl) ** 2 + (dcp / sc) ** 2 + (dhp_big / sh) ** 2 + rt * (dcp / sc) * (dhp_big / sh)
    )


def seen_distance(c1, c2, vision: str) -> float:
    """CIEDE2000 between two colours as a viewer with `vision` sees them."""
    m = VISIONS[vision]
    return ciede2000(lab(simulate(c1, m)), lab(simulate(c2, m)))


def test_ciede2000_matches_the_published_test_data():
    # Sharma, Wu and Dalal (2005), table 1, pairs 1 and 17
    assert ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50.0, 2.5, 0.0), (73.0, 25.0, -18.0)) == pytest.approx(27.1492, abs=1e-4)


def test_the_simulation_really_merges_red_and_green():
    red, green = (200, 40, 40), (90, 130, 40)
    assert seen_distance(red, green, "normal") > 30
    assert (
        seen_distance(red, green, "deuteranopia") < MIN_DE or seen_distance(red, green, "protanopia") < MIN_DE
    )


@pytest.mark.parametrize("vision", sorted(VISIONS))
def test_every_two_player_colours_stay_apart(vision):
    for a, b in itertools.combinations(palette.PLAYER_COLOURS, 2):
        assert seen_distance(a, b, vision) >= MIN_DE, (
            vision,
            palette.COLOUR_NAMES[a],
            palette.COLOUR_NAMES[b],
        )


def test_each_vampire_keeps_its_colour_and_a_table_gets_distinct_ones():
    assert set(palette.VAMPIRE_COLOURS.values()) <= set(palette.PLAYER_COLOURS)
    six = palette.player_colours(["Agnieszka", "Imre", "Ishtvan", "Laszlo", "Mila", "Nevena"])
    assert len(set(six.values())) == 6
    mixed = palette.player_colours(["Mina", "Mila", "Bram", "Lucy", "Abe", "Quincey", "Jon", "Van"])
    assert mixed["Mila"] == palette.REDDISH_PURPLE and len(set(mixed.values())) == 8  # nobody takes Mila's
    assert palette.colour_of("Mila", {"Imre": 0, "Mila": 1}) == palette.colour_of("Mila", ["Mila"])


def test_leds_and_screen_take_the_same_colours():
    seats = {"Imre": 0, "Mila": 1, "Zora": 2}
    for name in seats:
        assert led.vampire_colour(name, seats) == palette.colour_of(name, seats)
    for v in range(7):
        assert led.veil_colour(v) == palette.veil_colour(v)
        looks = led.veil_looks(v)
        lit = [looks[f"veil.{i}"] != OFF for i in range(7)]
        assert lit == [c is not None for c in palette.veil_cells(v)]


@pytest.mark.parametrize("veil", [6, 3, 1])
def test_screen_veil_gauge_shows_the_led_colours(veil):
    renderer = Renderer((800, 480))
    vm = ViewModel("x", "Night", veil=veil)
    surface = pygame.Surface((800, 480))
    renderer.render(surface, vm)
    gauge = next(i.rect for i in renderer.layout(vm) if i.kind == "veil")
    cells = palette.veil_cells(veil)
    from companion.ui.render import VEIL_BOX, VEIL_STEP

    box, step = renderer.m.px(VEIL_BOX), renderer.m.px(VEIL_STEP)  # after the veil's picture
    y = gauge.y + (gauge.height - box) // 2 + 4
    for i, colour in enumerate(cells):
        x = gauge.x + renderer._veil_label_w() + renderer.m.px(4) + i * step + 4
        assert tuple(surface.get_at((x, y)))[:3] == (colour or theme.VEIL_OFF), i


def test_lighting_gets_the_palette_without_pygame():
    code = (
        "import sys; import companion.games.masters.scene as m; "
        "assert 'pygame' not in sys.modules, 'pygame imported'; print(m.vampire_colour('Mila', {}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(palette.REDDISH_PURPLE)
    tree = ast.parse(Path(palette.__file__).read_text())
    imported = {n.names[0].name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert imported <= {"__future__", "colorsys", "collections", "functools", "math"}


def test_cell_marks_never_differ_by_colour_alone():
    """Two marks a colour-blind eye cannot tell apart by their fill must differ in pattern; red
    cells and done (green) or blue-gray cells always do."""
    patterns = {mark: theme.CELL_PATTERNS.get(mark, "") for mark in theme.CELL_MARKS}
    for (a, (fill_a, _)), (b, (fill_b, _)) in itertools.combinations(theme.CELL_MARKS.items(), 2):
        close = min(seen_distance(fill_a, fill_b, v) for v in VISIONS) < MIN_DE
        if close:
            assert patterns[a] != patterns[b], (a, b)
    assert patterns["red"] and patterns["red"] != patterns["done"] and patterns["red"] != patterns["blue"]


def _cell_pixels(mark: str) -> set:
    """The colours across the middle of one painted grid cell with `mark` (no text), inside its border."""
    renderer = Renderer((800, 480))
    vm = ViewModel(
        "x",
        "Card",
        grid=tuple(
            CellVM(p, "", (), mark if p == "B2" else "")
            for p in ("A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3")
        ),
    )
    surface = pygame.Surface((800, 480))
    renderer.render(surface, vm)
    rect = next(i.rect for i in renderer.layout(vm) if i.kind == "cell" and i.data.pos == "B2")
    inner = pygame.Rect(rect.x + renderer.m.px(3), rect.centery - 10, rect.width - 2 * renderer.m.px(3), 20)
    return {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(inner.left, inner.right)
        for y in range(inner.top, inner.bottom)
    }


@pytest.mark.parametrize("mark", sorted(theme.CELL_PATTERNS))
def test_the_cell_painter_draws_the_pattern(mark):
    fill = theme.CELL_MARKS[mark][0]
    seen = _cell_pixels(mark)
    assert fill in seen and len(seen - {fill}) >= 1, mark  # the fill and the pattern's lines or dots
    assert _cell_pixels("done") == {theme.CELL_MARKS["done"][0]}  # a plain mark is one flat fill
