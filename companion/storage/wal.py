"""What a SQLite write-ahead log (`-wal` file) says about its commits, read without SQLite.

SQLite reads a WAL frame by frame while each frame's checksum continues the chain, and silently
ignores everything after the first break. The journal's damage check (companion/storage/journal.py)
asks `wal_break` whether a break hides acknowledged commits (file format: sqlite.org/fileformat2.html#walformat).

Checking the chain here costs ~0.1 ms a frame in Python (a WAL holds up to ~1,000 frames between
checkpoints: a tenth of a second on a PC, more on a Pi, on the way to READY after a power cut). SQLite
checks the same chain in C when a connection first reads the file and writes how far it reached into
the `-shm` wal-index (`valid_frames`, sqlite.org/walformat.html#the_wal_index_header); given that
count, `wal_break` only reads the frame headers after it.
"""

from __future__ import annotations

import struct

WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")  # little- and big-endian checksums


def wal_break(wal: bytes, valid: int | None = None) -> str | None:
    """Why SQLite would silently drop commits of this -wal, or None.

    SQLite reads a WAL up to its first frame whose checksum chain breaks and ignores the rest. After a
    power cut that is at most the one transaction in flight (each commit is synced, FULL); two or more
    commit frames of the same WAL (same salts) after the break mean the file was damaged in the middle,
    and opening it would lose acknowledged commands. `valid`: how many frames SQLite found sound (its
    `valid_frames`): only the frames after those are checked here (None or 0: all of them)."""
    page = int.from_bytes(wal[8:12], "big")
    if len(wal) < 32 or page not in {2**k for k in range(9, 17)}:
        return None
    order = ">" if wal[3] & 1 else "<"  # 0x377f0683: big-endian checksums
    salts = wal[16:24]
    if valid:  # SQLite found the first `valid` frames sound: the chain goes on from the last one's sums
        last = 32 + (valid - 1) * (24 + page)
        sums, ok, start = struct.unpack(">II", wal[last + 16 : last + 24]), True, last + 24 + page
    else:
        sums = wal_checksum(wal[:24], 0, 0, order)
        ok, start = sums == struct.unpack(">II", wal[24:32]), 32
    later_commits = 0
    for at in range(start, len(wal) - (24 + page) + 1, 24 + page):
        head = wal[at : at + 24]
        if ok:
            if head[8:16] == salts:
                sums = wal_checksum(head[:8] + wal[at + 24 : at + 24 + page], *sums, order)
                ok = sums == struct.unpack(">II", head[16:24])
            else:
                ok = False
        elif head[8:16] == salts and head[4:8] != bytes(4):  # a commit frame of this WAL, after the break
            later_commits += 1
    if later_commits >= 2:
        return f"its -wal is damaged before {later_commits} later commits"
    return None


def wal_checksum(data: bytes, s0: int, s1: int, order: str) -> tuple[int, int]:
    """SQLite's WAL checksum of `data`, continuing from (s0, s1)."""
    words = struct.unpack(f"{order}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


WAL_INDEX_VERSION = 3007000  # iVersion of the wal-index header
_INDEX_HEADER = struct.Struct(
    "=IIIBBHII"
)  # iVersion, unused, iChange, isInit, bigEndCksum, szPage, mxFrame, nPage


def valid_frames(shm: bytes, wal: bytes) -> int | None:
    """How many frames of `wal` SQLite found sound (the wal-index header's mxFrame, in the machine's
    byte order), read from the `-shm` a connection left after its first read; None when the index does
    not speak for this WAL (no index, another version, not built, its two header copies differ, another
    page size or salts)."""
    if len(shm) < 96 or len(wal) < 32 or shm[:48] != shm[48:96]:
        return None
    version, _, _, built, _, size, frames, _ = _INDEX_HEADER.unpack_from(shm)
    page = int.from_bytes(wal[8:12], "big")
    if version != WAL_INDEX_VERSION or not built or (size or 65536) != page or shm[32:40] != wal[16:24]:
        return None
    return frames if 32 + frames * (24 + page) <= len(wal) else None
