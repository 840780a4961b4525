"""The games this companion serves: installed plugins, found through their entry points.

Every game is one package with a descriptor, `GAME = GameInfo(...)`, in its light `__init__.py`, and
registers it in the `nightwatch.games` entry-point group of its distribution (the entry point's name
is the game's id):

    [project.entry-points."nightwatch.games"]
    masters = "companion.games.masters:GAME"        # the five shipped games, in pyproject.toml
    tiles = "tiles_game:GAME"                   # a game of its own: `pip install ./tiles-game`

`games()` reads the group (`companion.games.entrypoints`: no importlib.metadata on the way to READY),
imports each game's descriptor module and keeps the games whose descriptor is sound, in their
`order`. A game that does not import, names no `GameInfo`, clashes with another's id or gives a
descriptor that is not one is skipped, and `problems()` says which and why (`companion games` and
`companion doctor` report it); the table starts with the rest.

The descriptor says everything the rest of the companion needs to know about a game: its engine, its
bot, its light scene, its screens, what the new-game wizard asks, its words, its narration, its story
chart, its sample screens, its data. It names code as dotted paths ("package.module" or
"package.module:attribute") imported on first use (`resolve`): finding the games never imports
pygame, an engine or a light, so starting the companion does not load every game.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import re
import sys
from types import MappingProxyType
from typing import Any, Mapping

from companion.errors import N_, CommandError, Text
from companion.records import Named

ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")  # a game id: lower-case words joined by hyphens


class MenuEntry(Named):
    """A button a game adds to the table's menu: `id` (the intent `edit_<id>` it sends, answered by
    the game's `intents`), its label (English, N_() marked) and whether it needs a game of this kind
    running (`playing`; else it is offered in any game, like teaching a part of the box)."""

    id: str
    label: str
    playing: bool = False
    why_not: str = ""  # shown on the greyed button when `playing` and another game runs


class GameInfo(Named):
    """One game, as the rest of the companion sees it. Only `id`, `title`, `order` and `engine` are
    required; every path is a dotted path ("module" or "module:attribute") imported on first use.

    The engine and its data:
    - `engine`: "module:Class" of the game's `companion.rules.base.Engine`, built over its data;
    - `data`: the shipped data file, relative to the game's package folder ("data/rules.toml"), or
      an absolute path; `parse`: "module:function" (TomlDoc) -> the engine's data, pure;
    - `load`: "module:function" (source=None, problems=None, strict=False) -> the engine's data, at
      the I/O edge, for a game whose data is more than the one file `parse` reads (shipped files
      overlaid with what the table taught); without it `companion.gamedata.loader.load_data` reads
      `data` and `parse`s it (see `make_game`);
    - `bot`: the module with `choose(game, state, rng)` (default: `<package>.bot`);
    - `taught`: "module:function" (problems: list, everything: bool) -> None: what of the taught data
      the table skips now (`companion config --check`, the table's banner); `check`: "module:function"
      () -> a line saying the data loads, raising DataFileError (`companion doctor`).

    At the table:
    - `scene`: the lighting scene module (default: the basic scene);
    - `screens`: base-screen name -> "module:Class"; with no screens the table shows its generic game
      screen. `route` ("module:function", state -> screen name) picks one; without it the first
      screen is for play and a screen named "<id>-over" (if any) for the end;
    - `board`: "module:Class" of the screen the menu's Board opens (default: the generic board);
    - `wizard`: "module:Class" of a new-game wizard of its own (default: the generic one, which asks
      `setup_fields`: "module:function" (lo, hi, default_players) -> more SetupFields after the
      players, and shows `setup_note`: "module:function" (values) -> lines);
    - `start`: "module:function" (ctx, wizard) -> bool, run by the generic wizard's last button
      (True: it took over, e.g. One Night's role page), labelled `start_label`;
    - `menu`: MenuEntry buttons the game adds to the menu; `progress`: "module:function" () -> a line
      the menu shows (how much of your box the table has taught); `intents`: intent ->
      "module:function" (teaching, result) answering what its screens and menu entries ask of the loop;
    - `teaching`: what the table can teach of this game's box ("card", "tracker", "districts",
      "box"); `tools`: kind -> "module:Class" of the screen the loop opens to teach it;
    - `cards`: the module that turns a card tag into a command (`lookup_tag`, `register_tag`,
      `catalogue`, `command`), for the game whose cards the reader reads; with "card" in `teaching`
      also `grids()` (every card slot with its grid, shipped or taught) and `export_text()` (what
      the table taught, as one file), for the host's phone;
    - `phone`: "module:function" (state) -> the phone view's 3x3 board cells, for a game whose state
      has no `board` picture (companion/web/phoneview.py reads `board` otherwise);
    - `speech`: "module:function" (event) -> words said aloud for an accepted command's event ("":
      nothing); `prompts`: "module:function" (step id, text) -> the step timer's words for a timed
      step; `ambience`: "module:function" (state) -> whether the night's masking noise plays.

    Words and stories:
    - `blurb`: what the game is, in a line (English, N_() marked, shown translated);
    - `words`: the module of the game's own words: `STEPS`, `PHASES`, `NEEDS`, `BOARD` (id -> N_()
      text), `OUTCOMES`, `RULES` (id -> NP_() text: with a context), `step_text(step)` and
      `summary(state)` (lines `companion play` prints under a final state), each optional; its
      translations are the game's own catalog (`domain`, in the package's `locale/` folder);
    - `narration`: "module:TABLE", event kind -> function (event) -> log line;
    - `story`: "module:function" (states) -> chart panels for the story of a game;
    - `moments`: "module:function" (steps: `companion.ui.story.Step`s, the state and the events of
      every command) -> `Moment`s, the key moments of a game (its end card tells the three
      weightiest; without it, lines of its narration); `art`: "module:function" (state) ->
      (illustration, time of day) of `companion.ui.assets` for its end card (without it: a plain
      backdrop); its words module's `outcome_sentence(state)` says the ending in one sentence;
    - `samples`: "module:function" () -> screen name -> recipe (ui): the sample screens
      `companion screenshots` draws (default: the generic screen after a default setup);
    - `commands`: CLI subcommand -> ("module:function", N_() help line) the game adds to `companion`.
    """

    id: str
    title: str
    order: int
    engine: str = ""
    blurb: str = ""
    parse: str | None = None
    load: str | None = None
    bot: str = ""
    taught: str | None = None
    check: str | None = None
    scene: str | None = None
    screens: Mapping[str, str] = MappingProxyType({})
    route: str | None = None
    board: str | None = None
    wizard: str | None = None
    setup_fields: str | None = None
    setup_note: str | None = None
    start: str | None = None
    start_label: str = "Start"
    menu: tuple[MenuEntry, ...] = ()
    progress: str | None = None
    intents: Mapping[str, str] = MappingProxyType({})
    teaching: tuple[str, ...] = ()
    tools: Mapping[str, str] = MappingProxyType({})
    cards: str | None = None
    phone: str | None = None
    speech: str | None = None
    prompts: str | None = None
    ambience: str | None = None
    words: str | None = None
    narration: str | None = None
    story: str | None = None
    moments: str | None = None
    art: str | None = None
    samples: str | None = None
    commands: Mapping[str, tuple[str, str]] = MappingProxyType({})
    data: str | None = None
    package: str = ""  # filled in by discovery: the package that declared the game

    @property
    def domain(self) -> str:
        """The gettext domain of the game's own catalog ("nightwatch-one-night")."""
        return f"nightwatch-{self.id}"

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


