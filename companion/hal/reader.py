"""Event-card readers on a serial port: a PN532 NFC board, or a line reader (QR scanner, Pico board).

`open_reader(reader_config, clock)` is what the HAL factory calls. The reader never blocks and never
raises during play: `poll()` reads whatever bytes arrived (the port is opened non-blocking with
pyserial's `serial_for_url`, so `loop://` works in tests), hands them to a pure decoder
(`companion.hal.pn532` or `LineDecoder`), writes the decoder's answer, and returns the queued reads.

An unplugged reader (SerialException/OSError on open or read) reports
`status == (False, "reader disconnected: ...")` and is reopened by itself with back-off
(1, 2, 4 .. 30 s on the injected clock). The same tag again within `repeat_window_s` of its last
sighting counts once (a card held on the reader is one read). Tag ids are data, never paths or code:
NFC UIDs are upper-case hex; QR payloads are stripped, printable ASCII, at most 64 characters, and
must match `reader.tag_pattern`.

A line reader's port may open while a line is on its way: pyserial's open flushes what arrived
before, and the device's USB buffer may start mid-line (a Pico at its prompt sends `...Pico with
RP2040`, and `RP2040` arrives). So the first line after every (re)open is never a read (it counts
in `dropped_partial`), unless the port stayed quiet for `QUIET_S` after opening (then that line
began while we listened: a scanner's first scan is kept). A checksummed Pico line is whole by
construction and counts even then.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from typing import Protocol

import serial

from companion.errors import describe
from companion.gamedata.config import DEFAULT_TAG_PATTERN
from companion.hal import lineproto
from companion.hal.base import NOT_CONFIGURED, NoReader
from companion.hal.clock import Clock
from companion.hal.pn532 import Pn532Session, new_stats
from companion.inputs import MAX_TAG, CardRead

MAX_PAYLOAD = MAX_TAG  # longest QR/barcode payload accepted as a tag id (what teach can register)
MAX_LINE_BYTES = 256  # a "line" longer than this without a newline is noise
BACKOFF_FIRST_S = 1.0
BACKOFF_MAX_S = 30.0
HEARTBEAT_TIMEOUT_S = 6.0  # the Pico beats every 2 s; three missed beats = silent
# What MicroPython prints from its prompt (REPL): prompts, the banner, tracebacks and their lines,
# the soft-reboot and raw-REPL notices. Never a tag, whatever the tag pattern says.
_REPL_OUTPUT = re.compile(
    r"(>>>|>OK|\.\.\.(\s|$)|MicroPython v\d|Type \"help\(\)\"|Traceback \(most recent call last\)"
    r"|File \".*\", line \d|[A-Za-z_][A-Za-z0-9_.]*(Error|Exception|Interrupt|Exit)\b(:|$)"
    r"|MPY: soft reboot|soft reboot$|raw REPL)"
)
AT_PROMPT = (
    "Pico reader is at its MicroPython prompt, not running our firmware (main.py missing "
    "or crashed): see firmware/README.md"
)
READ_CHUNK = 4096
MAX_READS_PER_POLL = 8  # bounded work per frame even if a port floods us
# Quiet after an open that proves the next line began after it: longer than a whole 256-byte line
# takes at 9600 baud (0.27 s), the slowest scanner setting; a tail arrives at once after the open.
QUIET_S = 0.5
# A line of 8 to 20 hex digits (or 2 to 10 byte pairs with separators) is an NFC UID, or what is
# left of one, and must be a whole one: 4, 7 or 10 bytes, never starting with 88, the cascade tag a
# UID's first byte can never be (a reader that stopped after the first cascade level sends
# `88 04 A1 B2`). A shorter or longer hex word is a label (`A`, `CAFE`); a line of decimal digits
# is a number (a barcode, a decimal card number).
_UID_COMPACT = re.compile(r"[0-9A-Fa-f]{8,20}")
_UID_SEPARATED = re.compile(r"[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){0,8}")
# What a MicroPython board prints that a cut line can leave alone on a line: its chip names and its
# errno names (`OSError: [Errno 110] ETIMEDOUT`). No card is called that.
_MICROPYTHON_WORDS = frozenset(
    (
        "RP2040",
        "RP2350",
        "EPERM",
        "ENOENT",
        "EIO",
        "EBADF",
        "EAGAIN",
        "ENOMEM",
        "EACCES",
        "EEXIST",
        "ENODEV",
        "EISDIR",
        "EINVAL",
        "EOPNOTSUPP",
        "EADDRINUSE",
        "ECONNABORTED",
        "ECONNRESET",
        "ENOBUFS",
        "ENOTCONN",
        "ETIMEDOUT",
        "ECONNREFUSED",
        "EHOSTUNREACH",
        "EALREADY",
        "EINPROGRESS",
    )
)


class Decoder(Protocol):
    """A pure byte-stream decoder the serial reader drives."""

    stats: dict

    def restart(self, t: float) -> None:
        """Forget partial input; a new connection starts now."""

    def step(self, t: float, data: bytes = b"") -> bytes:
        """Feed bytes received by `t`; return bytes to write back."""

    def take_uids(self) -> list[str]:
        """Tag ids decoded since the last call."""

    def status_at(self, t: float) -> tuple[bool, str]:
        """(ok, why) of the device on the other end at time `t`."""


class LineDecoder:
    """One tag id per line: QR/barcode scanners in serial mode and the Pico board's `NW ...` lines.

    Lines end in LF, CR or CR LF (scanners send any of them). `NW ` lines follow
    `companion.hal.lineproto`: TAG lines give UIDs, HELLO and BEAT lines show the board is alive,
    broken ones count in `dropped_checksum` or `dropped_garbage`. Once a Pico has spoken (a valid
    line of its protocol, or its prompt), only its protocol lines count until the next reconnect.
    Before that, any other line is a scanner payload if it is a whole plausible tag (`_plausible`):
    the whole stripped line matches `tag_pattern` (printable ASCII, <= 64 chars), it is not a word
    only MicroPython prints (`RP2040`, `ETIMEDOUT`), and if it looks like a hex NFC UID it is a whole
    one; the rest is dropped and counted in `dropped_garbage`. After `restart` (a port opened) the
    first line may be the tail of one cut by the open: see the module docstring. A Pico without
    `main.py` (or whose firmware crashed) talks from its MicroPython prompt: banner, `>>>`,
    tracebacks, and our own HI line echoed back. None of that is a read or a handshake; the status
    says the board is at its prompt.
    """

    def __init__(
        self,
        stats: dict | None = None,
        heartbeat_timeout: float = HEARTBEAT_TIMEOUT_S,
        tag_pattern: str = DEFAULT_TAG_PATTERN,
    ):
        self.stats = stats if stats is not None else new_stats()
        self.heartbeat_timeout = heartbeat_timeout
        self._tag = re.compile(tag_pattern)
        self._buf = bytearray()
        self._overflow = False  # inside a too-long line: drop until its newline
        self._uids: list[str] = []
        self._board: str | None = None  # "firmware chip" once a Pico said HELLO
        self._last_beat: float | None = None
        self._problem: str | None = None
        self._pico = (
            False  # a Pico spoke (its protocol, or its prompt): from now on only protocol lines count
        )
        self._say_hi = True
        # A decoder made on its own starts at a line's beginning; `restart` (a port opened) may not.
        self._opened_at: float | None = None
        self._first = False  # the first line after an open is still to come (it may be a tail)

    def restart(self, t: float) -> None:
        """New connection at `t`: forget the partial line, distrust the first line, and ask a Pico
        (if any) to introduce itself."""
        self._buf.clear()
        self._overflow = False
        self._board, self._last_beat, self._problem = None, None, None
        self._pico = False
        self._say_hi = True
        self._opened_at, self._first = t, True

    def step(self, t: float, data: bytes = b"") -> bytes:
        """Split `data` into lines and decode each; returns the HI line once after a (re)connect."""
        if self._first and not data and not self._buf and t - self._opened_at >= QUIET_S:
            self._first = False  # nothing came since the open: the next byte begins a line
        self._buf += data.replace(b"\r", b"\n")  # CR, LF or CR LF ends a line (CR LF: and an empty one)
        while True:
            nl = self._buf.find(b"\n")
            if nl < 0:
                break
            raw = bytes(self._buf[:nl])
            del self._buf[: nl + 1]
            if self._overflow:  # the end of a too-long line (counted): the next line is a whole one
                self._overflow = self._first = False
                continue
            self._line(raw, t)
        if len(self._buf) > MAX_LINE_BYTES:
            self._buf.clear()
            if not self._overflow:
                self.stats["dropped_too_long"] += 1
            self._overflow = True
        if self._say_hi:
            self._say_hi = False
            # printable line only: a Pico's REPL must never see Ctrl-C/Ctrl-D from us
            return (lineproto.encode(lineproto.HI) + "\r\n").encode("ascii")
        return b""

    def take_uids(self) -> list[str]:
        """Tag ids read since the last call, oldest first."""
        uids, self._uids = self._uids, []
        return uids

    def status_at(self, t: float) -> tuple[bool, str]:
        """(ok, why) at time `t`: a Pico that stopped beating or reported an error is not ok."""
        if self._problem:
            return False, self._problem
        if self._board and self._last_beat is not None and t - self._last_beat > self.heartbeat_timeout:
            return False, f"Pico reader silent for {t - self._last_beat:.0f} s"
        return True, f"Pico reader {self._board}" if self._board else "line reader ready"

    def _line(self, raw: bytes, t: float) -> None:
        """Decode one line without its line end."""
        first, self._first = self._first, False
        text = _ascii(raw)
        if text is None:
            self.stats["dropped_partial" if first else "dropped_garbage"] += 1
            return
        text = text.strip()
        if not text:
            return  # scanners send blank lines (and CR LF ends one); not an error
        if lineproto.is_ours(text):
            self._protocol_line(text, t)
        elif _REPL_OUTPUT.match(text):
            self.stats["dropped_garbage"] += 1
            self._at_prompt()
        elif first:
            self.stats["dropped_partial"] += 1  # maybe the tail of a line cut by the open: never a read
        elif self._pico:
            self.stats["dropped_garbage"] += 1  # a Pico is on this port: only protocol lines count
        elif len(text) > MAX_PAYLOAD:
            self.stats["dropped_too_long"] += 1
        elif not self._plausible(text):
            self.stats["dropped_garbage"] += 1
        else:
            self.stats["frames_ok"] += 1
            self._uids.append(text)

    def _plausible(self, text: str) -> bool:
        """A whole tag a scanner could send: it matches `tag_pattern`, it is not a word only
        MicroPython prints, and a hex NFC UID is 4, 7 or 10 bytes and does not start with 88."""
        if not self._tag.fullmatch(text) or text in _MICROPYTHON_WORDS:
            return False
        digits = text if _UID_COMPACT.fullmatch(text) and not text.isdigit() else None
        if digits is None and _UID_SEPARATED.fullmatch(text):
            digits = text.replace(":", "").replace("-", "")
        if digits is None:
            return True  # a label, a number or a QR payload
        return len(digits) % 2 == 0 and len(digits) // 2 in lineproto.UID_LENGTHS and digits[:2] != "88"

    def _at_prompt(self) -> None:
        """The Pico talks from its MicroPython prompt: say so until it says HELLO again."""
        self._problem, self._pico = AT_PROMPT, True

    def _protocol_line(self, text: str, t: float) -> None:
        """A `NW ...` line from the Pico board."""
        try:
            kind, fields = lineproto.decode(text)
            if kind == lineproto.TAG:
                uid = lineproto.parse_uid(fields[0] if len(fields) == 1 else "")
            elif kind == lineproto.HELLO:
                proto, firmware, chip = lineproto.parse_hello(fields)
        except lineproto.LineError as exc:
            key = "dropped_checksum" if exc.reason == "checksum" else "dropped_garbage"
            self.stats[key] += 1
            return
        if kind == lineproto.HI:  # the host's own line coming back: an echoing prompt, not a board
            self.stats["dropped_garbage"] += 1
            self._at_prompt()
            return
        self.stats["frames_ok"] += 1
        self._last_beat = t
        self._pico = True  # only our firmware sends a valid line of our protocol: this port is a Pico's
        if kind == lineproto.TAG:
            self._uids.append(uid)
        elif kind == lineproto.HELLO:
            self._board = f"{firmware} {chip}"
            self._problem = None
            if proto != lineproto.PROTOCOL_VERSION:
                self._problem = (
                    f"Pico firmware speaks protocol {proto}, need {lineproto.PROTOCOL_VERSION}: reflash it"
                )
        elif kind == lineproto.ERR:
            # an error stays until the board says HELLO again (it does after fixing itself)
            self._problem = f"Pico reader: {' '.join(fields) or 'error'}"


class SerialCardReader:
    """A card reader on one serial port, driven by a pure decoder; see the module docstring.

    `opener(url, baud)` returns an open pyserial-like port (read/write/close); the default is
    `serial.serial_for_url(url, baudrate=baud, timeout=0, write_timeout=0)`.
    """

    def __init__(
        self,
        url: str,
        baud: int,
        decoder: Decoder,
        clock: Clock,
        *,
        name: str = "reader",
        repeat_window_s: float = 2.0,
        opener: Callable | None = None,
    ):
        self.url = url
        self.baud = baud
        self.decoder = decoder
        self.clock = clock
        self.name = name
        self.repeat_window_s = repeat_window_s
        self.stats = decoder.stats
        self._opener = opener or _open_serial
        self._port = None
        self._queue: deque[CardRead] = deque()
        self._last_seen: dict[str, float] = {}
        self._retry_at = clock.now()
        self._backoff = BACKOFF_FIRST_S
        self._why = "reader not opened yet"
        self._ever_open = False
        self._closed = False

    # -- CardReader protocol --------------------------------------------------------------------------
    def poll(self) -> list[CardRead]:
        """Read what arrived, decode it, answer the device; return (and forget) the queued reads."""
        if self._closed:
            return []
        t = self.clock.now()
        if self._port is None and t >= self._retry_at:
            self._try_open(t)
        if self._port is not None:
            self._pump(t)
        reads = list(self._queue)
        self._queue.clear()
        return reads

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why): disconnected, or what the decoder says about the device."""
        if self._closed:
            return False, "reader closed"
        if self._port is None:
            return False, f"reader disconnected: {self._why}"
        return self.decoder.status_at(self.clock.now())

    def close(self) -> None:
        """Close the port (idempotent)."""
        self._closed = True
        self._drop_port()

    def __enter__(self) -> SerialCardReader:
        """Context manager: closes on exit."""
        return self

    def __exit__(self, *exc) -> None:
        """Close on leaving the block."""
        self.close()

    # -- internals ----------------------------------------------------------------------------------
    def _try_open(self, t: float) -> None:
        """Open the port; on failure schedule the next try with doubling back-off."""
        try:
            self._port = self._opener(self.url, self.baud)
        except (serial.SerialException, OSError, ValueError) as exc:
            self._retry_later(t, exc)
            return
        if self._ever_open:
            self.stats["reconnects"] += 1
        self._ever_open = True
        self._backoff = BACKOFF_FIRST_S
        self.decoder.restart(t)

    def _pump(self, t: float) -> None:
        """One read/decode/write round; a port error drops the port and schedules a reconnect."""
        try:
            data = bytearray()
            for _ in range(MAX_READS_PER_POLL):
                chunk = self._port.read(READ_CHUNK)
                if not chunk:
                    break
                data += chunk
            out = self.decoder.step(t, bytes(data))
            if out:
                self._port.write(out)
        except (serial.SerialException, OSError) as exc:
            self._drop_port()
            self._retry_later(t, exc)
        for tag in self.decoder.take_uids():
            self._accept(tag, t)

    def _accept(self, tag: str, t: float) -> None:
        """Queue a read unless the same tag was seen within the repeat window."""
        last = self._last_seen.get(tag)
        self._last_seen[tag] = t
        if last is not None and t - last < self.repeat_window_s:
            self.stats["duplicates"] += 1
            return
        self._queue.append(CardRead(tag, t, self.name))
        if len(self._last_seen) > 256:  # forget old sightings; nothing grows without bound
            cutoff = t - self.repeat_window_s
            self._last_seen = {k: v for k, v in self._last_seen.items() if v >= cutoff}

    def _retry_later(self, t: float, exc: BaseException) -> None:
        """Remember why the port failed and schedule the next open, doubling the back-off."""
        self._why = _short(exc)
        self._retry_at = t + self._backoff
        self._backoff = min(self._backoff * 2, BACKOFF_MAX_S)

    def _drop_port(self) -> None:
        """Close and forget the port, ignoring errors from a device that is already gone."""
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass


