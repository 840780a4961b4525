"""The table's side of the phone view: what the loop hands the web thread, and what it takes back.

One thread owns the game (companion/app.py). The web server runs in a thread of its own
(companion/web/server.py) and never touches the game: it reads the last published snapshot and puts
phone requests in a queue. The loop calls two hooks:

* `waiting()` from its input poll: a phone request counts as input, so a resting table wakes for it
  (the web thread also ends the loop's sleep through the clock's `wake`);
* `frame(app, events)` once per full frame, after the table's own presses were applied: it starts
  the server on the first frame (after READY: the server's imports never delay the start), answers
  the phone requests through the same `dispatch` a screen uses, then publishes a new snapshot if
  the game, the settings or the countdown changed. A table press and a phone request in the same
  frame: the press is applied first, and the request carries the version the phone saw, so a phone
  that has not seen the table's change is refused and shown the table's state (the table wins).

The web side also hands the loop the server's wrong-code budget (`codes`, companion/web/guard.py):
while it is spent, the Phones screens say someone is guessing the code, and the change of it counts
as input (a resting table shows it within a frame). Log lines a client can cause go through
`client_log` (at most one a minute, then a count).

Snapshots are built only while a phone is paired and watching (the web side names the languages
it needs), so a table with the server on and no phone builds nothing.
"""

from __future__ import annotations

import queue
import sys
import threading
from collections import deque
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.errors import N_
from companion.i18n import current_language, in_language
from companion.paths import write_private
from companion.web.asking import Request
from companion.web.guard import QuietLog

EVENTS_KEPT = 60  # engine events kept for the log and the last card (a phone that joins late sees them)
SETTING_KEYS = ("brightness", "volume", "mute", "language")


class Snapshot:
    """A published moment: its `version` (grows with every change a phone can see), `game_version`
    (grows only when the game or the settings changed: what a host's change is checked against)
    and the phone view's JSON text per language."""

    __slots__ = ("version", "game_version", "texts")

    def __init__(self, version: int, game_version: int, texts: Mapping[str, str]):
        """Immutable once made: the web thread reads it without a lock."""
        self.version, self.game_version, self.texts = version, game_version, dict(texts)


