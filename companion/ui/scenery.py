"""The game's picture behind the title bar while it is played: the city, the fortress, the mansion or
the village at the time of day the game is at, dimmed so the title keeps its contrast; and a scene
over the whole screen (the title screen: the city with the game choices over it).

Which picture and which time of day is the game's to say (its plugin's `backdrop(state)`: shared code
never reads a game's fields); this module only draws it. A band is made once per (picture, time, size)
and then blitted: the SVG is drawn at half the width and scaled up (a dimmed strip needs no more detail,
and a full-size drawing costs ~20 ms at 800x480), and nothing of it is read before a game is on show,
so READY never waits for it.

Contrast: every pixel is multiplied by DIM and then capped channel by channel at CAP, whose luminance
is 0.13: the title's TEXT (luminance 0.86) reads at >= 5:1 over any part of any picture. A scene's
bottom row, where the hint is written in the dimmer TEXT_DIM, is capped at LOW (>= 4.5:1 for it).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import pygame

DIM = 0.6  # the picture's own light kept (the pictures are dim already: the table plays in low light)
CAP = (110, 100, 96)  # no channel brighter: luminance 0.132, the title's text over it >= 5:1
# where the title bar's band sits in each picture: its bottom edge as a share of the picture's height
# at the screen's width (the rooftops, the crenellations, the mansion's roof line)
LOW = (52, 48, 52)  # the hint row of a scene: luminance 0.03, TEXT_DIM (0.36) over it >= 4.5:1
BAND = {"skyline": 0.62, "fortress": 0.6, "mansion": 0.45, "village": 0.75, "moon": 0.5}


def backdrop(state: Mapping[str, Any]) -> tuple[str, str] | None:
    """(picture, time of day) the running game shows behind its title bar: its plugin's `backdrop`
    (None: no game, or a game without one)."""
    from companion.plugins import get

    game = get(state.get("game")) if isinstance(state, Mapping) else None
    found = game.backdrop(state) if game is not None else None
    return tuple(found) if found else None


@lru_cache(maxsize=8)
def band(name: str, time: str, size: tuple[int, int]) -> pygame.Surface:
    """Picture `name` at `time` as a strip of `size` (the title bar), dimmed and capped (cached)."""
    from companion.ui import assets

    w, h = size
    small = assets.art(name, (max(1, w // 2), max(1, w // 2)), time)  # as wide as it fits: half the screen
    scale = w / small.get_width()
    picture = pygame.transform.smoothscale(small, (w, max(1, round(small.get_height() * scale))))
    strip = pygame.Surface((w, h))
    strip.fill(_hex(assets.SKIES[time]["sky_top"]))  # above the picture: its own sky
    bottom = round(picture.get_height() * BAND.get(name, 0.6))
    strip.blit(picture, (0, h - bottom))
    strip.fill((round(255 * DIM),) * 3, special_flags=pygame.BLEND_MULT)
    strip.fill(CAP, special_flags=pygame.BLEND_MIN)
    return strip.convert() if pygame.display.get_surface() is not None else strip


@lru_cache(maxsize=2)  # a whole screen each (1.5 MB at 800x480): the one on show and the one before
def background(
    backdrop: tuple[str, str] | None,
    scene: tuple[str, str] | None,
    size: tuple[int, int],
    header: int,
    hint_h: int,
) -> pygame.Surface:
    """What a screen's elements are drawn on: the plain background with the title bar's band
    (`backdrop`), or the whole `scene` (cached: a repaint blits from it)."""
    from companion.ui import theme

    w, h = size
    surface = pygame.Surface(size)
    surface.fill(theme.BG)
    if scene is not None:
        surface.blit(whole(scene[0], scene[1], size, hint_h), (0, 0))
    elif backdrop is None:
        pygame.draw.rect(surface, theme.HEADER, (0, 0, w, header))
    if backdrop is not None:
        surface.blit(band(backdrop[0], backdrop[1], (w, header)), (0, 0))
    return surface.convert() if pygame.display.get_surface() is not None else surface


@lru_cache(maxsize=1)  # the title's scene: made again only when the size changes
def whole(name: str, time: str, size: tuple[int, int], hint_h: int) -> pygame.Surface:
    """Picture `name` at `time` over a whole screen of `size`: as wide as the screen, standing on
    its bottom edge, its own sky above; dimmed and capped, the hint row darker still."""
    from companion.ui import assets

    w, h = size
    small = assets.art(name, (max(1, w // 2), max(1, h)), time)
    scale = w / small.get_width()
    picture = pygame.transform.smoothscale(small, (w, max(1, round(small.get_height() * scale))))
    out = pygame.Surface(size)
    out.fill(_hex(assets.SKIES[time]["sky_top"]))
    out.blit(picture, picture.get_rect(midbottom=(w // 2, h)))
    out.fill((round(255 * DIM),) * 3, special_flags=pygame.BLEND_MULT)
    out.fill(CAP, special_flags=pygame.BLEND_MIN)
    out.fill(LOW, (0, h - hint_h, w, hint_h), special_flags=pygame.BLEND_MIN)
    return out


def _hex(colour: str) -> tuple[int, int, int]:
    """The RGB tuple of a "#rrggbb" colour."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))
