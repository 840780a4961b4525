"""Safe on a shared network: the limits the phone view's server keeps, and the headers it sends.

The table sits on a home or club network where anyone may send it anything. So, before a request
reaches a page (companion/web/server.py):

* connections: at most `max_connections` in all and `per_client` from one address. When the server
  is full, a new connection takes the place of one that has not sent a request head (`make_room`):
  one of the address holding the most connections, if it holds at least two more than the newcomer's
  address, else one waiting for its head longer than `busy_head_s` (a phone sends its head within
  milliseconds of connecting). So half-open connections from a few addresses never lock a phone
  out: a phone's poll or stream is served, an attacker's idle socket is closed. With nothing to
  close, the new connection is closed unread (`GuardedH11.connection_made`);
* slow clients: a request's head must arrive within `head_s` of the connection (or of the last
  answer on a kept-alive one), its body within `body_s`; else the connection is closed
  (slowloris-style clients hold nothing for long). Idle kept-alive connections close after `idle_s`;
* size: a request head over `head_bytes` is answered 431 however it arrives (counted on the wire
  here, and once more as parsed in companion/web/pages.py for pipelined requests), a body over
  `body_bytes` 413;
* rate: each address has a bucket of `burst` requests refilled at `rate` a second (429 when empty),
  and wrong tokens or codes have their own, much smaller bucket (`guesses` per minute). An address
  is cheap on a LAN (a /24, or one IPv6 host with many), so wrong *codes* also draw on one budget
  for the whole server (`CodeBudget`): `code_budget` of them, one more every `code_refill_s`; while
  it is spent, pairing by code pauses for everyone and the table's Phones screen says someone is
  guessing. The QR code's token (192 random bits) still pairs, and passes already held keep working.
  Wrong codes in any span of T seconds are at most code_budget + T / code_refill_s, which bounds the
  chance of a hit (`hit_chance`; tests/web/test_guessing.py keeps it under one in a million for a
  5-hour evening);
* every answer carries the security headers (`HEADERS`): a strict Content-Security-Policy (our own
  script, style and fonts only, no inline code), no caching (pages carry live game state or a token;
  only the table's fonts are kept, a week), no referrer (a pairing URL never leaks), no framing, no
  MIME sniffing;
* the log: a line a LAN client can cause goes through `QuietLog` (at most one line a minute, then
  one line counting the rest); a client that goes away mid-request is counted, not logged.

`Counters` tells the tests and the benchmarks what the guard did.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import NamedTuple


class Limits(NamedTuple):
    """The server's limits (see the module's docstring)."""

    max_connections: int = 64
    per_client: int = 12
    head_s: float = 10.0
    busy_head_s: float = 2.0  # a full server closes a connection without a head this old to make room
    body_s: float = 10.0
    idle_s: float = 5.0
    head_bytes: int = 8192
    body_bytes: int = 4096
    rate: float = 10.0
    burst: int = 40
    guesses: int = 10  # wrong tokens or codes a minute per address
    code_budget: int = 30  # wrong codes the whole server takes at once, from every address together
    code_refill_s: float = 60.0  # and one more each this many seconds
    streams: int = 32  # phones watching at once (each holds one stream)
    log_every_s: float = 60.0  # at most one client-caused log line this often (QuietLog)


HEADERS = {
    "content-security-policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; "
        "img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
}
CLIENTS_KEPT = 1024  # addresses whose buckets are remembered (the oldest forgotten first)
EVENING_H = 5.0  # the evening `hit_chance` is stated for (README, tests/web/test_guessing.py)
HEAD_END = re.compile(rb"\n\r?\n")  # the blank line that ends a request head (h11 takes a bare LF too)


class Counters:
    """What the guard refused or closed, and the connections open now (per address)."""

    def __init__(self):
        """All zero."""
        self.open: dict[str, int] = {}
        self.refused_connections = 0
        self.evicted = 0  # connections without a head closed to make room for a new one
        self.slow_closed = 0
        self.rate_limited = 0
        self.bad_passes = 0
        self.code_paused = 0  # typed codes refused while pairing by code paused
        self.too_large = 0
        self.heads_too_large = 0
        self.client_gone = 0  # clients that went away mid-request (not an error: counted, not logged)

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


class CodeBudget:
    """Wrong pairing codes for the whole server, whatever address they come from: `budget` of them,
    one more every `refill_s`. While less than one is left, pairing by code is paused (`paused()`).
    Read by the web thread (each typed code) and the loop (the Phones screen), hence the lock."""

    def __init__(self, budget: int, refill_s: float, clock=time.monotonic):
        """Full."""
        self.budget, self.refill_s, self.clock = budget, refill_s, clock
        self._left, self._then = float(budget), clock()
        self._lock = threading.Lock()
        self.spent = 0  # wrong codes taken in all

    def _now(self) -> float:
        """What is left now (the refill since the last look added); under the lock."""
        now = self.clock()
        self._left = min(float(self.budget), self._left + (now - self._then) / self.refill_s)
        self._then = now
        return self._left

    def paused(self) -> bool:
        """Whether pairing by code waits now (less than one wrong code left)."""
        with self._lock:
            return self._now() < 1.0

    def spend(self) -> bool:
        """One wrong code; True if that paused pairing by code."""
        with self._lock:
            self._left = max(0.0, self._now() - 1.0)
            self.spent += 1
            return self._left < 1.0

    def wait_s(self) -> float:
        """Seconds until a code may be typed again (0 when it may now)."""
        with self._lock:
            return max(0.0, (1.0 - self._now()) * self.refill_s)


def most_wrong_codes(limits: Limits, hours: float) -> int:
    """The most wrong codes the server takes in `hours`, from any number of addresses."""
    return limits.code_budget + int(hours * 3600 // limits.code_refill_s)


def hit_chance(limits: Limits, hours: float = EVENING_H) -> float:
    """An upper bound on the chance that guessing opens a pass within `hours`: each wrong code takes
    one of the codes not yet tried, and two codes (players', host's) are live out of 31^6, so guess i
    hits with at most 2 / (31^6 - i); summed over every guess the budget lets through (a union
    bound, whatever the guesser's order or addresses). The QR code's tokens add 2 / 2^192 a guess."""
    from companion.web.pairing import CODE_ALPHABET, CODE_LENGTH, ROLES

    codes = len(CODE_ALPHABET) ** CODE_LENGTH
    return sum(len(ROLES) / (codes - i) for i in range(most_wrong_codes(limits, hours)))


class QuietLog:
    """Log lines a client on the LAN can cause (a bug a request hits, pairing paused): the first is
    said, the rest within `every_s` only counted, then one line says how many ("phone view: 37 more
    like this in the last minute") and starts the next minute. So the system log gets at most one
    such line a minute however hard a client pushes. `schedule(delay, fn)`, when set (the web
    thread's loop), says the count once the minute is over; else it comes with the next line."""

    def __init__(self, say: Callable[[str], None], every_s: float = 60.0, clock=time.monotonic):
        """Nothing said yet."""
        self.say, self.every_s, self.clock = say, every_s, clock
        self.schedule: Callable[[float, Callable[[], None]], None] | None = None
        self._lock = threading.Lock()
        self._until: float | None = None  # the end of this minute (None: the next line is said)
        self.held = 0  # lines counted, not said, this minute
        self.said = 0

    def line(self, text: str) -> None:
        """Say `text`, or count it when a line was said less than `every_s` ago."""
        with self._lock:
            now = self.clock()
            self._roll(now)
            if self._until is None:
                self._said(text, now)
            else:
                self.held += 1

    def flush(self) -> None:
        """Say the count of the minute that is over, if any."""
        with self._lock:
            self._roll(self.clock())

    def _roll(self, now: float) -> None:
        """A minute over: its count said (which starts the next one), or nothing to say."""
        if self._until is None or now < self._until:
            return
        if self.held:
            from companion.i18n import _

            n, self.held = self.held, 0
            self._said(_("phone view: {n} more like this in the last minute").format(n=n), now)
        else:
            self._until = None

    def _said(self, text: str, now: float) -> None:
        """Say one line and start a minute (the count said when it ends)."""
        self._until = now + self.every_s
        self.said += 1
        self.say(text)
        if self.schedule is not None:
            self.schedule(self.every_s, self.flush)


def answer(status: int, reason: str, text: str) -> bytes:
    """A whole plain-text HTTP answer that closes the connection (with the security headers)."""
    body = (text + "\n").encode("utf-8")
    lines = [
        f"HTTP/1.1 {status} {reason}",
        "content-type: text/plain; charset=utf-8",
        f"content-length: {len(body)}",
        "connection: close",
        *(f"{k}: {v}" for k, v in HEADERS.items()),
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("ascii") + body


def protocol(limits: Limits, counters: Counters):
    """uvicorn's h11 protocol with the connection limits, the head's size and the slow-client deadlines added."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    waiting: dict = {}  # connections waiting for a request head, the longest waiting first

    def make_room(addr: str, now: float) -> bool:
        """Close one connection waiting for its head so one from `addr` fits (see the module's
        docstring); False if none may be closed."""
        mine = counters.open.get(addr, 0)
        victim = None
        for conn in waiting:  # the longest waiting first: of the address holding the most
            held = counters.open.get(conn._addr, 0)
            if held > mine + 1 and (victim is None or held > counters.open.get(victim._addr, 0)):
                victim = conn
        if victim is None:
            oldest = next(iter(waiting), None)
            if oldest is not None and now - oldest._since >= limits.busy_head_s:
                victim = oldest
        if victim is None:
            return False
        counters.evicted += 1
        victim._close(abort=True)
        return True

    class GuardedH11(H11Protocol):
        """H11Protocol that refuses connections over the limits (or closes a head-less one to make room),
        answers 431 to a head over `head_bytes`, and closes clients too slow to send a request."""

        _addr: str | None = None
        _made = False
        _deadline = None
        _since = 0.0
        _head = b""

        def connection_made(self, transport) -> None:  # type: ignore[override]
            """Count the connection, or close it unread when over a limit; start the head deadline."""
            peer = transport.get_extra_info("peername")
            addr = str(peer[0]) if peer else "?"
            if counters.open.get(addr, 0) >= limits.per_client or (
                counters.total >= limits.max_connections and not make_room(addr, time.monotonic())
            ):
                counters.refused_connections += 1
                transport.abort()
                return
            self._addr = addr
            counters.open[addr] = counters.open.get(addr, 0) + 1
            self._made = True
            super().connection_made(transport)
            self._wait()

        def connection_lost(self, exc) -> None:
            """Uncount it (a refused connection was never counted nor set up)."""
            self._uncount()
            if self._made:
                self._made = False
                super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            """Check a head's size as it comes, parse; once a whole request head is in, its deadline is met."""
            if self._addr is None:
                return  # closed to make room: what it still sends is not read
            if self in waiting and not self._head_fits(data):
                return self._too_large()
            super().data_received(data)
            if self.cycle is not None and not self.cycle.response_complete:
                self._unwait()

        def send_400_response(self, msg: str) -> None:
            """h11 refused what came: a head grown over the limit behind an answered request (pipelined)
            is answered 431 as the first one is, anything else 400 as uvicorn does."""
            if len(self.conn.trailing_data[0]) > limits.head_bytes:
                self._too_large()
            else:
                super().send_400_response(msg)

        def _too_large(self) -> None:
            """431 and close."""
            counters.heads_too_large += 1
            self.transport.write(
                answer(
                    431,
                    "Request Header Fields Too Large",
                    f"Request head too large: at most {limits.head_bytes} bytes.",
                )
            )
            self._close(abort=False)

        def _head_fits(self, data: bytes) -> bool:
            """Whether the head being received, with `data`, still fits in `head_bytes` (what follows
            its end, a body, is not counted)."""
            self._head = (self._head + data)[: limits.head_bytes + 2]
            end = HEAD_END.search(self._head)
            return (end.end() if end else len(self._head)) <= limits.head_bytes

        def eof_received(self) -> None:
            """The client closed its side: with no request being answered, there is nothing to wait for."""
            if self.cycle is None or self.cycle.response_complete:
                self.transport.close()

        def on_response_complete(self) -> None:
            """The answer is out: the next request's head must come within the deadline again."""
            super().on_response_complete()
            if not self.transport.is_closing() and (self.cycle is None or self.cycle.response_complete):
                self._wait()

        def _wait(self) -> None:
            """Waiting for a head from now: (re)start its deadline."""
            self._disarm()
            waiting.pop(self, None)
            waiting[self] = None
            self._since, self._head = time.monotonic(), b""
            self._deadline = self.loop.call_later(limits.head_s, self._too_slow)

        def _unwait(self) -> None:
            """A head is in (or the connection ends): no deadline."""
            waiting.pop(self, None)
            self._disarm()

        def _disarm(self) -> None:
            """Stop the head deadline."""
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _uncount(self) -> None:
            """No longer counted against the limits (once)."""
            self._unwait()
            if self._addr is None:
                return
            n = counters.open.get(self._addr, 1) - 1
            if n > 0:
                counters.open[self._addr] = n
            else:
                counters.open.pop(self._addr, None)
            self._addr = None

        def _close(self, abort: bool) -> None:
            """Close now: uncounted at once, so its place is free for the next connection."""
            self._uncount()
            if abort:
                self.transport.abort()
            else:
                self.transport.close()

        def _too_slow(self) -> None:
            """No whole request head in time: close."""
            self._deadline = None
            counters.slow_closed += 1
            self._close(abort=False)

    return GuardedH11
