"""Looks and frames that belong to the device rather than a game: status light and startup test.

The status light says how the companion itself is: steady dim green when all is well, amber
breathing when it runs degraded (a missing reader, say), red blinking on an error. The startup
pattern lights the first three pixels of the chain red, green, blue so a wrong colour order or a bad
SPI clock is seen at once (PLATFORM.md).
"""

from __future__ import annotations

from enum import Enum
from typing import Mapping

from companion.lighting.color import BLACK, Pixels
from companion.lighting.effects import Look, look

STATUS = "status"


class Health(str, Enum):
    """How the companion runs, as shown on the status light."""

    OK = "ok"
    DEGRADED = "degraded"
    ERROR = "error"


def status_look(health: Health) -> Look:
    """The status light's look for `health`."""
    if health is Health.OK:
        return look("solid", color=(0, 60, 0))
    if health is Health.DEGRADED:
        return look("breathe", color=(255, 120, 0), period=3.0, low=0.3, high=0.8)
    return look("flash", color=(255, 0, 0), count=0, period=1.0, duty=0.5)


def startup_frame(
    counts: Mapping[str, int],
    chain: tuple[str, ...] | None = None,
    level: int = 255,
    reverse: frozenset[str] = frozenset(),
) -> dict[str, Pixels]:
    """A frame with the chain's first three pixels red, green, blue and everything else off.

    counts: logical light -> pixel count; chain: the lights in wiring order (see `chain_order`),
    else the order of `counts`. If the first light has fewer than three pixels the pattern carries on
    into the next ones. level: the channels' value (0..255). reverse: lights mapped backwards onto
    their pixels (config `reverse = true`), whose first wired pixel is their last logical one.
    """
    frame = {name: (BLACK,) * n for name, n in counts.items()}
    colours = [(level, 0, 0), (0, level, 0), (0, 0, level)]
    for name in chain if chain is not None else tuple(counts):
        n = counts.get(name, 0)
        if not colours or n == 0:
            continue
        head = tuple(colours[:n])
        del colours[:n]
        px = head + (BLACK,) * (n - len(head))
        frame[name] = px[::-1] if name in reverse else px
    return frame


def chain_order(lights: Mapping[str, object], strips: tuple = ()) -> tuple[str, ...]:
    """Logical lights in wiring order: by strip (as listed in the config), then first pixel.

    lights: name -> `companion.config.LightMap` (strip, start, count); strips: the config's strips.
    """
    rank = {s.name: i for i, s in enumerate(strips)}
    return tuple(sorted(lights, key=lambda name: (rank.get(lights[name].strip, len(rank)), lights[name].start)))


__all__ = ["Health", "STATUS", "status_look", "startup_frame", "chain_order"]
