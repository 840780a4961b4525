"""The contact sheets of the shipped assets, as pages of `companion screenshots`: both fonts at the sizes the
screens use, every icon with its name, every illustration at each time of day, and the credits.

They are drawn like the table (the dark theme, scaled with the surface from the 800x480 layout) and
checked like the table: every caption's capitals are at least 17 px at 800x480 and each page's title
28 px, measured as drawn (companion/ui/screencheck.py). So the icons take several pages.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from companion import palette
from companion.i18n import N_, _
from companion.ui import assets, theme
from companion.ui.screencheck import MAIN_CAPITALS, MIN_CAPITALS
from companion.ui.text import CAPITALS_PER_SIZE, TextRenderer, capitals_for

PER_PAGE = 18  # icons on one page: three columns of six
KIND_COLOURS = {
    "phase": theme.FOCUS,
    "token": palette.ORANGE,
    "role": palette.REDDISH_PURPLE,
    "action": palette.SKY_BLUE,
}
KIND_WORDS = {"phase": N_("phases"), "token": N_("tokens"), "role": N_("roles"), "action": N_("actions")}
ART_WORDS = {
    "skyline": N_("The city"),
    "moon": N_("The moon"),
    "fortress": N_("The fortress"),
    "mansion": N_("The mansion"),
    "village": N_("The village"),
}


def sheets() -> dict[str, Callable]:
    """Page name -> function (size) -> (surface, text boxes)."""
    names = assets.icon_names()
    pages = math.ceil(len(names) / PER_PAGE)
    out: dict[str, Callable] = {"assets-fonts": fonts_page}
    for i in range(pages):
        out[f"assets-icons-{i + 1:02d}"] = lambda size, i=i: icons_page(size, i, pages)
    for name in assets.ART:
        out[f"assets-art-{name}"] = lambda size, name=name: art_page(size, name)
    out["assets-about"] = about_page
    return out


def nominal_for_capitals(face: str, capitals: int) -> int:
    """The nominal size (companion/ui/text.py) at which `face` draws capitals at least `capitals` px tall."""
    n = max(1, math.floor(capitals / CAPITALS_PER_SIZE))
    while capitals_for(n) < capitals:  # every face draws capitals_for(n) at nominal n
        n += 1
    return n


class Sheet:
    """One page being drawn: the surface, its scale, and the texts drawn so far (for the check)."""

    def __init__(self, size: tuple[int, int], title: str, note: str = ""):
        """A blank page with its title bar (the display face at the main-text size) and a note on the right."""
        self.surface = pygame.Surface(size)
        self.m = theme.Metrics(*size)
        self.boxes: list = []
        self.renderers = {face: TextRenderer(face) for face in assets.FONTS}
        self.surface.fill(theme.BG)
        m = self.m
        bar = pygame.Rect(0, 0, size[0], m.header_h)
        self.surface.fill(theme.HEADER, bar)
        note_font = self.renderers["ui"].font(nominal_for_capitals("ui", self.caps(MIN_CAPITALS)))
        note_w = note_font.size(note)[0] + m.pad if note else 0
        self.text(
            title,
            pygame.Rect(m.pad * 2, 0, size[0] - note_w - 4 * m.pad, m.header_h),
            "display",
            MAIN_CAPITALS,
            theme.TEXT,
            "left",
            theme.HEADER,
            role="title",
        )
        if note:
            self.text(
                note,
                pygame.Rect(size[0] - note_w - m.pad * 2, 0, note_w, m.header_h),
                "ui",
                MIN_CAPITALS,
                theme.TEXT_DIM,
                "right",
                theme.HEADER,
            )
        self.top = m.header_h + m.pad

    def caps(self, capitals: int) -> int:
        """`capitals` px at 800x480 in this page's pixels (grown with the height, as the check's limits)."""
        return math.ceil(capitals * self.m.height / 480 - 1e-9)

    def text(
        self,
        words: str,
        rect: pygame.Rect,
        face: str,
        capitals: int,
        colour,
        align: str = "left",
        bg=theme.BG,
        role: str = "",
    ) -> None:
        """Fit `words` into `rect` in `face` with capitals of `capitals` px (at 800x480), wrapped, never smaller."""
        from companion.ui.text import TextBox

        n = nominal_for_capitals(face, self.caps(capitals))
        renderer = self.renderers[face]
        fit = renderer.fit(words, rect.width, rect.height, n, n)
        line_h = renderer.font(fit.size).get_linesize()
        y = rect.y + (rect.height - line_h * len(fit.lines)) // 2
        for ln in fit.lines:
            surf = renderer.line(ln, fit.size, colour, bg)
            x = {"left": rect.x, "right": rect.right - surf.get_width()}.get(
                align, rect.centerx - surf.get_width() // 2
            )
            self.surface.blit(surf, (x, y))
            y += line_h
        self.boxes.append(TextBox(words, rect, fit, role or face))

    def done(self):
        """(surface, text boxes), as every page returns them."""
        return self.surface, self.boxes


def fonts_page(size: tuple[int, int]):
    """Both faces at the sizes the screens use, with the German letters."""
    s = Sheet(size, _("Fonts"), "Cinzel · Atkinson")
    m, w = s.m, size[0]
    rows = [
        ("ui-regular", MIN_CAPITALS, theme.TEXT_DIM, _("Cinzel Bold: titles and the winner, capitals 28 px")),
        ("display", MAIN_CAPITALS, theme.TEXT, _("Night 3: Mila wins · ÄÖÜ äöüß")),
        (
            "ui-regular",
            MIN_CAPITALS,
            theme.TEXT_DIM,
            _("Atkinson Hyperlegible Bold: all other text, 17 to 28 px"),
        ),
        ("ui", MAIN_CAPITALS, theme.TEXT, _("7 · 2 AP · Mila's turn")),
        ("ui", 22, theme.TEXT, _("Expose agents · Übergröße ÄÖÜ äöüß")),
        ("ui", MIN_CAPITALS, theme.TEXT, _("Move to the Cathedral: 1 AP · 0O 1Il 5S 8B")),
        ("ui-regular", MIN_CAPITALS, theme.TEXT, _("Regular: the same letters, lighter, for long notes")),
    ]
    y = s.top
    room = size[1] - y - m.pad
    heights = [
        s.renderers[face].font(nominal_for_capitals(face, s.caps(c))).get_linesize() for face, c, *_r in rows
    ]
    gap = max(0, (room - sum(heights)) // max(1, len(rows)))
    for (face, caps, colour, words), h in zip(rows, heights):
        s.text(words, pygame.Rect(m.pad * 2, y, w - 4 * m.pad, h), face, caps, colour)
        y += h + gap
    return s.done()


def icons_page(size: tuple[int, int], index: int, pages: int):
    """Icons `index * PER_PAGE` onwards: each in its kind's colour with its name beside it."""
    names = assets.icon_names()[index * PER_PAGE : (index + 1) * PER_PAGE]
    kinds = list(dict.fromkeys(n.split(".")[0] for n in names))
    s = Sheet(
        size,
        _("Icons {page}/{pages}").format(page=index + 1, pages=pages),
        ", ".join(_(KIND_WORDS[k]) for k in kinds),
    )
    m = s.m
    cols, rows = 3, PER_PAGE // 3
    cell_w = (size[0] - 2 * m.pad) // cols
    cell_h = (size[1] - s.top - m.pad) // rows
    side = min(cell_h - m.px(4), m.px(58))
    for i, name in enumerate(names):
        r, c = divmod(i, cols)
        x, y = m.pad + c * cell_w, s.top + r * cell_h
        kind, key = name.split(".", 1)
        picture = assets.icon(name, side, KIND_COLOURS[kind])
        s.surface.blit(picture, (x + m.px(4), y + (cell_h - side) // 2))
        box = pygame.Rect(x + side + m.px(12), y, cell_w - side - m.px(18), cell_h)
        s.text(key.replace("_", " ").replace("-", " "), box, "ui", MIN_CAPITALS, theme.TEXT)
    return s.done()


def art_page(size: tuple[int, int], name: str):
    """One illustration at the four times of day, two by two, each named by its time."""
    from companion.narration.words import phase_text

    s = Sheet(size, _(ART_WORDS[name]))
    m = s.m
    cell_w = (size[0] - 3 * m.pad) // 2
    cell_h = (size[1] - s.top - 2 * m.pad) // 2
    cap_h = s.renderers["ui"].font(nominal_for_capitals("ui", s.caps(MIN_CAPITALS))).get_linesize()
    for i, time in enumerate(assets.TIMES):
        r, c = divmod(i, 2)
        x, y = m.pad + c * (cell_w + m.pad), s.top + r * (cell_h + m.pad)
        picture = assets.art(name, (cell_w, cell_h - cap_h), time)
        s.surface.blit(picture, (x + (cell_w - picture.get_width()) // 2, y))
        label = pygame.Rect(x, y + cell_h - cap_h, cell_w, cap_h)
        s.text(phase_text(time).capitalize(), label, "ui", MIN_CAPITALS, theme.TEXT_DIM, "center")
    return s.done()


def about_page(size: tuple[int, int]):
    """The credits the About screen will show."""
    s = Sheet(size, _("About"))
    m = s.m
    lines = assets.about_lines()
    room = pygame.Rect(m.pad * 2, s.top, size[0] - 4 * m.pad, size[1] - s.top - m.pad)
    step = room.height // len(lines)
    for i, words in enumerate(lines):
        s.text(
            words,
            pygame.Rect(room.x, room.y + i * step, room.width, step),
            "ui-regular",
            MIN_CAPITALS,
            theme.TEXT,
        )
    return s.done()
