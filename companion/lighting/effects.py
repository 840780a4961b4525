"""Effects: pure functions `(params, t, n) -> pixels` and the registry that names them.

Every effect derives its whole picture from the time `t` (seconds) and its frozen parameters, so
rendering at t = 1.0 gives the same pixels whatever was rendered before (WLED's shared `now`, not
Adafruit's per-animation clock). Effects that look random (sparkle, flicker) hash a seed with the
time slot and the pixel index instead of remembering anything.

A `Look` is an effect name plus its parameters: the unit scenes, transitions and overlays deal in.
`look("breathe", color=(255, 0, 0), period=2.0)` builds one and checks the parameters.
"""

import math
from collections.abc import Callable
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from companion.lighting.color import BLACK, RGB, Blend, Pixels, blend_pixels, mix, scale, wheel_table
from companion.lighting.effect_params import (
    BreatheParams,
    ChaseParams,
    CometParams,
    FadeParams,
    FillBarParams,
    FlashParams,
    FlickerParams,
    GradientParams,
    HeartbeatParams,
    PulseParams,
    RainbowParams,
    SolidParams,
    SparkleParams,
    SweepParams,
)
from companion.records import Named

TAU = 2.0 * math.pi
COMET_STEPS = 16  # sub-pixel positions of a comet's head


class Look:
    """An effect by registry name with its parameters. `local`: the effect's time starts when the
    look does (sequences that play once); otherwise all looks share the frame's time, so moods in
    different districts breathe together. Immutable; equal (and hashed) by effect, params and local.

    The parameter records are `Named` records (companion/records.py) and Look a slotted class rather
    than dataclasses: made as frozen dataclasses the 20-odd classes cost about 10 ms of a start."""

    __slots__ = ("effect", "params", "local", "fn")

    def __init__(self, effect: str, params: Any, local: bool = False):
        """Check the effect is known and takes these params, and their values; keep its function at hand."""
        spec = _spec(effect)
        if not isinstance(params, spec.params):
            raise TypeError(f"effect {effect!r} takes {spec.params.__name__}, got {type(params).__name__}")
        _check(effect, params, spec.positive)
        setter = object.__setattr__
        setter(self, "effect", effect)
        setter(self, "params", params)
        setter(self, "local", local)
        setter(self, "fn", spec.fn)

    def __setattr__(self, name: str, value: Any) -> None:
        """Looks never change (they are compared and hashed by value)."""
        raise AttributeError(f"a look cannot be changed (tried to set {name})")

    def __eq__(self, other: object) -> bool:
        """Same effect, parameters and clock."""
        if other.__class__ is not Look:
            return NotImplemented
        return self.effect == other.effect and self.local == other.local and self.params == other.params

    def __hash__(self) -> int:
        """Hash of what equality compares."""
        return hash((self.effect, self.params, self.local))

    def __repr__(self) -> str:
        """Look('breathe', BreatheParams(...), local=False)."""
        return f"Look({self.effect!r}, {self.params!r}, local={self.local})"


class Layer(Named):
    """One look drawn over part of a segment: from `start` (fraction 0..1) over `width` (at least a pixel)."""

    look: Look
    blend: Blend = Blend.REPLACE
    start: float = 0.0
    width: float = 1.0
    opacity: float = 1.0


class LayersParams(Named):
    """Looks stacked bottom to top inside one segment (a mood plus marker pixels, say)."""

    layers: tuple[Layer, ...]


class Step(Named):
    """One look of a sequence, shown for `duration` seconds (at least 0) from its own time 0."""

    look: Look
    duration: float


class SequenceParams(Named):
    """Steps played one after another (at least one); after the last, it keeps running (or the whole loops)."""

    steps: tuple[Step, ...]
    loop: bool = False


# ---------------------------------------------------------------- the look and the registry


class EffectSpec(Named):
    """A registry entry: the pure function, its parameter type, a one-line description and the
    parameters that must be > 0 (durations and rates: a zero would divide by zero at render time)."""

    name: str
    fn: Callable[[Any, float, int], Pixels]
    params: type
    summary: str
    positive: tuple[str, ...] = ()


