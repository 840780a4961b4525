"""What tells a story chart's lines apart (companion/ui/chart.py lays out the rest): each series'
marker shape, the thresholds' dashed lines with their labels put where they cross no data, and the
legend, which names the series no other place names and the thresholds that found no room.
"""

from __future__ import annotations

import math

from companion import palette
from companion.ui import theme
from companion.ui.shapes import Shape, hits_segment, line_height, measure, overlaps, text
from companion.ui.story import Panel, Series

# ---------------------------------------------------------------- thresholds


def place_marks(
    marks: list[tuple], data: list[Shape], plot: tuple, px: int, u: float, ypos, taken: list[Shape]
) -> tuple[list[Shape], list[tuple]]:
    """The threshold lines, each label in free space; (shapes, marks whose label found none)."""
    px0, py0, pw, ph = plot
    out: list[Shape] = []
    by_height: dict[float, list[tuple]] = {}
    for m in marks:
        by_height.setdefault(m[0], []).append(m)
    for yv, group in by_height.items():  # one line per height, dashes interleaved in their colours
        at = ypos(yv)
        dash = 3 * max(1.0, 2 * u)
        for k, (_y, _label, colour) in enumerate(group):
            out.append(
                Shape(
                    "line",
                    colour,
                    ((px0, at), (px0 + pw, at)),
                    width=max(1.0, 2 * u),
                    dashed=True,
                    phase=-k * 2 * dash / len(group),
                    role="mark",
                )
            )
    lines = [s for s in data if s.kind == "line"]
    solids = [s.box if s.kind == "rect" else _marker_box(s) for s in data if s.kind != "line"]
    labels: list[Shape] = []
    unplaced = []
    for m in marks:
        spot = _free_spot(
            m, lines, solids, labels + [t for t in taken if t.kind == "text"], out, plot, px, u, ypos
        )
        if spot is None:
            unplaced.append(m)
        else:
            labels.append(spot)
    return out + labels, unplaced


def _free_spot(
    m: tuple,
    lines: list[Shape],
    solids: list,
    labels: list[Shape],
    marks: list[Shape],
    plot: tuple,
    px: int,
    u: float,
    ypos,
) -> Shape | None:
    """The first place beside mark `m`'s line where its label meets no data, no label (the panel's
    title and legend among them) and no other mark."""
    px0, py0, pw, ph = plot
    yv, label, colour = m
    at = ypos(yv)
    tw, th = measure(label, px)
    lh = line_height(px)
    pad = 4 * u
    for top in (at - lh - 1 * u, at + 2 * u):  # above its line, else under it
        for left in (px0 + pw - tw - pad, px0 + pad, px0 + (pw - tw) / 2):
            s = text(left, top, label, px, colour, role="chart")
            ink = _ink(s)
            if ink[1] < py0 - 0.5 * lh or ink[1] + ink[3] > py0 + ph:
                continue
            if any(
                hits_segment(ink, a, b, line.width / 2 + u)
                for line in lines
                for a, b in zip(line.points, line.points[1:])
            ):
                continue
            if any(overlaps(ink, box, u) for box in solids) or any(overlaps(s.box, o.box, u) for o in labels):
                continue
            if any(
                o.kind == "line" and o.points[0][1] != at and hits_segment(ink, *o.points, u) for o in marks
            ):
                continue
            return s
    return None


def _ink(s: Shape) -> tuple[float, float, float, float]:
    """Where a label's glyphs are (companion/ui/shapes.py ink_box)."""
    from companion.ui.shapes import ink_box

    return ink_box(s)


