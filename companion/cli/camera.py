"""`companion camera test`: what the camera sees and reads, live, for makers setting it up.

    companion camera test [--device auto|picamera|usb|usb:N|/dev/videoN] [--photo FILE ...]
                          [--seconds N] [--headless]

With a screen it opens a window with the camera's picture, the card's outline and what was read
(the card, or "a new card", and its grid); headless (or with --headless) it prints one line each
time the reading changes. `--photo` shows photo files instead of a camera, one after another.
Exit status: 0 ok, 1 the camera did not open, 2 bad usage or OpenCV missing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from companion.i18n import _

EXIT_OK, EXIT_FAILED, EXIT_BAD = 0, 1, 2
LOOK_S = 0.3  # how often a frame is read


def main(argv: list[str]) -> int:
    """Run `companion camera ...`."""
    ap = argparse.ArgumentParser(
        prog="companion camera",
        description=_("`companion camera test`: the camera's picture, the card's outline and what it read."),
    )
    sub = ap.add_subparsers(dest="action", required=True)
    p = sub.add_parser("test", help=_("show what the camera sees and reads"))
    p.add_argument("--device", help=_("which camera (default: [camera] device of the config)"))
    p.add_argument(
        "--photo",
        action="append",
        default=[],
        metavar=_("FILE"),
        help=_("read photo files instead of a camera (repeatable)"),
    )
    p.add_argument(
        "--seconds", type=float, default=0.0, help=_("stop after this long (default: until closed)")
    )
    p.add_argument("--headless", action="store_true", help=_("print the readings, open no window"))
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return EXIT_OK if exc.code == 0 else EXIT_BAD
    try:
        import cv2  # noqa: F401

        from companion.hal.camera import MockFrames, source_for
        from companion.vision import store
        from companion.vision.grid import read_grid
    except ImportError as exc:
        print(
            _(
                "companion camera: the camera needs OpenCV: pip install 'nightwatch-companion[camera]' ({why})"
            ).format(why=exc),
            file=sys.stderr,
        )
        return EXIT_BAD
    from companion.errors import CompanionError
    from companion.gamedata import config

    try:
        cfg = config.load()
        library = store.library()
        tags = _tags()
    except CompanionError as exc:
        print(f"companion camera: {exc}", file=sys.stderr)
        return EXIT_BAD
    library.grid_box = cfg.camera.grid_box or None
    photos = list(args.photo)
    source = MockFrames() if photos else source_for(args.device or cfg.camera.device)
    try:
        source.open()
    except Exception as exc:  # a camera fails to open in library-specific ways
        from companion.errors import describe

        print(
            _("companion camera: {camera} did not open: {why}").format(camera=source.name, why=describe(exc)),
            file=sys.stderr,
        )
        return EXIT_FAILED
    source.watch(True)  # whole frames, as the reader gets them after a change
    window = (
        None
        if args.headless or not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
        else _Window()
    )
    print(_("camera: {camera}, {n} taught pictures").format(camera=source.name, n=len(library.faces)))
    end = time.monotonic() + args.seconds if args.seconds else None
    last = None
    try:
        while end is None or time.monotonic() < end:
            if photos:
                source.show(photos.pop(0))
            frame = source.read()
            if frame is None:
                time.sleep(LOOK_S)
                continue
            r = library.identify(frame)
            grid = read_grid(r.face, library.grid_box) if r.face is not None and library.grid_box else None
            line = _words(r, tags, grid)
            if line != last:
                print(line, flush=True)
                last = line
            if window is not None and not window.show(frame, r.quad, line):
                break
            if photos == [] and args.photo and window is None:
                break  # every photo read
            time.sleep(LOOK_S)
    except KeyboardInterrupt:
        pass
    finally:
        source.close()
    return EXIT_OK


def _tags():
    """tag -> the card key it is registered for (the game whose plugin teaches cards), or None."""
    from companion.plugins import card_module

    cards = card_module()
    return cards.lookup_tag if cards is not None else (lambda tag: None)


def _words(r, tags, grid) -> str:
    """One line: what the camera read."""
    if r.face is None:
        return _("no card on the spot")
    what = (tags(r.tag) or r.tag) if r.tag else _("a new card")
    cells = (
        ""
        if grid is None
        else "  "
        + _("red {red}, blue-gray {blue}").format(
            red=",".join(grid["red"]) or "-", blue=",".join(grid["blue"]) or "-"
        )
    )
    return f"{what} ({r.score:.2f}){cells}"


class _Window:
    """A pygame window with the frame, the outline and the words."""

    def __init__(self):
        import pygame

        pygame.init()
        self.pg = pygame
        self.screen = pygame.display.set_mode((640, 520))
        pygame.display.set_caption("companion camera test")
        from companion.ui import assets  # the table's own face, never pygame's default

        self.font = assets.font("ui", 28)

    def show(self, frame, quad, line: str) -> bool:
        """Draw; False once the window was closed."""
        import cv2

        pg = self.pg
        for ev in pg.event.get():
            if ev.type == pg.QUIT or (ev.type == pg.KEYDOWN and ev.key == pg.K_ESCAPE):
                return False
        h, w = frame.shape[:2]
        s = min(640 / w, 480 / h)
        small = cv2.resize(frame, (int(w * s), int(h * s)))
        rgb = cv2.cvtColor(small, cv2.COLOR_BGR2RGB)
        surf = pg.image.frombuffer(rgb.tobytes(), (rgb.shape[1], rgb.shape[0]), "RGB")
        self.screen.fill((0, 0, 0))
        self.screen.blit(surf, (0, 0))
        if quad is not None:
            pg.draw.polygon(self.screen, (80, 255, 120), [(float(x) * s, float(y) * s) for x, y in quad], 3)
        self.screen.blit(self.font.render(line, True, (255, 255, 255)), (10, 490))
        pg.display.flip()
        return True
