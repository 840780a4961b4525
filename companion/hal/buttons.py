"""Debounce and long press in our own pure code, with an injected clock.

Why not gpiozero's `bounce_time`: MockPin ignores it and lgpio and RPi.GPIO debounce differently,
so the same board would behave differently per Pi. Instead every backend only reports raw edges
(`EdgeButtons.edge`, safe to call from gpiozero's callback thread: it just enqueues), and
`EdgeButtons.poll(now)` turns them into `ButtonEvent`s on the app's thread:

* a level counts once it has held still for `debounce_ms` (contact chatter inside that window is
  swallowed); the event carries the time the level *began*, so press durations stay exact;
* DOWN when a press is accepted, LONG once when it has been held `long_press_ms`, and on release
  UP followed by SHORT unless LONG already fired.
"""

import heapq
import itertools
from collections import deque
from collections.abc import Mapping

from companion.inputs import ButtonEvent, Press, VButton
from companion.records import Named


class Edge(Named):
    """One raw level change of a button: `pressed` True = contact closed, at time `t` (seconds). Nothing
    compares edges: the queue below orders them by (t, arrival)."""

    t: float
    button: VButton
    pressed: bool
    source: str = "gpio"


class EdgeStats:
    """Per-button counters for makers: raw edges seen vs presses accepted, last press length.
    (Plain classes here: a dataclass costs the start ~0.3 ms.)"""

    def __init__(self, raw_edges: int = 0, presses: int = 0, last_duration: float | None = None) -> None:
        self.raw_edges = raw_edges
        self.presses = presses
        self.last_duration = last_duration


class _State:
    """What the debouncer knows about one button."""

    def __init__(self) -> None:
        self.stable = False  # accepted level: True = held down
        self.raw = False  # last raw level seen
        self.raw_t = 0.0  # when the raw level began
        self.source = "gpio"
        self.down_t: float | None = None  # when the accepted press began
        self.long_fired = False


class Debouncer:
    """Pure state machine: raw edges and the passing of time in, ButtonEvents out."""

    def __init__(self, debounce_ms: float, long_press_ms: float):
        self.debounce_s = debounce_ms / 1000.0
        self.long_s = long_press_ms / 1000.0
        self._states: dict[VButton, _State] = {}
        self.stats: dict[VButton, EdgeStats] = {}
        # buttons that time alone can still change (a level not yet accepted, a hold before its long
        # press): an idle loop asks `advance` ~13 times a second, and at rest this is empty
        self._waiting: set[VButton] = set()

    def feed(self, edge: Edge) -> list[ButtonEvent]:
        """Take one raw edge (in time order); return the events it settles."""
        st = self._states.setdefault(edge.button, _State())
        stats = self.stats.setdefault(edge.button, EdgeStats())
        if edge.pressed == st.raw:
            return []  # not a change: a repeated report of the same level
        stats.raw_edges += 1
        out = self._settle(edge.button, st, edge.t)
        st.raw, st.raw_t, st.source = edge.pressed, edge.t, edge.source
        if self.debounce_s <= 0:
            out += self._accept(edge.button, st)
        self._waiting.add(edge.button)
        return out

    @property
    def waiting(self) -> bool:
        """Is a level still settling or a long press still to come (`advance` has work)?"""
        return bool(self._waiting)

    def advance(self, now: float) -> list[ButtonEvent]:
        """Let time pass up to `now`: accept levels that held still, fire due long presses."""
        out: list[ButtonEvent] = []
        if not self._waiting:
            return out
        for button, st in self._states.items():  # in the order buttons were first seen, as always
            if button in self._waiting:
                out += self._settle(button, st, now)
                out += self._long(button, st, now)
                if st.raw == st.stable and (not st.stable or st.long_fired):
                    self._waiting.discard(button)  # settled, and no long press to come
        return out

    def held(self) -> set[VButton]:
        """Buttons whose accepted level is pressed."""
        return {b for b, st in self._states.items() if st.stable}

    def _settle(self, button: VButton, st: _State, now: float) -> list[ButtonEvent]:
        """Accept the pending raw level if it has been still for the debounce time by `now`."""
        if st.raw != st.stable and now - st.raw_t >= self.debounce_s:
            return self._accept(button, st)
        return []

    def _accept(self, button: VButton, st: _State) -> list[ButtonEvent]:
        """Make the raw level the accepted one and say what that means."""
        t, src = st.raw_t, st.source
        stats = self.stats.setdefault(button, EdgeStats())
        if st.raw:
            st.stable, st.down_t, st.long_fired = True, t, False
            stats.presses += 1
            return [ButtonEvent(button, Press.DOWN, t, src)]
        out = self._long(button, st, t)  # a hold that crossed the threshold before release
        st.stable = False
        out.append(ButtonEvent(button, Press.UP, t, src))
        if not st.long_fired:
            out.append(ButtonEvent(button, Press.SHORT, t, src))
        if st.down_t is not None:
            stats.last_duration = t - st.down_t
        st.down_t = None
        return out

    def _long(self, button: VButton, st: _State, now: float) -> list[ButtonEvent]:
        """LONG once, at the moment the accepted press reaches the long-press time."""
        if st.stable and not st.long_fired and st.down_t is not None and now - st.down_t >= self.long_s:
            st.long_fired = True
            return [ButtonEvent(button, Press.LONG, st.down_t + self.long_s, st.source)]
        return []


