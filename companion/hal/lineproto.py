"""The Nightwatch reader line protocol: one printable ASCII line per message, with a CRC-8.

The optional Pico reader board (firmware/) speaks it over USB serial; the companion decodes it in
`companion.hal.reader`. This ONE module runs on CPython and on MicroPython: it is copied to the Pico
as `lineproto.py`. So: no dataclasses, no runtime typing imports, no f-strings, `%` formatting only,
no `str.isprintable` (MicroPython lacks it).

Wire format (firmware/README.md has examples)::

    NW <KIND> [<FIELD> ...]*<CRC>\\r\\n

- `NW ` marks our lines, so a QR scanner's payloads on the same kind of port are told apart.
- KIND is upper-case letters; fields are printable ASCII without spaces or `*`.
- CRC is CRC-8 (polynomial 0x07, initial 0) over every byte before `*`, as two upper-case hex digits.
- Only bytes 0x20..0x7E plus CR LF ever travel: a Ctrl-C (0x03) or Ctrl-D (0x04) would interrupt or
  reboot the MicroPython REPL on the board.

Messages: board -> host `HELLO <proto> <firmware> <chip>` (at boot and when asked), `TAG <uid hex>`
(one per read, the full 4/7/10-byte UID), `BEAT <seq>` (heartbeat), `ERR <reason>`;
host -> board `HI` (asks for HELLO).
"""

try:  # type hints only; MicroPython has no typing module
    from typing import Tuple  # noqa: F401
except ImportError:
    pass

PREFIX = "NW"
PROTOCOL_VERSION = 1
MAX_LINE = 96  # characters before CR LF; longer lines are not ours
HELLO = "HELLO"
TAG = "TAG"
BEAT = "BEAT"
ERR = "ERR"
HI = "HI"
KINDS = (HELLO, TAG, BEAT, ERR, HI)
UID_LENGTHS = (4, 7, 10)  # single, double and triple size ISO 14443A UIDs
_HEX = "0123456789ABCDEF"


class LineError(ValueError):
    """A line that looked like ours but is broken. `reason` is "format" or "checksum"."""

    def __init__(self, reason, message):
        ValueError.__init__(self, "%s: %s" % (reason, message))
        self.reason = reason


def crc8(data):
    """CRC-8 (poly 0x07, init 0, no reflection) of `data` bytes: catches swaps that XOR would miss."""
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            if crc & 0x80:
                crc = ((crc << 1) ^ 0x07) & 0xFF
            else:
                crc = (crc << 1) & 0xFF
    return crc


def is_ours(line):
    """True when a (stripped) line carries our prefix, so it must decode or be counted as broken."""
    return line.startswith(PREFIX + " ")


def encode(kind, *fields):
    """One protocol line (without CR LF) for message `kind` with string `fields`."""
    if kind not in KINDS:
        raise LineError("format", "unknown kind %r" % (kind,))
    parts = [PREFIX, kind]
    for f in fields:
        f = str(f)
        if not f or not _printable_word(f):
            raise LineError("format", "field %r must be printable ASCII without spaces or '*'" % (f,))
        parts.append(f)
    body = " ".join(parts)
    line = body + "*" + _hex_byte(crc8(body.encode()))
    if len(line) > MAX_LINE:
        raise LineError("format", "line longer than %d characters" % MAX_LINE)
    return line


def decode(line):
    # type: (str) -> Tuple[str, tuple]
    """(kind, fields) of one line (CR LF already stripped); LineError if broken or tampered."""
    if len(line) > MAX_LINE:
        raise LineError("format", "line too long")
    if not is_ours(line):
        raise LineError("format", "no %r prefix" % (PREFIX,))
    star = line.rfind("*")
    if star < 0 or len(line) - star != 3:
        raise LineError("format", "no *CRC at the end")
    body, crc_text = line[:star], line[star + 1 :]
    if not _printable_word(body.replace(" ", "")):
        raise LineError("format", "non-printable bytes")
    if any(c not in "0123456789ABCDEFabcdef" for c in crc_text):  # int() also takes " 4" and "+4"
        raise LineError("format", "CRC %r is not hex" % (crc_text,))
    crc = int(crc_text, 16)
    if crc_text.upper() != crc_text or crc != crc8(body.encode()):
        raise LineError("checksum", "CRC mismatch")
    words = body.split(" ")
    kind = words[1] if len(words) > 1 else ""
    if kind not in KINDS or "" in words:
        raise LineError("format", "unknown kind or empty field")
    return kind, tuple(words[2:])


def hello(firmware, chip):
    """The version handshake line the board sends at boot and when the host says HI."""
    return encode(HELLO, str(PROTOCOL_VERSION), firmware, chip)


def tag(uid):
    """The line for one read: `uid` bytes (4, 7 or 10 of them) as upper-case hex."""
    if len(uid) not in UID_LENGTHS:
        raise LineError("format", "UID must be 4, 7 or 10 bytes, got %d" % len(uid))
    return encode(TAG, uid_hex(uid))


def beat(seq):
    """A heartbeat line; `seq` counts up so a stuck board is told from a live one."""
    return encode(BEAT, str(int(seq)))


def error(reason):
    """A board-side problem (e.g. `rc522-missing`), one word."""
    return encode(ERR, reason)


def uid_hex(uid):
    """Bytes -> upper-case hex without separators (the companion's NFC tag id)."""
    return "".join([_hex_byte(b) for b in uid])


def parse_uid(text):
    """Upper-case hex tag id from a TAG field; LineError unless it is 4, 7 or 10 bytes of hex."""
    if len(text) % 2 or len(text) // 2 not in UID_LENGTHS:
        raise LineError("format", "UID %r has the wrong length" % (text,))
    for ch in text:
        if ch not in _HEX:
            raise LineError("format", "UID %r is not upper-case hex" % (text,))
    return text


def parse_hello(fields):
    """(protocol version int, firmware, chip) from HELLO fields; LineError if malformed."""
    if len(fields) != 3:
        raise LineError("format", "HELLO needs 3 fields")
    try:
        proto = int(fields[0])
    except ValueError as exc:
        raise LineError("format", "protocol version %r is not a number" % (fields[0],)) from exc
    return proto, fields[1], fields[2]


def _hex_byte(b):
    """Two upper-case hex digits of one byte."""
    return _HEX[(b >> 4) & 0xF] + _HEX[b & 0xF]


def _printable_word(text):
    """True when `text` is printable ASCII (0x21..0x7E) without `*`."""
    for ch in text:
        o = ord(ch)
        if o < 0x21 or o > 0x7E or ch == "*":
            return False
    return True
