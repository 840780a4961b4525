"""Token pictures, the countdown ring and the veil bar, drawn here as vectors with pygame.draw.

Every icon is a function `(surface, rect, colour) -> None` that fills the largest square centred in
`rect` with the token in `colour` (details in a darker shade of it, so an icon needs no background of
its own). `icon(name, size, colour)` caches the drawing as a transparent surface by
(name, size, colour), so a screen blits it instead of drawing it again. They are made for this
project and licensed with it; `companion screenshots --only icons` draws the sample sheet.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from companion import palette
from companion.ui import theme

Colour = tuple[int, int, int]
Points = list[tuple[float, float]]


def _box(rect: pygame.Rect) -> tuple[float, float, float]:
    """(x, y, side) of the largest square centred in `rect`."""
    side = min(rect.width, rect.height)
    return rect.x + (rect.width - side) / 2, rect.y + (rect.height - side) / 2, side


def _pts(rect: pygame.Rect, unit_points) -> Points:
    """Points given in a 0..1 square mapped into `rect`'s square."""
    x, y, s = _box(rect)
    return [(x + u * s, y + v * s) for u, v in unit_points]


def _at(rect: pygame.Rect, u: float, v: float) -> tuple[float, float]:
    """One point of the unit square in `rect`'s square."""
    return _pts(rect, [(u, v)])[0]


def _len(rect: pygame.Rect, n: float) -> int:
    """A length given as a share of the square's side, in pixels (at least 1)."""
    return max(1, round(n * _box(rect)[2]))


def dark(colour: Colour, k: float = 0.3) -> Colour:
    """`colour` darkened to `k` of its brightness (the details of an icon)."""
    return tuple(int(c * k) for c in colour[:3])


# ---------------------------------------------------------------- tokens


def _figure(surface, rect, colour, width: int = 0) -> None:
    """A person: head, shoulders, a brimmed hat (the agents)."""
    pygame.draw.circle(surface, colour, _at(rect, 0.5, 0.36), _len(rect, 0.15), width)
    pygame.draw.polygon(
        surface,
        colour,
        _pts(rect, [(0.18, 0.95), (0.26, 0.62), (0.5, 0.55), (0.74, 0.62), (0.82, 0.95)]),
        width,
    )
    pygame.draw.polygon(surface, colour, _pts(rect, [(0.2, 0.26), (0.8, 0.26), (0.8, 0.31), (0.2, 0.31)]))
    pygame.draw.polygon(surface, colour, _pts(rect, [(0.34, 0.27), (0.38, 0.07), (0.62, 0.07), (0.66, 0.27)]))


def agent_hidden(surface, rect, colour) -> None:
    """A hidden agent: the figure in outline only, with a question mark."""
    _figure(surface, rect, colour, _len(rect, 0.05))
    qx, qy = _at(rect, 0.5, 0.7)
    r = _len(rect, 0.09)
    hook = pygame.Rect(qx - r, qy - r, 2 * r, 2 * r)
    pygame.draw.arc(surface, colour, hook, -math.pi / 2, math.pi, _len(rect, 0.045))
    pygame.draw.line(surface, colour, (qx, qy + r), (qx, qy + 1.6 * r), _len(rect, 0.045))
    pygame.draw.circle(surface, colour, (qx, qy + 2.3 * r), _len(rect, 0.035))


def agent_exposed(surface, rect, colour) -> None:
    """An exposed agent: the figure filled, eyes open."""
    _figure(surface, rect, colour)
    for u in (0.44, 0.56):
        pygame.draw.circle(surface, dark(colour), _at(rect, u, 0.37), _len(rect, 0.025))


def minion(surface, rect, colour) -> None:
    """A minion: a bat with spread wings."""
    pygame.draw.polygon(
        surface,
        colour,
        _pts(
            rect,
            [
                (0.5, 0.35),
                (0.42, 0.3),
                (0.3, 0.28),
                (0.02, 0.38),
                (0.14, 0.5),
                (0.2, 0.66),
                (0.3, 0.58),
                (0.38, 0.7),
                (0.46, 0.62),
                (0.5, 0.72),
                (0.54, 0.62),
                (0.62, 0.7),
                (0.7, 0.58),
                (0.8, 0.66),
                (0.86, 0.5),
                (0.98, 0.38),
                (0.7, 0.28),
                (0.58, 0.3),
            ],
        ),
    )
    pygame.draw.polygon(
        surface,
        colour,
        _pts(rect, [(0.43, 0.36), (0.44, 0.24), (0.48, 0.32), (0.52, 0.32), (0.56, 0.24), (0.57, 0.36)]),
    )


