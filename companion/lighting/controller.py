"""The lighting controller: the one part of lighting with memory, all of it plain data.

It remembers, per logical light, the looks it moved to and when (for cross-fades), the overlays
that are running, the last view and the device's health. `update(view, events, t)` feeds it the game
view and the engine's events; `render(t)` returns the frame at t. Everything it renders is computed
from that data and t alone, so frames never depend on how often it was asked.

    lights = LightingController({"district.A1": 9, ...}, output=OutputStage.from_config(cfg.leds))
    lights.update(view, [e.to_dict() for e in events], t=clock.now())
    hal.pixels.show(lights.render(clock.now()))
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from companion.lighting.compositor import Entry, Frame, Overlay, compose, live_overlays, prune_history
from companion.lighting.effects import OFF, Look
from companion.lighting.output import OutputStage
from companion.lighting.patterns import STATUS, Health, status_look
from companion.lighting.scenes import DEFAULT_FADE, scene_for

# A change of look shows this share of its cross-fade in its very first frame, then fades the rest.
# The frame computed right after a press therefore already answers it (a fade starting from 0 would
# first show the old look, and the LEDs would answer one frame later); a quarter of the way is also
# what survives the output stage's gamma when a light rises from dark.
FIRST_STEP = 0.25
# Effects whose pixels do not depend on t ("layers" is still when every layer is): a frame made only of
# these, with no cross-fade or overlay running, stays the same until the next update.
STILL_EFFECTS = frozenset({"solid", "gradient", "fill_bar"})
# Slow looks need far fewer than 30 new frames a second. Updates per second each effect is worth, from
# its params; effects not named here (heartbeat's sharp beat, comet, sweep, flash, fade, sequences)
# get every frame. A breath or pulse is sampled 64 times per period: at its steepest a step is
# pi/64 (5 %) of its swing, below what the eye sees as a step on a slow swell (a 4 s breath: 16 Hz,
# the Masters moods of 5-8 s: 8-13 Hz). Flicker and sparkle change `rate` times a second, a chase
# once a period and a rainbow in 256 hue steps a turn: sampled at those rates they lose nothing.
BREATH_STEPS = 64
# A pulse is a triangle: its slope is the same all the way, so its steps are all alike. 32 a period
# make each 1/16 of its swing (a breath's steepest step is 1/20), and a 2 s pulse (the attract loop's
# veil wave) then steps 16 times a second, on the same beat as a 4 s breath: the title's loop wakes 16
# times a second instead of every frame (issue 34; the veil's pulse climbs 16 levels the LEDs show).
TRIANGLE_STEPS = 32
# A board whose moving looks are all breaths and pulses shows the same frames again after a whole
# number of their periods: a cycle of up to CYCLE_MAX steps is rendered once and then looked up (the
# attract loop: 192 steps, a Masters day: 64), so a resting board's wake costs a lookup, not a frame.
CYCLE_MAX = 512
PERIODIC = frozenset({"breathe", "pulse"})
PACE = {
    "breathe": lambda p: BREATH_STEPS / p.period,
    "pulse": lambda p: TRIANGLE_STEPS / p.period,
    "flicker": lambda p: p.rate,
    "sparkle": lambda p: p.rate,
    "chase": lambda p: 1.0 / p.period,
    "rainbow": lambda p: 256.0 / p.period,
}


class LightingController:
    """Scene bookkeeping for one board. counts: logical light -> pixel count (from the HAL);
    output: the output stage applied by `render` (None: render returns scene colours).

    A plain class, not a dataclass: it is made once per start, and a dataclass costs the start ~0.3 ms."""

    def __init__(
        self,
        counts: Mapping[str, int],
        output: OutputStage | None = None,
        histories: dict[str, list[Entry]] | None = None,
        overlays: list[Overlay] | None = None,
        view: Mapping[str, Any] | None = None,
        health: Health = Health.OK,
    ) -> None:
        """The board's lights (`counts`) and the output stage; no scene until `update`."""
        self.counts = counts
        self.output = output
        self.histories: dict[str, list[Entry]] = {} if histories is None else histories
        self.overlays: list[Overlay] = [] if overlays is None else overlays
        self.view = view
        self.health = health
        # The last frame rendered while nothing moved, with the output stage and counts it was made for:
        # `render` gives it again (an idle board costs nothing) until `update`, `set_health` or a new
        # output stage or counts.
        self._still: tuple | None = None
        # While some lights move and others stand still: (counts, from t, pixels of the still lights, counts
        # of the moving ones), so a frame composes only the lights that move. Reset with `_still`.
        self._split: tuple | None = None
        # The last frame rendered at a paced time (see `paced_time`), with its output stage, counts and
        # that time: given again until the next paced time. Reset with `_still`.
        self._paced: tuple | None = None
        # `pace_at` of the last `render`'s t, so the frame loop need not work it out again.
        self.last_pace: float | None = None
        # (from t, pace): once every cross-fade and overlay is over the pace stays what it is until the
        # next update or health change, so a resting board (woken ~13 times a second by a slow breath)
        # does not walk every light's looks again at each wake. Reset with `_still`.
        self._settled: tuple[float, float | None] | None = None
        # (output stage, counts, pace, steps in a cycle (0: none), step in the cycle -> frame): the
        # frames of a periodic board, filled as they are first rendered. Reset with `_still`.
        self._cycle: tuple | None = None

    def update(
        self, view: Mapping[str, Any] | None, events: Iterable[Mapping[str, Any]] = (), t: float = 0.0
    ) -> None:
        """Take the view and the events that led to it, at time t (seconds). None: no game (attract)."""
        scene = scene_for(view)
        fade = None
        for event in events:
            if not isinstance(event, Mapping):
                continue  # not an event dict: nothing to show for it
            reaction = scene.react(event, view, t)
            self.overlays.extend(ov for ov in reaction.overlays if ov.light in self.counts)
            if reaction.fade is not None:
                fade = reaction.fade if fade is None else max(fade, reaction.fade)
        plan = scene.plan(view)
        self.view = view
        self._retarget(plan.looks, plan.fade if fade is None else fade, t)

    def set_health(self, health: Health, t: float) -> None:
        """Show the companion's own health on the status light from time t."""
        self.health = Health(health)
        self._retarget({}, DEFAULT_FADE, t, only=(STATUS,))

    def compose(self, t: float) -> Frame:
        """The frame at t in scene colours (before gamma, brightness, floor and limiter)."""
        split = self._split
        if split is None or split[0] is not self.counts or t < split[1]:
            frame = compose(self.counts, self.histories, self.overlays, t)
            moving = {name: n for name, n in self.counts.items() if not self._light_still_at(name, t)}
            self._split = (
                self.counts,
                t,
                {name: frame[name] for name in self.counts if name not in moving},
                moving,
            )
            return frame
        _, _, still, moving = split
        fresh = compose(moving, self.histories, self.overlays, t)
        return {name: still[name] if name in still else fresh[name] for name in self.counts}

    def render(self, t: float) -> Frame:
        """The frame at t, through the output stage when there is one: ready for the HAL."""
        still = self._still
        if still is not None and still[0] is self.output and still[1] is self.counts and t >= still[2]:
            self.last_pace = 0.0  # still at still[2] stays still: no overlay or fade to come
            return still[3]
        self.last_pace = rate = self.pace_at(t)
        at = _step_middle(t, rate)
        if at is not None:
            paced = self._paced
            if paced is not None and paced[0] is self.output and paced[1] is self.counts and paced[2] == at:
                return paced[3]
            cycle = self._cycle
            if (
                cycle is None
                or cycle[0] is not self.output
                or cycle[1] is not self.counts
                or cycle[2] != rate
            ):
                cycle = self._cycle = (self.output, self.counts, rate, self._cycle_steps(rate), {})
            step = math.floor(t * rate) % cycle[3] if cycle[3] else None
            frame = cycle[4].get(step)
            if frame is None:
                frame = self.compose(at)
                frame = self.output(frame) if self.output is not None else frame
                if step is not None:
                    cycle[4][step] = frame
            self._paced = (self.output, self.counts, at, frame)
            return frame
        frame = self.compose(t)
        frame = self.output(frame) if self.output is not None else frame
        if self.still_at(t):
            self._still = (self.output, self.counts, t, frame)
        return frame

    def paced_time(self, t: float) -> float | None:
        """The time the frame at t is drawn for when only slow looks move (no cross-fade or overlay
        running, every moving look paced in PACE): the middle of t's step at the fastest of their
        rates, so frames change only that often. None: draw t itself (something moves fast, or
        nothing moves at all). A pure function of t and the controller's data, like the frames."""
        return _step_middle(t, self.pace_at(t))

    def pace_at(self, t: float) -> float | None:
        """New frames a second the board is worth at t: 0 when it stands still, the fastest paced look's
        rate when only slow looks move, None when something wants every frame."""
        settled = self._settled
        if settled is not None and t >= settled[0]:
            return settled[1]
        if any(ov.end > t for ov in self.overlays):
            return None
        if any(history[-1].progress(t) < 1.0 for history in self.histories.values()):
            return None
        rate: float | None = 0.0
        for history in self.histories.values():
            r = _look_rate(history[-1].look)
            if r is None:
                rate = None
                break
            rate = r if r > rate else rate
        self._settled = (t, rate)  # nothing fades or flashes from t on: the same pace until a change
        return rate

    def _cycle_steps(self, rate: float) -> int:
        """Steps at `rate` after which every light shows the same again: a whole number of each moving
        look's period (0 when a look is not periodic, or the cycle is longer than CYCLE_MAX)."""
        steps = 1
        for history in self.histories.values():
            for lk in _leaves(history[-1].look):
                if lk.effect in STILL_EFFECTS:
                    continue
                if lk.effect not in PERIODIC:
                    return 0
                n = lk.params.period * rate
                if round(n) < 1 or abs(n - round(n)) > 1e-6:
                    return 0
                steps = math.lcm(steps, round(n))
                if steps > CYCLE_MAX:
                    return 0
        return steps

    def still_at(self, t: float) -> bool:
        """True when the frame stops changing at t (until the next update): no cross-fade or overlay
        running or to come, and every light shows a look that does not move with time."""
        if any(ov.end > t for ov in self.overlays):
            return False
        for history in self.histories.values():
            last = history[-1]
            if last.progress(t) < 1.0 or not _still_look(last.look):
                return False
        return True

    def _light_still_at(self, name: str, t: float) -> bool:
        """Does light `name` show the same pixels from t on (until the next update)?"""
        if any(ov.light == name and ov.end > t for ov in self.overlays):
            return False
        history = self.histories.get(name)
        if not history:
            return True  # never given a look: dark
        last = history[-1]
        return last.progress(t) >= 1.0 and _still_look(last.look)

    def _retarget(
        self, looks: Mapping[str, Look], fade: float, t: float, only: Iterable[str] | None = None
    ) -> None:
        """Point each light at its new look (cross-fading over `fade` s) and forget what is over."""
        for name in only if only is not None else self.counts:
            if name not in self.counts:
                continue
            new = status_look(self.health) if name == STATUS else looks.get(name, OFF)
            history = self.histories.get(name)
            if not history:
                self.histories[name] = [Entry(new, t, 0.0)]  # the very first look cuts in
            else:
                if history[-1].look != new:
                    history.append(Entry(new, t, fade, FIRST_STEP))
                if len(history) > 1:
                    self.histories[name] = prune_history(history, t)
        self.overlays = live_overlays(self.overlays, t)
        self._still = self._split = self._paced = self._settled = self._cycle = (
            None  # the frames to come change
        )


