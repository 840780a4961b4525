"""Logical frame -> physical pixels -> wire bytes, in pure code."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.gamedata import config
from companion.gamedata.config import LightMap, Strip
from companion.hal.layout import TEST_PATTERN, PixelLayout, channel_map, decode, encode, solid

TWO_STRIPS = """
[leds]
order = "RGB"
[[leds.strips]]
name = "board"
pin = "GPIO10"
count = 6
[[leds.strips]]
name = "bar"
pin = "GPIO18"
count = 3
[leds.lights]
"district.A1" = { strip = "board", start = 0, count = 3 }
"district.A2" = { strip = "board", start = 3, count = 3, reverse = true }
"veil.0" = { strip = "bar", start = 0, count = 2 }
"status" = { strip = "bar", start = 2, count = 1 }
"""


def _layout(text=TWO_STRIPS):
    return PixelLayout.from_config(config.loads(text).leds)


def test_layout_counts_come_from_the_config():
    assert _layout().counts() == {"district.A1": 3, "district.A2": 3, "veil.0": 2, "status": 1}


def test_layout_default_config_has_every_logical_light():
    layout = PixelLayout.from_config(config.default().leds)
    assert set(layout.counts()) == set(config.LOGICAL_LIGHTS)
    assert sum(layout.counts().values()) == 89


def test_layout_reversed_light_runs_backwards_on_the_strip():
    phys = _layout().physical({"district.A2": [(1, 0, 0), (2, 0, 0), (3, 0, 0)]})
    assert phys["board"][3:6] == [(3, 0, 0), (2, 0, 0), (1, 0, 0)]


def test_layout_lights_left_out_are_dark():
    phys = _layout().physical({"status": [(9, 9, 9)]})
    assert phys["board"] == [(0, 0, 0)] * 6
    assert phys["bar"] == [(0, 0, 0), (0, 0, 0), (9, 9, 9)]


def test_layout_encodes_each_strip_separately():
    wire = _layout().encode_frame({"district.A1": [(1, 2, 3)] * 3, "veil.0": [(4, 5, 6)] * 2})
    assert wire["board"] == bytes([1, 2, 3] * 3 + [0] * 9)
    assert wire["bar"] == bytes([4, 5, 6, 4, 5, 6, 0, 0, 0])


@pytest.mark.parametrize(
    "order, expected",
    [
        ("RGB", [10, 20, 30]),
        ("GRB", [20, 10, 30]),
        ("BGR", [30, 20, 10]),
        ("BRG", [30, 10, 20]),
        ("GRBW", [20, 10, 30, 0]),
        ("RGBW", [10, 20, 30, 0]),
    ],
)
def test_encode_applies_the_colour_order(order, expected):
    assert encode([(10, 20, 30)], order) == bytes(expected)


def test_encode_writes_zero_to_the_white_channel():
    assert encode([(200, 200, 200)], "GRBW") == bytes([200, 200, 200, 0])


def test_channel_map_refuses_nonsense():
    with pytest.raises(ValueError):
        channel_map("RRB")


@given(st.lists(st.tuples(*[st.integers(0, 255)] * 3), max_size=20), st.sampled_from(config.COLOR_ORDERS))
def test_decode_inverts_encode_for_every_order(pixels, order):
    assert decode(encode(pixels, order), order) == pixels


@pytest.mark.parametrize(
    "frame, words",
    [
        ({"district.Z9": [(0, 0, 0)]}, "unknown light"),
        ({"status": [(0, 0, 0), (0, 0, 0)]}, "has 1 pixels"),
        ({"status": [(256, 0, 0)]}, "0..255"),
        ({"status": [(1.5, 0, 0)]}, "0..255"),
        ({"status": [(1, 2)]}, "expected (r, g, b)"),
    ],
)
def test_layout_rejects_bad_frames_with_a_clear_message(frame, words):
    with pytest.raises(ValueError) as err:
        _layout().physical(frame)
    assert words in str(err.value)


def test_layout_test_pattern_lights_first_three_pixels_red_green_blue():
    wire = _layout().test_pattern()
    assert decode(wire["board"], "RGB")[:3] == list(TEST_PATTERN)
    assert decode(wire["board"], "RGB")[3:] == [(0, 0, 0)] * 3
    assert decode(wire["bar"], "RGB") == list(TEST_PATTERN)


def test_layout_blank_is_all_zero_bytes():
    assert _layout().blank() == {"board": bytes(18), "bar": bytes(9)}


def test_layout_where_names_strip_and_pixels():
    layout = _layout()
    assert layout.where("district.A2") == "strip board, pixels 3-5 reversed"
    assert layout.where("status") == "strip bar, pixel 2"


def test_layout_logical_reads_back_what_physical_placed():
    layout = _layout()
    frame = {"district.A2": [(1, 0, 0), (2, 0, 0), (3, 0, 0)], "veil.0": [(7, 7, 7), (8, 8, 8)]}
    back = layout.logical(layout.physical(frame))
    assert back["district.A2"] == tuple(frame["district.A2"])
    assert back["veil.0"] == tuple(frame["veil.0"])
    assert back["district.A1"] == ((0, 0, 0),) * 3


def test_solid_fills_one_light():
    assert solid(_layout(), "veil.0", (1, 2, 3)) == {"veil.0": [(1, 2, 3), (1, 2, 3)]}


# -- encode_frame's fast path: the same bytes and the same errors as the per-pixel checked path ----------
def _checked_encode(layout, frame):
    """The per-pixel path `encode_frame` falls back on (and used to be)."""
    return {name: encode(px, layout.order) for name, px in layout.physical(frame).items()}


def _with_order(order):
    return PixelLayout.from_config(
        config.loads(TWO_STRIPS.replace('order = "RGB"', f'order = "{order}"')).leds
    )


LAYOUTS = [_with_order(order) for order in config.COLOR_ORDERS] + [
    PixelLayout.from_config(config.default().leds),
    PixelLayout.from_config(config.default().leds._replace(order="GRBW")),
]


@st.composite
def _frames(draw, layout):
    """Any subset of the layout's lights, each with random colours."""
    frame = {}
    for light, count in layout.counts().items():
        if draw(st.booleans()):
            frame[light] = draw(
                st.lists(st.tuples(*[st.integers(0, 255)] * 3), min_size=count, max_size=count)
            )
    return frame


