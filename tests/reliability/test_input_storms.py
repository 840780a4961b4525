"""Input storms through the real loop: chattering buttons, all buttons at once, ~1,000 raw presses/s.

The mock HAL gets raw edges (bounces 1 ms apart, inside the 30 ms debounce window, plus 1 ms
glitches while released); the loop runs at 30 fps on a FakeClock with the table UI on a dummy
screen. Exactly one SHORT per real press must reach the UI, the strip must never go longer than
the LED refresh without a frame, and nothing may raise. The real time per tick under the storm is
recorded, not asserted.
"""

from __future__ import annotations

import time

import pytest

from companion.inputs import Press, VButton
from companion.runtime.idle import LED_REFRESH_S
from tests.app.helpers import SETUP, longest_dark, record_pushes
from tests.reliability.conftest import FULL
from tests.reliability.helpers import build_app, counting_ui, screen_surface

STORM_S = 20.0 if FULL else 3.0
BOUNCES = 6  # extra close/open pairs on the way down and on the way up
GAP_S = 0.001  # 1 ms between bounce edges: far inside the 30 ms window
HOLD_S = 0.08  # a real press: 80 ms down (a short press)
PRESSES_PER_S = 5.5  # per button; 14 buttons x 5.5 x 14 closures (bounces, blip) = ~1,000 raw presses/s
FRAME_S = 1 / 30  # the loop notices a due LED refresh at its next frame


def _storm(app, aligned: bool, seconds: float) -> tuple[dict, int]:
    """Queue the storm's raw edges; returns (expected SHORTs per button, raw closures)."""
    buttons = [VButton(name) for name in app.cfg.buttons.pins]
    expected = {b: 0 for b in buttons}
    raw = 0
    period = 1.0 / PRESSES_PER_S
    for i, b in enumerate(buttons):
        offset = 0.0 if aligned else i * period / len(buttons)
        at = 0.5 + offset
        while at + period < seconds - 0.5:
            app.hw.buttons.chatter(b, at, bounces=BOUNCES, gap=GAP_S, duration=HOLD_S)
            glitch = at + HOLD_S + 2 * BOUNCES * GAP_S + 0.04  # a 1 ms blip while released
            app.hw.buttons.edge(b, True, glitch)
            app.hw.buttons.edge(b, False, glitch + GAP_S)
            expected[b] += 1
            raw += 2 * BOUNCES + 2
            at += period
    return expected, raw


@pytest.mark.parametrize("aligned", [True, False], ids=["all-at-once", "staggered"])
def test_button_storm_gives_one_press_per_real_press_and_one_frame_per_tick(tmp_path, figures, aligned):
    ui = counting_ui()
    app = build_app(tmp_path, ui=ui, surface=screen_surface())
    app.start(setup=SETUP)
    expected, raw = _storm(app, aligned, STORM_S)
    pushes, start = record_pushes(app), app.clock.now()
    ticks = round(STORM_S * app.cfg.display.fps)
    t0 = time.perf_counter()
    app.run(max_frames=ticks)
    wall = time.perf_counter() - t0
    got = {b: 0 for b in expected}
    for ev in ui.seen:
        if ev.kind is Press.SHORT:
            got[ev.button] += 1
    assert got == expected
    assert not any(ev.kind is Press.LONG for ev in ui.seen)
    assert app.frames == ticks and longest_dark(app, pushes, since=start) <= LED_REFRESH_S + FRAME_S
    assert app.session is not None  # the game survived whatever the presses asked for
    name = "all buttons at once" if aligned else "staggered"
    figures.setdefault("Input storms (mock HAL, table UI, 30 fps fake time)", {}).update(
        {
            f"{name}: raw presses/s (1 s lead-in/out excluded)": round(raw / (STORM_S - 1.0)),
            f"{name}: debounced presses reaching the UI": sum(got.values()),
            f"{name}: real ms per tick under the storm": round(1000 * wall / ticks, 2),
        }
    )


def test_chatter_only_storm_gives_no_press(tmp_path):
    ui = counting_ui()
    app = build_app(tmp_path, ui=ui)
    app.start(setup=SETUP)
    for b in (VButton(name) for name in app.cfg.buttons.pins):
        t = 0.2
        while t < 2.0:  # contact noise: every level lasts 1 ms, never the 30 ms a press needs
            app.hw.buttons.edge(b, True, t)
            app.hw.buttons.edge(b, False, t + GAP_S)
            t += 2 * GAP_S
    pushes, start = record_pushes(app), app.clock.now()
    app.run(max_frames=75)
    assert ui.seen == []
    assert app.frames == 75 and longest_dark(app, pushes, since=start) <= LED_REFRESH_S + FRAME_S
