"""Table app frame time: each screen at 800x480 and 1920x1080 (issue #4: <= 4 ms at 800x480).

A frame is what the loop does every tick: `ui.update(view, (), dt)` then `ui.draw(surface)`.
"steady" frames show an unchanged screen (the common case: people think, the screen waits), which
our renderer serves from its cached frame; "changed" frames move the focus every frame, so the
view model changes and the screen is laid out and painted again (text surfaces still cached).
The peer, measured in the same run, is the same painting done naively: every text fitted and
rendered anew each frame, as a plain pygame loop without caches would.
"""

from __future__ import annotations

import os

from benchmarks.common import median_time, row

GOAL_MS = 4.0
SIZES = ((800, 480), (1920, 1080))
QUICK_SCREENS = ("title", "night", "event", "combat")


def _frames(size: tuple[int, int], screen: str, n: int, changing: bool):
    """A function that runs `n` frames of `screen` at `size`."""
    import pygame

    from companion.inputs import ButtonEvent, Press, VButton
    from companion.ui import samples
    from companion.ui.table import TableUI

    ui = TableUI(size)
    samples.screens()[screen](ui)
    view = ui.ctx.view
    surface = pygame.Surface(size)
    nxt = ButtonEvent(VButton.NEXT, Press.SHORT, 0.0, "sim")

    def run() -> None:
        for _ in range(n):
            if changing:
                ui.handle(nxt)
            ui.update(view, (), 1 / 30)
            ui.draw(surface)

    return run


def _peer(size: tuple[int, int], screen: str, n: int):
    """Naive painting of the same screen: fresh fonts, fits and text surfaces every frame."""
    import pygame

    from companion.ui import samples
    from companion.ui.render import Renderer
    from companion.ui.table import TableUI

    ui = TableUI(size)
    samples.screens()[screen](ui)
    vm = ui.model()
    surface = pygame.Surface(size)

    def run() -> None:
        for _ in range(n):
            renderer = Renderer(size)
            renderer.text._fonts = ui.ctx.renderer.text._fonts  # loading fonts is not painting: share them
            renderer.render(surface, vm)

    return run


def run(quick: bool = False) -> list[dict]:
    """Median ms per frame for every screen and size, against the naive peer."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from companion.ui import samples

    pygame.font.init()
    screens = QUICK_SCREENS if quick else tuple(samples.screens())
    n, repeats = (5, 3) if quick else (30, 5)
    rows = []
    for size in SIZES:
        label = f"{size[0]}x{size[1]}"
        small = size == (800, 480)
        peer_ms = {s: median_time(_peer(size, s, n), repeats) / n * 1000 for s in screens}
        for screen in screens:
            steady = median_time(_frames(size, screen, n, False), repeats) / n * 1000
            rows.append(_row(f"ui.frame.{screen}.{label}", steady, peer_ms[screen], small))
        changed = {s: median_time(_frames(size, s, n, True), repeats) / n * 1000 for s in screens}
        worst = max(changed, key=changed.get)
        rows.append(_row(f"ui.frame.changed.worst.{label} ({worst})", changed[worst], peer_ms[worst], small))
    return rows


def _row(name: str, ms: float, peer: float, small: bool) -> dict:
    """A result row; the 4 ms goal applies at 800x480, 1080p is reported for information."""
    return row(name, "ms/frame", round(ms, 3), f"<= {GOAL_MS} ms" if small else "info (1080p)",
               ms <= GOAL_MS if small else None, "naive repaint, no caches", round(peer, 3), round(ms / peer, 3))


def main() -> int:
    """Print the table; exit 1 if a goal is missed."""
    rows = run()
    print(f"{'benchmark':48} {'ours':>8} {'peer':>8} {'ratio':>6}  goal")
    for r in rows:
        print(f"{r['name']:48} {r['median']:>8.3f} {r['peer_median']:>8.3f} {r['ratio']:>6.2f}  {r['goal']}")
    return 0 if all(r["ok"] is not False for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
