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

from collections.abc import Mapping, Sequence
from functools import cached_property
from operator import itemgetter

from companion.gamedata.config import LedConfig, LightMap, Strip

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


class PixelLayout:
    """Where every logical light sits on the strips, and the strips' colour order. Not changed after
    it is made (a plain class: a dataclass costs the start ~0.3 ms, and nothing compares layouts)."""

    def __init__(self, strips: tuple[Strip, ...], lights: Mapping[str, LightMap], order: str = "GRB") -> None:
        self.strips = strips
        self.lights = lights
        self.order = order

    @classmethod
    def from_config(cls, leds: LedConfig) -> PixelLayout:
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
        """Strip name -> the wire bytes that show `frame`; ValueError (as `physical`) for a bad frame."""
        fast = self._gather.encode(frame) if self._gather is not None else None
        if fast is not None:
            return fast
        # A frame the fast path does not take (a bad one, or ints of another type): checked per pixel.
        return {name: encode(px, self.order) for name, px in self.physical(frame).items()}

    @cached_property
    def _gather(self) -> _Gather | None:
        """The fast path of `encode_frame`, worked out on first use (None: only the checked path)."""
        return _Gather.build(self)

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


class _Gather:
    """`encode_frame` without checking and placing pixels one by one (it runs 30 times a second on
    every backend, the Pi's included).

    Each frame, the channels of every light are put in one flat list, lights in a fixed order (a light
    left out of the frame as zeros) after one leading 0; the wire bytes of a strip are then that list
    read at indices worked out once here: where each light's pixels sit (reversed or not), the colour
    order, and 0 for the white channel and for pixels no light uses. `bytes()` itself refuses values
    outside 0..255 and non-ints; bools and int look-alikes (which it would take) are refused by type.
    Anything refused returns None, and the checked path gives the same ValueError as before.
    """

    def __init__(self, lights: tuple[tuple[str, int, tuple[int, ...]], ...], strips: dict[str, itemgetter]):
        self.lights = lights  # (light, pixel count, zeros for when it is left out), in list order
        self.strips = strips  # strip name -> picks that strip's wire bytes out of the flat list
        self.names = frozenset(light for light, _, _ in lights)

    @classmethod
    def build(cls, layout: PixelLayout) -> _Gather | None:
        """The index of every wire byte of every strip; None for a layout config would refuse
        (overlapping lights, a light off its strip, an empty strip), left to the checked path."""
        cmap = channel_map(layout.order)
        sources: dict[str, list[int | None]] = {s.name: [None] * s.count for s in layout.strips}
        lights, base = [], 1  # flat[0] is the constant 0
        for light, m in layout.lights.items():
            row = sources.get(m.strip)
            if row is None:
                return None
            for i in range(m.count):
                px = m.start + (m.count - 1 - i if m.reverse else i)
                if not 0 <= px < len(row) or row[px] is not None:
                    return None
                row[px] = base + 3 * i  # the red channel of logical pixel i
            lights.append((light, m.count, (0,) * (3 * m.count)))
            base += 3 * m.count
        strips = {}
        for name, row in sources.items():
            if not row:
                return None  # (itemgetter returns a tuple only for two indices or more)
            strips[name] = itemgetter(
                *[0 if red is None or c is None else red + c for red in row for c in cmap]
            )
        return cls(tuple(lights), strips)

    def encode(self, frame: Frame) -> dict[str, bytes] | None:
        """Strip name -> wire bytes, or None when the frame needs the checked path."""
        if not frame.keys() <= self.names:
            return None
        flat = [0]
        try:
            for light, count, zeros in self.lights:
                if light not in frame:
                    flat += zeros
                    continue
                colours = frame[light]
                if len(colours) != count:
                    return None
                for r, g, b in colours:
                    flat += (r, g, b)
            if set(map(type, flat)) != {int}:
                return None
            return {name: bytes(pick(flat)) for name, pick in self.strips.items()}
        except (TypeError, ValueError):  # not (r, g, b), or a channel bytes() refuses
            return None


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
