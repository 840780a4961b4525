"""Hardware messages shown at the table never carry a Python class name."""

from companion.errors import describe
from companion.hal.base import Part, unavailable


class PinInvalidPin(ValueError):
    """Stands in for gpiozero's exception of that name."""


def test_describe_gives_the_message_or_the_class_name_in_words():
    assert describe(PinInvalidPin("GPIO40 is not a valid pin")) == "GPIO40 is not a valid pin"
    assert describe(FileNotFoundError()) == "file not found"
    assert describe(PinInvalidPin()) == "pin invalid pin"
    assert describe(OSError("line one\nline two")) == "line one"


def test_a_missing_part_is_named_in_plain_words():
    text = unavailable(Part.LEDS, PinInvalidPin("GPIO40 is not a valid pin"))
    assert "PinInvalidPin" not in text and "GPIO40 is not a valid pin" in text
    assert "Error" not in unavailable(Part.LEDS, TimeoutError())
