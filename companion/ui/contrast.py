"""The contrast a player sees: each text's ink against what lies around it on the finished page.

The ratio is WCAG 2's: (L1 + 0.05) / (L2 + 0.05) of the lighter and the darker relative luminance
(sRGB decoded to linear light, 0.2126 R + 0.7152 G + 0.0722 B). The screen check
(companion/ui/screencheck.py) wants `READABLE` = 4.5:1 for every text and `DISABLED` = 3:1 for the
greyed label of something that cannot be pressed (a text asked for in theme.TEXT_OFF).

It measures what was drawn, not what was asked for:

- where the text went: the renderer's box says where each line's picture was put (`Fit.at`), and the
  recording (companion/ui/ink.py) kept each rendered text's coverage (a per-pixel-alpha render);
- the text's colour: the mean colour of the page's pixels under its fully covered ink (coverage
  >= `CORE`), as they ended up on the page (whatever was painted over them after);
- its background: what shows between the strokes, the page's pixels within each line's ink bounds
  (the counters, the gaps between letters and words; a line with none, "I", `RING` px round them)
  that the ink of no text covers or touches: every text's coverage, grown by `GAP` px, is left out,
  so an anti-aliased edge never counts as background. A frame or an icon beside the words is not
  behind them; a pattern or a picture under them is;
- the text's contrast: the contrast of the text's colour against each of those pixels, the
  `PERCENTILE`-th lowest of them: where the art behind a title or a cell's pattern makes the
  background vary, the worst part of it counts, not one stray pixel.

Pure pygame (no NumPy: the table's install has none): pixels are counted by colour, so a flat fill
costs one luminance however large it is.
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Iterable

import pygame

from companion.records import Named

READABLE = 4.5  # WCAG 2 AA for text: every label a player reads
DISABLED = 3.0  # the greyed label of a button that cannot be pressed
CORE = 250  # coverage from which a pixel of ink is the text's own colour (not an anti-aliased edge)
GAP = 1  # px around the ink that are neither ink nor background
RING = GAP + 1  # px round the ink's bounds taken as well where nothing within them is background ("I")
PERCENTILE = 5  # the text's contrast: this share (%) of its background pixels is worse


class Contrast(Named):
    """One text's measured contrast: the ratio, the limit it had to reach, the text, and the colour
    behind it at that ratio (what to look for: a focus ring, a border, a picture's moon)."""

    ratio: float
    limit: float
    text: str
    behind: tuple[int, int, int] = (0, 0, 0)


def luminance(rgb: Iterable[int]) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0..255 per channel)."""
    r, g, b = (_linear(c) for c in tuple(rgb)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: Iterable[int], b: Iterable[int]) -> float:
    """WCAG 2 contrast ratio of two sRGB colours (1.0 .. 21.0)."""
    return _ratio(luminance(a), luminance(b))


def measure(surface: pygame.Surface, boxes: Iterable, drawn: Iterable) -> list[Contrast]:
    """The contrast of every text the renderer placed (`boxes`: TextBoxes whose Fit says where each line
    went) on the finished page `surface`, their ink taken from the recording (`drawn`: ink.Drawn)."""
    from companion.ui import theme

    glyphs: dict[tuple[str, int], pygame.Surface] = {}
    for d in drawn:
        if d.glyph is not None:
            glyphs.setdefault((d.text, d.em), d.glyph)
            glyphs.setdefault((d.text, 0), d.glyph)
    page = surface.get_rect()
    placed = []  # (box, [(where the line's picture went, its ink's masks)])
    ink = pygame.mask.Mask(page.size)
    masks: dict[int, _Ink | None] = {}
    for box in boxes:
        if not box.fit.at or not box.fit.colour:
            continue
        lines = []
        for line, (dx, dy) in zip(box.fit.lines, box.fit.at):
            glyph = glyphs.get((line, box.fit.em)) or glyphs.get((line, 0))
            if glyph is None:
                continue
            if id(glyph) not in masks:
                masks[id(glyph)] = _ink(glyph)
            found = masks[id(glyph)]
            if found is not None:
                at = (box.rect.x + dx, box.rect.y + dy)
                lines.append((at, found))
                ink.draw(found.coverage, at)
        if lines:
            placed.append((box, lines))
    if not placed:
        return []
    grown = pygame.mask.Mask(page.size)
    for dx in range(-GAP, GAP + 1):
        for dy in range(-GAP, GAP + 1):
            grown.draw(ink, (dx, dy))
    background = pygame.Surface(page.size, pygame.SRCALPHA)  # the page with every text's ink cut out
    background.blit(surface, (0, 0))
    grown.to_surface(background, setcolor=(0, 0, 0, 0), unsetcolor=None)
    out = []
    for box, lines in placed:
        limit = DISABLED if tuple(box.fit.colour[:3]) == theme.TEXT_OFF else READABLE
        pixels: Counter[tuple[float, tuple[int, int, int]]] = Counter()
        for at, found in lines:
            glyph_l = _glyph_luminance(surface, at, found)
            bounds = found.bounds.move(at)
            if glyph_l is None or not bounds.clip(page):
                continue
            counts = _luminances(background.subsurface(bounds.clip(page)))
            if not counts and bounds.inflate(2 * RING, 2 * RING).clip(page):
                counts = _luminances(background.subsurface(bounds.inflate(2 * RING, 2 * RING).clip(page)))
            for (lum, rgb), n in counts.items():
                pixels[(_ratio(glyph_l, lum), rgb)] += n
        if pixels:
            worst, behind = _percentile(pixels, PERCENTILE)
            # to two decimals, rounded down: 4.499 reads 4.49 and fails
            out.append(Contrast(math.floor(worst * 100) / 100, limit, box.text, behind))
    return out


class _Ink(Named):
    """A rendered line's ink: its coverage (any), everything but its fully covered core, its bounds."""

    coverage: pygame.mask.Mask
    not_core: pygame.mask.Mask
    bounds: pygame.Rect


