"""What a SQLite write-ahead log (`-wal` file) says about its commits, read without SQLite.

SQLite reads a WAL frame by frame while each frame's checksum continues the chain, and silently
ignores everything after the first break. The journal's damage check (companion/storage/journal.py)
asks `wal_break` whether a break hides acknowledged commits (file format: sqlite.org/fileformat2.html#walformat).
"""

from __future__ import annotations

import struct

WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")  # little- and big-endian checksums


def wal_break(wal: bytes) -> str | None:
    """Why SQLite would silently drop commits of this -wal, or None.

    SQLite reads a WAL up to its first frame whose checksum chain breaks and ignores the rest. After a
    power cut that is at most the one transaction in flight (each commit is synced, FULL); two or more
    commit frames of the same WAL (same salts) after the break mean the file was damaged in the middle,
    and opening it would lose acknowledged commands."""
    page = int.from_bytes(wal[8:12], "big")
    if len(wal) < 32 or page not in {2**k for k in range(9, 17)}:
        return None
    order = ">" if wal[3] & 1 else "<"  # 0x377f0683: big-endian checksums
    salts = wal[16:24]
    sums = wal_checksum(wal[:24], 0, 0, order)
    ok = sums == struct.unpack(">II", wal[24:32])
    later_commits = 0
    for at in range(32, len(wal) - (24 + page) + 1, 24 + page):
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
