"""Draw any `ViewModel`: title bar with veil gauge, banners, district grid, lines, buttons, hint.

One layout serves every screen and scales with the surface. `layout(vm)` is computed once per
distinct model (it also answers touch hit tests); `draw` re-renders only when the model changed and
otherwise blits the cached frame, so an unchanged screen costs one blit.
"""

import pygame

from companion.i18n import _
from companion.palette import veil_cells
from companion.ui import icons, theme
from companion.ui.buttons import ROW, ButtonLayout
from companion.ui.item import Item
from companion.ui.model import TROUBLES, ViewModel
from companion.ui.paint_cells import CellPainter, draw_shape, paint_pattern  # noqa: F401 - drawn here, imported from here
from companion.ui.seats import SeatLayout
from companion.ui.text import LABEL_LEADING, NUMERAL_LEADING, TextBox, TextRenderer
from companion.ui.wide import WideLayout

PANEL_MIN = 280  # px at 800x480 the panel beside a board and a countdown ring keeps, if it can
VEIL_BOX, VEIL_STEP = (
    29,
    33,
)  # the veil gauge's cells at 800x480: a numeral's line high, the title keeps the rest


class Renderer(ButtonLayout, SeatLayout, CellPainter, WideLayout):
    """Lays out and paints view models for one surface size (the buttons: companion/ui/buttons.py)."""

    def __init__(self, size: tuple[int, int]) -> None:
        """Prepare for a `size` (width, height) surface."""
        self.size = (int(size[0]), int(size[1]))
        self.m = theme.Metrics(*self.size)
        self.text = TextRenderer()  # every text: Atkinson Hyperlegible (companion/ui/text.py)
        # the words of buttons, board cells and seats: the same face, lines set closer (two fit a button)
        self.labels = TextRenderer(leading=LABEL_LEADING)
        self.numerals = TextRenderer(leading=NUMERAL_LEADING)  # a count's numeral beside its icon
        self.ui_text = self.labels  # the primary button's words (the name older code uses)
        self.title_text = TextRenderer(
            "display"
        )  # the screen's title: Cinzel, as on the boxes and the end card
        self._layouts: dict[ViewModel, list[Item]] = {}
        self._frame_vm: ViewModel | None = None
        self._frame: pygame.Surface | None = None
        self._card: tuple = (None, None, None)  # (card, its box's size, (picture, text boxes)): drawn once
        self.text_boxes: list[TextBox] = []
        self._clear = False  # a scene behind the screen: texts drawn without a background box

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, vm: ViewModel) -> list[Item]:
        """The elements of `vm` with their boxes (cached for an equal model)."""
        items = self._layouts.get(vm)
        if items is None:
            if len(self._layouts) >= 8:  # the few models of the last frames are all that is reused
                self._layouts.clear()
            items = self._layouts[vm] = self._layout(vm)
        return items

    def hit(self, vm: ViewModel, pos: tuple[float, float]) -> tuple[str, str] | None:
        """What is under `pos`: ("button", id), ("district", "B2") or None."""
        for item in self.layout(vm):
            if item.rect.collidepoint(pos):
                if item.kind == "button":
                    return ("button", item.data.id)
                if (
                    item.kind in ("cell", "seat") and item.data.pos
                ):  # (a seat without a district button: its button)
                    return ("district", item.data.pos)
                if item.kind == "banner":
                    return ("button", TROUBLES)
        return None

    def _layout(self, vm: ViewModel) -> list[Item]:
        """Compute every element's box."""
        if vm.card is not None:
            return self._card_layout(vm)
        m, (w, h) = self.m, self.size
        gauge = self._gauge_w() if vm.veil is not None else 0
        header = self.header_h(vm.title, w - gauge - 2 * m.pad - (m.px(18) if vm.accent else 0))
        items = [
            Item(
                "title",
                pygame.Rect(m.pad, 0, w - gauge - 2 * m.pad, header),
                (vm.title, vm.accent, vm.backdrop or vm.scene),
            )
        ]
        if vm.veil is not None:
            items.append(
                Item("veil", pygame.Rect(w - gauge - m.pad, 0, gauge, m.header_h), (vm.veil, vm.veil_preview))
            )
        y = self._banner(vm, items, header)
        if m.wide and (vm.grid or vm.table):  # layouts made for the room (wide.py)
            return self._board_layout(vm, items, y)
        if m.wide and vm.scene is not None:  # the title, the resume offer
            return self._scene_layout(vm, items, y)
        bottom = h - m.hint_h
        items.append(self._hint_row(vm, bottom))
        x = m.pad
        if vm.grid:
            side = min(bottom - y - 2 * m.pad, int(w * (0.62 if not vm.buttons else 0.47)))
            cell = (side - 2 * m.pad) // 3
            # where the board is as high as the screen allows, a district's name takes the width the
            # board may have (1280x720: "Northwest" on one line, not "North- / west"; 800x480: "Cathedral"
            # at 20 px capitals, the cells wider than high), and no more: the panel keeps its lines' room
            most = (int(w * (0.62 if not vm.buttons else 0.5)) - 2 * m.pad) // 3
            need = self._need(vm.buttons[0]) if vm.buttons and vm.buttons[0].primary else 0
            if need <= w - 5 * m.pad - 3 * cell:  # nor so wide that the primary's words wrap beside it
                most = min(most, (w - 5 * m.pad - need) // 3)
            wide = min(
                max(cell, self._widest_word(vm.grid) + m.px(10)), m.px(180), max(cell, most)
            )  # a long name widens the cells
            wide = max(wide, self._widest_name(vm.grid, most - m.px(10)) + m.px(10))
            for i, c in enumerate(vm.grid[:9]):
                r, col = divmod(i, 3)
                items.append(
                    Item(
                        "cell",
                        pygame.Rect(x + col * (wide + m.pad), y + m.pad + r * (cell + m.pad), wide, cell),
                        c,
                    )
                )
            x += 3 * wide + 3 * m.pad
        if vm.table:  # seats round a table where the grid would be
            area = pygame.Rect(x, y + m.pad, int(w * 0.5), bottom - y - 2 * m.pad)
            items.extend(self._seats(vm.table, area))
            x = area.right + 2 * m.pad
        x = self._ring(vm, items, x, y, bottom, w)
        panel = pygame.Rect(x, y + m.pad, w - x - m.pad, bottom - y - 2 * m.pad)
        panel, beside = self._beside(vm, panel)  # wide, no board: the latest moments in a column
        inside = self._panel(vm, panel)
        return items + inside + (beside or self._under(vm, inside, panel, panel.bottom))

    def _ring(self, vm: ViewModel, items: list, x: int, y: int, bottom: int, w: int) -> int:
        """The countdown ring at `x`, and under it (or in its place) the picture, added to `items`;
        the x after them (the screen `w` wide)."""
        m = self.m
        if vm.ring is None and not vm.picture:
            return x
        side = min(bottom - y - 2 * m.pad, m.px(200))
        # beside a board the ring gives up some of its side so the panel keeps room for its lines
        side = max(min(side, w - x - 2 * m.pad - m.px(PANEL_MIN)), min(side, m.px(150)))
        top = y + m.pad
        if vm.ring is not None:
            items.append(Item("ring", pygame.Rect(x, top, side, side), vm.ring))
            top += side + m.pad
        if vm.picture and bottom - m.pad - top >= m.px(64):
            items.append(
                Item("picture", pygame.Rect(x, top, side, min(side, bottom - m.pad - top)), vm.picture)
            )
        return x + side + m.pad

    def _hint_row(self, vm: ViewModel, top: int) -> Item:
        """The bottom row across the screen from `top`: the error, else the hint."""
        m = self.m
        return Item(
            "hint",
            pygame.Rect(m.pad, top, self.size[0] - 2 * m.pad, m.hint_h),
            (vm.error or vm.hint, bool(vm.error)),
        )

    def _card_layout(self, vm: ViewModel) -> list[Item]:
        """The end-of-game card over one row of buttons (banners above it, the hint row only when it
        has something to say)."""
        m, (w, h) = self.m, self.size
        items = []
        y = self._banner(vm, items, 0)
        bottom = h
        if vm.error or vm.hint:
            bottom -= m.hint_h
            items.append(
                Item(
                    "hint",
                    pygame.Rect(m.pad, bottom, w - 2 * m.pad, m.hint_h),
                    (vm.error or vm.hint, bool(vm.error)),
                )
            )
        area = pygame.Rect(m.pad, bottom - self._row_h(vm) - m.pad, w - 2 * m.pad, self._row_h(vm))
        items.append(Item("card", pygame.Rect(0, y, w, area.y - m.pad - y), vm.card))
        items.append(Item("area", area))
        return items + self._buttons(vm, area)

    def _panel(self, vm: ViewModel, panel: pygame.Rect) -> list[Item]:
        """Icon counts, dice and lines on top, buttons below, inside `panel`."""
        m = self.m
        items: list[Item] = []
        y = panel.y
        if vm.stats:
            items.append(Item("stats", pygame.Rect(panel.x, y, panel.width, m.px(44)), vm.stats))
            y += m.px(44) + m.pad // 2
        if vm.dice:
            side = min(m.px(56), (panel.width - 5 * m.pad) // max(6, len(vm.dice)))
            items.append(Item("dice", pygame.Rect(panel.x, y, panel.width, side), vm.dice))
            y += side + m.pad
        # the buttons keep the primary and one row; a line running into them is clipped (the check fails it).
        # Where the lines need the room, the primary is as tall as the others (still filled, first, wider).
        main_h = self.text.font(m.font("main")).get_linesize() if vm.main else 0
        texts = [("main", text, self._rows(text, panel.width, "main") * main_h) for text in vm.main]
        texts += [("line", text, self._rows(text, panel.width) * m.line_h) for text in vm.lines]
        need = y + sum(high for _kind, _text, high in texts)
        # tall: the primary taller than the rest; False: as tall; ROW: where even then the lines need the
        # room, the buttons keep one row (the primary and "More" beside it, as under the end card)
        tall = next((t for t in (True, False) if need <= panel.bottom - self.buttons_room(vm, t)), ROW)
        mains = sum(high for kind, _text, high in texts if kind == "main")
        if tall is ROW:  # rather the lines at the board's 20 px with two rows of buttons than one row
            room_h = panel.bottom - self.buttons_room(vm, False) - y - mains
            smaller, fits = self._smaller_lines(texts, panel.width, room_h, m.font("cell"))
            if fits:
                texts, tall = smaller, False
            elif not self._row_fits(vm, panel.width):
                tall = False  # the primary's words need more than a row leaves them: the lines step down
        room = pygame.Rect(panel.x, panel.y, panel.width, panel.height - self.buttons_room(vm, tall))
        if y + mains + sum(high for kind, _t, high in texts if kind == "line") > room.bottom:
            # a rare long text even so: the lines step down together, to the floor at most
            texts = self._smaller_lines(texts, panel.width, room.bottom - y - mains, m.min_font)[0]
        for kind, text, high in texts:
            items.append(Item(kind, pygame.Rect(panel.x, y, panel.width, high).clip(room), text))
            y = min(y + high, room.bottom)
        if vm.buttons:
            top = y + (m.pad if y > panel.y else 0)
            area = pygame.Rect(panel.x, top, panel.width, panel.bottom - top)
            items.append(Item("area", area, tall))
            items.extend(self._buttons(vm, area, tall))
        return items

    def _banner(self, vm: ViewModel, items: list, y: int) -> int:
        """The banner strip at `y` when there are banners (one strip for any number: the board below
        keeps its room), added to `items`; the y under it."""
        if not vm.banner:
            return y
        items.append(
            Item("banner", pygame.Rect(0, y, self.size[0], self.m.banner_h), (vm.banner[0], len(vm.banner)))
        )
        return y + self.m.banner_h

    def header_h(self, title: str, width: int) -> int:
        """The title bar's height: one line, or two when the title at its full size is wider than
        `width` (a long German title wraps rather than shrinks under the main-text size)."""
        m = self.m
        font = self.title_text.font(m.font("title"))
        if font.size(title)[0] <= width - m.px(4) or len(title.split()) < 2:
            return m.header_h
        return max(m.header_h, 2 * font.get_linesize() + m.px(6))

    def _widest_word(self, cells) -> int:
        """The widest single word of the cells' lines at the cell size (a word never wraps), and the
        name of a seat (a seat is always named); a district's name wraps and hyphenates instead."""
        font = self.text.font(self.m.font("cell"))
        words = max(
            (font.size(word)[0] for c in cells for line in c.lines for word in line.split()), default=0
        )
        seats = max((font.size(c.title)[0] for c in cells if c.chip is not None), default=0)
        return max(words, seats)

    def _widest_name(self, cells, limit: int) -> int:
        """The widest word of the cells' titles (the districts' names) at the cell size that is at most
        `limit` wide (a name wider than the board allows is hyphenated anyway: it widens nothing)."""
        font = self.text.font(self.m.font("cell"))
        words = (font.size(word)[0] for c in cells for word in c.title.split())
        return max((n for n in words if n <= limit), default=0)

    def _rows(self, text: str, width: int, role: str = "body", size: int = 0) -> int:
        """How many line rows `text` needs at `role`'s size (or nominal `size`) in `width`."""
        size = size or self.m.font(role)
        fit = self.text.fit(text, width, 10**6, size, size)
        return max(1, len(fit.lines))

    def _smaller_lines(self, texts: list, width: int, room: int, floor: int) -> tuple[list, bool]:
        """`texts` (kind, text, height) with the information lines' heights at the largest size under the
        body size, down to nominal `floor`, at which they take at most `room` px together, and whether
        they do (at `floor` if not); each line is then fitted into its box as ever (companion/ui/text.py)."""
        size, fits = self.m.font("body"), False
        while size > floor and not fits:
            size -= 1
            step = self.text.font(size).get_linesize()
            fits = (
                sum(self._rows(t, width, size=size) * step for kind, t, _h in texts if kind == "line") <= room
            )
        step = self.text.font(size).get_linesize()
        out = [(k, t, h if k != "line" else self._rows(t, width, size=size) * step) for k, t, h in texts]
        return out, fits

    def _gauge_w(self) -> int:
        """Width of the veil gauge (label plus seven boxes)."""
        return self._veil_label_w() + self.m.px(7 * VEIL_STEP + 4)

    def _veil_label_w(self) -> int:
        """Width of the gauge's label: the veil's picture (the theatre curtains of the board's veil
        track), the same in every language; the title keeps the room a word took."""
        return self.m.px(44)

    # -- painting -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, vm: ViewModel) -> None:
        """Show `vm` on `surface`: unchanged -> blit the cached frame; same layout -> repaint only
        the elements that changed (e.g. the focus ring moved); otherwise paint everything."""
        if self._frame is None or self._frame.get_size() != surface.get_size():
            self._frame = pygame.Surface(surface.get_size())
            self._frame_vm = None
        if vm != self._frame_vm:
            if self._frame_vm is None or not self._repaint_changed(self._frame, self._frame_vm, vm):
                self.render(self._frame, vm)
            self._frame_vm = vm
        surface.blit(self._frame, (0, 0))

    def _repaint_changed(self, surface: pygame.Surface, old: ViewModel, new: ViewModel) -> bool:
        """Repaint only changed elements when both models lay out identically; False if they don't."""
        before, after = self.layout(old), self.layout(new)
        if len(before) != len(after) or any(
            a.kind != b.kind or a.rect != b.rect for a, b in zip(before, after)
        ):
            return False
        changed = [b for a, b in zip(before, after) if a.data != b.data]
        dirty = [self.reach(it) for it in changed]  # a button with the focus ring round it
        self.text_boxes = [tb for tb in self.text_boxes if not any(r.contains(tb.rect) for r in dirty)]
        self._clear = new.scene is not None
        for item, rect in zip(changed, dirty):
            if new.backdrop or new.scene:  # the picture behind it again
                surface.blit(self._behind(new), rect, rect)
            else:
                surface.fill(theme.HEADER if item.kind in ("title", "veil") else theme.BG, rect)
            getattr(self, f"_paint_{item.kind}")(surface, item)
        return True

    def render(self, surface: pygame.Surface, vm: ViewModel) -> None:
        """Paint `vm` from scratch (no frame cache); records `text_boxes`."""
        self.text_boxes = []
        self._clear = (
            vm.scene is not None
        )  # texts without a box of their own colour: the scene shows round them
        if vm.backdrop or vm.scene:  # the game's picture behind the title bar, or a whole scene (scenery.py)
            surface.blit(self._behind(vm), (0, 0))
        else:
            surface.fill(theme.BG)
            header = next((it.rect.height for it in self.layout(vm) if it.kind == "title"), self.m.header_h)
            pygame.draw.rect(surface, theme.HEADER, (0, 0, self.size[0], header))
        for item in self.layout(vm):
            getattr(self, f"_paint_{item.kind}")(surface, item)

    def _behind(self, vm: ViewModel) -> pygame.Surface:
        """What `vm`'s elements are drawn on: its pictures (made once per picture, time of day and size)."""
        from companion.ui.scenery import background

        header = next((it.rect.height for it in self.layout(vm) if it.kind == "title"), self.m.header_h)
        return background(vm.backdrop, vm.scene, self.size, header, self.m.hint_h)

    def _text(
        self,
        surface,
        text: str,
        rect: pygame.Rect,
        role: str,
        color,
        align: str = "center",
        bg=theme.BG,
        renderer: TextRenderer | None = None,
        min_size: int | None = None,
    ) -> None:
        """Draw fitted text on its known background colour and remember its box (`renderer`: another
        face than the UI face; `min_size`: shrink no further than this, wrap instead)."""
        if not text:
            return
        bg = None if self._clear and bg == theme.BG else bg
        fit = (renderer or self.text).draw(
            surface, text, rect, self.m.font(role), color, align, min_size=min_size or self.m.min_font, bg=bg
        )
        self.text_boxes.append(TextBox(text, rect, fit, role))

    def _paint_title(self, surface, item: Item) -> None:
        """The screen title, left in the header, after a bar in the colour of whose turn it is."""
        m = self.m
        text, accent, _picture = item.data
        box = item.rect.inflate(0, -m.px(4))
        if accent:
            bar = pygame.Rect(box.x, m.px(10), m.px(10), m.header_h - m.px(20))
            pygame.draw.rect(surface, accent, bar, border_radius=m.px(3))
            box = pygame.Rect(box.x + m.px(18), box.y, box.width - m.px(18), box.height)
        two = box.height > m.header_h  # a two-line bar: wrap at the full size, never shrink
        self._text(
            surface,
            text,
            box,
            "title",
            theme.TEXT,
            "left",
            None if item.data[2] else theme.HEADER,
            renderer=self.title_text,
            min_size=m.font("title") if two else None,
        )

    def _paint_veil(self, surface, item: Item) -> None:
        """The veil gauge: cells 0..6 lit like the LED veil bar, the current one framed, a preview ringed."""
        m = self.m
        veil, preview = item.data
        label = pygame.Rect(item.rect.x, item.rect.y, self._veil_label_w(), item.rect.height)
        from companion.ui import assets

        side = min(label.width - m.px(6), m.px(36))
        surface.blit(assets.icon("token.veil", side, theme.VEIL_ON), (label.x, label.centery - side // 2))
        box = m.px(VEIL_BOX)
        y = item.rect.y + (item.rect.height - box) // 2
        cells = veil_cells(veil)  # the LED veil bar's colours (companion/palette.py)
        for i, lit in enumerate(cells):
            r = pygame.Rect(label.right + m.px(4) + i * m.px(VEIL_STEP), y, box, box)
            color = lit or theme.VEIL_OFF
            pygame.draw.rect(surface, color, r, border_radius=m.px(4))
            if i == veil:
                pygame.draw.rect(surface, theme.TEXT, r, m.px(3), border_radius=m.px(4))
            if preview is not None and i == preview and preview != veil:
                pygame.draw.rect(
                    surface, theme.VEIL_PREVIEW, r.inflate(m.px(4), m.px(4)), m.px(3), border_radius=m.px(6)
                )
            self._text(surface, str(i), r, "small", theme.BG if lit else theme.TEXT, bg=color)

    def _paint_banner(self, surface, item: Item) -> None:
        """The banner strip: the first trouble's headline, and at its right end "Details" (with how
        many troubles there are when more than one); a tap anywhere on it opens them."""
        m = self.m
        pygame.draw.rect(surface, theme.BANNER, item.rect)
        headline, count = item.data
        more = _("Details") if count == 1 else _("Details ({n})").format(n=count)
        chip_w = self.text.font(m.font("small")).size(more)[0] + 2 * m.pad
        chip = pygame.Rect(item.rect.right - chip_w - m.pad, item.rect.y, chip_w, item.rect.height)
        pygame.draw.rect(surface, theme.BANNER_CHIP, chip, border_radius=m.px(6))
        self._text(surface, more, chip, "small", theme.TEXT, bg=theme.BANNER_CHIP)
        text = pygame.Rect(
            item.rect.x + m.pad, item.rect.y, chip.x - item.rect.x - 2 * m.pad, item.rect.height
        )
        self._text(surface, headline, text, "small", theme.TEXT, "left", bg=theme.BANNER)

    def _paint_hint(self, surface, item: Item) -> None:
        """The bottom row: an error in red, otherwise the focused button's explanation."""
        text, is_error = item.data
        self._text(surface, text, item.rect, "hint", theme.ERROR if is_error else theme.TEXT_DIM, "left")

    def _paint_line(self, surface, item: Item) -> None:
        """One information line (wrapped at spaces over the rows it was given)."""
        self._text(surface, item.data, item.rect, "body", theme.TEXT, "left")

    def _paint_main(self, surface, item: Item) -> None:
        """One line of what the screen is there to show, at the title's size (wrapped, never shrunk)."""
        self._text(surface, item.data, item.rect, "main", theme.TEXT, "left", min_size=self.m.font("main"))

    def _paint_stats(self, surface, item: Item) -> None:
        """A row of token icons with their numerals."""
        self._counts(surface, item.rect, item.data, theme.BG, self.m.px(40))

    def _paint_dice(self, surface, item: Item) -> None:
        """Die faces as the dice lie, the used ones dimmed."""
        m = self.m
        side = item.rect.height
        for i, (value, used) in enumerate(item.data):
            r = pygame.Rect(item.rect.x + i * (side + m.pad), item.rect.y, side, side)
            icons.blit_icon(
                surface, f"die{max(1, min(6, int(value)))}", r, theme.TEXT_OFF if used else theme.TEXT
            )
            if used:  # struck through inside the die (a wide line at its edge would leave a row behind)
                w = m.px(3)
                a = r.inflate(-2 * w, -2 * w)
                pygame.draw.line(surface, theme.ERROR, (a.left, a.bottom - 1), (a.right - 1, a.top), w)

    def _paint_ring(self, surface, item: Item) -> None:
        """The countdown ring with the seconds left inside."""
        fraction, numeral = item.data
        self.text_boxes.append(
            icons.draw_countdown(
                surface, item.rect, fraction, numeral, icons.countdown_colour(fraction), self.text
            )
        )

    def _paint_picture(self, surface, item: Item) -> None:
        """The picture of what the screen is about (the role that wakes), as big as its box allows."""
        from companion.ui import assets

        side = min(item.rect.size)
        surface.blit(assets.icon(item.data, side, theme.TEXT), (item.rect.centerx - side // 2, item.rect.y))

    def _paint_card(self, surface, item: Item) -> None:
        """The end-of-game card (companion/ui/cardview.py) at this screen's smallest and main capitals,
        drawn once into a picture of its own: a frame that changes a button blits it."""
        from companion.ui.cardview import draw_card
        from companion.ui.screencheck import limits

        card, size, drawn = self._card
        if card is not item.data or size != item.rect.size:  # laying a card out takes 10-70 ms: once per card
            picture = pygame.Surface(item.rect.size)
            picture.fill(theme.BG)
            drawn = (picture, draw_card(picture, picture.get_rect(), item.data, limits(self.size), self.m.u))
            self._card = (item.data, item.rect.size, drawn)
        surface.blit(drawn[0], item.rect.topleft)
        self.text_boxes.extend(b._replace(rect=b.rect.move(item.rect.topleft)) for b in drawn[1])
