"""The table app's one loop. One `App` owns the game; everything else feeds it or draws it.

`companion run` (companion/cli/run.py) builds it: full screen on a Pi with the real board, a window
with the simulated board on a PC, the table without a screen, a scenario or the bot demo
(companion/runtime/sources.py). A missing screen is a part like the reader (companion/runtime/display.py).

Each tick (STYLE.md section 5):
  1. drain inputs: HAL buttons and card reads, pygame keys/touch/mouse (all virtual buttons first);
  2. turn them into commands (the screens) and apply them: engine, then journal (durable), then
  3. feed the events to lighting, screen and sound;
  4. render the frame and push the pixels once, flip the screen;
  5. sleep until the next frame (frame-capped, never busy-waiting). Time comes from the HAL clock.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Callable

from companion.narration import narrate
from companion.errors import CommandError, CompanionError, RuleViolation
from companion.inputs import CardRead
from companion.storage.journal import Journal, JournalError
from companion.storage.session import Session
from companion.runtime.sources import BotSource, ScriptSource, bot_for  # noqa: F401  (the headless sources)

RETRY_EVERY_S = 1.0       # how often missing hardware is looked for again (each part backs off itself)
LED_REFRESH_S = 1.0       # an unchanged LED frame is pushed again this often (a strip plugged back in lights up)
FAULT_HOLD_S = 5.0        # a strip that failed a write stays shown as failing this long after reopening


@dataclass
class Health:
    """What is missing right now, for the banner, the status light and systemd's STATUS=."""

    parts: dict = field(default_factory=dict)  # part -> (ok, why)

    def degraded(self) -> list[str]:
        """One phrase per missing part."""
        return [why for ok, why in self.parts.values() if not ok]

    def summary(self) -> str:
        """`ok` or `degraded: ...`."""
        bad = self.degraded()
        return "ok" if not bad else "degraded: " + "; ".join(bad)


