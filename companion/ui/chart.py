"""Lay out the panels of a story `Chart` (companion/ui/story.py) in a box, honestly.

`layout(panels, box, px, u)` returns plain shapes (companion/ui/shapes.py) that a screen, a PNG and
an SVG all draw. What it promises, and tests/ui/test_chart.py checks by drawing:

- **Labelled axes**: each panel's heading says what is counted (the y axis); the row under the plot
  starts with what runs along it (rounds, steps, players), then its tick labels; every label is a
  measured text that meets no other.
- **Every series named**: a panel with two or more series that are not players' lines has a legend;
  players' lines are named by the end card's row of players (same colour, same marker), or by the
  legend too when `players_named` is False.
- **No line hidden by another**: where two series have the same value, their points are spread by a
  little more than a line's width (upwards from the floor, downwards from the ceiling, else around the
  value), so two lines that run together show as two parallel lines, and each point has a marker.
- **No label across a data line**: a threshold's label (the Altar's attack mark, the bites that win)
  goes into the first free place beside its line, tested against every data segment and marker; with
  no free place it goes into the legend instead. Two thresholds at one height share the line, their
  dashes interleaved in their two colours.
- **Tall enough to read**: a plot is never flatter than `MIN_PLOT` reference pixels; panels sit side by
  side when they fit so, else stacked, else the later panels are left out (never an empty frame).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from companion.ui import theme
from companion.ui.chart_labels import legend_entries, legend_shapes, marker, place_marks
from companion.ui.shapes import Shape, line_height, measure, overlaps, text
from companion.ui.story import Panel, Series

GRID = (52, 50, 66)
AXIS = (120, 118, 128)
MIN_PLOT = (110, 62)  # reference px: the narrowest and flattest a plot may be (a plot 25 px tall was a bug)


def layout(
    panels: Sequence[Panel],
    box: tuple[float, float, float, float],
    px: int,
    u: float,
    players_named: bool = True,
) -> list[Shape]:
    """The panels laid out in `box` (x, y, w, h): texts at em size `px`, lines and gaps scaled by `u`
    (1 at 800x480). `players_named`: the players' series are named elsewhere (the card's players)."""
    return fitted(panels, box, px, u, players_named)[0]


def fitted(
    panels: Sequence[Panel],
    box: tuple[float, float, float, float],
    px: int,
    u: float,
    players_named: bool = True,
    most: int | None = None,
) -> tuple[list[Shape], int]:
    """(shapes, how many panels they show): the first `most` panels (default: all) side by side, else
    stacked; when they do not fit, fewer; (no shapes, 0) when not even the first fits."""
    x, y, w, h = box
    gap = 18 * u
    for n in range(
        min(len(panels), most or len(panels)), 0, -1
    ):  # side by side, else stacked; else fewer panels
        shown = list(panels[:n])
        for side in (True, False):
            cells = _cells(n, x, y, w, h, gap, side)
            frames = [_frame(p, c, px, u, players_named) for p, c in zip(shown, cells)]
            if all(f is not None for f in frames):
                return [s for f in frames for s in f], n
    return [], 0


def _cells(n: int, x: float, y: float, w: float, h: float, gap: float, side: bool) -> list[tuple]:
    """`n` boxes side by side or stacked in the box, `gap` apart."""
    if side:
        cw = (w - (n - 1) * gap) / n
        return [(x + i * (cw + gap), y, cw, h) for i in range(n)]
    ch = (h - (n - 1) * gap) / n
    return [(x, y + i * (ch + gap), w, ch) for i in range(n)]


def _frame(panel: Panel, cell: tuple, px: int, u: float, players_named: bool) -> list[Shape] | None:
    """One panel in `cell`, or None when its plot would be smaller than MIN_PLOT."""
    marks = _marks(panel)
    legend_marks: list[tuple] = []
    for _attempt in range(2):  # marks whose label finds no room in the plot go into the legend
        out = _try_frame(panel, cell, px, u, players_named, marks, legend_marks)
        if out is None:
            return None
        shapes, unplaced = out
        if not unplaced:
            return shapes
        legend_marks = legend_marks + unplaced
    return shapes


def _try_frame(
    panel: Panel,
    cell: tuple,
    px: int,
    u: float,
    players_named: bool,
    marks: list[tuple],
    legend_marks: list[tuple],
):
    """(shapes, marks whose label found no place) of one panel, or None when too small."""
    x, y, w, h = cell
    lh = line_height(px)
    out: list[Shape] = [text(x, y, panel.title, px, theme.TEXT, role="chart")]
    head_w = measure(panel.title, px)[0]
    if head_w > w or measure(panel.x_title, px)[0] > w / 2:
        return None  # its words do not fit beside another panel: stacked, or left out
    entries = legend_entries(panel, players_named, legend_marks)
    legend, legend_h = legend_shapes(entries, x, y, w, head_w, lh, px, u)
    out += legend
    top_val = max(
        [panel.y_max] + [v for s in panel.series for v in s.values if v is not None] + [m[0] for m in marks]
    )
    roomy = (
        marks and max(m[0] for m in marks) >= top_val
    ) or panel.kind == "bar"  # a label or a marker over the top
    ticks = _ticks(top_val * (1.12 if roomy else 1.0))
    label_w = max(measure(_fmt(t), px)[0] for t in ticks) + 8 * u
    if panel.kind == "bar":  # each bar is someone: its label may not give way to the axis title
        label_w = max(label_w, measure(panel.x_title, px)[0] + 12 * u)
    r = 5.5 * u  # a marker's radius
    pw = w - label_w - r
    rows = 1
    if panel.kind == "bar" and panel.x_labels:  # each bar keeps its label: in one row, else in two, staggered
        widest = max(measure(t, px)[0] for t in panel.x_labels) + 4 * u
        rows = 1 if widest <= pw / len(panel.x_labels) else 2
        if widest > 2 * pw / len(panel.x_labels):
            return None  # even staggered a label would give way to its neighbour's: stacked, or left out
    plot = (x + label_w, y + lh + legend_h + 0.3 * lh, pw, h - lh - legend_h - 0.3 * lh - (0.3 + rows) * lh)
    px0, py0, pw, ph = plot
    if pw < MIN_PLOT[0] * u or ph < MIN_PLOT[1] * u:
        return None
    ymax = ticks[-1] or 1.0

    def ypos(v: float) -> float:
        return py0 + ph - ph * max(0.0, min(v, ymax)) / ymax

    out += _y_axis(ticks, ypos, px0, pw, px, lh, u)
    xs = _xs(panel, px0, pw, r)
    out += _x_axis(panel, xs, x, px0, pw, py0 + ph, px, lh, u, rows)
    data = _bars(panel, xs, pw, ypos, u, r) if panel.kind == "bar" else _lines(panel, xs, ypos, u, r, ph)
    placed, unplaced = place_marks([m for m in marks if m not in legend_marks], data, plot, px, u, ypos, out)
    return out + data + placed, unplaced


def _marks(panel: Panel) -> list[tuple]:
    """The panel's thresholds as (y, label, colour)."""
    return [(float(m[0]), str(m[1]), tuple(m[2]) if len(m) > 2 else theme.FOCUS) for m in panel.y_lines]