class Problem(Named):
    """A game left out: its entry point (`name` = `value`), the distribution that declared it, and
    why (`why`: a Text, said in the table's language by `companion.narration.words.refusal_text`)."""

    name: str
    value: str
    dist: str
    why: Text


@functools.lru_cache(maxsize=256)
def resolve(path: str) -> Any:
    """The object a dotted path names: "pkg.module" (the module) or "pkg.module:attr" (imported
    once; the table asks every frame)."""
    module, _, attr = path.partition(":")
    obj = importlib.import_module(module)
    return getattr(obj, attr) if attr else obj


# the generic loader: (game id, source) -> its `data` file (or a path, dict, TomlDoc) read and `parse`d
LOAD_DATA = "companion.gamedata.loader:load_data"
_cache: tuple[list[str], Mapping[str, GameInfo], tuple[Problem, ...]] | None = None


_read: tuple[list[str], tuple] | None = None  # (sys.path, its entry points): read once per path


def entry_points() -> tuple:
    """The `nightwatch.games` entry points on sys.path (read again when it changed)."""
    global _read
    if _read is None or _read[0] != sys.path:
        from companion.games import entrypoints

        _read = (list(sys.path), entrypoints.read())
    return _read[1]


def game_ids() -> tuple[str, ...]:
    """The ids of the installed games, without importing them (the entry points' names, each once;
    the config checks its default game against them at start-up)."""
    return tuple(dict.fromkeys(ep.name for ep in entry_points()))


