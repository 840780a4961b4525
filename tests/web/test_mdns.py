"""The phone view's mDNS announcement runs in a child process (companion/web/mdns.py): the table's own
process never loads zeroconf (its memory goal), and no announcement outlives the table, even a killed one."""

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from companion.web.mdns import Announcer


@pytest.fixture
def multicast():
    """Skip, saying why, where this machine cannot send multicast from the loopback as zeroconf does
    (its interface chosen with IP_MULTICAST_IF): qemu-user (tools/pi-emu.sh) does not translate that
    option ("Protocol not available"); a namespace without a multicast route cannot send."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
            s.sendto(b"", ("224.0.0.251", 5353))
        except OSError as exc:
            pytest.skip(f"no multicast from the loopback here ({exc.strerror}): emulation or no network")


def _gone(pid: int, within: float = 10.0) -> bool:
    """Has process `pid` exited (and been reaped, or become a zombie) within `within` seconds?"""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.05)
    return False


def test_the_announcement_runs_beside_the_table_and_ends_with_stop(multicast):
    said = []

    async def run():
        a = Announcer("nightwatch-test", 8080, "127.0.0.1", said.append)
        await a.start()
        pid = a.pid
        assert pid is not None and pid != os.getpid(), said  # announced, from a child
        assert "zeroconf" not in sys.modules  # the table's process never loads it
        await a.stop()
        return pid

    pid = asyncio.run(run())
    assert _gone(pid) and said == []


def test_a_refused_announcement_is_said_once_and_leaves_no_child():
    said = []

    async def run():
        a = Announcer("nightwatch-test", 8080, "not-an-address", said.append)  # the child refuses it
        await a.start()
        return a.pid

    assert asyncio.run(run()) is None
    assert len(said) == 1 and "not announced as nightwatch-test.local" in said[0]


def test_a_killed_table_takes_its_announcement_with_it(multicast):
    code = (
        "import asyncio, sys; from companion.web.mdns import Announcer\n"
        "async def main():\n"
        "    a = Announcer('nightwatch-test', 8080, '127.0.0.1', print)\n"
        "    await a.start(); print(a.pid, flush=True); await asyncio.sleep(60)\n"
        "asyncio.run(main())\n"
    )
    table = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        child = int(table.stdout.readline())
        assert not _gone(child, within=0.3)
        table.send_signal(signal.SIGKILL)  # no stop(): the kernel closes the child's stdin
        table.wait()
        assert _gone(child)
    finally:
        table.kill()
        table.wait()
