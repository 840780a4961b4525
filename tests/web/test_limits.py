"""The server's limits on a shared network (companion/web/guard.py), against a real table on loopback:
phones keep their view while 200 half-open connections from 20 addresses fill the server (issue 32,
finding 6); a request head over 8 KB is answered 431 however it arrives (finding 9); a client that
goes away mid-request is counted, not logged, and any log line a client can cause comes at most once
a minute, then as a count (finding 10). Every client is on loopback, bounded in count and time."""

from __future__ import annotations

import asyncio
import http.client

import pytest

from companion.web.guard import Limits, QuietLog
from tests.web.harness import Phone, Table, wait_for

HOLDERS, HOLDER_ADDRESSES, POLLS = 200, 20, 40


@pytest.fixture
def table(tmp_path):
    """A running table with the phone view."""
    t = Table(tmp_path)
    yield t
    t.stop()


# -- phones keep their view under load ---------------------------------------------------------------
async def _hold(port: int, source: str, stop: asyncio.Event, opened: list) -> None:
    """One half-open connection from `source`, sending nothing; opened again (after 0.5 s) whenever
    the server closes it, until `stop`."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        except OSError:
            await asyncio.sleep(0.5)
            continue
        opened.append(source)
        try:
            while not stop.is_set():
                try:
                    if not await asyncio.wait_for(reader.read(100), 0.5):
                        break  # closed by the server
                except TimeoutError:
                    continue
        except OSError:
            pass
        finally:
            writer.close()
        await asyncio.sleep(0.5)


async def _poll(port: int, cookie: str) -> int:
    """One poll of the view by a paired phone on a new connection: its status (0: not served)."""
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.1.1", 0)), 30
        )
        writer.write(
            f"GET /api/view HTTP/1.1\r\nHost: t\r\nCookie: nw_pass={cookie}\r\nConnection: close\r\n\r\n".encode()
        )
        await writer.drain()
        head = await asyncio.wait_for(reader.readline(), 30)
        body = await asyncio.wait_for(reader.read(), 30)
        writer.close()
    except (TimeoutError, OSError):
        return 0
    return int(head.split()[1]) if head.startswith(b"HTTP/1.1 ") and b'"players"' in body else 0


async def _under_load(table) -> tuple[list[int], list[str]]:
    """A phone polls POLLS times while HOLDERS half-open connections from HOLDER_ADDRESSES addresses
    fill the server: (the polls' statuses, the holders' connections opened)."""
    cookie = table.pair().cookie
    stop, opened = asyncio.Event(), []
    holders = [
        asyncio.ensure_future(_hold(table.port, f"127.0.6.{i % HOLDER_ADDRESSES + 1}", stop, opened))
        for i in range(HOLDERS)
    ]
    limits = Limits()
    for _ in range(200):  # the server is full before the phone polls (a count, with a bound on the wait)
        if table.hub.counters.total >= limits.max_connections and table.hub.counters.refused_connections:
            break
        await asyncio.sleep(0.05)
    statuses = []
    for _ in range(POLLS):
        statuses.append(await _poll(table.port, cookie))
        await asyncio.sleep(0.1)
    stop.set()
    await asyncio.gather(*holders)
    return statuses, opened


def test_a_paired_phone_is_served_every_time_while_half_open_connections_fill_the_server(table):
    statuses, opened = asyncio.run(_under_load(table))
    counters = table.hub.counters
    assert len(opened) >= Limits().max_connections and counters.refused_connections > 0  # the server was full
    served = statuses.count(200)
    assert served == len(statuses) == POLLS, f"served {served} of {len(statuses)}: {statuses}"
    assert counters.evicted >= POLLS  # each poll took the place of a connection that sent nothing


# -- the head's size -----------------------------------------------------------------------------------
def _raw(port: int, data: bytes, chunk: int | None = None) -> bytes:
    """Send `data` on a new connection (in pieces of `chunk` bytes), then read the answers until closed."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        try:
            for i in range(0, len(data), chunk or len(data)):
                s.sendall(data[i : i + (chunk or len(data))])
        except OSError:  # the server answered and closed before all was sent
            pass
        out = b""
        while True:
            try:
                got = s.recv(65536)
            except OSError:
                break
            if not got:
                break
            out += got
    return out


