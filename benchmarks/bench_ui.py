"""Table app frame time: each screen at 800x480 and 1920x1080 (goal: a painted frame <= 4 ms at 800x480).

Four figures, each named by what it counts:

* **painted frame** (one row per screen): what a player waits for after a press that changes the
  screen. The model is new to the renderer: it is laid out and every element is painted from
  scratch (`Renderer.render`), then blitted to the screen surface. Fonts, fitted texts and
  rendered line surfaces stay cached, as they are in play: consecutive models share most texts.
* **painted frame, every text new** (the worst screen): the same, with the text caches emptied
  first, so every line is fitted and rendered again (a screen whose texts all changed; an over
  screen's card is a picture drawn once per game: its own row below).
* **end card** (info): an over screen's first frame, the card laid out and drawn (once per game:
  later frames, a button's focus moving, blit the drawn card).
* **animated frame** (one row per animation, companion/ui/motion.py): a frame the loop draws while the
  event card flips, the dice roll, the phase changes or the ring fills: the still frame from the
  renderer's cache and the animation over it, at points spread over its run (its first frame, which
  copies what the others reuse, is drawn before the timing). Peer: the same screen painted from scratch.
* **idle frame** (the worst screen): `ui.update` plus `ui.draw` of an unchanged model, which the
  table app skips (no paint, no flip). This is the idle cost, not a frame anyone waits for.

The painted frames' peer, measured in the same run, is bare pygame drawing the same thing: the same rectangles
filled and the same text lines rendered with `Font.render` from cached `Font` objects and blitted,
with no layout, no fitting and no caches of ours.
"""

from __future__ import annotations

import os

from benchmarks.common import median_time, row

GOAL_MS = 4.0
SIZES = ((800, 480), (1920, 1080))
QUICK_SCREENS = ("title", "night", "event", "combat")
PEER = "bare pygame: same rects and text lines, cached fonts"


def _ui(size: tuple[int, int], screen: str):
    """A TableUI showing the sample `screen`, with its view."""
    from companion.ui import samples
    from companion.ui.table import TableUI

    ui = TableUI(size)
    samples.screens()[screen](ui)
    return ui, ui.ctx.view


def _painted(size: tuple[int, int], screen: str, n: int, cold_text: bool = False, new_card: bool = False):
    """A function that paints `n` frames of `screen`, each one for a model new to the renderer."""
    import pygame

    ui, _ = _ui(size, screen)
    vm = ui.model()
    renderer = ui.ctx.renderer
    frame = pygame.Surface(size)
    screen_surface = pygame.Surface(size)
    renderer.render(frame, vm)  # warm the fonts (loading a font is start-up, not a frame)

    def run() -> None:
        for _ in range(n):
            renderer._layouts.clear()  # the model is new: lay it out again
            if cold_text:  # every text renderer's: the lines', the buttons' and cells' words, the numerals'
                for texts in (renderer.text, renderer.labels, renderer.numerals):
                    texts._fits.clear()
                    texts._surfaces.clear()
            if new_card:
                renderer._card = (None, None, None)  # an over screen's card laid out and drawn again
            renderer.render(frame, vm)
            screen_surface.blit(frame, (0, 0))

    return run


def _idle(size: tuple[int, int], screen: str, n: int):
    """A function that runs `n` loop frames of `screen` whose model does not change."""
    import pygame

    ui, view = _ui(size, screen)
    surface = pygame.Surface(size)

    def run() -> None:
        for _ in range(n):
            ui.update(view, (), 1 / 30)
            ui.draw(surface)

    return run


def _animated(size: tuple[int, int], screen: str, kind: str, n: int):
    """A function that draws `n` frames of animation `kind` (companion/ui/motion.py) over the sample
    `screen`, at progress points spread over the animation: what the loop draws each frame while a card
    flips, dice roll, the phase changes or the ring fills. The animation is started the way the table
    starts it (`TableUI.draw` noticing a change from the frame on show); its first frame, which copies
    what it reuses, is drawn before the timing."""
    import pygame

    ui, view = _ui(size, screen)
    surface = pygame.Surface(size)
    ui.draw(surface)
    vm = ui.model()
    if kind == "flip":
        ui.update(view, [{"event": "card_drawn", "card": "I-01", "name": "", "act": "I", "grid": []}], 0.0)
    elif kind == "roll":
        ui.update(view, [{"event": "dice_rolled", "values": [v for v, _used in vm.dice]}], 0.0)
    elif kind == "ring":
        ui._drawn = (vm._replace(ring=(0.0, "")), surface)
    elif kind == "phase":
        ui._drawn_state = {**ui.ctx.state, "phase": "day"}
    ui.draw(surface, force=True)
    (animation,) = ui.motion.playing
    assert animation.kind == kind, (screen, kind)

    def run() -> None:
        for k in range(n):
            ui.ctx.now = animation.start + animation.duration * (k + 0.5) / n
            ui.draw(surface)

    return run


