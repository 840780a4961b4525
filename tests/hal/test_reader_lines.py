"""Line readers: QR/barcode scanners in serial mode and the Pico board's checksummed lines."""

import pytest
import serial

from companion import cli
from companion.gamedata import config
from companion.gamedata.config import ReaderConfig
from companion.hal import lineproto
from companion.hal.clock import FakeClock
from companion.hal.reader import QUIET_S, LineDecoder, open_reader


def _line(text: str) -> bytes:
    return (text + "\r\n").encode()


def _quiet(reader, clock) -> None:
    """The loop polls a port that stays quiet for QUIET_S after it opened: a line that comes then
    began while the reader listened, so even the first one may be a read."""
    clock.advance(QUIET_S)
    assert reader.poll() == []


def test_line_decoder_says_hi_once_after_restart():
    d = LineDecoder()
    first = d.step(0.0)
    assert first == (lineproto.encode("HI") + "\r\n").encode()
    assert d.step(0.1) == b""
    d.restart(1.0)
    assert d.step(1.0).startswith(b"NW HI*")
    assert all(0x20 <= b <= 0x7E or b in (0x0D, 0x0A) for b in first)


def test_line_decoder_reads_qr_payloads_stripped():
    d = LineDecoder()
    d.step(0.0, b"  I-07  \r\nII-12\n\r\n")
    assert d.take_uids() == ["I-07", "II-12"]
    assert d.take_uids() == []


def test_line_decoder_waits_for_the_newline():
    d = LineDecoder()
    d.step(0.0, b"I-0")
    assert d.take_uids() == []
    d.step(0.1, b"7\n")
    assert d.take_uids() == ["I-07"]


def test_line_decoder_drops_long_and_unprintable_payloads():
    d = LineDecoder()
    d.step(0.0, b"A" * 65 + b"\n" + b"ok\x07bell\n" + b"caf\xc3\xa9\n" + b"B" * 64 + b"\n")
    assert d.take_uids() == ["B" * 64]
    assert d.stats["dropped_too_long"] == 1
    assert d.stats["dropped_garbage"] == 2


def test_line_decoder_drops_an_endless_line_until_its_newline():
    d = LineDecoder()
    d.step(0.0, b"x" * 300)
    d.step(0.1, b"y" * 300)
    d.step(0.2, b"tail\nI-01\n")
    assert d.take_uids() == ["I-01"]
    assert d.stats["dropped_too_long"] == 1


def test_line_decoder_reads_pico_tag_lines():
    d = LineDecoder()
    d.step(
        0.0, _line(lineproto.hello("0.1.0", "RC522")) + _line(lineproto.tag(bytes.fromhex("04A1B2C3D4E5F6")))
    )
    assert d.take_uids() == ["04A1B2C3D4E5F6"]
    assert d.status_at(1.0) == (True, "Pico reader 0.1.0 RC522")


def test_line_decoder_drops_pico_lines_with_bad_checksum():
    good = lineproto.tag(bytes.fromhex("04A1B2C3D4E5F6"))
    tampered = good.replace("04A1", "04A2")
    d = LineDecoder()
    d.step(0.0, _line(tampered))
    assert d.take_uids() == []
    assert d.stats["dropped_checksum"] == 1


def test_line_decoder_never_takes_a_broken_pico_line_as_a_payload():
    d = LineDecoder()
    d.step(0.0, b"NW TAG 04A1B2C3D4E5F6\n" + b"NW TAG 0102*00\n")
    assert d.take_uids() == []
    assert d.stats["dropped_garbage"] + d.stats["dropped_checksum"] == 2


def test_line_decoder_reports_a_silent_pico():
    d = LineDecoder()
    d.step(0.0, _line(lineproto.hello("0.1.0", "RC522")))
    d.step(2.0, _line(lineproto.beat(1)))
    assert d.status_at(4.0)[0]
    ok, why = d.status_at(9.0)
    assert not ok and "silent" in why


def test_line_decoder_reports_wrong_protocol_and_board_errors():
    d = LineDecoder()
    d.step(0.0, _line(lineproto.encode("HELLO", "2", "0.9.0", "RC522")))
    ok, why = d.status_at(0.0)
    assert not ok and "protocol 2" in why
    d.step(0.1, _line(lineproto.hello("0.1.0", "RC522")) + _line(lineproto.error("rc522-missing")))
    assert d.status_at(0.2) == (False, "Pico reader: rc522-missing")


def test_line_reader_over_loopback_counts_duplicates_in_window():
    port = serial.serial_for_url("loop://", timeout=0)
    clock = FakeClock()
    reader = open_reader(ReaderConfig("lines", "loop://", 9600, 2.0), clock, opener=lambda url, baud: port)
    assert reader.poll() == []
    assert port.read(100).startswith(
        b"NW HI*"
    )  # the scanner end takes the host's HI (an echo would be a prompt)
    _quiet(reader, clock)
    port.write(b"I-07\n")
    clock.advance(0.5)
    assert [r.tag for r in reader.poll()] == ["I-07"]
    port.write(b"I-07\n")
    clock.advance(1.0)
    assert reader.poll() == []
    assert reader.stats["duplicates"] == 1
    port.write(b"I-07\n")
    clock.advance(2.5)
    reads = reader.poll()
    assert [(r.tag, r.t, r.reader) for r in reads] == [("I-07", 4.0 + QUIET_S, "lines")]


