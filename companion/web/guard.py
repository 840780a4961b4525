"""Safe on a shared network: the limits the phone view's server keeps, and the headers it sends.

The table sits on a home or club network where anyone may send it anything. So, before a request
reaches a page (companion/web/server.py):

* connections: at most `max_connections` in all and `per_client` from one address; one more is
  closed unread (`GuardedH11.connection_made`);
* slow clients: a request's head must arrive within `head_s` of the connection (or of the last
  answer on a kept-alive one), its body within `body_s`; else the connection is closed
  (slowloris-style clients hold nothing for long). Idle kept-alive connections close after `idle_s`;
* size: a request head over `head_bytes`, a body over `body_bytes` is refused (431 / 413);
* rate: each address has a bucket of `burst` requests refilled at `rate` a second (429 when empty),
  and wrong tokens or codes have their own, much smaller bucket (`guesses` per minute), so 300 bad
  tokens cost an attacker minutes and get nothing;
* every answer carries the security headers (`HEADERS`): a strict Content-Security-Policy (our own
  script and style only, no inline code), no caching (pages carry live game state or a token), no
  referrer (a pairing URL never leaks), no framing, no MIME sniffing.

`Counters` tells the tests and the benchmarks what the guard did.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import NamedTuple


class Limits(NamedTuple):
    """The server's limits (see the module's docstring)."""

    max_connections: int = 64
    per_client: int = 12
    head_s: float = 10.0
    body_s: float = 10.0
    idle_s: float = 5.0
    head_bytes: int = 8192
    body_bytes: int = 4096
    rate: float = 10.0
    burst: int = 40
    guesses: int = 10           # wrong tokens or codes a minute per address
    streams: int = 32           # phones watching at once (each holds one stream)


HEADERS = {
    "content-security-policy": ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
}
CLIENTS_KEPT = 1024  # addresses whose buckets are remembered (the oldest forgotten first)


class Counters:
    """What the guard refused or closed, and the connections open now (per address)."""

    def __init__(self):
        """All zero."""
        self.open: dict[str, int] = {}
        self.refused_connections = 0
        self.slow_closed = 0
        self.rate_limited = 0
        self.bad_passes = 0
        self.too_large = 0

    @property
    def total(self) -> int:
        """Connections open now."""
        return sum(self.open.values())


class Buckets:
    """Token buckets per client address: `take(addr)` is False when that address has none left."""

    def __init__(self, rate: float, burst: float, clock=time.monotonic):
        """`rate` tokens a second, at most `burst` kept."""
        self.rate, self.burst, self.clock = rate, burst, clock
        self._kept: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, addr: str, cost: float = 1.0) -> bool:
        """Take `cost` from `addr`'s bucket; False (nothing taken) if it has less."""
        now = self.clock()
        tokens, then = self._kept.pop(addr, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        ok = tokens >= cost
        self._kept[addr] = (tokens - cost if ok else tokens, now)
        if len(self._kept) > CLIENTS_KEPT:
            self._kept.popitem(last=False)
        return ok

    def empty(self, addr: str) -> bool:
        """Whether `addr` has no whole token left (nothing is taken)."""
        now = self.clock()
        tokens, then = self._kept.get(addr, (self.burst, now))
        return min(self.burst, tokens + (now - then) * self.rate) < 1.0


def protocol(limits: Limits, counters: Counters):
    """uvicorn's h11 protocol with the connection limits and the slow-client deadlines added."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class GuardedH11(H11Protocol):
        """H11Protocol that refuses connections over the limits and closes clients too slow to send a request."""

        _addr: str | None = None
        _deadline = None

        def connection_made(self, transport) -> None:  # type: ignore[override]
            """Count the connection, or close it unread when over a limit; start the head deadline."""
            peer = transport.get_extra_info("peername")
            addr = str(peer[0]) if peer else "?"
            if counters.total >= limits.max_connections or counters.open.get(addr, 0) >= limits.per_client:
                counters.refused_connections += 1
                transport.abort()
                return
            self._addr = addr
            counters.open[addr] = counters.open.get(addr, 0) + 1
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc) -> None:
            """Uncount it (a refused connection was never counted nor set up)."""
            if self._addr is None:
                return
            n = counters.open.get(self._addr, 1) - 1
            if n > 0:
                counters.open[self._addr] = n
            else:
                counters.open.pop(self._addr, None)
            self._addr = None
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            """Parse; once a whole request head is in, its deadline is met."""
            super().data_received(data)
            if self.cycle is not None and not self.cycle.response_complete:
                self._disarm()

        def eof_received(self) -> None:
            """The client closed its side: with no request being answered, there is nothing to wait for."""
            if self.cycle is None or self.cycle.response_complete:
                self.transport.close()

        def on_response_complete(self) -> None:
            """The answer is out: the next request's head must come within the deadline again."""
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def _arm(self) -> None:
            """(Re)start the head deadline."""
            self._disarm()
            self._deadline = self.loop.call_later(limits.head_s, self._too_slow)

        def _disarm(self) -> None:
            """Stop the head deadline."""
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            """No whole request head in time: close."""
            self._deadline = None
            counters.slow_closed += 1
            self.transport.close()

    return GuardedH11
