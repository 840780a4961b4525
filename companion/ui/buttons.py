"""The button area of a screen: one big primary button, the other buttons that fit, and "More".

Every screen has one obvious next step: its primary button, drawn first, across the whole button
area, filled in the theme's blood red with a lighter rim, an icon and its words in the UI font. The
other buttons sit in a grid under it, as many as fit at full touch size (64 px tall at 800x480);
the rest are one press away: the screen (companion/ui/screens/base.py) puts them behind a "More"
button that opens a sheet listing them all. No paging, no shrinking a button under the touch size.

`ButtonLayout` is mixed into the Renderer (companion/ui/render.py): it lays the buttons out and
paints them (in the renderer's `labels`, whose lines are set closer: a label wrapped to two lines of
21 px capitals fits a button); `button_slots` tells a screen how many buttons its area holds.
"""

from __future__ import annotations

import math
import re

import pygame

from companion.ui import icons, theme
from companion.ui.item import Item
from companion.ui.model import ButtonVM, ViewModel

ROW = "row"  # a button area of one row: the primary and what fits beside it, then "More"
SHEET = "more"  # the screen name of the More sheet: its buttons sit three to a row, words wrapped
_AP_COST = r"(\d+) AP"  # compiled at its first use (re caches it), not at every start


# Pictures for the table's own buttons (a game's action buttons name theirs: "action.<verb>")
BUTTON_ICONS = {
    "new": "action.setup",
    "start": "action.setup",
    "resume": "action.resume",
    "board": "token.district",
    "correct": "action.adjust",
    "adjust": "action.adjust",
    "next": "action.next",
}


def icon_of(b: ButtonVM) -> str:
    """The picture button `b` shows: its own, else the one of its kind of button, else "" (none)."""
    name = b.icon or BUTTON_ICONS.get(b.id, "")
    return name if has_icon(name) else ""


def has_icon(name: str) -> bool:
    """Whether the shipped assets have a picture `name` ("action.draw"); "" has none."""
    if not name:
        return False
    from companion.ui import assets

    return assets.has_icon(name)


