"""Layouts made for screens wider than the 7" panel's 5:3 (1024x600, 1280x720, 1920x1080).

Every size scales by the height (`theme.Metrics.u`: type read from a chair grows with the screen),
so a 16:9 screen is 853 x 480 reference pixels where the panel is 800 x 480, and its room is in how
it is shared, not in more of the same. `Metrics.wide` says when; 800x480 keeps its own layout, pixel
for pixel (companion/ui/render.py draws it and calls in here only on a wide screen).

- **A play screen** (a board: the district grid or the seats): the board runs from the title bar
  to the bottom edge (the hint row moves under the column beside it) and its cells take the width
  the column leaves, so the board is larger than the panel's scaled up; beside it, under the
  buttons, the game's latest moments (the log's last lines, `ViewModel.recent`), newest at the
  bottom. A screen without a board (the generic screen of a plugin game) gives them a column of
  their own at the right.
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

COLUMN = 400  # reference pixels the column beside a wide board keeps: the 800x480 panel's width
BOARD_SHARE = 0.47  # a wide board's share of the width beside buttons (as the panel's board may take)
LOG_COLUMN = 0.36  # a screen without a board: the moments' own column, this share of the width
RULE = (70, 70, 90)  # the line over the latest moments (the plain cell's border)


class WideLayout:
    """The wide layouts, mixed into the Renderer (companion/ui/render.py: `m`, `size`, `text`,
    `_rows`, `_buttons`, `_text`, `_widest_word`, `_widest_name` come from there)."""

    # -- the play screens ---------------------------------------------------------------------------
    def _wide_cells(self, vm, y: int) -> tuple[int, int]:
        """(cell height, cell width) of a board that runs from under `y` to the bottom edge and takes
        the width the column beside it leaves: the column keeps the 800x480 panel's width (COLUMN,
        scaled), or where a countdown ring stands beside the board too, the share the board had."""
        m, (w, h) = self.m, self.size
        cell = (h - y - 2 * m.pad - 2 * m.pad) // 3
        if vm.ring is None and not vm.picture and vm.buttons:
            most = (w - m.px(COLUMN) - 3 * m.pad - 2 * m.pad) // 3
        else:
            most = (int(w * (BOARD_SHARE if vm.buttons else 0.62)) - 2 * m.pad) // 3
        return cell, max(most, self._widest_word(vm.grid) + m.px(10))

    def _wide_hint(self, vm, x: int) -> Item:
        """The hint row beside a board that runs to the bottom edge: under the column from `x`; two
        rows where the reason or error on show is wider than the column (the second row is the
        moments' room the buttons always leave: `_split_log`)."""
        m, (w, h) = self.m, self.size
        width = w - x - m.pad
        said = vm.error or vm.hint
        wide = said and self.text.font(m.font("hint")).size(said)[0] > width - m.px(4)
        high = (2 if wide else 1) * m.hint_h
        return Item("hint", pygame.Rect(x, h - high, width, high), (said, bool(vm.error)))

    def _moments_end(self, vm, hint: pygame.Rect) -> int:
        """Where the moments beside a board end: above the hint row, or with nothing on it (no reason,
        no error), at the bottom edge (a hint that comes lays the screen out again)."""
        return hint.y - self.m.pad // 2 if vm.error or vm.hint else self.size[1] - self.m.pad

    def _beside(self, vm, panel: pygame.Rect) -> tuple[pygame.Rect, list[Item]]:
        """A panel as wide as a screen without a board: the latest moments take a column of their own
        at its right; (the panel left, their items)."""
        m, w = self.m, self.size[0]
        if not (m.wide and vm.recent) or panel.width < w - 4 * m.pad:  # (beside a board or a ring: under)
            return panel, []
        col = int(w * LOG_COLUMN)
        log = pygame.Rect(panel.right - col, panel.y, col, panel.height)
        return pygame.Rect(panel.x, panel.y, panel.width - col - 2 * m.pad, panel.height), self._moments(
            vm, log
        )

    def _split_log(self, vm, area: pygame.Rect, tall, end: int) -> tuple[pygame.Rect, list[Item]]:
        """The button area with the latest moments under it, down to `end`: the buttons keep the rows
        they have without them (the table's actions come first), the moments take the rest, and at
        least the newest one shows (up to three rows; where the rest holds none, the buttons give up
        a row to More; never the primary and their first row). Beside a board that room is kept even before the
        first moment: the hint's second row may take it. (the button area, the moments' items)."""
        m = self.m
        beside_board = m.wide and bool(vm.grid or vm.table)
        if not (m.wide and (vm.recent or beside_board)):
            return area, []
        newest = min(3, self._rows(vm.recent[-1], area.width)) * m.line_h if vm.recent else 0
        least = max(newest, m.hint_h) + m.pad
        high = min(self._buttons_need(vm, area.width, tall), self._rows_in(vm, area.height, tall))
        if area.height - high < least:
            floor = self._buttons_need(vm._replace(buttons=vm.buttons[:2]), area.width, tall)
            high = max(area.height - least, min(floor, area.height))
        if area.height - high < least:  # no room for a moment: the buttons end above the hint at least
            return pygame.Rect(area.x, area.y, area.width, min(area.height, end - m.pad // 2 - area.y)), []
        top = area.y + high + m.pad // 2
        log = pygame.Rect(area.x, top, area.width, end - top)
        return pygame.Rect(area.x, area.y, area.width, high), self._moments(vm, log) if vm.recent else []

    def _rows_in(self, vm, height: int, tall) -> int:
        """The height of the button rows that fit in `height` (the primary and whole rows)."""
        from companion.ui.buttons import ROW

        m = self.m
        if tall is ROW or not vm.buttons:
            return min(height, m.button_h)
        head = ((m.primary_h if tall else m.button_h) + m.pad) if vm.buttons[0].primary else 0
        rows = max(0, (height - head + m.pad) // (m.button_h + m.pad))
        return head + rows * (m.button_h + m.pad) - m.pad

    def _buttons_need(self, vm, width: int, tall) -> int:
        """The height all of `vm`'s buttons take at full size in `width`."""
        from companion.ui.buttons import ROW

        m, buttons = self.m, list(vm.buttons)
        if not buttons:
            return 0
        if tall is ROW:
            return m.button_h
        head = 1 if buttons[0].primary else 0
        top = ((m.primary_h if tall else m.button_h) + m.pad) if head else 0
        rows = len(self._pack(buttons[head:], width, 0))
        return top + rows * (m.button_h + m.pad) - m.pad

    def _moments(self, vm, box: pygame.Rect) -> list[Item]:
        """The latest moments in `box` under a thin rule: the newest that fit, each on the rows it
        wraps to, oldest at the top."""
        m = self.m
        top = box.y + m.pad // 2
        shown: list[tuple[str, int]] = []
        room = box.bottom - top
        for line in reversed(vm.recent):
            high = self._rows(line, box.width) * m.line_h
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
        items.append(
            Item(
                "hint",
                pygame.Rect(m.pad, bottom, w - 2 * m.pad, m.hint_h),
                (vm.error or vm.hint, bool(vm.error)),
            )
        )
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
        strip_h = min(item.rect.height, m.primary_h if b.primary else m.button_h)
        art = pygame.Rect(item.rect.x, item.rect.y, item.rect.width, item.rect.height - strip_h)
        strip = pygame.Rect(item.rect.x, art.bottom, item.rect.width, strip_h)
        radius = m.px(10 if b.primary else 8)
        if art.height > 0:
            surface.blit(tile_art(b.art[0], b.art[1], art.size), art.topleft)
        fill = (theme.PRIMARY if b.enabled else theme.PRIMARY_OFF) if b.primary else theme.BUTTON
        pygame.draw.rect(
            surface, fill, strip, border_bottom_left_radius=radius, border_bottom_right_radius=radius
        )
        edge = theme.PRIMARY_EDGE if b.primary else fill
        pygame.draw.rect(surface, edge, item.rect, m.px(2), border_radius=radius)
        if b.focused:
            pygame.draw.rect(surface, theme.FOCUS, item.rect, m.px(4), border_radius=radius)
        role = "primary" if b.primary else "button"
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
def tile_art(name: str, time: str, size: tuple[int, int]) -> pygame.Surface:
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
    return strip


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
