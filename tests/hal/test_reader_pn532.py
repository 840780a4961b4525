"""PN532 over UART: the pure frame parser, the polling state machine and recorded frames via loop://."""

import serial

from companion.gamedata.config import ReaderConfig
from companion.hal import pn532
from companion.hal.clock import FakeClock
from companion.hal.pn532 import FakePn532, FrameKind, FrameParser, Pn532Session, build_frame
from companion.hal.reader import open_reader

NTAG = "04A1B2C3D4E5F6"
# Recorded chip answers (TFI D5): InListPassiveTarget with one NTAG213, and with no card.
REPLY_NTAG = bytes.fromhex("0000FF0FF1D54B01010044000704A1B2C3D4E5F6CA00")
REPLY_NONE = bytes.fromhex("0000FF03FDD54B00E000")


def _run(session: Pn532Session, chip: FakePn532, steps: int, dt: float = 0.05, t0: float = 0.0, answer=b""):
    """Drive session and chip against each other; return (uids, end time)."""
    t, uids = t0, []
    for _ in range(steps):
        out = session.step(t, answer)
        answer = chip.feed(out)
        uids += session.take_uids()
        t += dt
    return uids, t


def test_build_frame_checksums_hold():
    frame = build_frame(bytes([0x4A, 0x01, 0x00]))
    assert frame[:3] == b"\x00\x00\xff"
    assert (frame[3] + frame[4]) & 0xFF == 0
    assert sum(frame[5:-1]) & 0xFF == 0
    assert frame[5] == 0xD4 and frame[-1] == 0


def test_parser_reads_ack_nack_data_and_error_frames():
    p = FrameParser()
    frames = p.feed(pn532.ACK + pn532.NACK + REPLY_NTAG + bytes.fromhex("0000FF01FF7F8100"))
    assert [f.kind for f in frames] == [FrameKind.ACK, FrameKind.NACK, FrameKind.DATA, FrameKind.ERROR]
    assert frames[2].tfi == 0xD5 and frames[2].data[:2] == b"\x4b\x01"
    assert p.stats["frames_ok"] == 4 and p.stats["dropped_garbage"] == 0


def test_parser_handles_frames_split_at_every_byte():
    p, frames = FrameParser(), []
    for b in REPLY_NTAG:
        frames += p.feed(bytes([b]))
    assert len(frames) == 1 and pn532.parse_list_passive_target(frames[0].data) == [NTAG]


def test_parser_counts_garbage_and_keeps_the_next_frame():
    p = FrameParser()
    frames = p.feed(b"\x13\x37hello" + pn532.ACK)
    assert [f.kind for f in frames] == [FrameKind.ACK]
    assert p.stats["dropped_garbage"] == 1


def test_parser_drops_bad_dcs_and_recovers():
    good = REPLY_NTAG
    bad = good[:-2] + bytes([good[-2] ^ 1, 0])
    p = FrameParser()
    frames = p.feed(bad + good)
    assert len(frames) == 1 and frames[0].data == good[6:-2]
    assert p.stats["dropped_checksum"] == 1


def test_parser_drops_bad_length_checksum():
    p = FrameParser()
    assert p.feed(bytes.fromhex("0000FF0FF0D54B") + b"\x01" * 20) == []
    assert p.stats["dropped_checksum"] == 1


def test_parse_list_passive_target_4_and_7_byte_uids():
    four = bytes.fromhex("4B01010004080 4DEADBEEF".replace(" ", ""))
    assert pn532.parse_list_passive_target(four) == ["DEADBEEF"]
    seven = bytes.fromhex("4B0101004400 07 04A1B2C3D4E5F6".replace(" ", ""))
    assert pn532.parse_list_passive_target(seven) == [NTAG]
    assert pn532.parse_list_passive_target(bytes.fromhex("4B00")) == []


