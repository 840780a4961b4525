"""One colour per vampire or player, and the veil's colours: the same values on screen and on the LEDs.

Pure data and arithmetic (no pygame, no hardware), so the lighting scenes and the screens both import
it. The player colours are the eight of Okabe and Ito's "Color Universal Design" set (2008), which
stay apart for people with red-green colour blindness: tests/ui/test_palette.py simulates
deuteranopia and protanopia (Machado et al. 2009) and checks that every pair keeps a CIEDE2000
distance of at least 10. A table of more than eight players repeats colours from the ninth seat on;
the screens always show the seat's name or number as well, so a colour is never the only mark.

The LEDs get the same RGB values; their output stage applies gamma and the brightness cap, so the
light matches the screen's hue, not its exact brightness.
"""

from __future__ import annotations

import colorsys
import math
from collections.abc import Iterable, Mapping
from functools import lru_cache

RGB = tuple[int, int, int]

# Okabe-Ito, in the order seats take them when a name has no colour of its own.
ORANGE: RGB = (230, 159, 0)
SKY_BLUE: RGB = (86, 180, 233)
BLUISH_GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
REDDISH_PURPLE: RGB = (204, 121, 167)
WHITE: RGB = (255, 255, 255)
PLAYER_COLOURS: tuple[RGB, ...] = (
    ORANGE,
    SKY_BLUE,
    BLUISH_GREEN,
    YELLOW,
    BLUE,
    VERMILLION,
    REDDISH_PURPLE,
    WHITE,
)
COLOUR_NAMES: dict[RGB, str] = {
    ORANGE: "orange",
    SKY_BLUE: "sky blue",
    BLUISH_GREEN: "bluish green",
    YELLOW: "yellow",
    BLUE: "blue",
    VERMILLION: "vermillion",
    REDDISH_PURPLE: "reddish purple",
    WHITE: "white",
}

COLOURS: dict[str, RGB] = {name: rgb for rgb, name in COLOUR_NAMES.items()}  # a seat's colour name -> RGB

# The Masters box's six vampires keep one colour each, whatever seat they take (our choice, not the box's).
VAMPIRE_COLOURS: dict[str, RGB] = {
    "agnieszka": BLUE,
    "agneszka": BLUE,
    "imre": VERMILLION,
    "ishtvan": BLUISH_GREEN,
    "laszlo": ORANGE,
    "mila": REDDISH_PURPLE,
    "nevena": SKY_BLUE,
}


def player_colours(names: Iterable[str]) -> dict[str, RGB]:
    """Each name's colour, in seat order: a known vampire keeps its own, the others take the first
    palette colours nobody holds yet (wrapping round after eight)."""
    return dict(_assign(tuple(str(n) for n in names)))


def colour_of(name: str, seats: Mapping[str, int] | Iterable[str] = ()) -> RGB:
    """One player's colour among `seats` (name -> seat index, or the names in seat order).

    A name missing from `seats` gets its vampire colour, else the first palette colour."""
    order = sorted(seats, key=seats.__getitem__) if isinstance(seats, Mapping) else list(seats)
    if name not in order:
        order.append(name)
    return player_colours(order)[name]


@lru_cache(maxsize=64)
def _assign(names: tuple[str, ...]) -> tuple[tuple[str, RGB], ...]:
    """The colour assignment for one seating (cached: scenes ask every frame)."""
    taken = {VAMPIRE_COLOURS[n.strip().lower()] for n in names if n.strip().lower() in VAMPIRE_COLOURS}
    free = [c for c in PLAYER_COLOURS if c not in taken] or list(PLAYER_COLOURS)
    out, k = [], 0
    for n in names:
        known = VAMPIRE_COLOURS.get(n.strip().lower())
        if known is None:
            known = free[k % len(free)]
            k += 1
        out.append((n, known))
    return tuple(out)


# ---------------------------------------------------------------- the seats' shapes

# One shape per seat, in seat order (seat i has colour i and shape i: `companion.rules.base.seated`),
# so a player is told apart without colour too: a chip, a chart's marker, the phone's seat. Picked to
# stay apart when small (tests/ui/test_shapes.py rasterises them at 24 px: every pair differs in at least a
# quarter of its pixels); a ninth seat repeats the first shape, as it repeats the first colour.
SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "star", "cross", "down", "moon")


def shape_of(seat: int) -> str:
    """The shape of seat `seat` (0 first)."""
    return SHAPES[seat % len(SHAPES)]


@lru_cache(maxsize=16)
def shape_points(shape: str) -> tuple[tuple[float, float], ...]:
    """The outline of `shape` as a polygon around (0, 0) that fits -1..1 (y down): what the screens,
    the charts and the phone draw, scaled to their size. An unknown name gives the circle."""
    if shape == "square":
        return ((-0.75, -0.75), (0.75, -0.75), (0.75, 0.75), (-0.75, 0.75))
    if shape == "triangle":
        return ((0.0, -1.0), (1.0, 0.8), (-1.0, 0.8))
    if shape == "down":
        return ((-1.0, -0.8), (1.0, -0.8), (0.0, 1.0))
    if shape == "diamond":
        return ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))
    if shape == "cross":
        a, b = 0.34, 1.0
        return (
            (-a, -b),
            (a, -b),
            (a, -a),
            (b, -a),
            (b, a),
            (a, a),
            (a, b),
            (-a, b),
            (-a, a),
            (-b, a),
            (-b, -a),
            (-a, -a),
        )
    if shape == "star":
        return tuple(
            (round(r * math.sin(k * math.pi / 5), 4), round(-r * math.cos(k * math.pi / 5) + 0.1, 4))
            for k, r in zip(range(10), (1.05, 0.45) * 5)
        )
    if shape == "moon":  # a crescent: the outer circle's left side, the inner one's cut
        outer = [(math.cos(a), math.sin(a)) for a in (math.pi / 2 + k * math.pi / 12 for k in range(13))]
        inner = [
            (0.45 + 0.75 * math.cos(a), 0.75 * math.sin(a) * 1.2)
            for a in (3 * math.pi / 2 - k * math.pi / 12 for k in range(13))
        ]
        return tuple((round(x, 4), round(y, 4)) for x, y in outer + inner)
    r = 0.7  # a disc well inside the square and the diamond, so they stay apart when small
    return tuple(
        (round(r * math.cos(k * math.pi / 12), 4), round(r * math.sin(k * math.pi / 12), 4))
        for k in range(24)
    )


# ---------------------------------------------------------------- the veil


VEIL_MAX = 6
VEIL_OFF: RGB = (0, 0, 0)  # an unlit cell of the LED bar


def veil_colour(veil: int) -> RGB:
    """The veil bar's colour at `veil`: safe green-blue at 6 through yellow and orange to danger red
    at 1 (and 0). The number of lit cells always says the veil too, so the hue is never the only mark."""
    v = max(1, min(VEIL_MAX, int(veil)))
    r, g, b = colorsys.hsv_to_rgb(0.45 * (v - 1) / 5.0, 1.0, 1.0)
    return (int(r * 255 + 0.5), int(g * 255 + 0.5), int(b * 255 + 0.5))


def veil_cells(veil: int) -> tuple[RGB | None, ...]:
    """The seven cells 0..6 of the veil bar: cells 0..veil lit in the veil's colour, the rest None
    (unlit). The LED scene and the screen's bar both draw this."""
    v = max(0, min(VEIL_MAX, int(veil)))
    colour = veil_colour(v)
    return tuple(colour if i <= v else None for i in range(VEIL_MAX + 1))
