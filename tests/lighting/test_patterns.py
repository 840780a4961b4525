"""Startup colour-order pattern, wiring order, status looks and the basic (attract) scene."""

from companion import config
from companion.lighting.color import BLACK
from companion.lighting.effects import render
from companion.lighting.patterns import Health, chain_order, startup_frame, status_look
from companion.lighting.scenes import basic

R, G, B = (255, 0, 0), (0, 255, 0), (0, 0, 255)


def test_startup_frame_lights_the_first_three_pixels_rgb(counts):
    leds = config.default().leds
    frame = startup_frame(counts, chain_order(leds.lights, leds.strips))
    assert frame["district.A1"] == (R, G, B) + (BLACK,) * 6
    assert set(frame) == set(counts)
    assert all(px == (BLACK,) * len(px) for name, px in frame.items() if name != "district.A1")


def test_startup_frame_spills_over_short_lights():
    frame = startup_frame({"veil.0": 1, "veil.1": 1, "veil.2": 1, "veil.3": 1}, level=64)
    assert [frame[f"veil.{i}"] for i in range(4)] == [((64, 0, 0),), ((0, 64, 0),), ((0, 0, 64),), (BLACK,)]


def test_startup_frame_on_a_reversed_first_light():
    frame = startup_frame({"a": 4}, reverse=frozenset({"a"}))
    assert frame["a"] == (BLACK, B, G, R)


def test_chain_order_follows_strip_then_first_pixel():
    leds = config.loads('''
[[leds.strips]]
name = "main"
pin = "GPIO10"
count = 20
[leds.lights]
"veil.0" = { strip = "main", start = 0, count = 1 }
"district.A1" = { strip = "main", start = 1, count = 9 }
"district.A2" = { strip = "main", start = 10, count = 9 }
''').leds
    assert chain_order(leds.lights, leds.strips)[:3] == ("veil.0", "district.A1", "district.A2")


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