def test_reads_queue_until_polled_in_order():
    port = serial.serial_for_url("loop://", timeout=0)
    clock = FakeClock()
    reader = open_reader(ReaderConfig("lines", "loop://", 9600, 2.0), clock, opener=lambda url, baud: port)
    reader.poll()
    port.read(100)  # the host's HI, taken by the scanner end
    _quiet(reader, clock)
    port.write(b"A\nB\nC\n")
    assert [r.tag for r in reader.poll()] == ["A", "B", "C"]
    assert reader.poll() == []


def test_none_reader_reads_nothing_and_is_fine():
    reader = open_reader(ReaderConfig("none"), FakeClock())
    assert reader.poll() == [] and reader.status[0]
    reader.close()


def test_an_echoed_hi_is_a_prompt_not_a_board():
    d = LineDecoder()
    d.step(0.0)
    d.step(0.1, _line(lineproto.encode("HI")))
    assert d.take_uids() == [] and d.stats["frames_ok"] == 0 and d.stats["dropped_garbage"] == 1
    ok, why = d.status_at(0.2)
    assert not ok and "MicroPython prompt" in why


def test_the_default_tag_pattern_takes_our_tags_and_nothing_shaped_like_output():
    d = LineDecoder()
    good = [
        "04A1B2C3D4E5F6",
        "04:A1:B2:C3:D4:E5:F6",
        "04-a1-b2-c3",
        "DEADBEEF",
        "II-04",
        "QR-II-03",
        "A",
        "0012345678",
    ]
    bad = ["hello world", "https://example.com/x", "04A1B2C3:", "-I-07", "I-07-", "'II-04'", "II 04"]
    d.step(0.0, b"".join(_line(t) for t in good + bad))
    assert d.take_uids() == good
    assert d.stats["dropped_garbage"] == len(bad)
    assert d.status_at(0.1) == (True, "line reader ready")  # an odd line is not the Pico's prompt


def test_a_configured_tag_pattern_is_used_by_the_reader():
    cfg = config.loads("[reader]\ntype = \"lines\"\ntag_pattern = 'NW-CARD-\\d{3}'\n")
    assert cfg.reader.tag_pattern == r"NW-CARD-\d{3}"
    port = serial.serial_for_url("loop://", timeout=0)
    clock = FakeClock()
    reader = open_reader(cfg.reader._replace(port="loop://"), clock, opener=lambda url, baud: port)
    reader.poll()
    port.read(100)  # the host's HI, taken by the scanner end
    _quiet(reader, clock)
    port.write(b"NW-CARD-007\n04A1B2C3D4E5F6\nNW-CARD-7\n")
    assert [r.tag for r in reader.poll()] == ["NW-CARD-007"]
    assert reader.stats["dropped_garbage"] == 2


def test_default_config_carries_the_default_tag_pattern():
    assert (
        config.default().reader.tag_pattern == config.DEFAULT_TAG_PATTERN == config.ReaderConfig().tag_pattern
    )


@pytest.mark.parametrize("pattern", ["'[A-Z'", "'(unclosed'", "'*'", "7", '""'])
def test_a_bad_tag_pattern_is_a_config_error_with_file_line_field(tmp_path, capsys, pattern):
    bad = tmp_path / "config.toml"
    bad.write_text(f'[reader]\ntype = "lines"\n\ntag_pattern = {pattern}\n')
    assert cli.main(["config", "--check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"companion: {bad}:4: [reader.tag_pattern]" in err and err.count("\n") == 1
    assert "Error" not in err and "Traceback" not in err


def test_a_hello_echoed_at_the_prompt_is_no_handshake():
    d = LineDecoder()
    d.step(
        0.0,
        _line(">>> " + lineproto.hello("0.1.0", "RC522"))
        + _line("SyntaxError: invalid syntax")
        + b"II-04\r\n",
    )
    ok, why = d.status_at(0.1)
    assert not ok and "MicroPython prompt" in why
    assert (
        d.stats["frames_ok"] == 0 and d.take_uids() == []
    )  # a port showing a prompt is a Pico's: no bare lines


def test_a_port_that_echoes_the_hi_reads_no_bare_lines():
    port = serial.serial_for_url("loop://", timeout=0)  # echoes everything, as a MicroPython prompt does
    reader = open_reader(
        ReaderConfig("lines", "loop://", 9600, 2.0), FakeClock(), opener=lambda url, baud: port
    )
    reader.poll()
    port.write(b"II-04\n")
    assert reader.poll() == []
    assert not reader.status[0] and "MicroPython prompt" in reader.status[1]
