"""The simulator: the mock board drawn with pygame, for playing on a PC without the physical board.

It is the `sim` backend's `Panel` (companion/hal/base.py): the loop gives it the window's events and
the room beside the screen UI as it would any backend's panel, and never asks which backend it has.
`SimBoard.draw(surface, rect)` paints the 3x3 district tiles (every pixel a glowing dot, each tile
tinted by the average colour of its light), the seven-segment veil bar, the status light and the
buttons, labelled in the table's language; and only when something it shows changed: the strip's
bytes, a button held, a label's language, the place it is drawn, or the window exposed
again. So a window with the simulated board rests like the table.
`SimBoard.handle_event(event)` turns mouse clicks on a button or a district tile into raw edges on
the mock buttons (source `sim`), so they go through the same debounce as GPIO. Touch reaches it as
the mouse events SDL synthesises; the keyboard belongs to the UI.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from companion.hal.clock import Clock
from companion.hal.layout import RGB, PixelLayout
from companion.i18n import N_, _
from companion.inputs import DISTRICTS, VButton

BACKGROUND = (14, 12, 18)
TILE_BASE = (34, 30, 40)
LED_OFF = (58, 54, 64)
LABEL = (200, 196, 210)
BUTTON_FACE = (62, 58, 72)
BUTTON_HELD = (120, 112, 150)
_EXPOSED = (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE)  # the window's pixels need painting again
# The buttons in their rows, each with its label in English: marked here, said in the table's language
# where drawn, so a language chosen in Settings relabels the board at once. Three rows of at most two,
# so a German label ("Zurücknehmen", "Schleier +") fits its button at the labels' size: the veil's two
# under its bar, Undo alone, then the two that move the game on.
BUTTON_ROWS = (
    ((VButton.VEIL_DOWN, N_("Veil -")), (VButton.VEIL_UP, N_("Veil +"))),
    ((VButton.UNDO, N_("Undo")),),
    ((VButton.CONFIRM, N_("OK")), (VButton.NEXT, N_("Next"))),
)
BUTTON_ROW = tuple(button for row in BUTTON_ROWS for button in row)  # every button and its English label
# Capitals of its labels at a board 480 px tall (the screens' rule, companion/ui/screencheck.py):
# every label 17 px, the district names 28 px (what the board is about); taller boards scale them.
LABEL_CAPITALS, NAME_CAPITALS = 17, 28
BOARD_REFERENCE_H = 480


@dataclass(frozen=True)
class Geometry:
    """Where everything is drawn inside one rect."""

    tiles: dict  # "A1" -> pygame.Rect
    veil: tuple  # 7 pygame.Rects, veil.0 on the left
    status: tuple  # (centre (x, y), radius)
    buttons: dict  # VButton -> pygame.Rect (the button row only)
    height: int = BOARD_REFERENCE_H  # the height of the rect it was laid out in (the labels scale with it)

    def hit(self, pos) -> VButton | None:
        """The button (a district tile counts as its district button) under `pos`, if any."""
        for vb, r in self.buttons.items():
            if r.collidepoint(pos):
                return vb
        for d, r in self.tiles.items():
            if r.collidepoint(pos):
                return VButton.for_district(d)
        return None


class SimBoard:
    """The physical board on screen: shows what the mock strip shows, feeds clicks to the buttons."""

    def __init__(
        self,
        layout: PixelLayout,
        pixels: Callable[[], object],
        buttons: Callable[[], object],
        clock: Clock,
        eye_gamma: float = 1.0,
        width: int = 0,
        reader: Callable[[], object] | None = None,
    ):
        """`pixels`, `buttons`: functions returning the current strip and buttons (a HAL retry
        replaces parts, so the board never keeps one). `eye_gamma`: undo the LED gamma when painting,
        so the screen shows what an eye sees on the real LEDs rather than the (much darker-looking)
        corrected bytes. `width`: the room it wants beside the screen UI (pixels)."""
        self.layout = layout
        self.width = width
        self._painted: tuple | None = None  # (where, the strip's bytes and held buttons) of the last paint
        self._shown: dict = {}  # each part of the board -> what it showed at the last paint (`_parts`)
        self._texts: dict = {}  # (text, size, colour) -> its rendered image
        self._rings: dict = {}  # (tile rect, pixels) -> where each pixel's dot sits
        self.pixels = pixels
        self.reader = reader or (lambda: None)  # the card reader: a photo dropped on the window lays a card
        self._eye = tuple(round(255 * (v / 255) ** (1.0 / eye_gamma)) for v in range(256))
        self.buttons = buttons
        self.clock = clock
        self._geometry: Geometry | None = None
        self._held: VButton | None = None
        self._fonts: dict[int, pygame.font.Font] = {}
        self._sizes: dict[int, int] = {}  # capitals wanted -> font size (`_size`)

    def geometry(self, rect) -> Geometry:
        """Lay the board out in `rect`: grid on top, veil bar and status light, then the buttons."""
        rect = pygame.Rect(rect)
        pad = max(4, rect.w // 50)
        side = int(min(rect.w - 2 * pad, rect.h * 0.58))  # room below for the rows of buttons
        gap = max(3, side // 40)
        tile = (side - 2 * gap) // 3
        x0, y0 = rect.centerx - side // 2, rect.y + pad
        tiles = {
            d: pygame.Rect(x0 + (i % 3) * (tile + gap), y0 + (i // 3) * (tile + gap), tile, tile)
            for i, d in enumerate(DISTRICTS)
        }
        vy, vh = y0 + side + pad, max(8, rect.h // 14)
        bar_w = int(side * 0.84)
        seg = (bar_w - 6 * gap) // 7
        veil = tuple(pygame.Rect(x0 + i * (seg + gap), vy, seg, vh) for i in range(7))
        status = ((x0 + bar_w + (side - bar_w) // 2, vy + vh // 2), max(3, vh // 4))
        by = vy + vh + pad
        rows = len(BUTTON_ROWS)
        bh = max(10, (rect.bottom - pad - by - (rows - 1) * gap) // rows)
        buttons = {}
        for row, members in enumerate(BUTTON_ROWS):
            bw = (side - (len(members) - 1) * gap) // len(members)
            for col, (vb, _label) in enumerate(members):
                buttons[vb] = pygame.Rect(x0 + col * (bw + gap), by + row * (bh + gap), bw, bh)
        return Geometry(tiles, veil, status, buttons, rect.h)

    def draw(self, surface: pygame.Surface, rect) -> bool:
        """Paint the board into `rect` of `surface` as the strip shows it now; whether it painted.

        Only what changed since the last paint there is painted again (a light's tile, veil segment or
        status light, a button held or let go); nothing when the strip's bytes and the held buttons are
        what they were. A new place (or the window exposed) paints it all."""
        held = frozenset(self._held_buttons())
        where = (surface, tuple(pygame.Rect(rect)))
        pixels = self.pixels()
        showing = getattr(pixels, "showing", None)
        # cheap: the bytes, not their colours; the labels as said now (a language switch paints them again)
        wire = (id(pixels), showing() if showing else None, held, self.labels())
        if self._painted is not None and self._painted == (where, wire):
            return False
        if self._painted is None or self._painted[0] != where:
            self._geometry = self.geometry(rect)
            surface.fill(BACKGROUND, pygame.Rect(rect))
            self._shown = {}
        self._painted = (where, wire)
        lit = self._lit()
        for part, look in self._parts(lit, held, wire[3]).items():
            if self._shown.get(part) != look:
                self._paint(surface, part, look)
                self._shown[part] = look
        return True

    def labels(self) -> tuple[str, ...]:
        """The buttons' labels in the table's language now, in BUTTON_ROW's order."""
        return tuple(_(label) for _vb, label in BUTTON_ROW)

    def _parts(self, lit: dict, held: frozenset, labels: tuple) -> dict:
        """Each drawn part of the board -> what it shows now: ("tile", "A1") -> (pixels, held),
        ("veil", i) -> pixels, ("status",) -> pixels, ("button", vb) -> (held, its label)."""
        parts: dict = {
            ("tile", d): (lit.get(f"district.{d}", ()), VButton.for_district(d) in held) for d in DISTRICTS
        }
        parts.update({("veil", i): lit.get(f"veil.{i}", ()) for i in range(7)})
        parts[("status",)] = lit.get("status", ())
        parts.update(
            {("button", vb): (vb in held, label) for (vb, _english), label in zip(BUTTON_ROW, labels)}
        )
        return parts

    def _paint(self, surface, part: tuple, look) -> None:
        """Paint one part of the board over what it showed before."""
        g = self._geometry
        if part[0] == "tile":
            self._draw_tile(surface, g.tiles[part[1]], part[1], *look)
        elif part[0] == "veil":
            r, colour = g.veil[part[1]], _average(look)
            pygame.draw.rect(surface, colour if any(colour) else LED_OFF, r, border_radius=3)
            self._text(
                surface,
                str(part[1]),
                r.center,
                self._size(LABEL_CAPITALS),
                BACKGROUND if any(colour) else LABEL,
            )
        elif part[0] == "status":
            (cx, cy), rad = g.status
            pygame.draw.circle(surface, BACKGROUND, (cx, cy), int(rad * 2.4) + 1)  # the old glow's halo
            colour = _average(look)
            _glow(surface, (cx, cy), rad, colour if any(colour) else LED_OFF, BACKGROUND)
        else:
            r = g.buttons[part[1]]
            held, label = look
            pygame.draw.rect(surface, BUTTON_HELD if held else BUTTON_FACE, r, border_radius=6)
            self._text(surface, label, r.center, self._size(LABEL_CAPITALS), LABEL)

    def handle_event(self, event) -> bool:
        """A click on a button or tile presses it (until released); True if the event was ours. The
        window shown again (exposed) is painted again, and the event is left to the screens too."""
        if event.type in _EXPOSED:
            self._painted = None
            return False
        if event.type == pygame.DROPFILE:  # a photo dropped on the window: the camera's mock sees it
            source = getattr(self.reader(), "source", None)
            if hasattr(source, "show"):
                try:
                    source.show(event.file)
                except Exception:  # not a picture (a DataFileError naming it): nothing laid down
                    return True
                return True
            return False
        if self._geometry is None or getattr(event, "button", 1) != 1:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            vb = self._geometry.hit(event.pos)
            if vb is None:
                return False
            self._held = vb
            self.buttons().edge(vb, True, self.clock.now(), "sim")
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._held is not None:
            self.buttons().edge(self._held, False, self.clock.now(), "sim")
            self._held = None
            return True
        return False

    def _lit(self) -> dict[str, tuple[RGB, ...]]:
        """Logical light -> pixel colours the strip shows now (dark if the pixels can't say)."""
        lit = getattr(self.pixels(), "lit", None)
        if not lit:
            return {}
        eye = self._eye
        return {name: tuple((eye[r], eye[g], eye[b]) for r, g, b in px) for name, px in lit().items()}

    def _held_buttons(self) -> set:
        """Buttons drawn pressed: the one under the mouse and any held through the debouncer."""
        held = set(getattr(self.buttons(), "held", lambda: set())())
        return held | ({self._held} if self._held else set())

    def _draw_tile(self, surface, r, name: str, pixels, held: bool) -> None:
        """One district: tinted by its average colour, its pixels as glowing dots round a ring."""
        avg = _average(pixels)
        tint = tuple(min(255, int(b + 0.55 * c)) for b, c in zip(TILE_BASE, avg))
        pygame.draw.rect(surface, tint, r, border_radius=max(4, r.w // 16))
        if held:
            pygame.draw.rect(surface, BUTTON_HELD, r, width=3, border_radius=max(4, r.w // 16))
        self._text(surface, name, r.center, self._size(NAME_CAPITALS), LABEL)  # inside the ring of lights
        ring = self._rings.get((tuple(r), len(pixels)))
        if ring is None:
            ring = self._rings[(tuple(r), len(pixels))] = [
                _ring_point(r, i, len(pixels)) for i in range(len(pixels))
            ]
        dot = max(2, r.w // 22)
        for centre, colour in zip(ring, pixels):
            _glow(surface, centre, dot, colour if any(colour) else LED_OFF, tint)

    def _size(self, capitals: int) -> int:
        """The smallest font size whose capitals draw `capitals` px tall on a board 480 px tall, scaled
        to the board drawn now (measured on the rendered "H" like the screen check measures it)."""
        want = math.ceil(capitals * self._geometry.height / BOARD_REFERENCE_H)
        size = self._sizes.get(want)
        if size is None:
            if not pygame.font.get_init():
                pygame.font.init()
            size = want
            while _capitals(_font(size)) < want:
                size += 1
            self._sizes[want] = size
        return size

    def _text(self, surface, text: str, centre, size: int, colour) -> None:
        """Draw `text` centred on `centre` (fonts and images are made on first use, never at import)."""
        img = self._texts.get((text, size, colour))
        if img is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = self._fonts.get(size) or self._fonts.setdefault(size, _font(size))
            img = self._texts[(text, size, colour)] = font.render(text, True, colour)
        surface.blit(img, img.get_rect(center=centre))


# The table's UI face (companion/ui/assets: "ui", Atkinson Hyperlegible Bold) by its file: the HAL sits
# below the UI and imports none of it (docs/architecture.md, "Layers"); tests/hal/test_sim.py checks
# that this is the file the assets open for "ui". pygame's own font is never used: its kerning
# spreads letters apart.
LABEL_FONT = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    "ui",
    "assets",
    "fonts",
    "AtkinsonHyperlegible-Bold.ttf",
)


def _font(px: int) -> pygame.font.Font:
    """The board's label face at em size `px`."""
    return pygame.font.Font(LABEL_FONT, px)


def _capitals(font: pygame.font.Font) -> int:
    """Rows of a capital "H" in `font` with at least half-covered ink (the screen check's measure)."""
    glyph = pygame.font.FontType.render(font, "H", True, (255, 255, 255))  # pygame's own: no label drawn
    rects = pygame.mask.from_surface(glyph, 127).get_bounding_rects()
    return max(r.bottom for r in rects) - min(r.top for r in rects) if rects else 0


def _average(pixels) -> RGB:
    """Mean colour of some pixels ((0, 0, 0) for none)."""
    if not pixels:
        return (0, 0, 0)
    n = len(pixels)
    return tuple(sum(p[k] for p in pixels) // n for k in range(3))


def _ring_point(r, i: int, n: int) -> tuple[int, int]:
    """Where pixel `i` of `n` sits: evenly round an ellipse inside tile `r`, starting at the top."""
    if n == 1:
        return r.center
    a = -math.pi / 2 + 2 * math.pi * i / n
    return (int(r.centerx + math.cos(a) * r.w * 0.42), int(r.centery + math.sin(a) * r.h * 0.42))


def _glow(surface, centre, radius: int, colour: RGB, under: RGB) -> None:
    """A lit LED: two soft halos blended over `under` (a quarter and a bit over half of its colour), then
    the bright core. (Written out: it runs for every pixel of every light that changed, each frame.)"""
    (r, g, b), (ur, ug, ub) = colour, under
    circle = pygame.draw.circle
    circle(
        surface,
        (int(ur + (r - ur) * 0.25), int(ug + (g - ug) * 0.25), int(ub + (b - ub) * 0.25)),
        centre,
        int(radius * 2.4),
    )
    circle(
        surface,
        (int(ur + (r - ur) * 0.55), int(ug + (g - ug) * 0.55), int(ub + (b - ub) * 0.55)),
        centre,
        int(radius * 1.6),
    )
    circle(surface, colour, centre, radius)