def _head(pad: int, path: str = "/pair") -> bytes:
    """A GET whose head is padded with a header of `pad` bytes."""
    return f"GET {path} HTTP/1.1\r\nHost: t\r\nX-Pad: {'a' * pad}\r\nConnection: close\r\n\r\n".encode()


@pytest.mark.parametrize("size", [9 * 1024, 100 * 1024, 200 * 1024])
@pytest.mark.parametrize("chunk", [None, 1000], ids=["whole", "in-pieces"])
def test_a_request_head_over_8_kb_is_answered_431(table, size, chunk):
    answer = _raw(table.port, _head(size), chunk)
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:80]
    assert b"at most 8192 bytes" in answer and b"content-security-policy" in answer.lower()
    assert table.hub.counters.heads_too_large == 1


@pytest.mark.parametrize("chunk", [None, 512], ids=["whole", "in-pieces"])
def test_a_head_under_8_kb_is_served_and_a_pipelined_one_over_is_431(table, chunk):
    assert _raw(table.port, _head(7000)).startswith(b"HTTP/1.1 200 ")
    small = _head(100).replace(b"Connection: close\r\n", b"")
    answers = _raw(table.port, small + _head(9000), chunk)
    assert answers.startswith(b"HTTP/1.1 200 ") and b"HTTP/1.1 431 " in answers


# -- the log -----------------------------------------------------------------------------------------------
def test_a_post_cut_short_is_counted_not_logged(table):
    said: list[str] = []
    table.hub.say = said.append
    import socket

    for i in range(20):
        with socket.create_connection(("127.0.0.1", table.port), source_address=(f"127.0.7.{i + 1}", 0)) as s:
            s.sendall(
                b"POST /pair HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                b"Content-Length: 100\r\n\r\ncode=AB"
            )
    assert wait_for(lambda: table.hub.counters.client_gone == 20)
    assert said == []


def test_log_lines_a_client_causes_come_once_a_minute_then_as_a_count(table, monkeypatch):
    from companion.web.pages import Pages

    said: list[str] = []
    table.hub.say = said.append

    async def broken(self, request, addr, send):
        raise RuntimeError("a bug a request reaches")

    monkeypatch.setattr(Pages, "route", broken)
    phone = Phone(table.port)
    assert [phone.get("/pair")[0] for _ in range(25)] == [500] * 25
    assert said == ["phone view: GET failed: RuntimeError"]
    assert table.hub.client_log.held == 24


def test_the_quiet_log_says_the_count_when_the_minute_is_over():
    now, said = [0.0], []
    log = QuietLog(said.append, 60.0, clock=lambda: now[0])
    for _ in range(38):
        log.line("phone view: POST failed: KeyError")
    now[0] = 59.0
    log.flush()
    assert said == ["phone view: POST failed: KeyError"]
    now[0] = 60.0
    log.flush()
    assert said[1:] == ["phone view: 37 more like this in the last minute"]
    now[0] = 61.0
    log.line("phone view: POST failed: KeyError")  # within a minute of the count: counted too
    now[0] = 121.0
    log.flush()
    now[0] = 200.0
    log.flush()
    assert said[2:] == ["phone view: 1 more like this in the last minute"]
    log.line("again")  # a quiet minute later: said at once
    assert said[-1] == "again" and len(said) == 4


def test_a_body_over_the_limit_is_refused_in_words(table):
    host = table.pair("host")
    status, _, body = host.change(
        "/api/teach", {"card": "I-01", "red": ["A1"], "blue": [], "pad": "x" * 10000}
    )
    assert status == 413 and b"at most 4096 bytes" in body and b"nothing was changed" in body
    conn = http.client.HTTPConnection("127.0.0.1", table.port, timeout=30)
    conn.request("POST", "/pair", body=b"x", headers={"content-length": "1e9"})
    assert conn.getresponse().status == 400
    conn.close()
