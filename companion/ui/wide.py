"""Layouts made for screens wider than the 7" panel's 5:3 (1024x600, 1280x720, 1920x1080).

Every size scales by the height (`theme.Metrics.u`: type read from a chair grows with the screen),
so a 16:9 screen is 853 x 480 reference pixels where the panel is 800 x 480, and its room is in how
it is shared, not in more of the same. `Metrics.wide` says when; 800x480 keeps its own layout, pixel
for pixel (companion/ui/render.py draws it and calls in here only on a wide screen).

- **A play screen** (a board: the district grid or the seats): the board runs from the title bar
  to the bottom edge (the hint row moves under the column beside it) and takes the width that column
  leaves once it keeps the panel's, so the board is larger than the panel's scaled up; in the
  column, under the buttons (which keep every row they have), the game's latest moments (the log's
  last lines, `ViewModel.recent`), newest at the bottom, as many as fit. A screen without a board
  (the generic screen of a plugin game) gives them a column of their own at the right.
- **The title**: the games as tiles over the whole screen down to the hint row, each with its own
  picture (`ButtonVM.art`, its plugin's backdrop) over its name.
- **The resume offer**: what the journal says about the game (its name at the title's size, where
  it stands, when it was played and started, how many moves) beside the two choices, which fill
  their column.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from companion.ui import theme
from companion.ui.item import Item
from companion.ui.text import smaller

COLUMN = 400  # reference pixels the column beside a wide board keeps: the 800x480 panel's width
BOARD_SHARE = 0.47  # a wide board's share of the width beside buttons (as the panel's board may take)
LOG_COLUMN = 0.36  # a screen without a board: the moments' own column, this share of the width
RULE = (70, 70, 90)  # the line over the latest moments (the plain cell's border)


class WideLayout:
    """The wide layouts, mixed into the Renderer (companion/ui/render.py: `m`, `size`, `text`,
    `_rows`, `_buttons`, `_text`, `_widest_word`, `_widest_name` come from there)."""

    # -- the play screens ---------------------------------------------------------------------------
    def _board_layout(self, vm, items: list[Item], y: int) -> list[Item]:
        """A screen with a board on a wide surface: the board from under `y` to the bottom edge, the
        column beside it (the ring, the panel, the latest moments under the buttons) and the hint
        under the column."""
        m, (w, h) = self.m, self.size
        x = m.pad
        wide = 0
        if vm.grid:
            wide = self._cell_width(vm, y)
            x += 3 * wide + 3 * m.pad
        table = pygame.Rect(x, y + m.pad, int(w * 0.5), 0)
        if vm.table:
            x = table.right + 2 * m.pad
        column = x
        bottom = h - m.hint_h
        rest: list[Item] = []
        x = self._ring(vm, rest, x, y, bottom, w)
        panel = pygame.Rect(x, y + m.pad, w - x - m.pad, bottom - y - 2 * m.pad)
        inside = self._panel(vm, panel)
        below = max((it.rect.bottom for it in inside if it.kind != "area"), default=panel.y)
        hint, floor = self._column_hint(vm, column, below + m.pad)
        board: list[Item] = []
        if vm.grid:
            cell = (floor - y - 4 * m.pad) // 3
            for i, c in enumerate(vm.grid[:9]):
                r, col = divmod(i, 3)
                box = pygame.Rect(m.pad + col * (wide + m.pad), y + m.pad + r * (cell + m.pad), wide, cell)
                board.append(Item("cell", box, c))
        if vm.table:
            board.extend(
                self._seats(vm.table, pygame.Rect(table.x, table.y, table.width, floor - y - 2 * m.pad))
            )
        end = hint.rect.y - m.pad // 2 if hint.data[0] else h - m.pad  # the moments: above the hint
        top = below + m.pad // 2
        moments = self._moments(vm, pygame.Rect(panel.x, top, panel.width, end - top)) if vm.recent else []
        return items + [hint] + board + rest + inside + moments

    def _cell_width(self, vm, y: int) -> int:
        """The width of a wide board's cells (the board under `y`): what the column beside it leaves
        once it keeps the 800x480 panel's width (COLUMN, scaled), or where a countdown ring stands
        beside the board too, the share the board had; never narrower than a cell's longest word,
        unless the column beside the cells that word widens cuts its lines and at the narrower width
        every cell still holds its words, hyphenated ("Dämme- / rung!" as at 800x480)."""
        m, (w, h) = self.m, self.size
        if vm.ring is None and not vm.picture and vm.buttons:
            most = (w - m.px(COLUMN) - 5 * m.pad) // 3
        else:
            most = (int(w * (BOARD_SHARE if vm.buttons else 0.62)) - 2 * m.pad) // 3
        wide = max(most, self._widest_word(vm.grid) + m.px(10))
        high = (h - y - 4 * m.pad) // 3 - m.px(6)  # a cell's room inside, the board down to the bottom edge
        if wide > most and not self._column_holds(vm, 4 * m.pad + 3 * wide, y):
            return most if self._cells_hold(vm.grid, most - m.px(8), high) else wide
        return wide

    def _column_holds(self, vm, x: int, y: int) -> bool:
        """Whether the column from `x` (the board's right edge, under `y`) shows every line of `vm`
        at the body size, each on all the rows it wraps to."""
        m, (w, h) = self.m, self.size
        x = self._ring(vm, [], x, y, h - m.hint_h, w)
        panel = pygame.Rect(x, y + m.pad, w - x - m.pad, h - m.hint_h - y - 2 * m.pad)
        lines = [it for it in self._panel(vm, panel) if it.kind == "line"]
        return len(lines) == len(vm.lines) and all(
            it.rect.height >= self._rows(it.data, panel.width) * m.line_h for it in lines
        )

    def _cells_hold(self, cells, width: int, high: int) -> bool:
        """Whether every cell's name and lines wrap into `width` at the cell size, their long words
        split after a syllable (none cut), in `high` px with a row left for its counts, and every
        seat's name fits it on one line."""
        size = self.m.font("cell")
        font = self.labels.font(size)
        for c in cells:
            if c.chip is not None and font.size(c.title)[0] > width:
                return False
            fits = [self.labels.fit(t, width, 10**6, size, size) for t in (c.title, *c.lines) if t]
            rows = sum(len(f.lines) for f in fits) + (1 if c.counts else 0)
            if any(f.cut or f.broken for f in fits) or rows * font.get_linesize() > high:
                return False
        return True

    def _column_hint(self, vm, x: int, free: int) -> tuple[Item, int]:
        """(the hint row, the bottom edge of the board): one row under the column from `x`; two rows
        where the reason or error on show is wider than the column and the column is free from `free`
        down; else one row across the screen as at 800x480, the board ending above it (only while
        such a text shows: the buttons never move)."""
        m, (w, h) = self.m, self.size
        said = vm.error or vm.hint
        data = (said, bool(vm.error))
        width = w - x - m.pad
        if not said or self.text.font(m.font("hint")).size(said)[0] <= width - m.px(4):
            return Item("hint", pygame.Rect(x, h - m.hint_h, width, m.hint_h), data), h
        if h - 2 * m.hint_h >= free:
            return Item("hint", pygame.Rect(x, h - 2 * m.hint_h, width, 2 * m.hint_h), data), h
        return Item("hint", pygame.Rect(m.pad, h - m.hint_h, w - 2 * m.pad, m.hint_h), data), h - m.hint_h

    def _beside(self, vm, panel: pygame.Rect) -> tuple[pygame.Rect, list[Item]]:
        """A panel as wide as a screen without a board: the latest moments take a column of their own
        at its right; (the panel left, their items)."""
        m, w = self.m, self.size[0]
        if not (m.wide and vm.recent) or panel.width < w - 4 * m.pad:  # (beside a ring: under the buttons)
            return panel, []
        col = int(w * LOG_COLUMN)
        log = pygame.Rect(panel.right - col, panel.y, col, panel.height)
        return pygame.Rect(panel.x, panel.y, panel.width - col - 2 * m.pad, panel.height), self._moments(
            vm, log
        )

    def _under(self, vm, inside: list[Item], panel: pygame.Rect, end: int) -> list[Item]:
        """On a wide screen, the latest moments under what the panel shows (its buttons keep every row
        they have), down to `end`."""
        if not (self.m.wide and vm.recent):
            return []
        below = max((it.rect.bottom for it in inside if it.kind != "area"), default=panel.y)
        top = below + self.m.pad // 2
        return self._moments(vm, pygame.Rect(panel.x, top, panel.width, end - top))

    def _moments(self, vm, box: pygame.Rect) -> list[Item]:
        """The latest moments in `box` under a thin rule: the newest that fit, each on the rows it
        wraps to, oldest at the top. The newest, rows too long for the room at the body size, steps
        down a pixel of capitals at a time (to the floor at most) as a crowded panel's lines do."""
        m = self.m
        top = box.y + m.pad // 2
        shown: list[tuple[str, int]] = []
        room = box.bottom - top
        for line in reversed(vm.recent):
            size = m.font("body")
            high = self._rows(line, box.width) * m.line_h
            while high > room and not shown and size > m.min_font and room >= m.line_h:
                size = smaller(size, m.min_font)
                high = self._rows(line, box.width, size=size) * m.line_h
            if high > room:
                break
            shown.insert(0, (line, high))
            room -= high
        if not shown:
            return []
        items = [Item("rule", pygame.Rect(box.x, box.y, box.width, max(1, m.px(2))))]
        y = top
        for line, high in shown:
            items.append(Item("recent", pygame.Rect(box.x, y, box.width, high), line))
            y += high
        return items

    def _paint_rule(self, surface, item: Item) -> None:
        """The thin line over the latest moments."""
        surface.fill(RULE, item.rect)

    def _paint_recent(self, surface, item: Item) -> None:
        """One of the latest moments (wrapped at spaces over its rows), quieter than the screen's lines."""
        self._text(surface, item.data, item.rect, "body", theme.TEXT_DIM, "left")

    # -- the title and the resume offer ---------------------------------------------------------------
    def _scene_layout(self, vm, items: list[Item], y: int) -> list[Item]:
        """A scene screen on a wide surface: an offer (three buttons or fewer) as its words beside its
        choices, the title as tiles over the whole screen."""
        m, (w, h) = self.m, self.size
        bottom = h - m.hint_h
        items.append(self._hint_row(vm, bottom))
        y += m.pad
        if vm.buttons and len(vm.buttons) <= 3:  # the offer: what it is about on the left, the choices right
            left = pygame.Rect(m.pad, y, (w - 3 * m.pad) // 2, bottom - m.pad - y)
            for i, text in enumerate(vm.lines):
                role = "main" if i == 0 else "body"
                high = self._rows(text, left.width, role) * (
                    self.text.font(m.font("main")).get_linesize() if i == 0 else m.line_h
                )
                if y + high > left.bottom:
                    break
                items.append(
                    Item("main" if i == 0 else "line", pygame.Rect(left.x, y, left.width, high), text)
                )
                y += high + (m.pad if i == 0 else 0)
            area = pygame.Rect(left.right + m.pad, left.y, w - left.right - 2 * m.pad, left.height)
        else:
            for text in vm.lines:
                high = self._rows(text, w - 2 * m.pad) * m.line_h
                items.append(Item("line", pygame.Rect(m.pad, y, w - 2 * m.pad, high), text))
                y += high
            top = y + (m.pad if vm.lines else 0)
            area = pygame.Rect(m.pad, top, w - 2 * m.pad, bottom - m.pad - top)
        if vm.buttons:
            items.append(Item("area", area, True))
            items.extend(stretched(self._buttons(vm, area, True), area))
        return items

    def _paint_tile(self, surface, item: Item) -> None:
        """A game's tile on the wide title: its picture (dimmed and capped like the title bar's band:
        the words keep their contrast) over a strip in the button's colour with its name."""
        m, b = self.m, item.data
        role = "primary" if b.primary else "button"
        words = (
            self._rows(b.label, item.rect.width - m.px(12), role)
            * self.text.font(m.font(role)).get_linesize()
        )
        strip_h = min(item.rect.height, words + m.px(16))  # the name's rows; the picture has the rest
        art = pygame.Rect(item.rect.x, item.rect.y, item.rect.width, item.rect.height - strip_h)
        strip = pygame.Rect(item.rect.x, art.bottom, item.rect.width, strip_h)
        radius = m.px(10 if b.primary else 8)
        if art.height > 0:
            surface.blit(tile_art(b.art[0], b.art[1], art.size, radius), art.topleft)
        fill = (theme.PRIMARY if b.enabled else theme.PRIMARY_OFF) if b.primary else theme.BUTTON
        pygame.draw.rect(
            surface, fill, strip, border_bottom_left_radius=radius, border_bottom_right_radius=radius
        )
        edge = theme.PRIMARY_EDGE if b.primary else fill
        pygame.draw.rect(surface, edge, item.rect, m.px(2), border_radius=radius)
        if b.focused:
            pygame.draw.rect(surface, theme.FOCUS, item.rect, m.px(4), border_radius=radius)
        inner = strip.inflate(-m.px(12), -m.px(4))
        self._text(
            surface,
            b.label,
            inner,
            role,
            theme.TEXT,
            bg=fill,
            min_size=self.ui_floor() if b.primary else None,
        )


@lru_cache(maxsize=8)
def tile_art(name: str, time: str, size: tuple[int, int], radius: int = 0) -> pygame.Surface:
    """Picture `name` at `time` as a title tile's strip of `size`: as the title bar's band
    (companion/ui/scenery.py: its rooftops at the strip's bottom, dimmed and capped for the words'
    contrast), drawn at a quarter of the width and scaled up (a dimmed strip needs no more; the
    first wide title frame draws one per game)."""
    from companion.ui import assets
    from companion.ui.scenery import BAND, CAP, DIM

    w, h = size
    small = assets.art(name, (max(1, w // 4), max(1, w // 4)), time)
    picture = pygame.transform.smoothscale(
        small, (w, max(1, round(small.get_height() * w / small.get_width())))
    )
    strip = pygame.Surface((w, h))
    sky = assets.SKIES[time]["sky_top"]
    strip.fill((int(sky[1:3], 16), int(sky[3:5], 16), int(sky[5:7], 16)))
    strip.blit(picture, (0, h - round(picture.get_height() * BAND.get(name, 0.6))))
    strip.fill((round(255 * DIM),) * 3, special_flags=pygame.BLEND_MULT)
    strip.fill(CAP, special_flags=pygame.BLEND_MIN)
    tile = pygame.Surface(size, pygame.SRCALPHA)
    tile.blit(strip, (0, 0))
    mask = pygame.Surface(size, pygame.SRCALPHA)  # the tile's rounded top corners: the scene shows there
    pygame.draw.rect(
        mask,
        (255, 255, 255, 255),
        mask.get_rect(),
        border_top_left_radius=radius,
        border_top_right_radius=radius,
    )
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return tile


def stretched(buttons: list[Item], area: pygame.Rect) -> list[Item]:
    """`buttons` laid out from the top of `area` with their rows grown evenly so the last one ends at
    the area's bottom: the title's tiles and the offer's choices fill the screen."""
    rows = sorted({it.rect.y for it in buttons})
    if not rows:
        return buttons
    end = max(it.rect.bottom for it in buttons)
    extra = max(0, area.bottom - end) // len(rows)
    out, shift = [], 0
    for y in rows:
        row = [it for it in buttons if it.rect.y == y]
        grow = extra
        out.extend(
            it._replace(rect=pygame.Rect(it.rect.x, y + shift, it.rect.width, it.rect.height + grow))
            for it in row
        )
        shift += grow
    return out
