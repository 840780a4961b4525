"""Stand-in for `_rpi_ws281x`, the compiled (SWIG) part of rpi_ws281x that Blinka's bcm283x
neopixel driver calls. It keeps the C library's structures and, on render, records the bytes the
PWM/DMA engine would clock out, built as ws2811.c does: per LED the bytes at the strip type's
red, green, blue (and white) shifts, scaled by the channel brightness. Constants are ws2811.h's.
"""

from __future__ import annotations

import fakekernel

WS2811_SUCCESS, WS2811_ERROR_ILLEGAL_GPIO = 0, -11
WS2811_STRIP_RGB = 0x00100800
WS2811_STRIP_GRB = 0x00081000
SK6812_STRIP_RGBW = 0x18100800
WS2811_TARGET_FREQ = 800000
_LEGAL_GPIO = {12, 18, 40, 52, 13, 19, 41, 45, 53, 21, 31, 10, 38}  # PWM0/1, PCM, SPI (rpihw/pwm.c)
_MESSAGES = {WS2811_SUCCESS: "Success", WS2811_ERROR_ILLEGAL_GPIO: "Selected GPIO not possible"}


class _Channel:
    def __init__(self):
        self.count = self.gpionum = self.invert = self.brightness = 0
        self.strip_type = WS2811_STRIP_GRB
        self.leds: list[int] = []


class _Ws2811:
    def __init__(self):
        self.channels = [_Channel(), _Channel()]
        self.freq, self.dmanum, self.ready = 0, 0, False


def new_ws2811_t():
    return _Ws2811()


def delete_ws2811_t(ws) -> None:
    ws.channels = []


def ws2811_channel_get(ws, n):
    return ws.channels[n]


def _setter(field):
    def set_(channel, value):
        setattr(channel, field, value)

    return set_


def _getter(field):
    return lambda channel: getattr(channel, field)


for _f in ("count", "gpionum", "invert", "brightness", "strip_type"):
    globals()[f"ws2811_channel_t_{_f}_set"] = _setter(_f)
    globals()[f"ws2811_channel_t_{_f}_get"] = _getter(_f)


def ws2811_t_freq_set(ws, value) -> None:
    ws.freq = value


def ws2811_t_dmanum_set(ws, value) -> None:
    ws.dmanum = value


def ws2811_init(ws) -> int:
    for ch in ws.channels:
        if ch.count and ch.gpionum not in _LEGAL_GPIO:
            return WS2811_ERROR_ILLEGAL_GPIO
        ch.leds = [0] * ch.count
    ws.ready = True
    return WS2811_SUCCESS


def ws2811_get_return_t_str(code: int) -> str:
    return _MESSAGES.get(code, "Unknown error")


def ws2811_led_set(channel, index: int, value: int) -> int:
    channel.leds[index] = value
    return 0


def ws2811_led_get(channel, index: int) -> int:
    return channel.leds[index]


def ws2811_render(ws) -> int:
    for ch in ws.channels:
        if not ch.count:
            continue
        scale = (ch.brightness & 0xFF) + 1
        shifts = [(ch.strip_type >> s) & 0xFF for s in (16, 8, 0)]  # red, green, blue
        if ch.strip_type >> 24:
            shifts.append((ch.strip_type >> 24) & 0xFF)  # white
        data = bytes((((led >> s) & 0xFF) * scale) >> 8 for led in ch.leds for s in shifts)
        fakekernel.WIRE.append({"kind": "ws281x", "gpio": ch.gpionum, "freq": ws.freq, "data": data.hex()})
    return WS2811_SUCCESS


def ws2811_fini(ws) -> None:
    ws.ready = False
    fakekernel.WIRE.append({"kind": "ws281x-fini"})
