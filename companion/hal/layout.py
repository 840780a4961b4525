"""Logical lights -> physical pixels -> wire bytes: the pure part of every LED backend.

A *frame* maps a logical light (`district.B2`, `veil.3`, `status`) to one RGB triple (0..255) per
pixel of that light, already through the lighting output stage. `PixelLayout` checks it, places each
light's pixels on its strip (reversed for a serpentine run) and encodes every strip into the bytes
the LEDs expect, in the configured colour order. Lights left out of a frame are dark.

RGBW strips (`GRBW`, `RGBW`): the white channel is always 0. The lighting's current limiter budgets
the three colour channels only, so mixing white out of R+G+B keeps its estimate true; moving
min(r, g, b) into W would change the tint of every pastel and is not worth it for a board game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from companion.config import LedConfig, LightMap, Strip

RGB = tuple[int, int, int]
Frame = Mapping[str, Sequence[RGB]]

# The test pattern on the first three pixels of every strip: if they do not light red, green, blue
# in that order, the colour order (or the SPI clock) is wrong, and the maker sees it at once.
TEST_PATTERN: tuple[RGB, ...] = ((128, 0, 0), (0, 128, 0), (0, 0, 128))


def channel_map(order: str) -> tuple[int | None, ...]:
    """For each byte of a pixel on the wire, the RGB index it carries (None = the white channel)."""
    order = order.upper()
    if sorted(order.replace("W", "")) != ["B", "G", "R"] or len(order) not in (3, 4):
        raise ValueError(f"colour order must be a permutation of RGB, optionally with W; got {order!r}")
    return tuple(None if c == "W" else "RGB".index(c) for c in order)


def encode(pixels: Sequence[RGB], order: str) -> bytes:
    """The wire bytes of `pixels` (RGB triples) in colour order `order` (W written as 0)."""
    cmap = channel_map(order)
    out = bytearray()
    for px in pixels:
        out.extend(0 if i is None else px[i] for i in cmap)
    return bytes(out)


def decode(data: bytes, order: str) -> list[RGB]:
    """The RGB triples in wire bytes `data` (the inverse of `encode`; W is dropped)."""
    cmap = channel_map(order)
    bpp = len(cmap)
    pixels = []
    for k in range(0, len(data) - bpp + 1, bpp):
        rgb = [0, 0, 0]
        for byte, i in zip(data[k : k + bpp], cmap):
            if i is not None:
                rgb[i] = byte
        pixels.append((rgb[0], rgb[1], rgb[2]))
    return pixels


@dataclass(frozen=True)
class PixelLayout:
    """Where every logical light sits on the strips, and the strips' colour order."""

    strips: tuple[Strip, ...]
    lights: Mapping[str, LightMap]
    order: str = "GRB"

    @classmethod
    def from_config(cls, leds: LedConfig) -> "PixelLayout":
        """The layout described by the `[leds]` section of the config."""
        return cls(tuple(leds.strips), dict(leds.lights), leds.order)

    @property
    def bpp(self) -> int:
        """Bytes per pixel on the wire (3 for RGB strips, 4 for RGBW)."""
        return len(self.order)

    def counts(self) -> dict[str, int]:
        """Logical light -> how many pixels it has (what the lighting must fill)."""
        return {name: m.count for name, m in self.lights.items()}

    def where(self, light: str) -> str:
        """A maker-readable place of `light`, e.g. `strip main, pixels 27-35 reversed`."""
        m = self.lights[light]
        span = f"pixel {m.start}" if m.count == 1 else f"pixels {m.start}-{m.start + m.count - 1}"
        return f"strip {m.strip}, {span}" + (" reversed" if m.reverse else "")

    def physical(self, frame: Frame) -> dict[str, list[RGB]]:
        """Strip name -> RGB of every physical pixel for `frame`; ValueError says what is wrong."""
        out = {s.name: [(0, 0, 0)] * s.count for s in self.strips}
        for light, colours in frame.items():
            m = self.lights.get(light)
            if m is None:
                raise ValueError(f"frame names unknown light {light!r}; known: {', '.join(self.lights)}")
            if len(colours) != m.count:
                raise ValueError(f"light {light!r} has {m.count} pixels, the frame gives {len(colours)}")
            row = out[m.strip]
            for i, colour in enumerate(colours):
                px = m.start + (m.count - 1 - i if m.reverse else i)
                row[px] = _checked(light, i, colour)
        return out

    def encode_frame(self, frame: Frame) -> dict[str, bytes]:
        """Strip name -> the wire bytes that show `frame`."""
        return {name: encode(px, self.order) for name, px in self.physical(frame).items()}

    def blank(self) -> dict[str, bytes]:
        """Strip name -> the bytes that turn every pixel off."""
        return {s.name: bytes(s.count * self.bpp) for s in self.strips}

    def test_pattern(self) -> dict[str, bytes]:
        """Strip name -> bytes lighting its first three pixels red, green, blue (the rest off)."""
        out = {}
        for s in self.strips:
            px = list(TEST_PATTERN[: s.count]) + [(0, 0, 0)] * max(0, s.count - len(TEST_PATTERN))
            out[s.name] = encode(px, self.order)
        return out

    def logical(self, strip_pixels: Mapping[str, Sequence[RGB]]) -> dict[str, tuple[RGB, ...]]:
        """Logical light -> its RGB pixels, read back from physical strip pixels (for simulators)."""
        out = {}
        for light, m in self.lights.items():
            row = strip_pixels[m.strip][m.start : m.start + m.count]
            out[light] = tuple(reversed(row)) if m.reverse else tuple(row)
        return out


def solid(layout: PixelLayout, light: str, colour: RGB) -> dict[str, list[RGB]]:
    """A frame with only `light` lit in `colour` (hw-test and tests use it)."""
    return {light: [colour] * layout.lights[light].count}


def _checked(light: str, i: int, colour) -> RGB:
    """`colour` as an (r, g, b) tuple of ints 0..255, or ValueError naming the light and pixel."""
    try:
        r, g, b = colour
    except (TypeError, ValueError):
        raise ValueError(f"light {light!r} pixel {i}: expected (r, g, b), got {colour!r}") from None
    for c in (r, g, b):
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 255:
            raise ValueError(f"light {light!r} pixel {i}: channels must be ints 0..255, got {colour!r}")
    return (r, g, b)