def _marker_box(s: Shape) -> tuple[float, float, float, float]:
    """The box around a marker shape."""
    if s.kind == "circle":
        ((cx, cy),) = s.points
        return cx - s.width, cy - s.width, 2 * s.width, 2 * s.width
    xs = [p[0] for p in s.points]
    ys = [p[1] for p in s.points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


# ---------------------------------------------------------------- legend


def legend_entries(panel: Panel, players_named: bool, marks: list[tuple]) -> list[tuple[str, Series | tuple]]:
    """What the legend names: the series no other place names (when two or more lines need telling
    apart), then the thresholds that found no room in the plot."""
    own = [s for s in panel.series if not (players_named and s.player)]
    entries: list[tuple[str, Series | tuple]] = (
        [(s.name, s) for s in own] if len(panel.series) > 1 and own else []
    )
    return entries + [(m[1], m) for m in marks]


def legend_shapes(
    entries: list, x: float, y: float, w: float, head_w: float, lh: float, px: int, u: float
) -> tuple[list[Shape], float]:
    """The legend (a series' marker, a threshold's dashes, then the name) after the heading on its
    row when it fits there, else in rows under it; (shapes, the height it adds under the heading row)."""
    if not entries:
        return [], 0.0
    r = 5.5 * u
    keys = [2.4 * r if isinstance(e, Series) else 22 * u for _n, e in entries]
    widths = [k + measure(name, px)[0] for (name, _e), k in zip(entries, keys)]
    space = 0.7 * px
    row_y, cx, added = y, x + head_w + 1.2 * px, 0.0
    if cx + sum(widths) + space * (len(widths) - 1) > x + w:  # not beside the heading: rows of their own
        row_y, cx, added = y + lh, x, lh
    out: list[Shape] = []
    for (name, entry), ew, key in zip(entries, widths, keys):
        if cx + ew > x + w and cx > x:
            row_y, cx, added = row_y + lh, x, added + lh
        mid = row_y + lh / 2
        if isinstance(entry, Series):
            out.append(marker(entry.marker, (cx + r, mid), r, entry.colour, role="legend"))
        else:
            out.append(
                Shape(
                    "line",
                    entry[2],
                    ((cx, mid), (cx + key - 6 * u, mid)),
                    width=max(1.0, 2 * u),
                    dashed=True,
                    role="legend",
                )
            )
        out.append(text(cx + key, row_y, name, px, theme.TEXT, role="chart"))
        cx += ew + space
    return out, added


# ---------------------------------------------------------------- markers and numbers

UNIT = {
    "square": ((-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)),
    "triangle": ((0, -1.2), (1.1, 0.9), (-1.1, 0.9)),
    "diamond": ((0, -1.3), (1.3, 0), (0, 1.3), (-1.3, 0)),
    "down": ((-1.1, -0.9), (1.1, -0.9), (0, 1.2)),
    "cross": (
        (-0.4, -1.2),
        (0.4, -1.2),
        (0.4, -0.4),
        (1.2, -0.4),
        (1.2, 0.4),
        (0.4, 0.4),
        (0.4, 1.2),
        (-0.4, 1.2),
        (-0.4, 0.4),
        (-1.2, 0.4),
        (-1.2, -0.4),
        (-0.4, -0.4),
    ),
    "star": tuple(
        (
            math.sin(k * math.pi / 5) * (1.35 if k % 2 == 0 else 0.6),
            -math.cos(k * math.pi / 5) * (1.35 if k % 2 == 0 else 0.6),
        )
        for k in range(10)
    ),
    "hexagon": tuple((math.cos(k * math.pi / 3) * 1.15, math.sin(k * math.pi / 3) * 1.15) for k in range(6)),
    "pentagon": tuple(
        (math.sin(k * 2 * math.pi / 5) * 1.15, -math.cos(k * 2 * math.pi / 5) * 1.15) for k in range(5)
    ),
}


def marker(kind: str, at: tuple[float, float], r: float, colour, role: str = "data") -> Shape:
    """A marker shape of radius `r` at `at`: circle, square, triangle, diamond, down, cross, star,
    hexagon, pentagon (an unknown kind: a circle)."""
    cx, cy = at
    unit = UNIT.get(kind)
    if unit is None and kind in palette.SHAPES and kind != "circle":  # a seat's own shape (moon...)
        unit = tuple((x * 1.25, y * 1.25) for x, y in palette.shape_points(kind))
    if unit is None:
        return Shape("circle", colour, ((cx, cy),), width=r, role=role)
    return Shape("poly", colour, tuple((cx + dx * r, cy + dy * r) for dx, dy in unit), role=role)
