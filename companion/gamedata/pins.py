"""The Raspberry Pi's 40-pin header as the config sees it: pin names, who needs which pin, and the
rules a button's pin obeys (`check_buttons`, used by companion/gamedata/config.py).

A button may sit on GPIO2..GPIO27 (GPIO0/1 are the HAT ID EEPROM's), never on a pin something else
of the build needs:
- the LED strip's data pin (every `[[leds.strips]]` `pin`), and with the SPI driver (`spi`, or `auto`,
  which picks it on a Pi) SPI0's MOSI, SCLK and MISO, GPIO10, 11 and 9: `dtparam=spi=on` claims them.
  Its chip selects GPIO7/8 are free with `dtoverlay=spi0-0cs` (the installer sets it);
- the card reader's UART, GPIO14/15, when the reader is on it (/dev/serial0, /dev/ttyAMA0, /dev/ttyS0);
- sound: GPIO12/13 carry PWM audio (`dtoverlay=audremap`), GPIO18-21 an audio HAT's I2S.
Two buttons on one pin are refused too. Pins are gpiozero names: "GPIO17" (BCM numbering) or
"BOARD11" (the physical pin), any case; hardware/README.md has the table of the default build.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.errors import N_, Text

# BCM GPIO number -> physical header pin: the same on the Pi 5, 4, 3 and Zero 2 W (hardware/wiring.py
# draws the same table; tests/deploy/test_wiring.py checks they agree).
GPIO_TO_PIN = {
    2: 3,
    3: 5,
    4: 7,
    14: 8,
    15: 10,
    17: 11,
    18: 12,
    27: 13,
    22: 15,
    23: 16,
    24: 18,
    10: 19,
    9: 21,
    25: 22,
    11: 23,
    8: 24,
    7: 26,
    0: 27,
    1: 28,
    5: 29,
    6: 31,
    12: 32,
    13: 33,
    19: 35,
    16: 36,
    26: 37,
    20: 38,
    21: 40,
}
PIN_TO_GPIO = {pin: gpio for gpio, pin in GPIO_TO_PIN.items()}
BUTTON_GPIOS = range(2, 28)  # GPIO0/1 are the HAT ID EEPROM's
# GPIO -> what needs it, in words a refusal shows (English templates, translated where shown)
AUDIO = {
    **dict.fromkeys((12, 13), Text(N_("PWM audio"))),
    **dict.fromkeys(range(18, 22), Text(N_("an audio HAT's I2S"))),
}
SPI0 = dict.fromkeys(
    (9, 10, 11), Text(N_("the LEDs' SPI0 (dtparam=spi=on)"))
)  # CE0/CE1, GPIO8/7: freed by dtoverlay=spi0-0cs
UART = dict.fromkeys((14, 15), Text(N_("the card reader's UART")))
UART_PORTS = ("/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0")  # the header's UART on GPIO14/15
SPI_DRIVERS = ("spi", "auto")  # `auto` picks the SPI driver on a Pi with /dev/spidev0.0
UNWIRED = "none"  # a button set to "none" is not wired (its default pin is then free)


def gpio_of(name) -> int | None:
    """The BCM GPIO number of a gpiozero pin name ("GPIO17", "BOARD11", any case), or None when it
    is not one (a power or ground pin's BOARD number, a pin past the header, another form).
    (String methods, not a regex: every start checks the default pins.)"""
    text = name.strip().upper() if isinstance(name, str) else ""
    for prefix, numbering in (("GPIO", GPIO_TO_PIN), ("BOARD", PIN_TO_GPIO)):
        digits = text.removeprefix(prefix)
        if digits != text and digits.isascii() and digits.isdigit() and len(digits) <= 2:
            number = int(digits)
            return (number if prefix == "GPIO" else numbering[number]) if number in numbering else None
    return None


def needed_pins(strip_pins, driver: str, reader_type: str, reader_port: str) -> dict[int, Text]:
    """GPIO -> what needs it besides the buttons (the words a refusal uses): sound, the strips' data
    pins, SPI0 with the SPI driver, the UART with a reader on it."""
    needed = dict(AUDIO)
    if driver in SPI_DRIVERS:
        needed.update(SPI0)
    if reader_type != "none" and reader_port in UART_PORTS:
        needed.update(UART)
    for pin in strip_pins:
        gpio = gpio_of(pin)
        if gpio is not None:
            needed[gpio] = Text(N_("the LED strip's data pin ({pin})"), pin=pin)
    return needed


def button_problem(pin, needed: Mapping[int, Text]) -> Text | None:
    """What is wrong with `pin` for a button (English words the edge translates), or None."""
    gpio = gpio_of(pin)
    if gpio is None:
        return Text(
            N_('pin must be a gpiozero name such as "GPIO17" or "BOARD11" (or "none"), got {pin!r}'), pin=pin
        )
    if gpio not in BUTTON_GPIOS:
        return Text(N_("{pin} is not a pin for a button: use GPIO2 .. GPIO27"), pin=pin)
    if gpio in needed:
        return Text(N_("{pin} is taken: {what} needs GPIO{gpio}"), pin=pin, what=needed[gpio], gpio=gpio)
    return None
