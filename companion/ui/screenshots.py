"""Render every screen of the table app to PNG: `python -m companion.ui.screenshots OUTDIR [WxH ...]`.

Uses the sample views of `companion.ui.samples` and SDL's dummy video driver, so it runs headless.
Default sizes: the 7" 800x480 panel and a 1920x1080 TV.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

SIZES = ((800, 480), (1920, 1080))


def render_all(outdir: str | Path, sizes=SIZES, only: tuple[str, ...] = ()) -> list[Path]:
    """Write `<screen>_<W>x<H>.png` for every screen (or those in `only`); returns the paths."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from companion.ui.samples import screens
    from companion.ui.table import TableUI

    pygame.font.init()
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, recipe in screens().items():
        if only and name not in only:
            continue
        for w, h in sizes:
            ui = TableUI((w, h))
            recipe(ui)
            surface = pygame.Surface((w, h))
            ui.draw(surface)
            path = out / f"{name}_{w}x{h}.png"
            pygame.image.save(surface, str(path))
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """CLI: OUTDIR then optional sizes such as 1280x720."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    try:
        sizes = tuple(_size(a) for a in argv[1:]) or SIZES
    except ValueError as exc:
        print(f"screenshots: {exc}", file=sys.stderr)
        return 2
    for path in render_all(argv[0], sizes):
        print(path)
    return 0


def _size(text: str) -> tuple[int, int]:
    """`1280x720` -> (1280, 720), or ValueError saying what a size looks like."""
    w, sep, h = text.lower().partition("x")
    if not (sep and w.isdigit() and h.isdigit() and int(w) > 0 and int(h) > 0):
        raise ValueError(f"bad size {text!r}: give WIDTHxHEIGHT, e.g. 1280x720")
    return int(w), int(h)


if __name__ == "__main__":
    sys.exit(main())
