"""The looks that belong to the device rather than a game: the status light.

The status light says how the companion itself is: steady dim green when all is well, amber
breathing when it runs degraded (a missing reader, say), red blinking on an error. (The start-up
colour-order test is the HAL's `PixelLayout.test_pattern`: it works on wire bytes, per strip.)
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.lighting.effects import Look

STATUS = "status"


class Health(str, Enum):
    """How the companion runs, as shown on the status light."""

    OK = "ok"
    DEGRADED = "degraded"
    ERROR = "error"


def status_look(health: Health) -> Look:
    """The status light's look for `health`."""
    from companion.lighting.effects import (
        look,
    )  # the health levels above load without the effects (runtime/health.py)

    if health is Health.OK:
        return look("solid", color=(0, 60, 0))
    if health is Health.DEGRADED:
        return look("breathe", color=(255, 120, 0), period=3.0, low=0.3, high=0.8)
    return look("flash", color=(255, 0, 0), count=0, period=1.0, duty=0.5)


__all__ = ["Health", "STATUS", "status_look"]
