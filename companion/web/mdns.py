"""`nightwatch.local` on the local network: the phone view announced over mDNS (python-zeroconf).

Where the network lets multicast through, a phone (or a laptop) finds the table as
`http://nightwatch.local:PORT` and as a web service (`_http._tcp`) named "Nightwatch". On a network
that blocks multicast, or a machine whose port 5353 is taken by a responder that refuses to share it,
the announcement is left out and said once: the QR code carries the table's address anyway.
On a Raspberry Pi, avahi-daemon also answers for `<hostname>.local`; zeroconf shares port 5353 with it.
"""

from __future__ import annotations

import socket
from typing import Callable

SERVICE = "_http._tcp.local."


class Announcer:
    """Announces `name`.local at `address`:`port` while the server runs."""

    def __init__(self, name: str, port: int, address: str, say: Callable[[str], None]):
        """Nothing is sent until `start`."""
        self.name, self.port, self.address, self.say = name, port, address, say
        self._zc = None
        self._info = None

    async def start(self) -> None:
        """Register the service and the host name (a failure is said, never raised)."""
        try:
            from zeroconf import ServiceInfo
            from zeroconf.asyncio import AsyncZeroconf

            packed = socket.inet_aton(self.address)
        except (ImportError, OSError):
            self.say(f"phone view: not announced as {self.name}.local (no mDNS here; use the address in the QR code)")
            return
        self._info = ServiceInfo(SERVICE, f"Nightwatch.{SERVICE}", port=self.port, addresses=[packed],
                                 server=f"{self.name}.local.", properties={"path": "/pair"})
        try:
            self._zc = AsyncZeroconf()
            await self._zc.async_register_service(self._info, allow_name_change=True)
        except Exception:  # noqa: BLE001 - multicast refused, port taken: the QR code still works
            self.say(f"phone view: not announced as {self.name}.local (the network refused mDNS)")
            await self.stop()

    async def stop(self) -> None:
        """Withdraw the announcement."""
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            if self._info is not None:
                await zc.async_unregister_service(self._info)
        except Exception:  # noqa: BLE001 - going anyway
            pass
        await zc.async_close()
