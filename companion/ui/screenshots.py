"""companion screenshots: render every screen of every game to PNG, and check that it reads from a chair.

  companion screenshots --out DIR [--size WxH ...] [--only NAME ...] [--lang CODE ...] [--check] [--json]

Writes `<page>_<W>x<H>.png` for every page (companion/ui/pages.py): every screen of the table app,
built from the sample states of companion/ui/samples.py, the live states reached by playing real games
through the engine (`live-<game>`: every game's busiest state of a seeded bot game, and with its More
sheet open, `live-<game>-more`; Masters' first night with 2 AP), the busiest screen again with one, two and
three trouble banners and with a refused command, the simulated board, the `icons` page (the token
pictures, the countdown ring and the veil bar) and the contact sheets of the shipped fonts, icons and
illustrations (`assets-*`). Sizes: 800x480 (the 7" panel) and 1920x1080 unless `--size` says
otherwise; `--lang de` draws them in German (default: the language the companion would pick, e.g.
from COMPANION_LANG); with several languages each file ends in `_<lang>`.

`--check` measures every page as drawn (companion/ui/screencheck.py): the height of every text's
capitals, which must be 17 px at 800x480 and 28 px for the page's main text, both grown with the
height; a clipped text, a word split across lines, texts drawn over each other, a title on more than
two lines and a text under 4.5:1 contrast (3:1 greyed) as drawn on the page fail too. Without
`--size` or `--lang` it checks all four sizes (800x480, 1024x600, 1280x720, 1920x1080) in every
language. It prints a verdict per page and failure, then `smallest capitals: N px, lowest contrast
R:1 (...)`; `--json` prints
one JSON object per page and size and language instead (JSON Lines, English keys). Exit 1 when any
page fails, 2 on bad usage. Runs headless (SDL's dummy video driver); `python -m companion.ui.screenshots`
is the same command.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from companion.i18n import LANGUAGES, _, current_language, set_language

SIZES = ((800, 480), (1920, 1080))  # the PNGs drawn by default (docs/screenshots)
CHECK_SIZES = ((800, 480), (1024, 600), (1280, 720), (1920, 1080))  # what --check covers by default
SHEETS = ("icons", "simulator")  # pages that show no screen of the table app (the assets-* ones neither)


def render_page(name: str, size: tuple[int, int]):
    """(surface, text boxes, texts drawn) of one page at `size`: every text rendered while it was
    drawn is recorded with its measured capitals (companion/ui/ink.py)."""
    import pygame

    from companion.ui.ink import recording
    from companion.ui.pages import pages

    if not pygame.font.get_init():
        pygame.font.init()
    with recording() as drawn:
        surface, boxes = pages()[name](tuple(size))
    return surface, boxes, list(drawn)


def render_screen(name: str, size: tuple[int, int]):
    """(surface, text boxes) of one page drawn at `size`."""
    surface, boxes, _drawn = render_page(name, size)
    return surface, boxes


def screen_names() -> list[str]:
    """Every page: the screens of every game, their troubled twins, the sheets."""
    from companion.ui.pages import pages

    return list(pages())


def is_sheet(name: str) -> bool:
    """A page that is not a screen of the table app (the simulator, the icon and asset sheets)."""
    return name in SHEETS or name.startswith("assets-")


def render_all(
    outdir: str | Path,
    sizes=SIZES,
    only: tuple[str, ...] = (),
    check: bool = False,
    languages: tuple[str, ...] = (),
):
    """Write `<page>_<W>x<H>[_<lang>].png` for every page (or those in `only`), in each of
    `languages` (default: the current one; the suffix only when there are several).

    Returns the paths, or with `check` a list of (path, ScreenReport)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from companion.ui.screencheck import check as check_page

    pygame.font.init()
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    was = current_language()
    languages = tuple(languages) or (was,)
    written = []
    try:
        for lang in languages:
            set_language(lang)
            suffix = f"_{lang}" if len(languages) > 1 else ""
            for name in screen_names():
                if only and name not in only:
                    continue
                for w, h in sizes:
                    surface, boxes, drawn = render_page(name, (w, h))
                    path = out / f"{name}_{w}x{h}{suffix}.png"
                    pygame.image.save(surface, str(path))
                    written.append(
                        (path, check_page(name, (w, h), drawn, boxes, lang, surface)) if check else path
                    )
    finally:
        set_language(was)
    return written