def blood(surface, rect, colour) -> None:
    """A blood drop."""
    pygame.draw.circle(surface, colour, _at(rect, 0.5, 0.64), _len(rect, 0.26))
    pygame.draw.polygon(surface, colour, _pts(rect, [(0.5, 0.06), (0.26, 0.56), (0.74, 0.56)]))
    pygame.draw.circle(surface, dark(colour, 0.6), _at(rect, 0.42, 0.68), _len(rect, 0.07))


def sigil(surface, rect, colour) -> None:
    """A dread sigil: a ring round a five-pointed star drawn in one line."""
    pygame.draw.circle(surface, colour, _at(rect, 0.5, 0.5), _len(rect, 0.45), _len(rect, 0.06))
    star = [
        (0.5 + 0.38 * math.sin(k * 4 * math.pi / 5), 0.52 - 0.38 * math.cos(k * 4 * math.pi / 5))
        for k in range(5)
    ]
    pygame.draw.lines(surface, colour, True, _pts(rect, star), _len(rect, 0.05))


def relic(surface, rect, colour) -> None:
    """A relic: a chalice."""
    pygame.draw.polygon(
        surface,
        colour,
        _pts(rect, [(0.2, 0.12), (0.8, 0.12), (0.74, 0.4), (0.6, 0.52), (0.4, 0.52), (0.26, 0.4)]),
    )
    pygame.draw.rect(surface, colour, pygame.Rect(*_at(rect, 0.45, 0.5), _len(rect, 0.1), _len(rect, 0.3)))
    pygame.draw.polygon(surface, colour, _pts(rect, [(0.28, 0.92), (0.36, 0.8), (0.64, 0.8), (0.72, 0.92)]))
    pygame.draw.line(surface, dark(colour), _at(rect, 0.28, 0.22), _at(rect, 0.72, 0.22), _len(rect, 0.04))


def kill(surface, rect, colour) -> None:
    """A kill: a skull."""
    pygame.draw.circle(surface, colour, _at(rect, 0.5, 0.42), _len(rect, 0.34))
    pygame.draw.rect(
        surface,
        colour,
        pygame.Rect(*_at(rect, 0.32, 0.6), _len(rect, 0.36), _len(rect, 0.3)),
        border_radius=_len(rect, 0.06),
    )
    for u in (0.37, 0.63):
        pygame.draw.circle(surface, dark(colour), _at(rect, u, 0.45), _len(rect, 0.09))
    pygame.draw.polygon(surface, dark(colour), _pts(rect, [(0.5, 0.56), (0.45, 0.66), (0.55, 0.66)]))
    for u in (0.41, 0.5, 0.59):
        pygame.draw.line(surface, dark(colour), _at(rect, u, 0.78), _at(rect, u, 0.9), _len(rect, 0.03))


def ap(surface, rect, colour) -> None:
    """An action point: a lightning bolt."""
    pygame.draw.polygon(
        surface,
        colour,
        _pts(rect, [(0.6, 0.04), (0.22, 0.56), (0.46, 0.56), (0.38, 0.96), (0.78, 0.42), (0.54, 0.42)]),
    )


def bite(surface, rect, colour) -> None:
    """A bite: two fangs hanging from the upper jaw, two drops below them."""
    pygame.draw.rect(
        surface,
        colour,
        pygame.Rect(*_at(rect, 0.08, 0.12), _len(rect, 0.84), _len(rect, 0.16)),
        border_radius=_len(rect, 0.08),
    )
    for u in (0.3, 0.7):
        pygame.draw.polygon(surface, colour, _pts(rect, [(u - 0.1, 0.26), (u + 0.1, 0.26), (u, 0.66)]))
        pygame.draw.circle(surface, colour, _at(rect, u, 0.84), _len(rect, 0.07))
        pygame.draw.polygon(surface, colour, _pts(rect, [(u - 0.065, 0.82), (u + 0.065, 0.82), (u, 0.7)]))


def clock(surface, rect, colour) -> None:
    """A clock: a dial with two hands."""
    centre = _at(rect, 0.5, 0.5)
    pygame.draw.circle(surface, colour, centre, _len(rect, 0.45), _len(rect, 0.07))
    pygame.draw.line(surface, colour, centre, _at(rect, 0.5, 0.18), _len(rect, 0.07))
    pygame.draw.line(surface, colour, centre, _at(rect, 0.72, 0.6), _len(rect, 0.07))
    pygame.draw.circle(surface, colour, centre, _len(rect, 0.06))


