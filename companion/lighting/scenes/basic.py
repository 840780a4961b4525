"""The basic scene: the attract loop when no game runs, and a plain day/night ambient for games
that have no scene of their own yet (their views still say `phase`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.lighting.effects import look
from companion.lighting.scenes import Plan, Reaction, district_lights, veil_lights

# The attract wave walks the outer ring of the 3x3 board clockwise; the centre breathes alone.
RING = ("A1", "A2", "A3", "B3", "C3", "C2", "C1", "B1")
ATTRACT_RED = (170, 0, 30)
ATTRACT_CENTRE = (90, 0, 140)
# The veil wave: a 2 s pulse from just above the strip's night floor (below ~0.45 of this red the
# output stage shows the floor: a pulse from 0 spent half its time there) to near full. Paced at 16
# steps a second (controller.TRIANGLE_STEPS), every step is a level the LEDs show.
VEIL_PULSE_S = 2.0
DAY_AMBIENT = (120, 75, 25)
NIGHT_AMBIENT = (30, 50, 140)


def plan(view: Mapping[str, Any] | None) -> Plan:
    """Attract loop without a view; a day or night ambient on every district with one."""
    if view is None:
        return Plan(_attract(), fade=1.5)
    phase = view.get("phase")
    if phase == "day":
        mood = look("solid", color=DAY_AMBIENT)
    elif phase == "night":
        mood = look("breathe", color=NIGHT_AMBIENT, period=8.0, low=0.6, high=1.0)
    else:
        mood = look("breathe", color=ATTRACT_CENTRE, period=6.0, low=0.1, high=0.5)
    return Plan({name: mood for name in district_lights()})


def react(event: Mapping[str, Any], view: Mapping[str, Any] | None, t: float) -> Reaction:
    """The basic scene shows no events."""
    return Reaction()


def _attract() -> dict:
    """A slow red wave round the ring, a purple heart in the middle, a wave up the veil bar."""
    looks = {
        f"district.{pos}": look(
            "breathe", color=ATTRACT_RED, period=4.0, low=0.05, high=0.9, phase=-i / len(RING)
        )
        for i, pos in enumerate(RING)
    }
    looks["district.B2"] = look("breathe", color=ATTRACT_CENTRE, period=6.0, low=0.2, high=0.8)
    for i, name in enumerate(veil_lights()):
        looks[name] = look("pulse", color=ATTRACT_RED, period=VEIL_PULSE_S, low=0.45, high=0.9, phase=-i / 7)
    return looks
