"""Fuzzing both reader parsers and the line protocol: nothing escapes, noise never becomes a read."""

import string
from pathlib import Path

import pytest
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
    lines = [raw.strip() for raw in b"".join(parts).replace(b"\r", b"\n").split(b"\n")]  # CR ends a line too
    for tag in d.take_uids():
        assert tag == tag.strip() and 0 < len(tag) <= MAX_PAYLOAD
        assert all(0x20 <= ord(c) <= 0x7E or c == "\t" for c in tag)
        assert tag.encode() in lines


def _noisy(line: bytes) -> bool:
    """A control or non-ASCII byte in the line (CR and LF end lines: they are not part of one)."""
    return any(x < 0x20 and x not in (9, 10, 13) or x > 0x7E for x in line)


@given(st.lists(st.binary(min_size=1, max_size=60).filter(_noisy)))
@settings(max_examples=200, deadline=None)
def test_line_decoder_reads_nothing_from_binary_noise_lines(noise_lines):
    d = LineDecoder()
    d.step(
        0.0, b"\n".join(line.replace(b"\n", b"\x00").replace(b"\r", b"\x00") for line in noise_lines) + b"\n"
    )
    assert d.take_uids() == []


@given(st.binary(max_size=80))
@settings(max_examples=300, deadline=None)
def test_line_decoder_never_reads_a_forged_pico_line(noise):
    d = LineDecoder()
    d.step(0.0, b"NW TAG " + noise.replace(b"\n", b"").replace(b"\r", b"") + b"\n")  # one line
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


@pytest.mark.parametrize("crc", ["* 4", "*+4", "*4 "])
def test_lineproto_a_crc_with_a_space_or_sign_is_rejected(crc):
    line = lineproto.tag(bytes.fromhex("0CBBA8A1588A84"))  # its CRC is 04: int(" 4", 16) == 4
    assert line.endswith("*04")
    with pytest.raises(lineproto.LineError):
        lineproto.decode(line[:-3] + crc)


@given(st.binary(min_size=7, max_size=7), st.data())
@settings(max_examples=300)
def test_lineproto_any_single_character_change_is_rejected(uid, data):
    line = lineproto.tag(uid)
    i = data.draw(st.integers(0, len(line) - 1))
    c = data.draw(st.characters(min_codepoint=0x20, max_codepoint=0x7E).filter(lambda ch: ch != line[i]))
    broken = line[:i] + c + line[i + 1 :]
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


# -- a Pico talking from its MicroPython prompt (tests/hal/reader_corpus/) -----------------------------
CORPUS = Path(__file__).parent / "reader_corpus"
HI_LINE = lineproto.encode(lineproto.HI)


def corpus() -> dict[str, list[str]]:
    """file name -> its lines, with {HI} replaced by the host's own HI line."""
    return {
        p.name: p.read_text(encoding="ascii").replace("{HI}", HI_LINE).split("\n")[:-1]
        for p in sorted(CORPUS.glob("*.txt"))
    }


def _protocol_ok(line: str) -> bool:
    """A valid board -> host protocol line (HELLO, BEAT...): the only corpus lines that are not noise."""
    try:
        return lineproto.decode(line.strip())[0] != lineproto.HI
    except lineproto.LineError:
        return False


NOISE = sorted(
    {line for lines in corpus().values() for line in lines if line.strip() and not _protocol_ok(line)}
)


def test_corpus_holds_the_crash_output_that_once_became_cards():
    assert len(corpus()) >= 9 and len(NOISE) >= 25
    for sign in (
        "Traceback (most recent call last):",
        ">>>",
        "...     NW",
        HI_LINE,
        'Type "help()" for more information.',
        "MicroPython v1.22.2 on 2024-02-22; Raspberry Pi Pico with RP2040",
        "KeyboardInterrupt",
        "SyntaxError: invalid syntax",
        '  File "main.py", line 108, in <module>',
    ):
        assert sign in NOISE or sign.strip() in (n.strip() for n in NOISE), sign


@pytest.mark.parametrize("eol", ["\r\n", "\n"], ids=["crlf", "lf"])
@pytest.mark.parametrize("name", sorted(corpus()))
def test_pico_prompt_output_is_never_a_read_and_every_line_is_counted(name, eol):
    lines = corpus()[name]
    d = LineDecoder()
    d.step(0.0, "".join(line + eol for line in lines).encode())
    assert d.take_uids() == []
    assert d.stats["dropped_garbage"] == sum(1 for line in lines if line.strip() and not _protocol_ok(line))
    ok, why = d.status_at(0.1)
    assert not ok and "MicroPython prompt" in why


@pytest.mark.parametrize("name", sorted(corpus()))
def test_prompt_output_is_recognised_even_with_a_pattern_that_takes_any_line(name):
    d = LineDecoder(tag_pattern=".+")
    d.step(0.0, "".join(line + "\r\n" for line in corpus()[name]).encode())
    assert d.take_uids() == []


