"""The compositor: renders every logical light from plain data, blending transitions and overlays.

Nothing here remembers anything. A light's *history* is a list of `Entry`s (the looks it moved to,
when, and how long each cross-fade takes, WLED's Transition); *overlays* are looks laid over a light
for a while and then gone (flash-then-restore, Adafruit's AnimateOnce as a function of t). Given the
same data and the same `t`, `compose` returns the same frame whatever frames came before.
"""

from collections.abc import Iterable, Mapping, Sequence

from companion.lighting.color import BLACK, Blend, Pixels, blend_pixels, mix_pixels
from companion.lighting.effects import Look
from companion.records import Named

Frame = dict[str, Pixels]


class Entry(Named):
    """A light switched to `look` at time `since`, cross-fading from what it showed over `fade` s.
    `jump`: the share of the cross-fade already shown at `since` (0: a plain fade from nothing)."""

    look: Look
    since: float
    fade: float = 0.0
    jump: float = 0.0

    def progress(self, t: float) -> float:
        """How far the cross-fade into this look is at t: 0 (not begun) .. 1 (done)."""
        if t < self.since:
            return 0.0
        if self.fade <= 0.0:
            return 1.0
        return min(1.0, self.jump + (1.0 - self.jump) * (t - self.since) / self.fade)


class Overlay(Named):
    """`look` drawn over `light` from `start` for `duration` seconds, then the light's own look returns.
    The overlay's effect time starts at 0 at `start`."""

    light: str
    look: Look
    start: float
    duration: float
    blend: Blend = Blend.REPLACE
    opacity: float = 1.0

    @property
    def end(self) -> float:
        """When the overlay stops showing."""
        return self.start + self.duration


def render_history(entries: Sequence[Entry], t: float, n: int) -> Pixels:
    """A light's base pixels at t: the newest finished look, cross-faded into any newer ones."""
    if not entries:
        return (BLACK,) * n
    first = _newest_finished(entries, t)
    out = _render_entry(entries[first], t, n)
    for e in entries[first + 1 :]:
        p = e.progress(t)
        if p > 0.0:
            out = mix_pixels(out, _render_entry(e, t, n), p)
    return out


def apply_overlays(base: Pixels, overlays: Iterable[Overlay], t: float) -> Pixels:
    """`base` with every overlay active at t drawn over it, oldest first."""
    n = len(base)
    out = base
    for ov in overlays:
        if ov.start <= t < ov.start + ov.duration:
            lk = ov.look
            out = blend_pixels(out, lk.fn(lk.params, t - ov.start, n), ov.blend, ov.opacity)
    return out


def compose(
    counts: Mapping[str, int],
    histories: Mapping[str, Sequence[Entry]],
    overlays: Sequence[Overlay],
    t: float,
) -> Frame:
    """The whole frame at t: every light in `counts` (name -> pixel count) rendered and overlaid."""
    by_light: dict[str, list[Overlay]] = {}
    for ov in overlays or ():
        if ov.start <= t < ov.start + ov.duration:
            by_light.setdefault(ov.light, []).append(ov)
    frame: Frame = {}
    shared: dict[tuple[int, int], Pixels] = {}  # one render per look object and size this frame
    for name, n in counts.items():
        entries = histories.get(name, ())
        if len(entries) == 1:  # the usual case, inlined: no cross-fade running
            lk = entries[0].look
            if lk.local:
                px = lk.fn(lk.params, t - entries[0].since, n)
            else:
                key = (id(lk), n)
                px = shared.get(key)
                if px is None:
                    px = shared[key] = lk.fn(lk.params, t, n)
        else:
            px = render_history(entries, t, n)
        if by_light and name in by_light:
            px = apply_overlays(px, by_light[name], t)
        frame[name] = px
    return frame


def prune_history(entries: Sequence[Entry], t: float) -> list[Entry]:
    """Drop entries hidden for good at t (older than the newest finished cross-fade)."""
    return list(entries[_newest_finished(entries, t) :])


def live_overlays(overlays: Iterable[Overlay], t: float) -> list[Overlay]:
    """Overlays that still show at t or later."""
    return [ov for ov in overlays if ov.end > t]


def _render_entry(e: Entry, t: float, n: int) -> Pixels:
    """One entry's look at t (at its own time if the look is local)."""
    lk = e.look
    return lk.fn(lk.params, t - e.since if lk.local else t, n)


def _newest_finished(entries: Sequence[Entry], t: float) -> int:
    """Index of the newest entry whose cross-fade is done at t (0 when none is): nothing older shows."""
    first = len(entries) - 1
    while first > 0 and entries[first].progress(t) < 1.0:
        first -= 1
    return max(first, 0)
