"""Effects: exact pixels at chosen times, the registry, and parameter checks."""

import ast
from pathlib import Path

import pytest

import companion.lighting
from companion.lighting.color import BLACK, WHITE, Blend, mix, scale, wheel_table
from companion.lighting.effects import (
    EFFECTS,
    FadeParams,
    Layer,
    LayersParams,
    Look,
    SequenceParams,
    SolidParams,
    Step,
    look,
    render,
    solid,
)

RED = (200, 0, 0)
BLUE = (0, 0, 200)


def test_solid_fills_every_pixel():
    assert render(solid(RED), 12.3, 4) == (RED,) * 4


def test_breathe_is_low_at_zero_and_high_at_half_period():
    lk = look("breathe", color=(200, 100, 0), period=4.0, low=0.25, high=1.0)
    assert render(lk, 0.0, 2) == ((50, 25, 0),) * 2
    assert render(lk, 2.0, 2) == ((200, 100, 0),) * 2
    assert render(lk, 4.0, 1) == ((50, 25, 0),)


def test_breathe_phase_shifts_the_wave():
    lk = look("breathe", color=(200, 100, 0), period=4.0, low=0.25, high=1.0, phase=0.5)
    assert render(lk, 0.0, 1) == ((200, 100, 0),)


def test_pulse_ramps_linearly():
    lk = look("pulse", color=(200, 100, 40), period=2.0)
    assert render(lk, 0.0, 1) == (BLACK,)
    assert render(lk, 0.5, 1) == ((100, 50, 20),)
    assert render(lk, 1.0, 1) == ((200, 100, 40),)
    assert render(lk, 1.5, 1) == ((100, 50, 20),)


def test_heartbeat_beats_twice_then_rests():
    lk = look("heartbeat", color=(200, 0, 0), bpm=60.0, low=0.1)
    assert render(lk, 0.0, 1) == ((200, 0, 0),)  # lub
    assert render(lk, 0.2, 1) == ((20, 0, 0),)  # rest between
    assert render(lk, 0.25, 1) == (scale((200, 0, 0), 0.1 + 0.9 * 0.6),)  # dub, softer
    assert render(lk, 0.7, 1) == ((20, 0, 0),)


def test_comet_head_and_fading_tail():
    lk = look("comet", color=(240, 120, 0), period=1.2, tail=3)
    # head = (0.5 / 1.2) * (9 + 3) = 5.0
    px = render(lk, 0.5, 9)
    assert px[5] == (240, 120, 0)
    assert px[4] == mix(BLACK, (240, 120, 0), 2 / 3)
    assert px[3] == mix(BLACK, (240, 120, 0), 1 / 3)
    assert px[:3] == (BLACK,) * 3 and px[6:] == (BLACK,) * 3


def test_comet_reverse_mirrors():
    fwd = render(look("comet", color=RED, period=1.2, tail=3), 0.5, 9)
    rev = render(look("comet", color=RED, period=1.2, tail=3, reverse=True), 0.5, 9)
    assert rev == fwd[::-1]


def test_chase_steps_one_pixel_per_period():
    lk = look("chase", color=RED, period=0.25, spacing=3, width=1)
    assert render(lk, 0.0, 6) == (RED, BLACK, BLACK, RED, BLACK, BLACK)
    assert render(lk, 0.25, 6) == (BLACK, RED, BLACK, BLACK, RED, BLACK)


def test_sparkle_is_a_function_of_seed_and_time():
    a = look("sparkle", color=WHITE, density=0.5, rate=10.0, seed=3)
    b = look("sparkle", color=WHITE, density=0.5, rate=10.0, seed=4)
    frames = [render(a, k / 10, 30) for k in range(20)]
    assert frames[0] == render(a, 0.05, 30)  # same time slot, same pixels
    assert len(set(frames)) > 10  # slots differ
    assert render(b, 0.0, 30) != frames[0]  # seeds differ
    lit = sum(px == WHITE for f in frames for px in f)
    assert 0.35 < lit / (20 * 30) < 0.65


def test_sparkle_density_extremes():
    assert render(look("sparkle", color=WHITE, density=0.0), 1.0, 9) == (BLACK,) * 9
    assert render(look("sparkle", color=WHITE, density=1.0), 1.0, 9) == (WHITE,) * 9


