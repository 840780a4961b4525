"""The title screen's attract loop stays alive yet cheap (issue 34, point 9): its LED frames step on one
16 Hz beat, the loop wakes only for those steps, and the screen is not redrawn while nothing on it
changes. Counted on the fake clock (the CPU share itself is `make bench`'s, benchmarks/bench_app.py)."""

import pygame

from companion.ui.table import TableUI
from tests.app.helpers import make_app, record_full_frames, record_pushes

SECONDS = 12.0  # one whole cycle of the attract loop (breaths of 4 s and 6 s, veil pulses of 2 s)


def _title(tmp_path):
    """The app on its title screen (no game: the attract loop), settled past the opening fade."""
    app = make_app(tmp_path, ui=TableUI((800, 480)), surface=pygame.Surface((800, 480)))
    app.start()
    app.run(max_frames=120)
    return app


def test_the_title_wakes_and_pushes_at_most_16_times_a_second_and_redraws_rarely(tmp_path):
    app = _title(tmp_path)
    pushes, full = record_pushes(app), record_full_frames(app)
    painted, paint = [], app._window.paint
    app._window.paint = lambda *a: (lambda got: painted.append(got[0] or got[1]) or got)(paint(*a))
    start, frames = app.clock.now(), app.frames
    while app.clock.now() < start + SECONDS:
        app.run(max_frames=app.frames + 1)
    wakes = (app.frames - frames) / SECONDS
    assert wakes <= 16.5, f"{wakes:.1f} wake-ups a second at the title"
    assert len(pushes) / SECONDS <= 16.5
    assert len(full) <= SECONDS + 2  # the screen's own frame once a second, nothing more
    assert painted and not any(painted)  # ... and it draws nothing while nothing on it changes


def test_the_attract_pulse_still_moves_up_the_veil_bar(tmp_path):
    app = _title(tmp_path)
    shown = app.hw.pixels.frames
    start, seen = app.clock.now(), []
    while app.clock.now() < start + SECONDS:
        app.run(max_frames=app.frames + 1)
        seen.append((app.clock.now(), shown[-1]))
    veil = sorted(name for name in seen[0][1] if name.startswith("veil."))
    assert len(veil) >= 5
    for name in veil:
        reds = [frame[name][0][0] for _, frame in seen]
        assert len(set(reds)) >= 12, f"{name} shows only {sorted(set(reds))}"  # it swells and fades in steps
        assert max(reds) - min(reds) >= 15
    # a wave: the bar's lights peak at different moments of a pulse, one after the other
    first = [
        next(t for t, frame in seen if frame[name][0][0] == max(f[name][0][0] for _, f in seen))
        for name in veil
    ]
    assert len(set(first)) == len(veil)
    # and the ring breathes too
    ring = [frame["district.A1"][0] for _, frame in seen]
    assert len(set(ring)) >= 8