def test_parse_list_passive_target_refuses_malformed_replies():
    assert pn532.parse_list_passive_target(bytes.fromhex("4B0101004400 07 04A1B2".replace(" ", ""))) == []
    assert pn532.parse_list_passive_target(bytes.fromhex("4B0101004400 05 0102030405".replace(" ", ""))) == []
    assert pn532.parse_list_passive_target(bytes.fromhex("4B0201004400 04 01020304".replace(" ", ""))) == []
    assert pn532.parse_list_passive_target(bytes.fromhex("4D0101004400 04 01020304".replace(" ", ""))) == []


def test_session_wakes_configures_then_polls():
    chip = FakePn532()
    session = Pn532Session()
    out = session.step(0.0)
    assert out.startswith(b"\x55\x55\x00\x00")
    answer = chip.feed(out)
    assert answer.startswith(pn532.ACK)
    answer = chip.feed(session.step(0.01, answer))
    _run(session, chip, 20, t0=0.05, answer=answer)
    assert chip.commands[:2] == [pn532.CMD_SAM_CONFIGURATION, pn532.CMD_RF_CONFIGURATION]
    assert chip.commands.count(pn532.CMD_IN_LIST_PASSIVE_TARGET) >= 3
    assert session.status == (True, "PN532 ready")


def test_session_reads_a_presented_tag():
    chip = FakePn532()
    session = Pn532Session()
    uids, t = _run(session, chip, 10)
    assert uids == []
    chip.present(NTAG)
    uids, t = _run(session, chip, 10, t0=t)
    assert uids and set(uids) == {NTAG}


def test_session_resends_when_an_ack_goes_missing():
    chip = FakePn532(uid=NTAG)
    chip.skip_acks = 1
    session = Pn532Session()
    uids, _ = _run(session, chip, 30)
    assert chip.commands[:2] == [pn532.CMD_SAM_CONFIGURATION, pn532.CMD_SAM_CONFIGURATION]
    assert NTAG in uids


def test_session_survives_a_corrupt_reply():
    chip = FakePn532(uid=NTAG)
    session = Pn532Session()
    _run(session, chip, 10)
    chip.corrupt_replies = 1
    uids, _ = _run(session, chip, 40, t0=1.0)
    assert session.stats["dropped_checksum"] == 1
    assert NTAG in uids and session.status[0]


def test_session_rewakes_then_reports_a_silent_chip():
    chip = FakePn532()
    chip.mute = True
    session = Pn532Session()
    _run(session, chip, 200)  # 10 s of silence
    ok, why = session.status
    assert not ok and "not answering" in why
    chip.mute = False
    chip.present(NTAG)
    uids, _ = _run(session, chip, 200, t0=10.0)
    assert NTAG in uids and session.status == (True, "PN532 ready")


def test_session_ignores_unsolicited_frames():
    session = Pn532Session()
    session.step(0.0)  # waiting for the SAMConfiguration ACK
    session.step(0.01, REPLY_NTAG)
    assert session.take_uids() == []
    assert session.stats["unexpected"] == 1


def test_reader_decodes_recorded_frames_over_loopback():
    """loop:// echoes our own command frames back (ignored) and carries the recorded chip answers."""
    port = serial.serial_for_url("loop://", timeout=0)
    clock = FakeClock()
    reader = open_reader(ReaderConfig("pn532", "loop://", 115200, 2.0), clock, opener=lambda url, baud: port)
    reader.poll()  # sends wake + SAMConfiguration
    for reply in (build_frame(b"\x15", 0xD5), build_frame(b"\x33", 0xD5), REPLY_NONE, REPLY_NTAG):
        clock.advance(0.2)
        port.write(pn532.ACK + reply)
        reads = reader.poll()
    assert [r.tag for r in reads] == [NTAG] and reads[0].reader == "pn532"
    assert reader.status == (True, "PN532 ready")
    assert reader.stats["frames_ok"] >= 8
    reader.close()
