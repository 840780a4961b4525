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

A quiet table (the screen drew nothing new last frame, no command, step timer or source running) rests:
its frames stop after step 1 and push only the LED frame (an animating look keeps every frame, a still
board is rendered once; a window's simulated board, the HAL's panel, is painted where it changed), with
a full frame every IDLE_FRAME_S and at once when an input comes. What decides it (and those paces),
what the next full frame must build, light and tell, is `Idle`'s (companion/runtime/idle.py); the
names the table shows are `TableNames`' (companion/narration/seatnames.py); a command's events are
told in words once, here, for the log, the screen's log and the phones.
"""

from __future__ import annotations

import sys
import time  # the wall clock: an end card says when the evening ended, not the loop's clock
from functools import cached_property
from typing import TYPE_CHECKING

from companion.controllers import Games, Settings, Tags, Teaching
from companion.errors import CommandError, RuleViolation, Text
from companion.inputs import CardRead
from companion.narration.narrator import StepTimer
from companion.narration.seatnames import TableNames
from companion.runtime.display import Window
from companion.runtime.health import Health, HealthCheck
from companion.runtime.idle import Idle
from companion.runtime.parts import Parts
from companion.runtime.saving import Saving
from companion.storage.journal import JournalError
from companion.ui.model import GameView

if TYPE_CHECKING:
    from companion.lighting.controller import LightingController
    from companion.storage.session import Session


class App:
    """The one event loop and the health of its parts. Build it from `Parts` (companion/runtime/parts.py);
    drive it with `tick()` or `run()`. What the screens ask for besides commands goes to the controllers
    (companion/controllers/: the game in hand, settings, card tags, teaching), each through the narrow
    interface it names (companion/controllers/hosts.py), which the loop meets."""

    def __init__(self, parts: Parts):
        """Take the parts (their fields become the app's attributes of the same names)."""
        self.cfg, self.hw, self.clock, self.journal = parts.cfg, parts.hw, parts.hw.clock, parts.journal
        self.ui, self.surface, self.display, self.flip = parts.ui, parts.surface, parts.display, parts.flip
        self.sounds, self.speak = parts.sounds, parts.speak
        self.source, self.log, self.on_ack, self.web = parts.source, parts.log, parts.on_ack, parts.web
        self.notifier, self.safe_reason, self.missing = parts.notifier, parts.safe_reason, dict(parts.missing)
        self.exit_status = 0
        self.refusal = None  # (command, error) of the last refused command
        self.names = TableNames()  # the names the table shows (an unnamed seat's code by its default name)
        self.timer = StepTimer(speak=self.speak)  # timed steps (One Night's narration) move on by themselves
        self.tags = Tags(self)
        self.teaching = Teaching(self, self.tags)
        self.settings = Settings(self)
        self.games = Games(self)  # it keeps the game in hand (`session`)
        self._intents: dict | None = None  # intent -> handler, made at the first intent (`_intent`)
        self.saving = Saving(
            self, parts.reopen
        )  # "playing, not saving" and back (companion/runtime/saving.py)
        self._health_check = HealthCheck()
        self.health = Health(self._parts(self.clock.now()))
        self.frames = 0
        self.running = True
        interval = self.notifier.watchdog_interval() if self.notifier is not None else None
        self.idle = Idle(watchdog_every=interval / 2 if interval else None)  # what a full frame must do
        self._view_cache = None  # the game's view, built when the game changed
        self._timed_view = None  # that view with the step timer's time left (never written into)
        self._window = Window()  # where the screens and the HAL's panel draw in the window

    @cached_property
    def lights(self) -> LightingController:
        """The lighting engine (companion/lighting/), built when the LEDs first need a scene: after the
        start-up colour check, so its modules load while the check is lit and not before READY. It
        shows the health of that moment on the status light (amber at once if a part is missing)."""
        from companion.lighting.controller import LightingController
        from companion.lighting.output import OutputStage

        lights = LightingController(self.hw.pixels.counts(), output=OutputStage.from_config(self.cfg.leds))
        lights.set_health(self.health.level(), self.clock.now())
        return lights

    @property
    def session(self) -> Session | None:
        """The game in hand (the `Games` controller keeps it), None at the title screen."""
        return self.games.session

    # -- starting ---------------------------------------------------------------------------------------
    def show_test_pattern(self, seconds: float = 1.0) -> None:
        """Red, green, blue on the first three pixels of each strip for `seconds`: a wrong colour
        order or SPI clock is then seen at a glance, not guessed (hardware/README.md, bring-up)."""
        self.hw.pixels.test_pattern()
        self.idle.pattern(self.clock.now() + seconds)  # (the strip no longer shows our last frame)

    def start(self, setup: dict | None = None, resume: bool = True, finished_too: bool = False) -> None:
        """Resume the unfinished game, or offer it (with a screen), or start `setup` (`Games.start`)."""
        self.games.start(setup, resume, finished_too)

    # -- the loop -------------------------------------------------------------------------------------------
    def run(self, max_frames: int | None = None) -> int:
        """Tick until quit (or the headless game ends, or `max_frames`); returns an exit status.

        Every frame looks for input. On a quiet table (no input, the screen unchanged, nothing due) a
        frame then only pushes the LED frame (an animating look moves on, a still board costs nothing),
        so an idle table costs little while a press is still answered, on screen and LEDs, in the frame
        that receives it. While it rests on a still board it wakes every REST_POLL_S, on a slowly moving one
        on its looks' own steps (at most REST_STEP_MAX_S apart), and draws the LEDs only when they step."""
        fps = max(1, self.cfg.display.fps)
        period = 1.0 / fps
        next_t = self.clock.now()
        try:
            while self.running and (max_frames is None or self.frames < max_frames):
                self.tick(rest=True)
                next_t += period
                now = self.clock.now()
                wait = self.idle.rest_wait(now) if self._resting(now) else None
                if wait is not None and wait > period:
                    next_t += wait - period  # the next frame rests on a still or slow board: wake later
                if next_t < now - period:  # fell behind (a slow frame): don't try to catch up
                    next_t = now
                self.clock.sleep_until(next_t)
        except KeyboardInterrupt:
            pass
        return self.exit_status

    def stop(self) -> None:
        """End the loop after the frame in hand (a stop signal, companion/runtime/stopping.py); the
        frame's sleep ends at once (`wake`), so a slow pace never delays the stop."""
        self.running = False
        getattr(self.clock, "wake", lambda: None)()  # (a test's own clock may have none)

    def tick(self, rest: bool = False) -> None:
        """One frame: inputs -> commands -> engine -> journal -> lights, screen, sound.

        rest: when no input came and the table is quiet (see `_resting`), stop after the inputs."""
        now = self.clock.now()
        got = self._poll_inputs(now)
        if rest and not got and self._resting(now):
            self._push_lights(
                now, resting=True
            )  # an animating look still gets every frame; a still one costs nothing
            if self.surface is not None and self.ui is not None and self.hw.panel.width:
                self._draw(screens=False)  # the HAL's panel, if its lights moved (the simulated board)
            self.frames += 1
            return
        dt = self.idle.frame(now)
        if self.source is not None and self.ui is None:
            from companion.runtime.sources import feed  # a demo or a scenario: loaded with its first line

            feed(self)  # a scenario line or the bot's move (companion/runtime/sources.py)
        if self.ui is not None:
            for result in self.ui.take_results():
                self.dispatch(self.names.engine_side(result))
        if self.session is not None:
            due = self.timer.update(self.view().state, dt)
            if due is not None:
                self.dispatch(due)
        if self.idle.hardware_due(now) or self.saving.due:
            self._check_hardware(now)
        if self.web is not None:  # the phone view: requests answered as presses are, then a snapshot
            self.web.frame(self, self.idle.events, self.idle.lines)
        drew = self._render(now, dt)
        if (
            self.games.names_due
        ):  # the names the table used last (a file, json): read once the first frame is drawn
            self.games.recall()
        if self.idle.take_watchdog(now):
            self.notifier.watchdog()
        self.idle.ended(drew)
        self.frames += 1

    def _resting(self, now: float) -> bool:
        """Only the LEDs need this frame (`Idle.resting`): nothing to build, light or tell, and no step
        timer or headless source running."""
        return self.idle.resting(now, busy=self.source is not None or self.timer.info() is not None)

    # -- inputs and results -----------------------------------------------------------------------------
    def _poll_inputs(self, now: float) -> bool:
        """Take the HAL's button events and card reads and pygame's events; whether any came."""
        got = False
        for bev in self.hw.buttons.poll(now):
            self._input(bev)
            got = True
        for card in self.hw.reader.poll():
            self._input(card)
            got = True
        got = got or (self.web is not None and self.web.waiting())  # a phone's request (companion/web/hub.py)
        if self.ui is not None and self.surface is not None:
            got = self._pygame_events(now) or got
        return got

    def _input(self, event) -> None:
        """A virtual button or card read from the HAL."""
        if self.ui is not None:
            self.ui.handle(event)
        elif isinstance(event, CardRead):
            grid = (
                {"red": list(event.grid[0]), "blue": list(event.grid[1])} if event.grid is not None else None
            )
            self.tags.read(event.tag, grid, event.near)

    def _pygame_events(self, now: float) -> bool:
        """Keys, mouse and touch: the HAL's panel first (the simulated board's buttons), then the
        screens; whether any came."""
        import pygame  # only with a screen: a headless table runs without pygame's start-up cost

        try:
            events = pygame.event.get()
        except pygame.error:  # drawing into a plain Surface (tests): no display, no event queue
            return False
        panel = self.hw.panel
        for ev in events:
            if ev.type == pygame.QUIT:
                self.running = False
            elif not panel.handle_event(ev):
                self.ui.handle(ev, now)
        return bool(events)

    def dispatch(self, result: dict) -> bool | None:
        """A command (engine) or an intent (undo, resume, settings, tags, teaching) from the screens or
        a source; for a command, whether it was accepted."""
        if "cmd" in result:
            self.refusal = None
            return self.games.new_game(result) if result["cmd"] == "setup" else self.submit(result)
        intent = result.get("intent")
        handler = self._intent(intent)
        if handler is None:
            self.say(f"ignored unknown intent {intent!r}")
            return
        handler(result)

    def _intent(self, intent: str | None):
        """The handler of `intent` (None: unknown); the games' own are looked up at the first intent, not
        before READY."""
        if self._intents is None:
            self._intents = {
                "quit": lambda r: setattr(self, "running", False),
                **self.games.intents(),
                **self.settings.intents(),
                **self.tags.intents(),
                **self.teaching.intents(),
            }
        return self._intents.get(intent)

    def submit(self, command: dict) -> bool:
        """Apply a command; on success it is durable before any light or sound shows it."""
        if self.session is None:
            self.say(f"no game running; {command.get('cmd')!r} ignored")
            return False
        try:
            events = self.session.submit(command)
        except (RuleViolation, CommandError, JournalError) as exc:  # refused, or not saved: nothing changed
            self.refuse(command, exc)
            return False
        self.accepted(command, events)
        return True

    def accepted(self, command: dict, events: list) -> None:
        """Feedback for an accepted (journaled) command: its events as the table names the players
        (the names before it too: a rename's events name the old ones), told in words once."""
        game, before = self.session.game.id, self.names.codes
        self.names.follow(game, self.session.view().get("seats") or ())  # the state after it (the view's too)
        events = self.names.shown(_as_dicts(events), also=before)
        lines = self._tell(events, game)
        self.idle.told(events, lines)
        if self.on_ack is not None:
            self.on_ack(len(self.session.commands), self.session.commands[-1])
        if command.get("cmd") in ("setup", "rename"):  # names the wizard offers next time
            self.games.remember(command)
        if self.log is not None:
            for text in lines or ():
                self.log(text)
        if self.speak is not None and events:  # what the game says aloud (the step timer says the prompts)
            from companion.plugins import get

            for text in filter(None, map(get(game).speech, events)):
                self.speak(text)

    def _tell(self, events: list, game: str | None) -> list[str] | None:
        """The events' lines in the table's language: told once, for the log, the screen's log and the
        phones in that language (None when no one reads them: a headless run without a log)."""
        if not events or (self.log is None and self.ui is None and self.web is None):
            return None
        from companion.narration import narrate  # with the first command, not on the way to READY

        return narrate.lines(events, game, self.session.view() if self.session is not None else None)

    def refuse(self, command: dict, exc: Exception) -> None:
        """Show why a command (or a controller's request) was refused; nothing changed."""
        self.refusal = (command, exc)
        from companion.narration.words import refusal_text, rule_text

        game = self.session.game.id if self.session is not None else None
        named = getattr(exc, "params", None) and self.names.codes
        why = refusal_text(Text(exc.template, **self.names.shown(exc.params)) if named else exc, game)
        rule = getattr(exc, "rule", None)  # a key (JSON, logs): shown in the table's words
        if rule:  # a malformed command (CommandError) has none: the log's "refused: " says it once
            why = f"{rule_text(rule, game)}: {why}"
        if self.ui is not None:
            self.ui.notify(why)
        if self.sounds is not None:
            self.sounds.play("refused")
        self.say(f"refused {command.get('cmd')!r}: {why}")

    def game_changed(self, *events) -> None:
        """The game in hand changed without a command (resumed, undone, reloaded, left): the view is
        built again, and `events` go to the lights, the screen and the sound. The lights take the new
        view at once, events or not (a resumed game's scene the moment Resume is taken)."""
        told = _as_dicts(events)
        self.idle.changed(told, self._tell(told, self.session.game.id if self.session is not None else None))

    def game_data_changed(self, game_id: str) -> None:
        """Taught data of `game_id` was saved: a running game of that kind reloads it (`Games.data_changed`)."""
        self.games.data_changed(game_id)

    # -- output -----------------------------------------------------------------------------------------
    def view(self):
        """The current game view for the screens (rebuilt only when the game changed). A view handed
        out is never changed afterwards: the step timer's time left comes in a copy."""
        if self.idle.take_view_change():
            self._timed_view = None
            if self.session is None:
                self._view_cache = None
            else:  # shown as the table names the players (an unnamed seat by its default name)
                state, over = self.session.view(), self.session.outcome() is not None
                self.names.follow(self.session.game.id, state.get("seats") or ())
                self._view_cache = GameView(
                    self.session.game.id,
                    self.names.shown(state),
                    self.names.shown(tuple(self.session.actions())),
                    {
                        "game_id": self.session.game_id,
                        "can_undo": self.session.can_undo(),
                        "last": self.session.commands[-1].get("cmd") if self.session.can_undo() else None,
                        "commands": tuple(
                            self.session.commands
                        ),  # the end card's, and once over when it ended
                        **({"ended": self.session.ended_at() or time.time()} if over else {}),
                    },
                )
        base = self._view_cache
        timer = self.timer.info()
        if timer is None or base is None:
            return base
        if self._timed_view is None or self._timed_view.info["timer"] != timer:
            self._timed_view = base._replace(info={**base.info, "timer": timer})
        return self._timed_view

    def _render(self, now: float, dt: float) -> bool:
        """Lights every frame; the screen when there is one. Whether the screen drew anything new."""
        view = self.view()
        events, lines = self.idle.take_news()
        if events or self.idle.lights_stale:
            if self.idle.relight_now(now):  # (while the colour check is lit the scene waits for its end)
                from companion.lighting.controller import timed  # (loaded with the lights already)

                self.lights.update(
                    timed(view.state, self.timer.info()) if view is not None else None, events, now
                )
            if self.sounds is not None:  # the game says when its night's masking noise plays
                from companion.plugins import get

                game = get(view.game) if view is not None else None
                self.sounds.ambience(game is not None and game.ambience(view.state))
        self._push_lights(now)
        if self.ui is None:
            return False
        self.ui.update(view, events, dt, self.health.parts, lines=lines)
        return self._draw() if self.surface is not None else False

    def _push_lights(self, now: float, resting: bool = False) -> None:
        """The LED frame at `now` to the strip, if it changed or a refresh is due. A resting frame
        (nothing changed the lights since the last one) before the board's next step only refreshes."""
        idle = self.idle
        try:
            if idle.pattern_lit(now):
                return
            frame = idle.still_frame(now, self.lights.output) if resting else None  # a paced look's same step
            if frame is None:
                frame = self.lights.render(now)  # a board that stands still gives its last frame again
                idle.rendered(now, self.lights.last_pace, self.lights.output)
            idle.push(frame, now, self.hw.pixels.show)
        except Exception as exc:  # a backend bug must not stop the game: report it, keep going
            self.say(f"LED strip failed: {exc}")

    def _draw(self, screens: bool = True) -> bool:
        """The screens in their own size at the left, the HAL's panel (`hw.panel`: the simulated board
        on a PC, nothing on other backends) in the room beside them, each only when it changed; one
        flip when either drew. Whether the screens drew anything (the panel's lights never wake the loop).

        screens: False on a resting frame, which paints only the panel."""
        try:
            drew, painted = self._window.paint(self.surface, self.ui, self.hw.panel, screens)
            if (drew or painted) and self.flip is not None:
                self.flip()
            return drew
        except Exception as exc:  # pygame.error: the screen went away under us
            if self.display is None:
                raise
            self.display.lost(str(exc), self.clock.now())
            self.surface = None
            self._update_health(self.clock.now())
            return True

    def _check_hardware(self, now: float) -> None:
        """Notice parts that failed, retry missing ones (each backs off itself), report changes."""
        self.idle.hardware_looked(now)
        self._update_health(now)  # a strip that failed on its last write shows up here first
        self.hw.retry_due()
        self.saving.retry_due(now)
        if self.display is not None and self.surface is None and self.ui is not None:
            self.surface = self.display.pick_up(
                now, self.ui
            )  # the missing screen, tried again (it backs off)
        self._update_health(now)

    def _update_health(self, now: float) -> None:
        """Take the HAL's part status; on a change, tell the screen, status light, log and systemd."""
        parts = self._parts(now)
        if parts == self.health.parts:
            return
        self.health = Health(parts)
        self.idle.relight()  # the status light; a reopened strip starts dark: give it the frame at once
        if "lights" in vars(self):  # not yet built: it takes the health of the moment it is
            self.lights.set_health(self.health.level(), now)
            self.lights.counts = self.hw.pixels.counts()
        self.say(f"hardware: {self.health.summary()}")
        if self.notifier is not None:
            self.notifier.status(self._status_line())

    def _parts(self, now: float) -> dict:
        """Part -> (ok, why) now (companion/runtime/health.py)."""
        return self._health_check.parts(
            now, self.hw, self.display, self.missing, self.safe_reason, self.saving
        )

    def _status_line(self) -> str:
        """systemd STATUS= text."""
        return self.health.status_line(self.safe_reason, self.where())

    def where(self) -> str:
        """Where the game stands, in a few words (the game's own, from its plugin: narrate.where)."""
        if self.session is None:
            return "no game"
        from companion.narration.narrate import where

        v = self.view().state  # cached until the game changes again (the frame needs it too)
        return ", ".join(str(b) for b in (v.get("game", ""), where(v), v.get("outcome")) if b)

    def say(self, text: str) -> None:
        """A loop message: to the headless log, else to stderr (journald under systemd)."""
        if self.log is not None:
            self.log(text)
        else:
            print(text, file=sys.stderr, flush=True)


def _as_dicts(events) -> list:
    """Engine events as their JSON dicts, made once for the log, the voice, the lights and the screen."""
    return [e.to_dict() if hasattr(e, "to_dict") else e for e in events]