def open_reader(reader_config, clock: Clock, *, opener: Callable | None = None):
    """The CardReader for `reader_config` (`companion.gamedata.config.ReaderConfig`); never raises for a
    missing device: the reader starts disconnected and keeps retrying."""
    kind = reader_config.type
    if kind == "none":
        return NoReader(NOT_CONFIGURED, ok=True)
    if kind == "pn532":
        decoder: Decoder = Pn532Session()
    elif kind == "lines":
        decoder = LineDecoder(tag_pattern=reader_config.tag_pattern)
    else:
        raise ValueError(f"unknown reader type {kind!r}; known: pn532, lines, none")
    return SerialCardReader(
        reader_config.port,
        reader_config.baud,
        decoder,
        clock,
        name=kind,
        repeat_window_s=reader_config.repeat_window_s,
        opener=opener,
    )


def _open_serial(url: str, baud: int):
    """Open `url` non-blocking with pyserial (`loop://`, `/dev/serial0`, `/dev/serial/by-id/...`)."""
    return serial.serial_for_url(url, baudrate=baud, timeout=0, write_timeout=0)


def _ascii(raw: bytes) -> str | None:
    """`raw` as text when every byte is printable ASCII (or tab), else None."""
    if any(b < 0x20 and b != 0x09 or b > 0x7E for b in raw):
        return None
    return raw.decode("ascii")


def _short(exc: BaseException) -> str:
    """One line describing an exception."""
    return describe(exc)
