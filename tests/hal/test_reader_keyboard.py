"""Keyboard-wedge (USB HID) scanners: what the table really does with a tag typed as keys.

hardware/README.md ("Card readers", "USB QR/barcode scanner") says it once: keyboard mode is not a card
reader. The window maps keys to the table's buttons and has no text entry, so a scanner typing
`04A1B2C3D4E5F6` + Enter presses district buttons, back and confirm; it never yields a card read.
These tests pin that behaviour, so the docs cannot drift from it.
"""

import pygame

from companion.inputs import ButtonEvent, CardRead, Press, VButton
from companion.ui.input_map import InputMapper

TAG = "04A1B2C3D4E5F6"


def _typed(text: str) -> list[pygame.event.Event]:
    """The key events a keyboard-wedge scanner sends for `text` and its Enter suffix."""
    events = []
    for ch in text.lower():
        key = getattr(pygame, f"K_{ch}")
        events += [
            pygame.event.Event(pygame.KEYDOWN, key=key, unicode=ch, mod=0),
            pygame.event.Event(pygame.TEXTINPUT, text=ch),
            pygame.event.Event(pygame.KEYUP, key=key, mod=0),
        ]
    return events + [
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0),
        pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0),
    ]


def _translate(events) -> list:
    mapper = InputMapper((800, 480), hit=lambda pos: None)
    out = []
    for i, ev in enumerate(events):
        out += mapper.translate(ev, i * 0.005)  # scanners type fast: 5 ms a key
    return out


def test_a_scanner_in_keyboard_mode_gives_no_card_read():
    out = _translate(_typed(TAG))
    assert not any(isinstance(e, CardRead) for e in out)
    assert all(isinstance(e, ButtonEvent) for e in out)


def test_a_scanner_in_keyboard_mode_presses_the_tables_buttons_instead():
    presses = [e.button for e in _translate(_typed(TAG)) if e.kind is Press.SHORT]
    # 0 and F are not mapped; 4 A 1 B 2 C 3 D 4 E 5 6 and Enter are
    assert presses == [
        VButton.for_district("B1"),
        VButton.for_district("B1"),
        VButton.for_district("A1"),
        VButton.BACK,
        VButton.for_district("A2"),
        VButton.for_district("C3"),
        VButton.for_district("A3"),
        VButton.for_district("B3"),
        VButton.for_district("B1"),
        VButton.for_district("A3"),
        VButton.for_district("B2"),
        VButton.for_district("B3"),
        VButton.CONFIRM,
    ]