scanner_tags = st.sampled_from(
    [
        "04A1B2C3D4E5F6",
        "04:A1:B2:C3:D4:E5:F6",
        "DEADBEEF",
        "II-04",
        "I-07",
        "QR-II-03",
        "relic.pristine_blood",
        "0012345678",
        "A",
    ]
)
pico_uids = st.sampled_from([4, 7, 10]).flatmap(lambda n: st.binary(min_size=n, max_size=n))
stream_items = st.one_of(
    st.sampled_from(NOISE).map(lambda s: ("noise", s)),
    scanner_tags.map(lambda s: ("scan", s)),
    pico_uids.map(lambda u: ("pico", u)),
)


@given(
    st.lists(stream_items, max_size=40),
    st.lists(st.integers(1, 64), min_size=1, max_size=8),
    st.sampled_from(["\r\n", "\n"]),
)
@settings(max_examples=300, deadline=None)
def test_prompt_output_mixed_with_real_reads_gives_exactly_the_real_reads(items, cuts, eol):
    wire, expected, prompt_seen = [], [], False
    for what, value in items:
        if what == "pico":
            wire.append(lineproto.tag(value))
            expected.append(value.hex().upper())
            prompt_seen = True
        else:
            wire.append(value)
            prompt_seen = prompt_seen or what == "noise"
            if (
                what == "scan" and not prompt_seen
            ):  # once a prompt (or a TAG line) showed, the port is a Pico's
                expected.append(value)
    data = "".join(line + eol for line in wire).encode()
    d, i, k = LineDecoder(), 0, 0
    while i < len(data):  # cut as a serial port delivers it
        d.step(k * 0.01, data[i : i + cuts[k % len(cuts)]])
        i, k = i + cuts[k % len(cuts)], k + 1
    assert d.take_uids() == expected


@given(st.lists(st.sampled_from(NOISE) | scanner_tags, max_size=30))
@settings(max_examples=200, deadline=None)
def test_after_a_handshake_only_protocol_lines_count(lines):
    uid = bytes.fromhex("04A1B2C3D4E5F6")
    d = LineDecoder()
    stream = [lineproto.hello("0.1.0", "RC522")] + lines + [lineproto.tag(uid)] + lines
    d.step(0.0, "".join(line + "\r\n" for line in stream).encode())
    assert d.take_uids() == ["04A1B2C3D4E5F6"]


# -- the port opened while a line was on its way: its tail arrives first (issue 24, point 6) ------------
NTAG = "04A1B2C3D4E5F6"
SCANNED = [
    "04A1B2C3D4E5F6",
    "04:A1:B2:C3:D4:E5:F6",
    "04A1B2C3D4E5F6A7B8C9",
    "DEADBEEF",
    "II-04",
    "QR-II-03",
    "relic.pristine_blood",
    "0012345678",
    "4006381333931",
]
WIRE_LINES = sorted(
    {line for lines in corpus().values() for line in lines}
    | {lineproto.tag(bytes.fromhex(u)) for u in (NTAG, "DEADBEEF", "04A1B2C3D4E5F6A7B8C9")}
    | {lineproto.hello("0.1.0", "RC522-92"), lineproto.beat(17)}
    | set(SCANNED)
)
# every tail a cut can leave: each line from every position on (the whole line too: the first byte
# after an open may be a line's first byte, and nothing tells)
TAILS = sorted(
    {line[i:] for line in WIRE_LINES for i in range(len(line))} | {"RP2040", "EIO", "ETIMEDOUT", "B3C4D5E6F7"}
)


def _opened(first: str, eol: str, rest: bytes = b"") -> LineDecoder:
    """A decoder whose port just opened (the HI goes out) and whose first bytes are `first` + `eol`,
    then `rest`, as one read a few ms later."""
    d = LineDecoder()
    d.restart(0.0)
    assert d.step(0.0).startswith(b"NW HI*")
    d.step(0.01, (first + eol).encode() + rest)
    return d


def _counted(d: LineDecoder) -> int:
    """Lines the decoder took or dropped, by its counters."""
    return sum(v for k, v in d.stats.items() if k.startswith("dropped_") or k == "frames_ok")


def test_the_tails_hold_what_once_became_cards():
    assert len(TAILS) > 1000
    for tail in (
        "RP2040",
        "EIO",
        "ETIMEDOUT",
        "B3C4D5E6F7",
        "D4E5F6",
        "C3D4E5F6",
        "4E5F6*94",
        "blood",
        "04",
        "Pico with RP2040",
        'help()" for more information.',
    ):
        assert tail in TAILS


@pytest.mark.parametrize("eol", ["\r\n", "\n", "\r"], ids=["crlf", "lf", "cr"])
def test_no_tail_is_a_read_as_the_first_line_after_an_open(eol):
    then_pico = (
        lineproto.hello("0.1.0", "RC522") + "\r\n" + lineproto.tag(bytes.fromhex(NTAG)) + "\r\n"
    ).encode()
    for tail in TAILS:
        d = _opened(tail, eol)
        assert d.take_uids() == [] or lineproto.is_ours(tail), tail  # only a whole TAG line counts
        assert _counted(d) >= 1 or not tail.strip(), f"{tail!r} vanished without being counted"
        d = _opened(tail, eol, then_pico)  # ... and the board says HELLO and reads a card
        uids = d.take_uids()
        assert uids[-1:] == [NTAG] and (len(uids) == 1 or lineproto.is_ours(tail)), (tail, uids)