ANIMATED = (("event", "flip"), ("combat", "roll"), ("night", "phase"), ("one-night", "ring"))


def _peer(size: tuple[int, int], screen: str, n: int):
    """Bare pygame painting the same frame: fill, rectangles, `Font.render` + blit of every line."""
    import pygame

    from companion.ui import theme
    from companion.ui.text import face_font

    ui, _ = _ui(size, screen)
    vm = ui.model()
    renderer = ui.ctx.renderer
    renderer.render(pygame.Surface(size), vm)
    rects = [it.rect for it in renderer.layout(vm) if it.kind not in ("area", "hint", "title", "line")]
    fonts = {
        tb.fit.size: face_font("ui", tb.fit.size) for tb in renderer.text_boxes
    }  # the face the screens draw in
    texts = []
    for tb in renderer.text_boxes:
        line_h = fonts[tb.fit.size].get_linesize()
        y = tb.rect.y + (tb.rect.height - line_h * len(tb.fit.lines)) // 2
        for ln in tb.fit.lines:
            texts.append((fonts[tb.fit.size], ln, (tb.rect.x, y)))
            y += line_h
    frame = pygame.Surface(size)
    screen_surface = pygame.Surface(size)

    def run() -> None:
        for _ in range(n):
            frame.fill(theme.BG)
            for r in rects:
                pygame.draw.rect(frame, theme.BUTTON, r, border_radius=6)
            for font, text, pos in texts:
                frame.blit(font.render(text, True, theme.TEXT, theme.BG), pos)
            screen_surface.blit(frame, (0, 0))

    return run


def run(quick: bool = False) -> list[dict]:
    """Median ms per frame for every screen and size, against the bare-pygame peer."""
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
        peer = {s: median_time(_peer(size, s, n), repeats) / n * 1000 for s in screens}
        painted = {s: median_time(_painted(size, s, n), repeats) / n * 1000 for s in screens}
        for s in screens:
            rows.append(_row(f"ui.painted frame: {s} {label}", painted[s], peer[s], small))
        cold = {s: median_time(_painted(size, s, n, cold_text=True), repeats) / n * 1000 for s in screens}
        worst = max(cold, key=cold.get)
        rows.append(
            _row(
                f"ui.painted frame, every text new (worst: {worst}) {label}", cold[worst], peer[worst], small
            )
        )
        overs = [s for s in screens if s == "over" or s.endswith("-over")]
        if overs:  # the card is drawn once when a game ends (then blitted): what the table waits for then
            first = {
                s: median_time(_painted(size, s, 1, cold_text=True, new_card=True), repeats) * 1000
                for s in overs
            }
            worst = max(first, key=first.get)
            rows.append(
                row(
                    f"ui.end card: the over screen's first frame, its card laid out and drawn (worst: {worst}) "
                    f"{label}",
                    "ms",
                    round(first[worst], 2),
                    "info (once per game; later frames blit it)",
                    None,
                )
            )
        idle = {s: median_time(_idle(size, s, n), repeats) / n * 1000 for s in screens}
        worst = max(idle, key=idle.get)
        rows.append(
            row(
                f"ui.idle frame, unchanged model, not painted (worst: {worst}) {label}",
                "ms/frame",
                round(idle[worst], 4),
                "info (idle cost; see app.idle CPU)",
                None,
            )
        )
        for screen, kind in ANIMATED:  # motion: a frame of each animation, against the screen's still frame
            ms = median_time(_animated(size, screen, kind, n), repeats) / n * 1000
            still = median_time(_painted(size, screen, n), repeats) / n * 1000
            rows.append(
                row(
                    f"ui.animated frame: {kind} over {screen} {label}",
                    "ms/frame",
                    round(ms, 3),
                    f"<= {GOAL_MS} ms" if small else "info (1080p)",
                    ms <= GOAL_MS if small else None,
                    "the same screen's still frame, painted from scratch",
                    round(still, 3),
                    round(ms / still, 3),
                )
            )
    return rows


def _row(name: str, ms: float, peer: float, small: bool) -> dict:
    """A painted-frame row; the 4 ms goal applies at 800x480, 1080p is reported for information."""
    return row(
        name,
        "ms/frame",
        round(ms, 3),
        f"<= {GOAL_MS} ms" if small else "info (1080p)",
        ms <= GOAL_MS if small else None,
        PEER,
        round(peer, 3),
        round(ms / peer, 3),
    )


def main() -> int:
    """Print the table; exit 1 if a goal is missed."""
    rows = run()
    print(f"{'benchmark':72} {'ours':>8} {'peer':>8} {'ratio':>6}  goal")
    for r in rows:
        peer = r["peer_median"] if r["peer_median"] is not None else float("nan")
        ratio = r["ratio"] if r["ratio"] is not None else float("nan")
        print(f"{r['name']:72} {r['median']:>8.3f} {peer:>8.3f} {ratio:>6.2f}  {r['goal']}")
    return 0 if all(r["ok"] is not False for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
