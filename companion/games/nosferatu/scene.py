"""Nosferatu: the board's lights from the game's `board` view, and flourishes for its events.

The board (the game's README.md) puts the seats clockwise round the edge and the Clock pile on B2.
- While the Clock holds, the board is night blue; B2 is a gauge of the Clock cards left, so each
  Night card turned over puts out about one pixel of the nine (a fraction of the pile, so a Clock
  grown by added Nights still fits).
- Dawn revealed: a sunrise sweeps the grid left to right (dark blue -> orange -> warm white), then
  the day look stays warm. The stake changing hands (dusk) is a low violet-orange.
- Seats: the player on turn breathes moonlight; a bitten player glows blood red, brighter with more
  Bites; Renfield (the narrator) is a dim violet; the Ancestral Stake holder's seat has a silver
  pixel in its middle.
- The veil bar counts the Bites: one light per Bite up to the goal, the empty slots faintly red,
  a heartbeat once one more Bite would end the game.
- Districts without a seat get a faint wash of the phase's colour.
- At the end: warm gold when the Hunters win, deep red when Evil does.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from companion.lighting.color import RGB, WHITE, Blend, scale
from companion.lighting.compositor import Overlay
from companion.lighting.effects import (
    OFF,
    FadeParams,
    Layer,
    LayersParams,
    Look,
    SequenceParams,
    Step,
    look,
    solid,
)
from companion.lighting.scenes import (
    Plan,
    Reaction,
    bar_of,
    board_plan,
    count,
    district_lights,
    find_district,
    level,
    on_district,
    react_with,
    settle,
    veil_lights,
)

NIGHT_BLUE: RGB = (25, 45, 170)
MOONLIGHT: RGB = (140, 165, 255)
DUSK_GLOW: RGB = (150, 50, 70)
DAY_WARM: RGB = (255, 190, 110)
SUNRISE_DARK: RGB = (10, 20, 90)
SUNRISE_ORANGE: RGB = (255, 110, 20)
BLOOD: RGB = (210, 0, 20)
EMPTY_SLOT: RGB = (24, 0, 2)
RENFIELD_VIOLET: RGB = (90, 0, 140)
STAKE_SILVER: RGB = (200, 205, 225)
CLOCK_BACK: RGB = (0, 0, 10)
HUNTERS_GOLD: RGB = (255, 170, 40)
EVIL_RED: RGB = (150, 0, 10)
RITUAL_PURPLE: RGB = (150, 40, 255)

SUNRISE_STEP_S = 0.5  # delay between neighbouring columns of the sunrise
SUNRISE_FADE_S = 1.0  # dark blue -> orange, then orange -> warm white, each this long
SUNRISE_HOLD_S = 0.5  # warm white held before the day look takes over
DAY_FADE = 2.0  # the plan's own cross-fade into the day, under the sunrise
DEFAULT_GOAL = 5
EMPTY_LEVEL = 0.12  # brightness of districts without a seat


def plan(view: Mapping[str, Any] | None) -> Plan:
    """Every light's look for this view (lights with nothing on them stay dark)."""
    return board_plan(view, "night", _district, lambda board, _: bite_looks(*bar_of(board, DEFAULT_GOAL)))


def react(event: Mapping[str, Any], view: Mapping[str, Any] | None, t: float) -> Reaction:
    """Overlays for one engine event, starting at t; unknown kinds show nothing."""
    return react_with(_HANDLERS, event, view, t)


# ---------------------------------------------------------------- plan pieces


def _district(d: Mapping[str, Any], phase: str, view: Mapping[str, Any]) -> Look:
    """The Clock pile, or a seat (an empty district is a seat with mood "off")."""
    mood, lit = str(d.get("mood")), level(d.get("intensity"))
    if d.get("represents") == "clock":
        return clock_look(mood, lit)
    return seat_look(phase, mood, lit, bool(d.get("holder")), view.get("outcome"))


def ambient(phase: str, outcome: Any = None) -> RGB:
    """The board's base colour in this phase: night blue, dusk glow, day warmth, or the ending's."""
    if phase == "over":
        return HUNTERS_GOLD if str(outcome or "").startswith("hunters") else EVIL_RED
    return {"day": DAY_WARM, "dusk": DUSK_GLOW}.get(phase, NIGHT_BLUE)


@lru_cache(maxsize=256)  # the same facts give the same Look object: cheap to compare and render
def seat_look(phase: str, mood: str, level: float, holder: bool, outcome: Any = None) -> Look:
    """A seat's look: its mood in the phase's colour, with the stake holder's silver pixel."""
    base = ambient(phase, outcome)
    if mood == "off":  # no seat here: a faint wash of the phase's colour, so the board reads as one sky
        return solid(scale(base, EMPTY_LEVEL))
    if mood == "active":
        lk = look("breathe", color=MOONLIGHT if phase != "day" else DAY_WARM, period=3.0, low=0.45, high=1.0)
    elif mood == "danger":  # bitten: blood red, brighter with more Bites
        lk = look("breathe", color=scale(BLOOD, max(0.3, level)), period=5.0, low=0.6, high=1.0)
    elif mood == "night":  # Renfield, the narrator
        lk = solid(scale(RENFIELD_VIOLET, max(0.2, level)))
    else:
        lk = solid(scale(base, max(0.2, level)))
    if not holder:
        return lk
    return Look("layers", LayersParams((Layer(lk), Layer(solid(STAKE_SILVER), start=0.5, width=0.0))))


