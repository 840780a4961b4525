"""The table's look, shipped in the package: two fonts, an icon for everything the games have, our pictures.

    font(role, px)            a pygame Font: "display" (Cinzel Bold: titles, the winner), "ui"
                              (Atkinson Hyperlegible Bold: everything else read) or "ui-regular";
                              `px` is the em size in screen pixels
    px_for_capitals(role, n)  the smallest em size whose capitals draw at least n px tall
    icon(name, size, colour)  "kind.key" ("phase.night", "token.minion", "role.seer", "action.fight")
                              as a size x size transparent surface in `colour`
    art(name, size, time)     an illustration ("skyline", "moon", "fortress", "mansion", "village")
                              fitted into size = (w, h), at a time of day ("day", "dusk", "night", "dawn")
    credits(), about_lines()  who made the fonts and icons (CREDITS.md; the About screen's text)

The files live beside this module: fonts/ (with their SIL Open Font License texts), icons/ (game-icons.net,
CC BY 3.0, one folder per author, named in icons/icons.toml) and art/ (our own SVGs). Nothing is read at
import: a font, the icon list or an SVG is read on first use, and every result is cached (a font per role
and size, an icon per name and size and again per colour, an illustration per name, size and time), so
`companion run` reaches READY without touching them. SVGs are drawn by pygame-ce's SDL_image
(`pygame.image.load_sized_svg`, pygame-ce >= 2.4), which keeps the picture's aspect ratio inside the
size asked for.
"""

from __future__ import annotations

import io
import os
import re
from functools import lru_cache

import pygame

from companion.i18n import _
from companion.ui import ink

HERE = os.path.dirname(os.path.abspath(__file__))
FONTS = {
    "display": "Cinzel-Bold.ttf",
    "ui": "AtkinsonHyperlegible-Bold.ttf",
    "ui-regular": "AtkinsonHyperlegible-Regular.ttf",
}
KINDS = ("phase", "token", "role", "action")
ART = ("skyline", "moon", "fortress", "mansion", "village")
TIMES = ("day", "dusk", "night", "dawn")
Colour = tuple[int, int, int]

# The colours of a scene at each time of day: an illustration's SVG names them as @token in its
# attributes (`fill="@sky_top"`, `opacity="@lit"`). Dim on purpose, even by day: the table plays in low light.
SKIES: dict[str, dict[str, str]] = {
    "day": {
        "glass": "#27303b",
        "sky_top": "#3f6387",
        "sky_low": "#8fa8bd",
        "glow": "#c9d3d6",
        "far": "#4d5f73",
        "mid": "#33404f",
        "near": "#1d232c",
        "ground": "#161a20",
        "light": "#f2d68a",
        "lit": "0.0",
        "sun": "#f4e7b5",
        "sun_up": "1",
        "moon_up": "0.25",
        "stars": "0",
        "moon": "#dfe4ea",
        "cloud": "#b7c4cf",
        "clouds": "0.55",
        "rock": "#3a3f4a",
        "mist": "0",
        "sun_x": "560",
        "sun_y": "78",
    },
    "dusk": {
        "glass": "#261c2c",
        "sky_top": "#2a2446",
        "sky_low": "#b0583f",
        "glow": "#e59a5b",
        "far": "#4a3550",
        "mid": "#2e2236",
        "near": "#17121c",
        "ground": "#120e16",
        "light": "#ffbf5e",
        "lit": "0.75",
        "sun": "#ffb36b",
        "sun_up": "0.9",
        "moon_up": "0.5",
        "stars": "0.25",
        "moon": "#f1e3cf",
        "cloud": "#7b4a5c",
        "clouds": "0.6",
        "rock": "#2c2330",
        "mist": "0.15",
        "sun_x": "700",
        "sun_y": "262",
    },
    "night": {
        "glass": "#11131d",
        "sky_top": "#07081a",
        "sky_low": "#1c2350",
        "glow": "#34407a",
        "far": "#1d2240",
        "mid": "#12152b",
        "near": "#08090f",
        "ground": "#06070b",
        "light": "#ffb347",
        "lit": "1",
        "sun": "#ffb36b",
        "sun_up": "0",
        "moon_up": "1",
        "stars": "0.9",
        "moon": "#dcded2",
        "cloud": "#2a3160",
        "clouds": "0.45",
        "rock": "#151728",
        "mist": "0.25",
        "sun_x": "400",
        "sun_y": "600",
    },
    "dawn": {
        "glass": "#232839",
        "sky_top": "#1f2e52",
        "sky_low": "#c98a8a",
        "glow": "#f0c49a",
        "far": "#46506e",
        "mid": "#2f3650",
        "near": "#161a27",
        "ground": "#11141d",
        "light": "#ffd27a",
        "lit": "0.35",
        "sun": "#ffd9a0",
        "sun_up": "0.8",
        "moon_up": "0.35",
        "stars": "0.15",
        "moon": "#e8e6f0",
        "cloud": "#9a7d98",
        "clouds": "0.55",
        "rock": "#2b3045",
        "mist": "0.35",
        "sun_x": "90",
        "sun_y": "250",
    },
}
_TOKEN = re.compile(r"@([a-z_]+)")


def path(*parts: str) -> str:
    """The path of a shipped asset file, e.g. path("fonts", "Cinzel-Bold.ttf")."""
    return os.path.join(HERE, *parts)