def main(argv: list[str] | None = None) -> int:
    """Entry point of `companion screenshots`."""
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(
        prog="companion screenshots",
        epilog=_("Exit status: 0 ok, 1 a screen failed the check, 2 bad usage."),
        description=_(
            "companion screenshots: render every screen of every game to PNG, and check that it reads from a chair."
        ),
    )
    ap.add_argument("--out", required=True, metavar=_("DIR"), help=_("folder for the PNG files (created)"))
    ap.add_argument(
        "--size",
        action="append",
        type=_size,
        metavar=_("WxH"),
        help=_(
            "surface size, e.g. 800x480 (repeatable; default 800x480 and 1920x1080, "
            "with --check all four sizes)"
        ),
    )
    ap.add_argument(
        "--only", action="append", default=[], metavar="NAME", help=_("just this screen (repeatable)")
    )
    ap.add_argument(
        "--lang",
        action="append",
        choices=LANGUAGES,
        help=_(
            "language of the screens (repeatable; default: as the companion picks it, "
            "with --check every language)"
        ),
    )
    ap.add_argument(
        "--check",
        action="store_true",
        help=_("measure the capitals of every text and check fit; exit 1 when a screen fails"),
    )
    ap.add_argument(
        "--json", action="store_true", help=_("with --check: one JSON object per screen, size and language")
    )
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:  # argparse has printed the usage error (or the help)
        return int(exc.code or 0)
    check = args.check or args.json
    if args.lang and not check:
        set_language(args.lang[-1])
    unknown = [n for n in args.only if n not in screen_names()]
    if unknown:
        print(
            _("companion screenshots: no screen named {names} (screens: {screens})").format(
                names=", ".join(unknown), screens=", ".join(screen_names())
            ),
            file=sys.stderr,
        )
        return 2
    sizes = tuple(args.size or (CHECK_SIZES if check else SIZES))
    languages = tuple(dict.fromkeys(args.lang or (LANGUAGES if check else ())))
    results = render_all(args.out, sizes, tuple(args.only), check=check, languages=languages)
    if not check:
        for path in results:
            print(path)
        return 0
    reports = [report for _path, report in results]
    failed = [r for r in reports if not r.ok]
    if args.json:
        for report in reports:
            print(json.dumps(report.to_json(), ensure_ascii=False))
        return 1 if failed else 0
    for report in reports:
        print("\n".join(report.lines()))
    from companion.ui.screencheck import summary

    print(
        _("{passed} of {total} screens pass; PNGs in {out}").format(
            passed=len(reports) - len(failed), total=len(reports), out=args.out
        )
    )
    print(summary(reports))
    return 1 if failed else 0


MIN_SIZE, MAX_SIZE = (320, 240), (3840, 2160)  # the smallest panel a layout is made for; 4K


def _size(text: str) -> tuple[int, int]:
    """`1280x720` -> (1280, 720), or an argparse error saying what a size looks like: from 320x240
    (smaller, the layout has no room) to 3840x2160 (larger only costs memory and minutes)."""
    w, sep, h = text.lower().strip().partition("x")
    if not (sep and w.isascii() and w.isdigit() and h.isascii() and h.isdigit()):
        raise argparse.ArgumentTypeError(
            _("bad size {text!r}: give WIDTHxHEIGHT, e.g. 1280x720").format(text=text)
        )
    size = int(w), int(h)
    if not all(lo <= n <= hi for n, lo, hi in zip(size, MIN_SIZE, MAX_SIZE)):
        raise argparse.ArgumentTypeError(
            _("size {text} is outside {low} .. {high}").format(
                text=text, low="x".join(map(str, MIN_SIZE)), high="x".join(map(str, MAX_SIZE))
            )
        )
    return size


if __name__ == "__main__":
    sys.exit(main())
