"""The helpers every scene shares: one overlay on a district, the game-over handler, the board plan."""

import pytest

from companion.games.mansion import scene as mansion
from companion.games.masters import scene as masters
from companion.games.nosferatu import scene as nosferatu
from companion.games.strigoi import scene as strigoi
from companion.lighting.color import Blend
from companion.lighting.effects import OFF, solid
from companion.lighting.scenes import Reaction, bar_of, board_plan, on_district, settle

RED = (200, 0, 0)


@pytest.mark.parametrize("pos", [None, "", 7])
def test_on_district_without_a_place_shows_nothing(pos):
    assert on_district(pos, solid(RED), 1.0, 0.5) == Reaction()


def test_on_district_puts_one_overlay_on_the_district():
    (ov,) = on_district("B2", solid(RED), 1.0, 0.5, Blend.ADD).overlays
    assert (ov.light, ov.look, ov.start, ov.duration, ov.blend) == (
        "district.B2",
        solid(RED),
        1.0,
        0.5,
        Blend.ADD,
    )


@pytest.mark.parametrize("scene, fade", [(mansion, 0.5), (nosferatu, 0.5), (strigoi, 0.5), (masters, 0.3)])
def test_game_over_only_speeds_the_plan_in(scene, fade):
    assert scene.react({"event": "game_over"}, {}, 0.0) == Reaction(fade=fade)
    assert settle(fade)({"event": "game_over"}, {}, 0.0) == Reaction(fade=fade)


def test_board_plan_takes_the_board_phase_then_the_view_then_the_default():
    seen = []

    def district(d, phase, view):
        seen.append(phase)
        return OFF

    board = {"districts": {"A1": {"mood": "off"}}}
    board_plan({"board": {**board, "phase": "day"}, "phase": "night"}, "dusk", district, lambda b, v: {})
    board_plan({"board": board, "phase": "night"}, "dusk", district, lambda b, v: {})
    plan = board_plan({"board": board}, "dusk", district, lambda b, v: {"veil.0": solid(RED)})
    assert seen == ["day", "night", "dusk"]
    assert dict(plan.looks) == {"district.A1": OFF, "veil.0": solid(RED)}


def test_bar_of_falls_back_to_the_default_max():
    assert bar_of({"bar": 3, "bar_max": 5}, 6) == (3, 5)
    assert bar_of({"bar_max": 0}, 6) == (0, 6)
    assert bar_of({}, 6) == (0, 6)