# ---------------------------------------------------------------- axes


def _y_axis(ticks: list[float], ypos, px0: float, pw: float, px: int, lh: float, u: float) -> list[Shape]:
    """Grid lines at every tick; labels at 0 and every k-th tick up from it, k as small as keeps two
    labels a line apart."""
    out: list[Shape] = []
    spacing = abs(ypos(ticks[1]) - ypos(ticks[0])) if len(ticks) > 1 else lh
    k = max(1, math.ceil(lh * 0.95 / max(1.0, spacing)))
    for i, t in enumerate(ticks):
        at = ypos(t)
        out.append(Shape("line", GRID, ((px0, at), (px0 + pw, at)), width=max(1.0, u), role="grid"))
        if i % k == 0:
            out.append(text(px0 - 7 * u, at - lh / 2, _fmt(t), px, theme.TEXT_DIM, anchor="end"))
    return out


def _xs(panel: Panel, px0: float, pw: float, r: float) -> list[float]:
    """The x of each position: lines from edge to edge (a marker's room inside), bars centred in slots."""
    n = max(1, len(panel.x_labels), max((len(s.values) for s in panel.series), default=0))
    if panel.kind == "bar":
        return [px0 + pw * (i + 0.5) / n for i in range(n)]
    if n == 1:
        return [px0 + pw / 2]
    return [px0 + r + (pw - 2 * r) * i / (n - 1) for i in range(n)]


def _x_axis(
    panel: Panel,
    xs: list[float],
    left: float,
    px0: float,
    pw: float,
    bottom: float,
    px: int,
    lh: float,
    u: float,
    rows: int = 1,
) -> list[Shape]:
    """The axis line, then one row under it: the axis title at its start (from the panel's left edge,
    under the y labels), and the tick labels that fit after it (every n-th, the last always); a bar
    chart's labels in `rows` rows (2: every other one a line lower, so that long names all show)."""
    out = [Shape("line", AXIS, ((px0, bottom), (px0 + pw, bottom)), width=max(1.0, 2 * u), role="axis")]
    top = bottom + 0.3 * lh  # clear of the 0 label, which is centred on the axis
    title = text(left, top, panel.x_title, px, theme.TEXT)
    out.append(title)
    labels = list(panel.x_labels)[: len(xs)]
    gap = (4 if panel.kind == "bar" else 12) * u  # bars stand apart already
    if labels:
        widest = max(measure(t, px)[0] for t in labels)
        spacing = (
            rows * (xs[-1] - xs[0]) / (len(xs) - 1) if len(xs) > 1 else pw
        )  # (a label's neighbours: a row apart)
        every = max(1, math.ceil((widest + gap) / max(1.0, spacing)))
        picked = sorted({i for i in range(0, len(labels), every)} | {len(labels) - 1})
        shown: list[Shape] = [title]
        for i in reversed(picked):  # the last first: it is always shown, a label too near it is not
            s = text(xs[i], top + (i % rows) * lh, labels[i], px, theme.TEXT_DIM, anchor="middle")
            if all(not overlaps(s.box, o.box, gap / 2) for o in shown):
                shown.append(s)
        out += shown[1:]
    return out