def _check(effect: str, params: Any, positive: tuple[str, ...]) -> None:
    """Refuse values that would fail later, at render time: ValueError naming the effect and field."""
    for name in positive:
        value = getattr(params, name)
        if not value > 0:
            raise ValueError(f"{effect} look: {name} must be > 0, got {value!r}")
    if effect == "sequence":
        if not params.steps:
            raise ValueError("sequence look: needs at least one step")
        for step in params.steps:
            if not step.duration >= 0:
                raise ValueError(f"sequence look: a step's duration must be >= 0, got {step.duration!r}")


def look(name: str, local: bool = False, **params: Any) -> Look:
    """Build a Look from an effect name and keyword parameters (checked by its params record and the Look)."""
    return Look(name, _spec(name).params(**params), local)


def solid(color: RGB) -> Look:
    """Shorthand for a steady colour."""
    return Look("solid", SolidParams(tuple(color)))


def render(lk: Look, t: float, n: int) -> Pixels:
    """The n pixels of look `lk` at time t."""
    return lk.fn(lk.params, t, n)


# ---------------------------------------------------------------- the effects


def solid_fx(p: SolidParams, t: float, n: int) -> Pixels:
    """Every pixel `color`."""
    return (p.color,) * n


def breathe_fx(p: BreatheParams, t: float, n: int) -> Pixels:
    """Sine swell: `low` at t = 0, `high` at half a period."""
    k = p.low + (p.high - p.low) * (0.5 - 0.5 * math.cos(TAU * (t / p.period + p.phase)))
    return (scale(p.color, k),) * n


def pulse_fx(p: PulseParams, t: float, n: int) -> Pixels:
    """Triangle ramp: `low` at t = 0, `high` at half a period."""
    u = (t / p.period + p.phase) % 1.0
    k = p.low + (p.high - p.low) * (1.0 - abs(2.0 * u - 1.0))
    return (scale(p.color, k),) * n


def heartbeat_fx(p: HeartbeatParams, t: float, n: int) -> Pixels:
    """Two decaying beats per cycle: a full one at 0, a softer one a quarter later."""
    u = (t * p.bpm / 60.0) % 1.0
    if u < 0.15:
        e = 1.0 - u / 0.15
    elif 0.25 <= u < 0.4:
        e = 0.6 * (1.0 - (u - 0.25) / 0.15)
    else:
        e = 0.0
    return (scale(p.color, p.low + (1.0 - p.low) * e),) * n


def comet_fx(p: CometParams, t: float, n: int) -> Pixels:
    """Head at pixel (t/period mod 1) * (n + tail), tail fading behind it; it runs off the end.
    The head moves in steps of 1/16 pixel (finer is invisible), so frames repeat and are cached."""
    return _comet(p, int(((t / p.period) % 1.0) * (n + p.tail) * COMET_STEPS), n)


def chase_fx(p: ChaseParams, t: float, n: int) -> Pixels:
    """Theatre-marquee chase."""
    step = math.floor(t / p.period)
    return tuple([p.color if (i - step) % p.spacing < p.width else p.background for i in range(n)])


def sparkle_fx(p: SparkleParams, t: float, n: int) -> Pixels:
    """Pixels whose hash for this time slot falls under `density` are lit."""
    return _sparkle(p, math.floor(t * p.rate), n)


def flicker_fx(p: FlickerParams, t: float, n: int) -> Pixels:
    """Each pixel at a hashed brightness between `low` and 1 for this time slot."""
    return _flicker(p, math.floor(t * p.rate), n)


def gradient_fx(p: GradientParams, t: float, n: int) -> Pixels:
    """Linear blend across the segment."""
    if n == 1:
        return (p.start,)
    return tuple([mix(p.start, p.end, i / (n - 1)) for i in range(n)])


def fill_bar_fx(p: FillBarParams, t: float, n: int) -> Pixels:
    """A level meter: whole pixels lit, the edge pixel partly."""
    lit = max(0.0, min(1.0, p.level)) * n
    return tuple([mix(p.background, p.color, max(0.0, min(1.0, lit - i))) for i in range(n)])


def rainbow_fx(p: RainbowParams, t: float, n: int) -> Pixels:
    """Colour wheel from a precomputed 256-hue table, turning with t."""
    return _rainbow(int((t / p.period) % 1.0 * 256.0), p.spread, p.level, n)