@given(st.data())
def test_encode_frame_matches_the_checked_path(data):
    layout = data.draw(st.sampled_from(LAYOUTS))
    frame = data.draw(_frames(layout))
    assert layout._gather.encode(frame) is not None  # the fast path is the one under test
    assert layout.encode_frame(frame) == _checked_encode(layout, frame)


def test_encode_frame_places_reversed_lights_in_grbw_order():
    layout = _with_order("GRBW")
    wire = layout.encode_frame({"district.A2": [(1, 2, 3), (4, 5, 6), (7, 8, 9)], "status": [(10, 20, 30)]})
    assert wire["board"] == bytes(12) + bytes([8, 7, 9, 0, 5, 4, 6, 0, 2, 1, 3, 0])
    assert wire["bar"] == bytes(8) + bytes([20, 10, 30, 0])


@pytest.mark.parametrize(
    "frame",
    [
        {"district.Z9": [(0, 0, 0)]},
        {"status": [(0, 0, 0), (0, 0, 0)]},
        {"status": [(256, 0, 0)]},
        {"status": [(-1, 0, 0)]},
        {"status": [(1.5, 0, 0)]},
        {"status": [(True, 0, 0)]},
        {"status": [(1, 2)]},
        {"status": [(1, 2, 3, 4)]},
        {"status": [None]},
        {"status": ["abc"]},
        {"veil.0": [(1, 2, 3), (4, 5, 6)], "district.A1": [(1, 2, 3), (1, 2, 3), (1, 2, 300)]},
    ],
)
def test_encode_frame_refuses_bad_frames_with_the_checked_message(frame):
    layout = _layout()
    with pytest.raises(ValueError) as checked:
        layout.physical(frame)
    with pytest.raises(ValueError) as fast:
        layout.encode_frame(frame)
    assert str(fast.value) == str(checked.value)


def test_encode_frame_takes_int_subclasses_like_the_checked_path():
    class Level(int):
        pass

    frame = {"status": [(Level(7), 8, 9)], "veil.0": [(1, 2, 3)] * 2}
    assert _layout().encode_frame(frame) == _checked_encode(_layout(), frame)


def test_encode_frame_of_overlapping_lights_lets_the_later_one_win():
    """Config refuses overlaps; a layout built by hand still encodes them as the checked path does."""
    layout = PixelLayout(
        (Strip("s", "GPIO10", 3),), {"a": LightMap("s", 0, 2), "b": LightMap("s", 1, 2)}, "RGB"
    )
    assert layout._gather is None
    assert layout.encode_frame({"a": [(1, 1, 1)] * 2, "b": [(2, 2, 2)] * 2}) == {
        "s": bytes([1, 1, 1] + [2] * 6)
    }
