"""A real table with the phone view, for the web tests and the benchmark: the App's loop on a thread of
its own (real clock, mock HAL, a journal on disk), its hub listening on a free loopback port, and small
HTTP helpers (http.client and raw sockets) that talk to it as a phone would."""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
from urllib.parse import urlsplit

from companion.app import App
from companion.gamedata import config
from companion.hal import open_hardware
from companion.hal.clock import MonotonicClock
from companion.runtime.parts import Parts
from companion.storage.journal import Journal
from companion.web.hub import Hub

SETUP = {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "difficulty": "easy", "seed": 11}


class PacedBot:
    """A headless source that plays the bot's commands, one every `every` frames, and starts a new game
    when one ends: a table that keeps moving for as long as a soak lasts."""

    def __init__(self, every: int = 3, seed: int = 5):
        """No command yet."""
        self.every, self.rng, self.frame, self.sent = every, random.Random(seed), 0, 0

    def next(self, app):
        """The bot's next command every `every` frames (None between), a new setup after an ending."""
        from companion.plugins import bot as bot_of

        bot = bot_of("masters")

        self.frame += 1
        if self.frame % self.every:
            return None
        s = app.session
        self.sent += 1
        if s is None or s.outcome() is not None:
            return dict(SETUP, seed=self.rng.randrange(1000))
        return bot.choose(s.game, s.state, self.rng)

    def finished(self, app) -> bool:
        """Never: the table plays until stopped."""
        return False


class Table:
    """The App with a hub on 127.0.0.1:0, its loop on a thread; `ticks` records each full frame's seconds."""

    def __init__(self, tmp_path, source=None, fps: int = 30, ui=None, setup=SETUP, keep=None, limits=None):
        """Build the table on its own thread (its journal's connection belongs to it) and start the loop;
        returns once the server listens. `limits`: the guard's (companion/web/guard.py `Limits`), else the server's."""
        self.hub = Hub(("127.0.0.1", 0), keep=keep)
        self.hub.limits = limits
        self.acks: list[int] = []
        self.lines: list[str] = []
        self.ticks: list[float] = []
        built = threading.Event()

        def run() -> None:
            cfg = config.default()
            cfg = cfg._replace(display=cfg.display._replace(fps=fps))
            self.hw = open_hardware(cfg, backend="mock", clock=MonotonicClock())
            self.app = App(
                Parts(
                    cfg,
                    self.hw,
                    Journal(tmp_path / "journal.sqlite3"),
                    ui=ui,
                    source=source,
                    log=self.lines.append,
                    on_ack=lambda n, cmd: self.acks.append(n),
                    web=self.hub,
                )
            )
            if setup is not None:
                self.app.start(setup=dict(setup), resume=False)
            tick = self.app.tick

            def timed(rest: bool = False) -> None:
                t = time.perf_counter()
                tick(rest)
                self.ticks.append(time.perf_counter() - t)

            self.app.tick = timed
            built.set()
            try:
                self.app.run()
            finally:
                self.app.saving.close()
                self.hw.close()

        self.thread = threading.Thread(target=run, name="table", daemon=True)
        self.thread.start()
        assert built.wait(10), "the table did not start"
        assert self.hub.ready.wait(10), "the phone view did not start"
        assert self.hub.failed is None, self.hub.failed
        self.port = self.hub.port

    def stop(self) -> None:
        """Stop the loop, the server and the hardware."""
        self.app.stop()
        self.thread.join(5)
        self.hub.close()

    def pair(self, role: str = "player") -> Phone:
        """A phone paired through the QR code's URL of `role`."""
        phone = Phone(self.port)
        status, headers, _ = phone.get(urlsplit(self.hub.url(role)).path)
        assert status == 303, status
        return phone


class Phone:
    """A browser-like HTTP client on loopback that keeps the pass cookie (`source`: its own 127.x address)."""

    def __init__(self, port: int, source: str | None = None, lang: str = "en"):
        """Not paired yet."""
        self.port, self.source, self.cookie, self.lang = port, source, None, lang

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        """(status, headers (lower-case), body bytes); a Set-Cookie of the pass is kept."""
        conn = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=10, source_address=(self.source, 0) if self.source else None
        )
        head = {"accept-language": self.lang, **(headers or {})}
        if self.cookie:
            head["cookie"] = f"nw_pass={self.cookie}"
        try:
            conn.request(method, path, body=body, headers=head)
            resp = conn.getresponse()
            data = resp.read()
            got = {k.lower(): v for k, v in resp.getheaders()}
        finally:
            conn.close()
        cookie = got.get("set-cookie", "")
        if cookie.startswith("nw_pass="):
            self.cookie = cookie.split(";")[0][len("nw_pass=") :]
        return resp.status, got, data

    def get(self, path: str, **kw):
        """GET `path`."""
        return self.request("GET", path, **kw)

    def view(self) -> dict:
        """The phone view now."""
        status, _, body = self.get("/api/view")
        assert status == 200, (status, body)
        return json.loads(body)

    def csrf(self) -> str:
        """The CSRF token from the phone page's meta tag."""
        status, _, body = self.get("/")
        assert status == 200
        text = body.decode()
        start = text.index('name="csrf" content="') + len('name="csrf" content="')
        return text[start : text.index('"', start)]

    def change(self, path: str, data: dict, csrf: str | None = None, **headers):
        """POST a JSON change with the page's CSRF token (the phone's last game version in `gv`)."""
        token = self.csrf() if csrf is None else csrf
        body = json.dumps(data).encode()
        return self.request(
            "POST",
            path,
            body=body,
            headers={"content-type": "application/json", "x-csrf-token": token, **headers},
        )


def wait_for(predicate, timeout: float = 10.0, step: float = 0.02):
    """Poll `predicate` until it is true (its value) or fail after `timeout` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("condition not met in time")
