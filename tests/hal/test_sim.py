"""The simulator board: drawn headless with SDL's dummy driver, clicked with synthetic mouse events."""

import pygame
import pytest

from companion.gamedata import config
from companion.hal import open_hardware
from companion.hal.clock import FakeClock
from companion.inputs import Press, VButton

RED = (255, 0, 0)


@pytest.fixture
def sim():
    hw = open_hardware(config.default(), "sim", FakeClock())
    yield hw
    hw.close()


def _draw(hw, size=(800, 480)):
    surface = pygame.Surface(size)
    hw.panel.draw(surface, surface.get_rect())
    return surface, hw.panel.geometry(surface.get_rect())


def _tint(surface, rect):
    """The colour most of a tile shows (its name and its lights' dots sit on top of the tint)."""
    from collections import Counter

    spots = [
        surface.get_at((x, y))
        for x in range(rect.x + 4, rect.right - 4, 3)
        for y in range(rect.y + 4, rect.bottom - 4, 3)
    ]
    return Counter(tuple(c) for c in spots).most_common(1)[0][0]


def _click(hw, pos, hold=0.1):
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    consumed = hw.panel.handle_event(down)
    hw.clock.advance(hold)
    hw.panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    return consumed


def test_sim_lit_district_tile_is_tinted_by_its_light(sim):
    sim.pixels.show({"district.B2": [RED] * 9})
    surface, g = _draw(sim)
    lit, dark = _tint(surface, g.tiles["B2"]), _tint(surface, g.tiles["A1"])
    assert lit[0] > 120 and lit[0] > 3 * lit[1] and lit[0] > 3 * lit[2]
    assert dark[0] < 60


# B1 runs reversed on the strip: the drawing must not care, its first pixel still sits on top.
@pytest.mark.parametrize("light, colour", [("C1", (0, 255, 0)), ("B1", (0, 0, 255))])
def test_sim_each_pixel_is_drawn_as_a_dot_of_its_colour_in_logical_order(sim, light, colour):
    colours = [(0, 0, 0)] * 9
    colours[0] = colour  # the first pixel sits at the top of the ring
    sim.pixels.show({f"district.{light}": colours})
    surface, g = _draw(sim)
    tile = g.tiles[light]
    top = surface.get_at((tile.centerx, int(tile.centery - tile.h * 0.42)))
    assert (top.r, top.g, top.b) == colour


def test_sim_veil_segment_shows_its_light(sim):
    sim.pixels.show({"veil.4": [(0, 0, 200)]})
    surface, g = _draw(sim)
    seg = g.veil[4]
    px = surface.get_at((seg.x + 2, seg.y + 2))
    # the sim undoes the LED gamma (2.6 by default) so the screen looks like the LEDs look to an eye
    assert (px.r, px.g, px.b) == (0, 0, round(255 * (200 / 255) ** (1 / 2.6)))
    other = surface.get_at((g.veil[3].x + 2, g.veil[3].y + 2))
    assert other.b < 100


def test_sim_status_light_glows(sim):
    sim.pixels.show({"status": [(0, 255, 0)]})
    surface, g = _draw(sim)
    px = surface.get_at(g.status[0])
    assert (px.r, px.g, px.b) == (0, 255, 0)


def test_sim_clicking_a_tile_presses_its_district_button(sim):
    _, g = _draw(sim)
    assert _click(sim, g.tiles["C3"].center) is True
    events = sim.buttons.poll(sim.clock.advance(1.0))
    assert [(e.button, e.kind, e.source) for e in events] == [
        (VButton.DISTRICT_C3, Press.DOWN, "sim"),
        (VButton.DISTRICT_C3, Press.UP, "sim"),
        (VButton.DISTRICT_C3, Press.SHORT, "sim"),
    ]


@pytest.mark.parametrize(
    "button", [VButton.NEXT, VButton.CONFIRM, VButton.UNDO, VButton.VEIL_UP, VButton.VEIL_DOWN]
)
def test_sim_clicking_a_button_presses_it(sim, button):
    _, g = _draw(sim)
    _click(sim, g.buttons[button].center)
    assert {e.button for e in sim.buttons.poll(sim.clock.advance(1.0))} == {button}


def test_sim_holding_a_click_is_a_long_press(sim):
    _, g = _draw(sim)
    _click(sim, g.buttons[VButton.UNDO].center, hold=1.5)
    kinds = [e.kind for e in sim.buttons.poll(sim.clock.advance(1.0))]
    assert kinds == [Press.DOWN, Press.LONG, Press.UP]


def test_sim_release_outside_still_releases_the_pressed_button(sim):
    _, g = _draw(sim)
    sim.panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=g.tiles["A1"].center, button=1))
    sim.clock.advance(0.1)
    assert sim.panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1)) is True
    kinds = [e.kind for e in sim.buttons.poll(sim.clock.advance(1.0))]
    assert kinds == [Press.DOWN, Press.UP, Press.SHORT]


