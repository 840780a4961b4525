"""companion screenshots: render every screen of every game to PNG, and check that it reads from a chair.

  companion screenshots --out DIR [--size WxH ...] [--only NAME ...] [--lang CODE] [--check]

Writes `<screen>_<W>x<H>.png` for every screen of the table app, built from the sample states of
companion/ui/samples.py, at 800x480 (the 7" panel) and 1920x1080 unless `--size` says otherwise,
plus the `icons` page (the token pictures, the countdown ring and the veil bar). `--lang de` draws
them in German (default: the language the companion would pick, e.g. from COMPANION_LANG).
With `--check` it prints per screen its smallest text, the texts under the limit, clipped or split
inside a word, and its main (biggest) text; the last line is `smallest text: N px`. Sizes are the
font's em size in screen pixels; the limit is 24 px at 800x480, scaled with the layout on bigger
screens (see companion/ui/screencheck.py). Exit 1 when any screen fails, 2 on bad usage.
Runs headless (SDL's dummy video driver); `python -m companion.ui.screenshots` is the same command.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from companion.i18n import LANGUAGES, _, set_language

SIZES = ((800, 480), (1920, 1080))
SHEETS = ("icons",)  # pages that are not screens of the app: drawn for people to look at


def render_screen(name: str, size: tuple[int, int]):
    """(surface, text boxes) of one screen (or sheet) drawn at `size`."""
    import pygame

    if name == "icons":
        from companion.ui.icons import sample_sheet

        surface = pygame.Surface(size)
        return surface, sample_sheet(surface)
    from companion.ui.samples import screens
    from companion.ui.table import TableUI

    ui = TableUI(size)
    screens()[name](ui)
    surface = pygame.Surface(size)
    ui.draw(surface, force=True)
    return surface, list(ui.ctx.renderer.text_boxes)


def screen_names() -> list[str]:
    """Every screen of every game, then the sheets."""
    from companion.ui.samples import screens

    return list(screens()) + list(SHEETS)


def render_all(outdir: str | Path, sizes=SIZES, only: tuple[str, ...] = (), check: bool = False):
    """Write `<screen>_<W>x<H>.png` for every screen (or those in `only`).

    Returns the paths, or with `check` a list of (path, ScreenReport)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from companion.ui.screencheck import check as check_boxes

    pygame.font.init()
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in screen_names():
        if only and name not in only:
            continue
        for w, h in sizes:
            surface, boxes = render_screen(name, (w, h))
            path = out / f"{name}_{w}x{h}.png"
            pygame.image.save(surface, str(path))
            written.append((path, check_boxes(name, (w, h), boxes)) if check else path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Entry point of `companion screenshots`."""
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(
        prog="companion screenshots", epilog=_("Exit status: 0 ok, 1 a screen failed the check, 2 bad usage."),
        description=_("companion screenshots: render every screen of every game to PNG, and check that it reads from a chair."))
    ap.add_argument("--out", required=True, metavar=_("DIR"), help=_("folder for the PNG files (created)"))
    ap.add_argument("--size", action="append", type=_size, metavar=_("WxH"),
                    help=_("surface size, e.g. 800x480 (repeatable; default 800x480 and 1920x1080)"))
    ap.add_argument("--only", action="append", default=[], metavar="NAME", help=_("just this screen (repeatable)"))
    ap.add_argument("--lang", choices=LANGUAGES, help=_("language of the screens (default: as the companion picks it)"))
    ap.add_argument("--check", action="store_true", help=_("check text sizes and fit; exit 1 when a screen fails"))
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:  # argparse has printed the usage error (or the help)
        return int(exc.code or 0)
    if args.lang:
        set_language(args.lang)
    unknown = [n for n in args.only if n not in screen_names()]
    if unknown:
        print(_("companion screenshots: no screen named {names} (screens: {screens})").format(
            names=", ".join(unknown), screens=", ".join(screen_names())), file=sys.stderr)
        return 2
    results = render_all(args.out, tuple(args.size or SIZES), tuple(args.only), check=args.check)
    if not args.check:
        for path in results:
            print(path)
        return 0
    reports = [report for _path, report in results]
    for report in reports:
        print("\n".join(report.lines()))
    from companion.ui.screencheck import summary

    failed = [r for r in reports if not r.ok]
    print(_("{passed} of {total} screens pass; PNGs in {out}").format(passed=len(reports) - len(failed), total=len(reports), out=args.out))
    print(summary(reports))
    return 1 if failed else 0


MIN_SIZE, MAX_SIZE = (320, 240), (3840, 2160)  # the smallest panel a layout is made for; 4K


def _size(text: str) -> tuple[int, int]:
    """`1280x720` -> (1280, 720), or an argparse error saying what a size looks like: from 320x240
    (smaller, the layout has no room) to 3840x2160 (larger only costs memory and minutes)."""
    w, sep, h = text.lower().strip().partition("x")
    if not (sep and w.isascii() and w.isdigit() and h.isascii() and h.isdigit()):
        raise argparse.ArgumentTypeError(_("bad size {text!r}: give WIDTHxHEIGHT, e.g. 1280x720").format(text=text))
    size = int(w), int(h)
    if not all(lo <= n <= hi for n, lo, hi in zip(size, MIN_SIZE, MAX_SIZE)):
        raise argparse.ArgumentTypeError(_("size {text} is outside {low} .. {high}").format(
            text=text, low="x".join(map(str, MIN_SIZE)), high="x".join(map(str, MAX_SIZE))))
    return size


if __name__ == "__main__":
    sys.exit(main())
