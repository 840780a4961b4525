"""Text that always fits its box: shrink, then wrap, and cache what was rendered.

`fit_text` picks the largest font size (from `max_size` down to `min_size`) at which the text,
wrapped at word boundaries, fits inside `width` x `height`. Only when even the smallest size fails
are long words broken and the last line ellipsised; the result then says `cut=True`, which the
tests treat as a layout bug (and `broken=True` when a word had to be split across lines). Rendered
line surfaces are cached, so redrawing an unchanged screen costs blits only.

Every text is drawn in one of the shipped faces (companion/ui/assets): Atkinson Hyperlegible ("ui")
unless a renderer is made for another ("display": Cinzel, the titles). pygame's own font
(freesansbold.ttf) is never used: its kern table spreads letter pairs apart ("a nother", "Ca thedra l").

Sizes are *nominal*, the numbers the theme has always given (companion/ui/theme.py FONT_SIZES): a
nominal size n is the type whose capitals draw `capitals_for(n)` = n x 17/35 px tall, rounded up
(35 -> 17 px, the smallest a player reads at 800x480; 59 -> 29 px, a title). Each face is opened at
the smallest em size whose rendered capitals reach that height (`assets.px_for_capitals`), so every
face reads as tall at one nominal size. `Fit.px` is that em size in screen pixels.
"""

import math
import re

import pygame

from companion.records import Named
from companion.ui import ink

ELLIPSIS = "…"
DEFAULT_FACE = "ui"  # Atkinson Hyperlegible Bold: every text a renderer draws unless it names another face
CAPITALS_PER_SIZE = 17 / 35  # px of capitals per nominal size: 35 (the floor at 800x480) draws 17 px


class Fit(Named):
    """How a text was fitted: font size, the wrapped lines, their extent, and whether it was cut."""

    size: int
    lines: tuple[str, ...]
    width: int
    height: int
    cut: bool
    broken: bool = False  # a word was split across two lines (only ever together with the last resort)
    em: int = 0  # the em size in screen pixels the face was opened at (0: not known)
    # as drawn (`TextRenderer.draw` while the screen check records, a chart's text): where each line's
    # picture went, from the box's top-left corner, and the colour asked for; the check measures there
    at: tuple[tuple[int, int], ...] = ()
    colour: tuple[int, ...] = ()

    @property
    def px(self) -> int:
        """The font's em size in screen pixels (what pygame.font.Font(file, N) got as N)."""
        return self.em or pixel_size(self.size)


class TextRenderer:
    """Fonts, fitted layouts and rendered line surfaces, all cached by their inputs.

    `face` is a shipped font's role (companion/ui/assets: "display", "ui", "ui-regular"); sizes are
    nominal (the module's docstring)."""

    def __init__(self, face: str = DEFAULT_FACE, leading: float | None = None) -> None:
        """Start with empty caches (fonts load on first use); `leading`: the line advance per px of
        capitals (default `LEADING`; `LABEL_LEADING` for the words in a button or a board cell)."""
        self.face = face
        self.leading = LEADING if leading is None else leading
        self._fonts: dict[int, pygame.font.Font] = {}
        self._fits: dict[tuple, Fit] = {}
        self._surfaces: dict[tuple, pygame.Surface] = {}

    def font(self, size: int) -> pygame.font.Font:
        """The renderer's face at nominal `size` (its capitals `capitals_for(size)` px tall)."""
        f = self._fonts.get(size)
        if f is None:
            f = self._fonts[size] = face_font(self.face, size, self.leading)
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

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        rect: pygame.Rect,
        max_size: int,
        color,
        align: str = "center",
        min_size: int = 12,
        bg=None,
    ) -> Fit:
        """Fit `text` into `rect` and blit it (centred vertically; `align` left|center; `bg` behind it)."""
        fit = self.fit(text, rect.width, rect.height, max_size, min_size)
        font = self.font(fit.size)
        line_h = font.get_linesize()
        # a line's picture is taller than its advance: centred on it, and without a background where it
        # would paint over the line above or over the box's edge
        spill = font.get_height() - line_h
        if spill > 0 and (len(fit.lines) > 1 or spill > rect.height - fit.height):
            bg = None
        y = rect.y + (rect.height - line_h * len(fit.lines)) // 2 - max(0, spill) // 2
        at = []
        for ln in fit.lines:
            surf = self.line(ln, fit.size, color, bg)
            x = rect.x if align == "left" else rect.x + (rect.width - surf.get_width()) // 2
            surface.blit(surf, (x, y))
            at.append((x - rect.x, y - rect.y))
            y += line_h
        if not ink.is_recording():  # only the screen check reads where it went (2 us a text saved)
            return fit
        return fit._replace(at=tuple(at), colour=tuple(color))