# ---------------------------------------------------------------- data


def _lines(panel: Panel, xs: list[float], ypos, u: float, r: float, ph: float) -> list[Shape]:
    """Each series as a line with a marker at every value; equal values spread apart (see the module),
    their markers drawn small so that the lines beside each other stay in sight."""
    width = 3 * u
    spread = width + 1.6 * u
    ys = _spread(panel.series, ypos, spread, ph)
    tied = _tied(panel.series)
    lines, markers = [], []
    for j, (s, column) in enumerate(zip(panel.series, ys)):
        pts = [(i, xs[i], yv) for i, yv in enumerate(column) if yv is not None and i < len(xs)]
        if len(pts) > 1:
            lines.append(Shape("line", s.colour, tuple((x, y) for _i, x, y in pts), width=width, role="data"))
        markers += [
            marker(s.marker, (x, y), r * (0.55 if (j, i) in tied else 1.0), s.colour) for i, x, y in pts
        ]
    return lines + markers


def _tied(series: Sequence[Series]) -> set[tuple[int, int]]:
    """(series, position) of every value another series shares at that position."""
    out = set()
    n = max((len(s.values) for s in series), default=0)
    for i in range(n):
        seen: dict[float, list[int]] = {}
        for j, s in enumerate(series):
            if i < len(s.values) and s.values[i] is not None:
                seen.setdefault(float(s.values[i]), []).append(j)
        out |= {(j, i) for members in seen.values() if len(members) > 1 for j in members}
    return out


def _spread(series: Sequence[Series], ypos, d: float, ph: float) -> list[list[float | None]]:
    """Each series' y per position, points of equal value spread `d` apart in seat order."""
    out: list[list[float | None]] = [[None if v is None else ypos(v) for v in s.values] for s in series]
    n = max((len(s.values) for s in series), default=0)
    floor, ceiling = ypos(0), ypos(float("inf"))
    for i in range(n):
        groups: dict[float, list[int]] = {}
        for j, s in enumerate(series):
            if i < len(s.values) and s.values[i] is not None:
                groups.setdefault(float(s.values[i]), []).append(j)
        for members in groups.values():
            g = len(members)
            if g < 2:
                continue
            for k, j in enumerate(members):
                base = out[j][i]
                if abs(base - floor) < 0.5:
                    out[j][i] = base - k * d  # upwards from the floor
                elif abs(base - ceiling) < 0.5:
                    out[j][i] = base + k * d  # downwards from the ceiling
                else:
                    out[j][i] = base + (k - (g - 1) / 2) * d
    return out


def _bars(panel: Panel, xs: list[float], pw: float, ypos, u: float, r: float) -> list[Shape]:
    """Bars: one full bar per position when only one series has a value there, else side by side.
    A player's bar carries their marker (cut out near its top, or on it when it is too short), so
    the bars are told apart by shape as well as colour."""
    out, marks = [], []
    slot = pw / max(1, len(xs)) * 0.72
    alone = all(
        sum(1 for s in panel.series if i < len(s.values) and s.values[i] is not None) <= 1
        for i in range(len(xs))
    )
    k = 1 if alone else max(1, len(panel.series))
    for j, s in enumerate(panel.series):
        for i, v in enumerate(s.values):
            if v is None or i >= len(xs):
                continue
            left = xs[i] - slot / 2 + (0 if alone else j * slot / k)
            top, bottom = ypos(v), ypos(0)
            width = max(1.0, slot / k - u)
            out.append(
                Shape(
                    "rect",
                    s.colour,
                    box=(left, top, width, max(1.0, bottom - top)),
                    radius=2 * u,
                    role="data",
                )
            )
            if s.player and width >= 2.6 * r:
                inside = bottom - top >= 3 * r
                marks.append(
                    marker(
                        s.marker,
                        (left + width / 2, top + 1.4 * r if inside else top - 1.4 * r),
                        r,
                        theme.BG if inside else s.colour,
                    )
                )
    return out + marks


def _ticks(top: float) -> list[float]:
    """0 up to at least `top` in 2 to 5 round steps."""
    top = max(1.0, float(top))
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 1e9) if top / s <= 5)
    return [step * k for k in range(int(math.ceil(top / step - 1e-9)) + 1)]


def _fmt(v: float) -> str:
    """A tick value without a needless .0."""
    return str(int(v)) if float(v).is_integer() else f"{v:g}"
