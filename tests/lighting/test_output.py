"""Output stage: gamma, brightness, night floor and the current limiter (never over budget)."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.gamedata import config
from companion.lighting.output import OutputStage, estimate_ma, gamma_table, limit

channel = st.integers(0, 255)
colour = st.tuples(channel, channel, channel)
frames = st.dictionaries(
    st.sampled_from([f"l{i}" for i in range(12)]),
    st.lists(colour, min_size=1, max_size=12).map(tuple),
    min_size=1,
)


def _stage(**settings) -> OutputStage:
    """The stage for the config's LED defaults with `settings` changed."""
    return OutputStage.from_config(config.LedConfig(**settings))


def test_gamma_table_endpoints_and_midpoint():
    tab = gamma_table(2.6, 1.0)
    assert tab[0] == 0 and tab[255] == 255
    assert tab[128] == round(255 * (128 / 255) ** 2.6)
    assert list(tab) == sorted(tab)


def test_brightness_scales_after_gamma():
    stage = _stage(gamma=2.0, brightness=0.5, night_floor=0.0, budget_ma=1e6)
    out = stage({"a": ((255, 128, 0),)})
    assert out == {"a": ((128, int(255 * (128 / 255) ** 2 * 0.5 + 0.5), 0),)}


def test_gamma_one_full_brightness_is_identity():
    stage = _stage(gamma=1.0, brightness=1.0, night_floor=0.0, budget_ma=1e6)
    frame = {"a": ((1, 2, 3), (250, 128, 7))}
    assert stage(frame) == frame


def test_night_floor_keeps_lit_pixels_readable_and_hue():
    stage = _stage(gamma=2.6, brightness=0.6, night_floor=0.03, budget_ma=1e6)
    out = stage({"district.A1": ((40, 20, 0), (0, 0, 0), (255, 255, 255))})["district.A1"]
    floor = round(0.03 * 255)
    assert max(out[0]) == floor and out[0][2] == 0 and out[0][1] < out[0][0]  # dimmer green: same hue
    assert out[1] == (0, 0, 0)  # off stays off
    assert out[2] == (153, 153, 153)  # bright pixels are untouched by the floor


def test_night_floor_zero_lets_dim_pixels_vanish():
    stage = _stage(gamma=2.6, brightness=0.6, night_floor=0.0, budget_ma=1e6)
    assert stage({"a": ((10, 0, 0),)}) == {"a": ((0, 0, 0),)}


def test_limiter_worst_case_all_white_default_board():
    leds = config.default().leds
    stage = OutputStage.from_config(leds)
    counts = {name: m.count for name, m in leds.lights.items()}
    white = {name: ((255, 255, 255),) * n for name, n in counts.items()}
    unlimited = replace(stage, budget_ma=1e9)(white)
    assert estimate_ma(unlimited, leds.ma_per_channel, leds.idle_ma_per_pixel) > leds.budget_ma  # it must act
    out = stage(white)
    est = estimate_ma(out, leds.ma_per_channel, leds.idle_ma_per_pixel)
    assert est <= leds.budget_ma
    assert est > leds.budget_ma * 0.97  # and not needlessly dark
    values = {c for px in out.values() for p in px for c in p}
    assert len(values) == 1  # one factor for the whole frame


def test_limiter_copes_with_idle_draw_alone_over_budget():
    dark = {"a": ((0, 0, 0),) * 100}
    assert limit(dark, 50, 20.0, 1.0) is dark
    assert limit({"a": ((9, 9, 9),) * 100}, 50, 20.0, 1.0) == dark


def test_limiter_leaves_frames_under_budget_alone():
    frame = {"a": ((10, 20, 30),) * 9}
    assert limit(frame, 2500, 20.0, 1.0) is frame


@settings(max_examples=300, deadline=None)
@given(frames, st.floats(50, 5000), st.floats(1, 60), st.floats(0, 2))
def test_limiter_never_exceeds_budget(frame, budget, per_channel, idle):
    out = limit(frame, budget, per_channel, idle)
    pixels = sum(len(px) for px in frame.values())
    if pixels * idle <= budget:
        assert estimate_ma(out, per_channel, idle) <= budget
    if estimate_ma(frame, per_channel, idle) <= budget:
        assert out == frame
    for name, px in frame.items():  # only ever dimmer, never brighter, same shape
        assert len(out[name]) == len(px)
        assert all(o <= i for p, q in zip(px, out[name]) for i, o in zip(p, q))


@settings(max_examples=200, deadline=None)
@given(frames, st.integers(50, 3000), st.floats(0.0, 1.0), st.floats(1.0, 3.0), st.floats(0.0, 0.5))
def test_output_stage_never_exceeds_budget(frame, budget, brightness, gamma, floor):
    stage = OutputStage(
        gamma=gamma,
        brightness=brightness,
        night_floor=floor,
        budget_ma=budget,
        ma_per_channel=20.0,
        idle_ma_per_pixel=0.5,
    )
    first = stage(frame)
    assert estimate_ma(first, 20.0, 0.5) <= budget or sum(len(p) for p in frame.values()) * 0.5 > budget
    assert stage(frame) == first  # the memo never changes an answer
    fresh = OutputStage(
        gamma=gamma,
        brightness=brightness,
        night_floor=floor,
        budget_ma=budget,
        ma_per_channel=20.0,
        idle_ma_per_pixel=0.5,
    )
    assert fresh(frame) == first


def test_from_config_takes_the_led_settings():
    leds = config.loads("[leds]\nbrightness = 0.3\ngamma = 2.2\nbudget_ma = 900\nnight_floor = 0.1\n").leds
    stage = OutputStage.from_config(leds)
    assert (stage.brightness, stage.gamma, stage.budget_ma, stage.night_floor) == (0.3, 2.2, 900, 0.1)
