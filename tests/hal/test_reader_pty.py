"""Readers on real pseudo-terminals: a fake PN532 on the far end, unplug and replug, back-off."""

import time

import pytest
import serial

from companion.gamedata.config import ReaderConfig
from companion.hal import lineproto
from companion.hal.clock import FakeClock
from companion.hal.pn532 import FakePn532
from companion.hal.reader import QUIET_S, open_reader
from tests.fakes import Cable

NTAG = "04A1B2C3D4E5F6"


@pytest.fixture
def cable(tmp_path):
    c = Cable(tmp_path / "reader")
    c.plug()
    yield c
    if c.master is not None:
        c.unplug()


def _drive(reader, clock, cable, chip, steps, dt=0.05):
    """Run the reader against the fake chip across the pty; return the reads.

    The steps take no real time, but the kernel hands pty bytes over on its own schedule: at the end
    the wire is given real time to go quiet (the clock stands still, so nothing new is sent)."""
    reads = []
    for _ in range(steps):
        clock.advance(dt)
        reads += reader.poll()
        if cable.master is not None:
            cable.write(chip.feed(cable.read()))
    quiet, deadline = 0, time.monotonic() + 3.0
    while cable.master is not None and quiet < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
        seen = dict(reader.stats)
        got = reader.poll()
        answer = chip.feed(cable.read())
        cable.write(answer)
        reads += got
        quiet = 0 if got or answer or reader.stats != seen else quiet + 1
    return reads


def _line_reader(cable, baud=115200):
    """(reader, clock): a `lines` reader at the host's end of the cable, on a fake clock, as the config
    opens one; the port opens on its first poll."""
    clock = FakeClock()
    return open_reader(ReaderConfig("lines", cable.link, baud, 2.0), clock), clock


def _quiet_since_open(reader, clock):
    """Open the port and let QUIET_S pass with nothing on the wire: the next line is a whole one."""
    reader.poll()
    clock.advance(QUIET_S)
    assert reader.poll() == []


def test_pn532_over_pty_end_to_end(cable):
    clock, chip = FakeClock(), FakePn532()
    with open_reader(ReaderConfig("pn532", cable.link, 115200, 2.0), clock) as reader:
        assert _drive(reader, clock, cable, chip, 20) == []
        assert reader.status == (True, "PN532 ready")
        chip.present(NTAG)
        reads = _drive(reader, clock, cable, chip, 40)  # held on the reader for 2 s: one read
        assert [r.tag for r in reads] == [NTAG]
        assert reader.stats["duplicates"] >= 1
        chip.remove()
        _drive(reader, clock, cable, chip, 60)  # gone for 3 s, longer than the window
        chip.present(NTAG)
        assert [r.tag for r in _drive(reader, clock, cable, chip, 20)] == [NTAG]


def test_pn532_unplug_reports_and_replug_recovers(cable):
    clock, chip = FakeClock(), FakePn532()
    reader = open_reader(ReaderConfig("pn532", cable.link, 115200, 2.0), clock)
    _drive(reader, clock, cable, chip, 10)
    cable.unplug()
    _drive(reader, clock, cable, chip, 3)
    ok, why = reader.status
    assert not ok and why.startswith("reader disconnected: ")
    _drive(reader, clock, cable, chip, 100)  # 5 s unplugged: retries fail quietly
    assert not reader.status[0]
    cable.plug()
    chip = FakePn532(uid=NTAG)  # a fresh board: asleep until woken again
    reads = _drive(reader, clock, cable, chip, 400)
    assert [r.tag for r in reads] == [NTAG]
    assert reader.status == (True, "PN532 ready")
    assert reader.stats["reconnects"] == 1
    reader.close()
    reader.close()  # idempotent
    assert reader.poll() == []


def test_lines_over_pty_with_pico_protocol(cable):
    reader, clock = _line_reader(cable)
    reader.poll()
    assert cable.read().startswith(b"NW HI*")  # asks the board to introduce itself
    cable.write((lineproto.hello("0.1.0", "RC522") + "\r\n").encode())
    cable.write((lineproto.tag(bytes.fromhex(NTAG)) + "\r\n" + "II-04\r\n").encode())
    clock.advance(0.1)
    assert [r.tag for r in reader.poll()] == [NTAG]  # after HELLO, a bare line is not a card
    assert reader.stats["dropped_garbage"] == 1
    assert reader.status == (True, "Pico reader 0.1.0 RC522")
    reader.close()


