"""Painting a district cell of the board (its name, its counts as icons with numerals, the players'
chips, its pattern) and the shapes and patterns that mark players and moods without colour alone. A
mixin of `companion.ui.render.Renderer`, which lays the cells out."""

import pygame

from companion import palette
from companion.ui import icons, theme
from companion.ui.item import Item


class CellPainter:
    """The board cells' painting, for the renderer (it gives `m`, `labels`, `numerals` and `_text`)."""

    def _flow(self, counts, width: int, side: int) -> list[tuple[int, int]]:
        """Where each icon + numeral pair goes, left to right wrapping at `width`: (x, row) from 0."""
        m = self.m
        font = self.labels.font(m.font("cell"))
        x, row, out = 0, 0, []
        for c in counts:
            need = self._count_w(c, font, side)
            if x > 0 and x + need > width:
                x, row = 0, row + 1
            out.append((x, row))
            x += need + m.px(6)
        return out

    def _count_w(self, c, font, side: int) -> int:
        """The width of one count: its icon, its owner's shape mark, its numeral; or a chip (the
        player's shape with their initial beside it)."""
        numeral_w = font.size(c.value)[0] + self.m.px(4) if c.value else 0
        return side + numeral_w + (side * 3 // 4 if c.icon and c.shape else 0)

    def _counts(self, surface, rect: pygame.Rect, counts, bg, side: int) -> None:
        """Icon + numeral pairs flowing left to right, wrapping into rows of height `side`. In a cell
        the board shrank (a banner above it) the icons get smaller, down to two thirds, until the rows
        fit, and then the rows close up (a numeral's line keeps its ink apart): a count never runs
        over the cell's border."""
        m = self.m
        size = m.font("cell")
        line = self.numerals.font(size).get_linesize()  # a numeral or an initial: no descender below it
        row_h, gap = max(side, line), m.px(2)
        flow = self._flow(counts, rect.width, side)
        while side > m.px(20) and flow and (flow[-1][1] + 1) * (row_h + gap) > rect.height + gap:
            side -= m.px(2)
            row_h = max(side, line)
            flow = self._flow(counts, rect.width, side)
        if flow and (flow[-1][1] + 1) * (row_h + gap) > rect.height + gap:
            gap = 0
        for c, (dx, row) in zip(counts, flow):
            x, y = rect.x + dx, rect.y + row * (row_h + gap)
            numeral_w = self.numerals.font(size).size(c.value)[0] if c.value else 0
            top = y + (row_h - side) // 2
            if c.icon:
                colour = c.colour or theme.ICON_COLOURS.get(c.icon, theme.TEXT)
                mark_w = side * 3 // 4 if c.shape else 0
                if c.icon in icons.ICONS:
                    icons.blit_icon(surface, c.icon, pygame.Rect(x, top, side, side), colour)
                else:  # a picture of the shipped assets ("token.room-card")
                    from companion.ui import assets

                    surface.blit(assets.icon(c.icon, side, colour), (x, top))
                if c.shape:  # whose it is: their shape, not their colour alone
                    draw_shape(
                        surface,
                        c.shape,
                        pygame.Rect(x + side, top + side // 4, mark_w, mark_w),
                        colour,
                        m.px(1),
                    )
                self._text(
                    surface,
                    c.value,
                    pygame.Rect(x + side + mark_w, y, numeral_w + m.px(4), row_h),
                    "cell",
                    theme.TEXT,
                    bg=bg,
                    renderer=self.numerals,
                )
            else:  # a chip: the player's shape in their colour, their initial beside it
                colour = c.colour or theme.TEXT_DIM
                draw_shape(surface, c.shape or "circle", pygame.Rect(x, top, side, side), colour, m.px(1))
                self._text(
                    surface,
                    c.value,
                    pygame.Rect(x + side, y, numeral_w + m.px(4), row_h),
                    "cell",
                    theme.TEXT,
                    bg=bg,
                    renderer=self.numerals,
                )

    def _rows_fit(self, counts, width: int, height: int) -> bool:
        """Whether `counts` fit a box `width` x `height` in rows at their smallest (icons of 20
        reference px, the rows closed up)."""
        side = self.m.px(20)
        row_h = max(side, self.numerals.font(self.m.font("cell")).get_linesize())
        return (self._flow(counts, width, side)[-1][1] + 1) * row_h <= height

    def _beside_last(self, surface, text_box, counts, inner: pygame.Rect, bg) -> bool:
        """Where a cell made short (a banner, a title on two lines above the board) has no room under
        its words for the counts: its last text (`text_box`: text, box, colour) drawn a line at a time,
        the counts in one row after its last line, the two centred together ("Angriff / 3 ●0/5");
        False, and nothing drawn, where that row is wider than the cell (`inner`)."""
        m, (text, box, colour) = self.m, text_box
        size = m.font("cell")
        font = self.labels.font(size)
        fit = self.labels.fit(text, box.width, box.height, size, size)
        side = min(m.px(30), self.numerals.font(size).get_linesize())
        row = sum(self._count_w(c, font, side) for c in counts) + m.px(6) * (len(counts) - 1)
        last_w, gap, line_h = font.size(fit.lines[-1])[0], m.px(8), font.get_linesize()
        if fit.cut or last_w + gap + row > inner.width:
            return False
        for i, line in enumerate(fit.lines[:-1]):
            at = pygame.Rect(box.x, box.y + i * line_h, box.width, line_h)
            self._text(surface, line, at, "cell", colour, bg=bg, renderer=self.labels)
        top = box.y + (len(fit.lines) - 1) * line_h
        x = inner.x + (inner.width - last_w - gap - row) // 2
        self._text(
            surface,
            fit.lines[-1],
            pygame.Rect(x, top, last_w, line_h),
            "cell",
            colour,
            bg=bg,
            renderer=self.labels,
        )
        row_h = max(side, self.numerals.font(size).get_linesize())
        self._counts(
            surface, pygame.Rect(x + last_w + gap, top + (line_h - row_h) // 2, row, row_h), counts, bg, side
        )
        return True

    def _paint_cell(self, surface, item: Item) -> None:
        """One district: fill and border by mark, its name (or grid position) on top, lines, icon counts."""
        m, c = self.m, item.data
        fill, border = theme.CELL_MARKS.get(c.mark, theme.CELL_MARKS[""])
        pygame.draw.rect(surface, fill, item.rect, border_radius=m.px(6))
        pattern = theme.CELL_PATTERNS.get(c.mark, "")
        if pattern:  # a pattern as well as a colour: red and blue-gray cells differ without colour vision
            paint_pattern(surface, item.rect.inflate(-m.px(4), -m.px(4)), pattern, border, m.u)
        pygame.draw.rect(
            surface,
            theme.FOCUS if c.selected else border,
            item.rect,
            m.px(5) if c.selected else m.px(2),
            border_radius=m.px(6),
        )
        inner = item.rect.inflate(-m.px(8), -m.px(6))
        behind = None if pattern else fill  # over a pattern the text keeps a transparent background
        size = m.font("cell")
        font = self.labels.font(size)
        head = pygame.Rect(inner.x, inner.y, inner.width, font.get_linesize())
        counts = c.counts
        if c.chip is not None:  # a seat: its player's shape before the name, else first among its counts
            side = m.px(18)
            if font.size(c.title)[0] + side + m.px(4) <= head.width:
                draw_shape(
                    surface,
                    c.chip.shape or "circle",
                    pygame.Rect(head.x, head.centery - side // 2, side, side),
                    c.chip.colour or theme.TEXT_DIM,
                    m.px(1),
                )
                head = pygame.Rect(head.x + side + m.px(4), head.y, head.width - side - m.px(4), head.height)
            elif counts:
                counts = (c.chip._replace(value=""), *counts)
        # the district by its name, wrapped (and hyphenated) over the lines the cell has room for, up
        # to three ("News- / paper / Office"); its grid
        # position only where the box has no name at all; a seat by its player's name
        title = c.title or (c.pos if c.lines or counts else "")  # an empty box unnamed: nothing to read
        line_h = head.height
        below = sum(len(self.labels.fit(ln, inner.width, 10**6, size, size).lines) for ln in c.lines) * line_h
        room = max(1, min(3, (inner.height - below - (m.px(20) if counts else 0)) // line_h))
        rows = self.labels.fit(title, head.width, room * line_h, size, size)
        if rows.cut:  # the name first: it takes a third line from the counts (they shrink) before it is cut
            rows = self.labels.fit(title, head.width, 3 * line_h, size, size)
        if len(rows.lines) > 1 and not rows.cut:
            head = pygame.Rect(head.x, head.y, head.width, len(rows.lines) * line_h)
        # over a pattern the name in the brighter TEXT: hatching runs behind its letters (4.5:1 or more)
        texts = [(title, head, theme.TEXT if pattern else theme.TEXT_DIM)]
        y = head.bottom
        for line in c.lines:
            rows = len(self.labels.fit(line, inner.width, 10**6, size, size).lines)
            box = pygame.Rect(inner.x, y, inner.width, rows * font.get_linesize()).clip(inner)
            texts.append((line, box, theme.TEXT))
            y = box.bottom
        beside = counts and not self._rows_fit(counts, inner.width, inner.bottom - y - m.px(2))
        if beside and self._beside_last(surface, texts[-1], counts, inner, behind):
            texts, counts = texts[:-1], ()
        for text, box, colour in texts:
            self._text(surface, text, box, "cell", colour, bg=behind, renderer=self.labels)
        if counts:
            self._counts(
                surface,
                pygame.Rect(inner.x, y + m.px(2), inner.width, inner.bottom - y - m.px(2)),
                counts,
                behind,
                m.px(30),
            )


def draw_shape(surface: pygame.Surface, shape: str, rect: pygame.Rect, colour, outline: int = 1) -> None:
    """A player's seat shape (companion/palette.py) filled in `colour` inside `rect`, ringed `outline`
    pixels wide in the background colour so two chips side by side stay apart (0: no ring)."""
    r = min(rect.width, rect.height) / 2
    cx, cy = rect.centerx, rect.centery
    points = [(cx + x * r * 0.95, cy + y * r * 0.95) for x, y in palette.shape_points(shape)]
    pygame.draw.polygon(surface, colour, points)
    if outline > 0:
        pygame.draw.polygon(surface, theme.BG, points, outline)


def paint_pattern(surface: pygame.Surface, rect: pygame.Rect, pattern: str, colour, unit: int = 1) -> None:
    """Fill `rect` with a faint pattern in `colour`: "hatch" (diagonal lines, red cells), "cross"
    (cross-hatching, combat), "dots" (blue-gray cells), "frame" (an inner frame: the acting vampire's
    district) or "" (nothing). `unit` is one reference pixel (not rounded: 1.5 at 1280x720, where a
    rounded 2 put the frame across the cell's name)."""
    if not pattern:
        return
    faint = tuple((c + 2 * b) // 3 for c, b in zip(colour, surface.get_at(rect.center)[:3]))
    step, width = max(2, round(12 * unit)), max(1, round(2 * unit))
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    if pattern in ("hatch", "cross"):
        for k in range(-rect.height, rect.width, step):
            pygame.draw.line(
                surface, faint, (rect.x + k, rect.bottom), (rect.x + k + rect.height, rect.y), width
            )
            if pattern == "cross":
                pygame.draw.line(
                    surface, faint, (rect.x + k, rect.y), (rect.x + k + rect.height, rect.bottom), width
                )
    elif pattern == "dots":
        for y in range(rect.y + step // 2, rect.bottom, step):
            for x in range(rect.x + step // 2, rect.right, step):
                pygame.draw.circle(surface, faint, (x, y), max(1, round(2 * unit)))
    elif pattern == "frame":
        inset = round(6 * unit)
        # faint as the other patterns: the counts' last row runs over it (the cell's TEXT 8:1 on it)
        pygame.draw.rect(surface, faint, rect.inflate(-inset, -inset), width, border_radius=round(4 * unit))
    surface.set_clip(clip)