def flash_fx(p: FlashParams, t: float, n: int) -> Pixels:
    """On for `duty` of each period, `count` times (0: forever), `background` otherwise."""
    u = t / p.period
    on = t >= 0.0 and (p.count == 0 or u < p.count) and u % 1.0 < p.duty
    return ((p.color if on else p.background),) * n


def sweep_fx(p: SweepParams, t: float, n: int) -> Pixels:
    """A triangular band whose centre goes from before the first pixel to past the last."""
    if not 0.0 <= t < p.duration:
        return (p.background,) * n
    centre = -p.width + (t / p.duration) * (1.0 + 2.0 * p.width)
    out = []
    for i in range(n):
        x = (i + 0.5) / n
        if p.reverse:
            x = 1.0 - x
        k = 1.0 - abs(x - centre) / p.width
        out.append(mix(p.background, p.color, k) if k > 0.0 else p.background)
    return tuple(out)


def fade_fx(p: FadeParams, t: float, n: int) -> Pixels:
    """Linear colour fade, held at the end colour afterwards."""
    k = 0.0 if t <= 0.0 else min(1.0, t / p.duration)
    return (mix(p.start, p.end, k),) * n


def layers_fx(p: LayersParams, t: float, n: int) -> Pixels:
    """Draw each layer over the ones below, each on its own span of pixels."""
    out: Pixels = (BLACK,) * n
    for layer in p.layers:
        # The layer's pixel span [i0, i1): at least one pixel, never past the end (inlined: hot path).
        i0 = int(layer.start * n)
        i0 = 0 if i0 < 0 else (n - 1 if i0 > n - 1 else i0)
        i1 = int(round((layer.start + layer.width) * n))
        i1 = i0 + 1 if i1 <= i0 else (n if i1 > n else i1)
        lk = layer.look
        sub = lk.fn(lk.params, t, i1 - i0)
        plain = layer.blend is Blend.REPLACE and layer.opacity >= 1.0
        if i1 - i0 == n:
            out = sub if plain else blend_pixels(out, sub, layer.blend, layer.opacity)
        elif plain:
            out = out[:i0] + sub + out[i1:]
        else:
            out = out[:i0] + blend_pixels(out[i0:i1], sub, layer.blend, layer.opacity) + out[i1:]
    return out


def sequence_fx(p: SequenceParams, t: float, n: int) -> Pixels:
    """The step running at t, at its own time; the last step keeps running after the end."""
    total = sum(s.duration for s in p.steps)
    u = t % total if p.loop and total > 0 else t
    for s in p.steps:
        if u < s.duration:
            return s.look.fn(s.look.params, u, n)
        u -= s.duration
    last = p.steps[-1]
    return last.look.fn(last.look.params, u + last.duration, n)


# ---------------------------------------------------------------- helpers


def _spec(name: str) -> EffectSpec:
    """The registry entry of effect `name`, or ValueError listing the known ones."""
    spec = EFFECTS.get(name)
    if spec is None:
        raise ValueError(f"unknown effect {name!r}; known: {', '.join(EFFECTS)}")
    return spec


@lru_cache(maxsize=256)  # pure memo: a slot lasts several frames
def _sparkle(p: SparkleParams, slot: int, n: int) -> Pixels:
    """Sparkle pixels for one time slot: a pixel is lit when its 8 random bits fall under density."""
    bits, limit = _bits(p.seed, slot, 8 * n), int(p.density * 256.0)
    return tuple([p.color if (bits >> (8 * i)) & 255 < limit else p.background for i in range(n)])


@lru_cache(maxsize=256)  # pure memo: a slot lasts several frames
def _flicker(p: FlickerParams, slot: int, n: int) -> Pixels:
    """Flicker pixels for one time slot: 4 random bits per pixel pick one of 16 brightness levels."""
    bits, levels = _bits(p.seed, slot, 4 * n), _levels(p.color, p.low)
    return tuple([levels[(bits >> (4 * i)) & 15] for i in range(n)])


