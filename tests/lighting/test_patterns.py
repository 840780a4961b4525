"""Status looks and the basic (attract) scene."""

from companion.lighting.color import BLACK
from companion.lighting.effects import render
from companion.lighting.patterns import Health, status_look
from companion.lighting.scenes import basic

R = (255, 0, 0)


def test_status_looks_differ_by_health():
    ok, degraded, error = (status_look(h) for h in Health)
    assert render(ok, 0.0, 1) == ((0, 60, 0),)
    amber = render(degraded, 1.5, 1)[0]
    assert amber[0] > amber[1] > amber[2] == 0
    assert render(error, 0.1, 1) == (R,) and render(error, 0.6, 1) == (BLACK,)


def test_attract_loop_waves_round_the_ring():
    looks = basic.plan(None).looks
    a1, a2 = looks["district.A1"], looks["district.A2"]
    assert a1.params.color == a2.params.color and a1.params.phase != a2.params.phase
    assert len({render(looks[f"veil.{i}"], 0.3, 1) for i in range(7)}) > 3


def test_basic_scene_serves_games_without_a_scene():
    day = basic.plan({"game": "strigoi", "phase": "day"}).looks["district.B2"]
    night = basic.plan({"game": "strigoi", "phase": "night"}).looks["district.B2"]
    assert day != night
    assert basic.react({"event": "anything"}, None, 0.0).overlays == ()
