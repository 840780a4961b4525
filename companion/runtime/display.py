"""The screen as a part that may be missing, like the reader: opened, retried with back-off, picked up.

On a Pi the screen comes through KMSDRM. At boot it may not be there yet (a late HDMI monitor, a
DSI panel without power, the boot splash still holding the display) or not at all: then the table
goes on with the lit board and the buttons, the status light turns amber, systemd's STATUS says
"no screen", and the display is tried again 1, 2, 4 ... up to 30 s apart until it opens. Without a
display SDL may silently pick its offscreen driver (a black screen, no error): that counts as no
screen unless SDL_VIDEODRIVER asked for it (tests use `dummy`).

Nothing here imports pygame at module level: `companion run` opens the display before the heavy
parts load.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from companion.errors import CompanionError

RETRY_FIRST_S = 1.0
RETRY_MAX_S = 30.0
CAPTION = "Nightwatch companion"


def open_display(mode: str, size: tuple[int, int], board_width: int = 0):
    """Open the pygame screen: full screen at the panel's own size, or a `size` window
    `board_width` wider for the simulated board. Returns (surface, driver); raises CompanionError
    saying why not (the display is then shut again, so a later try starts clean)."""
    import pygame

    try:
        pygame.display.init()
    except pygame.error as exc:
        raise CompanionError(f"no screen: {exc}") from None
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") not in ("offscreen", "dummy"):
        pygame.display.quit()
        raise CompanionError(f"no screen: SDL found no real display (it chose the {driver} driver)")
    try:
        if mode == "fullscreen":
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            pygame.mouse.set_visible(False)
        else:
            surface = pygame.display.set_mode((size[0] + board_width, size[1]))
    except pygame.error as exc:  # KMSDRM without a connected panel, no DRM master, no EGL ...
        pygame.display.quit()
        raise CompanionError(f"no screen: the {driver} driver could not open it: {exc}") from None
    pygame.font.init()
    pygame.display.set_caption(CAPTION)
    return surface, driver


class Display:
    """The screen part: `surface` (None while missing) and `status` (ok, why) for the banners,
    the status light and STATUS=.

    mode: fullscreen | window; size: the UI's size (a window's, or the expected panel's);
    opener: `open_display`'s signature (tests pass one that fails until they let it work).
    """

    def __init__(
        self, mode: str, size: tuple[int, int], board_width: int = 0, opener: Callable = open_display
    ):
        self.mode = mode
        self.size = size
        self.board_width = board_width
        self.surface = None
        self.driver: str | None = None
        self.why = "no screen: not opened yet"
        self._opener = opener
        self._delay = RETRY_FIRST_S
        self._next_try = float("-inf")

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why)."""
        if self.surface is not None:
            return (True, f"screen: {self.driver}")
        return (False, self.why)

    @property
    def ui_size(self) -> tuple[int, int]:
        """The size the screens should lay out for: a window's own size, the panel's in full screen."""
        if self.mode == "fullscreen" and self.surface is not None:
            return self.surface.get_size()
        return self.size

    def open(self, now: float):
        """Try to open the screen now; the surface, or None (and `why`) with the next try backed off."""
        try:
            self.surface, self.driver = self._opener(self.mode, self.size, self.board_width)
        except CompanionError as exc:
            self.surface = None
            self.why = f"{exc}; trying again"
            self._next_try = now + self._delay
            self._delay = min(self._delay * 2, RETRY_MAX_S)
            return None
        self._delay = RETRY_FIRST_S
        return self.surface

    def retry_due(self, now: float):
        """Open the missing screen if its back-off has passed: the new surface, else None."""
        if self.surface is not None or now < self._next_try:
            return None
        return self.open(now)

    def pick_up(self, now: float, ui):
        """Open the missing screen if its back-off has passed; the new surface (the screens `ui` laid
        out for the panel that came, which is not always the size that was guessed), else None."""
        surface = self.retry_due(now)
        if surface is not None and tuple(ui.size) != tuple(self.ui_size):
            ui.resize(self.ui_size)
        return surface

    def off(self, why: str) -> None:
        """Leave the screen off for this run (safe mode after a display that crashed the start)."""
        self.surface = None
        self.why = why
        self._next_try = float("inf")

    def lost(self, why: str, now: float) -> None:
        """Drawing on the screen failed (unplugged, DRM master taken): it is missing from now on."""
        import pygame

        self.surface = None
        self.why = f"no screen: lost it ({why}); trying again"
        pygame.display.quit()
        self._delay = RETRY_FIRST_S
        self._next_try = now + self._delay


class Window:
    """How a frame is laid out on the screen: the screens at their own size on the left, and in the
    room beside them (a window wider than the screens) the HAL's panel, `hw.panel` (the simulated board
    on a PC; other backends have none: companion/hal/base.py). The loop paints through it whatever the
    backend; each paints only when it changed."""

    def __init__(self):
        self._area = (None, None)  # (surface, the part of it the screens draw on): one per surface,
        # so the screens see the same one and skip a frame they drew already

    def paint(self, surface, ui, panel, screens: bool = True) -> tuple[bool, bool]:
        """(the screens drew, the panel painted). screens: False paints only the panel (a resting frame)."""
        w, h = surface.get_size()
        ui_w = min(w, ui.size[0])
        if self._area[0] is not surface:
            self._area = (surface, surface.subsurface((0, 0, ui_w, h)) if ui_w < w else surface)
        drew = screens and ui.draw(self._area[1])
        painted = w > ui_w and panel.draw(surface, (ui_w, 0, w - ui_w, h))
        return drew, painted