def blood_point(surface, rect, colour) -> None:
    """A blood point: a drop inside a round token."""
    pygame.draw.circle(surface, colour, _at(rect, 0.5, 0.5), _len(rect, 0.46), _len(rect, 0.07))
    inner = pygame.Rect(0, 0, _len(rect, 0.58), _len(rect, 0.58))
    inner.center = _at(rect, 0.5, 0.5)
    blood(surface, inner, colour)


_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.28, 0.28), (0.72, 0.72)],
    3: [(0.28, 0.28), (0.5, 0.5), (0.72, 0.72)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.28, 0.28), (0.72, 0.28), (0.5, 0.5), (0.28, 0.72), (0.72, 0.72)],
    6: [(0.28, 0.25), (0.72, 0.25), (0.28, 0.5), (0.72, 0.5), (0.28, 0.75), (0.72, 0.75)],
}


def die(value: int) -> Callable:
    """The icon function of a die showing `value` (1..6)."""

    def face(surface, rect, colour) -> None:
        x, y, s = _box(rect)
        body = pygame.Rect(round(x + 0.05 * s), round(y + 0.05 * s), round(0.9 * s), round(0.9 * s))
        pygame.draw.rect(surface, colour, body, border_radius=_len(rect, 0.16))
        for u, v in _PIPS[value]:
            pygame.draw.circle(surface, dark(colour, 0.15), _at(rect, u, v), _len(rect, 0.085))

    face.__doc__ = f"A die showing {value}."
    return face


ICONS: dict[str, Callable] = {
    "agent_hidden": agent_hidden,
    "agent_exposed": agent_exposed,
    "minion": minion,
    "blood": blood,
    "sigil": sigil,
    "relic": relic,
    "kill": kill,
    "ap": ap,
    "bite": bite,
    "clock": clock,
    "blood_point": blood_point,
    **{f"die{n}": die(n) for n in range(1, 7)},
}


@lru_cache(maxsize=256)
def icon(name: str, size: int, colour: Colour) -> pygame.Surface:
    """Icon `name` drawn once on a transparent `size` x `size` surface (cached by all three)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    ICONS[name](surf, pygame.Rect(0, 0, size, size), tuple(colour))
    return surf


def blit_icon(surface: pygame.Surface, name: str, rect: pygame.Rect, colour: Colour) -> None:
    """Draw icon `name` centred in `rect` from the cache."""
    side = min(rect.width, rect.height)
    at = (rect.x + (rect.width - side) // 2, rect.y + (rect.height - side) // 2)
    surface.blit(icon(name, side, tuple(colour)), at)


# ---------------------------------------------------------------- widgets


def ring_points(centre, outer: float, inner: float, start: float, end: float) -> Points:
    """A ring sector as one polygon, angles in turns clockwise from 12 o'clock (0..1)."""
    steps = max(2, int(96 * (end - start)) + 1)
    angles = [2 * math.pi * (start + (end - start) * k / steps) for k in range(steps + 1)]
    cx, cy = centre
    out = [(cx + outer * math.sin(a), cy - outer * math.cos(a)) for a in angles]
    return out + [(cx + inner * math.sin(a), cy - inner * math.cos(a)) for a in reversed(angles)]


def countdown_colour(fraction: float) -> Colour:
    """The ring's colour: sky blue, vermillion in its last quarter (time is running out)."""
    return palette.VERMILLION if fraction < 0.25 else palette.SKY_BLUE


def draw_countdown(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fraction: float,
    numeral: str,
    colour: Colour,
    text,
    bg: Colour = theme.BG,
):
    """A countdown ring in `rect`: `fraction` (0..1) of the time left as a lit arc that empties
    clockwise, the big `numeral` (e.g. seconds left) in the middle. `text` is the screen's
    TextRenderer; returns the numeral's TextBox so the screen check sees it."""
    from companion.ui.text import TextBox

    x, y, side = _box(rect)
    centre, outer = (x + side / 2, y + side / 2), side / 2
    inner = outer * 0.8
    pygame.draw.circle(surface, theme.VEIL_OFF, centre, outer)
    f = max(0.0, min(1.0, fraction))
    if f > 0:
        pygame.draw.polygon(surface, colour, ring_points(centre, outer, inner, 1 - f, 1.0))
    pygame.draw.circle(surface, bg, centre, inner)
    box = pygame.Rect(0, 0, int(inner * 1.5), int(inner * 1.1))
    box.center = (round(centre[0]), round(centre[1]))
    fit = text.draw(surface, numeral, box, max(8, int(inner * 1.4)), theme.TEXT, min_size=8, bg=bg)
    return TextBox(numeral, box, fit, "countdown")