def test_lines_over_pty_from_a_serial_scanner_take_only_tag_shaped_lines(cable):
    reader, clock = _line_reader(cable)
    _quiet_since_open(reader, clock)
    cable.write(b"04A1B2C3D4E5F6\r\nII-04\r\nhello world\r\n04:A1:B2:C3\r\n")
    clock.advance(0.1)
    assert [r.tag for r in reader.poll()] == [NTAG, "II-04", "04:A1:B2:C3"]
    assert reader.stats["dropped_garbage"] == 1
    assert reader.status == (True, "line reader ready")
    reader.close()


BANNER = (
    b"MicroPython v1.22.2 on 2024-02-22; Raspberry Pi Pico with RP2040\r\n"
    b'Type "help()" for more information.\r\n>>> '
)


class PicoAtItsPrompt:
    """A Pico without main.py: its MicroPython prompt echoes each line the host types (after the
    `>>> ` it printed before), then tries to run it and prints the traceback and a new prompt."""

    def __init__(self):
        self.typed = b""

    def feed(self, data: bytes) -> bytes:
        """What the prompt prints for the host's bytes (CR ends a line, LF is ignored)."""
        out = b""
        self.typed += data.replace(b"\n", b"")
        while b"\r" in self.typed:
            line, self.typed = self.typed.split(b"\r", 1)
            out += line + b"\r\n"
            if line.strip():
                out += (
                    b'Traceback (most recent call last):\r\n  File "<stdin>", line 1\r\n'
                    b"SyntaxError: invalid syntax\r\n"
                )
            out += b">>> "
        return out


def test_a_pico_answering_from_its_prompt_is_no_handshake_and_no_read(cable):
    pico = PicoAtItsPrompt()
    reader, clock = _line_reader(cable)
    reader.poll()  # the port opens on the first poll, and pyserial's open flushes what came before
    cable.write(BANNER)
    reads = _drive(reader, clock, cable, pico, 200)  # 10 s, well past a missed heartbeat
    assert reads == []
    ok, why = reader.status
    assert not ok and "MicroPython prompt" in why and "main.py" in why
    assert reader.stats["frames_ok"] == 0
    assert reader.stats["dropped_garbage"] >= 6  # banner 2, echoed HI, traceback 3
    reader.close()


def test_a_firmware_crash_after_the_handshake_is_reported_and_never_read(cable):
    reader, clock = _line_reader(cable)
    reader.poll()
    cable.write(
        (lineproto.hello("0.1.0", "RC522") + "\r\n" + lineproto.tag(bytes.fromhex(NTAG)) + "\r\n").encode()
    )
    clock.advance(0.1)
    assert [r.tag for r in reader.poll()] == [NTAG]
    cable.write(
        b'Traceback (most recent call last):\r\n  File "main.py", line 96, in main\r\n'
        b"OSError: [Errno 110] ETIMEDOUT\r\n" + BANNER + b"\r\nII-04\r\nDEADBEEF\r\n"
    )
    clock.advance(0.1)
    assert reader.poll() == []
    ok, why = reader.status
    assert not ok and "MicroPython prompt" in why
    cable.write((lineproto.hello("0.1.0", "RC522") + "\r\n").encode())  # reset: main.py runs again
    clock.advance(0.1)
    reader.poll()
    assert reader.status == (True, "Pico reader 0.1.0 RC522")
    reader.close()


def test_missing_port_backs_off_1_2_4_up_to_30_s():
    clock = FakeClock()
    tries = []

    def opener(url, baud):
        tries.append(clock.now())
        raise serial.SerialException(f"could not open port {url}: [Errno 2] No such file or directory")

    reader = open_reader(ReaderConfig("pn532", "/dev/nothing", 115200, 2.0), clock, opener=opener)
    for _ in range(800):  # 200 s in 0.25 s frames (exact in binary)
        reader.poll()
        clock.advance(0.25)
    gaps = [round(b - a, 1) for a, b in zip(tries, tries[1:])]
    assert gaps[:6] == [1.0, 2.0, 4.0, 8.0, 16.0, 30.0]
    assert set(gaps[5:]) == {30.0}
    ok, why = reader.status
    assert not ok and "No such file" in why and why.startswith("reader disconnected: ")


