"""Motion where it helps: the event card flips, dice roll before they settle, a phase change crossfades
through the city at its new time of day, the countdown ring fills up again for a new step.

An animation is drawn over the screen's still frame (the one the renderer caches), as a pure function of
its progress 0..1: the time since it began on the table's clock (`UIContext.now`, which the App moves on
with its own clock each frame; tests pass any time they like), never a clock of its own. Its last frame
is the still frame itself, so screenshots and the screen check, which draw a screen once, never see
motion. Nothing moves when nothing changes: an animation starts only when a frame is drawn after a
change it stands for (the engine's `card_drawn` or `dice_rolled` since the frame before, the state's
phase or the model's countdown ring against the frame on show), asks for frames (`wants_frame`) only
while it runs and for the one clean frame after it, and a press skips every animation to its end
(`finish`) before the press is handled, so no press ever waits for one.

Every animation lasts at most MAX_S (the issue: a short phase transition, <= 400 ms).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pygame

from companion.records import Named
from companion.ui import icons, theme

MAX_S = 0.4
FLIP_S = 0.36  # the event card turns over: its back narrows to an edge, its face opens out
ROLL_S = 0.4  # the dice tumble (a new face every ROLL_STEP_S) and settle on what they show
ROLL_STEP_S = 0.05
PHASE_S = 0.32  # day, dusk, night, dawn: the old screen fades into the city at its new time, the city
# into the new screen
RING_S = 0.3  # a new step's countdown ring fills up instead of jumping to full
SKY_SCALE = 4  # the city is drawn at a quarter of the screen and scaled up: a 200 ms glimpse of
# it needs no detail, and a full-size SVG costs ~75 ms the first time
TIMES = ("day", "dusk", "night", "dawn")
CARD_EVENTS = ("card_drawn",)  # the engine events that turn a card over on the screen that follows
ROLL_EVENTS = ("dice_rolled",)  # and that roll the dice it shows (not a die used, not a correction)


class Animation(Named):
    """One running animation: `kind` (flip, roll, phase, ring), when it began on the table's clock,
    how long it lasts, and what it needs (`data`: the rectangle it plays in, the old frame...)."""

    kind: str
    start: float
    duration: float
    data: Any = None

    def progress(self, now: float) -> float:
        """0 at its start, 1 at its end (and after)."""
        return progress(self.start, self.duration, now)


def progress(start: float, duration: float, now: float) -> float:
    """How far an animation of `duration` begun at `start` is at `now`, 0..1."""
    if duration <= 0:
        return 1.0
    return max(0.0, min(1.0, (now - start) / duration))


def ease_out(p: float) -> float:
    """Fast, then settling (cubic): what a thrown die or a filling ring does."""
    return 1 - (1 - p) ** 3


def flip_scale(p: float) -> tuple[bool, float]:
    """(the face shows, its width as a share of the card's) at progress `p` of a card flip: the back
    narrows to an edge by half-way, then the face opens out to full width."""
    return p >= 0.5, abs(math.cos(math.pi * p))


def rolling_face(value: int, index: int, p: float) -> int:
    """The face die `index` shows at progress `p` of a roll that settles on `value`: a new face every
    ROLL_STEP_S (never the same twice running), `value` at the end. The same for the same inputs."""
    if p >= 1:
        return value
    step = int(p * ROLL_S / ROLL_STEP_S)
    on = 1 + (index * 3 + step * 2) % 5  # 1..5 faces on from `value` (never it), another one each step
    return (value - 1 + on) % 6 + 1


def ring_fraction(left: float, total: float) -> float:
    """The countdown ring's share of the time left, in whole degrees: it empties smoothly (a degree is
    under a pixel of the ring's edge at 800x480), and a frame whose degree did not change is not drawn."""
    if not total:
        return 0.0
    return round(max(0.0, min(1.0, left / total)) * 360) / 360


def time_of(phase: Any) -> str | None:
    """The time of day a phase shows the city at ("day", "dusk", "night", "dawn"), or None."""
    return phase if phase in TIMES else None


class Motion:
    """The animations of one table: started by `notice`, drawn by `paint`, ended by `finish`."""

    def __init__(self) -> None:
        """Nothing playing."""
        self.playing: list[Animation] = []
        self._overlaid = False  # the last frame drawn had motion on it: the next one is drawn clean
        self._cache: dict = {}  # per animation: what its frames reuse (the card's face, the sky)

    def wants_frame(self, now: float) -> bool:
        """Whether the screen must be drawn at `now` although its model did not change: an animation
        runs, or the frame on show still has one on it."""
        self.playing = [a for a in self.playing if a.progress(now) < 1]
        if not self.playing:
            self._cache.clear()
        return bool(self.playing) or self._overlaid

    def finish(self) -> None:
        """Skip every animation to its end (a press came): the next frame is the still one."""
        self.playing = []
        self._cache.clear()

    def notice(
        self,
        old,
        new,
        old_state: Mapping[str, Any],
        state: Mapping[str, Any],
        events,
        now: float,
        shown: pygame.Surface,
        renderer,
    ) -> None:
        """Start what the change from model `old` (on `shown` now) to `new` calls for; `events` are the
        engine's since that frame, the states the games' views of both frames."""
        if old is None:
            return
        same_game = old_state.get("game") == state.get("game") and state.get("game") is not None
        if any(e.get("event") in CARD_EVENTS for e in events):
            rect = _union(it.rect for it in renderer.layout(new) if it.kind == "cell")
            if rect is not None:
                self._start(Animation("flip", now, FLIP_S, rect))
        if new.dice and any(e.get("event") in ROLL_EVENTS for e in events):
            self._start(Animation("roll", now, ROLL_S))
        if (
            _countdown(new)
            and old.screen == new.screen
            and new.ring[0] > (old.ring[0] if old.ring else 0.0) + 0.02
        ):
            self._start(Animation("ring", now, RING_S, old.ring[0] if old.ring else 0.0))  # a new step's time
        time = time_of(state.get("phase"))
        if same_game and time and old_state.get("phase") != state.get("phase"):
            self._start(Animation("phase", now, PHASE_S, (shown.copy(), time)))

    def _start(self, animation: Animation) -> None:
        """Play `animation`, in place of one of its kind still running."""
        self.playing = [a for a in self.playing if a.kind != animation.kind] + [animation]
        self._cache.pop(animation.kind, None)

    def paint(self, surface: pygame.Surface, vm, renderer, now: float) -> None:
        """Draw the running animations at `now` over `vm`'s still frame, already on `surface`."""
        running = [a for a in self.playing if a.progress(now) < 1]
        for a in running:
            getattr(self, f"_paint_{a.kind}")(surface, vm, renderer, a, a.progress(now))
        self._overlaid = bool(running)

    # -- the four animations -------------------------------------------------------------------------
    def _paint_flip(self, surface, vm, renderer, a: Animation, p: float) -> None:
        """The card, turning over about its vertical middle."""
        rect: pygame.Rect = a.data
        if "flip" not in self._cache:  # its face: the still frame's card, as the flip found it
            self._cache["flip"] = (surface.subsurface(rect).copy(), _card_back(rect.size, renderer.m.px(12)))
        face, back = self._cache["flip"]
        shows_face, share = flip_scale(p)
        surface.fill(theme.BG, rect)
        width = max(1, round(rect.width * share))
        picture = pygame.transform.scale(face if shows_face else back, (width, rect.height))
        surface.blit(picture, (rect.centerx - width // 2, rect.y))

    def _paint_roll(self, surface, vm, renderer, a: Animation, p: float) -> None:
        """The free dice tumbling: faces change, each die turns less and less until it lies still."""
        box = next((it.rect for it in renderer.layout(vm) if it.kind == "dice"), None)
        if box is None:
            return
        pad, side = renderer.m.pad, box.height
        clip = surface.get_clip()
        surface.set_clip(box)
        for i, (value, used) in enumerate(vm.dice):
            if used:
                continue
            r = pygame.Rect(box.x + i * (side + pad), box.y, side, side)
            surface.fill(theme.BG, r.inflate(pad, 0))
            face = icons.icon(f"die{rolling_face(max(1, min(6, int(value))), i, p)}", side, theme.TEXT)
            turned = pygame.transform.rotate(face, (1 - ease_out(p)) * (200 + 70 * i))
            surface.blit(turned, turned.get_rect(center=r.center))
        surface.set_clip(clip)

    def _paint_ring(self, surface, vm, renderer, a: Animation, p: float) -> None:
        """The countdown ring filling up from where it was to the time left now."""
        box = next((it.rect for it in renderer.layout(vm) if it.kind == "ring"), None)
        if box is None or vm.ring is None:
            return
        fraction, numeral = vm.ring
        shown = a.data + (fraction - a.data) * ease_out(p)
        surface.fill(theme.BG, box)
        icons.draw_countdown(surface, box, shown, numeral, icons.countdown_colour(fraction), renderer.text)

    def _paint_phase(self, surface, vm, renderer, a: Animation, p: float) -> None:
        """The old screen fading into the city at the new time of day, the city fading into the new
        screen: one blend a frame (two full-screen blends would cost twice the frame)."""
        old, time = a.data
        if "phase" not in self._cache:
            self._cache["phase"] = _sky(surface.get_size(), time)
        sky = self._cache["phase"]
        if p < 0.5:
            surface.blit(old, (0, 0))  # the new screen comes in the second half
        sky.set_alpha(round(255 * math.sin(math.pi * p)))
        surface.blit(sky, (0, 0))


def _countdown(vm) -> bool:
    """Whether `vm`'s ring is a countdown (its seconds inside), not a square kept for a picture (the
    phones screen's QR code has a ring without a numeral)."""
    return vm.ring is not None and bool(vm.ring[1])


def _union(rects) -> pygame.Rect | None:
    """The smallest rectangle around `rects`, or None when there are none."""
    rects = list(rects)
    return rects[0].unionall(rects[1:]) if rects else None


def _card_back(size: tuple[int, int], radius: int) -> pygame.Surface:
    """The back of an event card as big as its face: a dark card, a frame and the deck's picture."""
    from companion.ui import assets

    back = pygame.Surface(size)
    back.fill(theme.BG)
    rect = back.get_rect()
    pygame.draw.rect(back, theme.BUTTON, rect, border_radius=radius)
    pygame.draw.rect(
        back, theme.FOCUS, rect.inflate(-radius, -radius), max(2, radius // 4), border_radius=radius
    )
    side = min(size) // 2
    back.blit(
        assets.icon("token.event-card", side, theme.TEXT),
        (rect.centerx - side // 2, rect.centery - side // 2),
    )
    return back


def _sky(size: tuple[int, int], time: str) -> pygame.Surface:
    """The city at `time` of day over the whole screen, opaque (a quarter-size drawing scaled up)."""
    from companion.ui import assets

    w, h = size
    small = assets.art("skyline", (max(1, w // SKY_SCALE), max(1, h // SKY_SCALE)), time)
    sky = pygame.Surface(size)
    sky.fill(_hex(assets.SKIES[time]["sky_top"]))  # above the picture: its own sky's colour
    scale = min(w / small.get_width(), h / small.get_height())
    big = pygame.transform.smoothscale(
        small, (round(small.get_width() * scale), round(small.get_height() * scale))
    )
    sky.blit(big, big.get_rect(midbottom=(w // 2, h)))
    return sky


def _hex(colour: str) -> tuple[int, int, int]:
    """ "#rrggbb" as an RGB tuple."""
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
