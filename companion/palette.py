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
PLAYER_COLOURS: tuple[RGB, ...] = (ORANGE, SKY_BLUE, BLUISH_GREEN, YELLOW, BLUE, VERMILLION, REDDISH_PURPLE, WHITE)
COLOUR_NAMES: dict[RGB, str] = {
    ORANGE: "orange", SKY_BLUE: "sky blue", BLUISH_GREEN: "bluish green", YELLOW: "yellow", BLUE: "blue",
    VERMILLION: "vermillion", REDDISH_PURPLE: "reddish purple", WHITE: "white",
}

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
    order = sorted(seats, key=seats.get) if isinstance(seats, Mapping) else list(seats)
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
