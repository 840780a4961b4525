"""The games this companion serves: installed plugins, found through their entry points.

Every game is one package whose class subclasses `companion.games.GamePlugin` and is named
in the `nightwatch.games` entry-point group of its distribution (the entry point's name is the
game's id, its value the class):

    [project.entry-points."nightwatch.games"]
    tiles = "tiles_game:Tiles"        # a game of its own: `pip install ./tiles-game`

(the five shipped games are declared the same way in pyproject.toml).

`games()` reads the group (`entrypoints.read()`: no importlib.metadata on the way to READY),
imports each game's light package and keeps one instance of each sound class, in their `order`. A
game that does not import, names no GamePlugin class, clashes with another's id or is not sound is
skipped, and `problems()` says which and why (`companion games` and `companion doctor`
report it); the table starts with the rest. Everything else about a game is asked of its object
(companion/games/__init__.py); its methods import the game's modules when first called.

This module is the bottom layer: it imports no GamePlugin (it knows the class by name,
companion/games/__init__.py) and nothing of a game but its package.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from companion.errors import N_, Text
from companion.records import Named

ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")  # a game id: lower-case words joined by hyphens
BASE = ("companion.games", "GamePlugin")  # the base class every game's class derives from


class MenuEntry(Named):
    """A button a game adds to the table's menu: `id` (the intent `edit_<id>` it sends, answered by
    the game's `intents`), its label (English, N_() marked) and whether it needs a game of this kind
    running (`playing`; else it is offered in any game, like teaching a part of the box)."""

    id: str
    label: str
    playing: bool = False
    why_not: str = ""  # shown on the greyed button when `playing` and another game runs


class Problem(Named):
    """A game left out: its entry point (`name` = `value`), the distribution that declared it, and
    why (`why`: a Text, said in the table's language by `companion.narration.words.refusal_text`)."""

    name: str
    value: str
    dist: str
    why: Text


_cache: tuple[list[str], Mapping[str, Any], tuple[Problem, ...]] | None = None
_reads: dict[str, tuple[list[str], tuple]] = {}  # "read" | "home" -> (sys.path, its entry points)


def entry_points() -> tuple:
    """The `nightwatch.games` entry points on sys.path (read again when it changed)."""
    return _entry_points("read")


def _home() -> tuple:
    """Our own distribution's entry points (which `entry_points()` lists first), read once per path."""
    return _entry_points("home")


def _entry_points(how: str) -> tuple:
    """`entrypoints.read()` or `entrypoints.home()` for the current sys.path, read once per path."""
    kept = _reads.get(how)
    if kept is None or kept[0] != sys.path:
        from companion.plugins import entrypoints

        kept = _reads[how] = (list(sys.path), getattr(entrypoints, how)())
    return kept[1]


def game_ids() -> tuple[str, ...]:
    """The ids of the installed games, without importing them (the entry points' names, each once;
    the config checks its default game against them at start-up)."""
    return tuple(dict.fromkeys(ep.name for ep in entry_points()))


def games() -> Mapping[str, Any]:
    """Game id -> its GamePlugin, in the games' `order` (then id): every game whose entry point
    names a sound GamePlugin class. Looked for again whenever sys.path changes."""
    return _found()[1]


def get(game_id: Any) -> Any:
    """The GamePlugin of `game_id`, or None for an unknown id (or no id).

    Only that game's package is imported (the journal's game, on the way to READY after a power
    cut): the first sound entry point of that name, which is the one `games()` keeps for it."""
    if not isinstance(game_id, str):
        return None
    if _cache is not None and _cache[0] == sys.path:
        return _cache[1].get(game_id)
    for found in (_home, entry_points):  # a shipped game is found in our own distribution's file alone
        for ep in found():
            if ep.name == game_id:
                try:
                    game = _plugin(ep)
                except _Broken:
                    continue
                if _unsound(game, ep.name) is None:
                    return game
    return None


def info(game_id: str) -> Any:
    """The GamePlugin of `game_id` (KeyError for an unknown id)."""
    game = get(game_id)
    if game is None:
        raise KeyError(game_id)
    return game


def problems() -> tuple[Problem, ...]:
    """The games found but left out, each with why (in the order their entry points were read)."""
    return _found()[2]


def _found() -> tuple[list[str], Mapping[str, Any], tuple[Problem, ...]]:
    """The cached discovery for the current sys.path (discovered again when it changed)."""
    global _cache
    if _cache is None or _cache[0] != sys.path:
        _cache = (list(sys.path), *_discover())
    return _cache


def _discover() -> tuple[Mapping[str, Any], tuple[Problem, ...]]:
    """Import every entry point's class; one instance of each sound one by id, and the problems."""
    found: dict[str, Any] = {}
    owners: dict[str, str] = {}
    left_out: list[Problem] = []
    for ep in entry_points():
        try:
            game = _plugin(ep)
            why = _unsound(game, ep.name) or (
                Text(N_("the game id {id} is taken by {other}"), id=game.id, other=owners[game.id])
                if game.id in found
                else None
            )
        except _Broken as exc:
            why = exc.why
        if why is not None:
            left_out.append(Problem(ep.name, ep.value, ep.dist, why))
            continue
        found[game.id] = game
        owners[game.id] = ep.dist
    ordered = MappingProxyType(dict(sorted(found.items(), key=lambda kv: (kv[1].order, kv[0]))))
    return ordered, tuple(left_out)


class _Broken(Exception):
    """A game that could not be had (why: a Text)."""

    def __init__(self, why: Text):
        super().__init__(str(why))
        self.why = why


def is_plugin_class(obj: Any) -> bool:
    """Whether `obj` is a subclass of GamePlugin (told by name: this layer does not import it)."""
    return isinstance(obj, type) and any((c.__module__, c.__name__) == BASE for c in obj.__mro__)


_made: dict[
    tuple, Any
] = {}  # (entry point, its module) -> its game (one instance, whether `get` or `games()` made it)


def _plugin(ep) -> Any:
    """The instance of the GamePlugin class an entry point names (made once); _Broken when its
    module does not import or it names none."""
    key = (ep, sys.modules.get(ep.module))  # a module imported again (a test's) makes a new one
    if key[1] is None or key not in _made:
        game = _make(ep)
        _made[ep, sys.modules.get(ep.module)] = game
        return game
    return _made[key]


def _make(ep) -> Any:
    """A new instance of the GamePlugin class an entry point names; _Broken as `_plugin`."""
    try:
        module = importlib.import_module(ep.module)
    except ModuleNotFoundError as exc:
        raise _Broken(Text(N_("module {module} is not installed"), module=exc.name or ep.module)) from None
    except SyntaxError as exc:
        raise _Broken(
            Text(
                N_("{file} line {line} is not Python"), file=exc.filename or ep.module, line=exc.lineno or "?"
            )
        ) from None
    except Exception as exc:  # noqa: BLE001 - a plugin's import may fail any way; the table starts anyway
        raise _Broken(
            Text(N_("importing {module} failed: {why}"), module=ep.module, why=str(exc) or "-")
        ) from None
    cls = getattr(module, ep.attr, None) if ep.attr else None
    if not is_plugin_class(cls):
        raise _Broken(Text(N_("{value} is no GamePlugin class"), value=ep.value))
    try:
        return cls()
    except Exception as exc:  # noqa: BLE001 - a plugin's constructor may fail any way
        raise _Broken(
            Text(N_("importing {module} failed: {why}"), module=ep.module, why=str(exc) or "-")
        ) from None


def _unsound(game: Any, name: str) -> Text | None:
    """Why a game's class cannot be used as it is (None: it can)."""
    if game.id != name:
        return Text(N_("its class says id {id}, its entry point {name}"), id=game.id, name=name)
    if not ID.match(game.id):
        return Text(N_("the game id {id} is not lower-case words joined by hyphens"), id=game.id)
    if not isinstance(game.title, str) or not game.title.strip():
        return Text(N_("the game {id} has no title"), id=game.id)
    if isinstance(game.order, bool) or not isinstance(game.order, int):
        return Text(N_("the game {id} has no order number"), id=game.id)
    if type(game).engine_class.__qualname__ == "GamePlugin.engine_class":
        return Text(N_("the game {id} names no engine (engine_class)"), id=game.id)
    return None


ENGINE_API = (
    "setup",
    "apply",
    "legal_actions",
    "players",
    "current_player",
    "phase",
    "step",
    "outcome",
    "view",
)


def verify(game: Any) -> Text | None:
    """Why a found game cannot be played (None: it can): its engine and bot are imported and looked
    at (the game API's methods, the engine's id). For `companion games` and `companion doctor`, which
    may load every engine; the table does not (it refuses such a game in words when it is chosen)."""
    try:
        engine = game.engine_class()
        bot = game.bot()
    except Exception as exc:  # noqa: BLE001 - a plugin's module may fail any way
        return Text(N_("it does not load: {why}"), why=str(exc) or "-")
    missing = [name for name in ENGINE_API if not callable(getattr(engine, name, None))]
    if missing:
        return Text(N_("its engine lacks {names} of the game API"), names=", ".join(missing))
    if getattr(engine, "id", None) != game.id:
        return Text(
            N_("its engine says id {engine_id}, not {id}"), engine_id=getattr(engine, "id", None), id=game.id
        )
    if not callable(getattr(bot, "choose", None)):
        return Text(N_("its bot has no choose(game, state, rng)"))
    return None


def unplayable() -> tuple[Problem, ...]:
    """The games found whose engine or bot does not pass `verify` (each with why)."""
    found = {ep.name: ep for ep in entry_points()}
    out = []
    for gid, game in games().items():
        why = verify(game)
        if why is not None:
            ep = found.get(gid)
            out.append(Problem(gid, ep.value if ep else game.package, ep.dist if ep else "?", why))
    return tuple(out)


def teacher(kind: str) -> Any:
    """The GamePlugin of the game that says the table can teach `kind` ("card", "tracker",
    "districts", "box"), or None."""
    return next((g for g in games().values() if kind in g.teaching), None)


def card_module() -> Any:
    """The `cards` module of the game whose cards the reader reads and the table teaches (its plugin's
    `cards()`), or None; imported at the first call, not on the start-up path."""
    game = teacher("card")
    return game.cards() if game is not None else None


def bot(game_id: str) -> Any:
    """The bot of a game (its plugin's `bot()`: an object with `choose(game, state, rng)`)."""
    return info(game_id).bot()
