"""A board that stands still is rendered once: the controller knows when its frame stops changing."""

from companion.gamedata.config import LedConfig
from companion.lighting.compositor import Overlay
from companion.lighting.controller import LightingController
from companion.lighting.effects import look
from companion.lighting.output import OutputStage
from companion.lighting.scenes import DEFAULT_FADE


def _still_board(counts) -> LightingController:
    """A controller whose every light shows a steady colour, its opening fade over."""
    ctl = LightingController(counts, output=OutputStage.from_config(LedConfig()))
    ctl._retarget({name: look("solid", color=(200, 10, 10)) for name in counts}, DEFAULT_FADE, 0.0)
    return ctl


def test_a_still_board_is_rendered_once_and_gives_the_same_frame(counts):
    ctl = _still_board(counts)
    assert ctl.still_at(5.0)
    first = ctl.render(5.0)
    ctl.compose = lambda t: (_ for _ in ()).throw(AssertionError("rendered again"))
    assert ctl.render(6.0) is first and ctl.render(60.0) is first


def test_a_cross_fade_an_overlay_or_a_moving_look_keeps_the_frame_moving(counts, view):
    ctl = _still_board(counts)
    ctl.update(view, [], 1.0)  # the Masters scene: looks change, a cross-fade starts
    assert not ctl.still_at(1.0 + DEFAULT_FADE / 2)
    ctl = _still_board(counts)
    ctl._retarget({"district.A1": look("breathe", color=(0, 0, 255))}, 0.0, 1.0)
    assert not ctl.still_at(2.0)
    assert ctl.render(2.0) != ctl.render(3.0)  # and it keeps being rendered
    ctl = _still_board(counts)
    ctl.overlays.append(Overlay("district.C1", look("solid", color=(255, 255, 255)), start=1.0, duration=0.5))
    assert [ctl.still_at(t) for t in (0.9, 1.2, 1.6)] == [False, False, True]  # to come, showing, over


def test_update_health_and_a_new_output_stage_render_afresh(counts):
    from companion.lighting.patterns import Health

    ctl = _still_board(counts)
    before = ctl.render(5.0)
    ctl.output = OutputStage.from_config(LedConfig(brightness=0.2))  # the settings screen's brightness
    dimmer = ctl.render(5.0)
    assert dimmer != before and sum(dimmer["district.A1"][0]) < sum(before["district.A1"][0])
    ctl.set_health(Health.DEGRADED, 6.0)
    assert ctl.render(9.0)["status"] != dimmer["status"]


def test_only_the_moving_lights_are_composed_and_the_frame_is_the_whole_one(counts, view, monkeypatch):
    from companion.lighting import compositor
    from companion.lighting import controller as controller_module

    ctl = _still_board(counts)
    ctl._retarget(
        {
            **{n: look("solid", color=(200, 10, 10)) for n in counts},
            "district.A1": look("breathe", color=(0, 0, 255)),
        },
        0.0,
        0.0,
    )
    asked = []

    def noting(lights, *rest):
        """The compositor, noting which lights it was asked for."""
        asked.append(set(lights))
        return compositor.compose(lights, *rest)

    monkeypatch.setattr(controller_module, "compose", noting)

    def check(ts):
        """Each frame is the whole board the compositor gives for that moment."""
        for t in ts:
            frame = ctl.compose(t)
            assert frame == compositor.compose(ctl.counts, ctl.histories, ctl.overlays, t)
            assert list(frame) == list(ctl.counts)

    check([1.0 + k / 30 for k in range(20)])
    assert asked[-2:] == [{"district.A1"}, {"district.A1"}]  # after the first frame, only the breathing light
    ctl.update(view, [{"event": "agents_placed", "district": "C1", "n": 2}], 2.0)  # a new scene and a pulse
    check([2.0 + k / 30 for k in range(90)])
    ctl.update(view, [{"event": "agents_placed", "district": "B3", "n": 1}], 5.0)  # same scene: only a pulse
    assert any(ov.light == "district.B3" for ov in ctl.overlays)
    check([5.0 + k / 30 for k in range(60)])
    ctl = _still_board(counts)  # a pulse over a light that stands still, as `update` adds one
    ctl.overlays.append(
        Overlay("district.C1", look("pulse", color=(255, 255, 255), period=0.5), start=7.2, duration=0.5)
    )
    ctl._split = None
    check([7.0 + k / 30 for k in range(30)])