def test_sim_clicks_elsewhere_and_other_events_are_not_consumed(sim):
    _, g = _draw(sim)
    assert sim.panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)) is False
    assert (
        sim.panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=g.tiles["A1"].center, button=3))
        is False
    )
    assert sim.panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE)) is False
    assert sim.buttons.poll(sim.clock.advance(1.0)) == []


def test_sim_ignores_clicks_before_it_was_drawn(sim):
    assert (
        sim.panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 200), button=1)) is False
    )


def test_sim_draws_into_a_sub_rect_only():
    hw = open_hardware(config.default(), "sim", FakeClock())
    surface = pygame.Surface((1000, 600))
    surface.fill((1, 2, 3))
    area = pygame.Rect(500, 0, 500, 600)
    hw.panel.draw(surface, area)
    assert tuple(surface.get_at((10, 10)))[:3] == (1, 2, 3)
    g = hw.panel.geometry(area)
    assert all(area.contains(r) for r in g.tiles.values())
    assert all(area.contains(r) for r in g.buttons.values())
    hw.close()


def test_sim_follows_a_strip_the_hal_reopened(sim):
    sim.pixels.fail_with = OSError("gone")
    sim.pixels.show({"veil.2": [(0, 0, 0)]})
    assert sim.retry("leds", force=True)
    sim.pixels.show({"veil.2": [(255, 0, 0)]})
    surface, g = _draw(sim)
    px = surface.get_at((g.veil[2].x + 2, g.veil[2].y + 2))
    assert (px.r, px.g, px.b) == (255, 0, 0)


def test_sim_paints_again_only_when_what_it_shows_changed(sim):
    surface = pygame.Surface((500, 480))
    assert sim.panel.draw(surface, surface.get_rect()) is True  # the first paint
    assert sim.panel.draw(surface, surface.get_rect()) is False  # nothing changed
    sim.pixels.show({"veil.1": [(0, 90, 0)]})
    assert sim.panel.draw(surface, surface.get_rect()) is True  # a light changed
    assert sim.panel.draw(surface, surface.get_rect()) is False
    sim.panel.handle_event(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert sim.panel.draw(surface, surface.get_rect()) is True  # the window needs its pixels again
    g = sim.panel.geometry(surface.get_rect())
    sim.panel.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=g.buttons[VButton.NEXT].center, button=1)
    )
    assert sim.panel.draw(surface, surface.get_rect()) is True  # a button held
    assert sim.panel.draw(surface, pygame.Rect(10, 0, 490, 480)) is True  # another place


def test_every_backend_has_a_panel_and_only_the_simulator_shows_one():
    from companion.hal import Panel

    with (
        open_hardware(config.default(), "mock", FakeClock()) as mock,
        open_hardware(config.default(), "sim", FakeClock()) as sim,
    ):
        assert isinstance(mock.panel, Panel) and isinstance(sim.panel, Panel)
        surface = pygame.Surface((400, 480))
        assert mock.panel.width == 0 and mock.panel.draw(surface, surface.get_rect()) is False
        assert (
            mock.panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)) is False
        )
        assert sim.panel.width == int(config.default().display.height * 0.6)


def _labels_drawn(hw, surface):
    """The texts the board rendered while drawing on `surface` (the screen check's recording)."""
    from companion.ui.ink import recording

    with recording() as drawn:
        hw.panel.draw(surface, surface.get_rect())
    return {d.text for d in drawn}


ENGLISH = {"Undo", "Veil -", "Veil +", "Next"}
GERMAN = {"Zurücknehmen", "Schleier -", "Schleier +", "Weiter"}


def test_sim_buttons_speak_the_tables_language(sim):
    from companion import i18n

    i18n.set_language("de")
    drawn = _labels_drawn(sim, pygame.Surface((288, 480)))
    assert GERMAN <= drawn and not ENGLISH & drawn


def test_sim_buttons_change_language_with_the_table(sim):
    """Settings switches the language at run time: the board, resting, paints its buttons again."""
    from companion import i18n

    surface = pygame.Surface((288, 480))
    assert ENGLISH <= _labels_drawn(sim, surface)
    assert sim.panel.draw(surface, surface.get_rect()) is False  # at rest
    i18n.set_language("de")
    drawn = _labels_drawn(sim, surface)
    assert GERMAN <= drawn and not ENGLISH & drawn


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("height", [480, 600, 720, 1080])
def test_sim_every_label_fits_its_button(sim, lang, height):
    """At the width the window gives the board (0.6 of its height), in either language."""
    from companion import i18n
    from companion.hal.sim import BUTTON_ROW, LABEL_CAPITALS

    i18n.set_language(lang)
    surface = pygame.Surface((int(height * 0.6), height))
    sim.panel.draw(surface, surface.get_rect())
    g = sim.panel.geometry(surface.get_rect())
    from companion.hal.sim import _font

    font = _font(sim.panel._size(LABEL_CAPITALS))
    for (vb, _english), label in zip(BUTTON_ROW, sim.panel.labels()):
        w, h = font.size(label)
        assert w <= g.buttons[vb].w - 8 and h <= g.buttons[vb].h, (label, g.buttons[vb])
