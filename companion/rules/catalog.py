"""The games this companion serves, found by looking, not listed by hand.

Every subpackage of `companion.rules` is a game, and defines `GAME = GameInfo(...)` in its
`__init__.py`; its id is the package's name with hyphens for underscores (`one_night` is "one-night"),
so the ids are known without importing anything (`game_ids`, which the config uses at start-up). The descriptor says everything the rest of the companion needs to know about it: its engine,
its bot, its light scene, its screens, what the new-game wizard asks, its story chart and its data
file. Every registry (the games list, the lighting, the table's screens, the bots, the wizard, the
story) reads from here, so a sixth game is one new package plus its data, and no shared file changes.

Descriptors name code as dotted paths ("package.module" or "package.module:attribute") that are
imported on first use (`resolve`): importing the rules never imports pygame or the lighting, and
starting the companion does not load every game's engine or screens.
"""

import functools
import importlib
import os
from types import MappingProxyType
from typing import Any, Mapping

from companion.records import Named


class GameInfo(Named):
    """One game, as the rest of the companion sees it. Only `id`, `title` and `order` are required.

    - `engine`: "module:Class" of the game's `Engine`, built over the parsed data (`make_game`);
    - `parse`: "module:function" (TomlDoc) -> the parsed data, pure: how the generic loader reads `data`;
    - `load`: "module:function" (source) -> the parsed data, at the I/O edge, for a game whose data
      is more than the one file `parse` reads (Masters: several files and what the table taught);
      without it `companion.gamedata.loader.load_data` reads `data` (see `make_game`);
    - `bot`: the module with `choose(game, state, rng)` (default: `<package>.bot`);
    - `scene`: the lighting scene module (default: the basic scene);
    - `screens`: base-screen name -> "module:Class"; with no screens the table shows its generic
      game screen. `route` ("module:function", state -> screen name) picks one; without it the
      first screen is for play and a screen named "<id>-over" (if any) for the end;
    - `wizard`: "module:Class" of a new-game wizard of its own (default: the generic one, which asks
      `setup_fields`: "module:function" (lo, hi, default_players) -> more SetupFields after the
      players, and shows `setup_note`: "module:function" (values) -> lines);
    - `start`: "module:function" (ctx, wizard) -> bool, run by the generic wizard's last button
      (True: it took over, e.g. One Night's role page), labelled `start_label`;
    - `story`: "module:function" (states) -> chart panels for the story of a game;
    - `narration`: "module:TABLE", event kind -> function (event) -> log line, looked up before the
      shared lines of `companion.narration.narrate`;
    - `data`: the shipped data file, relative to `companion/data` (or an absolute path), read by
      `companion.gamedata.loader.data_file`;
    - `teaching`: what the table can teach of this game's box ("card", "tracker", "districts",
      "box"); the teaching controller and the menu ask `teacher(kind)` which game that is.
    """

    id: str
    title: str
    order: int
    blurb: str = ""  # what the game is, in a line: English, marked N_() for the catalog, shown translated
    engine: str = ""
    parse: str | None = None
    load: str | None = None
    bot: str = ""
    scene: str | None = None
    screens: Mapping[str, str] = MappingProxyType({})
    route: str | None = None
    wizard: str | None = None
    setup_fields: str | None = None
    setup_note: str | None = None
    start: str | None = None
    start_label: str = "Start"
    story: str | None = None
    narration: str | None = None
    data: str | None = None
    teaching: tuple[str, ...] = ()
    package: str = ""  # filled in by discovery: the package that declared the game

    def screen_for(self, state: Mapping[str, Any]) -> str | None:
        """The base screen this game's state calls for (None: the table's generic screen)."""
        if self.route:
            return resolve(self.route)(state)
        if not self.screens:
            return None
        names = list(self.screens)
        over = state.get("outcome") is not None or state.get("phase") == "over"
        end = f"{self.id}-over"
        return end if over and end in self.screens else names[0]


@functools.lru_cache(maxsize=256)
def resolve(path: str) -> Any:
    """The object a dotted path names: "pkg.module" (the module) or "pkg.module:attr" (imported
    once; the table asks every frame)."""
    module, _, attr = path.partition(":")
    obj = importlib.import_module(module)
    return getattr(obj, attr) if attr else obj


# the generic loader: (game id, source) -> its `data` file (or a path, dict, TomlDoc) read and `parse`d
LOAD_DATA = "companion.gamedata.loader:load_data"
_cache: tuple[list, Mapping[str, GameInfo]] | None = None


def game_ids() -> tuple[str, ...]:
    """The ids of the games found, without importing them (in package-name order, not `order`)."""
    import companion.rules as rules

    return tuple(name.replace("_", "-") for name in _packages(rules.__path__))


def _packages(search_path) -> tuple[str, ...]:
    """The packages (folders with an `__init__.py`) on the rules' search path, sorted, each name once:
    the one look at the disk in rules/, at its own folders. (pkgutil.iter_modules finds the same, but
    it and its import cost every start about 0.6 ms.)"""
    names: set[str] = set()
    for folder in search_path:
        try:
            with os.scandir(folder) as entries:
                names.update(e.name for e in entries if e.name.isidentifier() and e.is_dir()
                             and os.path.isfile(os.path.join(e.path, "__init__.py")))
        except OSError:  # a folder on the path that is gone finds nothing, as for imports
            continue
    return tuple(sorted(names))


def games() -> Mapping[str, GameInfo]:
    """Game id -> descriptor, in the games' `order` (then id). Found by importing each subpackage of
    `companion.rules` (their `__init__` modules are light) and looked for again whenever the
    package's search path changes."""
    global _cache
    import companion.rules as rules

    if _cache is not None and _cache[0] == rules.__path__:
        return _cache[1]
    key = list(rules.__path__)
    found: dict[str, GameInfo] = {}
    for name in _packages(key):
        package = f"{rules.__name__}.{name}"
        info = getattr(importlib.import_module(package), "GAME", None)
        want = name.replace("_", "-")
        if not isinstance(info, GameInfo) or info.id != want:
            raise RuntimeError(f"{package} must declare GAME = GameInfo(id={want!r}, ...) (every package there is a game)")
        found[info.id] = _completed(info, package)
    ordered = MappingProxyType(dict(sorted(found.items(), key=lambda kv: (kv[1].order, kv[0]))))
    _cache = (key, ordered)
    return ordered


def _completed(info: GameInfo, package: str) -> GameInfo:
    """The descriptor with its defaults that depend on the package filled in."""
    return info._replace(package=package, bot=info.bot or package + ".bot")


def info(game_id: str) -> GameInfo:
    """The descriptor of `game_id` (KeyError for an unknown id)."""
    return games()[game_id]


def teacher(kind: str) -> str | None:
    """The id of the game whose descriptor says the table can teach `kind` ("card", "tracker",
    "districts", "box"), or None."""
    return next((gid for gid, g in games().items() if kind in g.teaching), None)


def bot(game_id: str):
    """The bot of a game: a module with `choose(game, state, rng)`."""
    return resolve(info(game_id).bot)


def make_game(game: GameInfo, data: Any = None):
    """The engine of `game` over `data`: parsed data (the engine's `DATA`) as it is; anything else
    (None: the shipped data, plus what the table taught) read by the game's `load`, the one door to
    I/O. The engine and its data modules load here, when a game is made, not when it is found."""
    engine = resolve(game.engine)
    if not isinstance(data, engine.DATA):
        data = resolve(game.load)(data) if game.load else resolve(LOAD_DATA)(game.id, data)
    return engine(data)