def fit_text(text: str, width: int, height: int, max_size: int, min_size: int = 12, font_for=None) -> Fit:
    """Largest size at which `text` wraps into `width` x `height`; `cut=True` if it never does.

    `font_for(size)` returns a pygame Font (default: the UI face, `face_font`). Sizes step down one
    pixel of capitals each try (21, 20, 19 px ...), so a long text keeps the largest size that fits.
    """
    font_for = font_for or (lambda n: face_font(DEFAULT_FACE, n))
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
        size = smaller(size, min_size)


def smaller(size: int, floor: int) -> int:
    """The largest nominal size under `size` whose capitals are a pixel shorter (not under `floor`)."""
    caps, n = capitals_for(size), size - 1
    while n > floor and capitals_for(n) >= caps:
        n -= 1
    return max(floor, n)


def capitals_for(size: int) -> int:
    """The height in px of the capitals nominal size `size` draws (35 -> 17, 59 -> 29)."""
    return max(1, math.ceil(size * CAPITALS_PER_SIZE - 1e-9))


def pixel_size(size: int, face: str = DEFAULT_FACE) -> int:
    """The em size in screen pixels `face` is opened at for nominal size `size`."""
    from companion.ui import assets

    return assets.px_for_capitals(face, capitals_for(size))


def face_font(face: str, size: int, leading: float | None = None) -> pygame.font.Font:
    """Shipped font `face` at nominal `size`, its lines `leading` (default `LEADING`) x its capitals
    apart (cached).

    The shipped faces keep room for accents and descenders in their line height (Atkinson
    Hyperlegible: 1.25 em, 1.8 x its capitals); stacked at that height a screen's lines would need a
    fifth more room than the layouts give. Lines are set `LEADING` x the capitals apart;
    `TextRenderer.draw` blits such lines without a background so an accent never paints over the
    descender above it. A label in a box of fixed height (a button, a board cell) is
    set closer, `LABEL_LEADING`: two lines of 21 px capitals fit a 64 px button."""
    leading = LEADING if leading is None else leading
    key = (face, size, leading)
    font = _FACES.get(key)
    if font is None:
        from companion.ui import assets

        if not pygame.font.get_init():
            pygame.font.init()
        font = _FACES[key] = pygame.font.Font(
            assets.path("fonts", assets.FONTS[face]), pixel_size(size, face)
        )
        font.set_linesize(min(font.get_linesize(), round(leading * capitals_for(size))))
    return font


# line advance per px of capitals: 21 px capitals (the body text at 800x480) 32 px apart, a little more
# than the face's em (pygame's freesansbold set its 17 px capitals 27 px apart, 1.6)
LEADING = 1.5
# a label's lines (a button's words, a district's name): 21 px capitals 29 px apart, about the face's em,
# so a label wrapped to two lines fits a 64 px button at 800x480 (a descender may touch an umlaut below)
LABEL_LEADING = 1.4
# a row of numerals and initials beside icons (no descenders): a board cell's counts, 20 px capitals 22 px
# apart, so two rows of them fit under a two-line name in a cell a banner made shorter
NUMERAL_LEADING = 1.1
_FACES: dict[tuple[str, int, float], pygame.font.Font] = {}
ink.font_cache(_FACES.clear)  # the screen check records only fonts opened while it records


