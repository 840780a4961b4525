"""Draw any `ViewModel`: title bar with veil gauge, banners, district grid, lines, buttons, hint.

One layout serves every screen and scales with the surface. `layout(vm)` is computed once per
distinct model (it also answers touch hit tests); `draw` re-renders only when the model changed and
otherwise blits the cached frame, so an unchanged screen costs one blit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from companion.palette import veil_cells
from companion.ui import theme
from companion.ui.model import MORE, ButtonVM, ViewModel
from companion.ui.text import Fit, TextRenderer


@dataclass(frozen=True)
class Item:
    """One laid-out element: `kind` (title, veil, banner, cell, line, button, hint), its box, its data."""

    kind: str
    rect: pygame.Rect
    data: Any = None


@dataclass(frozen=True)
class TextBox:
    """A text drawn in the last frame: its box, how it was fitted, its role and its size.

    `px` is the font's em size in screen pixels (`Fit.px`: nominal size x 0.6875, see
    companion/ui/text.py), the number the screen check compares with 24 px. `facing` is False only for
    texts no player needs to read (captions of the developers' icon sheet).
    """

    text: str
    rect: pygame.Rect
    fit: Fit
    role: str = ""
    facing: bool = True

    @property
    def px(self) -> int:
        """Em size of the font in screen pixels."""
        return self.fit.px

    @property
    def clipped(self) -> bool:
        """The text did not fit its box: ellipsised, or drawn wider or taller than the box."""
        return self.fit.cut or self.fit.width > self.rect.width or self.fit.height > self.rect.height

    @property
    def broken(self) -> bool:
        """A word was split across two lines."""
        return self.fit.broken


class Renderer:
    """Lays out and paints view models for one surface size."""

    def __init__(self, size: tuple[int, int]) -> None:
        """Prepare for a `size` (width, height) surface."""
        self.size = (int(size[0]), int(size[1]))
        self.m = theme.Metrics(*self.size)
        self.text = TextRenderer()
        self._layouts: dict[ViewModel, list[Item]] = {}
        self._frame_vm: ViewModel | None = None
        self._frame: pygame.Surface | None = None
        self.text_boxes: list[TextBox] = []

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, vm: ViewModel) -> list[Item]:
        """The elements of `vm` with their boxes (cached for an equal model)."""
        items = self._layouts.get(vm)
        if items is None:
            if len(self._layouts) >= 8:  # the few models of the last frames are all that is reused
                self._layouts.clear()
            items = self._layouts[vm] = self._layout(vm)
        return items

    def page_size(self, vm: ViewModel) -> int:
        """How many of `vm`'s buttons one page shows (all of them when they fit)."""
        return self._button_grid(vm)[2]

    def hit(self, vm: ViewModel, pos: tuple[float, float]) -> tuple[str, str] | None:
        """What is under `pos`: ("button", id), ("district", "B2") or None."""
        for item in self.layout(vm):
            if item.rect.collidepoint(pos):
                if item.kind == "button":
                    return ("button", item.data.id)
                if item.kind == "cell":
                    return ("district", item.data.pos)
        return None

    def _layout(self, vm: ViewModel) -> list[Item]:
        """Compute every element's box."""
        m, (w, h) = self.m, self.size
        items = [Item("title", pygame.Rect(m.pad, 0, w - self._gauge_w() - 3 * m.pad, m.header_h), vm.title)]
        if vm.veil is not None:
            items.append(Item("veil", pygame.Rect(w - self._gauge_w() - m.pad, 0, self._gauge_w(), m.header_h),
                              (vm.veil, vm.veil_preview)))
        y = m.header_h
        for text in vm.banner[:2]:
            items.append(Item("banner", pygame.Rect(0, y, w, m.banner_h), text))
            y += m.banner_h
        bottom = h - m.hint_h
        items.append(Item("hint", pygame.Rect(m.pad, bottom, w - 2 * m.pad, m.hint_h), (vm.error or vm.hint, bool(vm.error))))
        x = m.pad
        if vm.grid:
            side = min(bottom - y - 2 * m.pad, int(w * 0.42))
            cell = (side - 2 * m.pad) // 3
            for i, c in enumerate(vm.grid[:9]):
                r, col = divmod(i, 3)
                items.append(Item("cell", pygame.Rect(x + col * (cell + m.pad), y + m.pad + r * (cell + m.pad), cell, cell), c))
            x += 3 * cell + 3 * m.pad
        panel = pygame.Rect(x, y + m.pad, w - x - m.pad, bottom - y - 2 * m.pad)
        items.extend(self._panel(vm, panel))
        return items

    def _panel(self, vm: ViewModel, panel: pygame.Rect) -> list[Item]:
        """Lines on top, buttons below, inside `panel`."""
        m = self.m
        items: list[Item] = []
        lines_h = 0
        if vm.lines:
            share = 0.42 if vm.buttons else 1.0
            lines_h = min(len(vm.lines) * m.line_h, int(panel.height * share))
            row = lines_h // len(vm.lines)
            for i, text in enumerate(vm.lines):
                items.append(Item("line", pygame.Rect(panel.x, panel.y + i * row, panel.width, row), text))
        if vm.buttons:
            area = pygame.Rect(panel.x, panel.y + lines_h + (m.pad if lines_h else 0), panel.width,
                               panel.height - lines_h - (m.pad if lines_h else 0))
            items.append(Item("area", area))
            items.extend(self._buttons(vm, area))
        return items

    def _button_grid(self, vm: ViewModel, area: pygame.Rect | None = None) -> tuple[int, int, int]:
        """(columns, rows, buttons per page) for `vm` in `area` (the last laid-out area if None)."""
        m = self.m
        if area is None:
            area = self._button_area(vm)
        min_w = m.px(180)
        cols = max(1, min(3, (area.width + m.pad) // (min_w + m.pad)))
        cols = min(cols, max(1, len(vm.buttons)))
        rows = max(1, (area.height + m.pad) // (m.button_h + m.pad))
        per_page = cols * rows
        if len(vm.buttons) > per_page:
            per_page -= 1  # the last slot becomes "More"
        return cols, rows, max(1, per_page)

    def _button_area(self, vm: ViewModel) -> pygame.Rect:
        """The button area of `vm`, from its layout."""
        return next((it.rect for it in self.layout(vm) if it.kind == "area"), pygame.Rect(0, 0, 1, 1))

    def _buttons(self, vm: ViewModel, area: pygame.Rect) -> list[Item]:
        """The page of buttons holding the focused one, in a grid, plus "More" if they overflow."""
        m = self.m
        cols, rows, per_page = self._button_grid(vm, area)
        buttons = list(vm.buttons)
        focus = next((i for i, b in enumerate(buttons) if b.focused), 0)
        pages = (len(buttons) + per_page - 1) // per_page
        page = focus // per_page
        shown = buttons[page * per_page:(page + 1) * per_page]
        if pages > 1:
            shown.append(ButtonVM(MORE, f"More ({page + 1}/{pages})"))
        bw = (area.width - (cols - 1) * m.pad) // cols
        bh = min(m.button_h + m.px(16), (area.height - (rows - 1) * m.pad) // rows)
        items = []
        for i, b in enumerate(shown):
            r, c = divmod(i, cols)
            items.append(Item("button", pygame.Rect(area.x + c * (bw + m.pad), area.y + r * (bh + m.pad), bw, bh), b))
        return items

    def _gauge_w(self) -> int:
        """Width of the veil gauge (label plus seven boxes)."""
        return self.m.px(7 * 34 + 70)

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
        if len(before) != len(after) or any(a.kind != b.kind or a.rect != b.rect for a, b in zip(before, after)):
            return False
        changed = [b for a, b in zip(before, after) if a.data != b.data]
        dirty = [it.rect for it in changed]
        self.text_boxes = [tb for tb in self.text_boxes if not any(r.contains(tb.rect) for r in dirty)]
        for item in changed:
            behind = theme.HEADER if item.kind in ("title", "veil") else theme.BG
            surface.fill(behind, item.rect)
            getattr(self, f"_paint_{item.kind}")(surface, item)
        return True

    def render(self, surface: pygame.Surface, vm: ViewModel) -> None:
        """Paint `vm` from scratch (no frame cache); records `text_boxes`."""
        m = self.m
        self.text_boxes = []
        surface.fill(theme.BG)
        pygame.draw.rect(surface, theme.HEADER, (0, 0, self.size[0], m.header_h))
        for item in self.layout(vm):
            getattr(self, f"_paint_{item.kind}")(surface, item)

    def _text(self, surface, text: str, rect: pygame.Rect, role: str, color, align: str = "center", bg=theme.BG) -> None:
        """Draw fitted text on its known background colour and remember its box."""
        if not text:
            return
        fit = self.text.draw(surface, text, rect, self.m.font(role), color, align, min_size=self.m.px(13), bg=bg)
        self.text_boxes.append(TextBox(text, rect, fit, role))

    def _paint_title(self, surface, item: Item) -> None:
        """The screen title, left in the header."""
        self._text(surface, item.data, item.rect.inflate(0, -self.m.px(6)), "title", theme.TEXT, "left", theme.HEADER)

    def _paint_veil(self, surface, item: Item) -> None:
        """The veil gauge: boxes 0..6, the current one bright, a preview outlined."""
        m = self.m
        veil, preview = item.data
        label = pygame.Rect(item.rect.x, item.rect.y, m.px(66), item.rect.height)
        self._text(surface, "Veil", label.inflate(-m.px(4), -m.px(14)), "small", theme.TEXT_DIM, bg=theme.HEADER)
        box = m.px(30)
        y = item.rect.y + (item.rect.height - box) // 2
        cells = veil_cells(veil)  # the LED veil bar's colours (companion/palette.py)
        for i, lit in enumerate(cells):
            r = pygame.Rect(label.right + i * m.px(34), y, box, box)
            color = lit or theme.VEIL_OFF
            pygame.draw.rect(surface, color, r, border_radius=m.px(4))
            if i == veil:
                pygame.draw.rect(surface, theme.TEXT, r, m.px(2), border_radius=m.px(4))
            if preview is not None and i == preview and preview != veil:
                pygame.draw.rect(surface, theme.VEIL_PREVIEW, r.inflate(m.px(6), m.px(6)), m.px(3),
                                 border_radius=m.px(6))
            self._text(surface, str(i), r.inflate(-m.px(4), -m.px(4)), "small", theme.BG if lit else theme.TEXT,
                       bg=color)

    def _paint_banner(self, surface, item: Item) -> None:
        """A degraded-hardware warning strip."""
        pygame.draw.rect(surface, theme.BANNER, item.rect)
        self._text(surface, item.data, item.rect.inflate(-2 * self.m.pad, -self.m.px(4)), "small", theme.TEXT, bg=theme.BANNER)

    def _paint_hint(self, surface, item: Item) -> None:
        """The bottom row: an error in red, otherwise the focused button's explanation."""
        text, is_error = item.data
        self._text(surface, text, item.rect.inflate(0, -self.m.px(6)), "hint", theme.ERROR if is_error else theme.TEXT_DIM, "left")

    def _paint_area(self, surface, item: Item) -> None:
        """The button area itself draws nothing."""

    def _paint_line(self, surface, item: Item) -> None:
        """One information line."""
        self._text(surface, item.data, item.rect, "body", theme.TEXT, "left")

    def _paint_cell(self, surface, item: Item) -> None:
        """One district: fill and border by mark, name on top, counts below."""
        m, c = self.m, item.data
        fill, border = theme.CELL_MARKS.get(c.mark, theme.CELL_MARKS[""])
        pygame.draw.rect(surface, fill, item.rect, border_radius=m.px(6))
        pattern = theme.CELL_PATTERNS.get(c.mark, "")
        if pattern:  # a pattern as well as a colour: red and blue-gray cells differ without colour vision
            paint_pattern(surface, item.rect.inflate(-m.px(4), -m.px(4)), pattern, border, m.px(1))
        pygame.draw.rect(surface, theme.FOCUS if c.selected else border, item.rect,
                         m.px(5) if c.selected else m.px(2), border_radius=m.px(6))
        inner = item.rect.inflate(-m.px(10), -m.px(8))
        head = pygame.Rect(inner.x, inner.y, inner.width, inner.height * 2 // 7)
        behind = None if pattern else fill  # over a pattern the text keeps a transparent background
        self._text(surface, f"{c.pos} {c.title}", head, "cell", theme.TEXT_DIM, bg=behind)
        body = pygame.Rect(inner.x, head.bottom, inner.width, inner.height - head.height)
        self._text(surface, "\n".join(c.lines), body, "cell", theme.TEXT, bg=behind)

    def _paint_button(self, surface, item: Item) -> None:
        """A button: fill by state, focus ring, label (+ cost) and the reason when greyed out."""
        m, b = self.m, item.data
        fill = theme.BUTTON_ON if b.selected else theme.BUTTON if b.enabled else theme.BUTTON_OFF
        pygame.draw.rect(surface, fill, item.rect, border_radius=m.px(8))
        if b.focused:
            pygame.draw.rect(surface, theme.FOCUS, item.rect, m.px(4), border_radius=m.px(8))
        inner = item.rect.inflate(-m.px(14), -m.px(8))
        label = f"{b.label} ({b.cost})" if b.cost else b.label
        color = theme.TEXT if b.enabled else theme.TEXT_OFF
        if b.why_not:
            top = pygame.Rect(inner.x, inner.y, inner.width, inner.height * 11 // 20)
            self._text(surface, label, top, "button", color, bg=fill)
            self._text(surface, b.why_not, pygame.Rect(inner.x, top.bottom, inner.width, inner.height - top.height), "small",
                       theme.TEXT_DIM, bg=fill)
        else:
            self._text(surface, label, inner, "button", color, bg=fill)


def paint_pattern(surface: pygame.Surface, rect: pygame.Rect, pattern: str, colour, unit: int = 1) -> None:
    """Fill `rect` with a faint pattern in `colour`: "hatch" (diagonal lines, red cells), "cross"
    (cross-hatching, combat), "dots" (blue-gray cells), "frame" (an inner frame: the acting vampire's
    district) or "" (nothing). `unit` is one reference pixel."""
    if not pattern:
        return
    faint = tuple((c + 2 * b) // 3 for c, b in zip(colour, surface.get_at(rect.center)[:3]))
    step, width = 12 * unit, max(1, 2 * unit)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    if pattern in ("hatch", "cross"):
        for k in range(-rect.height, rect.width, step):
            pygame.draw.line(surface, faint, (rect.x + k, rect.bottom), (rect.x + k + rect.height, rect.y), width)
            if pattern == "cross":
                pygame.draw.line(surface, faint, (rect.x + k, rect.y), (rect.x + k + rect.height, rect.bottom), width)
    elif pattern == "dots":
        for y in range(rect.y + step // 2, rect.bottom, step):
            for x in range(rect.x + step // 2, rect.right, step):
                pygame.draw.circle(surface, faint, (x, y), max(1, 2 * unit))
    elif pattern == "frame":
        pygame.draw.rect(surface, colour, rect.inflate(-6 * unit, -6 * unit), width, border_radius=4 * unit)
    surface.set_clip(clip)


def with_page_focus(vm: ViewModel, renderer: Renderer, focus: int) -> int:
    """The focus index after pressing "More": the first button of the next page (wrapping)."""
    per_page = renderer.page_size(vm)
    n = len(vm.buttons)
    return 0 if n == 0 else ((focus // per_page) + 1) * per_page % n