def draw_veil_bar(
    surface: pygame.Surface,
    rect: pygame.Rect,
    veil: int,
    text=None,
    preview: int | None = None,
    bg: Colour = theme.BG,
) -> list:
    """The veil as seven cells 0..6 across `rect`: cells 0..veil lit in the LED veil bar's colour
    (companion.palette.veil_cells), the rest dark; a ring marks a `preview` value. With `text` (a
    TextRenderer) each cell carries its number; returns their TextBoxes."""
    from companion.ui.text import TextBox

    boxes = []
    gap = max(1, rect.width // 60)
    cell_w = (rect.width - 6 * gap) // 7
    side = min(cell_w, rect.height)
    for i, lit in enumerate(palette.veil_cells(veil)):
        r = pygame.Rect(rect.x + i * (cell_w + gap), rect.y + (rect.height - side) // 2, cell_w, side)
        fill = lit or theme.VEIL_OFF
        pygame.draw.rect(surface, fill, r, border_radius=max(1, side // 8))
        if i == veil:
            pygame.draw.rect(surface, theme.TEXT, r, max(1, side // 14), border_radius=max(1, side // 8))
        if preview is not None and i == preview and preview != veil:
            pygame.draw.rect(
                surface, theme.VEIL_PREVIEW, r.inflate(gap, gap), max(1, side // 12), border_radius=side // 6
            )
        if text is not None:
            inner = r.inflate(-side // 6, -side // 6)
            fit = text.draw(
                surface,
                str(i),
                inner,
                max(8, int(side * 0.9)),
                theme.BG if lit else theme.TEXT,
                min_size=8,
                bg=fill,
            )
            boxes.append(TextBox(str(i), inner, fit, "veil"))
    return boxes


def sample_sheet(surface: pygame.Surface) -> list:
    """The developers' sheet of every icon, the player colours, countdown rings and veil bars.

    Each icon has its name beside it at the screens' smallest capitals (17 px at 800x480, scaled with
    the height), in four columns. Returns the TextBoxes drawn (the screen check measures the captions too)."""
    from companion.ui.text import TextRenderer

    text, boxes = TextRenderer(), []
    w, h = surface.get_size()
    surface.fill(theme.BG)
    u = min(w / 800, h / 480)
    size = _caption_size(text, math.ceil(17 * h / 480))
    pad, cols = int(8 * u), 4
    col_w, row_h, side = (w - 2 * pad) // cols, int(58 * u), int(44 * u)
    for i, name in enumerate(ICONS):
        r, c = divmod(i, cols)
        x, y = pad + c * col_w, pad + r * row_h
        colour = palette.PLAYER_COLOURS[i % len(palette.PLAYER_COLOURS)] if name != "blood" else (200, 20, 30)
        blit_icon(surface, name, pygame.Rect(x, y + (row_h - side) // 2, side, side), colour)
        cap = pygame.Rect(x + side + int(6 * u), y, col_w - side - int(12 * u), row_h)
        boxes.append(_caption(text, surface, name.replace("_", " "), cap, size))
    y0 = pad + -(-len(ICONS) // cols) * row_h + int(4 * u)
    for i, colour in enumerate(palette.PLAYER_COLOURS):
        r = pygame.Rect(pad + i * int(50 * u), y0, int(44 * u), int(36 * u))
        pygame.draw.rect(surface, colour, r, border_radius=int(6 * u))
    ring = min(int(150 * u), h - y0 - pad)
    for k, (f, n, colour) in enumerate(((0.72, "7", palette.SKY_BLUE), (0.2, "2", palette.VERMILLION))):
        r = pygame.Rect(w - (k + 1) * (ring + int(10 * u)), y0, ring, ring)
        boxes.append(draw_countdown(surface, r, f, n, colour, text))
    for k, veil in enumerate((6, 3)):
        r = pygame.Rect(pad, y0 + int(42 * u) + k * int(48 * u), int(400 * u), int(44 * u))
        boxes.extend(draw_veil_bar(surface, r, veil, text, preview=veil - 1 if veil == 3 else None))
    return boxes


def _caption_size(text, capitals: int) -> int:
    """The smallest nominal size of `text`'s font whose capitals draw `capitals` px tall."""
    from companion.ui import ink

    size = capitals * 2
    while ink.capitals(text.font(size)) < capitals:
        size += 1
    return size


def _caption(text, surface, words: str, rect: pygame.Rect, size: int):
    """An icon's name beside it on the sample sheet (wrapped over two lines when it must)."""
    from companion.ui.text import TextBox

    fit = text.draw(surface, words, rect, size, theme.TEXT_DIM, "left", min_size=size, bg=theme.BG)
    return TextBox(words, rect, fit, "caption")
