"""Stand-in for `adafruit_raspberry_pi5_neopixel_write`, the compiled (pybind11 + piolib) Pi 5 PIO
driver. Like its main.cpp: the pin is `gpio._pin.id` or `gpio.id`; the PIO device is opened on the
first write (`/dev/pio0`, through fakekernel: missing -> RuntimeError); the bytes go out in 32-bit
words, so the data is padded with zeros to a multiple of 4; `free_pio` releases the device.
"""

from __future__ import annotations

import fakekernel

__version__ = "fake"
_open = False


def neopixel_write(gpio, buf) -> None:
    global _open
    pin = getattr(gpio, "_pin", gpio).id
    data = bytes(memoryview(buf).cast("B"))
    if not _open:
        try:
            with open("/dev/pio0", "rb"):
                pass
        except OSError as exc:
            raise RuntimeError(f"Failed to open PIO device (error -{exc.errno})") from None
        _open = True
    words = data + bytes(-len(data) % 4)
    if len(words) > 0xFFFF:
        raise ValueError("Too much data")
    fakekernel.WIRE.append({"kind": "pio", "gpio": int(pin), "data": words.hex()})


def free_pio() -> None:
    global _open
    if _open:
        fakekernel.WIRE.append({"kind": "pio-free"})
    _open = False
