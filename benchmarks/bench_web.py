"""The phone view's costs (issue 27 point 7): what the server adds to an idle table, with no phone and
with 10 phones watching, how soon a table change reaches a phone, the memory it adds, and the start.

Process rows run the real `companion run --headless` (mock HAL, an unfinished game resumed, real
clock) with and without `--web 127.0.0.1:0`; CPU is read from outside (/proc schedstat of every
thread), memory as VmRSS. The phones are raw loopback sockets holding the event stream, each from its
own 127.0.1.x address. The latency row drives an in-process table (tests/web/harness.py): a command
handed to the loop (as a press is, at its next frame) until a watching phone has read the new view.
The abuse rows run tests/reliability/test_web_abuse.py's attack (10 phones watching, 50 slow clients,
1,000 malformed requests, 300 bad tokens) on a playing table and time its full frames: the test
counts what it can (acks, frames, memory, refusals), the frames' durations are measured here.
"""

from __future__ import annotations

import os
import queue
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.bench_process import ROOT, _cpu_s, _env, _journal, _rss_mb
from benchmarks.common import percentile, row

GOAL_IDLE_PCT = 0.5
GOAL_PHONES_PCT = 1.0
GOAL_P99_MS = 150.0
GOAL_RSS_MB = 15.0


def _spawn(tmp: Path, web: bool) -> tuple[subprocess.Popen, float, str | None]:
    """`companion run --headless` on the journal in `tmp` (with the phone view on a free port): the
    process, seconds from start to READY=1, and the pairing URL (once the server listens)."""
    sock_path = str(tmp / "notify.sock")
    if os.path.exists(sock_path):
        os.unlink(sock_path)
    args = ["--headless", "--backend", "mock", "--journal", str(tmp / "journal.sqlite3")]
    if web:
        args += ["--web", "127.0.0.1:0"]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(sock_path)
        sock.settimeout(60.0)
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", *args],
            env=dict(_env(tmp), NOTIFY_SOCKET=sock_path),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        while b"READY=1" not in sock.recv(4096).split(b"\n"):
            pass
        ready = time.perf_counter() - t0
    url = None
    while web and url is None:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("companion run --web printed no pairing URL")
        if line.startswith("phone view: http://"):
            url = line.split(": ", 1)[1].strip()
    return proc, ready, url


def _watchers(url: str, n: int) -> list[socket.socket]:
    """`n` paired phones holding the event stream open (each from its own loopback address)."""
    host, port = url.split("//", 1)[1].split("/", 1)[0].split(":")
    path = "/" + url.split("//", 1)[1].split("/", 1)[1]
    phones = []
    for i in range(n):
        with socket.create_connection((host, int(port)), source_address=(f"127.0.1.{i + 1}", 0)) as s:
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
            head = s.recv(4096).decode()
        cookie = head.split("nw_pass=", 1)[1].split(";", 1)[0]
        s = socket.create_connection((host, int(port)), source_address=(f"127.0.1.{i + 1}", 0))
        s.sendall(f"GET /api/events HTTP/1.1\r\nHost: t\r\nCookie: nw_pass={cookie}\r\n\r\n".encode())
        s.settimeout(10)
        assert s.recv(65536).startswith(b"HTTP/1.1 200"), "a phone was not served"
        phones.append(s)
    return phones


def _idle(web: bool, phones: int, warm_s: float, span_s: float) -> dict:
    """CPU share of a resting headless table over `span_s` (after `warm_s`), its RSS, and its start."""
    with tempfile.TemporaryDirectory() as tmp:
        _journal(Path(tmp))
        proc, ready, url = _spawn(Path(tmp), web)
        held = []
        try:
            if phones:
                held = _watchers(url, phones)
            time.sleep(warm_s)
            c1, t1 = _cpu_s(proc.pid), time.monotonic()
            time.sleep(span_s)
            c2, t2 = _cpu_s(proc.pid), time.monotonic()
            rss = _rss_mb(proc.pid)
        finally:
            for s in held:
                s.close()
            proc.send_signal(signal.SIGTERM)
            proc.communicate(timeout=30)
    return {"cpu": 100 * (c2 - c1) / (t2 - t1), "rss": rss, "ready": ready}


def _latency(samples: int) -> list[float]:
    """Seconds from a command handed to the loop to a watching phone reading the view it made."""
    sys.path.insert(0, str(ROOT))
    from tests.web.harness import Table

    class Queued:
        """A source the benchmark hands commands to from its own thread."""

        def __init__(self):
            self.q = queue.SimpleQueue()

        def next(self, app):
            return None if self.q.empty() else self.q.get_nowait()

        def finished(self, app):
            return False

    source = Queued()
    arrivals: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        table = Table(Path(tmp), source=source)
        try:
            (s,) = _watchers(table.hub.url(), 1)

            def read() -> None:
                buf = b""
                while True:
                    try:
                        data = s.recv(65536)
                    except OSError:
                        return
                    if not data:
                        return
                    buf += data
                    while b"\n\n" in buf:
                        event, buf = buf.split(b"\n\n", 1)
                        if b'"v":' in event:
                            arrivals[int(event.split(b'"v":', 1)[1].split(b",", 1)[0])] = time.perf_counter()

            threading.Thread(target=read, daemon=True).start()
            out = []
            for i in range(samples):
                before = table.hub.snapshot.version
                t0 = time.perf_counter()
                source.q.put({"cmd": "adjust", "veil": 3 + i % 3})
                deadline = t0 + 5
                while time.perf_counter() < deadline and not any(v > before for v in list(arrivals)):
                    time.sleep(0.0005)
                seen = [t for v, t in list(arrivals.items()) if v > before]
                if seen:
                    out.append(min(seen) - t0)
                time.sleep(0.05)
            s.close()
        finally:
            table.stop()
    return out


