"""Keys, mouse and touch become virtual buttons or widget presses."""

import pygame

from companion.inputs import ButtonEvent, Press, VButton
from companion.ui.input_map import InputMapper, WidgetPress, default_keymap


def _mapper(hit=None, size=(800, 480)):
    return InputMapper(size, hit or (lambda pos: None), long_press_s=0.8)


def _tap(m, key, t0, t1):
    down = m.translate(pygame.event.Event(pygame.KEYDOWN, key=key), t0)
    return down + m.translate(pygame.event.Event(pygame.KEYUP, key=key), t1)


def test_keymap_covers_every_virtual_button():
    assert set(default_keymap().values()) == set(VButton)


def test_keymap_digits_and_keypad_pick_districts_like_the_board():
    keys = default_keymap()
    assert keys[pygame.K_1] is VButton.DISTRICT_A1 and keys[pygame.K_9] is VButton.DISTRICT_C3
    assert keys[pygame.K_KP7] is VButton.DISTRICT_A1 and keys[pygame.K_KP3] is VButton.DISTRICT_C3
    assert keys[pygame.K_s] is VButton.DISTRICT_B2


def test_input_map_short_key_press_gives_down_up_short():
    events = _tap(_mapper(), pygame.K_SPACE, 1.0, 1.1)
    assert [e.kind for e in events] == [Press.DOWN, Press.UP, Press.SHORT]
    assert all(e.button is VButton.NEXT and e.source == "key" for e in events)


def test_input_map_held_key_is_a_long_press():
    events = _tap(_mapper(), pygame.K_BACKSPACE, 2.0, 3.0)
    assert events[-1] == ButtonEvent(VButton.UNDO, Press.LONG, 3.0, "key")


def test_input_map_unmapped_key_gives_nothing():
    assert _tap(_mapper(), pygame.K_F12, 0.0, 0.1) == []


def test_input_map_finger_uses_normalised_coordinates():
    seen = []

    def hit(pos):
        seen.append(pos)
        return ("button", "act:3")

    m = _mapper(hit)
    assert (
        m.translate(
            pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.25, finger_id=1, touch_id=0, dx=0, dy=0), 5.0
        )
        == []
    )
    out = m.translate(
        pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.25, finger_id=1, touch_id=0, dx=0, dy=0), 5.2
    )
    assert seen[0] == (400.0, 120.0)
    assert out == [WidgetPress("act:3", Press.SHORT, 5.2, "touch")]


def test_input_map_tap_on_grid_cell_is_the_district_button():
    m = _mapper(lambda pos: ("district", "B3"))
    m.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1), 0.0)
    out = m.translate(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1), 1.0)
    assert out == [ButtonEvent(VButton.DISTRICT_B3, Press.LONG, 1.0, "mouse")]


def test_input_map_release_elsewhere_presses_nothing():
    targets = iter([("button", "a"), ("button", "b")])
    m = _mapper(lambda pos: next(targets))
    m.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1), 0.0)
    assert m.translate(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(500, 10), button=1), 0.1) == []


def test_input_map_ignores_mouse_events_synthesised_from_touch():
    m = _mapper(lambda pos: ("button", "x"))
    m.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1, touch=True), 0.0)
    assert m.translate(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1, 1), button=1, touch=True), 0.1) == []


def test_a_tap_never_equals_a_button_event_with_the_same_values():
    tap = WidgetPress("next", Press.SHORT, 1.0, "touch")
    assert tap != ButtonEvent(VButton.NEXT, Press.SHORT, 1.0, "touch")
    assert ButtonEvent(VButton.NEXT, Press.SHORT, 1.0, "touch") != tap
    assert tap == WidgetPress("next", Press.SHORT, 1.0, "touch")
