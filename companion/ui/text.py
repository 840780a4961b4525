"""Text that always fits its box: shrink, then wrap, and cache what was rendered.

`fit_text` picks the largest font size (from `max_size` down to `min_size`) at which the text,
wrapped at word boundaries, fits inside `width` x `height`. Only when even the smallest size fails
are long words broken and the last line ellipsised; the result then says `cut=True`, which the
tests treat as a layout bug (and `broken=True` when a word had to be split across lines). Sizes here
are *nominal*: like `pygame.font.Font(None, n)`, a nominal size n opens the font at an em size of
`pixel_size(n)` = int(n * 0.6875) screen pixels, so nominal 24 is a 16 px font. The screen check
(companion/ui/screencheck.py) always speaks of that em size in pixels. Rendered line surfaces are
cached, so redrawing an unchanged screen costs blits only.
"""

import os

import pygame

from companion.records import Named

ELLIPSIS = "…"
# pygame's default font by its file: Font(None) looks the file up through importlib.resources on
# every call (3.5 ms the first time, 0.2 ms after), opening it by path takes 0.06 ms. Font(None)
# also scales the size it is given by 0.6875; opening the file we do the same, so text looks alike.
_FONT_FILE = os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())
_FONT_FILE = _FONT_FILE if os.path.isfile(_FONT_FILE) else None
DEFAULT_FONT_SCALE = 0.6875


class Fit(Named):
    """How a text was fitted: font size, the wrapped lines, their extent, and whether it was cut."""

    size: int
    lines: tuple[str, ...]
    width: int
    height: int
    cut: bool
    broken: bool = False  # a word was split across two lines (only ever together with the last resort)

    @property
    def px(self) -> int:
        """The font's em size in screen pixels (what pygame.font.Font(file, N) got as N)."""
        return pixel_size(self.size)


class TextRenderer:
    """Fonts, fitted layouts and rendered line surfaces, all cached by their inputs.

    `face` is a shipped font's role (companion/ui/assets: "display", "ui", "ui-regular"); None draws
    in pygame's default font, as the screens do today. Sizes are nominal either way."""

    def __init__(self, face: str | None = None) -> None:
        """Start with empty caches (fonts load on first use)."""
        self.face = face
        self._fonts: dict[int, pygame.font.Font] = {}
        self._fits: dict[tuple, Fit] = {}
        self._surfaces: dict[tuple, pygame.Surface] = {}

    def font(self, size: int) -> pygame.font.Font:
        """The renderer's font at nominal `size` (pygame's default font, freesansbold, without a face)."""
        f = self._fonts.get(size)
        if f is None:
            f = self._fonts[size] = _default_font(size) if self.face is None else _face_font(self.face, size)
        return f

    def fit(self, text: str, width: int, height: int, max_size: int, min_size: int = 12) -> Fit:
        """The cached `fit_text` of `text` in a `width` x `height` box."""
        key = (text, width, height, max_size, min_size)
        fit = self._fits.get(key)
        if fit is None:
            fit = self._fits[key] = fit_text(text, width, height, max_size, min_size, self.font)
        return fit

    def line(self, text: str, size: int, color, bg=None) -> pygame.Surface:
        """A rendered (anti-aliased) line, cached by text, size and colours.

        With `bg` (the colour behind the text) the surface is opaque, which blits several times
        faster than a per-pixel-alpha one; without it the text keeps a transparent background.
        """
        key = (text, size, tuple(color), tuple(bg) if bg else None)
        surf = self._surfaces.get(key)
        if surf is None:
            if len(self._surfaces) > 4000:  # a long game night must not grow memory forever
                self._surfaces.clear()
            surf = self._surfaces[key] = self.font(size).render(text, True, color, bg)
        return surf

    def draw(self, surface: pygame.Surface, text: str, rect: pygame.Rect, max_size: int, color,
             align: str = "center", min_size: int = 12, bg=None) -> Fit:
        """Fit `text` into `rect` and blit it (centred vertically; `align` left|center; `bg` behind it)."""
        fit = self.fit(text, rect.width, rect.height, max_size, min_size)
        line_h = self.font(fit.size).get_linesize()
        y = rect.y + (rect.height - line_h * len(fit.lines)) // 2
        for ln in fit.lines:
            surf = self.line(ln, fit.size, color, bg)
            x = rect.x if align == "left" else rect.x + (rect.width - surf.get_width()) // 2
            surface.blit(surf, (x, y))
            y += line_h
        return fit


