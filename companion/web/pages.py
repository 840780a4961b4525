"""The phone view's pages and API: one small ASGI app (Starlette's requests and responses on uvicorn).

Paths (everything else answers 401 without a valid pass, 404 with one):

  GET  /pair              the pairing page: type the code shown on the table (the only page served
                          to everyone, with nothing of the game on it)
  POST /pair              a typed code -> the pass's cookie and on to /; 429 while wrong codes
                          from anywhere have spent the server's budget (companion/web/guard.py)
  GET  /pair/<token>      the QR code's URL -> the pass's cookie and on to /
  GET  /                  the phone page (players and host), 401 without a pass
  GET  /static/<file>     the page's own script and style (a fixed list, nothing read from a path)
  GET  /static/fonts/<f>  the table's fonts (Atkinson Hyperlegible, Cinzel; public, cached a week)
  GET  /static/icons/<f>  the table's token pictures as PNG (companion/web/tokens.py; public, cached a week)
  GET  /api/view          the phone view now (JSON, in the phone's language)
  GET  /api/events        the phone view as server-sent events, one per change
  GET  /api/cards         host: the card slots and their grids, for teaching
  POST /api/teach         host: teach a card's grid          (JSON, CSRF token)
  POST /api/settings      host: brightness, volume, mute, language (JSON, CSRF token)
  POST /api/rename        host: new names for players by seat, sent as the game's `rename` (JSON, CSRF token)
  GET  /api/download/<f>  host: story.png, journal.jsonl, taught.toml

A pass lives in an HttpOnly, SameSite=Strict cookie holding its token: a new pairing (a new game,
or the table's Phones screen) makes every old cookie worthless at once, and a watching phone's
stream ends with an `unpaired` event. Changes need the page's CSRF token in a header, a JSON body
and, when the browser names one, our own origin. The token is never logged (uvicorn's access log is
off, and nothing here prints a path).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response

from companion.web import guard, tokens
from companion.web.asking import REPLY_TIMEOUT_S
from companion.web.asking import Request as HubRequest

STATIC = Path(__file__).with_name("static")
COOKIE = "nw_pass"
PING_S = 15.0  # a comment line on a quiet stream this often: dead phones are found, proxies keep it
SEND_S = 20.0  # a stream write that takes longer (a phone that stopped reading) ends the stream
FILES = {"phone.js": "text/javascript; charset=utf-8", "phone.css": "text/css; charset=utf-8"}
PUBLIC_FILES = ("phone.css",)  # the pairing page's look; the script only for paired phones
# The table's own type, served to the phone from the files the table draws with (companion/ui/assets/fonts;
# no font CDN: a game night's Wi-Fi may have no internet). Public like phone.css (the pairing page uses
# them), read on first request, and cached by the phone for a week (they change only with an update).
FONT_DIR = Path(__file__).resolve().parent.parent / "ui" / "assets" / "fonts"
FONT_FILES = ("AtkinsonHyperlegible-Regular.ttf", "AtkinsonHyperlegible-Bold.ttf", "Cinzel-Bold.ttf")
FONT_TYPE = "font/ttf"
FONT_CACHE = "public, max-age=604800"
DOWNLOADS = {
    "story.png": ("story", "image/png"),
    "journal.jsonl": ("journal", "application/x-ndjson"),
    "taught.toml": ("taught", "application/toml"),
}


class Pages:
    """The ASGI app. hub: the bridge to the loop (companion/web/hub.py's `Hub`); limits/counters: the
    guard's (companion/web/guard.py)."""

    def __init__(self, hub, limits: guard.Limits, counters: guard.Counters):
        """Read our own files once: nothing is read from a path a request names."""
        self.hub, self.limits, self.counters = hub, limits, counters
        self.files = {name: (STATIC / name).read_bytes() for name in FILES}
        self.fonts: dict[str, bytes] = {}  # FONT_FILES, read on first request; the token pictures drawn then
        self.tokens = tokens.Tokens()
        # both pages' start: language, viewport, no referrer
        head = (STATIC / "head.html").read_text(encoding="utf-8")
        self.templates = {
            name: (STATIC / name).read_text(encoding="utf-8").replace("{{head}}\n", head, 1)
            for name in ("phone.html", "pair.html")
        }
        self.requests = guard.Buckets(limits.rate, limits.burst)
        self.guesses = guard.Buckets(limits.guesses / 60.0, limits.guesses)
        self.codes = guard.CodeBudget(limits.code_budget, limits.code_refill_s)
        hub.codes = self.codes  # the loop reads it for the Phones screen ("someone is guessing the code")
        # set when a snapshot is published (by the loop, through call_soon_threadsafe)
        self.changed = asyncio.Event()
        self.streams, self.story_lock = 0, asyncio.Semaphore(1)

    async def __call__(self, scope, receive, send) -> None:
        """One request: the guard's checks, then its page."""
        if scope["type"] != "http":
            return
        request = Request(scope, receive)
        addr = request.client.host if request.client else "?"
        if not self.requests.take(addr):
            self.counters.rate_limited += 1
            return await self._send(send, scope, plain(429, "Too many requests: wait a moment."))
        # (a pipelined one: the first head is counted on the wire)
        if head_size(scope) > self.limits.head_bytes:
            self.counters.heads_too_large += 1
            return await self._send(
                send, scope, plain(431, f"Request head too large: at most {self.limits.head_bytes} bytes.")
            )
        try:
            response = await self.route(request, addr, send)
        except _Refused as refused:
            response = refused.response
        except ClientDisconnect:  # the phone went away mid-request: nothing to answer, nothing wrong
            self.counters.client_gone += 1
            return
        except Exception as exc:  # noqa: BLE001 - a bug answers 500 in one line, never a traceback
            self.hub.client_log.line(f"phone view: {request.method} failed: {type(exc).__name__}")
            response = plain(500, "Something went wrong at the table.")
        if response is not None:
            await self._send(send, scope, response, receive)

    async def _send(self, send, scope, response: Response, receive=None) -> None:
        """Answer with the security headers on."""
        for key, value in guard.HEADERS.items():
            response.headers.setdefault(key, value)
        await response(scope, receive or _nothing, send)

    async def route(self, request: Request, addr: str, send) -> Response | None:
        """The page for a path (None: the stream answered itself)."""
        path, method = request.url.path, request.method
        if path == "/pair":
            return await self.pair_code(request, addr) if method == "POST" else self.pair_page(request)
        if path.startswith("/pair/") and method == "GET":
            return self.pair_token(request, addr, path[len("/pair/") :])
        if path == "/static/phone.css" and method == "GET":
            return self.static("phone.css")
        if path.startswith("/static/fonts/") and method == "GET":
            return self.font(path[len("/static/fonts/") :])
        if path.startswith("/static/icons/") and method == "GET":  # (a fixed list of names)
            return self.tokens.response(path[len("/static/icons/") :]) or plain(404, "Not here.")
        token, role = self.pass_of(request)
        if role is None:
            if request.cookies.get(COOKIE):  # an old pass: count it as a guess
                self._guess(addr)
            return self.unpaired(request)
        lang = language_of(request)
        if method == "GET":
            if path == "/":
                return self.phone_page(token, role, lang)
            if path.startswith("/static/") and path[len("/static/") :] in FILES:
                return self.static(path[len("/static/") :])
            if path == "/api/view":
                return await self.view(lang)
            if path == "/api/events":
                await self.events(request, send, token, lang)
                return None
            if path == "/api/cards" and role == "host":
                return await self.ask("cards", {}, role, lang)
            if path.startswith("/api/download/") and role == "host":
                return await self.download(path[len("/api/download/") :], role, lang)
        elif method == "POST" and path in ("/api/teach", "/api/settings", "/api/rename") and role == "host":
            data = await self.change_body(request, token)
            version = data.pop("gv", None)
            return await self.ask(
                path[len("/api/") :], data, role, lang, version if isinstance(version, int) else -1
            )
        return plain(404, "Not here.")

    # -- pairing ------------------------------------------------------------------------------------------
    def pass_of(self, request: Request) -> tuple[str | None, str | None]:
        """(token, role) of the request's cookie, or (None, None)."""
        token = request.cookies.get(COOKIE)
        role = self.hub.pairing.role_of_token(token)
        return (token, role) if role else (None, None)

    def pair_page(self, request: Request, status: int = 200, problem: str = "") -> Response:
        """The page where a code is typed (nothing of the game on it)."""
        from companion.web.words import page_word

        lang = language_of(request)
        page = fill(self.templates["pair.html"], lang, problem=page_word(lang, problem) if problem else "")
        return Response(page, status, media_type="text/html; charset=utf-8")

    async def pair_code(self, request: Request, addr: str) -> Response:
        """A typed code: its pass's cookie, or the page again with why. While wrong codes from
        anywhere have spent the server's budget, no code is looked at (429, the page says why)."""
        self._origin_ok(request)
        if self.guesses.empty(addr):
            self.counters.rate_limited += 1
            return plain(429, "Too many wrong codes: wait a minute.")
        body = await self.body(request)
        from urllib.parse import parse_qs

        from companion.web.pairing import normal_code

        if (
            self.codes.paused()
        ):  # (from here to the spend nothing awaits: a code at a time, however many come at once)
            self.counters.code_paused += 1
            return self.pair_page(request, 429, "paused")
        code = (parse_qs(body.decode("utf-8", "replace")).get("code") or [""])[0]
        found = self.hub.pairing.pass_of_code(code)
        if found is None:
            self._guess(addr)
            if normal_code(code) and self.codes.spend():  # (what cannot be a code cannot hit: not counted)
                self.hub.wake()  # a resting table shows the pause on its Phones screen at once
                self.hub.client_log.line(
                    "phone view: wrong pairing codes from the network: pairing by code paused"
                )
            return self.pair_page(request, 401, "wrong")
        return self.paired(found.token)

    def pair_token(self, request: Request, addr: str, token: str) -> Response:
        """The QR code's URL: its pass's cookie and on to the page, or 401."""
        if self.guesses.empty(addr):
            self.counters.rate_limited += 1
            return plain(429, "Too many wrong codes: wait a minute.")
        if self.hub.pairing.role_of_token(token) is None:
            self._guess(addr)
            return self.pair_page(request, 401, "old")
        return self.paired(token)

    def paired(self, token: str) -> Response:
        """303 to the phone page with the pass in its cookie."""
        response = Response(status_code=303, headers={"location": "/"})
        response.set_cookie(COOKIE, token, max_age=12 * 3600, path="/", httponly=True, samesite="strict")
        return response

    def unpaired(self, request: Request) -> Response:
        """401: the pairing page (it says to scan the code at the table); nothing of the game."""
        if request.url.path.startswith("/api/"):
            return plain(401, "Not paired.")
        return self.pair_page(request, 401, "")

    def _guess(self, addr: str) -> None:
        """A wrong token or code from `addr`: it costs from the small bucket."""
        self.counters.bad_passes += 1
        self.guesses.take(addr)

    # -- the phone page -------------------------------------------------------------------------------------
    def phone_page(self, token: str, role: str, lang: str) -> Response:
        """The page (its data comes by script): the CSRF token and the role in meta tags."""
        page = fill(self.templates["phone.html"], lang, csrf=self.hub.pairing.csrf(token), role=role)
        return Response(page, 200, media_type="text/html; charset=utf-8")

    def static(self, name: str) -> Response:
        """One of our own files."""
        return Response(self.files[name], 200, media_type=FILES[name])

    def font(self, name: str) -> Response:
        """One of the table's fonts (a fixed list: nothing is read from a path a request names)."""
        if name not in FONT_FILES:
            return plain(404, "Not here.")
        data = self.fonts.get(name)
        if data is None:
            data = self.fonts[name] = (FONT_DIR / name).read_bytes()
        return Response(data, 200, media_type=FONT_TYPE, headers={"cache-control": FONT_CACHE})

    async def view(self, lang: str) -> Response:
        """The phone view now, as JSON."""
        text = await self.snapshot_text(lang)
        if text is None:
            return plain(503, "The table is busy: try again.")
        return Response(text, 200, media_type="application/json")

    async def snapshot_text(self, lang: str) -> str | None:
        """The last snapshot in `lang`, asking the loop for it when the language is new or nothing was built."""
        snap = self.hub.snapshot
        if lang not in snap.texts:
            self.hub.watch(lang)
            try:
                await asyncio.wait_for(
                    asyncio.wrap_future(self.hub.ask(HubRequest("refresh", lang=lang))), REPLY_TIMEOUT_S
                )
                for _ in range(int(REPLY_TIMEOUT_S * 20)):  # the snapshot follows within the same frame
                    if lang in self.hub.snapshot.texts:
                        break
                    await asyncio.sleep(0.05)
            except TimeoutError:
                return None
            snap = self.hub.snapshot
        return snap.texts.get(lang)

    async def events(self, request: Request, send, token: str, lang: str) -> None:
        """Server-sent events: the view now, then one per change, until the phone goes or its pass is
        old. `send` is the raw ASGI send: each write has its own timeout."""
        if self.streams >= self.limits.streams:
            return await self._send(send, request.scope, plain(503, "Too many phones watching."))
        self.streams += 1
        headers = [
            (k.encode(), v.encode())
            for k, v in {
                **guard.HEADERS,
                "content-type": "text/event-stream",
                "x-accel-buffering": "no",
            }.items()
        ]
        gone = asyncio.ensure_future(_disconnected(request.receive))
        try:
            await asyncio.wait_for(
                send({"type": "http.response.start", "status": 200, "headers": headers}), SEND_S
            )
            last = None
            while not gone.done():
                if self.hub.pairing.role_of_token(token) is None:
                    await asyncio.wait_for(_write(send, "event: unpaired\ndata: {}\n\n"), SEND_S)
                    break
                snap = self.hub.snapshot
                if snap.version != last or lang not in snap.texts:
                    text = snap.texts.get(lang) or await self.snapshot_text(lang)
                    last = snap.version
                    if text is not None:
                        await asyncio.wait_for(_write(send, f"event: view\ndata: {text}\n\n"), SEND_S)
                        continue
                self.changed.clear()
                waiter = asyncio.ensure_future(self.changed.wait())
                done, _pending = await asyncio.wait(
                    {waiter, gone}, timeout=PING_S, return_when=asyncio.FIRST_COMPLETED
                )
                waiter.cancel()
                if not done:
                    await asyncio.wait_for(_write(send, ": ping\n\n"), SEND_S)
            if not gone.done():
                await asyncio.wait_for(
                    send({"type": "http.response.body", "body": b"", "more_body": False}), SEND_S
                )
        except (TimeoutError, OSError):
            pass  # a phone that stopped reading, or went: its stream ends
        finally:
            gone.cancel()
            self.streams -= 1

    # -- the host -----------------------------------------------------------------------------------------
    async def ask(self, kind: str, data: dict, role: str, lang: str, version: int | None = None) -> Response:
        """A request the loop answers (its reply as JSON, or a download's bytes)."""
        reply = await self.reply(HubRequest(kind, data, role, version, lang))
        if reply is None:
            return plain(503, "The table is busy: try again.")
        status, body = reply
        return Response(json.dumps(body, ensure_ascii=False), status, media_type="application/json")

    async def reply(self, request: HubRequest):
        """The loop's (status, body) for `request`, or None if it did not answer in time."""
        future = self.hub.ask(request)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), REPLY_TIMEOUT_S)
        except TimeoutError:
            future.cancel()
            return None

    async def download(self, name: str, role: str, lang: str) -> Response:
        """story.png, journal.jsonl or taught.toml, as an attachment."""
        if name not in DOWNLOADS:
            return plain(404, "Not here.")
        kind, media = DOWNLOADS[name]
        reply = await self.reply(HubRequest(kind, {}, role, None, lang))
        if reply is None:
            return plain(503, "The table is busy: try again.")
        status, body = reply
        if status != 200:
            return Response(json.dumps(body, ensure_ascii=False), status, media_type="application/json")
        if kind == "story":
            from companion.web.exports import story_png

            async with self.story_lock:  # one drawing at a time: a child process each
                body = await story_png(body, lang)
            if body is None:
                return plain(503, "The card could not be drawn.")
        data = body if isinstance(body, bytes) else str(body).encode("utf-8")
        return Response(
            data, 200, media_type=media, headers={"content-disposition": f'attachment; filename="{name}"'}
        )

    async def change_body(self, request: Request, token: str) -> dict:
        """The JSON object of a change, after the CSRF checks (else _Refused)."""
        self._origin_ok(request)
        if not self.hub.pairing.csrf_ok(token, request.headers.get("x-csrf-token")):
            raise _Refused(plain(403, "Missing or wrong CSRF token."))
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise _Refused(plain(415, "Send JSON."))
        try:
            data = json.loads(await self.body(request))
        except ValueError:
            raise _Refused(plain(400, "Not JSON.")) from None
        if not isinstance(data, dict):
            raise _Refused(plain(400, "Send a JSON object."))
        return data

    # -- request parts --------------------------------------------------------------------------------------
    async def body(self, request: Request) -> bytes:
        """The request body: at most `body_bytes`, within `body_s` (else _Refused)."""
        size = request.headers.get("content-length")
        if size is not None and not size.isdigit():
            raise _Refused(plain(400, "Content-Length is not a number."))
        if size is not None and int(size) > self.limits.body_bytes:
            self.counters.too_large += 1
            raise _Refused(self.too_large())
        chunks, total = [], 0

        async def read() -> None:
            nonlocal total
            async for chunk in request.stream():
                total += len(chunk)
                if total > self.limits.body_bytes:
                    self.counters.too_large += 1
                    raise _Refused(self.too_large())
                chunks.append(chunk)

        try:
            await asyncio.wait_for(read(), self.limits.body_s)
        except TimeoutError:
            self.counters.slow_closed += 1
            raise _Refused(plain(408, "Too slow.")) from None
        return b"".join(chunks)

    def too_large(self) -> Response:
        """413 naming the limit."""
        return plain(
            413,
            f"Too large: a request may carry at most {self.limits.body_bytes} bytes "
            f"({self.limits.body_bytes // 1024} KB); nothing was changed.",
        )

    def _origin_ok(self, request: Request) -> None:
        """A change from another site's page is refused (a browser names the page's origin)."""
        origin = request.headers.get("origin")
        host = request.headers.get("host", "")
        if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
            raise _Refused(plain(403, "Wrong origin."))


