"""Armata Strigoi: the fortress's lights from the game's `board` view, and flourishes for events.

The board (the game's README.md) maps the seven hex rooms onto districts (from the data file); B1 is the
Altar and B3 the Inferno.
- Rooms: cold stone, dimmer in the hall; a room holding a Strigoi breathes in its colour (Master
  crimson, Apprentice magenta, the Supreme fiery and faster); a fallen platform is dark. Once the
  Supreme walks (phase `dusk`) the stone takes an ember tint: the fortress is crumbling.
- The Altar glows blood red by its points and turns a hot gold-red once the pack may attack; the
  Inferno flickers like fire, brighter and faster as it fills.
- The veil bar shows the Altar's points, with the attack threshold's slot marked faint gold.
- Events: a danger pulse on the room a Strigoi attacks from; a collapsing platform flashes and falls
  dark; blood gained or lost flares on the Altar or the Inferno; a teleport glows in at its goal.
- The end: victory a warm dawn over the fortress, defeat the Inferno's fire everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from companion.lighting.color import BLACK, RGB, WHITE, Blend, scale
from companion.lighting.compositor import Overlay
from companion.lighting.effects import OFF, FadeParams, Look, SequenceParams, Step, look, solid
from companion.lighting.scenes import (
    Plan,
    Reaction,
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

STONE: RGB = (50, 70, 140)
CRUMBLING: RGB = (120, 50, 20)
MASTER_RED: RGB = (220, 0, 30)
APPRENTICE_MAGENTA: RGB = (190, 0, 140)
SUPREME_FIRE: RGB = (255, 40, 0)
ALTAR_BLOOD: RGB = (200, 0, 10)
ALTAR_READY: RGB = (255, 90, 10)
ALTAR_FLOOR: RGB = (10, 0, 0)
INFERNO_FIRE: RGB = (255, 70, 0)
THRESHOLD_GOLD: RGB = (40, 28, 0)
DAWN_GOLD: RGB = (255, 170, 60)
DANGER_RED: RGB = (255, 0, 0)
DUST: RGB = (200, 120, 60)
CURSE_PURPLE: RGB = (140, 0, 255)

ALTAR_MAX = 5
COLLAPSE_FLASH_S = 0.12  # the crack of a falling platform
COLLAPSE_FALL_S = 0.9  # then its light drains away
ATTACK_PULSES = 3
ATTACK_PULSE_S = 0.4


def plan(view: Mapping[str, Any] | None) -> Plan:
    """Every light's look for this view."""
    return board_plan(
        view,
        "night",
        district_look,
        lambda board, view: altar_bar(count(board.get("bar"), 0), count(view.get("attack_need"), 0)),
    )


def react(event: Mapping[str, Any], view: Mapping[str, Any] | None, t: float) -> Reaction:
    """Overlays for one engine event, starting at t; unknown kinds show nothing."""
    return react_with(_HANDLERS, event, view, t)


# ---------------------------------------------------------------- plan pieces


def district_look(d: Mapping[str, Any], phase: str, view: Mapping[str, Any]) -> Look:
    """One district's look: a room, the Altar or the Inferno."""
    represents, mood, lit = str(d.get("represents")), str(d.get("mood")), level(d.get("intensity"))
    if represents == "altar":
        return altar_look(mood == "dawn", lit)
    if represents == "inferno":
        return inferno_look(lit)
    if not represents.startswith("room"):
        return OFF
    if phase == "over":
        return _ending(str(view.get("outcome")), mood == "off")
    who = d.get("strigoi")
    if isinstance(who, str):
        supreme = bool(((view.get("strigoi") or {}).get(who) or {}).get("supreme"))
        return strigoi_look("supreme" if supreme else who)
    return room_look(mood, lit, phase == "dusk")


@lru_cache(maxsize=64)
def room_look(mood: str, level: float, crumbling: bool = False) -> Look:
    """An empty room: cold stone at the board's intensity (ember-tinted once the fortress crumbles)."""
    if mood == "off":
        return OFF
    return solid(scale(CRUMBLING if crumbling else STONE, level))


@lru_cache(maxsize=8)
def strigoi_look(who: str) -> Look:
    """A room holding a Strigoi breathes in its colour; the Supreme burns faster."""
    if who == "supreme":
        return look("breathe", color=SUPREME_FIRE, period=1.6, low=0.45, high=1.0)
    colour = APPRENTICE_MAGENTA if who == "apprentice" else MASTER_RED
    return look("breathe", color=colour, period=3.0, low=0.4, high=1.0)


@lru_cache(maxsize=64)
def altar_look(ready: bool, level: float) -> Look:
    """The Altar: blood red by its points; hot and breathing once an attack is possible."""
    if ready:
        return look("breathe", color=scale(ALTAR_READY, max(0.4, level)), period=2.5, low=0.6, high=1.0)
    return solid(scale(ALTAR_BLOOD, level)) if level > 0 else solid(ALTAR_FLOOR)


@lru_cache(maxsize=64)
def inferno_look(level: float) -> Look:
    """The Inferno: a fire flicker, brighter and quicker as it fills (an ember when empty)."""
    return look(
        "flicker", color=scale(INFERNO_FIRE, 0.08 + 0.92 * level), low=0.45, rate=6.0 + 10.0 * level, seed=3
    )


def altar_bar(points: int, need: int) -> dict[str, Look]:
    """The bar: one blood light per Altar point, the attack threshold's slot faint gold while unmet."""
    return dict(_altar_bar(max(0, min(ALTAR_MAX, points)), max(0, min(ALTAR_MAX, need))))


