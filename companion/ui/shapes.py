"""Plain shapes, laid out once and drawn twice: with pygame (a screen, a PNG) and as SVG.

The story chart (companion/ui/chart.py) and the end-of-game card (companion/ui/cardview.py) lay
themselves out as a list of `Shape`s in pixels; `paint` draws them on a pygame surface and returns a
`TextBox` for every text (the screen check's boxes), `svg_document` writes the same list as a
standalone SVG. Texts are measured with the shipped fonts (companion/ui/assets) before they are
placed, and placed by their top-left corner; the SVG puts each line on the font's own baseline
(top + ascent) and embeds the fonts it uses, so a viewer draws the glyphs where pygame drew them.
"""

from __future__ import annotations

import base64
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

RGB = tuple[int, int, int]
FAMILIES = {"display": "NW Cinzel", "ui": "NW Atkinson", "ui-regular": "NW Atkinson Regular"}


@dataclass(frozen=True)
class Shape:
    """One thing to draw.

    kind:  rect (box; `radius` rounds it), poly (filled points), line (points, width, dashed, dash
           offset `phase`), circle (centre, radius in `width`), text (box = x, top, width, height of its
           lines; `text` one line or several joined by newlines, `leading` apart), fade (box filled with
           `colour` from opacity `alpha` at one edge to `alpha2` at the other: `direction` "down" or
           "right"), art (box filled with illustration `text` at time of day `face`, cropped to cover,
           aligned by `anchor`: "bottom" or "middle").
    role:  what the shape is, for the tests and the screen check: "data" (a series' line or marker),
           "grid", "axis", "mark" (a threshold line), "legend", "backdrop"; a text's is its TextBox role
           ("chart" by default, "title" for a page's main text).
    """

    kind: str
    colour: RGB = (0, 0, 0)
    points: tuple[tuple[float, float], ...] = ()
    box: tuple[float, float, float, float] = (0, 0, 0, 0)
    width: float = 1
    dashed: bool = False
    phase: float = 0
    text: str = ""
    px: int = 0
    face: str = "ui"
    anchor: str = "start"
    leading: float = 0
    alpha: float = 1.0
    alpha2: float = 1.0
    direction: str = "down"
    radius: float = 0
    role: str = ""

    @property
    def lines(self) -> list[str]:
        """A text's lines."""
        return self.text.split("\n")


def font(face: str, px: int):
    """The shipped font `face` at em size `px` (companion.ui.assets)."""
    from companion.ui import assets

    return assets.font(face, px)


def measure(text: str, px: int, face: str = "ui") -> tuple[int, int]:
    """(width, height) of one line of `text` in `face` at em size `px`, as pygame renders it."""
    return font(face, px).size(text)


def line_height(px: int, face: str = "ui") -> int:
    """The height pygame gives one rendered line of `face` at `px`."""
    return font(face, px).get_height()


def wrap(text: str, px: int, face: str, width: float) -> list[str] | None:
    """`text` wrapped at spaces into lines no wider than `width`; None when a word alone is wider."""
    f = font(face, px)
    out: list[str] = []
    line = ""
    for word in text.split():
        if f.size(word)[0] > width:
            return None
        trial = f"{line} {word}" if line else word
        if f.size(trial)[0] <= width:
            line = trial
        else:
            out.append(line)
            line = word
    return out + [line] if line else out


def text(
    x: float,
    top: float,
    words: str | list[str],
    px: int,
    colour: RGB,
    face: str = "ui",
    anchor: str = "start",
    role: str = "chart",
    leading: float | None = None,
) -> Shape:
    """A text shape with its box measured: `x` is its left edge, centre or right edge by `anchor`."""
    lines = [words] if isinstance(words, str) else list(words)
    f = font(face, px)
    w = max(f.size(ln)[0] for ln in lines)
    lead = leading if leading is not None else f.get_linesize()
    h = f.get_height() + lead * (len(lines) - 1)
    left = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
    return Shape(
        "text",
        colour,
        box=(left, top, w, h),
        text="\n".join(lines),
        px=px,
        face=face,
        anchor=anchor,
        leading=lead,
        role=role,
    )


