"""One Night Ultimate Vampire: the narrator's lights from the game's `board` view and its events.

The board (the game's README.md) makes districts A1..C3 seats 1..9.
- Dusk and Night: the lights go down to a faint floor (violet at Dusk, blue at Night) so eyes can
  close and cards move unseen; a seat the board marks `active` (one being woken) glows softly.
- Day: warm light comes up. The veil bar counts the discussion and the vote countdown down (seven
  lights, the top one going out first), flashing red through the last 10 seconds; while the
  narrator is paused the whole bar breathes amber. During the countdown every seat pulses red; after
  the vote the most-voted seats throb red.
- Reveal: the winners' seats glow gold, the dead a low red, everyone else a dim day light.

The timer is drawn from the view's `board.timer` (`seconds`, `elapsed`): a look local to the moment
it appears, so it runs on its own between updates. A view with a larger `elapsed` (after a resume,
say) starts the bar further down.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from companion.lighting.color import RGB, WHITE, Blend, scale
from companion.lighting.compositor import Overlay
from companion.lighting.effects import OFF, FadeParams, Look, SequenceParams, Step, look, solid
from companion.lighting.scenes import (
    Plan,
    Reaction,
    board_plan,
    district_lights,
    level,
    react_with,
    veil_lights,
)

DUSK_VIOLET: RGB = (170, 60, 150)
NIGHT_BLUE: RGB = (40, 60, 255)
WAKE_GLOW: RGB = (120, 90, 220)
DAY_WARM: RGB = (255, 180, 100)
VOTE_RED: RGB = (255, 20, 0)
DEAD_RED: RGB = (110, 0, 0)
WINNER_GOLD: RGB = (255, 170, 40)
TALK_AMBER: RGB = (230, 130, 0)  # the discussion timer
COUNTDOWN_ORANGE: RGB = (255, 70, 0)  # the vote countdown
HURRY_RED: RGB = (255, 0, 0)
PAUSED_AMBER: RGB = (200, 120, 0)

FLOOR = 0.03  # the least a seat shows in the dark (the board's own 0.05 and 0.15 sit above it)
HURRY_S = 10.0  # the bar flashes red through the last this many seconds
HURRY_PERIOD_S = 0.5  # one red flash every this long
LIGHTS_UP_S = 3.0  # day comes up slowly
LIGHTS_DOWN_S = 2.0  # and dusk takes the light away gently


def plan(view: Mapping[str, Any] | None) -> Plan:
    """Every light's look for this view."""
    return board_plan(
        view,
        "dusk",
        lambda d, phase, _: seat_look(phase, str(d.get("mood")), level(d.get("intensity"))),
        lambda board, view: bar_looks(board, str(view.get("step") or "")),
    )


def react(event: Mapping[str, Any], view: Mapping[str, Any] | None, t: float) -> Reaction:
    """Overlays for one engine event, starting at t; unknown kinds show nothing."""
    return react_with(_HANDLERS, event, view, t)


# ---------------------------------------------------------------- seats


@lru_cache(maxsize=128)
def seat_look(phase: str, mood: str, level: float) -> Look:
    """A seat's look from the board's mood and intensity in this phase."""
    if mood == "off":
        return OFF
    if mood == "active":  # a seat being woken, if the board ever says which
        return look("breathe", color=scale(WAKE_GLOW, max(0.3, level)), period=3.0, low=0.4, high=1.0)
    if mood == "danger" and phase == "over":  # dead
        return solid(scale(DEAD_RED, max(0.3, level)))
    if mood == "danger":  # pointing time, or the most-voted after it
        return look("pulse", color=scale(VOTE_RED, level), period=1.0, low=0.25, high=1.0)
    if mood == "occupied":  # a winner, at the end
        return look("breathe", color=scale(WINNER_GOLD, level), period=3.0, low=0.6, high=1.0)
    colour = {"dusk": DUSK_VIOLET, "night": NIGHT_BLUE}.get(mood, DAY_WARM)
    return solid(scale(colour, max(FLOOR, level)))


# ---------------------------------------------------------------- the veil bar: the timer


