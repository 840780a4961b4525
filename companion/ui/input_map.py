"""Keyboard, mouse and touch -> virtual buttons (`companion.inputs.ButtonEvent`) or widget presses.

Every input is translated here before any screen logic sees it (the Tuxemon idea), so a screen
handles one kind of event whether it came from a GPIO button, a key, a mouse click or a finger.

Keys on a PC (also listed by `companion run --help` and the README):

  ============================  =========================================
  Space, Right, Tab, N          next (move the focus to the next button)
  Enter, keypad Enter           confirm (press the focused button)
  Backspace, U                  undo (press twice to undo; hold = at once)
  Esc, Left, B                  back
  Up, Page Up, +                veil up (also "+1" in pickers)
  Down, Page Down, -            veil down ("-1" in pickers)
  M, F1                         menu (board, log, adjust, settings)
  1..9                          districts A1 A2 A3 / B1 B2 B3 / C1 C2 C3
  keypad 7 8 9 / 4 5 6 / 1 2 3  the same districts laid out like the board
  Q W E / A S D / Z X C         the same districts, a letter block for laptops
  ============================  =========================================

A key or button held for `long_press_s` (0.8 s) or longer is a long press. Mouse clicks and touches
(FINGER events carry 0..1 coordinates) act on release over the same widget; a tap on a district of
the grid is that district's virtual button.
"""

from collections.abc import Callable

import pygame

from companion.inputs import DISTRICTS, ButtonEvent, Press, VButton
from companion.records import Named

LONG_PRESS_S = 0.8


class WidgetPress(Named):
    """An on-screen button (widget id from the view model) was pressed by touch or mouse. (It never
    equals a ButtonEvent, which is no tuple.)"""

    widget: str
    kind: Press
    t: float
    source: str = "touch"


def default_keymap() -> dict[int, VButton]:
    """pygame key code -> virtual button (a new dict each call: callers may edit it)."""
    k = pygame
    keys: dict[int, VButton] = {}
    for code in (k.K_SPACE, k.K_RIGHT, k.K_TAB, k.K_n):
        keys[code] = VButton.NEXT
    for code in (k.K_RETURN, k.K_KP_ENTER):
        keys[code] = VButton.CONFIRM
    for code in (k.K_BACKSPACE, k.K_u):
        keys[code] = VButton.UNDO
    for code in (k.K_ESCAPE, k.K_LEFT, k.K_b):
        keys[code] = VButton.BACK
    for code in (k.K_UP, k.K_PAGEUP, k.K_PLUS, k.K_EQUALS, k.K_KP_PLUS):
        keys[code] = VButton.VEIL_UP
    for code in (k.K_DOWN, k.K_PAGEDOWN, k.K_MINUS, k.K_KP_MINUS):
        keys[code] = VButton.VEIL_DOWN
    for code in (k.K_m, k.K_F1):
        keys[code] = VButton.MENU
    rows = (
        (k.K_1, k.K_2, k.K_3, k.K_4, k.K_5, k.K_6, k.K_7, k.K_8, k.K_9),
        (k.K_KP7, k.K_KP8, k.K_KP9, k.K_KP4, k.K_KP5, k.K_KP6, k.K_KP1, k.K_KP2, k.K_KP3),
        (k.K_q, k.K_w, k.K_e, k.K_a, k.K_s, k.K_d, k.K_z, k.K_x, k.K_c),
    )
    for codes in rows:
        for code, pos in zip(codes, DISTRICTS):
            keys[code] = VButton.for_district(pos)
    return keys


class InputMapper:
    """Translates pygame events into ButtonEvent / WidgetPress values.

    `hit(pos)` answers what is under a pixel: ("button", id), ("district", "B2") or None; it comes
    from the renderer's layout of the screen currently shown.
    """

    def __init__(
        self,
        size: tuple[int, int],
        hit: Callable[[tuple[float, float]], tuple[str, str] | None],
        long_press_s: float = LONG_PRESS_S,
        keymap: dict[int, VButton] | None = None,
    ) -> None:
        """Map for a `size` surface; `keymap` overrides `default_keymap()`."""
        self.size = size
        self.hit = hit
        self.long_press_s = long_press_s
        self.keymap = default_keymap() if keymap is None else keymap
        self._keys_down: dict[int, float] = {}
        self._pointer_down: dict[object, tuple[tuple[str, str] | None, float]] = {}

    def translate(self, event: pygame.event.Event, t: float) -> list[ButtonEvent | WidgetPress]:
        """The virtual events one pygame event stands for (often none)."""
        etype = event.type
        if etype == pygame.KEYDOWN:
            return self._key_down(event, t)
        if etype == pygame.KEYUP:
            return self._key_up(event, t)
        if etype == pygame.FINGERDOWN:
            return self._pointer(("finger", event.finger_id), self._finger_pos(event), t, down=True)
        if etype == pygame.FINGERUP:
            return self._pointer(("finger", event.finger_id), self._finger_pos(event), t, down=False)
        # SDL also turns touches into mouse events (touch=True): those are handled as FINGER events.
        if (
            etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            and event.button == 1
            and not getattr(event, "touch", False)
        ):
            return self._pointer("mouse", event.pos, t, down=etype == pygame.MOUSEBUTTONDOWN, source="mouse")
        return []

    def _finger_pos(self, event) -> tuple[float, float]:
        """FINGER coordinates (0..1) in surface pixels."""
        return (event.x * self.size[0], event.y * self.size[1])

    def _key_down(self, event, t: float) -> list[ButtonEvent]:
        """A mapped key went down: remember when (for long presses), report DOWN."""
        button = self.keymap.get(event.key)
        if button is None:
            return []
        self._keys_down.setdefault(event.key, t)
        return [ButtonEvent(button, Press.DOWN, t, "key")]

    def _key_up(self, event, t: float) -> list[ButtonEvent]:
        """A mapped key came up: UP plus SHORT or LONG by how long it was held."""
        button = self.keymap.get(event.key)
        if button is None:
            return []
        since = self._keys_down.pop(event.key, t)
        kind = Press.LONG if t - since >= self.long_press_s else Press.SHORT
        return [ButtonEvent(button, Press.UP, t, "key"), ButtonEvent(button, kind, t, "key")]

    def _pointer(
        self, who, pos, t: float, down: bool, source: str = "touch"
    ) -> list[ButtonEvent | WidgetPress]:
        """Press on release over the widget where the press began; held long = LONG."""
        target = self.hit(pos)
        if down:
            self._pointer_down[who] = (target, t)
            return []
        began, since = self._pointer_down.pop(who, (None, t))
        if target is None or target != began:
            return []  # released elsewhere: the finger slid off, nothing is pressed
        kind = Press.LONG if t - since >= self.long_press_s else Press.SHORT
        what, ident = target
        if what == "district":
            return [ButtonEvent(VButton.for_district(ident), kind, t, source)]
        return [WidgetPress(ident, kind, t, source)]
