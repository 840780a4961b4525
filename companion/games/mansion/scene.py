"""The vampire mansion: the board's lights from the game's `board` view, and flourishes for events.

The board (the game's README.md) puts rooms 1..6 round the edge, the main hall on B2, the round clock on
C1 and the role deck on B1.
- Rooms by occupancy: empty rooms dark (an ember where cards lie), one player a dim candle, two (full)
  a bright candle, the room of the player on turn pulsing.
- The hall glows by the share of players still in it; the round clock brightens as the end nears;
  the role deck beats red at a role reveal and keeps a red glow for the vampires' share after.
- The veil bar is the round clock: the rounds left on seven lights, pale moonlight turning red and
  beating for the last round.
- The role reveal (ticks 6 and 9): the whole board flashes white, then the role deck flashes red
  once per vampire shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from companion.lighting.color import BLACK, RGB, WHITE, Blend, mix, scale
from companion.lighting.compositor import Overlay
from companion.lighting.effects import OFF, FadeParams, Look, look, solid
from companion.lighting.scenes import (
    Plan,
    Reaction,
    bar_of,
    board_of,
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

CANDLE: RGB = (255, 140, 50)
CANDLE_BRIGHT: RGB = (255, 200, 120)
EMBER: RGB = (60, 22, 6)
HALL_DUSK: RGB = (110, 70, 150)
CLOCK_MOON: RGB = (70, 100, 255)
ROLE_RED: RGB = (220, 0, 20)
GOLD: RGB = (255, 170, 40)
MOON_BAR: RGB = (120, 150, 255)
LATE_BAR: RGB = (255, 40, 0)
VAULT_GOLD: RGB = (255, 190, 40)

REVEAL_FLASH_S = 0.9  # the board-wide white flash of a role reveal
VAMPIRE_FLASH_S = 0.5  # one red flash per vampire on the role deck after it
MAX_VAMPIRE_FLASHES = 8
BAR_DEFAULT_MAX = 6


def plan(view: Mapping[str, Any] | None) -> Plan:
    """Every light's look for this view."""
    return board_plan(view, "", _district, lambda board, _: clock_bar(*bar_of(board, BAR_DEFAULT_MAX)))


def react(event: Mapping[str, Any], view: Mapping[str, Any] | None, t: float) -> Reaction:
    """Overlays for one engine event, starting at t; unknown kinds show nothing."""
    return react_with(_HANDLERS, event, view, t)


# ---------------------------------------------------------------- plan pieces


def _district(d: Mapping[str, Any], phase: str, view: Mapping[str, Any]) -> Look:
    """A district's look from its facts on the board."""
    return district_look(
        str(d.get("represents")), str(d.get("mood")), level(d.get("intensity")), phase == "over"
    )


@lru_cache(maxsize=256)
def district_look(represents: str, mood: str, level: float, over: bool = False) -> Look:
    """One district's look from what it stands for and the board's mood and intensity."""
    if represents == "room":
        return room_look(mood, level, over)
    if represents == "hall":
        return solid(scale(HALL_DUSK, 0.15 + 0.6 * level)) if mood != "off" else OFF
    if represents == "clock":
        return solid(scale(CLOCK_MOON, 0.1 + 0.9 * level)) if mood != "over" else solid(scale(GOLD, 0.5))
    if represents == "roles":
        if mood == "danger" and level >= 1.0:  # a reveal is due
            return look("heartbeat", color=ROLE_RED, bpm=70.0, low=0.2)
        return solid(scale(ROLE_RED, 0.1 + 0.6 * level)) if mood == "danger" else OFF
    return OFF


def room_look(mood: str, level: float, over: bool = False) -> Look:
    """A room: dark (an ember for cards lying there), a dim candle, a bright one, or pulsing."""
    if over:  # the game is decided: every room a soft gold, brighter where people are
        return look("breathe", color=GOLD, period=6.0, low=0.2 + 0.3 * level, high=0.5 + 0.5 * level)
    if mood == "active":
        return look("pulse", color=CANDLE_BRIGHT, period=1.5, low=0.35, high=1.0)
    if mood == "full":
        return solid(scale(CANDLE_BRIGHT, level))
    if mood == "occupied":
        return solid(scale(CANDLE, level))
    return solid(EMBER) if level > 0 else OFF


def clock_bar(left: int, bar_max: int) -> dict[str, Look]:
    """Rounds left on the seven veil lights: moonlight while time remains, red in the last round."""
    return dict(_clock_bar(max(0, min(left, bar_max)), bar_max))


@lru_cache(maxsize=64)
def _clock_bar(left: int, bar_max: int) -> tuple[tuple[str, Look], ...]:
    """The bar's looks (shared Look objects) for `left` of `bar_max`."""
    names = veil_lights()
    lit_count = round(len(names) * left / bar_max)
    share = left / bar_max
    if left <= 1:
        lit = look("heartbeat", color=LATE_BAR, bpm=60.0, low=0.3)
    else:
        lit = solid(mix(LATE_BAR, MOON_BAR, share))
    return tuple((name, lit if i < lit_count else OFF) for i, name in enumerate(names))


# ---------------------------------------------------------------- events


def _roles_revealed(event: Mapping, view: Mapping, t: float) -> Reaction:
    """The whole board flashes white, then the role deck flashes red once per vampire shown."""
    flash = look("flash", color=WHITE, count=2, period=REVEAL_FLASH_S / 2, duty=0.4)
    out = [Overlay(name, flash, t, REVEAL_FLASH_S) for name in district_lights()]
    deck = find_district(view, represents="roles")
    n = max(0, min(MAX_VAMPIRE_FLASHES, count(event.get("vampires"), 0)))
    if deck and n:
        reds = look("flash", color=ROLE_RED, count=n, period=VAMPIRE_FLASH_S)
        out.append(Overlay(f"district.{deck}", reds, t + REVEAL_FLASH_S, n * VAMPIRE_FLASH_S))
    return Reaction(tuple(out), fade=1.5)


def _room_entered(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A warm swell in the room just entered (the hall for room 0)."""
    room = count(event.get("room"), -1)
    pos = (
        find_district(view, represents="hall")
        if room == 0
        else find_district(view, represents="room", room=room)
    )
    return on_district(pos, Look("fade", FadeParams(CANDLE_BRIGHT, BLACK, 0.8)), t, 0.8, Blend.ADD)


def _points_stored(event: Mapping, view: Mapping, t: float) -> Reaction:
    """Gold flashes in the room where the points went into the safe (the player's room)."""
    player = event.get("player")
    pos = next(
        (
            p
            for p, d in board_of(view).items()
            if d.get("represents") == "room" and player in (d.get("occupants") or ())
        ),
        None,
    )
    return on_district(pos, look("flash", color=VAULT_GOLD, count=2, period=0.3), t, 0.6)


def _round_started(event: Mapping, view: Mapping, t: float) -> Reaction:
    """The round clock ticks: a white sweep over it, and a shimmer down the bar."""
    out = []
    pos = find_district(view, represents="clock")
    if pos:
        out.append(Overlay(f"district.{pos}", look("sweep", color=WHITE, duration=0.8), t, 0.8, Blend.ADD))
    names = veil_lights()
    for k, name in enumerate(reversed(names)):
        out.append(Overlay(name, look("pulse", color=(90, 90, 90), period=0.3), t + 0.06 * k, 0.3, Blend.ADD))
    return Reaction(tuple(out))


_HANDLERS = {
    "roles_revealed": _roles_revealed,
    "room_entered": _room_entered,
    "points_stored": _points_stored,
    "round_started": _round_started,
    "game_over": settle(0.5),
}
