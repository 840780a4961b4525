"""Nightwatch Pico card reader: RC522 over SPI -> one checksummed line per tag over USB serial.

Copied to the Pico with lineproto.py (from companion/hal/), iso14443.py and rc522.py; see README.md.
Only printable ASCII lines leave the board; Ctrl-C still stops it for mpremote. Any other error
does not leave the board at its MicroPython prompt (where nobody at the table would see it): it
sends `NW ERR firmware-crashed` and restarts the board, which then says HELLO again.
"""

import select
import sys
import time

import iso14443
import lineproto
import machine
from rc522 import RC522

FIRMWARE = "0.1.0"
BEAT_MS = 2000  # heartbeat period; the companion calls the board silent after three missed beats
SCAN_MS = 80  # time between card scans
RETRY_MS = 3000  # how often a missing RC522 is looked for again
RESTART_MS = 2000  # after a crash: time for the ERR line to reach the host before the reset
# Pico pins (SPI0): see README.md for the wiring table
PIN_MISO, PIN_CS, PIN_SCK, PIN_MOSI, PIN_RST = 16, 17, 18, 19, 20


def send(line):
    """One protocol line to the host."""
    sys.stdout.write(line + "\r\n")


class HostInput:
    """Collects bytes from the host without blocking and answers `NW HI` with HELLO."""

    def __init__(self, hello):
        self.hello = hello
        self.buf = ""
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)

    def service(self):
        """Read what is waiting; act on complete lines."""
        while self.poller.poll(0):
            ch = sys.stdin.read(1)
            if ch == "\n":
                self.line(self.buf.strip())
                self.buf = ""
            elif len(self.buf) < lineproto.MAX_LINE:
                self.buf += ch

    def line(self, text):
        """Handle one host line; anything that is not a valid HI is ignored."""
        try:
            kind, _ = lineproto.decode(text)
        except lineproto.LineError:
            return
        if kind == lineproto.HI:
            send(self.hello)


def make_reader():
    """The RC522 on SPI0."""
    pin = machine.Pin
    spi = machine.SPI(
        0, baudrate=1000000, polarity=0, phase=0, sck=pin(PIN_SCK), mosi=pin(PIN_MOSI), miso=pin(PIN_MISO)
    )
    return RC522(spi, pin(PIN_CS, pin.OUT, value=1), pin(PIN_RST, pin.OUT, value=1))


def _hello(reader):
    """The HELLO line naming this firmware and the RC522's version register."""
    return lineproto.hello(FIRMWARE, "RC522-%02X" % reader.version)


def main():
    """Scan for cards forever; beat, announce, report problems as ERR lines."""
    reader = make_reader()
    ok = reader.init()
    hello = _hello(reader)
    host = HostInput(hello)
    send(hello)
    if not ok:
        send(lineproto.error("rc522-missing"))
    seq, next_beat, next_retry = 0, time.ticks_ms(), time.ticks_ms()
    while True:
        now = time.ticks_ms()
        host.service()
        if time.ticks_diff(now, next_beat) >= 0:
            seq += 1
            send(lineproto.beat(seq))
            next_beat = time.ticks_add(now, BEAT_MS)
            if ok and not reader.alive():
                ok = False
                send(lineproto.error("rc522-missing"))
        if not ok:
            if time.ticks_diff(now, next_retry) >= 0:
                ok = reader.init()
                next_retry = time.ticks_add(now, RETRY_MS)
                if ok:
                    host.hello = _hello(reader)  # the chip version may differ after a swap
                    send(host.hello)
            time.sleep_ms(SCAN_MS)
            continue
        uid = iso14443.read_uid(reader.transceive)
        if uid is not None:
            send(lineproto.tag(uid))
            reader.transceive(iso14443.halt_frame())  # quiet until the card leaves the field
        time.sleep_ms(SCAN_MS)


def run():
    """main() under a guard: a crash becomes one ERR line and a restart, never a prompt."""
    try:
        main()
    except KeyboardInterrupt:
        raise  # Ctrl-C from mpremote or a terminal: stop at the prompt, as MicroPython always does
    except Exception:  # anything else: the table must not wait for someone to type at the prompt
        send(lineproto.error("firmware-crashed"))
        time.sleep_ms(RESTART_MS)
        machine.reset()


run()