# ---------------------------------------------------------------- fonts


@lru_cache(maxsize=64)
def font(role: str, px: int) -> pygame.font.Font:
    """The font for `role` ("display", "ui", "ui-regular") opened at em size `px` (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(path("fonts", FONTS[role]), max(1, int(px)))


# the screen check records text only through fonts it saw opened: its recording empties this cache
ink.font_cache(font.cache_clear)


@lru_cache(maxsize=64)
def px_for_capitals(role: str, capitals: int) -> int:
    """The smallest em size at which `role`'s capitals draw at least `capitals` px tall: guessed from
    the face's capitals per em, then stepped to the exact size (one or two fonts opened, not eight: a
    start opens several sizes on its way to the first frame)."""
    px = max(1, round(capitals / _capitals_per_em(role)))
    while px > 1 and ink.capitals(font(role, px - 1)) >= capitals:
        px -= 1
    while ink.capitals(font(role, px)) < capitals:
        px += 1
    return px


@lru_cache(maxsize=8)
def _capitals_per_em(role: str) -> float:
    """How tall `role`'s capitals draw per px of em size, measured once at a large size."""
    return max(ink.capitals(font(role, 200)), 1) / 200


# ---------------------------------------------------------------- icons


@lru_cache(maxsize=1)
def _manifest() -> dict:
    """icons/icons.toml: kind -> key -> "author/icon", and the authors."""
    import tomllib

    with open(path("icons", "icons.toml"), "rb") as f:
        return tomllib.load(f)


def icon_names(kind: str | None = None) -> list[str]:
    """Every icon's name ("kind.key"), or those of one kind, in the manifest's order."""
    m = _manifest()
    return [f"{k}.{key}" for k in KINDS if kind in (None, k) for key in m.get(k, {})]


def icon_file(name: str) -> str:
    """ "author/icon" of icon `name` ("role.seer" -> "lorc/crystal-ball"); KeyError for an unknown one."""
    kind, _sep, key = name.partition(".")
    return _manifest()[kind][key]


def has_icon(name: str) -> bool:
    """Whether icon `name` exists."""
    kind, _sep, key = name.partition(".")
    return key in _manifest().get(kind, {})


@lru_cache(maxsize=512)
def _white(file: str, size: int) -> pygame.Surface:
    """The SVG `file` ("author/icon") drawn white on transparent, size x size (cached)."""
    surf = pygame.image.load_sized_svg(path("icons", *file.split("/")) + ".svg", (size, size))
    if surf.get_size() != (size, size):  # a picture that is not square: centred on a square
        square = pygame.Surface((size, size), pygame.SRCALPHA)
        square.blit(surf, surf.get_rect(center=(size // 2, size // 2)))
        surf = square
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


@lru_cache(maxsize=1024)
def icon(name: str, size: int, colour: Colour = (255, 255, 255)) -> pygame.Surface:
    """Icon `name` as a `size` x `size` transparent surface in `colour` (cached by all three).

    The pictures are white on transparent; multiplying by the colour keeps their anti-aliased edges."""
    surf = _white(icon_file(name), int(size)).copy()
    surf.fill(tuple(colour[:3]) + (255,), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


# ---------------------------------------------------------------- illustrations


@lru_cache(maxsize=len(ART))
def _art_source(name: str) -> str:
    """The SVG text of illustration `name`, with its @tokens still in it."""
    with open(path("art", f"{name}.svg"), encoding="utf-8") as f:
        return f.read()


def art_svg(name: str, time: str = "night") -> str:
    """Illustration `name`'s SVG with the colours of `time` filled in (KeyError: no such time or
    a token the palette lacks)."""
    sky = SKIES[time]
    return _TOKEN.sub(lambda m: sky[m.group(1)], _art_source(name))


@lru_cache(maxsize=64)
def art(name: str, size: tuple[int, int], time: str = "night") -> pygame.Surface:
    """Illustration `name` at `time`, as big as fits into size = (w, h) with its aspect ratio kept."""
    data = io.BytesIO(art_svg(name, time).encode("utf-8"))
    return pygame.image.load_sized_svg(data, (int(size[0]), int(size[1])))


# ---------------------------------------------------------------- credits


def authors() -> dict[str, str]:
    """Icon author folder -> their name (and site) as the game-icons.net licence credits them."""
    return dict(_manifest()["authors"])


def credits() -> dict[str, list[str]]:
    """Icon author folder -> the pictures of theirs that we ship ("crossed-swords", ...), sorted."""
    out: dict[str, set[str]] = {}
    for name in icon_names():
        author, picture = icon_file(name).split("/")
        out.setdefault(author, set()).add(picture)
    return {a: sorted(out[a]) for a in sorted(out)}


def about_lines() -> list[str]:
    """The About screen's credits, in the table's language."""
    who = ", ".join(authors()[a].split(",")[0] for a in credits())
    return [
        _(
            "Fonts: Cinzel (The Cinzel Project Authors) and Atkinson Hyperlegible (Braille Institute of "
            "America), under the SIL Open Font License 1.1."
        ),
        _("Icons made by {authors}, from game-icons.net, under CC BY 3.0.").format(authors=who),
        _("Illustrations: made for Nightwatch, MIT licence."),
    ]
