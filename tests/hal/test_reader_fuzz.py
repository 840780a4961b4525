"""Fuzzing both reader parsers and the line protocol: nothing escapes, noise never becomes a read."""

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.hal import lineproto, pn532
from companion.hal.pn532 import FrameParser, Pn532Session
from companion.hal.reader import MAX_PAYLOAD, LineDecoder

chunks = st.lists(st.binary(max_size=64), max_size=40)
words = st.text(alphabet=string.ascii_letters + string.digits + "-_.:", min_size=1, max_size=10)


@given(chunks)
@settings(max_examples=300, deadline=None)
def test_frame_parser_never_raises_and_counts_are_sane(parts):
    p = FrameParser()
    frames = []
    for part in parts:
        frames += p.feed(part)
    assert p.stats["frames_ok"] == len(frames)
    assert all(v >= 0 for v in p.stats.values())


@given(chunks)
@settings(max_examples=300, deadline=None)
def test_pn532_session_reads_nothing_from_noise(parts):
    session = Pn532Session()
    t = 0.0
    for part in parts:
        session.step(t, part)
        t += 0.05
    assert session.take_uids() == []


@given(st.binary(max_size=200), st.binary(max_size=200))
@settings(max_examples=200, deadline=None)
def test_frame_parser_finds_a_frame_between_noise(before, after):
    frame = pn532.build_frame(bytes.fromhex("4B01010044000704A1B2C3D4E5F6"), pn532.CHIP_TFI)
    frames = FrameParser().feed(before + frame + after)
    datas = [f.data for f in frames if f.kind is pn532.FrameKind.DATA]
    assert frame[6:-2] in datas


@given(chunks)
@settings(max_examples=300, deadline=None)
def test_line_decoder_only_yields_clean_payloads_seen_in_the_input(parts):
    d = LineDecoder()
    for i, part in enumerate(parts):
        d.step(i * 0.05, part)
    lines = [raw.strip() for raw in b"".join(parts).split(b"\n")]
    for tag in d.take_uids():
        assert tag == tag.strip() and 0 < len(tag) <= MAX_PAYLOAD
        assert all(0x20 <= ord(c) <= 0x7E or c == "\t" for c in tag)
        assert tag.encode() in lines


def _noisy(line: bytes) -> bool:
    """A control or non-ASCII byte in the line, not counting the CR of a CR LF line ending."""
    return any(x < 0x20 and x != 9 or x > 0x7E for x in line.replace(b"\n", b"").rstrip(b"\r"))


@given(st.lists(st.binary(min_size=1, max_size=60).filter(_noisy)))
@settings(max_examples=200, deadline=None)
def test_line_decoder_reads_nothing_from_binary_noise_lines(noise_lines):
    d = LineDecoder()
    d.step(0.0, b"\n".join(line.replace(b"\n", b"\x00") for line in noise_lines) + b"\n")
    assert d.take_uids() == []


@given(st.binary(max_size=80))
@settings(max_examples=300, deadline=None)
def test_line_decoder_never_reads_a_forged_pico_line(noise):
    d = LineDecoder()
    d.step(0.0, b"NW TAG " + noise.replace(b"\n", b"") + b"\n")
    tags = d.take_uids()
    # only a line whose CRC happens to match could pass; then it must be a well-formed UID
    assert all(len(t) in (8, 14, 20) and all(c in "0123456789ABCDEF" for c in t) for t in tags)


@given(st.sampled_from([4, 7, 10]).flatmap(lambda n: st.binary(min_size=n, max_size=n)))
def test_lineproto_tag_round_trip(uid):
    kind, fields = lineproto.decode(lineproto.tag(uid))
    assert kind == "TAG" and lineproto.parse_uid(fields[0]) == uid.hex().upper()


@given(st.sampled_from(["HELLO", "BEAT", "ERR", "TAG", "HI"]), st.lists(words, max_size=4))
def test_lineproto_round_trip_any_fields(kind, fields):
    line = lineproto.encode(kind, *fields)
    assert lineproto.decode(line) == (kind, tuple(fields))
    assert all(0x20 <= ord(c) <= 0x7E for c in line)


@given(st.binary(min_size=7, max_size=7), st.data())
@settings(max_examples=300)
def test_lineproto_any_single_character_change_is_rejected(uid, data):
    line = lineproto.tag(uid)
    i = data.draw(st.integers(0, len(line) - 1))
    c = data.draw(st.characters(min_codepoint=0x20, max_codepoint=0x7E).filter(lambda ch: ch != line[i]))
    broken = line[:i] + c + line[i + 1:]
    try:
        lineproto.decode(broken)
    except lineproto.LineError:
        return
    raise AssertionError(f"{broken!r} was accepted")


@given(st.text(max_size=120))
def test_lineproto_decode_raises_only_line_error(text):
    try:
        lineproto.decode(text)
    except lineproto.LineError:
        pass