def _fit(size: int, lines: list[str], font, cut: bool = False, broken: bool = False) -> Fit:
    """A Fit with the measured extent of `lines`."""
    w = max((font.size(ln)[0] for ln in lines), default=0)
    return Fit(size, tuple(lines), w, font.get_linesize() * len(lines), cut, broken, _em(font))


def _em(font) -> int:
    """The em size a font was opened at, as far as pygame tells it (its point size)."""
    try:
        return int(font.point_size)
    except (AttributeError, pygame.error):
        return 0


def _wrap(text: str, font, width: int, break_words: bool) -> list[str] | None:
    """Greedy word wrap; None if a word is wider than `width` and `break_words` is False."""
    out: list[str] = []
    for para in text.split("\n"):
        line, first = "", len(out)
        for word, sep in _words(para, font, width):
            trial = f"{line}{sep}{word}" if line else word
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
        _no_orphan(out, first, font, width)
    return out


def _words(para: str, font, width: int) -> list[tuple[str, str]]:
    """The words of `para`, each with what joins it to the word before on a line (a space); one
    wider than `width` split after its hyphens ("Blutmond-" + "Ritual", joined by nothing), as a
    reader splits it, and a piece still too wide hyphenated before a syllable (`_hyphenate`)."""
    out = []
    for word in para.split():
        if font.size(word)[0] <= width:
            out.append((word, " "))
            continue
        pieces = re.findall(r"[^-]+-*|-+", word) if "-" in word.strip("-") else [word]
        pieces = [part for piece in pieces for part in _hyphenate(piece, font, width)]
        out.extend((piece, " " if i == 0 else "") for i, piece in enumerate(pieces))
    return out


VOWELS = set("aeiouyäöüéèáàâêôûœæ")
_ONSET = set("bcdfgkptw")  # with an l or r after it, the start of a syllable ("dr", "kl", "pr")
_KEEP = ("ch", "ck", "ph", "th", "qu", "sc")  # letter pairs a break never parts


def _hyphenate(word: str, font, width: int) -> list[str]:
    """`word` as it fits `width`: itself, or cut before a syllable ("Zeitungs-" "redaktion",
    "Privatge-" "mächer") with a hyphen at the end of each piece but the last: before a consonant
    that a vowel follows, leaving two letters each side, the longest piece that fits first."""
    if font.size(word)[0] <= width or len(word) < 6:
        return [word]
    low = word.lower()
    cuts = sorted(
        {
            i - 1 if low[i] in "lr" and low[i - 1] in _ONSET and i > 2 else i  # "Kathe-drale", "Nacht-klub"
            for i in range(2, len(word) - 2)
            if low[i].isalpha()
            and low[i] not in VOWELS
            and low[i + 1] in VOWELS
            and low[i - 1 : i + 1] not in _KEEP
        }
    )
    fitting = [i for i in cuts if font.size(word[:i] + "-")[0] <= width]
    if not fitting:
        return [word]
    i = fitting[-1]
    return [word[:i] + "-", *_hyphenate(word[i:], font, width)]


ORPHAN = 3  # a last line of one word this short ("AP", "+1", "I") takes the word before it along


def _no_orphan(lines: list[str], first: int, font, width: int) -> None:
    """Where a paragraph (`lines[first:]`) wrapped and its last line is one short word ("Night 3:
    Mila, 2 / AP"), move the word before it down too ("Night 3: Mila, / 2 AP") when it fits."""
    if len(lines) - first < 2 or len(lines[-1]) > ORPHAN or " " in lines[-1]:
        return
    head, _sep, last = lines[-2].rpartition(" ")
    if head and font.size(f"{last} {lines[-1]}")[0] <= width:
        lines[-2:] = [head, f"{last} {lines[-1]}"]


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

    `px` is the font's em size in screen pixels (`Fit.px`, see companion/ui/text.py). The screen check takes
    where the text went and how it was fitted from here,
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
