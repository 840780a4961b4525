"""The table's token pictures for the phone: the icons the table draws beside its numbers
(companion/ui/icons.py, vector drawings made with pygame.draw; the veil's curtains from the shipped
pictures, companion/ui/assets), as small PNGs served at /static/icons/<name>.png.

The phone shows them beside the numbers it shows (agents, minions, blood, kills, AP, the veil, bites),
each with its words as the picture's text alternative. They are drawn once, on the first request for
each (after READY, in the web thread: pygame is loaded by then), in the phone's text colour (blood in
its red), twice the size the page shows them so a sharp phone screen gets sharp edges; nothing is read
from a path a request names, and no CDN: a game night's Wi-Fi may have no internet.
"""

from __future__ import annotations

import io
import threading

SIZE_PX = 48  # drawn; the page shows them at 20-24 CSS px
MEDIA_TYPE = "image/png"
CACHE = "public, max-age=604800"  # a week: they change only with an update (as the fonts)
LIGHT = (236, 232, 225)  # phone.css --text
RED = (232, 72, 72)  # blood on the phone's dark panels (3.9:1 against #1a1a22)
# the file's name -> (the table's name for the picture: companion/ui/icons.py's, or a shipped
# "kind.key"; its colour)
TOKENS = {
    "agent-hidden": ("agent_hidden", LIGHT),
    "agent-exposed": ("agent_exposed", LIGHT),
    "minion": ("minion", LIGHT),
    "blood": ("blood", RED),
    "blood-point": ("blood_point", RED),
    "sigil": ("sigil", LIGHT),
    "relic": ("relic", LIGHT),
    "kill": ("kill", LIGHT),
    "ap": ("ap", LIGHT),
    "bite": ("bite", LIGHT),
    "clock": ("clock", LIGHT),
    "veil": ("token.veil", LIGHT),
}


class Tokens:
    """The PNGs, drawn on first request and kept (a lock: two phones asking at once draw it once)."""

    def __init__(self) -> None:
        """Nothing drawn yet."""
        self.made: dict[str, bytes] = {}
        self.lock = threading.Lock()

    def png(self, file: str) -> bytes | None:
        """The picture for `file` ("minion.png"), or None for a name not in `TOKENS`."""
        name, dot, ext = file.partition(".")
        if ext != "png" or name not in TOKENS:
            return None
        with self.lock:
            if name not in self.made:
                self.made[name] = draw(name)
            return self.made[name]

    def response(self, file: str):
        """The picture for `file` as the answer to a GET (cached by the phone), or None: not one of ours."""
        from starlette.responses import Response

        png = self.png(file)
        return (
            None
            if png is None
            else Response(png, 200, media_type=MEDIA_TYPE, headers={"cache-control": CACHE})
        )


def draw(name: str, size: int = SIZE_PX) -> bytes:
    """Token `name` (a key of `TOKENS`) as PNG bytes, `size` px square on transparent."""
    import pygame

    from companion.ui import icons

    table_name, colour = TOKENS[name]
    if table_name in icons.ICONS:
        surface = icons.icon(table_name, size, colour)
    else:
        from companion.ui import assets

        surface = assets.icon(table_name, size, colour)
    out = io.BytesIO()
    pygame.image.save(surface, out, "token.png")
    return out.getvalue()
