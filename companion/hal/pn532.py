"""PN532 NFC reader over UART (HSU): a pure frame parser and a pure polling state machine.

No I/O and no clock here: `FrameParser.feed(bytes)` turns whatever bytes arrived into frames, and
`Pn532Session.step(t, data) -> bytes to write` runs the conversation on the caller's clock. The serial
port lives in `companion.hal.reader`.

Wire format (PN532 user manual UM0701-02, section 6.2)::

    normal frame  00 00 FF LEN LCS TFI DATA.. DCS 00   LEN+LCS == 0, TFI+DATA+DCS == 0 (mod 256)
    ACK           00 00 FF 00 FF 00
    NACK          00 00 FF FF 00 00
    error frame   00 00 FF 01 FF 7F 81 00              (the chip refused our frame)

TFI is D4 host -> PN532 and D5 PN532 -> host; a reply's command code is the request's + 1.
Conversation: long wake-up preamble (0x55 0x55 then zeros: the HSU link sleeps until it sees them),
SAMConfiguration (normal mode), RFConfiguration MaxRetries (so InListPassiveTarget answers "no card"
quickly instead of waiting forever), then InListPassiveTarget (1 target, 106 kbps type A) in a loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.hal.lineproto import UID_LENGTHS

HOST_TFI = 0xD4
CHIP_TFI = 0xD5
ERROR_TFI = 0x7F
ACK = b"\x00\x00\xff\x00\xff\x00"
NACK = b"\x00\x00\xff\xff\x00\x00"
START = b"\x00\xff"
# 0x55 0x55 then zeros: the HSU wakes from power-down on the 0x55s and needs the rest to settle.
WAKEUP = b"\x55\x55" + b"\x00" * 14

CMD_GET_FIRMWARE_VERSION = 0x02
CMD_SAM_CONFIGURATION = 0x14
CMD_RF_CONFIGURATION = 0x32
CMD_IN_LIST_PASSIVE_TARGET = 0x4A

SAM_NORMAL = bytes([0x01, 0x14, 0x01])  # normal mode, 1 s virtual-card timeout, use IRQ
RF_MAX_RETRIES = bytes([0x05, 0xFF, 0x01, 0x02])  # CfgItem 5: MxRtyATR, MxRtyPSL, MxRtyPassiveActivation
LIST_ONE_TYPE_A = bytes([0x01, 0x00])  # MaxTg = 1, BrTy = 106 kbps type A


class FrameKind(str, Enum):
    """What a parsed frame is."""

    ACK = "ack"
    NACK = "nack"
    DATA = "data"
    ERROR = "error"


@dataclass(frozen=True)
class Frame:
    """One valid frame: `tfi` and `data` (command code first) for DATA frames, empty otherwise."""

    kind: FrameKind
    tfi: int = 0
    data: bytes = b""


def new_stats() -> dict:
    """The counters every reader reports (the line reader shares the keys)."""
    return {
        "frames_ok": 0,
        "dropped_garbage": 0,
        "dropped_checksum": 0,
        "duplicates": 0,
        "reconnects": 0,
        "unexpected": 0,
        "dropped_too_long": 0,
        "dropped_partial": 0,
    }


def build_frame(data: bytes, tfi: int = HOST_TFI) -> bytes:
    """A normal information frame carrying `tfi` + `data` (1..254 bytes of data)."""
    if not 1 <= len(data) <= 254:
        raise ValueError("PN532 frame data must be 1..254 bytes")
    body = bytes([tfi]) + bytes(data)
    length = len(body)
    dcs = (-sum(body)) & 0xFF
    return b"\x00\x00\xff" + bytes([length, (-length) & 0xFF]) + body + bytes([dcs, 0x00])


def command(code: int, params: bytes = b"") -> bytes:
    """A host -> PN532 command frame."""
    return build_frame(bytes([code]) + bytes(params), HOST_TFI)


class FrameParser:
    """Incremental PN532 frame decoder: feed bytes, get frames; garbage and bad checksums are counted.

    Zeros between frames are preamble/postamble and not counted. A run of other bytes that is not a
    frame counts once in `dropped_garbage`; a frame whose LCS or DCS is wrong counts in
    `dropped_checksum` and decoding resumes right after its start code, so a real frame hidden
    behind a corrupt one is not lost. Never raises on any input.
    """

    def __init__(self, stats: dict | None = None):
        self.stats = stats if stats is not None else new_stats()
        self._buf = bytearray()
        self._in_garbage = False

    def feed(self, chunk: bytes) -> list[Frame]:
        """Decode every complete frame in the bytes seen so far; keep an incomplete tail."""
        self._buf += chunk
        frames: list[Frame] = []
        while True:
            frame, consumed = self._next()
            if consumed == 0:
                break
            del self._buf[:consumed]
            if frame is not None:
                self.stats["frames_ok"] += 1
                frames.append(frame)
        return frames

    def reset(self) -> None:
        """Forget a partial frame (after a reconnect)."""
        self._buf.clear()
        self._in_garbage = False

    def _next(self) -> tuple[Frame | None, int]:
        """(frame or None, bytes consumed) for the head of the buffer; (None, 0) = need more bytes."""
        buf = self._buf
        start = buf.find(START)
        if start < 0:
            # keep a trailing 0x00 that may begin a start code; everything else is noise
            keep = 1 if buf[-1:] == b"\x00" else 0
            self._skip(buf[: len(buf) - keep])
            return None, len(buf) - keep
        if start > 0:
            self._skip(buf[:start])
            return None, start
        if len(buf) < 4:
            return None, 0
        length, lcs = buf[2], buf[3]
        if length == 0x00 and lcs == 0xFF:
            return self._ok(Frame(FrameKind.ACK)), 4
        if length == 0xFF and lcs == 0x00:
            return self._ok(Frame(FrameKind.NACK)), 4
        if (length + lcs) & 0xFF or length == 0:
            return self._bad_checksum(), 2
        end = 4 + length + 1  # TFI..data, then DCS
        if len(buf) < end:
            return None, 0
        body = bytes(buf[4 : end - 1])
        if (sum(body) + buf[end - 1]) & 0xFF:
            return self._bad_checksum(), 2
        tfi, data = body[0], body[1:]
        kind = FrameKind.ERROR if tfi == ERROR_TFI else FrameKind.DATA
        return self._ok(Frame(kind, tfi, data)), end

    def _skip(self, dropped: bytes) -> None:
        """Count a run of non-zero noise once."""
        if any(dropped):
            if not self._in_garbage:
                self.stats["dropped_garbage"] += 1
            self._in_garbage = True

    def _ok(self, frame: Frame) -> Frame:
        """A good frame ends any garbage run."""
        self._in_garbage = False
        return frame

    def _bad_checksum(self) -> None:
        """Count a frame with a wrong LCS or DCS."""
        self._in_garbage = False
        self.stats["dropped_checksum"] += 1
        return None


def parse_list_passive_target(data: bytes) -> list[str]:
    """UIDs (upper-case hex) in an InListPassiveTarget reply `4B NbTg [Tg SENS_RES SEL_RES len UID..]`.

    An empty list when no card is there or the reply is malformed (we never guess a UID).
    """
    if len(data) < 2 or data[0] != CMD_IN_LIST_PASSIVE_TARGET + 1:
        return []
    count, pos, uids = data[1], 2, []
    if count > 1:  # we ask for one target at most
        return []
    for number in range(1, count + 1):
        if pos + 5 > len(data) or data[pos] != number:
            return []
        uid_len = data[pos + 4]
        uid = data[pos + 5 : pos + 5 + uid_len]
        if uid_len not in UID_LENGTHS or len(uid) != uid_len:
            return []
        pos += 5 + uid_len
        if pos < len(data):
            # type A cards with ISO 14443-4 send an ATS after the UID: its first byte is its length
            ats_len = data[pos]
            if ats_len == 0 or pos + ats_len != len(data):
                return []
            pos += ats_len
        uids.append(uid.hex().upper())
    if pos != len(data):
        return []
    return uids


class Phase(str, Enum):
    """Where the session is in its conversation with the chip."""

    WAKE = "wake"
    AWAIT_ACK = "await-ack"
    AWAIT_REPLY = "await-reply"
    IDLE = "idle"


class Pn532Session:
    """The PN532 conversation as a state machine on the caller's clock (seconds); no I/O, no sleeps.

    `step(t, data)` feeds received bytes and returns the bytes to send now. Timeouts: no ACK within
    `ack_timeout` s or no reply within `reply_timeout` s is a failure and the command is sent again;
    after `max_failures` failures in a row the chip is woken again; after `max_wakes` wakes without a
    valid frame the session reports itself unhealthy (and keeps re-waking every `rewake_interval` s).
    Read UIDs collect in `take_uids()`. The timings are the same for every session: class attributes.
    """

    poll_interval = 0.15  # s between polls for a card while the chip is idle
    ack_timeout = 0.25  # s
    reply_timeout = 1.0  # s
    max_failures = 3
    max_wakes = 2
    rewake_interval = 5.0  # s

    def __init__(self, *, stats: dict | None = None):
        self.stats = stats if stats is not None else new_stats()
        self.parser = FrameParser(self.stats)
        self.phase = Phase.WAKE
        self._queue: list[tuple[int, bytes]] = []  # init commands still to send
        self._current: tuple[int, bytes] | None = None
        self._deadline = 0.0
        self._next_poll = 0.0
        self._failures = 0
        self._wakes = 0  # wakes since the last good reply
        self._uids: list[str] = []
        self.healthy = True
        self.why = "PN532 starting"

    # -- public API -------------------------------------------------------------------------------
    def restart(self, t: float) -> None:
        """Start over (new port): the next step wakes the chip."""
        self.parser.reset()
        self.phase = Phase.WAKE
        self._deadline = t
        self._wakes = 0
        self._failures = 0

    def step(self, t: float, data: bytes = b"") -> bytes:
        """Feed `data` received by time `t`; return what must be written to the chip now."""
        out = bytearray()
        for frame in self.parser.feed(data):
            out += self._on_frame(frame, t)
        out += self._on_time(t)
        return bytes(out)

    def take_uids(self) -> list[str]:
        """UIDs read since the last call (upper-case hex), oldest first."""
        uids, self._uids = self._uids, []
        return uids

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why) of the chip conversation."""
        return self.healthy, self.why

    def status_at(self, t: float) -> tuple[bool, str]:
        """(ok, why); the session tracks its own timeouts, so `t` changes nothing."""
        return self.status

    # -- state machine ------------------------------------------------------------------------------
    def _on_time(self, t: float) -> bytes:
        """Act on timeouts and schedules."""
        if self.phase is Phase.WAKE and t >= self._deadline:
            return self._wake(t)
        if self.phase in (Phase.AWAIT_ACK, Phase.AWAIT_REPLY) and t >= self._deadline:
            return self._fail(t, "no ACK" if self.phase is Phase.AWAIT_ACK else "no reply")
        if self.phase is Phase.IDLE and t >= self._next_poll:
            return self._send(t, (CMD_IN_LIST_PASSIVE_TARGET, LIST_ONE_TYPE_A))
        return b""

    def _on_frame(self, frame: Frame, t: float) -> bytes:
        """React to one frame from the chip."""
        if self.phase is Phase.AWAIT_ACK and frame.kind is FrameKind.ACK:
            self.phase = Phase.AWAIT_REPLY
            self._deadline = t + self.reply_timeout
            return b""
        if self.phase is Phase.AWAIT_REPLY and frame.kind is FrameKind.DATA and self._current is not None:
            if frame.tfi == CHIP_TFI and frame.data[:1] == bytes([self._current[0] + 1]):
                return self._on_reply(frame.data, t)
        if frame.kind is FrameKind.ERROR and self.phase in (Phase.AWAIT_ACK, Phase.AWAIT_REPLY):
            return self._fail(t, "chip refused a frame")
        self.stats["unexpected"] += 1
        return b""

    def _on_reply(self, data: bytes, t: float) -> bytes:
        """The reply to the current command arrived: note UIDs, move on."""
        code = self._current[0] if self._current else 0
        self._failures = 0
        self._wakes = 0
        self.healthy, self.why = True, "PN532 ready"
        if code == CMD_IN_LIST_PASSIVE_TARGET:
            self._uids.extend(parse_list_passive_target(data))
        self._current = None
        if self._queue:
            return self._send(t, self._queue.pop(0))
        self.phase = Phase.IDLE
        self._next_poll = t + self.poll_interval
        return b""

    def _send(self, t: float, cmd: tuple[int, bytes]) -> bytes:
        """Send one command and wait for its ACK."""
        self._current = cmd
        self.phase = Phase.AWAIT_ACK
        self._deadline = t + self.ack_timeout
        return command(*cmd)

    def _wake(self, t: float) -> bytes:
        """Send the wake-up preamble and queue the set-up commands."""
        self._wakes += 1
        self._failures = 0
        self._queue = [(CMD_RF_CONFIGURATION, RF_MAX_RETRIES)]
        return WAKEUP + self._send(t, (CMD_SAM_CONFIGURATION, SAM_NORMAL))

    def _fail(self, t: float, what: str) -> bytes:
        """A missing ACK/reply: resend, or wake the chip again after too many in a row."""
        # an ACK from the host aborts whatever the chip is still doing, so it starts afresh
        self._failures += 1
        if self._failures < self.max_failures and self._current is not None:
            return ACK + self._send(t, self._current)
        self.phase = Phase.WAKE
        if self._wakes >= self.max_wakes:
            self.healthy, self.why = False, f"PN532 not answering ({what}); check wiring and UART"
            self._wakes = 0
            self._deadline = t + self.rewake_interval
            return ACK
        return ACK + self._wake(t)


