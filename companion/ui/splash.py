"""The start-up frame: on screen within a blink of `companion run`, before the game, the lights
and the hardware have loaded (seconds on a Pi Zero 2 W), so nobody at the table stares at a black
screen wondering whether the box is on. It needs only pygame and the theme.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.ui import theme
from companion.ui.text import TextRenderer

TITLE = "Nightwatch"


def draw(surface: pygame.Surface, lines: Sequence[str] = ("Starting…",)) -> list:
    """Paint the start-up frame on `surface`: the title bar and `lines` (what is happening, e.g. the
    safe-mode reason). Returns the fits of the texts drawn (tests check nothing was cut)."""
    w, h = surface.get_size()
    m = theme.Metrics(w, h)
    text = TextRenderer()
    surface.fill(theme.BG)
    bar = pygame.Rect(0, 0, w, m.header_h)
    surface.fill(theme.HEADER, bar)
    fits = [
        text.draw(
            surface, TITLE, bar.inflate(-2 * m.pad, -m.pad), m.font("title"), theme.TEXT, bg=theme.HEADER
        )
    ]
    y = bar.bottom + m.pad
    room = max(m.line_h, (h - y - m.pad) // max(1, len(lines)))
    for line in lines:
        box = pygame.Rect(m.pad, y, w - 2 * m.pad, min(room, 3 * m.line_h))
        fits.append(
            text.draw(surface, line, box, m.font("body"), theme.TEXT_DIM, min_size=m.px(13), bg=theme.BG)
        )
        y = box.bottom
    return fits