def timed(state: Mapping[str, Any], info: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """The state the lights see: a running step timer's elapsed time (`info`, the App's timer) goes into
    the board, so a countdown on the veil bar continues (after a pause or an extension), not restarts."""
    board = state.get("board")
    if info is None or not isinstance(board, dict) or not isinstance(board.get("timer"), dict):
        return state
    return dict(state, board=dict(board, timer=dict(board["timer"], elapsed=info["elapsed"])))


def _step_middle(t: float, rate: float | None) -> float | None:
    """The middle of t's step at `rate` frames a second; None for no rate (see `paced_time`)."""
    return (math.floor(t * rate) + 0.5) / rate if rate else None


def _leaves(lk: Look) -> Iterable[Look]:
    """The looks a look is made of (itself, or its layers' looks, all the way down)."""
    if lk.effect == "layers":
        for layer in lk.params.layers:
            yield from _leaves(layer.look)
    else:
        yield lk


def _still_look(lk: Look) -> bool:
    """Does this look show the same pixels at every t?"""
    if lk.effect in STILL_EFFECTS:
        return True
    if lk.effect == "layers":
        return all(_still_look(layer.look) for layer in lk.params.layers)
    return False


def _look_rate(lk: Look) -> float | None:
    """Updates per second look `lk` is worth: 0 when it stands still, None when it wants every frame."""
    if lk.effect in STILL_EFFECTS:
        return 0.0
    if lk.effect == "layers":
        rate = 0.0
        for layer in lk.params.layers:
            r = _look_rate(layer.look)
            if r is None:
                return None
            rate = r if r > rate else rate
        return rate
    pace = PACE.get(lk.effect)
    return None if pace is None else pace(lk.params)