def test_flicker_stays_between_low_and_full():
    lk = look("flicker", color=(200, 200, 200), low=0.5, rate=10.0, seed=1)
    seen = set()
    for k in range(30):
        for px in render(lk, k / 10, 9):
            assert 100 <= px[0] <= 200 and px[0] == px[1] == px[2]
            seen.add(px)
    assert len(seen) > 5
    assert render(lk, 0.31, 9) == render(lk, 0.39, 9)


def test_gradient_runs_from_start_to_end():
    px = render(look("gradient", start=(0, 0, 0), end=(200, 100, 0)), 0.0, 5)
    assert px == ((0, 0, 0), (50, 25, 0), (100, 50, 0), (150, 75, 0), (200, 100, 0))
    assert render(look("gradient", start=RED, end=BLUE), 0.0, 1) == (RED,)


def test_fill_bar_lights_a_fraction_with_a_dimmed_edge():
    lk = look("fill_bar", color=(200, 0, 0), level=0.55)
    # 0.55 * 4 = 2.2 pixels: two full, the third at 0.2
    assert render(lk, 0.0, 4) == ((200, 0, 0), (200, 0, 0), (40, 0, 0), BLACK)
    assert render(look("fill_bar", color=RED, level=0.0), 0.0, 3) == (BLACK,) * 3
    assert render(look("fill_bar", color=RED, level=1.0), 0.0, 3) == (RED,) * 3


def test_rainbow_spreads_the_wheel_and_turns():
    wheel = wheel_table()
    lk = look("rainbow", period=4.0, spread=1.0)
    assert render(lk, 0.0, 4) == (wheel[0], wheel[64], wheel[128], wheel[192])
    assert render(lk, 1.0, 4)[0] == wheel[64]
    assert wheel[0] == (255, 0, 0)


def test_rainbow_level_dims():
    assert render(look("rainbow", period=4.0, level=0.5), 0.0, 1) == ((128, 0, 0),)


def test_flash_counts_then_stops():
    lk = look("flash", color=RED, count=3, period=0.5, duty=0.5)
    assert [render(lk, t, 1)[0] for t in (0.1, 0.3, 0.6, 0.8, 1.1, 1.4, 1.6, 9.0)] == [
        RED,
        BLACK,
        RED,
        BLACK,
        RED,
        BLACK,
        BLACK,
        BLACK,
    ]
    assert render(lk, -0.1, 1) == (BLACK,)


def test_flash_count_zero_is_a_strobe():
    lk = look("flash", color=RED, count=0, period=0.2, duty=0.5)
    assert render(lk, 100.05, 1) == (RED,)
    assert render(lk, 100.15, 1) == (BLACK,)


def test_sweep_passes_once():
    lk = look("sweep", color=(200, 200, 200), duration=1.0, width=0.5)
    assert render(lk, -0.1, 3) == (BLACK,) * 3
    assert render(lk, 1.0, 3) == (BLACK,) * 3
    mid = render(lk, 0.5, 3)  # centre of the band at 0.5 = the middle pixel
    assert mid[1] == (200, 200, 200)
    assert mid[0] == mid[2] == mix(BLACK, (200, 200, 200), 1 - (1 / 3) / 0.5)


def test_fade_goes_and_holds():
    lk = Look("fade", FadeParams((0, 0, 0), (200, 100, 50), 2.0))
    assert render(lk, 0.0, 1) == ((0, 0, 0),)
    assert render(lk, 1.0, 1) == ((100, 50, 25),)
    assert render(lk, 5.0, 1) == ((200, 100, 50),)


def test_layers_draw_a_pixel_over_a_mood():
    lk = Look("layers", LayersParams((Layer(solid(BLUE)), Layer(solid(RED), start=0.125, width=0.0))))
    px = render(lk, 0.0, 9)
    assert px == (BLUE, RED) + (BLUE,) * 7
    assert render(lk, 0.0, 1) == (RED,)  # on a one-pixel light the marker still shows