@lru_cache(maxsize=64)
def _altar_bar(points: int, need: int) -> tuple[tuple[str, Look], ...]:
    """The bar's looks (shared Look objects)."""
    blood, mark = solid(ALTAR_BLOOD), solid(THRESHOLD_GOLD)
    out = []
    for i, name in enumerate(veil_lights()):
        out.append((name, blood if i < points else (mark if i == need - 1 else OFF)))
    return tuple(out)


@lru_cache(maxsize=8)
def _ending(outcome: str, fallen: bool) -> Look:
    """Rooms at the end: a warm dawn for victory (fallen platforms stay dark), fire for defeat."""
    if outcome == "victory":
        return OFF if fallen else look("breathe", color=DAWN_GOLD, period=6.0, low=0.5, high=1.0)
    return look("flicker", color=INFERNO_FIRE, low=0.3, rate=10.0, seed=7)


# ---------------------------------------------------------------- events


def _strigoi_attacked(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A danger pulse, three quick red swells, on the room the Strigoi strikes from."""
    pos, pulse = (
        _strigoi_district(view, event.get("strigoi")),
        look("pulse", color=DANGER_RED, period=ATTACK_PULSE_S),
    )
    return on_district(pos, pulse, t, ATTACK_PULSES * ATTACK_PULSE_S, Blend.ADD)


def _platform_collapsed(event: Mapping, view: Mapping, t: float) -> Reaction:
    """The platform cracks (a white flash), then its light falls away through dust to dark."""
    fall = Look(
        "sequence",
        SequenceParams(
            (
                Step(solid(WHITE), COLLAPSE_FLASH_S),
                Step(Look("fade", FadeParams(DUST, BLACK, COLLAPSE_FALL_S)), COLLAPSE_FALL_S),
            )
        ),
    )
    return on_district(_room_district(view, event.get("room")), fall, t, COLLAPSE_FLASH_S + COLLAPSE_FALL_S)


def _blood_gained(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A gold swell on the Altar and the new point's light on the bar."""
    out = []
    altar = find_district(view, represents="altar")
    if altar:
        out.append(
            Overlay(f"district.{altar}", look("pulse", color=ALTAR_READY, period=0.8), t, 0.8, Blend.ADD)
        )
    points = count(event.get("altar"), 0)
    if 1 <= points <= len(veil_lights()):
        out.append(
            Overlay(veil_lights()[points - 1], Look("fade", FadeParams(WHITE, ALTAR_BLOOD, 0.6)), t, 0.6)
        )
    return Reaction(tuple(out))


def _blood_lost(event: Mapping, view: Mapping, t: float) -> Reaction:
    """The Inferno flares twice as a blood point falls into it."""
    flare = look("flash", color=INFERNO_FIRE, count=2, period=0.35)
    return on_district(find_district(view, represents="inferno"), flare, t, 0.7, Blend.ADD)


def _teleported(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A Strigoi that really moved glows in at its new room."""
    if event.get("how") not in ("moved", "bounced"):
        return Reaction()
    glow = Look("fade", FadeParams(WHITE, BLACK, 0.7))
    return on_district(_room_district(view, event.get("to")), glow, t, 0.7, Blend.ADD)


def _strigoi_wounded(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A white flash on the wounded Strigoi's room."""
    flash = look("flash", color=WHITE, count=1, period=0.3)
    return on_district(_strigoi_district(view, event.get("strigoi")), flash, t, 0.3)


def _strigoi_defeated(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A long white glow fading where the Strigoi perished."""
    glow = Look("fade", FadeParams(WHITE, BLACK, 2.0))
    return on_district(_strigoi_district(view, event.get("strigoi")), glow, t, 2.0)


def _supreme_rose(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A red wave down the fortress, row by row; the ember tint comes in slowly."""
    out = []
    for name in district_lights():
        delay = 0.3 * "ABC".index(name[-2])
        out.append(
            Overlay(
                name, look("sweep", color=SUPREME_FIRE, duration=1.2, width=0.5), t + delay, 1.2, Blend.ADD
            )
        )
    return Reaction(tuple(out), fade=2.5)


def _cursed(event: Mapping, view: Mapping, t: float) -> Reaction:
    """Purple throbs on the cursed room."""
    throb = look("pulse", color=CURSE_PURPLE, period=0.6)
    return on_district(_room_district(view, event.get("room")), throb, t, 1.8, Blend.ADD)


def _ladder_destroyed(event: Mapping, view: Mapping, t: float) -> Reaction:
    """An orange crack on the room whose ladder broke."""
    crack = look("flash", color=DUST, count=2, period=0.2)
    return on_district(_room_district(view, event.get("room")), crack, t, 0.4)


_HANDLERS = {
    "strigoi_attacked": _strigoi_attacked,
    "platform_collapsed": _platform_collapsed,
    "blood_gained": _blood_gained,
    "blood_lost": _blood_lost,
    "strigoi_teleported": _teleported,
    "strigoi_wounded": _strigoi_wounded,
    "strigoi_defeated": _strigoi_defeated,
    "supreme_rose": _supreme_rose,
    "cursed": _cursed,
    "ladder_destroyed": _ladder_destroyed,
    "game_over": settle(0.5),
}


# ---------------------------------------------------------------- helpers


def _room_district(view: Mapping, room: Any) -> str | None:
    """The district showing fortress room `room` ("n", "center", ...)."""
    return find_district(view, represents=f"room {room}") if isinstance(room, str) else None


def _strigoi_district(view: Mapping, who: Any) -> str | None:
    """The district of the room where Strigoi `who` stands (from the view's `strigoi`)."""
    v = (view.get("strigoi") or {}).get(who) if isinstance(who, str) else None
    return _room_district(view, v.get("room")) if isinstance(v, Mapping) else None
