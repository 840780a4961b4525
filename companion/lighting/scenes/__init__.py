"""Scenes: a module per game (in the game's package) that maps the game's view to looks, and its events
to overlays; what they share is here, with the basic scene of a game that has none.

A scene module provides two pure functions:

- `plan(view) -> Plan`: the look of every logical light for this view (lights left out go dark);
- `react(event, view, t) -> Reaction`: overlays (and a cross-fade time) for one engine event
  `{"event": kind, ...}`, starting at time t; unknown kinds give `Reaction()`.

What the scenes share lives here: `board_plan` (a look per board district plus the veil bar),
`react_with` (a table of handlers by event kind), `on_district` (one overlay on one district) and
`settle` (the `game_over` handler: the ending comes from the plan).

Each game's plugin (`companion.plugins`) gives its scene module (`scene()`), imported on first use;
`SCENES` lists them by game id. Games without a scene of their own (and no view at all: the attract
loop) use `companion.lighting.scenes.basic`.
"""

import importlib
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Protocol

from companion.lighting.color import Blend
from companion.lighting.compositor import Overlay
from companion.lighting.effects import Look
from companion.records import Named

DEFAULT_FADE = 0.8  # seconds a change of look cross-fades over (WLED's default transition is 0.7 s)

FALLBACK = "companion.lighting.scenes.basic"


class Plan(Named):
    """What every light should show now. `looks`: logical light -> Look; `fade`: seconds to
    cross-fade lights whose look changes."""

    looks: Mapping[str, Look]
    fade: float = DEFAULT_FADE


class Reaction(Named):
    """A scene's answer to one event: overlays to add, and optionally a slower (or faster)
    cross-fade for the plan changes that come with it (dusk and dawn take longer)."""

    overlays: tuple[Overlay, ...] = ()
    fade: float | None = None


class Scene(Protocol):
    """What the controller needs from a scene module."""

    def plan(self, view: Mapping[str, Any] | None) -> Plan:
        """The looks for this view."""

    def react(self, event: Mapping[str, Any], view: Mapping[str, Any] | None, t: float) -> Reaction:
        """Overlays for one event at time t."""


Handler = Callable[[Mapping[str, Any], Mapping[str, Any], float], Reaction]


def react_with(
    handlers: Mapping[str, Handler], event: Mapping[str, Any], view: Mapping[str, Any] | None, t: float
) -> Reaction:
    """A scene's `react`: the handler its table names for the event's kind (with the view, {} when
    none); unknown kinds show nothing."""
    handler = handlers.get(event.get("event"))
    return handler(event, view or {}, t) if handler else Reaction()


def on_district(pos: Any, lk: Look, t: float, duration: float, blend: Blend = Blend.REPLACE) -> Reaction:
    """`lk` over district `pos` ("A1".."C3") from t for `duration` seconds; no overlay when there is
    no such place (the event named none, or the board has none)."""
    if not isinstance(pos, str) or not pos:
        return Reaction()
    return Reaction((Overlay(f"district.{pos}", lk, t, duration, blend),))


def settle(fade: float) -> Handler:
    """A handler for an event that only brings the plan's new look in, within `fade` seconds
    (every scene's `game_over`: the ending's look comes from the plan)."""

    def handler(event: Mapping[str, Any], view: Mapping[str, Any], t: float) -> Reaction:
        """No overlay; the plan's change cross-fades in `fade` seconds."""
        return Reaction(fade=fade)

    return handler


def scene_for(view: Mapping[str, Any] | None) -> Scene:
    """The scene module for a view's game (the basic scene when there is no view or no scene)."""
    from companion.plugins import get

    game = get(view.get("game")) if isinstance(view, Mapping) else None
    own = game.scene() if game is not None else None
    return own if own is not None else importlib.import_module(FALLBACK)  # basic imports this module


def __getattr__(name: str):
    """`SCENES`: game id -> its scene module, for the games that have one (asked of the plugins)."""
    if name == "SCENES":
        from companion.plugins import games

        return MappingProxyType({gid: g.scene() for gid, g in games().items() if g.scene() is not None})
    raise AttributeError(name)


def district_lights() -> tuple[str, ...]:
    """The nine district lights, A1..C3 (A = top row, 1 = left column)."""
    return tuple(f"district.{r}{c}" for r in "ABC" for c in "123")


def veil_lights() -> tuple[str, ...]:
    """veil.0 .. veil.6, bottom of the bar first."""
    return tuple(f"veil.{i}" for i in range(7))


def level(value: Any) -> float:
    """An intensity 0..1 from a view (odd values count as full), rounded so looks repeat."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 1.0
    return round(max(0.0, min(1.0, float(value))), 3)


def count(value: Any, default: int = 0) -> int:
    """A count from a view, tolerating a missing or odd value."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    return int(value)


def view_board(view: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """The view's `board` (the four newer games describe their 3x3 board there); {} when missing."""
    board = view.get("board") if isinstance(view, Mapping) else None
    return board if isinstance(board, Mapping) else {}


def board_of(view: Mapping[str, Any] | None) -> dict[str, Mapping[str, Any]]:
    """The `board` districts of a view: position "A1".."C3" -> its facts (`represents`, `mood`,
    `intensity`, ...); {} when missing."""
    districts = view_board(view).get("districts")
    if not isinstance(districts, Mapping):
        return {}
    return {pos: d for pos, d in districts.items() if isinstance(pos, str) and isinstance(d, Mapping)}


def board_plan(
    view: Mapping[str, Any] | None,
    default_phase: str,
    district: Callable[[Mapping[str, Any], str, Mapping[str, Any]], Look],
    bar: Callable[[Mapping[str, Any], Mapping[str, Any]], Mapping[str, Look]],
) -> Plan:
    """The plan of a scene drawn from the view's `board` (the four newer games): each district's look
    from `district(facts, phase, view)`, the veil bar's from `bar(board, view)`. The phase is the
    board's, else the view's, else `default_phase`."""
    view = view or {}
    board = view_board(view)
    phase = str(board.get("phase") or view.get("phase") or default_phase)
    looks = {f"district.{pos}": district(d, phase, view) for pos, d in board_of(view).items()}
    looks.update(bar(board, view))
    return Plan(looks)


def bar_of(board: Mapping[str, Any], default_max: int) -> tuple[int, int]:
    """The board's veil bar as (value, max): the value 0 when missing, the max `default_max` when
    missing or not positive."""
    most = count(board.get("bar_max"), default_max)
    return count(board.get("bar"), 0), most if most > 0 else default_max


def find_district(view: Mapping[str, Any] | None, **facts: Any) -> str | None:
    """The first board position whose district has all these facts (e.g. `name="Ann"`), or None."""
    for pos, d in board_of(view).items():
        if all(d.get(k) == v for k, v in facts.items()):
            return pos
    return None


__all__ = [
    "DEFAULT_FADE",
    "SCENES",
    "Plan",
    "Reaction",
    "Scene",
    "Handler",
    "react_with",
    "on_district",
    "settle",
    "scene_for",
    "district_lights",
    "veil_lights",
    "view_board",
    "board_of",
    "board_plan",
    "bar_of",
    "find_district",
]