def games() -> Mapping[str, GameInfo]:
    """Game id -> descriptor, in the games' `order` (then id): every game whose entry point gives a
    sound descriptor. Looked for again whenever sys.path changes."""
    return _found()[1]


def problems() -> tuple[Problem, ...]:
    """The games found but left out, each with why (in the order their entry points were read)."""
    return _found()[2]


def _found() -> tuple[list[str], Mapping[str, GameInfo], tuple[Problem, ...]]:
    """The cached discovery for the current sys.path (discovered again when it changed)."""
    global _cache
    if _cache is None or _cache[0] != sys.path:
        _cache = (list(sys.path), *_discover())
    return _cache


def _discover() -> tuple[Mapping[str, GameInfo], tuple[Problem, ...]]:
    """Import every entry point's descriptor; the sound ones by id, and the problems."""
    found: dict[str, GameInfo] = {}
    owners: dict[str, str] = {}
    left_out: list[Problem] = []
    for ep in entry_points():
        try:
            info = _descriptor(ep)
            why = _unsound(info, ep.name) or (Text(N_("the game id {id} is taken by {other}"), id=info.id, other=owners[info.id])
                                              if info.id in found else None)
        except _Broken as exc:
            why = exc.why
        if why is not None:
            left_out.append(Problem(ep.name, ep.value, ep.dist, why))
            continue
        found[info.id] = _completed(info, ep.module)
        owners[info.id] = ep.dist
    ordered = MappingProxyType(dict(sorted(found.items(), key=lambda kv: (kv[1].order, kv[0]))))
    return ordered, tuple(left_out)


class _Broken(Exception):
    """A descriptor that could not be had (why: a Text)."""

    def __init__(self, why: Text):
        super().__init__(str(why))
        self.why = why


def _descriptor(ep) -> GameInfo:
    """The GameInfo an entry point names; _Broken when its module does not import or it is none."""
    try:
        module = importlib.import_module(ep.module)
    except ModuleNotFoundError as exc:
        raise _Broken(Text(N_("module {module} is not installed"), module=exc.name or ep.module)) from None
    except SyntaxError as exc:
        raise _Broken(Text(N_("{file} line {line} is not Python"), file=exc.filename or ep.module, line=exc.lineno or "?")) from None
    except Exception as exc:  # noqa: BLE001 - a plugin's import may fail any way; the table starts anyway
        raise _Broken(Text(N_("importing {module} failed: {why}"), module=ep.module, why=str(exc) or "-")) from None
    info = getattr(module, ep.attr or "GAME", None)
    if not isinstance(info, GameInfo):
        raise _Broken(Text(N_("{value} is no GameInfo"), value=ep.value))
    return info


def _unsound(info: GameInfo, name: str) -> Text | None:
    """Why a descriptor cannot be used as it is (None: it can)."""
    if info.id != name:
        return Text(N_("its descriptor says id {id}, its entry point {name}"), id=info.id, name=name)
    if not ID.match(info.id):
        return Text(N_("the game id {id} is not lower-case words joined by hyphens"), id=info.id)
    if not isinstance(info.title, str) or not info.title.strip():
        return Text(N_("the game {id} has no title"), id=info.id)
    if isinstance(info.order, bool) or not isinstance(info.order, int):
        return Text(N_("the game {id} has no order number"), id=info.id)
    if not isinstance(info.engine, str) or ":" not in info.engine:
        return Text(N_("the game {id} names no engine (\"module:Class\")"), id=info.id)
    return None


def _completed(info: GameInfo, package: str) -> GameInfo:
    """The descriptor with its defaults that depend on the package filled in."""
    return info._replace(package=package, bot=info.bot or package + ".bot")