def fit_text(text: str, width: int, height: int, max_size: int, min_size: int = 12, font_for=None) -> Fit:
    """Largest size at which `text` wraps into `width` x `height`; `cut=True` if it never does.

    `font_for(size)` returns a pygame Font (default: pygame's default font). Sizes step down by
    about 8 % each try, so a long label shrinks smoothly instead of jumping.
    """
    font_for = font_for or _default_font
    size = max(max_size, min_size)
    while True:
        font = font_for(size)
        max_lines = height // font.get_linesize()
        if max_lines >= 1:
            lines = _wrap(text, font, width, break_words=False)
            if lines is not None and len(lines) <= max_lines:
                return _fit(size, lines, font)
        if size <= min_size:
            return _squeeze(text, font, width, max(1, max_lines), size)
        size = max(min_size, min(size - 1, int(size * 0.92)))


def pixel_size(size: int) -> int:
    """The em size in screen pixels of nominal font size `size` (what the font file is opened at)."""
    return max(1, int(size * DEFAULT_FONT_SCALE))


def _default_font(size: int) -> pygame.font.Font:
    """pygame's default font at `size`, uncached (`TextRenderer.font` keeps the ones it uses)."""
    if not pygame.font.get_init():
        pygame.font.init()
    if _FONT_FILE is None:
        return pygame.font.Font(None, size)
    return pygame.font.Font(_FONT_FILE, pixel_size(size))


def _face_font(face: str, size: int) -> pygame.font.Font:
    """Shipped font `face` at nominal `size` (the same em size pygame's default font would get)."""
    from companion.ui import assets

    return assets.font(face, pixel_size(size))


def _fit(size: int, lines: list[str], font, cut: bool = False, broken: bool = False) -> Fit:
    """A Fit with the measured extent of `lines`."""
    w = max((font.size(ln)[0] for ln in lines), default=0)
    return Fit(size, tuple(lines), w, font.get_linesize() * len(lines), cut, broken)


def _wrap(text: str, font, width: int, break_words: bool) -> list[str] | None:
    """Greedy word wrap; None if a word is wider than `width` and `break_words` is False."""
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                out.append(line)
            if font.size(word)[0] > width:
                if not break_words:
                    return None
                pieces = _break_word(word, font, width)
                out.extend(pieces[:-1])
                word = pieces[-1]
            line = word
        out.append(line)
    return out


def _break_word(word: str, font, width: int) -> list[str]:
    """Split one over-long word into pieces that each fit `width`."""
    pieces, cur = [], ""
    for ch in word:
        if cur and font.size(cur + ch)[0] > width:
            pieces.append(cur)
            cur = ch
        else:
            cur += ch
    return pieces + [cur]


def _squeeze(text: str, font, width: int, max_lines: int, size: int) -> Fit:
    """Last resort at the smallest size: break words, keep what fits, ellipsise; marks `cut`."""
    lines = _wrap(text, font, width, break_words=True) or [""]
    broken = " ".join(lines).split() != text.split()  # a word came out in pieces
    if len(lines) <= max_lines and all(font.size(ln)[0] <= width for ln in lines):
        return _fit(size, lines, font, broken=broken)
    kept = lines[:max_lines]
    last = kept[-1]
    while last and font.size(last + ELLIPSIS)[0] > width:
        last = last[:-1]
    kept[-1] = last + ELLIPSIS
    return _fit(size, kept, font, cut=True, broken=broken)


class TextBox(Named):
    """A text drawn in the last frame: its box, how it was fitted, its role and its size.

    `px` is the font's em size in screen pixels (`Fit.px`: nominal size x 0.6875, see
    companion/ui/text.py). The screen check takes where the text went and how it was fitted from here,
    and the height of its capitals from what was really rendered (companion/ui/ink.py).
    """

    text: str
    rect: pygame.Rect
    fit: Fit
    role: str = ""

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
