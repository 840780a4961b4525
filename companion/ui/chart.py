"""A story's `Chart` (made by companion/ui/story.py), and drawing it: into a rect of a screen, as PNG, or as SVG.

One layout (`shapes`) turns the chart into a list of plain shapes for a w x h box; the pygame painter
and the SVG writer only translate those shapes, so the PNG, the SVG and the screen show the same
picture. Text sizes are em sizes in screen pixels, 24 px at least at 800x480 (scaled with the box),
so the chart passes the screen check (companion/ui/screencheck.py) when it fills a screen. The SVG
is written by hand (no dependency) and names the font family pygame uses, with sans-serif fallbacks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from companion import palette
from companion.i18n import _
from companion.ui import theme

MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross")
NEUTRAL = (235, 232, 225)  # a series that belongs to nobody (the veil, the clock)


@dataclass(frozen=True)
class Series:
    """One line (or set of bars): its name, one value per x position (None: no value), its look."""

    name: str
    values: tuple[float | None, ...]
    colour: tuple[int, int, int]
    marker: str = "circle"


@dataclass(frozen=True)
class Panel:
    """One plot: a title, the x positions' labels, the series, the y range and how to draw them."""

    title: str
    x_title: str
    x_labels: tuple[str, ...]
    series: tuple[Series, ...]
    y_max: float
    kind: str = "line"  # line | bar
    y_lines: tuple[tuple[float, str], ...] = ()  # horizontal marks such as a threshold: (y, label)


@dataclass(frozen=True)
class Chart:
    """The whole story: a title, a subtitle (the ending) and one or two panels."""

    title: str
    subtitle: str
    panels: tuple[Panel, ...]


GRID = (52, 50, 66)
AXIS = (120, 118, 128)


@dataclass(frozen=True)
class Shape:
    """One thing to draw. kind: rect (box), poly (filled points), line (points, width, dashed),
    circle (centre, radius), text (centre-left/middle/right point, px, anchor start|middle|end)."""

    kind: str
    colour: tuple[int, int, int]
    points: tuple[tuple[float, float], ...] = ()
    box: tuple[float, float, float, float] = (0, 0, 0, 0)
    width: float = 1
    dashed: bool = False
    text: str = ""
    px: int = 0
    anchor: str = "start"
    space: float = 0  # the width a text may take (0: its own), for the screen check


def shapes(chart: Chart, w: int, h: int, x0: float = 0, y0: float = 0, scale: float | None = None) -> list[Shape]:
    """The chart laid out in the w x h box at (x0, y0); text sizes scale with the box, or with
    `scale` (the screen's, when the chart fills only part of a screen)."""
    u = scale if scale is not None else min(w / 800, h / 480)
    big, small, pad = max(1, round(36 * u)), max(1, round(24 * u)), 10 * u
    out = [Shape("rect", theme.BG, box=(x0, y0, w, h))]
    out.append(Shape("text", theme.TEXT, ((x0 + pad, y0 + pad + big * 0.6),), text=chart.title, px=big))
    top = y0 + 2 * pad + big * 1.2
    if chart.subtitle:  # right of the title, or under it when the two would meet
        beside = _width(chart.title, big) + 2 * pad + _width(chart.subtitle, small) <= w - 2 * pad
        at = y0 + pad + big * 0.6 if beside else top + small * 0.1
        out.append(Shape("text", theme.TEXT_DIM, ((x0 + w - pad, at),), text=chart.subtitle, px=small, anchor="end"))
        top += 0 if beside else small * 1.2
    n = max(1, len(chart.panels))
    side = w >= 1.3 * h  # panels side by side on a wide box, else stacked
    for i, panel in enumerate(chart.panels):
        if side:
            pw, ph = (w - (n + 1) * pad) / n, y0 + h - top - pad
            box = (x0 + pad + i * (pw + pad), top, pw, ph)
        else:
            pw, ph = w - 2 * pad, (y0 + h - top - n * pad) / n
            box = (x0 + pad, top + i * (ph + pad), pw, ph)
        out.extend(_panel(panel, box, small, u))
    return out