class Hub:
    """The bridge between the loop and the web thread. Built by `companion run` when the phone view
    is on (companion/cli/run.py); the loop calls `waiting()` and `frame(app, events)`.

    bind: (host, port) to listen on (port 0: any free port, tests); announce: advertise
    `nightwatch.local` over mDNS; print_url: print the pairing URL on stdout (`--web` on the command
    line; never under the service, whose stdout is the system log); say: where problems go (stderr);
    keep: the private file that keeps the passes in force across a restart (beside the journal; None:
    the passes live as long as the process, e.g. the demo's throwaway journal).
    """

    def __init__(
        self,
        bind: tuple[str, int],
        announce: bool = False,
        print_url: bool = False,
        say: Callable[[str], None] | None = None,
        mdns_name: str = "nightwatch",
        keep: Path | None = None,
    ):
        """Nothing starts here: the server starts with the loop's first frame."""
        self.bind, self.announce, self.print_url, self.mdns_name = bind, announce, print_url, mdns_name
        self.say = say or (lambda text: print(text, file=sys.stderr, flush=True))
        self.pairing = None  # the passes in force, drawn with the first frame
        self.keep = keep  # where they are kept across a restart
        self._drawn_now = False  # the passes were drawn in this (first) frame
        self.snapshot = Snapshot(0, 0, {})
        self.languages: frozenset[str] = frozenset()  # what the watching phones speak (set by the web side)
        self.port: int | None = None  # the port listened on, once it is
        self.address: str | None = None  # the address put in the URLs
        self.ready = threading.Event()  # set once the server listens (or failed to)
        self.failed: tuple | None = None  # why it could not listen: (words, values)
        self.limits = None  # the guard's limits (None: companion/web/server.py's)
        self.counters = None  # what the guard refused (set by the web thread)
        self.codes = None  # the server's wrong-code budget (set by the web thread)
        self.client_log = QuietLog(
            lambda text: self.say(text)
        )  # log lines a client can cause, a minute's worth at most
        self._guessing = False  # what the loop took of `guessing()` last
        self.wake: Callable[[], None] = lambda: None  # ends the loop's sleep (the clock's `wake`)
        self.notify: Callable[[], None] = lambda: None  # tells the web side a snapshot is new (set by it)
        self.stop_server: Callable[[], None] = lambda: None  # ends the server's wait (set by the web side)
        self._requests: queue.SimpleQueue = queue.SimpleQueue()
        self._events: deque = deque(maxlen=EVENTS_KEPT)
        self._lines: dict[str, deque] = {}  # language -> the log lines of `_events`
        self._seen: tuple = ()  # what the last snapshot showed: view, timer, settings
        self._shown: tuple = ()  # the pairing the table's screen shows
        self._game_version = 0
        self._thread: threading.Thread | None = None
        self._server = None
        self._app = None

    # -- the loop's hooks ---------------------------------------------------------------------------------
    def waiting(self) -> bool:
        """Whether a phone request waits for the loop, or pairing by code paused or resumed since the
        last frame (both count as input: a resting table wakes)."""
        return not self._requests.empty() or self.guessing() != self._guessing

    def guessing(self) -> bool:
        """Whether wrong codes from the network have paused pairing by code now."""
        return self.codes is not None and self.codes.paused()

    def frame(self, app, events: list, lines: list | None = None) -> None:
        """One full frame of the loop: start the server (first frame), answer the phone requests, take
        the frame's engine events (`events`: the loop's list of them, which the answers may add to;
        `lines`: theirs in the table's language, told once by the loop, None in the list where untold),
        publish a new snapshot if something a phone shows changed."""
        first = self._thread is None
        if first:
            self._start(app)
        while not self._requests.empty():
            self._answer(app, self._requests.get_nowait())
        told = lines or ()
        table = current_language() if told else None
        for at, ev in enumerate(events):
            if ev.get("event") == "game_set_up" and not (first and self._drawn_now):
                self.renew()  # a new game: new codes, old phones stop seeing
            self._events.append(ev)
            said = told[at] if at < len(told) else None
            for lang, kept in self._lines.items():
                kept.append(said if said is not None and lang == table else self._narrated(ev, app, lang))
        self._guessing = self.guessing()
        if app.ui is not None and self._shown != (self.pairing.generation, self.port, self._guessing):
            self._show(app)
        if self.languages:
            self._publish(app)

    def _show(self, app) -> None:
        """Give the table's Phones screens the passes in force (companion/ui/screens/phones.py)."""
        from companion.ui.screens.phones import PhonesInfo

        self._shown = (self.pairing.generation, self.port, self._guessing)
        if self.port is None:
            return
        mdns = (
            f"{self.mdns_name}.local:{self.port}"
            if self.announce and self.address not in ("127.0.0.1", "::1")
            else None
        )
        app.ui.set_setting(
            "phones",
            PhonesInfo(
                self.base_url(),
                self.url(),
                self.pairing.player.shown_code,
                self.url("host"),
                self.pairing.host.shown_code,
                self.renew,
                mdns,
                self._guessing,
            ),
        )

    def renew(self) -> None:
        """Draw new codes and tokens (a new game, or the table's Phones screen): old ones stop working."""
        from companion.web import pairing

        self.pairing = pairing.draw(self.pairing.generation + 1 if self.pairing is not None else 1)
        if self.keep is not None:
            try:
                write_private(self.keep, pairing.to_text(self.pairing))
            except OSError:  # a full or read-only disk: the passes hold until the process ends
                pass
        self._seen = ()  # the snapshot is published again: the streams of old tokens end on it
        if self.print_url and self.port is not None:
            print(f"phone view: {self.url()}", flush=True)
        self.notify()

    def url(self, role: str = "player") -> str:
        """The pairing URL of `role` (its token in the path)."""
        token = self.pairing.host.token if role == "host" else self.pairing.player.token
        return f"{self.base_url()}/pair/{token}"

    def base_url(self) -> str:
        """http://ADDRESS:PORT of the server."""
        host = self.address or self.bind[0]
        return f"http://{'[' + host + ']' if ':' in host else host}:{self.port}"

    # -- the web thread's side ----------------------------------------------------------------------------
    def ask(self, request: Request):
        """Queue a phone request for the loop and wake it (called from the web thread)."""
        self._requests.put(request)
        self.wake()
        return request.reply

    def watch(self, lang: str) -> bool:
        """A phone speaking `lang` watches: build its language from now on. True if it is new (the
        web side then asks for a snapshot)."""
        if lang in self.languages:
            return False
        self.languages = self.languages | {lang}
        return True

    # -- starting and stopping ------------------------------------------------------------------------------
    def _start(self, app) -> None:
        """Start the web thread (its imports happen there, after READY)."""
        from companion.web.server import serve

        self._drawn_now = False
        if self.pairing is None:
            self.pairing = self._kept()
        if self.pairing is None:
            self.renew()
            self._drawn_now = True  # a new game in this first frame needs no other passes
        import gc

        # The web thread's garbage (parsed requests) triggers full collections, and one stops every
        # thread: tens of milliseconds over a heap of start-up objects that live as long as the table.
        # Frozen, they are never scanned again; a full collection then takes a few milliseconds.
        gc.freeze()
        self._app = app
        self.wake = getattr(app.clock, "wake", lambda: None)
        self._thread = threading.Thread(target=serve, args=(self,), name="phone-view", daemon=True)
        self._thread.start()

    def _kept(self):
        """The passes kept by an earlier run of this journal (same game resumed), or None."""
        from companion.web import pairing

        try:
            return pairing.from_text(self.keep.read_text(encoding="utf-8")) if self.keep is not None else None
        except (OSError, UnicodeDecodeError):
            return None

    def started(self, server, port: int, address: str) -> None:
        """The server listens (called from the web thread): say where, once."""
        self._server, self.port, self.address = server, port, address
        self.ready.set()
        if self.print_url:
            print(f"phone view: {self.url()}", flush=True)

    def close(self) -> None:
        """Stop the server (the table is stopping); quick, the thread is a daemon."""
        if self._server is not None:
            self._server.should_exit = True
            self.stop_server()
        if self._thread is not None:
            self._thread.join(timeout=1.0)

    # -- answering requests (the loop's thread) -------------------------------------------------------------
    def _answer(self, app, request: Request) -> None:
        """Answer one phone request; a bug in one never stops the table."""
        if request.reply.done():  # given up by the web side already
            return
        from companion.web import hostside

        try:
            answer = self._handle(app, request)
        except Exception as exc:  # noqa: BLE001 - the phone gets a plain refusal, the log says what
            self.client_log.line(f"phone request {request.kind!r} failed: {type(exc).__name__}")
            answer = (500, hostside.error(request.lang, N_("The table could not do that.")))
        request.reply.set_result(answer)

    def _handle(self, app, request: Request) -> tuple[int, Any]:
        """(HTTP status, body) for one request."""
        from companion.web import hostside

        kind = request.kind
        if kind == "refresh":  # a phone with a language not built yet
            self._seen = ()
            return 200, None
        if request.role != "host":
            return 403, hostside.error(request.lang, N_("Only the host may do that."))
        if kind in ("teach", "settings", "rename") and request.version != self.snapshot.game_version:
            return 409, hostside.error(
                request.lang, N_("The table changed first: look again, then try once more.")
            )
        return hostside.handle(app, kind, request.data, request.lang)

    # -- publishing (the loop's thread) -------------------------------------------------------------------
    def _publish(self, app) -> None:
        """Build and hand over a new snapshot if what a phone shows changed."""
        view = app.view()
        timer = app.timer.info()
        left = None if timer is None else round(timer["left"])
        settings = current_settings(app)
        seen = (view, left, settings, self.languages, self.pairing.generation)
        if seen == self._seen:
            return
        if not self._seen or self._seen[0] is not view or self._seen[2] != settings:
            self._game_version += 1
        self._seen = seen
        import json

        from companion import i18n
        from companion.web import phoneview

        texts = {}
        for lang in self.languages:
            with in_language(lang):
                lines = self._lines.get(lang)
                if lines is None:  # a new language: narrate what is kept
                    lines = self._lines[lang] = deque(
                        (self._narrated(ev, app, lang) for ev in self._events), maxlen=EVENTS_KEPT
                    )
                body = phoneview.build(
                    view.game if view else None,
                    view.state if view else None,
                    self._events,
                    (line for line in lines if line),
                    timer,
                )
                body.update(
                    v=self.snapshot.version + 1,
                    gv=self._game_version,
                    settings=dict(zip(SETTING_KEYS, settings)),
                    lang=lang,
                    languages={c: i18n.LANGUAGE_NAMES[c] for c in i18n.LANGUAGES},
                )
            texts[lang] = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
        self.snapshot = Snapshot(self.snapshot.version + 1, self._game_version, texts)
        self.notify()

    def _narrated(self, ev: Mapping[str, Any], app, lang: str) -> str:
        """One event's log line in `lang` ("" for one the log leaves out)."""
        from companion.narration.narrate import line

        game = app.session.game.id if app.session is not None else None
        with in_language(lang):
            return line(ev, game)


def current_settings(app) -> tuple:
    """(brightness, volume, mute, language) now: what the table's settings screen shows."""
    from companion import i18n

    shown = app.ui.ctx.settings if app.ui is not None else {}
    cfg = app.cfg
    return (
        float(shown.get("brightness", cfg.leds.brightness)),
        float(shown.get("volume", cfg.sound.volume)),
        bool(shown.get("mute", cfg.sound.mute)),
        i18n.current_language(),
    )
