"""The parameters of each lighting effect (companion/lighting/effects.py): one frozen record per
effect, checked when a `Look` is built."""

from companion.lighting.color import BLACK, RGB
from companion.records import Named


class SolidParams(Named):
    """One steady colour."""

    color: RGB = BLACK


class BreatheParams(Named):
    """A smooth (sine) swell between `low` and `high` brightness, `period` seconds per breath;
    `phase` (fraction of a period) shifts it, so neighbours can breathe in a wave."""

    color: RGB
    period: float = 4.0
    low: float = 0.2
    high: float = 1.0
    phase: float = 0.0


class PulseParams(Named):
    """A linear up-and-down ramp: dark at t = 0, brightest at half `period`, dark again at `period`;
    `phase` (fraction of a period) shifts it."""

    color: RGB
    period: float = 1.0
    low: float = 0.0
    high: float = 1.0
    phase: float = 0.0


class HeartbeatParams(Named):
    """A double beat ("lub-dub") `bpm` times a minute, resting at `low` brightness."""

    color: RGB
    bpm: float = 60.0
    low: float = 0.15


class CometParams(Named):
    """A bright head with a fading tail of `tail` pixels crossing the segment every `period` seconds."""

    color: RGB
    period: float = 1.0
    tail: int = 3
    background: RGB = BLACK
    reverse: bool = False


class ChaseParams(Named):
    """Lit groups of `width` pixels every `spacing` pixels, stepping one pixel every `period` seconds."""

    color: RGB
    background: RGB = BLACK
    period: float = 0.2
    spacing: int = 3
    width: int = 1


class SparkleParams(Named):
    """Random pixels lit in `color` (`density` of them), reshuffled `rate` times a second."""

    color: RGB
    background: RGB = BLACK
    density: float = 0.2
    rate: float = 10.0
    seed: int = 0


class FlickerParams(Named):
    """Each pixel's brightness jumps between `low` and 1 at random, `rate` times a second (torch light)."""

    color: RGB
    low: float = 0.4
    rate: float = 12.0
    seed: int = 0


class GradientParams(Named):
    """A steady blend from `start` at the first pixel to `end` at the last."""

    start: RGB
    end: RGB


class FillBarParams(Named):
    """The first `level` (0..1) of the segment lit in `color`, the rest `background`; the edge pixel dims."""

    color: RGB
    level: float
    background: RGB = BLACK


class RainbowParams(Named):
    """The colour wheel spread over `spread` of the segment, turning once every `period` seconds."""

    period: float = 5.0
    spread: float = 1.0
    level: float = 1.0


class FlashParams(Named):
    """`count` flashes (0 = forever: a strobe), one every `period` seconds, lit for `duty` of each."""

    color: RGB
    count: int = 1
    period: float = 0.5
    duty: float = 0.5
    background: RGB = BLACK


class SweepParams(Named):
    """A soft band `width` (fraction of the segment) wide passing once across it in `duration` seconds."""

    color: RGB
    duration: float = 1.0
    width: float = 0.35
    background: RGB = BLACK
    reverse: bool = False


class FadeParams(Named):
    """From `start` to `end` over `duration` seconds, then `end` for good."""

    start: RGB
    end: RGB
    duration: float = 1.0