class _Refused(Exception):
    """A request stopped early with `response`."""

    def __init__(self, response: Response):
        """Carry the answer."""
        super().__init__(response.status_code)
        self.response = response


def plain(status: int, text: str) -> Response:
    """A short plain-text answer."""
    return Response(text + "\n", status, media_type="text/plain; charset=utf-8")


def head_size(scope) -> int:
    """A request head's size as parsed: its request line and header lines (at least what came on the wire,
    less any spaces around the values)."""
    query = scope.get("query_string") or b""
    line = (
        len(scope["method"])
        + len(scope.get("raw_path") or b"")
        + (len(query) + 1 if query else 0)
        + len(" HTTP/1.1\r\n")
    )
    return line + sum(len(k) + len(v) + 4 for k, v in scope.get("headers") or ()) + 2


def language_of(request: Request) -> str:
    """The phone's language from Accept-Language: the first of ours it names ("de-DE,de;q=0.9" -> de)."""
    from companion.i18n import LANGUAGES

    best, best_q = "en", -1.0
    for part in request.headers.get("accept-language", "")[:200].split(","):
        bits = part.strip().split(";")
        code = bits[0].split("-")[0].strip().lower()
        q = 1.0
        for b in bits[1:]:
            if b.strip().startswith("q="):
                try:
                    q = float(b.strip()[2:])
                except ValueError:
                    q = 0.0
        if code in LANGUAGES and q > best_q:
            best, best_q = code, q
    return best


def fill(template: str, lang: str, **values: str) -> str:
    """A page template with its words in `lang` ({{t:key}}, companion/web/words.py) and `values`
    ({{name}}) filled in, each HTML-escaped."""
    import html
    import re

    from companion.web.words import page_word

    text = re.sub(r"\{\{t:(\w+)\}\}", lambda m: html.escape(page_word(lang, m.group(1))), template)
    values = {"lang": lang, **values}
    return re.sub(r"\{\{(\w+)\}\}", lambda m: html.escape(str(values.get(m.group(1), ""))), text)


async def _disconnected(receive) -> None:
    """Returns once the client has gone."""
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return


async def _write(send, text: str) -> None:
    """One piece of a stream."""
    await send({"type": "http.response.body", "body": text.encode("utf-8"), "more_body": True})


async def _nothing() -> dict[str, Any]:
    """A receive for answers sent before the body was read."""
    return {"type": "http.disconnect"}