@lru_cache(maxsize=64)
def _levels(color: RGB, low: float) -> tuple[RGB, ...]:
    """16 brightness steps of `color` from `low` to full."""
    return tuple(scale(color, low + (1.0 - low) * k / 15.0) for k in range(16))


def _bits(seed: int, slot: int, count: int) -> int:
    """At least `count` well-mixed random bits for (seed, slot), 32 at a time."""
    out = 0
    for k in range((count + 31) // 32):
        out |= _hash(seed, slot, k) << (32 * k)
    return out


def _hash(seed: int, slot: int, i: int) -> int:
    """A well-mixed 32-bit number from three integers (a stand-in for remembered randomness)."""
    h = (seed * 0x9E3779B1 ^ slot * 0x85EBCA77 ^ (i + 1) * 0xC2B2AE3D) & 0xFFFFFFFF
    h ^= h >> 16
    h = (h * 0x7FEB352D) & 0xFFFFFFFF
    h ^= h >> 15
    h = (h * 0x846CA68B) & 0xFFFFFFFF
    return h ^ (h >> 16)


@lru_cache(maxsize=4096)  # a pure memo: a comet has (n + tail) * 16 frames
def _comet(p: CometParams, step: int, n: int) -> Pixels:
    """The comet's pixels with its head `step` sixteenths of a pixel along."""
    head = step / COMET_STEPS
    out = [p.background] * n
    # Only pixels within `tail` behind the head are lit: visit just those.
    for i in range(max(0, math.floor(head - p.tail) + 1), min(n - 1, math.floor(head)) + 1):
        out[n - 1 - i if p.reverse else i] = mix(p.background, p.color, 1.0 - (head - i) / p.tail)
    return tuple(out)


@lru_cache(maxsize=2048)  # a pure memo: a rainbow only ever has 256 frames
def _rainbow(base: int, spread: float, level: float, n: int) -> Pixels:
    """The rainbow's pixels with the wheel turned by `base` (0..255) steps."""
    wheel = wheel_table() if level >= 1.0 else _dim_wheel(level)
    step = spread * 256.0 / n
    return tuple([wheel[(base + int(i * step)) & 255] for i in range(n)])


@lru_cache(maxsize=64)  # a pure memo: scenes use only a few levels
def _dim_wheel(level: float) -> tuple[RGB, ...]:
    """The colour wheel at brightness `level`."""
    return tuple(scale(c, max(0.0, level)) for c in wheel_table())


EFFECTS = MappingProxyType(
    {
        spec.name: spec
        for spec in (
            EffectSpec("solid", solid_fx, SolidParams, "one steady colour"),
            EffectSpec("breathe", breathe_fx, BreatheParams, "smooth sine swell", ("period",)),
            EffectSpec("pulse", pulse_fx, PulseParams, "linear up-and-down ramp", ("period",)),
            EffectSpec("heartbeat", heartbeat_fx, HeartbeatParams, "lub-dub double beat", ("bpm",)),
            EffectSpec("comet", comet_fx, CometParams, "head with a fading tail", ("period", "tail")),
            EffectSpec("chase", chase_fx, ChaseParams, "marquee chase", ("period", "spacing")),
            EffectSpec("sparkle", sparkle_fx, SparkleParams, "random twinkles from a seed", ("rate",)),
            EffectSpec("flicker", flicker_fx, FlickerParams, "torch-like random brightness", ("rate",)),
            EffectSpec("gradient", gradient_fx, GradientParams, "two-colour blend across the segment"),
            EffectSpec("fill_bar", fill_bar_fx, FillBarParams, "level meter"),
            EffectSpec("rainbow", rainbow_fx, RainbowParams, "turning colour wheel", ("period",)),
            EffectSpec("flash", flash_fx, FlashParams, "n flashes, or a strobe", ("period",)),
            EffectSpec(
                "sweep", sweep_fx, SweepParams, "one soft band across the segment", ("duration", "width")
            ),
            EffectSpec("fade", fade_fx, FadeParams, "one colour to another, then hold", ("duration",)),
            EffectSpec("layers", layers_fx, LayersParams, "looks stacked inside one segment"),
            EffectSpec("sequence", sequence_fx, SequenceParams, "looks one after another"),
        )
    }
)

OFF = Look("solid", SolidParams(BLACK))