def _ink(glyph: pygame.Surface) -> _Ink | None:
    """The masks of a rendered line (a per-pixel-alpha render; None: it has no ink)."""
    coverage = pygame.mask.from_surface(glyph, 0)
    bounds = coverage.get_bounding_rects()
    if not bounds:
        return None
    not_core = pygame.mask.from_surface(glyph, CORE - 1)
    not_core.invert()
    return _Ink(coverage, not_core, bounds[0].unionall(bounds))


def _glyph_luminance(surface: pygame.Surface, at: tuple[int, int], found: _Ink) -> float | None:
    """Luminance of the mean colour of the page's pixels under a line's fully covered ink, its
    picture put at `at` (None: none on the page)."""
    area = found.bounds.move(at).clip(surface.get_rect())
    if not area:
        return None
    own = pygame.Surface(area.size, pygame.SRCALPHA)
    own.blit(surface, (0, 0), area)
    found.not_core.to_surface(
        own, setcolor=(0, 0, 0, 0), unsetcolor=None, dest=(at[0] - area.x, at[1] - area.y)
    )
    r, g, b, a = pygame.transform.average_color(own, consider_alpha=True)
    return _LUMINANCE_R[r] + _LUMINANCE_G[g] + _LUMINANCE_B[b] if a else None


def _luminances(surface: pygame.Surface) -> Counter[tuple[float, tuple[int, int, int]]]:
    """(luminance, colour) -> how many pixels of `surface` have it (transparent pixels left out)."""
    kept = pygame.mask.from_surface(surface, 0).count()
    if not kept:
        return Counter()
    r, g, b, _a = pygame.transform.average_color(surface, consider_alpha=True)
    if pygame.mask.from_threshold(surface, (r, g, b, 255), (1, 1, 1, 1)).count() == kept:  # one flat colour
        return Counter({(_LUMINANCE_R[r] + _LUMINANCE_G[g] + _LUMINANCE_B[b], (r, g, b)): kept})
    counts = Counter(memoryview(pygame.image.tobytes(surface, "RGBA")).cast("I"))
    counts.pop(0, None)  # cut out: transparent black (an opaque page pixel always has alpha 255)
    out: Counter[tuple[float, tuple[int, int, int]]] = Counter()
    for value, n in counts.items():
        r, g, b, a = value.to_bytes(4, sys.byteorder)
        if a:
            out[(_LUMINANCE_R[r] + _LUMINANCE_G[g] + _LUMINANCE_B[b], (r, g, b))] += n
    return out


def _percentile(counts: Counter, share: float):
    """The value below which `share` % of the counted items lie (the lowest value at least)."""
    total = sum(counts.values())
    goal = total * share / 100
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen > goal:
            return value
    return max(counts)


def _ratio(a: float, b: float) -> float:
    """Contrast ratio of two relative luminances."""
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def _linear(c: int) -> float:
    """One sRGB channel (0..255) in linear light."""
    s = c / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


_LUMINANCE_R = [0.2126 * _linear(c) for c in range(256)]
_LUMINANCE_G = [0.7152 * _linear(c) for c in range(256)]
_LUMINANCE_B = [0.0722 * _linear(c) for c in range(256)]
