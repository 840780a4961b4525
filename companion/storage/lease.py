"""One writer per game: the lease a process holds on a game it writes.

The journal's `leases` table has a row per game being written: the holder's pid, its start time
(field 22 of /proc/<pid>/task/<pid>/stat, in clock ticks since boot, so a pid the kernel has given
to another program since is not taken for the holder), the machine (host name and boot: after a power cut the
same pid and start time may well come back, to another program or to the restarted service itself,
so a lease of an earlier boot is always stale), who it is (`table`, `run`, `play`,
`journal`) and a token naming one open journal of that process. A writer takes the lease in the same
`BEGIN IMMEDIATE` transaction that reads or writes the game (companion/storage/journal.py), so two
processes cannot both take it. A lease whose process is gone, whose start time differs, or that was
written on another host (a WAL journal can only be shared by processes of one machine, SQLite's own
rule) is stale and is taken over; a live holder's lease makes every other writer stop with `GameBusy`
and change nothing. The holder gives it back when it leaves the game or closes the journal; a killed
holder's lease is stale by definition.
"""

from __future__ import annotations

import os
import time

from companion.errors import N_, Text
from companion.records import Named
from companion.storage.faults import JournalError

BOOT_ID = "/proc/sys/kernel/random/boot_id"  # the kernel's random id of this boot

# Who holds a game, as stored (a key) and as told (in the user's language, at the edge).
WHO = {
    "table": N_("the table"),
    "run": N_("companion run"),
    "play": N_("companion play"),
    "journal": N_("companion journal"),
}


class Holder(Named):
    """One lease: a process that writes a game."""

    pid: int
    started: int
    host: str
    who: str
    since: float
    token: str


def me(who: str) -> Holder:
    """This process as a lease holder, with a token of its own (one per open journal)."""
    pid = os.getpid()
    return Holder(pid, process_start(pid) or 0, machine(), who, time.time(), os.urandom(12).hex())


def machine() -> str:
    """This machine in this boot: "<host name>#<boot id>" (BOOT_ID, a new random id at every boot;
    just the host name where there is none)."""
    try:
        with open(
            BOOT_ID, encoding="utf-8"
        ) as f:  # (hex digits; "ascii" would load one more codec on the way to READY)
            boot = f.read().strip()
    except OSError:
        boot = ""
    host = os.uname().nodename  # what gethostname() answers, without importing socket before READY (3 ms)
    return f"{host}#{boot}" if boot else host


def process_start(pid: int) -> int | None:
    """When process `pid` started (clock ticks since boot, field 22 of its main thread's stat); None if
    there is no such process, or it is a zombie (it exited and can write nothing more). 0 where /proc is
    missing.

    Read from /proc/<pid>/task/<pid>/stat, the kernel's own answer, which every process reads alike:
    an emulator may answer a process's reads of its own /proc/<pid>/stat itself (qemu-user does, with
    its own start time), and a lease written with that time would look stale to every other process.
    /proc/<pid>/stat only where there is no task folder."""
    stat = None
    for path in (f"/proc/{pid}/task/{pid}/stat", f"/proc/{pid}/stat"):
        try:
            with open(path, "rb") as f:
                stat = f.read()
            break
        except FileNotFoundError:
            continue
        except OSError:
            return None
    if stat is None:
        if os.path.isdir("/proc/self"):
            return None
        return 0 if process_exists(pid) else None  # no /proc (not Linux): the pid alone
    fields = stat[stat.rfind(b")") + 2 :].split()  # the name in brackets may hold spaces
    if fields[0] in (b"Z", b"X"):
        return None
    return int(fields[19])  # field 22; fields[0] is field 3


def process_exists(pid: int) -> bool:
    """Is there a process `pid` (asked without /proc)? One of another user's counts: it may still be
    writing (the start guard asks the same of its temp files' writers)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def alive(holder: Holder) -> bool:
    """Is the lease's holder still running (same machine and boot, same pid, same start time)?"""
    if holder.host != machine():
        return False
    started = process_start(holder.pid)
    return started is not None and (started == holder.started or not holder.started)


class GameBusy(JournalError):
    """Another live process holds the game: nothing was written."""

    def __init__(self, game_id: int, holder: Holder):
        self.game_id = game_id
        self.holder = holder
        if holder.who == "table":
            text = N_("game {id} is being played by {who} (pid {pid}); stop it or use the table's undo")
        else:
            text = N_("game {id} is being written by {who} (pid {pid}); wait until it ends or stop it")
        super().__init__(text, id=game_id, who=Text(WHO.get(holder.who, holder.who)), pid=holder.pid)
