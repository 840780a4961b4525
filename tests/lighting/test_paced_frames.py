"""Slow looks are drawn only as often as they are worth (issue 16: an idle table's CPU), fast ones every frame."""

from companion.gamedata.config import LedConfig
from companion.lighting.compositor import Overlay
from companion.lighting.controller import BREATH_STEPS, LightingController
from companion.lighting.effects import look
from companion.lighting.output import OutputStage
from companion.lighting.scenes import DEFAULT_FADE

FPS = 30


def _board(counts, lk) -> LightingController:
    """A controller whose light district.A1 shows `lk` and the rest a steady colour, fades over."""
    ctl = LightingController(counts, output=OutputStage.from_config(LedConfig()))
    looks = {name: look("solid", color=(200, 10, 10)) for name in counts}
    looks["district.A1"] = lk
    ctl._retarget(looks, DEFAULT_FADE, 0.0)
    return ctl


def _distinct_frames(ctl, start: float, seconds: float) -> int:
    """How many different frame objects `render` gives over `seconds` at FPS frames a second."""
    frames = [ctl.render(start + i / FPS) for i in range(round(seconds * FPS))]
    return len({id(f) for f in frames})


def test_a_slow_breath_is_drawn_at_its_own_rate_not_every_frame(counts):
    period = 8.0  # 64 steps a breath: 8 frames a second
    ctl = _board(counts, look("breathe", color=(0, 0, 255), period=period, low=0.2))
    drawn = _distinct_frames(ctl, 10.0, 2.0)
    assert drawn <= 2.0 * BREATH_STEPS / period + 1
    # ... and still moves (the breath is not frozen), each frame the breath at its step's middle
    assert drawn >= 2.0 * BREATH_STEPS / period - 1
    at = ctl.paced_time(10.01)
    assert (
        ctl.render(10.01) == OutputStage.from_config(LedConfig())(ctl.compose(at))
        and abs(at - 10.01) <= period / BREATH_STEPS
    )


def test_fast_looks_cross_fades_and_overlays_are_drawn_every_frame(counts):
    heart = _board(counts, look("heartbeat", color=(255, 0, 0), bpm=90.0))
    assert heart.paced_time(10.0) is None and _distinct_frames(heart, 10.0, 1.0) == FPS
    breath = _board(counts, look("breathe", color=(0, 0, 255), period=8.0))
    breath.overlays.append(
        Overlay("district.C1", look("pulse", color=(255, 255, 255)), start=10.0, duration=1.0)
    )
    assert breath.paced_time(10.5) is None and _distinct_frames(breath, 10.0, 1.0) == FPS
    breath.overlays.clear()
    breath._retarget({"district.A1": look("breathe", color=(255, 0, 0), period=8.0)}, DEFAULT_FADE, 20.0)
    assert breath.paced_time(20.0 + DEFAULT_FADE / 2) is None  # a cross-fade runs at full rate
    assert breath.paced_time(20.0 + DEFAULT_FADE + 0.1) is not None


def test_the_remembered_pace_is_always_the_pace_worked_out_afresh(counts):
    # pace_at remembers the pace once every fade and overlay is over (an idle table wakes ~13 times a
    # second and asks each time); any new look or health must forget it.
    import copy
    import random

    from companion.lighting.patterns import Health

    rng = random.Random(5)
    looks = [
        look("solid", color=(200, 10, 10)),
        look("breathe", color=(0, 0, 255), period=8.0),
        look("breathe", color=(0, 255, 0), period=4.0),
        look("heartbeat", color=(255, 0, 0), bpm=60.0),
        look("pulse", color=(9, 9, 9), period=2.0),
    ]
    ctl = _board(counts, looks[1])
    t, remembered = 0.0, 0
    for _ in range(400):
        t += rng.choice((0.01, 0.1, 0.5, 2.0))
        roll = rng.random()
        if roll < 0.15:
            ctl._retarget(
                {name: rng.choice(looks) for name in rng.sample(sorted(counts), 3)},
                rng.choice((0.0, 0.5, DEFAULT_FADE)),
                t,
            )
        elif roll < 0.2:
            ctl.set_health(rng.choice(list(Health)), t)
        fresh = copy.copy(ctl)
        fresh._settled = None
        remembered += ctl._settled is not None and t >= ctl._settled[0]
        assert ctl.pace_at(t) == fresh.pace_at(t)
    assert remembered > 100  # the remembered pace was really used


def _fresh(ctl, t):
    """The frame at t worked out from nothing remembered (a copy without any of render's caches)."""
    import copy

    other = copy.copy(ctl)
    other._still = other._split = other._paced = other._settled = other._cycle = None
    return other.render(t)


def test_a_periodic_board_renders_each_step_of_its_cycle_once_then_looks_it_up(counts):
    # The attract loop (breaths of 4 s and 6 s, veil pulses of 2 s: paced at 16 Hz, a 12 s cycle of
    # 192 steps) and a Masters day as the idle benchmark plays it (one district breathing in 5 s: 64
    # steps). Frames looked up are the frames worked out afresh, over three cycles; each step was
    # composed once.
    from companion.storage.session import Session

    session, _ = Session.new(
        {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "difficulty": "easy", "seed": 11}
    )
    for view, steps in ((None, 192), (session.view(), 64)):
        ctl = LightingController(counts, output=OutputStage.from_config(LedConfig()))
        ctl.update(view, [], 0.0)
        start = 10.0
        rate = ctl.pace_at(start)
        assert rate, "the board is paced"
        cycle = ctl._cycle_steps(rate)
        assert cycle == steps
        composed = []
        real = ctl.compose
        ctl.compose = lambda t, composed=composed, real=real: composed.append(t) or real(t)
        frames = [ctl.render(start + i / rate) for i in range(3 * cycle)]
        assert len(composed) == cycle, "each step of the cycle is composed once"
        assert frames[:cycle] == frames[cycle : 2 * cycle] == frames[2 * cycle :]
        for i in range(0, 3 * cycle, 7):
            assert frames[i] == _fresh(ctl, start + i / rate)


def test_the_cycle_is_forgotten_with_any_change_and_never_shows_a_stale_frame(counts):
    import random

    from companion.lighting.patterns import Health

    rng = random.Random(11)
    looks = [
        look("solid", color=(200, 10, 10)),
        look("breathe", color=(0, 0, 255), period=8.0),
        look("breathe", color=(0, 255, 0), period=4.0, phase=0.25),
        look("heartbeat", color=(255, 0, 0), bpm=60.0),
        look("pulse", color=(9, 9, 9), period=2.0),
        look("sparkle", color=(9, 9, 200)),
    ]
    ctl = _board(counts, looks[1])
    t, looked_up = 0.0, 0
    for _ in range(1500):
        t += rng.choice((0.01, 0.033, 0.1, 0.5, 2.0, 8.0))
        roll = rng.random()
        if roll < 0.1:
            ctl._retarget(
                {name: rng.choice(looks[:3] * 3 + looks[3:]) for name in rng.sample(sorted(counts), 3)},
                rng.choice((0.0, 0.5, DEFAULT_FADE)),
                t,
            )
        elif roll < 0.13:
            ctl.set_health(rng.choice([Health.OK, Health.OK, *Health]), t)
        elif roll < 0.15:
            ctl.output = OutputStage.from_config(LedConfig(brightness=rng.choice((0.3, 0.6))))
        cycle = ctl._cycle
        looked_up += cycle is not None and cycle[3] > 0 and len(cycle[4]) > 0
        assert ctl.render(t) == _fresh(ctl, t)
    assert looked_up > 300  # the cycle was really used
