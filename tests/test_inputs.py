"""The input records that are not tuples behave as frozen value records."""

import dataclasses

import pytest

from companion.inputs import ButtonEvent, DeviceStatus, Press, VButton


def test_a_button_event_is_equal_and_hashed_by_its_values_and_shows_them():
    a = ButtonEvent(VButton.NEXT, Press.SHORT, 1.0)
    assert a == ButtonEvent(button=VButton.NEXT, kind=Press.SHORT, t=1.0, source="gpio")
    assert hash(a) == hash(ButtonEvent(VButton.NEXT, Press.SHORT, 1.0, "gpio"))
    assert a != ButtonEvent(VButton.NEXT, Press.SHORT, 1.0, "key")
    assert len({a, ButtonEvent(VButton.NEXT, Press.SHORT, 1.0)}) == 1
    assert (
        repr(a)
        == "ButtonEvent(button=<VButton.NEXT: 'next'>, kind=<Press.SHORT: 'short'>, t=1.0, source='gpio')"
    )


def test_the_records_are_not_tuples_and_cannot_change():
    status = DeviceStatus("leds", False, "unplugged", 2.0)
    assert not isinstance(status, tuple) and status != ("leds", False, "unplugged", 2.0)
    assert status != ButtonEvent("leds", False, "unplugged", 2.0)  # same values, another kind of record
    with pytest.raises(dataclasses.FrozenInstanceError):
        status.ok = True
    with pytest.raises(dataclasses.FrozenInstanceError):
        del status.why
    assert repr(status) == "DeviceStatus(part='leds', ok=False, why='unplugged', t=2.0)"