def _panel(panel: Panel, box, px: int, u: float) -> list[Shape]:
    """One panel: title, legend, y ticks, x labels, grid, series."""
    x, y, w, h = box
    out = [Shape("text", theme.TEXT, ((x, y + px * 0.7),), text=_("{what} by {axis}").format(what=panel.title, axis=panel.x_title), px=px)]
    legend, legend_h = _legend(panel, x, y + h, w, px, u)
    ticks = _ticks(panel.y_max)
    label_w = max(_width(_fmt(t), px) for t in ticks) + 8 * u
    plot = (x + label_w, y + px * 2.1, w - label_w - 6 * u, h - px * 2.1 - px * 1.4 - legend_h)
    px0, py0, pw, ph = plot
    if pw <= 0 or ph <= 0:
        return out
    ymax = ticks[-1] or 1

    def ypos(v: float) -> float:
        return py0 + ph - ph * max(0.0, min(v, ymax)) / ymax

    labelled = _labelled(len(ticks), ph, px)
    for k, t in enumerate(ticks):
        out.append(Shape("line", GRID, ((px0, ypos(t)), (px0 + pw, ypos(t))), width=max(1, u)))
        if k in labelled:
            out.append(Shape("text", theme.TEXT_DIM, ((px0 - 6 * u, ypos(t)),), text=_fmt(t), px=px, anchor="end"))
    above: float | None = None  # where the last mark's label stands (marks from the highest down)
    for yv, label in sorted(panel.y_lines, key=lambda m: -m[0]):
        at = ypos(yv)
        out.append(Shape("line", theme.FOCUS, ((px0, at), (px0 + pw, at)), width=max(1, 2 * u), dashed=True))
        # over its line at the right end, or under it when it would meet the label of the mark above
        ty = at - px * 0.6 if above is None or at - px * 0.6 - above >= px * 1.1 else at + px * 0.6
        out.append(Shape("text", theme.FOCUS, ((px0 + pw - 4 * u, ty),), text=label, px=px, anchor="end"))
        above = ty
    count = max(1, len(panel.x_labels))
    step = pw / count
    every = max(1, math.ceil(max((_width(s, px) for s in panel.x_labels), default=0) / max(1.0, step - 4 * u)))
    for i, label in enumerate(panel.x_labels):
        if i % every == 0:
            out.append(Shape("text", theme.TEXT_DIM, ((px0 + step * (i + 0.5), py0 + ph + px * 0.75),), text=label,
                             px=px, anchor="middle", space=step * every))
    out.append(Shape("line", AXIS, ((px0, py0 + ph), (px0 + pw, py0 + ph)), width=max(1, 2 * u)))
    if panel.kind == "bar":
        out.extend(_bars(panel, px0, step, ypos, u))
    else:
        out.extend(_lines(panel, px0, step, ypos, u))
    return out + legend


def _labelled(count: int, height: float, px: int) -> set[int]:
    """Which of `count` evenly spaced y ticks over `height` get a label: every n-th, so labels never
    overlap, and the top one when there is room (dropping the one under it if the two would meet)."""
    every = max(1, math.ceil(px * 1.1 / max(1.0, height / max(1, count - 1))))
    out = set(range(0, count, every))
    top = count - 1
    if top not in out and height >= 2.2 * px:
        out.discard(top - top % every)
        out.add(top)
    return out


def _lines(panel: Panel, px0: float, step: float, ypos, u: float) -> list[Shape]:
    """Each series as a line with a marker at every value."""
    out = []
    for s in panel.series:
        pts = [(px0 + step * (i + 0.5), ypos(v)) for i, v in enumerate(s.values) if v is not None]
        if len(pts) > 1:
            out.append(Shape("line", s.colour, tuple(pts), width=max(1, 3 * u)))
        out.extend(marker(s.marker, p, 7 * u, s.colour) for p in pts)
    return out