class FakePn532:
    """A simulated PN532 for tests and the simulator: feed it host bytes, get its answers.

    Test API: `present(uid_hex)`, `remove()`, `mute` (answers nothing, like an unplugged board),
    `skip_acks` (swallow that many ACKs), `corrupt_replies` (flip a byte in that many replies).
    It sleeps until it sees a 0x55 wake-up byte, like the real chip's HSU link after power-on.
    """

    def __init__(self, uid: str | None = None):
        self.uid = uid
        self.awake = False
        self.mute = False
        self.skip_acks = 0
        self.corrupt_replies = 0
        self.commands: list[int] = []  # command codes received, for assertions
        self._parser = FrameParser()

    def present(self, uid_hex: str) -> None:
        """Hold a tag with this UID on the antenna."""
        self.uid = uid_hex

    def remove(self) -> None:
        """Take the tag away."""
        self.uid = None

    def feed(self, data: bytes) -> bytes:
        """Process bytes from the host; return the chip's answer bytes."""
        if self.mute:
            return b""
        if 0x55 in data:
            self.awake = True
        out = bytearray()
        for frame in self._parser.feed(data):
            if frame.kind is FrameKind.DATA and frame.tfi == HOST_TFI and self.awake and frame.data:
                out += self._answer(frame.data[0], frame.data[1:])
        return bytes(out)

    def _answer(self, code: int, params: bytes) -> bytes:
        """ACK plus the reply frame for one command."""
        self.commands.append(code)
        if self.skip_acks > 0:
            self.skip_acks -= 1
            return b""
        reply = build_frame(bytes([code + 1]) + self._reply_data(code, params), CHIP_TFI)
        if self.corrupt_replies > 0:
            self.corrupt_replies -= 1
            reply = reply[:-2] + bytes([reply[-2] ^ 0x5A]) + reply[-1:]
        return ACK + reply

    def _reply_data(self, code: int, params: bytes) -> bytes:
        """The payload after the reply code."""
        if code == CMD_GET_FIRMWARE_VERSION:
            return bytes([0x32, 0x01, 0x06, 0x07])
        if code == CMD_IN_LIST_PASSIVE_TARGET:
            if not self.uid:
                return b"\x00"
            uid = bytes.fromhex(self.uid)
            # Tg 1, SENS_RES 00 44 (NTAG21x), SEL_RES 00, then the UID
            return bytes([0x01, 0x01, 0x00, 0x44, 0x00, len(uid)]) + uid
        return b""
