"""The Pico firmware's pure parts on CPython: CRC_A, BCC, and the full cascade against a simulated tag."""

import ast
import importlib.util
from pathlib import Path

import pytest

from companion.hal import lineproto

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


def _load(name):
    spec = importlib.util.spec_from_file_location(f"firmware_{name}", FIRMWARE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


iso = _load("iso14443")


class SimulatedTag:
    """A type A card in the field answering REQA, ANTICOLLISION, SELECT and HLTA per ISO 14443-3."""

    def __init__(self, uid: bytes, atqa=b"\x44\x00"):
        self.uid = uid
        self.atqa = atqa
        self.state = "idle"
        self.level = 0
        self.frames = []

    def _parts(self):
        if len(self.uid) == 4:
            return [self.uid]
        if len(self.uid) == 7:
            return [bytes([0x88]) + self.uid[:3], self.uid[3:]]
        return [bytes([0x88]) + self.uid[:3], bytes([0x88]) + self.uid[3:6], self.uid[6:]]

    def transceive(self, data: bytes, last_bits: int = 0):
        self.frames.append((bytes(data), last_bits))
        if data[0] == iso.HLTA:
            assert data == bytes([0x50, 0x00, 0x57, 0xCD])
            self.state = "halt"
            return None
        if data[0] in (iso.REQA, iso.WUPA) and last_bits == 7:
            if self.state == "halt" and data[0] == iso.REQA:
                return None
            self.state, self.level = "ready", 0
            return self.atqa
        if self.state != "ready" or data[0] != iso.SEL_CODES[self.level]:
            return None
        part = self._parts()[self.level]
        cln = part + bytes([iso.bcc(part)])
        if data[1] == iso.NVB_ANTICOLL:
            return cln
        if data[1] == iso.NVB_SELECT and data[2:7] == cln and iso.crc_a(data[:7]) == data[7:9]:
            last = self.level == len(self._parts()) - 1
            sak = bytes([0x00 if last else 0x04])
            self.level += 1
            if last:
                self.state = "active"
            return sak + iso.crc_a(sak)
        return None


def test_crc_a_matches_the_hlta_frame():
    assert iso.halt_frame() == bytes([0x50, 0x00, 0x57, 0xCD])


def test_bcc_is_xor_of_the_four_bytes():
    assert iso.bcc(bytes([0x88, 0x04, 0xA1, 0xB2])) == 0x88 ^ 0x04 ^ 0xA1 ^ 0xB2


def test_read_uid_walks_both_cascade_levels_of_a_7_byte_ntag():
    tag = SimulatedTag(bytes.fromhex("04A1B2C3D4E5F6"))
    uid = iso.read_uid(tag.transceive)
    assert uid == bytes.fromhex("04A1B2C3D4E5F6")
    sels = [f[0][:2] for f in tag.frames if f[0][0] in iso.SEL_CODES]
    assert sels == [b"\x93\x20", b"\x93\x70", b"\x95\x20", b"\x95\x70"]


def test_read_uid_handles_4_and_10_byte_uids():
    assert iso.read_uid(SimulatedTag(bytes.fromhex("DEADBEEF")).transceive) == bytes.fromhex("DEADBEEF")
    ten = bytes(range(1, 11))
    assert iso.read_uid(SimulatedTag(ten).transceive) == ten


def test_read_uid_none_without_a_card_or_with_a_bad_bcc():
    assert iso.read_uid(lambda data, bits: None) is None
    tag = SimulatedTag(bytes.fromhex("04A1B2C3D4E5F6"))
    real = tag.transceive

    def flip_bcc(data, bits):
        answer = real(data, bits)
        if data[1:2] == b"\x20":
            return answer[:4] + bytes([answer[4] ^ 0xFF])
        return answer

    assert iso.read_uid(flip_bcc) is None


def test_halted_tag_is_read_once_until_it_leaves():
    tag = SimulatedTag(bytes.fromhex("04A1B2C3D4E5F6"))
    assert iso.read_uid(tag.transceive) is not None
    tag.transceive(iso.halt_frame())
    assert iso.read_uid(tag.transceive) is None
    tag.state = "idle"  # taken away and brought back
    assert iso.read_uid(tag.transceive) is not None


def test_assemble_uid_refuses_a_missing_cascade_tag():
    assert iso.assemble_uid([(bytes([0x04, 1, 2, 3, 0]), False), (bytes([4, 5, 6, 7, 0]), True)]) is None
    assert iso.assemble_uid([(bytes([0x88, 1, 2, 3, 0]), False), (bytes([4, 5, 6, 7, 0]), True)]) == bytes(
        range(1, 8)
    )
    assert iso.assemble_uid([(bytes([0x88, 1, 2, 3, 0]), True)]) is None


def test_firmware_read_becomes_a_line_the_companion_decodes():
    from companion.hal.reader import LineDecoder

    uid = iso.read_uid(SimulatedTag(bytes.fromhex("04A1B2C3D4E5F6")).transceive)
    d = LineDecoder()
    d.step(0.0, (lineproto.tag(uid) + "\r\n").encode())
    assert d.take_uids() == ["04A1B2C3D4E5F6"]


@pytest.mark.parametrize("name", ["main", "rc522", "iso14443"])
def test_firmware_sources_are_micropython_friendly(name):
    tree = ast.parse((FIRMWARE / f"{name}.py").read_text())
    for node in ast.walk(tree):
        assert not isinstance(node, ast.JoinedStr), f"{name}.py: use % formatting"
        if isinstance(node, ast.ImportFrom):
            assert node.module not in ("__future__", "typing", "dataclasses"), node.module
        if isinstance(node, ast.Import):
            assert all(
                a.name in ("sys", "time", "select", "machine", "iso14443", "lineproto") for a in node.names
            )


class _Reset(BaseException):
    """machine.reset() on the fake board: ends the run like a real reset does."""


def _run_main(monkeypatch, transceive_error):
    """Run firmware/main.py on fake `machine`/`time`/`select`/`rc522` modules; return what it printed
    and whether it reset the board. The RC522's first transceive raises `transceive_error`."""
    import io
    import sys
    import types

    clock = {"ms": 0}
    fake_time = types.SimpleNamespace(
        ticks_ms=lambda: clock["ms"],
        ticks_diff=lambda a, b: a - b,
        ticks_add=lambda a, b: a + b,
        sleep_ms=lambda ms: clock.__setitem__("ms", clock["ms"] + ms),
    )

    def reset():
        raise _Reset()

    machine = types.SimpleNamespace(Pin=lambda *a, **k: None, SPI=lambda *a, **k: None, reset=reset)
    machine.Pin.OUT = 1
    poller = types.SimpleNamespace(register=lambda *a: None, poll=lambda timeout: [])
    select = types.SimpleNamespace(poll=lambda: poller, POLLIN=1)

    class FakeRc522:
        version = 0x92

        def __init__(self, *args):
            pass

        def init(self):
            return True

        def alive(self):
            return True

        def transceive(self, data, last_bits=0):
            raise transceive_error

    out = io.StringIO()
    for name, module in (
        ("machine", machine),
        ("time", fake_time),
        ("select", select),
        ("rc522", types.SimpleNamespace(RC522=FakeRc522)),
        ("iso14443", iso),
        ("lineproto", lineproto),
    ):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(sys, "stdout", out)
    code = compile((FIRMWARE / "main.py").read_text(), "main.py", "exec")
    reset = False
    try:
        exec(code, {"__name__": "__main__"})
    except _Reset:
        reset = True
    finally:
        monkeypatch.undo()
    return out.getvalue(), reset


def test_firmware_crash_sends_one_err_line_and_restarts_instead_of_sitting_at_the_prompt(monkeypatch):
    from companion.hal.reader import LineDecoder

    text, reset = _run_main(monkeypatch, OSError(110, "ETIMEDOUT"))
    assert reset
    lines = text.split("\r\n")
    assert lines[-1] == ""
    assert [lineproto.decode(line)[0] for line in lines[:-1]] == ["HELLO", "BEAT", "ERR"]
    assert lineproto.decode(lines[-2]) == ("ERR", ("firmware-crashed",))
    d = LineDecoder()
    d.step(0.0, text.encode())
    assert d.take_uids() == [] and d.status_at(0.1) == (False, "Pico reader: firmware-crashed")


def test_firmware_lets_ctrl_c_stop_it_at_the_prompt(monkeypatch):
    with pytest.raises(KeyboardInterrupt):
        _run_main(monkeypatch, KeyboardInterrupt())