def test_a_tail_counts_as_partial_and_the_scanner_reads_on():
    d = _opened(
        "D4E5F6", "\r\n", b"II-04\r\nB3C4D5E6F7\r\nRP2040\r\nEIO\r\n04:A1:B2\r\n8804A1B2\r\nDEADBEEF\r\n"
    )
    assert d.take_uids() == ["II-04", "DEADBEEF"]
    assert d.stats["dropped_partial"] == 1 and d.stats["dropped_garbage"] == 5
    assert d.status_at(0.1) == (True, "line reader ready")


def test_a_too_long_first_line_is_the_first_line():
    d = _opened("x" * 300, "")  # no line end yet: dropped as too long while it goes on
    d.step(0.02, b"xx\nII-04\n")
    assert d.take_uids() == ["II-04"] and d.stats["dropped_too_long"] == 1


@pytest.mark.parametrize(
    "line",
    [
        "RP2040",
        "RP2350",
        "EIO",
        "ETIMEDOUT",
        "ENODEV",
        "B3C4D5E6F7",
        "A1B2C3D4E5F6",
        "4A1B2C3D4E5F6",
        "04:A1:B2",
        "A1:B2:C3:D4:E5:F6",
        "8804A1B2",
        "88:04:A1:B2",
    ],
)
def test_a_line_only_a_cut_makes_is_no_read_even_as_a_whole_line_before_hello(line):
    d = LineDecoder()  # a port read from its first byte: the line is whole, yet no tag looks like this
    d.step(0.0, (line + "\r\n").encode())
    assert d.take_uids() == [] and d.stats["dropped_garbage"] == 1


def test_every_whole_tag_a_scanner_sends_is_still_a_read():
    d = LineDecoder()
    d.step(
        0.0, "".join(t + eol for t, eol in zip(SCANNED + ["A", "CAFE"], ["\r\n", "\n", "\r"] * 4)).encode()
    )
    assert d.take_uids() == SCANNED + ["A", "CAFE"]


def _wire(lines: list[str], eols: list[str]) -> tuple[bytes, list[tuple[int, int]]]:
    """The bytes of `lines` with line ends taken in turn from `eols`, and each line's (start, end)."""
    out, spans = b"", []
    for i, line in enumerate(lines):
        spans.append((len(out), len(out) + len(line)))
        out += (line + eols[i % len(eols)]).encode()
    return out, spans


def _feed_from(d: LineDecoder, data: bytes, cuts: list[int]) -> None:
    """`data` in chunks as a serial port hands it over (sizes taken in turn from `cuts`), 10 ms apart."""
    i, k = 0, 0
    while i < len(data):
        d.step(0.01 * (k + 1), data[i : i + cuts[k % len(cuts)]])
        i, k = i + cuts[k % len(cuts)], k + 1


pico_lines = st.one_of(st.sampled_from(NOISE), pico_uids.map(lineproto.tag), st.just(lineproto.beat(3)))
eols = st.lists(st.sampled_from(["\r\n", "\n", "\r"]), min_size=1, max_size=3)


@given(
    st.lists(pico_lines, min_size=1, max_size=30),
    eols,
    st.data(),
    st.lists(st.integers(1, 64), min_size=1, max_size=6),
)
@settings(max_examples=300, deadline=None)
def test_a_pico_stream_opened_anywhere_gives_only_the_tag_lines_that_came_whole(lines, ends, data, cuts):
    wire, spans = _wire(lines, ends)
    at = data.draw(st.integers(0, len(wire) - 1))  # the open lands here: what came before is flushed
    expected = [
        lineproto.decode(line)[1][0]
        for line, (start, _) in zip(lines, spans)
        if start >= at and lineproto.is_ours(line) and lineproto.decode(line)[0] == lineproto.TAG
    ]
    d = LineDecoder()
    d.restart(0.0)
    _feed_from(d, wire[at:], cuts)
    assert d.take_uids() == expected


@given(
    st.lists(st.sampled_from(SCANNED), min_size=1, max_size=20),
    eols,
    st.data(),
    st.lists(st.integers(1, 64), min_size=1, max_size=6),
)
@settings(max_examples=300, deadline=None)
def test_a_scanner_opened_anywhere_reads_every_line_after_the_first_one_it_sees(lines, ends, data, cuts):
    wire, spans = _wire(lines, ends)
    at = data.draw(st.integers(0, len(wire) - 1))
    first_end = next(i for i in range(at, len(wire)) if wire[i] in b"\r\n")  # the first line ends here
    expected = [line for line, (start, _) in zip(lines, spans) if start > first_end]
    d = LineDecoder()
    d.restart(0.0)
    _feed_from(d, wire[at:], cuts)
    assert d.take_uids() == expected
