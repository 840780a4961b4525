"""The output stage: gamma, global brightness, night floor and the current limiter.

Effects think in perceived colour at full brightness; this stage turns a frame into the bytes the
HAL pushes (WLED's bus, Pixelbuf's post-brightness buffer). In order:

1. gamma and brightness through one 256-entry table, so dim colours look dim;
2. night floor: a pixel the scene lit never ends up darker than `night_floor` of full (keeping its
   hue), so the board stays readable in a dark room; pixels the scene left off stay off;
3. current limiter: estimated mA = sum over pixels of (r+g+b)/255 * ma_per_channel plus
   idle_ma_per_pixel for every pixel; above `budget_ma` the whole frame is scaled down so the
   estimate never exceeds the budget. It runs last: the supply's limit beats the floor.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import chain

from companion.lighting.color import RGB, Pixels

Frame = dict[str, Pixels]
_MEMO_LIMIT = 4096  # segments remembered per stage (then forgotten at once): a few MB at most


def gamma_table(gamma: float, brightness: float = 1.0) -> tuple[int, ...]:
    """Output byte for each input byte: 255 * (v/255) ** gamma * brightness, rounded."""
    return tuple(int(255.0 * (v / 255.0) ** gamma * brightness + 0.5) for v in range(256))


def estimate_ma(frame: Mapping[str, Pixels], ma_per_channel: float, idle_ma_per_pixel: float) -> float:
    """Estimated supply current of a frame of output bytes, in mA."""
    pixels = sum(len(px) for px in frame.values())
    channels = sum(chain.from_iterable(chain.from_iterable(frame.values())))
    return channels / 255.0 * ma_per_channel + pixels * idle_ma_per_pixel


def limit(frame: Frame, budget_ma: float, ma_per_channel: float, idle_ma_per_pixel: float) -> Frame:
    """The frame scaled down (whole frame, same factor) so `estimate_ma` stays within `budget_ma`;
    a frame already within the budget comes back unchanged (the same object)."""
    pixels = sum(len(px) for px in frame.values())
    total = sum(chain.from_iterable(chain.from_iterable(frame.values())))
    idle = pixels * idle_ma_per_pixel
    if total == 0 or total / 255.0 * ma_per_channel + idle <= budget_ma:
        return frame  # within budget, or dark already (idle draw alone over budget: nothing to cut)
    # Largest channel sum the budget allows, checked with the very formula of estimate_ma so float
    # rounding can never leave the result a hair over.
    allowed = max(0, int((budget_ma - idle) * 255.0 / ma_per_channel))
    while allowed > 0 and allowed / 255.0 * ma_per_channel + idle > budget_ma:
        allowed -= 1
    return {
        name: tuple([(r * allowed // total, g * allowed // total, b * allowed // total) for r, g, b in px])
        for name, px in frame.items()
    }


@dataclass
class OutputStage:
    """Frame in (scene colours), frame out (bytes for the HAL). Build it with `from_config`: the
    settings have one set of defaults, the config's (`LedConfig`).

    gamma: exponent (2.6 suits WS2812B); brightness: 0..1 after gamma; night_floor: 0..0.5 of full;
    budget_ma, ma_per_channel, idle_ma_per_pixel: the limiter's supply model in mA.
    The only memory is a cache of converted segments and colours, which never changes a result.
    """

    gamma: float
    brightness: float
    night_floor: float
    budget_ma: float
    ma_per_channel: float
    idle_ma_per_pixel: float
    _table: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _linear: tuple[float, ...] = field(init=False, repr=False, compare=False)
    _floor: int = field(init=False, repr=False, compare=False)
    _memo: dict = field(
        init=False, repr=False, compare=False, default_factory=dict
    )  # segment -> (out, channel sum)
    _colours: dict = field(init=False, repr=False, compare=False, default_factory=dict)  # colour -> out

    def __post_init__(self):
        """Check the settings and build the tables."""
        if not 0.0 <= self.brightness <= 1.0 or not 0.0 <= self.night_floor <= 1.0 or self.gamma <= 0:
            raise ValueError(f"bad output stage settings: {self!r}")
        self._table = gamma_table(self.gamma, self.brightness)
        self._linear = tuple((v / 255.0) ** self.gamma for v in range(256))
        self._floor = int(self.night_floor * 255.0 + 0.5)

    @classmethod
    def from_config(cls, leds) -> OutputStage:
        """The stage for a `companion.gamedata.config.LedConfig`."""
        return cls(
            gamma=leds.gamma,
            brightness=leds.brightness,
            night_floor=leds.night_floor,
            budget_ma=leds.budget_ma,
            ma_per_channel=leds.ma_per_channel,
            idle_ma_per_pixel=leds.idle_ma_per_pixel,
        )

    def __call__(self, frame: Mapping[str, Pixels]) -> Frame:
        """Gamma + brightness + floor on every pixel, then the limiter over the whole frame."""
        memo = self._memo
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        get = memo.get
        out: Frame = {}
        total = 0
        pixels = 0
        for name, px in frame.items():
            # A scene shows the same segment again and again (steady looks, cycling effects), so
            # whole segments are remembered with their channel sum for the limiter.
            hit = get(px)
            if hit is None:
                hit = memo[px] = self._segment(px)
            out[name] = hit[0]
            total += hit[1]
            pixels += len(px)
        if total / 255.0 * self.ma_per_channel + pixels * self.idle_ma_per_pixel <= self.budget_ma:
            return out
        return limit(out, self.budget_ma, self.ma_per_channel, self.idle_ma_per_pixel)

    def _segment(self, px: Pixels) -> tuple[Pixels, int]:
        """One segment's output pixels and the sum of all their channels."""
        n = len(px)
        if n and px.count(px[0]) == n:  # one colour all along: convert it once
            c = self.pixel(px[0])
            return (c,) * n, (c[0] + c[1] + c[2]) * n
        colours = self._colours
        if len(colours) > _MEMO_LIMIT:
            colours.clear()
        get, conv = colours.get, self.pixel
        out = tuple([get(c) or conv(c) for c in px])
        return out, sum(chain.from_iterable(out))

    def pixel(self, c: RGB) -> RGB:
        """One colour through gamma, brightness and the night floor."""
        tab = self._table
        out = (tab[c[0]], tab[c[1]], tab[c[2]])
        top = max(c)
        if top and max(out) < self._floor:
            # Scale the gamma-corrected colour so its strongest channel sits on the floor: same hue.
            lin = self._linear
            k = self._floor / lin[top]
            out = (int(lin[c[0]] * k + 0.5), int(lin[c[1]] * k + 0.5), int(lin[c[2]] * k + 0.5))
        self._colours[c] = out
        return out
