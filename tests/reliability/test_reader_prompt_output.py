"""A Pico's MicroPython prompt, banners and tracebacks never become card reads (issue 13, point 6).

Every stream of tests/hal/reader_corpus/ goes through a real `lines` reader (loop:// device, with CR LF
and with LF, cut into random chunks and mixed with real reads); the count of reads that were not
real tags is the figure in RELIABILITY.md. Before the fix the corpus gave 58 false reads.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.gamedata.config import ReaderConfig
from companion.hal import lineproto
from companion.hal.clock import FakeClock
from companion.hal.reader import QUIET_S, open_reader
from tests.hal.test_reader_fuzz import NOISE, corpus
from tests.reliability.conftest import FULL
from tests.reliability.helpers import LoopDevice

REAL = ["04A1B2C3D4E5F6", "II-04", "DEADBEEF"]
PICO_TAG = lineproto.tag(bytes.fromhex("04A1B2C3D4E5F6"))
MIXED = settings(
    max_examples=1500 if FULL else 100,
    deadline=None,
    derandomize=not FULL,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _reads(lines: list[str], eol: str, rng: random.Random) -> list[str]:
    """Tags a fresh `lines` reader yields for `lines`, sent in random chunks."""
    clock, device = FakeClock(), LoopDevice()
    reader = open_reader(ReaderConfig("lines", "loop://", 115200, 0.0), clock, opener=device.opener)
    reader.poll()  # the port opens and stays quiet a while: the stream's first line is a whole one
    clock.advance(QUIET_S)
    reader.poll()
    data, got, i = "".join(line + eol for line in lines).encode(), [], 0
    while i < len(data):
        k = rng.randint(1, 64)
        device.port.write(data[i : i + k])
        got += [r.tag for r in reader.poll()]
        clock.advance(0.01)
        i += k
    got += [r.tag for r in reader.poll()]
    reader.close()
    return got


def test_prompt_output_gives_no_false_reads(figures):
    rng, streams, lines, false_reads = random.Random(13), 0, 0, 0
    for body in corpus().values():
        for eol in ("\r\n", "\n"):
            got = _reads(body, eol, rng)
            streams, lines, false_reads = streams + 1, lines + len(body), false_reads + len(got)
    assert false_reads == 0
    mixed = 0

    @MIXED
    @given(
        st.lists(st.sampled_from(NOISE) | st.sampled_from(REAL + [PICO_TAG]), max_size=40),
        st.integers(0, 2**32),
    )
    def attempt(items, seed):
        """Noise, scanner tags and the Pico's TAG lines in any order: exactly the real reads come out
        (scanner lines only until the port shows a prompt or a TAG line: from then on it is a Pico's port)."""
        nonlocal mixed
        mixed += 1
        first_noise = next((i for i, t in enumerate(items) if t in NOISE or t == PICO_TAG), len(items))
        expected = [
            REAL[0] if t == PICO_TAG else t
            for i, t in enumerate(items)
            if t == PICO_TAG or (t in REAL and i < first_noise)
        ]
        assert _reads(items, "\r\n", random.Random(seed)) == expected

    attempt()
    figures.setdefault("Bad input: reader bytes", {}).update(
        {
            "lines: a Pico's prompt, banners and tracebacks (tests/hal/reader_corpus)": (
                f"{streams} streams, {lines} lines, {mixed} mixed with real reads: {false_reads} false reads"
            )
        }
    )
    assert lineproto.encode(lineproto.HI) in NOISE  # the echoed handshake is part of the corpus