def _bars(panel: Panel, px0: float, step: float, ypos, u: float) -> list[Shape]:
    """Each x position's values as side-by-side bars."""
    out = []
    k = max(1, len(panel.series))
    bw = step * 0.7 / k
    for j, s in enumerate(panel.series):
        for i, v in enumerate(s.values):
            if v is None:
                continue
            left = px0 + step * (i + 0.15) + j * bw
            top, bottom = ypos(v), ypos(0)
            out.append(Shape("rect", s.colour, box=(left, top, max(1, bw - u), max(1, bottom - top))))
    return out


def _legend(panel: Panel, x: float, bottom: float, w: float, px: int, u: float) -> tuple[list[Shape], float]:
    """The series' markers and names in rows under the plot; (shapes, height)."""
    if len(panel.series) < 2:
        return [], 0.0
    row_h, entries, cx, row = px * 1.4, [], 0.0, 0
    for s in panel.series:
        need = px * 1.2 + _width(s.name, px) + px
        if cx and cx + need > w:
            row, cx = row + 1, 0.0
        entries.append((s, cx, row))
        cx += need
    height = (row + 1) * row_h
    out = []
    for s, ex, r in entries:
        cy = bottom - height + r * row_h + row_h / 2
        out.append(marker(s.marker, (x + ex + px * 0.4, cy), 7 * u, s.colour))
        out.append(Shape("text", theme.TEXT, ((x + ex + px * 1.0, cy),), text=s.name, px=px))
    return out, height


def marker(kind: str, at: tuple[float, float], r: float, colour) -> Shape:
    """A marker shape of radius `r` at `at`: circle, square, triangle, diamond, down, cross."""
    cx, cy = at
    if kind == "circle":
        return Shape("circle", colour, ((cx, cy),), width=r)
    unit = {"square": ((-1, -1), (1, -1), (1, 1), (-1, 1)), "triangle": ((0, -1.2), (1.1, 0.9), (-1.1, 0.9)),
            "diamond": ((0, -1.3), (1.3, 0), (0, 1.3), (-1.3, 0)), "down": ((-1.1, -0.9), (1.1, -0.9), (0, 1.2)),
            "cross": ((-0.4, -1.2), (0.4, -1.2), (0.4, -0.4), (1.2, -0.4), (1.2, 0.4), (0.4, 0.4), (0.4, 1.2),
                      (-0.4, 1.2), (-0.4, 0.4), (-1.2, 0.4), (-1.2, -0.4), (-0.4, -0.4))}.get(kind)
    if unit is None:  # a seat's shape (companion/palette.py), a little larger than the plain markers
        unit = tuple((x * 1.25, y * 1.25) for x, y in palette.shape_points(kind))
    return Shape("poly", colour, tuple((cx + dx * r, cy + dy * r) for dx, dy in unit))


def _ticks(top: float) -> list[float]:
    """0 up to at least `top` in 2 to 6 round steps."""
    top = max(1.0, float(top))
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 1e9) if top / s <= 5)
    return [step * k for k in range(int(math.ceil(top / step - 1e-9)) + 1)]


def _fmt(v: float) -> str:
    """A tick value without a needless .0."""
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def _width(text: str, px: int) -> float:
    """The estimated width of `text` at em size `px` (freesansbold averages about 0.6 em a glyph)."""
    return 0.6 * px * len(text)


# ---------------------------------------------------------------- pygame


def draw_chart(surface, rect, chart: Chart, text=None, scale: float | None = None) -> list:
    """Draw `chart` into `rect` of a pygame surface (e.g. the game-over screen); returns TextBoxes
    for the screen check. `text` is the screen's TextRenderer (a fresh one if None); `scale` the
    screen's scale (1 at 800x480), so the chart's texts are as big as the screen's."""
    from companion.ui.text import TextRenderer

    text = text or TextRenderer()
    return paint(surface, shapes(chart, rect.width, rect.height, rect.x, rect.y, scale), text)