ENGINE_API = ("setup", "apply", "legal_actions", "players", "current_player", "phase", "step", "outcome", "view")


def verify(game: GameInfo) -> Text | None:
    """Why a found game cannot be played (None: it can): its engine and bot are imported and looked
    at (the game API's methods, the engine's id). For `companion games` and `companion doctor`, which
    may load every engine; the table does not (it refuses such a game in words when it is chosen)."""
    try:
        engine = resolve(game.engine)
        bot = resolve(game.bot)
    except Exception as exc:  # noqa: BLE001 - a plugin's module may fail any way
        return Text(N_("it does not load: {why}"), why=str(exc) or "-")
    missing = [name for name in ENGINE_API if not callable(getattr(engine, name, None))]
    if missing:
        return Text(N_("its engine lacks {names} of the game API"), names=", ".join(missing))
    if getattr(engine, "id", None) != game.id:
        return Text(N_("its engine says id {engine_id}, not {id}"), engine_id=getattr(engine, "id", None), id=game.id)
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


def info(game_id: str) -> GameInfo:
    """The descriptor of `game_id` (KeyError for an unknown id)."""
    return games()[game_id]


def teacher(kind: str) -> str | None:
    """The id of the game whose descriptor says the table can teach `kind` ("card", "tracker",
    "districts", "box"), or None."""
    return next((gid for gid, g in games().items() if kind in g.teaching), None)


def hook(game_id: Any, field: str) -> Any:
    """What the descriptor field `field` of game `game_id` names (imported on first use), or None
    when the game is unknown or names nothing there (the caller's default applies)."""
    game = games().get(game_id) if isinstance(game_id, str) else None
    path = getattr(game, field, None) if game is not None else None
    return resolve(path) if path else None


def renames(game_id: Any) -> bool:
    """Whether the game's engine takes `rename` (companion/rules/seats.py): its players are named by
    the table, so the menu and the host's phone offer to rename them."""
    found = games().get(game_id) if isinstance(game_id, str) else None
    if found is None or not found.engine:
        return False
    return any(getattr(c, "verb", "") == "rename" for c in getattr(resolve(found.engine), "COMMANDS", ()))


def spoken(game_id: Any, events) -> list[str]:
    """What the game says aloud for these accepted events (its `speech`; none without one)."""
    speech = hook(game_id, "speech")
    return [text for text in map(speech, events) if text] if speech is not None else []


def ambience(state: Mapping[str, Any]) -> bool:
    """Whether the game of this state wants the night's masking noise now (its `ambience`)."""
    wants = hook(state.get("game"), "ambience")
    return bool(wants is not None and wants(state))


def bot(game_id: str):
    """The bot of a game: a module with `choose(game, state, rng)`."""
    return resolve(info(game_id).bot)


def _folder(package: str) -> str | None:
    """The folder of `package`, found without running its code (its parents are imported); looked
    up each time (not cached: a plugin of the same name may be found elsewhere once sys.path changes)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    places = list(spec.submodule_search_locations or ()) if spec is not None else []
    return places[0] if places else None


def package_dir(game: GameInfo) -> str | None:
    """The folder of the game's package (its data and locale folders are in it), or None."""
    return _folder(game.package)


def data_path(game: GameInfo) -> str | None:
    """The game's shipped data file (`data`) as a path: relative to its package folder."""
    if game.data is None:
        return None
    if os.path.isabs(game.data):
        return game.data
    folder = package_dir(game)
    return os.path.join(folder, game.data) if folder else None


def make_game(game: GameInfo, data: Any = None):
    """The engine of `game` over `data`: parsed data (the engine's `DATA`) as it is; anything else
    (None: the shipped data, plus what the table taught) read by the game's `load`, the one door to
    I/O. The engine and its data modules load here, when a game is made, not when it is found. An
    engine that does not import is a CommandError naming the game (the table says it and goes on)."""
    try:
        engine = resolve(game.engine)
    except Exception as exc:  # noqa: BLE001 - a plugin's engine may fail any way
        raise CommandError(N_("the game {game_id} does not load: {why}"), game_id=game.id, why=str(exc) or "-") from None
    if not isinstance(data, engine.DATA):
        data = resolve(game.load)(data) if game.load else resolve(LOAD_DATA)(game.id, data)
    return engine(data)