def test_read_error_mid_game_is_a_disconnect_not_a_crash():
    clock = FakeClock()

    class Flaky:
        def read(self, n):
            raise OSError(5, "Input/output error")

        def write(self, data):
            return len(data)

        def close(self):
            raise OSError(5, "already gone")

    reader = open_reader(ReaderConfig("lines", "x", 9600, 2.0), clock, opener=lambda url, baud: Flaky())
    assert reader.poll() == []
    ok, why = reader.status
    assert not ok and "Input/output error" in why


# -- opened while a line was on its way (issue 24, point 6): pyserial's open flushes what came before,
# so the device's next bytes are the rest of a cut line -----------------------------------------------------
def _settle(reader, clock, cable) -> list:
    """Poll until the pty has handed everything over (the clock moves 10 ms a poll, less than QUIET_S)."""
    reads, quiet = [], 0
    while quiet < 5:
        time.sleep(0.01)
        clock.advance(0.01)
        got = reader.poll()
        reads += got
        quiet = 0 if got else quiet + 1
    return reads


@pytest.mark.parametrize(
    "head, tail",
    [
        (b"04A1B2C3", b"D4E5F6\r\n"),  # a scanner's UID
        (b"04A1B2C3D4E5F6\r", b"\n"),  # cut between CR and LF: the tail is an empty line
        (b"II", b"-04\r"),  # a scanner with a CR suffix
    ],
    ids=["uid", "crlf", "cr"],
)
def test_a_scanner_port_opened_mid_line_drops_the_tail_and_reads_on(cable, head, tail):
    cable.write(head)  # on its way when the port opens: pyserial's open flushes it
    reader, clock = _line_reader(cable, 9600)
    assert reader.poll() == []
    cable.write(tail + b"B3C4D5E6F7\r\nII-07\r\nEIO\r\nDEADBEEF\r\n")
    assert [r.tag for r in _settle(reader, clock, cable)] == ["II-07", "DEADBEEF"]
    assert reader.stats["dropped_partial"] == (1 if tail.strip() else 0)
    assert reader.stats["dropped_garbage"] == 2  # the whole lines no tag looks like: 5 bytes of UID, errno
    assert reader.status == (True, "line reader ready")
    reader.close()


def test_a_pico_port_opened_in_its_banner_reads_only_its_own_lines(cable):
    cable.write(b"MicroPython v1.22.2 on 2024-02-22; Raspberry Pi Pico with ")
    reader, clock = _line_reader(cable)
    reader.poll()
    cable.write(
        b"RP2040\r\n"
        + (
            lineproto.hello("0.1.0", "RC522")
            + "\r\n"
            + lineproto.tag(bytes.fromhex(NTAG))
            + "\r\n"
            + "II-04\r\n"
        ).encode()
    )
    assert [r.tag for r in _settle(reader, clock, cable)] == [NTAG]
    assert reader.stats["dropped_partial"] == 1 and reader.status == (True, "Pico reader 0.1.0 RC522")
    reader.close()


def test_a_replug_mid_line_drops_the_tail_again(cable):
    reader, clock = _line_reader(cable, 9600)
    _quiet_since_open(reader, clock)
    cable.write(b"II-01\r\n")
    assert [r.tag for r in _settle(reader, clock, cable)] == ["II-01"]  # quiet since the open: a whole line
    cable.unplug()
    _settle(reader, clock, cable)
    assert not reader.status[0]
    cable.plug()
    cable.write(b"04A1B2")  # a scan on its way when the port comes back
    clock.advance(1.0)  # the first retry is due
    assert reader.poll() == []
    assert reader.stats["reconnects"] == 1
    cable.write(b"C3D4E5F6\r\nII-02\r\n")
    assert [r.tag for r in _settle(reader, clock, cable)] == ["II-02"]
    assert reader.stats["dropped_partial"] == 1
    reader.close()


def test_a_scan_after_a_quiet_open_is_read_even_as_the_first_line(cable):
    reader, clock = _line_reader(cable, 9600)
    _quiet_since_open(reader, clock)
    cable.write(b"II-04\r")  # the first scan of the evening, CR suffix
    assert [r.tag for r in _settle(reader, clock, cable)] == ["II-04"]
    assert reader.stats["dropped_partial"] == 0
    reader.close()