@lru_cache(maxsize=64)
def clock_look(mood: str, level: float) -> Look:
    """The Clock pile on B2: a gauge of cards left at night, the sun at Dawn, the ending's colour."""
    if mood == "night":
        return look("fill_bar", color=NIGHT_BLUE, level=level, background=CLOCK_BACK)
    if mood == "dawn":
        return look("breathe", color=DAY_WARM, period=6.0, low=0.7, high=1.0)
    if mood == "dusk":
        return look("breathe", color=DUSK_GLOW, period=6.0, low=0.4, high=0.9)
    if mood == "danger":
        return look("heartbeat", color=EVIL_RED, bpm=50.0, low=0.3)
    return OFF


def bite_looks(bites: int, goal: int) -> dict[str, Look]:
    """The veil bar as a Bite track: a light per Bite laid, faint slots up to the goal, dark beyond."""
    return dict(_bite_looks(max(0, bites), max(1, min(7, goal))))


@lru_cache(maxsize=64)
def _bite_looks(bites: int, goal: int) -> tuple[tuple[str, Look], ...]:
    """The bar's looks for `bites` of `goal` (shared Look objects)."""
    lit = look("heartbeat", color=BLOOD, bpm=70.0, low=0.35) if bites >= goal - 1 else solid(BLOOD)
    out = []
    for i, name in enumerate(veil_lights()):
        out.append((name, lit if i < bites else (solid(EMPTY_SLOT) if i < goal else OFF)))
    return tuple(out)


# ---------------------------------------------------------------- events


def _clock_revealed(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A Night: a cold blink on the Clock as a card goes; Dawn: the sunrise sweep."""
    if event.get("card") == "dawn":
        return sunrise(t)
    pos = find_district(view, represents="clock") or "B2"
    return on_district(pos, look("flash", color=MOONLIGHT, count=1, period=0.6, duty=0.5), t, 0.6, Blend.ADD)


def sunrise(t: float) -> Reaction:
    """Every district from dark blue through orange to warm white, column by column, left to right."""
    out = []
    for name in district_lights():
        delay = SUNRISE_STEP_S * (int(name[-1]) - 1)
        steps = (
            Step(solid(SUNRISE_DARK), delay),
            Step(Look("fade", FadeParams(SUNRISE_DARK, SUNRISE_ORANGE, SUNRISE_FADE_S)), SUNRISE_FADE_S),
            Step(Look("fade", FadeParams(SUNRISE_ORANGE, DAY_WARM, SUNRISE_FADE_S)), SUNRISE_FADE_S),
            Step(solid(DAY_WARM), SUNRISE_HOLD_S),
        )
        out.append(
            Overlay(
                name, Look("sequence", SequenceParams(steps)), t, delay + 2 * SUNRISE_FADE_S + SUNRISE_HOLD_S
            )
        )
    return Reaction(tuple(out), fade=DAY_FADE)


def _bitten(event: Mapping, view: Mapping, t: float) -> Reaction:
    """Two red flashes on the bitten seat; the Bite's light on the bar flares in."""
    out = []
    pos = find_district(view, represents="seat", name=event.get("player"))
    if pos:
        out.append(
            Overlay(f"district.{pos}", look("flash", color=BLOOD, count=2, period=0.4), t, 0.8, Blend.ADD)
        )
    total = count(event.get("total"), 0)
    if 1 <= total <= 7:
        flare = Look("fade", FadeParams(WHITE, BLOOD, 0.8))
        out.append(Overlay(veil_lights()[total - 1], flare, t, 0.8))
    return Reaction(tuple(out))


def _stake_given(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A silver sweep across the new holder's seat."""
    pos = find_district(view, represents="seat", name=event.get("to"))
    return on_district(pos, look("sweep", color=STAKE_SILVER, duration=1.0, width=0.5), t, 1.0, Blend.ADD)


def _stake_used(event: Mapping, view: Mapping, t: float) -> Reaction:
    """Three white flashes on the staked player's seat."""
    pos = find_district(view, represents="seat", name=event.get("target"))
    return on_district(pos, look("flash", color=WHITE, count=3, period=0.3), t, 0.9)


def _ritual_cast(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A purple sweep down the board, row by row."""
    out = []
    for name in district_lights():
        delay = 0.25 * "ABC".index(name[-2])
        out.append(Overlay(name, look("sweep", color=RITUAL_PURPLE, duration=1.0), t + delay, 1.0, Blend.ADD))
    return Reaction(tuple(out))


def _night_added(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A blue swell on the Clock as Night cards join it."""
    pos = find_district(view, represents="clock") or "B2"
    return on_district(pos, look("pulse", color=NIGHT_BLUE, period=1.0), t, 1.0, Blend.ADD)


_HANDLERS = {
    "clock_revealed": _clock_revealed,
    "bitten": _bitten,
    "stake_given": _stake_given,
    "stake_used": _stake_used,
    "ritual_cast": _ritual_cast,
    "night_added": _night_added,
    "game_over": settle(0.5),
}
