"""`nightwatch.local` on the local network: the phone view announced over mDNS (python-zeroconf).

Where the network lets multicast through, a phone (or a laptop) finds the table as
`http://nightwatch.local:PORT` and as a web service (`_http._tcp`) named "Nightwatch". On a network
that blocks multicast, or a machine whose port 5353 is taken by a responder that refuses to share it,
the announcement is left out and said once: the QR code carries the table's address anyway.
On a Raspberry Pi, avahi-daemon also answers for `<hostname>.local`; zeroconf shares port 5353 with it.

The announcement runs in a child process (`python -m companion.web.mdns NAME PORT ADDRESS`): zeroconf
and what it imports cost ~10 MB of memory, which the table's own process never carries (the phone
view's memory goal, BENCHMARKS.md). The child announces until its standard input closes: when the
table stops, and also when it is killed (the kernel closes the pipe), so no announcement outlives the
table.
"""

from __future__ import annotations

import asyncio
import socket
import sys
from collections.abc import Callable

SERVICE = "_http._tcp.local."
READY, REFUSED = "announced", "refused"  # the child's one line on stdout
START_TIMEOUT_S = 10.0  # a child that says nothing by then is left alone (the QR code still works)


class Announcer:
    """Announces `name`.local at `address`:`port` while the server runs, from a child process."""

    def __init__(self, name: str, port: int, address: str, say: Callable[[str], None]):
        """Nothing is sent until `start`."""
        self.name, self.port, self.address, self.say = name, port, address, say
        self._child: asyncio.subprocess.Process | None = None

    @property
    def pid(self) -> int | None:
        """The announcing child's pid while it runs (tests)."""
        return self._child.pid if self._child is not None and self._child.returncode is None else None

    async def start(self) -> None:
        """Start the child and wait for its first line (a failure is said, never raised)."""
        try:
            self._child = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "companion.web.mdns",
                self.name,
                str(self.port),
                self.address,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
            )
            line = await asyncio.wait_for(self._child.stdout.readline(), START_TIMEOUT_S)
        except (TimeoutError, OSError):
            line = b""
        if line.strip() != READY.encode():
            self.say(
                f"phone view: not announced as {self.name}.local (no mDNS here, or the network refused it;"
                " use the address in the QR code)"
            )
            await self.stop()

    async def stop(self) -> None:
        """Withdraw the announcement: close the child's input, wait for it to unregister, else kill it."""
        child, self._child = self._child, None
        if child is None or child.returncode is not None:
            return
        try:
            child.stdin.close()
            await asyncio.wait_for(child.wait(), 3.0)
        except (TimeoutError, OSError):
            child.kill()
            await child.wait()


async def _announce(name: str, port: int, address: str) -> int:
    """The child: register the service, say so, wait for stdin to close, unregister."""
    try:
        from zeroconf import ServiceInfo
        from zeroconf.asyncio import AsyncZeroconf

        info = ServiceInfo(
            SERVICE,
            f"Nightwatch.{SERVICE}",
            port=port,
            addresses=[socket.inet_aton(address)],
            server=f"{name}.local.",
            properties={"path": "/pair"},
        )
        zc = AsyncZeroconf()
        await zc.async_register_service(info, allow_name_change=True)
    except Exception:  # noqa: BLE001 - no zeroconf, multicast refused, port taken: the QR code still works
        print(REFUSED, flush=True)
        return 1
    print(READY, flush=True)
    loop = asyncio.get_running_loop()
    try:
        await loop.run_in_executor(None, sys.stdin.buffer.read)  # until the table closes the pipe (or dies)
    finally:
        try:
            await zc.async_unregister_service(info)
        finally:
            await zc.async_close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(_announce(sys.argv[1], int(sys.argv[2]), sys.argv[3])))