def bar_looks(board: Mapping[str, Any], step: str) -> dict[str, Look]:
    """The bar: a countdown for a running day timer, an amber breath while paused, else dark."""
    timer = board.get("timer")
    if board.get("phase") != "day" or not isinstance(timer, Mapping):
        return {}
    seconds, elapsed = _seconds(timer.get("seconds")), _seconds(timer.get("elapsed"))
    if seconds <= 0:
        return {}
    if board.get("paused"):
        held = look("breathe", color=PAUSED_AMBER, period=2.5, low=0.1, high=0.6)
        return {name: held for name in veil_lights()}
    colour = COUNTDOWN_ORANGE if step == "vote-countdown" else TALK_AMBER
    return dict(_countdown(round(seconds, 2), round(min(seconds, elapsed), 2), colour))


@lru_cache(maxsize=32)
def _countdown(seconds: float, elapsed: float, colour: RGB) -> tuple[tuple[str, Look], ...]:
    """Seven lights counting a `seconds` timer down from `elapsed`, starting at this look's moment:
    light i is lit while more than i/7 of the time is left; from `HURRY_S` before the end the
    lights still on flash red together."""
    names = veil_lights()
    remaining = seconds - elapsed
    hurry = max(0.0, remaining - HURRY_S)
    strobe = look("flash", color=HURRY_RED, count=0, period=HURRY_PERIOD_S, duty=0.5)
    out = []
    for i, name in enumerate(names):
        off_at = remaining - seconds * i / len(names)  # when the time left drops to i/7
        if off_at <= 0:
            steps: tuple[Step, ...] = (Step(OFF, 0.0),)
        elif off_at <= hurry:
            steps = (Step(solid(colour), off_at), Step(OFF, 0.0))
        else:
            steps = (Step(solid(colour), hurry), Step(strobe, off_at - hurry), Step(OFF, 0.0))
        out.append((name, Look("sequence", SequenceParams(steps), local=True)))
    return tuple(out)


# ---------------------------------------------------------------- events


def _step_started(event: Mapping, view: Mapping, t: float) -> Reaction:
    """Lights come up slowly into the day and go down gently at dusk."""
    if event.get("phase") == "day" and event.get("step") == "discussion":
        return Reaction(fade=LIGHTS_UP_S)
    if event.get("phase") in ("dusk", "night"):
        return Reaction(fade=LIGHTS_DOWN_S)
    return Reaction()


def _votes_counted(event: Mapping, view: Mapping, t: float) -> Reaction:
    """Three red flashes on the most-voted seats."""
    flash = look("flash", color=VOTE_RED, count=3, period=0.4)
    return Reaction(tuple(Overlay(light, flash, t, 1.2) for light in _seat_lights(event.get("leaders"))))


def _revealed(event: Mapping, view: Mapping, t: float) -> Reaction:
    """The dead flash white twice; the winners' seats light up in a gold swell."""
    out = [
        Overlay(light, look("flash", color=WHITE, count=2, period=0.5), t, 1.0)
        for light in _seat_lights(event.get("killed"))
    ]
    swell = Look("fade", FadeParams(WHITE, WINNER_GOLD, 1.5))
    out += [Overlay(light, swell, t, 1.5) for light in _seat_lights(event.get("winners"))]
    return Reaction(tuple(out), fade=1.0)


def _timer_extended(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A white run up the bar as time is added (the plan then restarts the count)."""
    return Reaction(
        tuple(
            Overlay(name, look("pulse", color=WHITE, period=0.4), t + 0.08 * i, 0.4, Blend.ADD)
            for i, name in enumerate(veil_lights())
        )
    )


_HANDLERS = {
    "step_started": _step_started,
    "votes_counted": _votes_counted,
    "revealed": _revealed,
    "timer_extended": _timer_extended,
}


# ---------------------------------------------------------------- helpers


def _seat_lights(seats: Any) -> list[str]:
    """District lights of these seat numbers, seat k on the k-th district A1..C3 (seats without a
    light are left out)."""
    lights = district_lights()
    out = []
    for seat in seats if isinstance(seats, (list, tuple)) else ():
        if isinstance(seat, int) and not isinstance(seat, bool) and 1 <= seat <= len(lights):
            out.append(lights[seat - 1])
    return out


def _seconds(value: Any) -> float:
    """Seconds from the view (0 when missing or odd)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    return max(0.0, float(value))