def overlaps(
    a: tuple[float, float, float, float], b: tuple[float, float, float, float], gap: float = 0
) -> bool:
    """Do boxes (x, y, w, h) `a` and `b` come closer than `gap`?"""
    return (
        a[0] < b[0] + b[2] + gap
        and b[0] < a[0] + a[2] + gap
        and a[1] < b[1] + b[3] + gap
        and b[1] < a[1] + a[3] + gap
    )


def ink_box(s: Shape) -> tuple[float, float, float, float]:
    """The part of a text's box its glyphs cover: without the room above the capitals and under the
    baseline that pygame's line keeps (half the descent above, the descent below)."""
    x, y, w, h = s.box
    f = font(s.face, s.px)
    top, bottom = max(0, f.get_ascent() - s.px * 0.75), -f.get_descent()
    return x, y + top, w, max(1.0, h - top - bottom * 0.6)


def hits_segment(
    box: tuple[float, float, float, float], a: tuple[float, float], b: tuple[float, float], margin: float = 0
) -> bool:
    """Does the segment a-b pass through `box` grown by `margin` (Liang-Barsky clipping)?"""
    x0, y0, w, h = box[0] - margin, box[1] - margin, box[2] + 2 * margin, box[3] + 2 * margin
    dx, dy = b[0] - a[0], b[1] - a[1]
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x0 + w - a[0]), (-dy, a[1] - y0), (dy, y0 + h - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return False
    return True


# ---------------------------------------------------------------- pygame


def paint(surface, items: Iterable[Shape]) -> list:
    """Draw `items` on a pygame surface in order; a TextBox (companion/ui/render.py) for every text."""
    import pygame

    boxes = []
    for s in items:
        if s.kind == "rect":
            _rect(surface, s)
        elif s.kind == "poly":
            pygame.draw.polygon(surface, s.colour, s.points)
            pygame.draw.aalines(surface, s.colour, True, s.points)
        elif s.kind == "circle":
            pygame.draw.circle(surface, s.colour, s.points[0], s.width)
        elif s.kind == "line":
            _line(surface, s)
        elif s.kind == "fade":
            _fade(surface, s)
        elif s.kind == "art":
            _art(surface, s)
        elif s.kind == "text":
            boxes.append(_text(surface, s))
    return boxes


def _rect(surface, s: Shape) -> None:
    """A filled box, rounded by `radius`, translucent below alpha 1."""
    import pygame

    r = pygame.Rect(*(round(v) for v in s.box))
    if s.alpha >= 1:
        pygame.draw.rect(surface, s.colour, r, border_radius=round(s.radius))
        return
    layer = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(
        layer, (*s.colour, round(255 * s.alpha)), layer.get_rect(), border_radius=round(s.radius)
    )
    surface.blit(layer, r.topleft)


def _line(surface, s: Shape) -> None:
    """A polyline, solid or dashed, with round joins."""
    import pygame

    w = max(1, round(s.width))
    pairs = list(_dashes(s.points, 3 * s.width, s.phase)) if s.dashed else list(zip(s.points, s.points[1:]))
    for a, b in pairs:
        pygame.draw.line(surface, s.colour, a, b, w)
    if not s.dashed and w > 2:  # round joins, so a bend shows no notch
        for p in s.points:
            pygame.draw.circle(surface, s.colour, p, w / 2)


def _fade(surface, s: Shape) -> None:
    """A box of one colour whose opacity runs from `alpha` to `alpha2` down or to the right."""
    import pygame

    x, y, w, h = (round(v) for v in s.box)
    if w <= 0 or h <= 0:
        return
    steps = h if s.direction == "down" else w
    strip = pygame.Surface((1, steps) if s.direction == "down" else (steps, 1), pygame.SRCALPHA)
    for i in range(steps):
        a = s.alpha + (s.alpha2 - s.alpha) * (i / max(1, steps - 1))
        strip.set_at(
            (0, i) if s.direction == "down" else (i, 0), (*s.colour, round(255 * max(0.0, min(1.0, a))))
        )
    surface.blit(pygame.transform.scale(strip, (w, h)), (x, y))


def _art(surface, s: Shape) -> None:
    """An illustration covering its box (cropped, never stretched)."""
    from companion.ui import assets

    x, y, w, h = (round(v) for v in s.box)
    (aw, ah) = art_size(s.text)
    scale = max(w / aw, h / ah)
    picture = assets.art(s.text, (math.ceil(aw * scale), math.ceil(ah * scale)), s.face)
    pw, ph = picture.get_size()
    dy = ph - h if s.anchor == "bottom" else (ph - h) // 2
    clip = surface.get_clip()
    surface.set_clip((x, y, w, h))
    surface.blit(picture, (x - (pw - w) // 2, y - dy))
    surface.set_clip(clip)


def art_size(name: str) -> tuple[int, int]:
    """An illustration's own width and height (its SVG's viewBox)."""
    from companion.ui import assets

    found = re.search(r'viewBox="0 0 (\d+) (\d+)"', assets.art_svg(name))
    return (int(found.group(1)), int(found.group(2))) if found else (800, 400)


def _text(surface, s: Shape):
    """Render a text's lines from the top of its box; its TextBox for the screen check."""
    import pygame

    from companion.ui.text import Fit, TextBox

    f = font(s.face, s.px)
    x, y, w, h = s.box
    rect = pygame.Rect(math.floor(x), math.floor(y), math.ceil(w) + 1, math.ceil(h) + 1)
    at = []
    for i, ln in enumerate(s.lines):
        img = f.render(ln, True, s.colour)
        lw = img.get_width()
        left = x + w - lw if s.anchor == "end" else x + (w - lw) / 2 if s.anchor == "middle" else x
        surface.blit(img, (round(left), round(y + i * s.leading)))
        at.append((round(left) - rect.x, round(y + i * s.leading) - rect.y))
    colour = tuple(s.colour)
    fit = Fit(
        nominal(s.px), tuple(s.lines), math.ceil(w), math.ceil(h), False, em=s.px, at=tuple(at), colour=colour
    )
    return TextBox(s.text.replace("\n", " "), rect, fit, s.role or "chart")


def nominal(px: int) -> int:
    """The nominal font size whose em size in the UI face (companion/ui/text.py's pixel_size) is `px`
    or just above."""
    from companion.ui.text import pixel_size

    n = max(1, int(px / 0.8))
    while pixel_size(n) < px:
        n += 1
    return n


def _dashes(points, dash: float, phase: float = 0.0):
    """Segments of a dashed polyline: on for `dash`, off for `dash`, starting `phase` into the pattern."""
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        length = math.hypot(bx - ax, by - ay)
        k = -phase
        while k < length:
            s, e = max(0.0, k), min(length, k + dash)
            if e > s:
                yield (
                    (ax + (bx - ax) * s / length, ay + (by - ay) * s / length),
                    (ax + (bx - ax) * e / length, ay + (by - ay) * e / length),
                )
            k += 2 * dash


# ---------------------------------------------------------------- SVG


def svg_document(items: list[Shape], size: tuple[int, int], title: str = "") -> str:
    """`items` as a standalone SVG document of `size`, with the fonts its texts use embedded."""
    w, h = size
    faces = sorted({s.face for s in items if s.kind == "text"})
    body = "\n".join(_svg(s, i) for i, s in enumerate(items))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">\n'
        f"<title>{escape(title)}</title>\n<defs><style>{_font_faces(faces)}</style></defs>\n"
        f"{body}\n</svg>\n"
    )


def _font_faces(faces: list[str]) -> str:
    """@font-face rules with the shipped font files as data (SIL OFL: embedding is allowed)."""
    from companion.ui import assets

    out = []
    for face in faces:
        with open(assets.path("fonts", assets.FONTS[face]), "rb") as f:
            data = base64.b64encode(f.read()).decode("ascii")
        out.append(
            f'@font-face{{font-family:"{FAMILIES[face]}";src:url(data:font/ttf;base64,{data}) format("truetype");}}'
        )
    return "".join(out)


def _svg(s: Shape, i: int) -> str:
    """One shape as an SVG element (`i` makes its ids unique)."""
    fill = hex_colour(s.colour)
    opacity = f' fill-opacity="{_n(s.alpha)}"' if s.alpha < 1 else ""
    if s.kind == "rect":
        x, y, w, h = s.box
        rx = f' rx="{_n(s.radius)}"' if s.radius else ""
        return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{rx} fill="{fill}"{opacity}/>'
    if s.kind == "poly":
        return f'<polygon points="{_pts(s.points)}" fill="{fill}"/>'
    if s.kind == "circle":
        ((x, y),) = s.points
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(s.width)}" fill="{fill}"/>'
    if s.kind == "line":
        dash = (
            f' stroke-dasharray="{_n(3 * s.width)}" stroke-dashoffset="{_n(s.phase)}"'
            if s.dashed
            else ' stroke-linejoin="round" stroke-linecap="round"'
        )
        return f'<polyline points="{_pts(s.points)}" fill="none" stroke="{fill}" stroke-width="{_n(s.width)}"{dash}/>'
    if s.kind == "fade":
        return _svg_fade(s, i)
    if s.kind == "art":
        return _svg_art(s)
    return _svg_text(s)


def _svg_fade(s: Shape, i: int) -> str:
    """A fade as a rect filled with a linear gradient of its own."""
    x, y, w, h = s.box
    x2, y2 = ("0", "1") if s.direction == "down" else ("1", "0")
    c = hex_colour(s.colour)
    return (
        f'<linearGradient id="nw-fade{i}" x1="0" y1="0" x2="{x2}" y2="{y2}">'
        f'<stop offset="0" stop-color="{c}" stop-opacity="{_n(s.alpha)}"/>'
        f'<stop offset="1" stop-color="{c}" stop-opacity="{_n(s.alpha2)}"/></linearGradient>'
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" fill="url(#nw-fade{i})"/>'
    )


def _svg_art(s: Shape) -> str:
    """The illustration's own SVG, nested in the box and cropped as `paint` crops it."""
    from companion.ui import assets

    x, y, w, h = s.box
    source = assets.art_svg(s.text, s.face)
    source = re.sub(r"<!--.*?-->", "", source, flags=re.S)
    source = re.sub(r'\bid="([^"]+)"', r'id="nw-art-\1"', source)  # its ids kept apart from ours
    source = re.sub(r"url\(#([^)]+)\)", r"url(#nw-art-\1)", source)
    source = re.sub(r'href="#([^"]+)"', r'href="#nw-art-\1"', source)
    align = "xMidYMax slice" if s.anchor == "bottom" else "xMidYMid slice"
    return re.sub(
        r"<svg\b[^>]*>",
        f'<svg x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
        f'viewBox="0 0 {" ".join(map(str, art_size(s.text)))}" preserveAspectRatio="{align}">',
        source.strip(),
        count=1,
    )


def _svg_text(s: Shape) -> str:
    """A text, each line on the font's baseline, in the embedded font."""
    f = font(s.face, s.px)
    x, y, w, _h = s.box
    at, anchor = (
        (x + w, "end")
        if s.anchor == "end"
        else (x + w / 2, "middle")
        if s.anchor == "middle"
        else (x, "start")
    )
    spans = "".join(
        f'<tspan x="{_n(at)}" y="{_n(y + f.get_ascent() + k * s.leading)}">{escape(ln)}</tspan>'
        for k, ln in enumerate(s.lines)
    )
    return (
        f'<text font-family="{FAMILIES[s.face]}" font-size="{s.px}" fill="{hex_colour(s.colour)}" '
        f'text-anchor="{anchor}">{spans}</text>'
    )


def hex_colour(colour: Any) -> str:
    """#rrggbb."""
    r, g, b = (int(c) for c in colour[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def _n(v: float) -> str:
    """A number with at most two decimals."""
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _pts(points) -> str:
    """SVG points list."""
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
