"""What text a page really drew, and how tall its capitals came out in pixels (the screen check's measure).

A font's em size says little about what a player sees from a chair: pygame's default font opened at
24 px draws capitals 17 px tall, Cinzel's 24 px ones 17 px, Atkinson Hyperlegible's 16 px. So the
check (companion/ui/screencheck.py) measures ink: while a page is drawn inside `recording()`, every
`pygame.font.Font` made is one that notes each text it renders (the string and the font), whatever
code draws it (the screens' TextRenderer, the story chart, the contact sheets, the simulated board);
`capitals(font)` then renders "H" in that very font, as the text was rendered (anti-aliased), and
counts the rows whose ink is at least half covered.

The recording is only ever switched on by `companion screenshots` and the tests: the table itself
never records. Fonts made before `recording()` began do not record, so it empties the font caches
registered with `font_cache` (the assets' fonts: companion/ui/assets registers its own, so this module,
which the assets use to measure, imports none of them); a page is drawn from a fresh TableUI, whose fonts
are made while drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame

from companion.records import Named

INK_THRESHOLD = 128  # a pixel counts as ink from half coverage on: the edge a player's eye sees
_PLAIN_RENDER = pygame.font.Font.render  # measuring "H" is not a text the page drew: never recorded


class Drawn(Named):
    """One text rendered while a page was drawn: the string, its font's em size and file, and the
    height in pixels of that font's capitals as rendered."""

    text: str
    capitals: int
    em: int
    font: str  # the font file's name ("default": pygame's own)
    glyph: object = None  # its coverage: a per-pixel-alpha render of the text (the contrast check's mask)


class _Recorder:
    """The texts of the page being drawn (None: nothing is recording)."""

    log: list[Drawn] | None = None


_RECORDER = _Recorder()
_FONT_CACHES: list[Callable[[], None]] = []  # each empties a cache of fonts (`font_cache`)


def font_cache(clear: Callable[[], None]) -> Callable[[], None]:
    """Register `clear`, which empties a cache of open fonts: `recording()` calls it on entry and exit
    (a cached font would draw unseen, a recording one outlive the block). Returns `clear`."""
    _FONT_CACHES.append(clear)
    return clear


def is_recording() -> bool:
    """Whether a page is being recorded (`recording()`): what only the screen check reads is noted."""
    return _RECORDER.log is not None


def capitals(font: pygame.font.Font) -> int:
    """Height in pixels of a capital "H" as `font` renders it (rows with ink >= INK_THRESHOLD)."""
    cached = getattr(font, "_capitals", None)
    if cached is not None:
        return cached
    glyph = _PLAIN_RENDER(font, "H", True, (255, 255, 255))
    rows = ink_rows(glyph)
    try:
        font._capitals = rows  # a recording font keeps its measure; pygame's own type takes no attributes
    except AttributeError:
        pass
    return rows


def ink_rows(surface: pygame.Surface) -> int:
    """How many rows of `surface` hold ink (alpha, or brightness on an opaque surface, >= half)."""
    if surface.get_flags() & pygame.SRCALPHA:
        mask = pygame.mask.from_surface(surface, INK_THRESHOLD - 1)
    else:  # an opaque render (a background colour was given): bright pixels are the ink
        mask = pygame.mask.from_threshold(surface, (255, 255, 255), (127, 127, 127, 255))
    rects = mask.get_bounding_rects()
    if not rects:
        return 0
    return max(r.bottom for r in rects) - min(r.top for r in rects)


class _RecordingFont(pygame.font.Font):
    """A pygame Font that notes every text it renders into the active recording."""

    def __init__(self, file=None, size: int = 20, *args, **kwargs):
        """As pygame.font.Font; remembers the file's name and the size asked for."""
        super().__init__(file, size, *args, **kwargs)
        self._file = "default" if file is None else str(getattr(file, "name", file)).rsplit("/", 1)[-1]
        self._size = size

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):
        """Render as pygame does, and note the text with this font's measured capitals."""
        surface = super().render(text, antialias, color, bgcolor, wraplength)
        log = _RECORDER.log
        if log is not None and str(text).strip():
            glyph = surface  # where its alpha is the ink's coverage; an opaque render is rendered again
            if bgcolor is not None or not surface.get_flags() & pygame.SRCALPHA:
                glyph = _PLAIN_RENDER(self, text, True, (255, 255, 255), None, wraplength)
            log.append(Drawn(str(text), capitals(self), self._em(), self._file, glyph))
        return surface

    def _em(self) -> int:
        """The em size in pixels the font was opened at (pygame's default font scales its size)."""
        return int(self._size * 0.6875) if self._file == "default" else int(self._size)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Record every text rendered inside the block; yields the list the texts go into.

    `pygame.font.Font` is the recording font for the block's duration (code that opens a font looks
    the name up when it opens it), so text drawn by any module is seen."""
    saved_class, saved_log = pygame.font.Font, _RECORDER.log
    log: list[Drawn] = []
    _forget_fonts()  # a font cached before the block would draw unseen
    pygame.font.Font = _RecordingFont
    _RECORDER.log = log
    try:
        yield log
    finally:
        pygame.font.Font = saved_class
        _RECORDER.log = saved_log
        _forget_fonts()  # recording fonts must not outlive the block in a cache


def _forget_fonts() -> None:
    """Empty every registered font cache."""
    for clear in _FONT_CACHES:
        clear()
