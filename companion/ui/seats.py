"""Seats round a table: a vote shows the players where they sit, not on a 3x3 grid.

The seats go clockwise round the table, seat 1 at the top middle, evenly spaced round its rim, each a
touch-sized box with the player's name (a tap on it is its district button).
The seat of whoever is asked is framed twice and carries the ballot (the question above names
them in words); the seat they point at is filled, and an arrow runs from the one to the other. `SeatLayout` is
mixed into the Renderer.
"""

from __future__ import annotations

import math

import pygame

from companion.ui import theme
from companion.ui.item import Item


class SeatLayout:
    """Lays out and paints `ViewModel.table` (a mixin of the Renderer: `m`, `_text` come from there)."""

    def _seats(self, seats, area: pygame.Rect) -> list:
        """The table in the middle of `area` and one box per seat round it, clockwise from the top."""
        m = self.m
        bh = m.button_h
        # the widest boxes (150 px at 800x480) that do not touch round the table, down to 96 px
        for bw in range(m.px(150), m.px(96) - 1, -m.px(6)):
            boxes = self._round(seats, area, bw, bh)
            if not any(
                x.rect.inflate(m.pad, m.pad).colliderect(y.rect)
                for i, x in enumerate(boxes)
                for y in boxes[i + 1 :]
            ):
                break
        rx, ry = (area.width - bw) / 2, (area.height - bh) / 2
        own = next((b.rect.center for b in boxes if b.data.own), None)
        to = next((b.rect.center for b in boxes if b.data.chosen), None)
        table = pygame.Rect(0, 0, max(1, int(2 * rx - bw * 0.6)), max(1, int(2 * ry - bh)))
        table.center = area.center
        items = [Item("table", table, (own, to))]
        items += boxes
        return items

    def _round(self, seats, area: pygame.Rect, bw: int, bh: int) -> list:
        """Boxes `bw` x `bh` for the seats round the rim of a table filling `area`, clockwise from
        the top middle, spaced evenly in boxes (a box's width along the long sides, its height along
        the ends), so wide name boxes never crowd where the rim turns."""
        m = self.m
        n = max(1, len(seats))
        w, h = area.width - bw, area.height - bh  # the path of the centres
        across, down = w / (bw + m.pad), h / (bh + m.pad)  # the rim's length in boxes, per side
        rim = 2 * (across + down)
        boxes = []
        for i, seat in enumerate(seats):
            t = (across / 2 + rim * i / n) % rim  # seat 1 at the top middle
            if t < across:
                fx, fy = t / across, 0.0
            elif t < across + down:
                fx, fy = 1.0, (t - across) / down
            elif t < 2 * across + down:
                fx, fy = 1 - (t - across - down) / across, 1.0
            else:
                fx, fy = 0.0, 1 - (t - 2 * across - down) / down
            cx, cy = area.x + bw / 2 + fx * w, area.y + bh / 2 + fy * h
            boxes.append(Item("seat", pygame.Rect(round(cx - bw / 2), round(cy - bh / 2), bw, bh), seat))
        return boxes

    def _paint_table(self, surface, item) -> None:
        """The table top, and an arrow from the asked seat to the seat it points at."""
        m = self.m
        pygame.draw.ellipse(surface, theme.CELL, item.rect)
        own, to = item.data
        if own and to and own != to:
            _arrow(surface, own, to, theme.FOCUS, m.px(5), m.px(18), m.px(34))

    def _paint_seat(self, surface, item) -> None:
        """One seat: its name; chosen: filled and framed; the asked one's: a double frame and the ballot."""
        m, s = self.m, item.data
        fill = theme.BUTTON_ON if s.chosen else theme.BUTTON if s.enabled else theme.BUTTON_OFF
        pygame.draw.rect(surface, fill, item.rect, border_radius=m.px(14))
        edge = theme.FOCUS if s.chosen else theme.TEXT_DIM
        pygame.draw.rect(surface, edge, item.rect, m.px(3) if s.chosen else m.px(1), border_radius=m.px(14))
        inner = item.rect.inflate(-m.px(8), -m.px(4))
        colour = theme.TEXT if s.enabled or s.own else theme.TEXT_OFF
        if s.own:  # a second frame and the ballot: whose vote this is, without colour and without "A1"
            pygame.draw.rect(
                surface, theme.TEXT, item.rect.inflate(m.px(8), m.px(8)), m.px(3), border_radius=m.px(18)
            )
            side = min(m.px(30), inner.height // 2)
            from companion.ui import assets

            if assets.has_icon("phase.vote"):
                surface.blit(assets.icon("phase.vote", side, theme.FOCUS), (inner.x, inner.y))
                inner = pygame.Rect(inner.x + side, inner.y, inner.width - side, inner.height)
        self._text(surface, s.name, inner, "cell", colour, bg=fill, renderer=self.labels)


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
