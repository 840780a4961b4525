"""The Pico line protocol: exact lines, checksum rejection, and that it stays MicroPython-friendly."""

import ast
from pathlib import Path

import pytest

from companion.hal import lineproto


def test_lineproto_tag_line_is_exact():
    line = lineproto.tag(bytes.fromhex("04A1B2C3D4E5F6"))
    assert line == f"NW TAG 04A1B2C3D4E5F6*{lineproto.crc8(b'NW TAG 04A1B2C3D4E5F6'):02X}"


def test_lineproto_crc8_known_value():
    # CRC-8/SMBUS (poly 0x07, init 0) check value of "123456789" is 0xF4
    assert lineproto.crc8(b"123456789") == 0xF4


def test_lineproto_hello_parses():
    kind, fields = lineproto.decode(lineproto.hello("0.1.0", "RC522"))
    assert kind == "HELLO" and lineproto.parse_hello(fields) == (1, "0.1.0", "RC522")


def test_lineproto_rejects_wrong_checksum_with_reason():
    line = lineproto.beat(41)
    body, crc = line.split("*")
    bad = body + "*" + "%02X" % ((int(crc, 16) + 1) % 256)
    with pytest.raises(lineproto.LineError) as exc:
        lineproto.decode(bad)
    assert exc.value.reason == "checksum"


def test_lineproto_rejects_lowercase_crc_and_unknown_kinds():
    line = next(lineproto.beat(n) for n in range(100) if not lineproto.beat(n)[-2:].isdigit())
    lineproto.decode(line)
    with pytest.raises(lineproto.LineError):
        lineproto.decode(line[:-2] + line[-2:].lower())
    body = "NW REBOOT"
    with pytest.raises(lineproto.LineError) as exc:
        lineproto.decode(f"{body}*{lineproto.crc8(body.encode()):02X}")
    assert exc.value.reason == "format"


def test_lineproto_refuses_to_encode_control_bytes_or_spaces():
    for bad in ("a b", "x\x03", "\x04", "star*", ""):
        with pytest.raises(lineproto.LineError):
            lineproto.encode("ERR", bad)


def test_lineproto_refuses_odd_uid_lengths():
    with pytest.raises(lineproto.LineError):
        lineproto.tag(b"\x01\x02\x03")
    with pytest.raises(lineproto.LineError):
        lineproto.parse_uid("04a1b2c3")


def test_lineproto_source_avoids_what_micropython_lacks():
    src = Path(lineproto.__file__).read_text()
    tree = ast.parse(src)
    banned_calls = {"isprintable", "dataclass", "hex"}
    for node in ast.walk(tree):
        assert not isinstance(node, ast.JoinedStr), "f-strings: keep % formatting for MicroPython"
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            raise AssertionError("no __future__ imports on MicroPython")
        if isinstance(node, ast.Attribute):
            assert node.attr not in banned_calls, node.attr
    # typing is imported only inside a try/except ImportError guard
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            raise AssertionError("top-level imports must be guarded (typing) or absent")