class ButtonLayout:
    """Lays out and paints a view model's buttons (a mixin of the Renderer: `m`, `labels`, `ui_text`,
    `_text`, `layout` come from there)."""

    def button_slots(self, vm: ViewModel) -> int:
        """How many of `vm`'s buttons its button area shows at full size (the primary counts one)."""
        cache = self.__dict__.setdefault("_slot_cache", {})
        fit = cache.get(vm)
        if fit is None:  # measured once per distinct model: an idle frame only looks it up
            if len(cache) >= 8:
                cache.clear()
            area = next((it for it in self.layout(vm) if it.kind == "area"), None)
            fit = cache[vm] = len(vm.buttons) if area is None else self._slots(vm, area.rect, area.data)
        return fit

    def buttons_room(self, vm: ViewModel, tall: bool = True) -> int:
        """The height the buttons keep below the lines: the primary (`tall`: taller than the others)
        and, with others, one row."""
        m = self.m
        if not vm.buttons:
            return 0
        if vm.card is not None or tall is ROW:  # the end-of-game card (or the lines) take the room: one row
            return self._row_h(vm, tall) + m.pad
        first = m.primary_h if vm.buttons[0].primary and tall else m.button_h
        return first + (m.pad + m.button_h if len(vm.buttons) > 1 else 0) + m.pad

    def _row_fits(self, vm: ViewModel, width: int) -> bool:
        """Whether `vm`'s primary keeps its words at the buttons' size at least (two lines at most) in a
        one-row button area `width` wide, beside a "More" button."""
        if not vm.buttons or not vm.buttons[0].primary:
            return True
        m = self.m
        others = m.pad + self._need(more_button(len(vm.buttons) - 1)) if len(vm.buttons) > 1 else 0
        label, chips = _label(vm.buttons[0])
        inner = pygame.Rect(0, 0, width - others - m.px(12), m.button_h - m.px(4))
        return inner.width > 0 and self._fits_beside(label, chips, inner, 0, "button")

    def _row_h(self, vm: ViewModel, tall=True) -> int:
        """The height of a one-row button area: under the end card the primary's (two lines of words),
        under lines that need the room (`tall` ROW) a button's."""
        if tall is ROW:
            return self.m.button_h
        return self.m.primary_h if vm.buttons and vm.buttons[0].primary else self.m.button_h

    def _sheet_columns(self, vm: ViewModel, rows: int) -> int:
        """On the More sheet: the fewest columns (1 to 3) that show every button in `rows` rows
        (the widest words, the fewest wrapped); elsewhere 0 (rows packed by their words)."""
        if vm.screen != SHEET:
            return 0
        n = len(vm.buttons)
        return next((c for c in (1, 2) if -(-n // c) <= rows), 3)

    def _need(self, b: ButtonVM) -> int:
        """The width button `b` needs for its words on one line (with its icon and AP cost), cached."""
        key = (b.label, b.cost, b.chips, b.icon, b.id, b.primary, b.selected)
        cache = self.__dict__.setdefault("_need_cache", {})
        need = cache.get(key)
        if need is None:
            if len(cache) > 2000:
                cache.clear()
            need = cache[key] = self._measure(b)
        return need

    def _measure(self, b: ButtonVM, lines: int = 1) -> int:
        """The width button `b` needs, measured with its fonts, its words on one line (`lines` 2: on
        two, split where the wider line is narrowest)."""
        m = self.m
        label, chips = _label(b)
        font = self.ui_text.font(m.font("primary")) if b.primary else self.labels.font(m.font("button"))
        words = label.split()
        wide = font.size(label)[0]
        if lines == 2 and len(words) > 1:
            wide = min(
                max(font.size(" ".join(words[:i]))[0], font.size(" ".join(words[i:]))[0])
                for i in range(1, len(words))
            )
        words_w = max(wide, font.size(b.cost)[0] if b.cost and not chips else 0)
        need = words_w + self._chips_w(chips) + (m.px(TICK_W) if b.selected else 0)
        return max(m.px(110), need + (m.px(40 if not b.primary else 60) if icon_of(b) else 0) + m.px(20))

    def _need2(self, b: ButtonVM) -> int:
        """The width button `b` needs with its words wrapped to two lines (a button holds two), cached."""
        cache = self.__dict__.setdefault("_need2_cache", {})
        key = (b.label, b.cost, b.chips, b.icon, b.id, b.primary, b.selected)
        need = cache.get(key)
        if need is None:
            if len(cache) > 2000:
                cache.clear()
            need = cache[key] = self._measure(b, 2)
        return need

    def _pack(self, buttons, width: int, grid: int = 0) -> list[list[ButtonVM]]:
        """The secondary buttons in rows, in order: as many side by side as their words allow (three
        at most), so short ones ("-1", "+1") pair up and a long one takes a row; `grid` > 0: that
        many to a row whatever their words (the More sheet shows them all at once, wrapped)."""
        if grid:
            return [list(buttons[i : i + grid]) for i in range(0, len(buttons), grid)]
        rows: list[list[ButtonVM]] = []
        used = 0
        for b in buttons:
            need = self._need(b)
            if rows and len(rows[-1]) < 3 and used + self.m.pad + need <= width:
                rows[-1].append(b)
                used += self.m.pad + need
            elif rows and len(rows[-1]) < 3 and self._wrapped_w(rows[-1] + [b]) <= width:
                rows[-1].append(b)  # side by side with their words on two lines ("Hutter: stake / to Ruth")
                used = self._wrapped_w(rows[-1])
            else:
                rows.append([b])
                used = need
        return rows

    def _wrapped_needs(self, row, needs: list[int], free: int) -> list[int]:
        """The widths `row`'s buttons need side by side in `free` px: each its words on two lines, then
        on one line again where the others keep room for theirs, those that gain least by wrapping
        first ("More (5)" keeps one line beside "Einige Karten / nehmen")."""
        widths = [self._need2(b) for b in row]
        for i in sorted(range(len(row)), key=lambda i: needs[i] - widths[i]):
            if sum(widths) - widths[i] + needs[i] <= free:
                widths[i] = needs[i]
        return widths

    def _wrapped_w(self, row) -> int:
        """The width `row` takes side by side with the words of each on two lines."""
        return sum(self._need2(b) for b in row) + (len(row) - 1) * self.m.pad

    def _slots(self, vm: ViewModel, area: pygame.Rect, tall: bool = True) -> int:
        """How many of `vm`'s buttons `area` shows at full size; when not all, a "More" button fits
        after them."""
        m = self.m
        buttons = list(vm.buttons)
        if vm.card is not None or tall is ROW:  # one row under the card (or under lines that need the room)

            def fits(row) -> bool:
                return sum(self._need(b) for b in row) + (len(row) - 1) * m.pad <= area.width

            if fits(buttons):
                return len(buttons)
            n = len(buttons) - 1
            while n > 1 and not fits(buttons[:n] + [more_button(len(buttons) - n)]):
                n -= 1
            return n
        head = 1 if buttons and buttons[0].primary else 0
        top = (m.primary_h if tall else m.button_h) + m.pad if head else 0
        rows = max(0, (area.height - top + m.pad) // (m.button_h + m.pad))
        rest = buttons[head:]
        grid = self._sheet_columns(vm, rows)
        if len(self._pack(rest, area.width, grid)) <= rows:
            return len(buttons)
        for n in range(len(rest) - 1, -1, -1):
            if len(self._pack(rest[:n] + [more_button(len(rest) - n)], area.width, grid)) <= rows:
                return head + n
        return head

    def _buttons(self, vm: ViewModel, area: pygame.Rect, tall: bool = True) -> list:
        """The primary across the area's top, the others in a grid under it (all at touch size)."""
        m = self.m
        items = []
        buttons = list(vm.buttons)
        y = area.y
        if vm.card is not None or tall is ROW:  # one row, each as wide as its words, the primary widest
            needs = [self._need(b) for b in buttons]
            free = area.width - (len(buttons) - 1) * m.pad
            if buttons and buttons[0].primary:  # the room left over goes to the primary
                needs[0] = max(needs[0], free - sum(needs[1:]))
                if free - sum(needs[1:]) >= m.px(110):  # and the others keep their words' width ("More (1)")
                    needs[0] = free - sum(needs[1:])
            x = area.x
            for b, need in zip(buttons, needs):
                bw = free * need // sum(needs)
                items.append(Item("button", pygame.Rect(x, y, bw, self._row_h(vm, tall)), b))
                x += bw + m.pad
            return items
        if buttons and buttons[0].primary:
            high = m.primary_h if tall else m.button_h
            items.append(Item("button", pygame.Rect(area.x, y, area.width, high), buttons.pop(0)))
            y += high + m.pad
        grid = self._sheet_columns(vm, (area.y + area.height - y + m.pad) // (m.button_h + m.pad))
        for row in self._pack(buttons, area.width, grid):
            needs = [1] * len(row) if grid else [self._need(b) for b in row]
            free = area.width - (len(row) - 1) * m.pad
            if sum(needs) > free:  # packed with their words on two lines: as few of them wrapped as fit
                needs = self._wrapped_needs(row, needs, free)
            equal = free // len(row)
            # equal widths when every label fits its share, else shares by what each needs
            widths = [equal] * len(row) if max(needs) <= equal else [free * n // sum(needs) for n in needs]
            x = area.x
            for b, bw in zip(row, widths):
                items.append(Item("button", pygame.Rect(x, y, bw, m.button_h), b))
                x += bw + m.pad
            y += m.button_h + m.pad
        return items

    def _fits_beside(self, label: str, chips, inner: pygame.Rect, icon_w: int, role: str = "button") -> bool:
        """Whether `label` wraps into `inner` at `role`'s size with a picture `icon_w` wide and the
        cost `chips` beside it."""
        size = self.m.font(role)
        width = inner.width - icon_w - self._chips_w(chips, inner.height)
        fit = self.labels.fit(label, max(1, width), inner.height, size, size)
        return not (fit.cut or fit.broken) and fit.height <= inner.height and fit.width <= width

    def _chips_w(self, chips, high: int = 0) -> int:
        """The width cost `chips` take at a button's right end (0 without): side by side, or one over
        the other where the button is `high` enough for them (a row each at the button size)."""
        if not chips:
            return 0
        m, font = self.m, self.labels.font(self.m.font("button"))
        widths = [m.px(CHIP_ICON) + font.size(n)[0] + m.px(6) for _icon, n in chips]
        return (max(widths) if self._stacked(chips, high) else sum(widths)) + m.px(4)

    def _stacked(self, chips, high: int) -> bool:
        """Whether several chips go one over the other in a button `high` px tall inside."""
        return len(chips) > 1 and high >= len(chips) * self.labels.font(self.m.font("button")).get_linesize()

    def _paint_chips(self, surface, chips, at: pygame.Rect, enabled: bool, color, fill) -> None:
        """Each chip, its picture then its numeral, from `at`'s left edge: side by side centred on its
        height, or one over the other where it is tall enough."""
        m = self.m
        font = self.labels.font(m.font("button"))
        line = font.get_linesize()
        stacked = self._stacked(chips, at.height)
        side = min(m.px(CHIP_ICON), line - m.px(2)) if stacked else m.px(CHIP_ICON)
        x, y = at.x, at.centery - (len(chips) * line // 2 if stacked else line // 2)
        for name, numeral in chips:
            tint = (
                CHIP_COLOURS.get(name) or theme.ICON_COLOURS.get(name, theme.TEXT)
                if enabled
                else theme.TEXT_OFF
            )
            picture = pygame.Rect(x, y + (line - side) // 2, side, side)
            if name in icons.ICONS:
                icons.blit_icon(surface, name, picture, tint)
            else:
                from companion.ui import assets

                surface.blit(assets.icon(name, side, tint), picture.topleft)
            num = font.size(numeral)[0]
            self._text(
                surface,
                numeral,
                pygame.Rect(picture.right, y, num + m.px(2), line),
                "button",
                color,
                bg=fill,
                renderer=self.labels,
            )
            if stacked:
                y += line
            else:
                x = picture.right + num + m.px(6)

    def ui_floor(self) -> int:
        """The smallest nominal size whose capitals meet the 17 px rule (scaled)."""
        from companion.ui.screencheck import limits
        from companion.ui.text import CAPITALS_PER_SIZE, capitals_for

        limit = limits(self.size)[0]
        n = max(1, math.floor(limit / CAPITALS_PER_SIZE))
        while capitals_for(n) < limit:
            n += 1
        return n

    def reach(self, item) -> pygame.Rect:
        """The box `item` paints: a button's with its focus ring round it (a repaint clears that much)."""
        if item.kind != "button":
            return item.rect
        ring = self.m.px(FOCUS_RING)
        return item.rect.inflate(2 * ring, 2 * ring)

    def _paint_area(self, surface, item) -> None:
        """The button area itself draws nothing."""

    def _paint_button(self, surface, item) -> None:
        """A button: fill by kind and state, focus ring, icon, label, its AP cost as icon and numeral,
        the reason when greyed out."""
        m, b = self.m, item.data
        if b.art and m.wide:  # a game's tile on the wide title (companion/ui/wide.py)
            return self._paint_tile(surface, item)
        if b.primary:
            fill = theme.PRIMARY if b.enabled else theme.PRIMARY_OFF
        else:
            fill = theme.BUTTON_ON if b.selected else theme.BUTTON if b.enabled else theme.BUTTON_OFF
        pygame.draw.rect(surface, fill, item.rect, border_radius=m.px(10 if b.primary else 8))
        if b.primary:  # a rim as well as the fill: the big one is the one to press, without colour too
            pygame.draw.rect(
                surface,
                theme.PRIMARY_EDGE if b.enabled else theme.TEXT_OFF,
                item.rect,
                m.px(2),
                border_radius=m.px(10),
            )
        if b.focused:  # round the button, outside it: the ring never covers the words' two lines
            ring = m.px(FOCUS_RING)
            radius = m.px(10 if b.primary else 8) + ring
            pygame.draw.rect(
                surface, theme.FOCUS, item.rect.inflate(2 * ring, 2 * ring), ring, border_radius=radius
            )
        inner = item.rect.inflate(-m.px(12), -m.px(4))
        color = theme.TEXT if b.enabled else theme.TEXT_OFF
        if b.selected:  # a chosen toggle has a tick as well as its colour
            tick = pygame.Rect(inner.x, inner.centery - m.px(11), m.px(TICK_W - 6), m.px(22))
            pygame.draw.lines(
                surface,
                color,
                False,
                [(tick.x, tick.centery), (tick.x + tick.width * 0.38, tick.bottom), (tick.right, tick.y)],
                m.px(4),
            )
            inner = pygame.Rect(inner.x + m.px(TICK_W), inner.y, inner.width - m.px(TICK_W), inner.height)
        label, chips = _label(b)
        icon = icon_of(b)
        role = "primary" if b.primary else "button"
        if icon and not self._fits_beside(label, chips, inner, m.px((52 if b.primary else 32) + 6), role):
            icon = ""  # the words before the picture: a long label keeps the room (the More sheet, a row)
        if icon:
            side = min(m.px(52 if b.primary else 32), inner.height)
            from companion.ui import assets

            picture = assets.icon(icon, side, color if not b.primary else theme.TEXT)
            surface.blit(picture, (inner.x, inner.centery - side // 2))
            inner = pygame.Rect(inner.x + side + m.px(6), inner.y, inner.width - side - m.px(6), inner.height)
        if chips:  # the cost as pictures and numbers at the right end: the AP token and a 2, the veil and +1
            inner = pygame.Rect(
                inner.x, inner.y, inner.width - self._chips_w(chips, inner.height), inner.height
            )
            self._paint_chips(
                surface,
                chips,
                pygame.Rect(inner.right + m.px(4), inner.y, 0, inner.height),
                b.enabled,
                color,
                fill,
            )
        text = self.labels
        font = self.labels.font(m.font("small"))
        words = self.labels.font(m.font(role))
        note = b.why_not or (b.cost if not chips else "")  # greyed: why; else a cost without pictures
        two = note and words.size(label)[0] <= inner.width and inner.height >= 2 * font.get_linesize()
        if two and font.size(note)[0] <= inner.width:
            # a reason too long for the button, or beside a label that takes two lines, is on the hint
            # row when the button has the focus
            top = pygame.Rect(inner.x, inner.y, inner.width, inner.height // 2)
            self._text(surface, label, top, "button", color, bg=fill, renderer=self.labels)
            self._text(
                surface,
                note,
                pygame.Rect(inner.x, top.bottom, inner.width, inner.height - top.height),
                "small",
                theme.TEXT_DIM,
                bg=fill,
                renderer=self.labels,
            )
        else:
            if note and not b.why_not and self._fits_beside(f"{label} ({note})", (), inner, 0, role):
                label = (
                    f"{label} ({note})"  # the cost in words after the label, wrapped with it (else left out:
                )
                # "2 AP left" says again what the title says)
            # the primary's words shrink no further than the 17 px rule
            floor = self.ui_floor() if b.primary else None
            self._text(surface, label, inner, role, color, bg=fill, renderer=text, min_size=floor)


TICK_W = 30  # reference pixels a selected button's tick takes before its label
# reference pixels of the focus ring, drawn round the button in the gap to the next (half the pad): inside
# it the ring covered the descenders of a label's second line and the accents of its first
FOCUS_RING = 4
CHIP_ICON = 28  # reference pixels of a cost chip's picture
CHIP_COLOURS = {"token.veil": theme.VEIL_ON}  # else theme.ICON_COLOURS by the icon's name


def _label(b: ButtonVM) -> tuple[str, tuple[tuple[str, str], ...]]:
    """(the words button `b` shows, its cost chips): a bare "2 AP" cost is the AP chip too; any other
    cost without pictures is drawn under the label ("2 AP left"), or in brackets after it where the
    button has no room for two rows."""
    if b.chips:
        return b.label, b.chips
    ap = re.fullmatch(_AP_COST, b.cost.strip()) if b.cost else None
    return b.label, ((("ap", ap.group(1)),) if ap else ())


def more_button(count: int) -> ButtonVM:
    """The button that opens the sheet of the `count` buttons that did not fit."""
    from companion.i18n import _
    from companion.ui.model import MORE

    return ButtonVM(MORE, _("More ({count})").format(count=count))


GROUP = "__group__:"  # id prefix of a More sheet's button that stands for several of one kind


def grouped(buttons: tuple[ButtonVM, ...]) -> tuple[ButtonVM, ...]:
    """`buttons` with the two or more of each picture (one kind of action) made one button where the
    first of them stood: the words they share around what differs, and how many ("Move to … (4)",
    "Nach … ziehen (4)"); pressable when any of them is. The More sheet's (companion/ui/screens/base.py)
    where its buttons outnumber a page."""
    kinds: dict[str, list[ButtonVM]] = {}
    for b in buttons:
        if b.icon and b.id != "back":
            kinds.setdefault(b.icon, []).append(b)
    out: list[ButtonVM] = []
    for b in buttons:
        group = kinds.get(b.icon, []) if b.icon else []
        if len(group) < 2:
            out.append(b)
        elif b is group[0]:
            enabled = any(g.enabled for g in group)
            from companion.i18n import _

            out.append(
                ButtonVM(
                    GROUP + b.icon,
                    _("{what} ({n})").format(what=_shared_words([g.label for g in group]), n=len(group)),
                    enabled=enabled,
                    why_not=None if enabled else group[0].why_not,
                    icon=b.icon,
                )
            )
    return tuple(out)


def _shared_words(labels: list[str]) -> str:
    """The words all `labels` begin and end with, "…" for what differs: "Move to …", "Nach … ziehen"."""
    words = [label.split() for label in labels]
    head = 0
    while all(len(w) > head for w in words) and len({w[head] for w in words}) == 1:
        head += 1
    tail = 0
    while all(len(w) > head + tail for w in words) and len({w[-1 - tail] for w in words}) == 1:
        tail += 1
    first = words[0]
    return " ".join(first[:head] + ["…"] + (first[len(first) - tail :] if tail else []))