def test_layers_add_clips_and_max_keeps_the_brighter():
    add = Look("layers", LayersParams((Layer(solid((200, 10, 0))), Layer(solid((100, 10, 0)), Blend.ADD))))
    assert render(add, 0.0, 2) == ((255, 20, 0),) * 2
    mx = Look("layers", LayersParams((Layer(solid((200, 10, 0))), Layer(solid((100, 50, 0)), Blend.MAX))))
    assert render(mx, 0.0, 2) == ((200, 50, 0),) * 2
    half = Look("layers", LayersParams((Layer(solid((200, 0, 0))), Layer(solid((0, 0, 200)), opacity=0.5))))
    assert render(half, 0.0, 1) == ((100, 0, 100),)


def test_sequence_plays_steps_and_keeps_the_last_running():
    seq = Look(
        "sequence",
        SequenceParams(
            (
                Step(solid(RED), 1.0),
                Step(look("pulse", color=(200, 0, 0), period=2.0), 1.0),
            )
        ),
    )
    assert render(seq, 0.5, 1) == (RED,)
    assert render(seq, 1.5, 1) == ((100, 0, 0),)  # the pulse at its own t = 0.5
    assert render(seq, 3.0, 1) == ((0, 0, 0),)  # still pulsing after the end: its t = 2.0


def test_sequence_loop_wraps():
    seq = Look("sequence", SequenceParams((Step(solid(RED), 1.0), Step(solid(BLUE), 1.0)), loop=True))
    assert [render(seq, t, 1)[0] for t in (0.5, 1.5, 2.5, 3.5)] == [RED, BLUE, RED, BLUE]


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_every_registered_effect_gives_n_valid_pixels(name):
    lk = _sample(name)
    for n in (1, 2, 9, 30):
        for t in (0.0, 0.37, 1.0, 7.9, 1234.5):
            px = render(lk, t, n)
            assert isinstance(px, tuple) and len(px) == n
            for c in px:
                assert len(c) == 3 and all(isinstance(v, int) and 0 <= v <= 255 for v in c)


def test_look_refuses_unknown_effects_and_wrong_params():
    with pytest.raises(ValueError, match="unknown effect"):
        look("glitter", color=RED)
    with pytest.raises(TypeError):
        Look("breathe", SolidParams(RED))
    with pytest.raises(TypeError):
        look("solid", colour=RED)


def test_params_refuse_zero_periods():
    with pytest.raises(ValueError, match="period"):
        look("breathe", color=RED, period=0)
    with pytest.raises(ValueError, match="at least one step"):
        Look("sequence", SequenceParams(()))


def test_looks_compare_by_value():
    assert look("breathe", color=RED, period=2.0) == look("breathe", color=RED, period=2.0)
    assert look("breathe", color=RED, period=2.0) != look("breathe", color=RED, period=3.0)
    assert hash(solid(RED)) == hash(solid(RED))


def test_lighting_core_imports_nothing_impure():
    """The lighting package and every game's scene (in its package, found through the catalog)."""
    from companion.plugins import games

    forbidden = {"pygame", "gpiozero", "serial", "sqlite3", "time", "random"}
    root = Path(companion.lighting.__file__).parent
    scenes = [Path(g.scene().__file__) for g in games().values() if g.scene() is not None]
    assert len(scenes) >= 5
    for path in [*root.rglob("*.py"), *scenes]:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module.split(".")[0]]
            assert not forbidden & set(names), f"{path.name} imports {forbidden & set(names)}"


def _sample(name):
    """A look of each registered effect with typical parameters."""
    samples = {
        "solid": dict(color=RED),
        "breathe": dict(color=RED),
        "pulse": dict(color=RED),
        "heartbeat": dict(color=RED),
        "comet": dict(color=RED),
        "chase": dict(color=RED),
        "sparkle": dict(color=RED),
        "flicker": dict(color=RED),
        "gradient": dict(start=RED, end=BLUE),
        "fill_bar": dict(color=RED, level=0.4),
        "rainbow": dict(),
        "flash": dict(color=RED),
        "sweep": dict(color=RED),
        "fade": dict(start=RED, end=BLUE),
        "layers": dict(layers=(Layer(solid(RED)), Layer(look("sparkle", color=BLUE), Blend.ADD, 0.5, 0.5))),
        "sequence": dict(steps=(Step(solid(RED), 1.0), Step(look("rainbow"), 2.0))),
    }
    return look(name, **samples[name])
