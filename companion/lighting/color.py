"""Colours and the small pure blend functions the compositor and effects share.

A colour is an `(r, g, b)` tuple of ints 0..255; a segment's pixels are a tuple of colours. Nothing
here keeps state: the colour wheel table is built on first use and cached (a pure memo).
"""

from __future__ import annotations

import colorsys
from enum import Enum
from functools import cache

RGB = tuple[int, int, int]
Pixels = tuple[RGB, ...]

BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)
RED: RGB = (255, 0, 0)
GREEN: RGB = (0, 255, 0)
BLUE: RGB = (0, 0, 255)
AMBER: RGB = (255, 140, 0)


class Blend(str, Enum):
    """How a layer or overlay combines with what is under it."""

    REPLACE = "replace"  # the top wins (with opacity < 1 it mixes)
    ADD = "add"  # channels add, clipped at 255: flashes on top of a mood
    MAX = "max"  # per channel, the brighter wins


def scale(color: RGB, k: float) -> RGB:
    """`color` at brightness `k` (0..1), rounded to the nearest step."""
    return (int(color[0] * k + 0.5), int(color[1] * k + 0.5), int(color[2] * k + 0.5))


def mix(a: RGB, b: RGB, p: float) -> RGB:
    """The colour `p` of the way from `a` to `b` (p = 0 gives a, p = 1 gives b)."""
    return (
        int(a[0] + (b[0] - a[0]) * p + 0.5),
        int(a[1] + (b[1] - a[1]) * p + 0.5),
        int(a[2] + (b[2] - a[2]) * p + 0.5),
    )


def mix_pixels(a: Pixels, b: Pixels, p: float) -> Pixels:
    """Cross-fade two equally long segments; p = 0 is `a`, p = 1 is `b`."""
    if p <= 0.0:
        return a
    if p >= 1.0:
        return b
    if a == b:
        return a
    n = len(a)
    if a.count(a[0]) == n and b.count(b[0]) == n:  # two plain colours: mix once
        return (mix(a[0], b[0], p),) * n
    return tuple([mix(x, y, p) if x != y else x for x, y in zip(a, b)])


def blend_pixels(base: Pixels, top: Pixels, mode: Blend, opacity: float = 1.0) -> Pixels:
    """Combine `top` over `base` (same length) with `mode`, then mix by `opacity`."""
    if mode is Blend.REPLACE:
        combined = top
    elif mode is Blend.ADD:
        combined = tuple([_add(x, y) for x, y in zip(base, top)])
    else:
        combined = tuple([_max(x, y) for x, y in zip(base, top)])
    return combined if opacity >= 1.0 else mix_pixels(base, combined, opacity)


def hsv(h: float, s: float = 1.0, v: float = 1.0) -> RGB:
    """A colour from hue (0..1, wraps), saturation and value (0..1)."""
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, s, v)
    return (int(r * 255 + 0.5), int(g * 255 + 0.5), int(b * 255 + 0.5))


@cache
def wheel_table() -> tuple[RGB, ...]:
    """256 fully saturated hues, red at 0, for rainbow effects (built once, then reused)."""
    return tuple(hsv(i / 256.0) for i in range(256))


def _add(x: RGB, y: RGB) -> RGB:
    """Channel-wise sum clipped at 255."""
    r, g, b = x[0] + y[0], x[1] + y[1], x[2] + y[2]
    return (r if r < 255 else 255, g if g < 255 else 255, b if b < 255 else 255)


def _max(x: RGB, y: RGB) -> RGB:
    """Channel-wise maximum (conditional expressions: cheaper than three max() calls)."""
    if x == y:
        return x
    return (x[0] if x[0] > y[0] else y[0], x[1] if x[1] > y[1] else y[1], x[2] if x[2] > y[2] else y[2])
