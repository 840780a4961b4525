"""Seats round a table: a vote shows the players where they sit, not on a 3x3 grid.

The seats go clockwise round an oval table, seat 1 at the top, evenly spaced round it, each a touch-sized box with the player's name (a tap on it is its district button).
The seat of whoever is asked is framed twice and says so in words; the seat they point at is
filled, and an arrow runs from the one to the other. `SeatLayout` is mixed into the Renderer.
"""

from __future__ import annotations

import math

import pygame

from companion.i18n import _
from companion.ui import theme
from companion.ui.item import Item


class SeatLayout:
    """Lays out and paints `ViewModel.table` (a mixin of the Renderer: `m`, `_text` come from there)."""

    def _seats(self, seats, area: pygame.Rect) -> list:
        """The table in the middle of `area` and one box per seat round it, clockwise from the top left."""
        m = self.m
        n = max(1, len(seats))
        bh = m.button_h
        # boxes as wide as their spacing round the oval allows, centres on the oval, clockwise from the top
        bw = int(max(m.px(96), min(m.px(150), math.pi * (area.width + area.height) / 2 / n - m.pad)))
        rx, ry = (area.width - bw) / 2, (area.height - bh) / 2
        cx0, cy0 = area.centerx, area.centery
        boxes = []
        for i, seat in enumerate(seats):
            angle = -math.pi / 2 + 2 * math.pi * i / n
            cx, cy = cx0 + rx * math.cos(angle), cy0 + ry * math.sin(angle)
            boxes.append(Item("seat", pygame.Rect(round(cx - bw / 2), round(cy - bh / 2), bw, bh), seat))
        own = next((b.rect.center for b in boxes if b.data.own), None)
        to = next((b.rect.center for b in boxes if b.data.chosen), None)
        table = pygame.Rect(0, 0, max(1, int(2 * rx - bw * 0.6)), max(1, int(2 * ry - bh)))
        table.center = area.center
        items = [Item("table", table, (own, to))]
        items += boxes
        return items

    def _paint_table(self, surface, item) -> None:
        """The table top, and an arrow from the asked seat to the seat it points at."""
        m = self.m
        pygame.draw.ellipse(surface, theme.CELL, item.rect)
        own, to = item.data
        if own and to and own != to:
            _arrow(surface, own, to, theme.FOCUS, m.px(5), m.px(18), m.px(34))

    def _paint_seat(self, surface, item) -> None:
        """One seat: its name; chosen: filled; the asked one's: a double frame and "is voting"."""
        m, s = self.m, item.data
        fill = theme.BUTTON_ON if s.chosen else theme.BUTTON if s.enabled else theme.BUTTON_OFF
        pygame.draw.rect(surface, fill, item.rect, border_radius=m.px(14))
        edge = theme.FOCUS if s.chosen else theme.TEXT_DIM
        pygame.draw.rect(surface, edge, item.rect, m.px(3) if s.chosen else m.px(1), border_radius=m.px(14))
        inner = item.rect.inflate(-m.px(8), -m.px(4))
        colour = theme.TEXT if s.enabled or s.own else theme.TEXT_OFF
        if s.own:  # a second frame and the words: whose vote this is, without colour
            pygame.draw.rect(surface, theme.TEXT, item.rect.inflate(m.px(8), m.px(8)), m.px(3),
                             border_radius=m.px(18))
            half = inner.height // 2
            self._text(surface, s.name, pygame.Rect(inner.x, inner.y, inner.width, half), "small", colour, bg=fill)
            self._text(surface, _("is voting"), pygame.Rect(inner.x, inner.y + half, inner.width, inner.height - half),
                       "small", theme.TEXT_DIM, bg=fill)
        else:
            self._text(surface, s.name, inner, "cell", colour, bg=fill)


def _arrow(surface, start, end, colour, width: int, head: int, gap: int) -> None:
    """A line from `start` to `end` with a head at `end`, both ends stopped `gap` short of the points."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length <= 2 * gap:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    a = (x0 + ux * gap, y0 + uy * gap)
    b = (x1 - ux * gap, y1 - uy * gap)
    pygame.draw.line(surface, colour, a, b, width)
    left = (b[0] - ux * head - uy * head * 0.6, b[1] - uy * head + ux * head * 0.6)
    right = (b[0] - ux * head + uy * head * 0.6, b[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surface, colour, (b, left, right))
