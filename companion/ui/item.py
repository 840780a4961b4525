"""One laid-out element of a screen, as the renderer (companion/ui/render.py) and its button and seat
layouts (buttons.py, seats.py) place it."""

from typing import Any

import pygame

from companion.records import Named


class Item(Named):
    """One laid-out element: `kind` (title, veil, banner, cell, line, button, seat, hint...), its box, its data."""

    kind: str
    rect: pygame.Rect
    data: Any = None
