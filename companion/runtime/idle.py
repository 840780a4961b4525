"""What a quiet table must still do, and when it may rest: the loop's bookkeeping in one place.

The loop (companion/app.py) runs a full frame (inputs, commands, lights, screen, sound) only when
something asks for one; between them a resting frame only looks for input and pushes the LED frame.
`Idle` keeps what decides that, and nothing else: no part, no game, no clock of its own (every call
is given `now`, the HAL clock's seconds). What it is told, and what it answers:

  told(events, lines)   a command was journaled: its events (the log's lines beside them) go out with
                        the next full frame, and the view is built again
  changed(events)       the game changed without a command (resumed, undone, left): the same, and the
                        lights take the new view even with no event
  relight()             the lights take the view again, the strip its frame at once (the health changed)
  pattern(until)        the start-up colour check stays lit until then: no scene, no push before

  take_news()           the events (and lines) since the last full frame, handed out once
  take_view_change()    whether the view must be built again (once per change)
  relight_now(now)      whether the lights take the view in this frame (not while the colour check is lit)
  push(frame, now, show) the LED frame to the strip when it changed or LED_REFRESH_S went by
  resting(now, busy)    whether this frame may rest; rest_wait(now) how long its sleep may be

Frames a second are the lights' own (`LightingController.last_pace`): a still board needs no new
LED frame until the lights are told something, a paced look (a 5 s breath) a new one on each step.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

LED_REFRESH_S = 1.0  # an unchanged LED frame is pushed again this often (a strip plugged in lights up)
REST_POLL_S = 1 / 15  # a resting table whose lights stand still or move slowly (at most this often)
# wakes this often instead of every frame: each wake of an idle loop costs
# ~170 us of a cold CPU, so every other frame at 30 fps halves an idle table's
# cost. A press waits at most this long to be seen (then every frame again)
# and is answered in the frame that receives it.
REST_STEP_MAX_S = 0.08  # a look paced slower than the frame rate (a 5 s breath: 12.8 steps a second,
# a 4 s one 16) is woken on its own steps, up to this far apart: every wake then
# draws a new LED frame, and a press still waits less than a tenth of a second
IDLE_FRAME_S = 1.0  # a quiet table runs a full frame this often, as it looks at the hardware (the
# screens move on by themselves only to drop a 5 s error hint); the frames
# between only look for input, and the first input gets a full frame
RETRY_EVERY_S = 1.0  # how often missing hardware is looked for again (each part backs off itself)


class Idle:
    """The loop's bookkeeping: what the next full frame must redraw, relight and tell, when the
    hardware and systemd's watchdog are due, and whether a frame may rest.

    watchdog_every: seconds between systemd watchdog pings (half the unit's interval), None for none."""

    def __init__(self, watchdog_every: float | None = None):
        """Everything is due at first: the first frame builds the view and lights the board."""
        self.events: list[dict] = []  # engine events (as dicts) since the last full frame
        self.lines: list[str | None] = []  # their log lines, told once (None: not told yet)
        self.view_stale = True  # the view must be built again
        self.lights_stale = True  # the lights must take the view again
        self.quiet = False  # the last full frame drew nothing new on the screen
        self.last_t: float | None = None  # when the last full frame ran
        self.watchdog_every = watchdog_every
        self._pattern_until = float("-inf")  # the start-up colour check stays lit until then
        self._pushed: Any = None  # the last LED frame the strip took, and when it is due again
        self._push_due = float("-inf")
        # the last LED frame drawn: its pace, when it changes next, the output stage it used
        self._drawn: tuple = (None, float("-inf"), None)
        self._next_retry = 0.0
        self._next_watchdog = 0.0

    # -- what happened ------------------------------------------------------------------------------
    def told(self, events: list[dict], lines: list[str] | None = None) -> None:
        """A journaled command's events (and their log lines, when told): out with the next full frame."""
        self.events.extend(events)
        self.lines.extend(lines if lines is not None else [None] * len(events))
        self.view_stale = True

    def changed(self, events: Iterable[dict] = (), lines: list[str] | None = None) -> None:
        """The game changed without a command: the view is built again and the lights take it at
        once, events or not (a resumed game's scene the moment Resume is taken)."""
        self.told(list(events), lines)
        self.lights_stale = True

    def relight(self) -> None:
        """The lights take the view again, and the strip gets its frame at once (the health changed:
        a reopened strip starts dark)."""
        self.lights_stale = True
        self._pushed = None

    def pattern(self, until: float) -> None:
        """The start-up colour check is lit until `until`: no scene and no push before."""
        self._pattern_until = until
        self._pushed = None

    def pattern_lit(self, now: float) -> bool:
        """Whether the colour check is still lit at `now`."""
        return now < self._pattern_until

    # -- the full frame ---------------------------------------------------------------------------------
    def frame(self, now: float) -> float:
        """A full frame starts at `now`: the seconds since the last one (0 for the first)."""
        dt = 0.0 if self.last_t is None else max(0.0, now - self.last_t)
        self.last_t = now
        return dt

    def take_news(self) -> tuple[list[dict], list[str | None]]:
        """The events since the last full frame and their lines, each handed out once."""
        news = self.events, self.lines
        self.events, self.lines = [], []
        return news

    def take_view_change(self) -> bool:
        """Whether the view must be built again; True once per change."""
        stale, self.view_stale = self.view_stale, False
        return stale

    def relight_now(self, now: float) -> bool:
        """The lights take the view in this frame: True, and they are no longer stale, unless the
        colour check is lit (they stay stale and take it once it ends)."""
        if self.pattern_lit(now):
            self.lights_stale = True
            return False
        self.lights_stale = False
        return True

    def ended(self, drew: bool) -> None:
        """The full frame ended; `drew`: whether the screen drew anything new."""
        self.quiet = not drew

    def hardware_due(self, now: float) -> bool:
        """Whether the parts are looked at (and missing ones tried again) in this frame."""
        return now >= self._next_retry

    def hardware_looked(self, now: float) -> None:
        """The parts were looked at: again in RETRY_EVERY_S."""
        self._next_retry = now + RETRY_EVERY_S

    def take_watchdog(self, now: float) -> bool:
        """Whether systemd's watchdog is pinged in this frame (then not again for `watchdog_every`)."""
        if self.watchdog_every is None or now < self._next_watchdog:
            return False
        self._next_watchdog = now + self.watchdog_every
        return True

    # -- the LEDs ------------------------------------------------------------------------------------------
    def still_frame(self, now: float, output: Any) -> Any:
        """On a resting frame, the LED frame the strip shows when the board has not stepped since
        (a paced look before its next step, a still board, the same output stage); else None: render."""
        _, until, drawn_with = self._drawn
        return self._pushed if now < until and output is drawn_with else None

    def rendered(self, now: float, pace: float | None, output: Any) -> None:
        """An LED frame was rendered at `now`: `pace` is what the board is worth in new frames a
        second (0: still until the lights are told something; None: every frame), with `output`."""
        if pace is None:
            self._drawn = (None, now, output)
        else:
            self._drawn = (pace, (math.floor(now * pace) + 1) / pace if pace else math.inf, output)

    def push(self, frame: Any, now: float, show: Callable[[Any], None]) -> None:
        """`show` the LED frame if it is not the one the strip has, or the refresh is due. An idle
        scene often renders the same frame again (slow fades move a step every few frames): the
        strip keeps its colours, so only a change, or the refresh, is pushed."""
        if (frame is not self._pushed and frame != self._pushed) or now >= self._push_due:
            self._pushed = None  # a show that fails leaves the frame to push again
            show(frame)
            self._pushed, self._push_due = frame, now + LED_REFRESH_S

    # -- resting ---------------------------------------------------------------------------------------
    def resting(self, now: float, busy: bool = False) -> bool:
        """Only the LEDs need this frame: the last full frame drew nothing new on the screen, nothing
        is to be told, built or lit, the strip has its frame, nothing is `busy` (a step timer, a
        headless source), nothing is due, and the last full frame is less than IDLE_FRAME_S old (the
        screens' clock still moves on every so often)."""
        if not self.quiet or self.view_stale or self.events or self.lights_stale or self._pushed is None:
            return False
        if busy or self.last_t is None:
            return False
        due = min(self._next_retry, self.last_t + IDLE_FRAME_S)  # (rest frames push the LED refresh too)
        if self.watchdog_every is not None:
            due = min(due, self._next_watchdog)
        return now < due and not self.pattern_lit(now)

    def rest_wait(self, now: float) -> float | None:
        """How long a resting table may sleep: REST_POLL_S on a still LED board, a paced look's own
        step (at most REST_STEP_MAX_S) on a moving one; None when the board needs every frame or its
        refresh (LED_REFRESH_S) is due before then."""
        rate = self._drawn[0]  # from the last frame drawn; nothing has changed the lights since
        if self.pattern_lit(now) or rate is None:
            return None
        wait = min(1.0 / rate, REST_STEP_MAX_S) if rate else REST_POLL_S
        return wait if now + wait < self._push_due else None