def paint(surface, items: list[Shape], text) -> list:
    """Draw laid-out shapes with pygame; returns a TextBox for every text."""
    import pygame

    from companion.ui.text import Fit, TextBox

    boxes = []
    for s in items:
        if s.kind == "rect":
            pygame.draw.rect(surface, s.colour, pygame.Rect(*(round(v) for v in s.box)))
        elif s.kind == "poly":
            pygame.draw.polygon(surface, s.colour, s.points)
        elif s.kind == "circle":
            pygame.draw.circle(surface, s.colour, s.points[0], s.width)
        elif s.kind == "line":
            for a, b in (_dashes(s.points, 10 * s.width) if s.dashed else zip(s.points, s.points[1:])):
                pygame.draw.line(surface, s.colour, a, b, max(1, round(s.width)))
        elif s.kind == "text":
            size = nominal(s.px)
            line = text.line(s.text, size, s.colour)
            lw, lh = line.get_size()
            x, y = s.points[0]
            left = x - lw if s.anchor == "end" else x - lw / 2 if s.anchor == "middle" else x
            surface.blit(line, (round(left), round(y - lh / 2)))
            space = max(s.space, 1) if s.space else lw
            box = pygame.Rect(round(x - space / 2) if s.space else round(left), round(y - lh / 2), round(space), lh)
            boxes.append(TextBox(s.text, box, Fit(size, (s.text,), lw, lh, False), "chart"))
    return boxes


def to_png(chart: Chart, path: str | Path, size: tuple[int, int] = (1200, 720)) -> None:
    """Write the chart as a PNG file, drawn offscreen (no display needed)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface(size)
    draw_chart(surface, surface.get_rect(), chart)
    pygame.image.save(surface, str(path))


def nominal(px: int) -> int:
    """The smallest nominal font size whose em size is at least `px` (see companion/ui/text.py)."""
    from companion.ui.text import pixel_size

    n = max(1, int(px / 0.6875))
    while pixel_size(n) < px:
        n += 1
    return n


def _dashes(points, dash: float):
    """Segments of a dashed polyline: on for `dash`, off for `dash`."""
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        length = math.hypot(bx - ax, by - ay)
        k = 0.0
        while k < length:
            e = min(length, k + dash)
            yield ((ax + (bx - ax) * k / length, ay + (by - ay) * k / length),
                   (ax + (bx - ax) * e / length, ay + (by - ay) * e / length))
            k += 2 * dash


# ---------------------------------------------------------------- SVG


def to_svg(chart: Chart, size: tuple[int, int] = (1200, 720)) -> str:
    """The chart as a standalone SVG document."""
    w, h = size
    body = "\n".join(_svg(s) for s in shapes(chart, w, h))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">\n'
            f"<title>{escape(chart.title)}: {escape(chart.subtitle)}</title>\n"
            '<g font-family="FreeSans, Helvetica, Arial, sans-serif" font-weight="bold">\n'
            f"{body}\n</g>\n</svg>\n")


def _svg(s: Shape) -> str:
    """One shape as an SVG element."""
    fill = _hex(s.colour)
    if s.kind == "rect":
        x, y, w, h = s.box
        return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" fill="{fill}"/>'
    if s.kind == "poly":
        return f'<polygon points="{_pts(s.points)}" fill="{fill}"/>'
    if s.kind == "circle":
        (x, y), = s.points
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(s.width)}" fill="{fill}"/>'
    if s.kind == "line":
        dash = f' stroke-dasharray="{_n(10 * s.width)}"' if s.dashed else ""
        return (f'<polyline points="{_pts(s.points)}" fill="none" stroke="{fill}" stroke-width="{_n(s.width)}"'
                f' stroke-linejoin="round"{dash}/>')
    (x, y), = s.points
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{s.px}" fill="{fill}" text-anchor="{s.anchor}"'
            f' dominant-baseline="central">{escape(s.text)}</text>')


def _hex(colour: Any) -> str:
    """#rrggbb."""
    r, g, b = (int(c) for c in colour[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def _n(v: float) -> str:
    """A coordinate with at most one decimal."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _pts(points) -> str:
    """SVG points list."""
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