class App:
    """The one event loop. Build it with its parts (`main` shows how); drive it with `tick()` or `run()`.

    hw: `companion.hal.Hardware`; journal: `Journal` or None; ui: `TableUI` or None (headless);
    surface: where the UI draws (None: no screen); log: where headless narration goes;
    source: headless command source (`ScriptSource`, `BotSource`) or None; display: the screen
    as a part that may be missing (`companion.runtime.display.Display`: retried, picked up when it opens);
    missing: other parts that are missing for the whole run (part -> why, e.g. the journal).
    """

    def __init__(self, cfg, hw, journal: Journal | None, *, ui=None, surface=None, sounds=None,
                 log: Callable[[str], None] | None = None, source=None, notifier=None,
                 on_ack: Callable[[int, dict], None] | None = None, flip: Callable[[], None] | None = None,
                 safe_reason: str | None = None, speak: Callable[[str], None] | None = None,
                 display=None, missing: dict[str, str] | None = None):
        """See the class docstring; `speak` says narration aloud (One Night), None: text only."""
        from companion.lighting.controller import LightingController
        from companion.lighting.output import OutputStage

        self.cfg = cfg
        self.hw = hw
        self.clock = hw.clock
        self.journal = journal
        self.ui = ui
        self.surface = surface
        self.sounds = sounds
        self.log = log
        self.source = source
        self.notifier = notifier
        self.on_ack = on_ack
        self.flip = flip
        self.safe_reason = safe_reason
        self.display = display
        self.missing = dict(missing or {})
        self.exit_status = 0
        self._refusal = None  # (command, error) of the last refused command
        self.output = OutputStage.from_config(cfg.leds)
        self.lights = LightingController(hw.pixels.counts(), output=self.output)
        from companion.narration.narrator import StepTimer

        self.session: Session | None = None
        self.speak = speak
        self.timer = StepTimer(speak=speak)  # timed steps (One Night's narration) move on by themselves
        self._faults: dict[str, tuple[float, str]] = {}  # part -> (last time seen failing, why)
        self.health = Health(self._parts(self.clock.now()))
        self.lights.set_health(_health_level(self.health), self.clock.now())  # amber at once if missing
        self.frames = 0
        self.running = True
        self._events: list = []          # engine events since the last frame
        self._changed = True             # the view must be recomputed
        self._lights_stale = True        # the lights must take the view again (first frame, health)
        self._view_cache = None
        self._last_t: float | None = None
        self._pattern_until = float("-inf")  # the start-up colour check stays lit until then
        self._pushed = None              # the last LED frame the strip took, and when it is due again
        self._push_due = float("-inf")
        self._next_retry = 0.0
        self._next_watchdog = 0.0
        self._watchdog_every = None
        if notifier is not None:
            interval = notifier.watchdog_interval()
            self._watchdog_every = interval / 2 if interval else None

    # -- starting ---------------------------------------------------------------------------------------
    def show_test_pattern(self, seconds: float = 1.0) -> None:
        """Red, green, blue on the first three pixels of each strip for `seconds`: a wrong colour
        order or SPI clock is then seen at a glance, not guessed (hardware/README.md, bring-up)."""
        self.hw.pixels.test_pattern()
        self._pattern_until = self.clock.now() + seconds
        self._pushed = None  # the strip no longer shows our last frame

    def start(self, setup: dict | None = None, resume: bool = True, finished_too: bool = False) -> None:
        """Resume the unfinished game, or offer it (with a screen), or start `setup`.

        finished_too: a scenario run resumes its game even if it already ended (a restart after a
        power cut at the very end must not play the whole scenario again as a new game).
        """
        info = self._resumable(setup, finished_too) if (self.journal is not None and resume) else None
        if info is not None and (self.ui is None or setup is not None):
            self.resume(info.id)
        elif setup is not None:
            self.new_game(setup)
        elif info is not None:
            self.ui.offer_resume({"id": info.id, "game": info.game,
                                  "summary": f"{info.game}, {info.commands} commands, last played {_ago(info.updated)}"})

    def _resumable(self, setup: dict | None, finished_too: bool):
        """The journaled game to continue: the newest unfinished one, or with `setup` the newest one
        that `setup` started (finished too when `finished_too`); None when there is none."""
        if setup is None:
            return self.journal.last_unfinished()
        for info in self.journal.games(include_over=finished_too):
            if _same_setup(self.journal.commands(info.id)[0], setup, info.game):
                return info
        return None

    def new_game(self, setup: dict) -> bool:
        """Start a new game from a setup command (journaled first)."""
        try:
            self.session, events = Session.new(setup, journal=self.journal)
        except (RuleViolation, CommandError) as exc:
            self._refused(setup, exc)
            return False
        self._accepted(setup, events)
        return True

    def resume(self, game_id: int) -> bool:
        """Replay a journaled game and continue it."""
        try:
            self.session = Session.resume(self.journal, game_id)
        except (JournalError, CompanionError) as exc:
            self._say(f"cannot resume game {game_id}: {exc}")
            return False
        self._changed = True
        self._say(f"Resumed game {game_id} ({len(self.session.commands)} commands): {self._where()}")
        return True

    # -- the loop -------------------------------------------------------------------------------------------
    def run(self, max_frames: int | None = None) -> int:
        """Tick until quit (or the headless game ends, or `max_frames`); returns an exit status."""
        fps = max(1, self.cfg.display.fps)
        period = 1.0 / fps
        next_t = self.clock.now()
        try:
            while self.running and (max_frames is None or self.frames < max_frames):
                self.tick()
                next_t += period
                now = self.clock.now()
                if next_t < now - period:  # fell behind (a slow frame): don't try to catch up
                    next_t = now
                self.clock.sleep_until(next_t)
        except KeyboardInterrupt:
            pass
        return self.exit_status

    def stop(self) -> None:
        """End the loop after the frame in hand (a stop signal, companion/runtime/stopping.py)."""
        self.running = False

    def tick(self) -> None:
        """One frame: inputs -> commands -> engine -> journal -> lights, screen, sound."""
        now = self.clock.now()
        dt = 0.0 if self._last_t is None else max(0.0, now - self._last_t)
        self._last_t = now
        for bev in self.hw.buttons.poll(now):
            self._input(bev)
        for card in self.hw.reader.poll():
            self._input(card)
        if self.ui is not None and self.surface is not None:
            self._pygame_events(now)
        if self.source is not None and self.ui is None:
            cmd = self.source.next(self)
            if cmd is not None:
                if self.dispatch(cmd) is False and self._refusal is not None:
                    self._source_refused(*self._refusal)
            elif self.source.finished(self):
                self.running = False
        if self.ui is not None:
            for result in self.ui.take_results():
                self.dispatch(result)
        if self.session is not None:
            due = self.timer.update(self.view().state, dt)
            if due is not None:
                self.dispatch(due)
        if now >= self._next_retry:
            self._check_hardware(now)
        self._render(now, dt)
        if self._watchdog_every is not None and now >= self._next_watchdog:
            self.notifier.watchdog()
            self._next_watchdog = now + self._watchdog_every
        self.frames += 1

    # -- inputs and results -----------------------------------------------------------------------------
    def _input(self, event) -> None:
        """A virtual button or card read from the HAL."""
        if self.ui is not None:
            self.ui.handle(event)
        elif isinstance(event, CardRead):
            self._card(event.tag)

    def _pygame_events(self, now: float) -> None:
        """Keys, mouse and touch: the simulated board first (its buttons), then the screens."""
        import pygame

        if not pygame.display.get_init():
            return  # drawing into a plain Surface (tests): there is no event queue
        board = getattr(self.hw, "board", None)
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                self.running = False
                continue
            if board is not None and board.handle_event(ev):
                continue
            self.ui.handle(ev, now)

    def dispatch(self, result: dict) -> bool | None:
        """A command (engine) or an intent (undo, resume, settings, tags) from the screens or a source;
        for a command, whether it was accepted."""
        if "cmd" in result:
            self._refusal = None
            return self.new_game(result) if result["cmd"] == "setup" else self.submit(result)
        intent = result.get("intent")
        handler = {
            "undo": self._undo, "redo": self._redo, "resume": lambda r: self.resume(r["id"]),
            "settings": self._settings, "card_read": lambda r: self._card(r["tag"]),
            "register_tag": self._register_tag, "teach_card": self._teach_card,
            "edit_tracker": self._edit_tracker, "teach_tracker": self._teach_tracker,
            "edit_districts": self._edit_districts, "teach_district": self._teach_district,
            "teach_strigoi": self._teach_strigoi,
            "new_game": lambda r: self._drop_session(), "quit": lambda r: setattr(self, "running", False),
        }.get(intent)
        if handler is None:
            self._say(f"ignored unknown intent {intent!r}")
            return
        handler(result)

    def submit(self, command: dict) -> bool:
        """Apply a command; on success it is durable before any light or sound shows it."""
        if self.session is None:
            self._say(f"no game running; {command.get('cmd')!r} ignored")
            return False
        try:
            events = self.session.submit(command)
        except (RuleViolation, CommandError, JournalError) as exc:  # refused, or not saved: nothing changed
            self._refused(command, exc)
            return False
        self._accepted(command, events)
        return True

    def _accepted(self, command: dict, events: list) -> None:
        """Feedback for an accepted (journaled) command."""
        self._events.extend(events)
        self._changed = True
        if self.on_ack is not None:
            self.on_ack(len(self.session.commands), self.session.commands[-1])
        if self.log is not None:
            for text in narrate.lines(events):
                self.log(text)
        if self.speak is not None:
            self._speak_results(events)

    def _speak_results(self, events: list) -> None:
        """Say the vote and the verdict aloud (step prompts are spoken by the step timer)."""
        from companion.narration.speech import narration_for

        for e in events:
            d = e.to_dict() if hasattr(e, "to_dict") else e
            if d.get("event") in ("votes_counted", "revealed"):
                text = narration_for(d)
                if text:
                    self.speak(text)

    def _refused(self, command: dict, exc: Exception) -> None:
        """Show why a command was refused; nothing changed."""
        self._refusal = (command, exc)
        why = f"{getattr(exc, 'rule', 'refused')}: {getattr(exc, 'message', str(exc))}"
        if self.ui is not None:
            self.ui.notify(why)
        if self.sounds is not None:
            self.sounds.play("refused")
        self._say(f"refused {command.get('cmd')!r}: {why}")

    def _source_refused(self, command: dict, exc: Exception) -> None:
        """A headless source's command was refused: stop with exit status 1 (a scenario says where)."""
        where = getattr(self.source, "where", None)
        rule, why = getattr(exc, "rule", "command"), getattr(exc, "message", str(exc))
        print(f"{where() if where else 'the demo'}: refused {command.get('cmd')!r} by rule {rule}: {why}",
              file=sys.stderr, flush=True)
        self.exit_status = 1
        self.running = False

    def _undo(self, _result=None) -> None:
        """Take back the last command (the undo button)."""
        if self.session is None or not self.session.undo(1):
            self._say("nothing to undo")
            return
        self._changed = True
        self._events.append({"event": "undone"})
        self._say(f"Undone. {self._where()}")

    def _redo(self, _result=None) -> None:
        """Bring back the last undone command."""
        if self.session is not None and self.session.can_redo():
            self._accepted({"cmd": "redo"}, self.session.redo(1))

    def _settings(self, result: dict) -> None:
        """Brightness, volume, mute from the settings screen."""
        key, value = result.get("key"), result.get("value")
        if key == "brightness":
            from dataclasses import replace

            self.output = replace(self.output, brightness=max(0.0, min(1.0, float(value))))
            self.lights.output = self.output
        elif key in ("volume", "mute") and self.sounds is not None:
            self.sounds.apply({key: value})

    def _card(self, tag: str) -> None:
        """A card was read: draw it if it is known, else open the New card screen to teach it.

        A tag is only ever looked up as a string in the registration table: nothing read from a
        tag is run, or opened as a path.
        """
        from companion.gamedata import teach

        try:
            key = teach.lookup_tag(tag)
        except CompanionError as exc:  # a broken tags.toml: say so, keep playing
            self._say(f"card tag {tag!r} not looked up: {exc}")
            return
        if key is None:
            if self.ui is not None:
                self.ui.start_teach(tag, self._catalogue())
            else:
                self._say(f"unknown card tag {tag}: teach it on the screen or with `companion cards teach`")
            return
        if self.session is None:
            self._say(f"card {key} read, but no game is running")
            return
        self.submit({"cmd": "draw", "card": key})

    def _catalogue(self) -> list[dict]:
        """Known event cards as {key, name, act}, for the New card screen."""
        from companion.gamedata.loader import load_masters

        try:
            data = load_masters()
        except CompanionError as exc:
            self._say(f"card data not loaded: {exc}")
            return []
        return [{"key": c.key, "name": c.name, "act": c.act} for c in data.cards]

    def _register_tag(self, result: dict) -> None:
        """Remember which card a tag is, then use the read."""
        from companion.gamedata import teach

        try:
            teach.register_tag(result["tag"], result["card"])
        except CompanionError as exc:
            self._refused({"cmd": "register_tag"}, exc)
            return
        self._card(result["tag"])

    def _teach_card(self, result: dict) -> None:
        """Save a taught card grid and its tag, reload the game's data, then use the read."""
        from companion.gamedata import teach

        saved = self._taught(lambda: teach.save_card_grid(result["card"], result.get("red", ()), result.get("blue", ()),
                                                          name=result.get("name")),
                             f"card {result['card']} taught")
        if saved and result.get("tag"):
            self._register_tag(result)

    def _edit_tracker(self, _result=None) -> None:
        """Open the veil-tracker screen with the numbers in use now (shipped or taught)."""
        from companion.gamedata.loader import load_masters

        try:
            data = load_masters()
        except CompanionError as exc:
            self._refused({"cmd": "edit_tracker"}, exc)
            return
        trackers = {t.vampires: {"reserve": t.reserve,
                                 "numbers": {f"{act}.{band}": [n.red, *n.blue] for act, band, n in t.numbers}}
                    for t in data.trackers}
        view = self.session.view() if self.session is not None else {}
        vampires = len(view.get("order", ())) if view.get("game") == "masters" else 2
        self.ui.teach_tracker(trackers, vampires)

    def _teach_tracker(self, result: dict) -> None:
        """Save the tracker numbers the table copied from its own tracker."""
        from companion.gamedata import teach

        numbers = {tuple(k.split(".")): (v[0], (v[1], v[2])) for k, v in result["numbers"].items()}
        self._taught(lambda: teach.save_tracker(result["vampires"], reserve=result["reserve"], numbers=numbers),
                     f"veil tracker for {result['vampires']} vampires saved")

    def _edit_districts(self, _result=None) -> None:
        """Open the district-names screen for the current layout."""
        view = self.session.view() if self.session is not None else {}
        if view.get("game") != "masters":
            self._say("district names belong to a Masters of the Night game: start or resume one first")
            return
        self.ui.teach_districts({pos: {"key": d["key"], "name": d["name"]} for pos, d in view["districts"].items()})

    def _teach_district(self, result: dict) -> None:
        """Save a district's name as printed on the table's tile."""
        from companion.gamedata import teach

        self._taught(lambda: teach.save_district(result["key"], name=result["name"]),
                     f"district {result['key']} is now called {result['name']}")

    def _teach_strigoi(self, result: dict) -> None:
        """Save the Strigoi card values and token mix of the table's box (new games use them)."""
        from companion.gamedata import teach_strigoi

        self._taught(lambda: teach_strigoi.save_box(result["stats"], result["tokens"]),
                     "Strigoi values of your box saved")

    def _taught(self, save: Callable[[], Any], done: str) -> bool:
        """Save taught data (a refusal is shown, nothing saved); reload the running game's data so
        the next draw, placement or name uses it. The journal keeps the values each command used."""
        try:
            save()
        except CompanionError as exc:  # e.g. a single blue-gray cell: say why, save nothing
            self._refused({"cmd": "teach"}, exc)
            return False
        if self.session is not None and self.session.game.id == "masters":
            from companion.rules import load_game

            self.session.game = load_game("masters")
            self._changed = True
        self._say(done)
        return True

    def _drop_session(self) -> None:
        """Leave the current game (it stays in the journal) for the title screen."""
        self.session = None
        self._changed = True

    # -- output -----------------------------------------------------------------------------------------
    def view(self):
        """The current game view for the screens (rebuilt only when the game changed)."""
        if self._changed:
            self._changed = False
            if self.session is None:
                self._view_cache = None
            else:
                from companion.ui.model import GameView

                self._view_cache = GameView(
                    self.session.game.id, self.session.view(), tuple(self.session.actions()),
                    {"game_id": self.session.game_id, "can_undo": self.session.can_undo(),
                     "last": self.session.commands[-1].get("cmd") if self.session.can_undo() else None},
                )
        timer = self.timer.info()
        if timer is not None and self._view_cache is not None:
            self._view_cache.info["timer"] = timer  # time left changes every frame, the state does not
        return self._view_cache

    def _render(self, now: float, dt: float) -> None:
        """Lights every frame; the screen when there is one."""
        view = self.view()
        events = self._events
        self._events = []
        if events or self._lights_stale:
            dicts = [e.to_dict() if hasattr(e, "to_dict") else e for e in events]
            self.lights.update(self._light_view(view), dicts, now)
            self._lights_stale = False
            if self.sounds is not None:
                state = view.state if view is not None else {}
                self.sounds.ambience(state.get("game") == "one-night" and state.get("phase") in ("dusk", "night"))
        try:
            if now >= self._pattern_until:
                frame = self.lights.render(now)
                # An idle scene often renders the same frame again (slow fades move a step every few
                # frames): the strip keeps its colours, so only a change, or the refresh, is pushed.
                if frame != self._pushed or now >= self._push_due:
                    self._pushed = None
                    self.hw.pixels.show(frame)
                    self._pushed, self._push_due = frame, now + LED_REFRESH_S
        except Exception as exc:  # a backend bug must not stop the game: report it, keep going
            self._say(f"LED strip failed: {exc}")
        if self.ui is not None:
            self.ui.update(view, events, dt, self.health.parts)
            if self.surface is not None:
                self._draw()

    def _light_view(self, view):
        """The state the lights see: a running step timer's elapsed time goes into the board, so a
        countdown on the veil bar continues (after a pause or an extension) instead of restarting."""
        if view is None:
            return None
        board = view.state.get("board")
        info = self.timer.info()
        if info is None or not isinstance(board, dict) or not isinstance(board.get("timer"), dict):
            return view.state
        timer = dict(board["timer"], elapsed=info["elapsed"])
        return dict(view.state, board=dict(board, timer=timer))

    def _draw(self) -> None:
        """Screen UI on the left, the simulated board (PC only) on the right; flip only when
        something changed (the simulated board's LEDs animate, so with it every frame flips)."""
        board = getattr(self.hw, "board", None)
        w, h = self.surface.get_size()
        try:
            if board is not None and w > self.ui.size[0]:
                self.ui.draw(self.surface.subsurface((0, 0, self.ui.size[0], h)))
                board.draw(self.surface, (self.ui.size[0], 0, w - self.ui.size[0], h))
                changed = True
            else:
                changed = self.ui.draw(self.surface)
            if changed and self.flip is not None:
                self.flip()
        except Exception as exc:  # pygame.error: the screen went away under us
            if self.display is None:
                raise
            self.display.lost(str(exc), self.clock.now())
            self.surface = None
            self._update_health(self.clock.now())

    def _check_hardware(self, now: float) -> None:
        """Notice parts that failed, retry missing ones (each backs off itself), report changes."""
        self._next_retry = now + RETRY_EVERY_S
        self._update_health(now)  # a strip that failed on its last write shows up here first
        self.hw.retry_due()
        if self.display is not None and self.surface is None and self.ui is not None:
            self._pick_up_screen(now)
        self._update_health(now)

    def _pick_up_screen(self, now: float) -> None:
        """Try the missing screen again (it backs off itself); once open, the screens draw on it."""
        surface = self.display.retry_due(now)
        if surface is None:
            return
        if tuple(self.ui.size) != tuple(self.display.ui_size):
            self.ui.resize(self.display.ui_size)  # the panel that came is not the size we guessed
        self.surface = surface

    def _update_health(self, now: float) -> None:
        """Take the HAL's part status; on a change, tell the screen, status light, log and systemd."""
        parts = self._parts(now)
        if parts == self.health.parts:
            return
        self.health = Health(parts)
        self._lights_stale = True
        self._pushed = None  # a reopened strip starts dark: give it the frame at once
        self.lights.set_health(_health_level(self.health), now)
        self.lights.counts = self.hw.pixels.counts()
        self._say(f"hardware: {self.health.summary()}")
        if self.notifier is not None:
            self.notifier.status(self._status_line())

    def _parts(self, now: float) -> dict:
        """Part -> (ok, why): the HAL's parts, plus safe mode when the app started in it.

        A strip fails only when written to, and the HAL reopens it at once; so one whose writes keep
        failing (a loose data wire) would flip between failing and fine every second. It stays shown
        as failing for FAULT_HOLD_S after its last failure: one steady banner, not a flicker. (The
        reader reports its own state all the time and needs no such hold.)"""
        parts = dict(self.hw.status())
        ok, why = parts.get("leds", (True, ""))
        if not ok:
            self._faults["leds"] = (now, why)
        elif "leds" in self._faults:
            seen, why_then = self._faults["leds"]
            if now - seen < FAULT_HOLD_S:
                parts["leds"] = (False, why_then)
            else:
                del self._faults["leds"]
        if self.display is not None:
            parts["screen"] = self.display.status
        for part, why in self.missing.items():
            parts[part] = (False, why)
        if self.safe_reason:
            parts["safe-mode"] = (False, self.safe_reason)
        if getattr(self.journal, "banner", None):  # a damaged journal was moved aside: say where
            parts["journal"] = (False, self.journal.banner)
        return parts

    def _status_line(self) -> str:
        """systemd STATUS= text."""
        if self.safe_reason:  # safe mode first, then whatever else is missing
            others = [why for part, (ok, why) in self.health.parts.items() if not ok and part != "safe-mode"]
            base = "; ".join([self.safe_reason, *others])
        else:
            base = self.health.summary()
        return f"{base}; {self._where()}"

    def _where(self) -> str:
        """Where the game stands, in a few words."""
        if self.session is None:
            return "no game"
        v = self.view().state  # cached until the game changes again (the frame needs it too)
        bits = [v.get("game", "")]
        for key in ("round", "phase", "step", "veil", "outcome"):
            if v.get(key) is not None:
                bits.append(f"{key} {v[key]}")
        return ", ".join(str(b) for b in bits)

    def _say(self, text: str) -> None:
        """A loop message: to the headless log, else to stderr (journald under systemd)."""
        if self.log is not None:
            self.log(text)
        else:
            print(text, file=sys.stderr, flush=True)


# -- building the app --------------------------------------------------------------------------------------
def _same_setup(journaled: dict, setup: dict, game: str) -> bool:
    """Is the journaled game the one `setup` would start (so a restart resumes it)?"""
    if setup.get("game") != game:
        return False
    return all(journaled.get(k) == v for k, v in setup.items())


def _health_level(health: Health):
    """The status light's level for this health."""
    from companion.lighting.patterns import Health as Level

    return Level.OK if not health.degraded() else Level.DEGRADED


def _ago(t: float) -> str:
    """`5 min ago`-style text for a wall-clock time (only for the resume offer)."""
    import time

    s = max(0, int(time.time() - t))
    if s < 120:
        return "just now"
    if s < 7200:
        return f"{s // 60} min ago"
    if s < 172800:
        return f"{s // 3600} h ago"
    return f"{s // 86400} days ago"