class EdgeButtons:
    """Buttons fed by raw edges from any thread; `poll(now)` debounces them on the caller's thread.

    `pins` maps each logical button to its pin name (shown to makers; `{}` for none). Edges stamped
    later than the `now` of a poll wait for a later poll, so scripted presses can be queued ahead.
    """

    def __init__(self, pins: Mapping[VButton, str], debounce_ms: float = 30, long_press_ms: float = 800):
        self._pins = dict(pins)
        self._inbox: deque[Edge] = deque()  # appends and pops of a deque are thread-safe (its docs)
        self._pending: list[tuple[float, int, Edge]] = []
        self._seq = itertools.count()  # keeps edges with the same time in arrival order
        self._debouncer = Debouncer(debounce_ms, long_press_ms)
        self._closed = False

    @property
    def status(self) -> tuple[bool, str]:
        """(ok, why) for the status screen."""
        return (not self._closed, f"{len(self._pins)} buttons" if not self._closed else "closed")

    def describe(self) -> str:
        """What reads these buttons (overridden by real backends)."""
        return "edge queue"

    def pins(self) -> dict[VButton, str]:
        """Logical button -> pin name."""
        return dict(self._pins)

    def edge(self, button: VButton, pressed: bool, t: float, source: str = "gpio") -> None:
        """Report one raw edge. Thread-safe and cheap: it only enqueues (gpiozero callbacks call it)."""
        self._inbox.append(Edge(t, VButton(button), bool(pressed), source))

    def poll(self, now: float) -> list[ButtonEvent]:
        """Every debounced event up to `now`, oldest first."""
        inbox = self._inbox
        if self._closed or not (inbox or self._pending or self._debouncer.waiting):
            return []  # (a resting table asks ~13 times a second: nothing came, nothing is due)
        while inbox:  # this thread is the only reader: what is there can be taken
            e = inbox.popleft()
            heapq.heappush(self._pending, (e.t, next(self._seq), e))
        out: list[ButtonEvent] = []
        while self._pending and self._pending[0][0] <= now:
            out += self._debouncer.feed(heapq.heappop(self._pending)[2])
        out += self._debouncer.advance(now)
        out.sort(key=lambda ev: ev.t)  # stable: DOWN/UP/SHORT of one edge keep their order
        return out

    def held(self) -> set[VButton]:
        """Buttons currently held down (debounced)."""
        return self._debouncer.held()

    def stats(self) -> dict[VButton, EdgeStats]:
        """A copy of the per-button counters (raw edges, accepted presses, last press length)."""
        return {
            b: EdgeStats(s.raw_edges, s.presses, s.last_duration) for b, s in self._debouncer.stats.items()
        }

    def close(self) -> None:
        """Stop reporting events. Idempotent."""
        self._closed = True

    def __enter__(self) -> "EdgeButtons":
        """Context manager: close on exit."""
        return self

    def __exit__(self, *exc) -> None:
        """Close on leaving the block."""
        self.close()