def _abuse(watch_s: float) -> list[float]:
    """Seconds of each full table frame while the phone-view abuse runs for `watch_s` (its journal in
    memory-backed storage where there is some: one fsync of a shared disk alone can take 40 ms, the
    journal's cost, shown by its own rows)."""
    import shutil

    sys.path.insert(0, str(ROOT))
    from tests.reliability.test_web_abuse import abuse

    tmp = Path(tempfile.mkdtemp(dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    try:
        return abuse(tmp, watch_s)["ticks"]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _import_mb(module: str) -> float:
    """RSS a fresh interpreter gains by importing `module` (after the table's own modules)."""
    code = (
        "import companion.app, companion.cli.run, companion.web.hub\n"
        "def rss():\n    return int([l for l in open('/proc/self/status') if l.startswith('VmRSS')][0].split()[1])\n"
        f"a = rss()\nimport {module}\nprint((rss() - a) / 1024)"
    )
    return float(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
        ).stdout
    )


def run(quick: bool = False) -> list[dict]:
    """The phone view's rows."""
    warm, span, starts, samples = (2.0, 3.0, 1, 30) if quick else (8.0, 30.0, 5, 200)
    off = [_idle(False, 0, warm, span) for _ in range(2 if not quick else 1)]
    on = [_idle(True, 0, warm, span) for _ in range(2 if not quick else 1)]
    ten = [_idle(True, 10, warm, span) for _ in range(2 if not quick else 1)]
    cpu_off = statistics.median(r["cpu"] for r in off)
    cpu_on = statistics.median(r["cpu"] for r in on)
    cpu_ten = statistics.median(r["cpu"] for r in ten)
    ready_off = statistics.median(
        [r["ready"] for r in off] + [_idle(False, 0, 0.1, 0.1)["ready"] for _ in range(starts)]
    )
    ready_on = statistics.median(
        [r["ready"] for r in on] + [_idle(True, 0, 0.1, 0.1)["ready"] for _ in range(starts)]
    )
    rss_added = statistics.median(r["rss"] for r in ten) - statistics.median(r["rss"] for r in off)
    lat = _latency(samples)
    p99 = percentile(lat, 99) * 1000
    from tests.reliability.test_web_abuse import FPS

    frames = _abuse(5.0 if quick else 60.0)
    frame_ms = 1000.0 / FPS
    abuse_max, abuse_p99 = max(frames) * 1000, percentile(frames, 99) * 1000
    abused = (
        f"web.table frames during the phone-view abuse (tests/reliability/test_web_abuse.py's attack, "
        f"{len(frames)} frames at {FPS} fps)"
    )
    how = (
        f"`companion run --headless --backend mock` resting on a resumed game, CPU of all threads / wall time "
        f"over {span:g} s after {warm:g} s"
    )
    rows = [
        row(f"web.idle CPU, phone view off: {how}", "% of one core", cpu_off, "info (the table alone)", None),
        row(
            f"web.idle CPU, phone view on (`--web 127.0.0.1:0`), no phone: {how}",
            "% of one core",
            cpu_on,
            f"<= {GOAL_IDLE_PCT} % and unchanged",
            cpu_on <= GOAL_IDLE_PCT or cpu_on - cpu_off <= 0.1,
            "phone view off",
            cpu_off,
            round(cpu_on - cpu_off, 3),
        ),
        row(
            f"web.idle CPU with 10 phones watching the event stream: {how}",
            "% of one core",
            cpu_ten,
            f"<= +{GOAL_PHONES_PCT} % over no phone",
            cpu_ten - cpu_on <= GOAL_PHONES_PCT,
            "no phone",
            cpu_on,
            round(cpu_ten - cpu_on, 3),
        ),
        row(
            f"{abused}: the longest",
            "ms",
            abuse_max,
            f"<= {frame_ms:.0f} ms (one frame)",
            abuse_max <= frame_ms,
        ),
        row(f"{abused}: p99", "ms", abuse_p99, f"<= {frame_ms:.0f} ms (one frame)", abuse_p99 <= frame_ms),
        row(
            f"web.press -> phone update on loopback: a command handed to the loop until a watching phone has read "
            f"its view, p99 of {len(lat)} (p50 {percentile(lat, 50) * 1000:.1f} ms)",
            "ms",
            p99,
            f"<= {GOAL_P99_MS:g} ms",
            p99 <= GOAL_P99_MS and len(lat) == samples,
        ),
        row(
            "web.resident memory added: VmRSS with the phone view on and 10 phones watching minus the table "
            "without it",
            "MB",
            rss_added,
            f"<= {GOAL_RSS_MB:g} MB",
            rss_added <= GOAL_RSS_MB,
        ),
        row(
            "web.mDNS: memory of the announcing child (`python -m companion.web.mdns`, zeroconf imported; the "
            "table's own process never loads it)",
            "MB",
            _import_mb("zeroconf"),
            "info (outside the table)",
            None,
        ),
        row(
            "web.start: s from exec to READY=1, `companion run --headless` with `--web 127.0.0.1:0` (the server "
            "starts after READY)",
            "s",
            ready_on,
            "info: unchanged",
            None,
            "without --web",
            ready_off,
            round(ready_on / ready_off, 3) if ready_off else None,
        ),
    ]
    return rows
