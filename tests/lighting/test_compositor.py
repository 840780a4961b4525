"""Compositor: cross-fades at chosen progress, overlays that restore, pruning, whole frames."""

from companion.lighting.color import BLACK, Blend, mix
from companion.lighting.compositor import (
    Entry,
    Overlay,
    apply_overlays,
    compose,
    live_overlays,
    prune_history,
    render_history,
)
from companion.lighting.effects import Look, SequenceParams, Step, look, solid

RED = (200, 0, 0)
BLUE = (0, 0, 200)
MOOD = (40, 0, 80)


def test_transition_at_progress_zero_half_and_one():
    history = [Entry(solid(RED), 0.0), Entry(solid(BLUE), 10.0, fade=0.8)]
    assert render_history(history, 10.0, 3) == (RED,) * 3  # progress 0
    assert render_history(history, 10.4, 3) == ((100, 0, 100),) * 3  # progress 0.5
    assert render_history(history, 10.8, 3) == (BLUE,) * 3  # progress 1
    assert render_history(history, 99.0, 3) == (BLUE,) * 3


def test_transition_blends_animated_looks_per_pixel():
    comet = look("comet", color=(240, 0, 0), period=1.2, tail=3)
    history = [Entry(comet, 0.0), Entry(solid(BLUE), 0.0, fade=1.0)]
    t = 0.5
    old = comet.fn(comet.params, t, 9)
    assert render_history(history, t, 9) == tuple(mix(c, BLUE, 0.5) for c in old)


def test_interrupted_transition_continues_from_where_it_was():
    history = [Entry(solid(RED), 0.0), Entry(solid(BLUE), 1.0, fade=1.0), Entry(solid(BLACK), 1.5, fade=1.0)]
    halfway = mix(RED, BLUE, 0.5)
    assert render_history(history, 1.5, 1) == (halfway,)  # the new fade has not started to show
    # at 2.0: the first fade is done (BLUE), the second is half way from it to black
    assert render_history(history, 2.0, 1) == (mix(BLUE, BLACK, 0.5),)
    assert render_history(history, 2.5, 1) == (BLACK,)


def test_a_jump_shows_its_share_at_once_and_still_ends_on_time():
    history = [Entry(solid(RED), 0.0), Entry(solid(BLUE), 10.0, fade=0.8, jump=0.25)]
    assert render_history(history, 9.99, 1) == (RED,)  # nothing before it starts
    assert render_history(history, 10.0, 1) == (mix(RED, BLUE, 0.25),)  # a quarter at once
    assert render_history(history, 10.4, 1) == (mix(RED, BLUE, 0.625),)  # then the rest, evenly
    assert render_history(history, 10.8, 1) == (BLUE,)


def test_cut_when_fade_is_zero():
    history = [Entry(solid(RED), 0.0), Entry(solid(BLUE), 2.0)]
    assert render_history(history, 1.999, 1) == (RED,)
    assert render_history(history, 2.0, 1) == (BLUE,)


def test_local_look_runs_on_its_own_time():
    seq = Look("sequence", SequenceParams((Step(solid(RED), 1.0), Step(solid(BLUE), 0.0))), local=True)
    history = [Entry(seq, 5.0)]
    assert render_history(history, 5.5, 1) == (RED,)
    assert render_history(history, 6.5, 1) == (BLUE,)


def test_overlay_flashes_then_the_mood_returns():
    base = (MOOD,) * 9
    flash = Overlay("district.C1", look("flash", color=RED, count=3, period=0.5), start=2.0, duration=1.5)
    assert apply_overlays(base, [flash], 1.9) == base
    assert apply_overlays(base, [flash], 2.1) == (RED,) * 9
    assert apply_overlays(base, [flash], 2.35) == (BLACK,) * 9  # between flashes (replace)
    assert apply_overlays(base, [flash], 3.1) == (RED,) * 9
    assert apply_overlays(base, [flash], 3.5) == base  # over: restored exactly


def test_add_overlay_lifts_the_mood():
    base = (MOOD,) * 2
    pulse = Overlay("x", look("pulse", color=(100, 100, 100), period=1.0), 0.0, 1.0, Blend.ADD)
    assert apply_overlays(base, [pulse], 0.5) == ((140, 100, 180),) * 2
    assert apply_overlays(base, [pulse], 0.0) == base


def test_compose_renders_every_light_and_blacks_out_unknown_ones():
    counts = {"district.A1": 9, "veil.0": 1, "status": 1}
    histories = {"district.A1": [Entry(solid(MOOD), 0.0)], "veil.0": [Entry(solid(RED), 0.0)]}
    overlays = [Overlay("veil.0", solid(BLUE), 1.0, 1.0)]
    frame = compose(counts, histories, overlays, 1.5)
    assert frame == {"district.A1": (MOOD,) * 9, "veil.0": (BLUE,), "status": (BLACK,)}
    assert compose(counts, histories, overlays, 2.0)["veil.0"] == (RED,)


def test_compose_is_the_same_whatever_came_before():
    counts = {"a": 9, "b": 9}
    breathe = look("breathe", color=RED, period=3.0)
    histories = {"a": [Entry(breathe, 0.0)], "b": [Entry(breathe, 0.0), Entry(solid(BLUE), 1.0, 2.0)]}
    overlays = [Overlay("a", look("sparkle", color=BLUE, seed=5), 0.5, 3.0, Blend.ADD)]
    target = compose(counts, histories, overlays, 2.2)
    for t in (0.0, 0.1, 1.3, 2.19, 5.0):
        compose(counts, histories, overlays, t)
    assert compose(counts, histories, overlays, 2.2) == target


def test_prune_keeps_from_the_newest_finished_entry():
    history = [Entry(solid(RED), 0.0), Entry(solid(BLUE), 1.0, 1.0), Entry(solid(MOOD), 1.5, 1.0)]
    assert prune_history(history, 1.2) == history
    assert prune_history(history, 2.0) == history[1:]
    assert prune_history(history, 3.0) == history[2:]


def test_live_overlays_drops_finished_ones():
    a = Overlay("x", solid(RED), 0.0, 1.0)
    b = Overlay("x", solid(RED), 0.5, 1.0)
    assert live_overlays([a, b], 1.0) == [b]
    assert live_overlays([a, b], 1.5) == []
