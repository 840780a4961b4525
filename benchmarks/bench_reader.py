"""Card-reader parser throughput: PN532 frames/s and Pico/QR lines/s through our incremental decoders.

The stream is what a busy reader sends (InListPassiveTarget replies with and without a card, ACKs,
some noise; Pico TAG/BEAT lines and QR payloads), cut into chunks of random size as a serial port
delivers them. Peer: a one-shot decoder over the whole buffer at once (find the start code, check
the sums; `bytes.split` for lines), i.e. the floor any parser of these formats pays. Goal: at least
5,000 frames/s, more than ten times what a 115200-baud link can carry (~500 PN532 frames/s).

The tag-in -> card-on-screen latency is the app integrator's: `CardRead.t` is the clock reading at the
poll that produced the read, so the app can subtract it from the moment the card is drawn.

    python benchmarks/bench_reader.py [--quick]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `companion` importable from the checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import median_time, row
from companion.hal import lineproto, pn532
from companion.hal.reader import LineDecoder

GOAL_FRAMES_PER_S = 5000.0


def _pn532_stream(n: int, rng: random.Random) -> tuple[bytes, int]:
    """A byte stream of about `n` chip frames with some noise, and its count of valid frames."""
    out, frames = bytearray(), 0
    for i in range(n):
        if i % 3 == 0:
            uid = bytes([0x04]) + bytes(rng.randrange(256) for _ in range(6))
            out += pn532.build_frame(bytes([0x4B, 0x01, 0x01, 0x00, 0x44, 0x00, 0x07]) + uid, pn532.CHIP_TFI)
        elif i % 3 == 1:
            out += pn532.build_frame(b"\x4b\x00", pn532.CHIP_TFI)
        else:
            out += pn532.ACK
        frames += 1
        if i % 50 == 0:
            out += bytes(rng.randrange(1, 256) for _ in range(5))  # line noise between frames
    return bytes(out), frames


def _line_stream(n: int, rng: random.Random) -> tuple[tuple[bytes, bytes], int]:
    """Two byte streams of `n` lines in all: a Pico's (TAG and BEAT lines) and a QR scanner's
    payloads. One port carries one of them: once a Pico has spoken, only its protocol counts."""
    pico, qr = [], []
    for i in range(n):
        if i % 3 == 0:
            pico.append(lineproto.tag(bytes([0x04]) + bytes(rng.randrange(256) for _ in range(6))))
        elif i % 3 == 1:
            pico.append(lineproto.beat(i))
        else:
            qr.append(f"II-{i % 18 + 1:02d}")
    return tuple(("\r\n".join(lines) + "\r\n").encode() for lines in (pico, qr)), n


def _chunks(data: bytes, rng: random.Random) -> list[bytes]:
    """`data` cut into 1..64-byte pieces, as reads from a serial port arrive."""
    out, i = [], 0
    while i < len(data):
        k = rng.randint(1, 64)
        out.append(data[i : i + k])
        i += k
    return out


def _floor_pn532(data: bytes) -> int:
    """One-shot frame scan over the whole buffer (the peer): count frames with valid sums."""
    count, i = 0, 0
    while True:
        i = data.find(b"\x00\xff", i)
        if i < 0 or i + 4 > len(data):
            return count
        length, lcs = data[i + 2], data[i + 3]
        if (length, lcs) in ((0, 0xFF), (0xFF, 0)):
            count, i = count + 1, i + 4
        elif (length + lcs) & 0xFF == 0 and sum(data[i + 4 : i + 5 + length]) & 0xFF == 0:
            count, i = count + 1, i + 5 + length
        else:
            i += 2


def _floor_lines(data: bytes) -> int:
    """Split on newlines and decode each as ASCII (the peer)."""
    return sum(1 for line in data.split(b"\n") if line.strip().decode("ascii"))


def run(quick: bool = False) -> list[dict]:
    """Measure both parsers against their one-shot floors."""
    rng = random.Random(5)
    n = 2000 if quick else 20000
    repeats = 3 if quick else 5
    rows = []

    data, frames = _pn532_stream(n, rng)
    chunks = _chunks(data, rng)

    def ours_pn532():
        parser = pn532.FrameParser()
        for c in chunks:
            parser.feed(c)
        assert parser.stats["frames_ok"] == frames

    t = median_time(ours_pn532, repeats)
    t_peer = median_time(lambda: _floor_pn532(data), repeats)
    rate, peer = frames / t, frames / t_peer
    rows.append(
        row(
            "PN532 frame parser",
            "frames/s",
            rate,
            f">= {GOAL_FRAMES_PER_S:,.0f}",
            rate >= GOAL_FRAMES_PER_S,
            "one-shot scan of the whole buffer",
            peer,
            rate / peer,
        )
    )

    streams, lines = _line_stream(n, rng)
    ports = [_chunks(data, rng) for data in streams]

    def ours_lines():
        ok = 0
        for chunks in ports:  # each port with its own decoder, from a line's beginning
            decoder = LineDecoder()
            for i, c in enumerate(chunks):
                decoder.step(i * 0.001, c)
            ok += decoder.stats["frames_ok"]
        assert ok == lines

    t = median_time(ours_lines, repeats)
    t_peer = median_time(lambda: sum(_floor_lines(data) for data in streams), repeats)
    rate, peer = lines / t, lines / t_peer
    rows.append(
        row(
            "Line reader (Pico CRC lines + QR)",
            "lines/s",
            rate,
            f">= {GOAL_FRAMES_PER_S:,.0f}",
            rate >= GOAL_FRAMES_PER_S,
            "bytes.split + ascii decode",
            peer,
            rate / peer,
        )
    )
    return rows


if __name__ == "__main__":
    for r in run(quick="--quick" in sys.argv):
        print(
            f"{r['name']:40s} {r['median']:>12,.0f} {r['unit']:9s} peer {r['peer_median']:>12,.0f}  "
            f"ratio {r['ratio']:.3f}  goal {r['goal']}  {'ok' if r['ok'] else 'MISSED'}"
        )
