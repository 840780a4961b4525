"""`GamePlugin`: what a game is to the rest of the companion, as one class a game subclasses. The
five shipped games are the packages beside this module (masters, nosferatu, mansion, one_night,
strigoi), each with its subclass in its `__init__`; shared code never imports them or this module:
it asks the catalog (`companion.plugins`) for a game's object.

A game's distribution names its subclass in the `nightwatch.games` entry-point group (the entry
point's name is the game's id):

    [project.entry-points."nightwatch.games"]
    coin-toss = "coin_toss:CoinToss"

Only `id`, `title`, `order` and `engine_class()` are required; every other method has a default a
simple game can live with (the generic game screen, the basic light scene, the shared words, a
result read from the documented state JSON). The class body stays light: a method imports what it
needs when it is first called (its engine, screens, scene...), so listing the games at start-up
imports none of them. Every reader of the companion (the generic screen, the phone, `companion play`,
`journal list`, the end card) asks these methods and never reads a game's own state fields.

The contract a plugin must meet is one test module: `pytest --pyargs companion.testing
--game=<id>` (docs/architecture.md, "A game in an afternoon").
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from companion.errors import N_, CommandError, Text
from companion.plugins import MenuEntry
from companion.records import Named

if TYPE_CHECKING:
    import gettext

__all__ = ["GamePlugin", "MenuEntry", "Result"]


class Result(Named):
    """How a game ended: the names of its winners (none: nobody won, or the game has no winner) and
    one sentence (a `Text`, said in the table's language by the reader)."""

    winners: tuple[str, ...]
    sentence: Text


class GamePlugin:
    """One game. Subclass it, set the class attributes, override what your game has.

    Class attributes: `id` (lower-case words joined by hyphens, the entry point's name), `title`,
    `order` (where the pickers list it), `blurb` (N_() marked, a line saying what the game is),
    `data` (its shipped data file, relative to its package folder), `teaching` (what of its box the
    table can teach: "card", "tracker", "districts", "box"), `menu` (MenuEntry buttons it adds to
    the table's menu: each sends the intent `edit_<id>`), `intents` (the intents its screens and
    menu entries send, each answered by `intent(name)`), `seeded` (whether the game deals, shuffles
    or rolls from the setup's seed: only then does the generic wizard offer a Seed button),
    `kept` (the state JSON's fields of its own the journal keeps beside a game, so `stage` and the
    journal's line tell where it stands without replaying it), `start_label` (the generic wizard's
    last button).
    """

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    order: ClassVar[int] = 100
    blurb: ClassVar[str] = ""
    data: ClassVar[str | None] = None
    teaching: ClassVar[tuple[str, ...]] = ()
    menu: ClassVar[tuple[MenuEntry, ...]] = ()
    start_label: ClassVar[str] = N_("Start")
    intents: ClassVar[tuple[str, ...]] = ()
    seeded: ClassVar[bool] = False
    kept: ClassVar[tuple[str, ...]] = ()

    @property
    def package(self) -> str:
        """The package the game lives in (its data and locale folders are in it): the module that
        defines the class, which is the package's `__init__`."""
        return type(self).__module__

    @property
    def domain(self) -> str:
        """The gettext domain of the game's own catalog ("nightwatch-one-night")."""
        return f"nightwatch-{self.id}"

    def folder(self) -> str | None:
        """The game's package folder, found without running its code (None when it is not found);
        looked up once per object (the catalog makes new ones when sys.path changes)."""
        if "_folder" not in self.__dict__:
            try:
                spec = importlib.util.find_spec(self.package)
            except (ImportError, ValueError):
                spec = None
            places = list(spec.submodule_search_locations or ()) if spec is not None else []
            self.__dict__["_folder"] = places[0] if places else None
        return self.__dict__["_folder"]

    def data_path(self) -> str | None:
        """The shipped data file (`data`) as a path (relative names are in the package folder)."""
        if self.data is None or os.path.isabs(self.data):
            return self.data
        folder = self.folder()
        return os.path.join(folder, self.data) if folder else None

    # -- the engine and its data -------------------------------------------------------------------

    def engine_class(self) -> type:
        """The game's engine class (a `companion.rules.base.Engine`). Required."""
        raise NotImplementedError(f"{type(self).__name__} names no engine_class()")

    def engine(self, data: Any = None):
        """The engine over `data`: parsed data (the engine's `DATA`) as it is; anything else (None:
        the shipped data) read by `load`. CommandError naming the game when the engine does not load."""
        try:
            engine = self.engine_class()
        except Exception as exc:  # noqa: BLE001 - a plugin's engine may fail any way
            raise CommandError(
                N_("the game {game_id} does not load: {why}"), game_id=self.id, why=str(exc) or "-"
            ) from None
        return engine(data if isinstance(data, engine.DATA) else self.load(data))

    def parse(self, doc) -> Any:
        """The engine's data from a read data file (a `companion.gamedata.tomlfile.TomlDoc`), pure."""
        raise NotImplementedError(f"{type(self).__name__} has a data file but no parse()")

    def load(self, source: Any = None, problems: list | None = None, strict: bool = False) -> Any:
        """The engine's data at the I/O edge: `source` (None: the shipped `data` file; a path, dict
        or TomlDoc) read and `parse`d; a game with no data file (`data` None) gets its engine's
        `DATA()` with its defaults. A game whose data is more than one file overrides it."""
        if source is None and self.data is None:
            return self.engine_class().DATA()
        from companion.gamedata.loader import read_doc

        return self.parse(read_doc(self, source))

    def taught(self, problems: list, everything: bool) -> None:
        """Add what of the table's taught data for this game is skipped now to `problems`."""

    def check(self) -> str | None:
        """A line saying the game's data loads (`companion doctor`); DataFileError when it does not."""
        return None

    def bot(self) -> ModuleType | Any:
        """The bot: an object with `choose(game, state, rng)` (default: `<package>.bot`)."""
        return importlib.import_module(self.package + ".bot")

    # -- at the table ------------------------------------------------------------------------------

    def scene(self) -> ModuleType | None:
        """The game's light scene module (None: the basic scene)."""
        return None

    def screens(self) -> Mapping[str, type]:
        """Base-screen name -> screen class (none: the table's generic game screen shows the game)."""
        return MappingProxyType({})

    def route(self, state: Mapping[str, Any]) -> str | None:
        """The base screen this state calls for (None: the generic screen). Default: the first of
        `screens()` while the game runs, "<id>-over" (when it has one) once it is over."""
        names = list(self.screens())
        if not names:
            return None
        end = f"{self.id}-over"
        return end if state.get("outcome") is not None and end in names else names[0]

    def board_screen(self) -> type | None:
        """The screen the menu's Board opens (None: the generic board)."""
        return None

    def wizard(self) -> type | None:
        """A new-game wizard of its own (None: the generic one, asking `setup_fields`)."""
        return None

    def setup_fields(self, lo: int, hi: int, default_players: int) -> list:
        """More `SetupField`s the generic wizard asks after the players."""
        return []

    def setup_note(self, values: Mapping[str, int]) -> tuple[str, ...]:
        """Lines the generic wizard shows for the values chosen."""
        return ()

    def start(self, ctx, wizard) -> bool:
        """Run by the generic wizard's last button; True when it took over (a page of its own)."""
        return False

    def progress(self) -> str | None:
        """A line the menu shows (how much of your box the table has taught), or None."""
        return None

    def intent(self, name: str) -> Callable | None:
        """The function (teaching, result) answering intent `name` (one of `intents`)."""
        return None

    def tool(self, kind: str) -> type | None:
        """The screen the table opens to teach `kind` of the box (one of `teaching`)."""
        return None

    def cards(self) -> ModuleType | None:
        """The module turning a card tag into a command, for a game whose cards the reader reads."""
        return None

    def phone_cells(self, state: Mapping[str, Any]) -> list | None:
        """The phone's 3x3 board cells, for a game whose state has no `board` picture."""
        return None

    def phone_counts(self, state: Mapping[str, Any]) -> Mapping[str, Any]:
        """The numbers the phone shows as the table does, a token picture beside each: {"game": [count,
        ...] (beside the board's lines), "players": {name: [count, ...]}}, a count {"icon": a picture
        of companion/web/tokens.py, "n": the number in words ("3/4"), "label": what it counts, said
        by a screen reader}. Default: none."""
        return {}

    def timed_step(self, state: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """The step the table times now (the loop's step timer, companion/narration/narrator.py), or
        None (default: nothing is timed): {"key": a value that changes when a new step begins, "id",
        "seconds" (None: the step waits for the table), "waits" ("next": the timer sends `next` when
        the time is up), "prompt" and "close" (said when it begins and ends), "added" (seconds
        added), "paused"}."""
        return None

    def gauge(self, state: Mapping[str, Any]) -> int | None:
        """A number every screen shows in the gauge strip while the game runs (Masters: its veil), or None."""
        return None

    def speech(self, event: Mapping[str, Any]) -> str:
        """Words said aloud for an accepted command's event ("": nothing)."""
        return ""

    def prompt(self, step: str, text: str) -> str:
        """The step timer's words for a timed step."""
        return text

    def ambience(self, state: Mapping[str, Any]) -> bool:
        """Whether the night's masking noise plays now."""
        return False

    def event_classes(self) -> tuple[type, ...]:
        """Every event class the game's engine may emit: the `companion.rules.base.Event` subclasses
        defined anywhere in the game's package (loaded with its engine), and the shared ones it uses
        (GameOver...). The narration test walks them: each needs a line (`narration()`)."""
        from companion.rules.base import Event

        self.engine_class()  # loads the engine and the modules its events live in
        found, todo = [], list(Event.__subclasses__())
        while todo:
            cls = todo.pop()
            todo.extend(cls.__subclasses__())
            if cls.__module__ == self.package or cls.__module__.startswith(self.package + "."):
                found.append(cls)
        return tuple(sorted(found, key=lambda c: (c.__module__, c.__name__)))

    def renames(self) -> bool:
        """Whether the engine takes `rename`: the table names the players, so it offers to rename them."""
        return any(getattr(c, "verb", "") == "rename" for c in getattr(self.engine_class(), "COMMANDS", ()))

    # -- words -------------------------------------------------------------------------------------

    def words(self) -> ModuleType | None:
        """The module of the game's own words: `STEPS`, `PHASES`, `NEEDS`, `BOARD`, `OUTCOMES`,
        `RULES`, each optional (N_()/NP_() marked, translated in the game's own catalog)."""
        return None

    def translations(self, lang: str) -> gettext.NullTranslations:
        """The game's catalog in `lang`, with the shared catalog behind it: a msgid the game
        translates is its own, whatever another game says for it."""
        return _translations(self.domain, self.folder(), lang)

    def in_words(self, event: Mapping[str, Any], state: Mapping[str, Any]) -> Mapping[str, Any]:
        """`event` as its log line should name things: what the engine names by code (a grid position)
        in the words of the table in `state` (the state after it). Default: as it is."""
        return event

    def narration(self) -> Mapping[str, Callable]:
        """Event kind -> function (event) -> the event log's line (none: the shared lines only)."""
        return MappingProxyType({})

    def story(self, states: Sequence[Mapping[str, Any]]) -> list | None:
        """Chart panels for the story of a game (None: the generic chart)."""
        return None

    def moments(self, steps: Sequence) -> list:
        """The key moments (`companion.ui.story.Moment`) of a finished game, from its replayed steps
        (`Step(state, events)`); the end card tells the three weightiest (none: narration lines)."""
        return []

    def art(self, state: Mapping[str, Any]) -> tuple | None:
        """(illustration, time of day) for the end card (None: a plain backdrop)."""
        return None

    def backdrop(self, state: Mapping[str, Any]) -> tuple[str, str] | None:
        """(illustration, time of day) drawn dimmed behind the title bar while the game is played:
        one of `companion.ui.assets.ART` ("skyline", "fortress", "mansion", "village") and of its
        TIMES ("day", "dusk", "night", "dawn"), the time the game is at by its own state (None: the
        plain title bar)."""
        return None

    def samples(self) -> ModuleType | None:
        """The module with `screens()`: the sample screens `companion screenshots` draws."""
        return None

    def commands(self) -> Mapping[str, tuple[Callable, str]]:
        """CLI subcommand -> (main(argv), N_() help line) the game adds to `companion`."""
        return MappingProxyType({})

    # -- the answers every generic reader asks -------------------------------------------------------

    def result(self, state: Mapping[str, Any]) -> Result | None:
        """How the game ended (None while it runs). Default: the winners the state JSON's documented
        `winners` names (none when it has none) and a sentence naming them, else the ending's words."""
        outcome = state.get("outcome")
        if outcome is None:
            return None
        winners = tuple(str(w) for w in state.get("winners") or () if w)
        if len(winners) == 1:
            return Result(winners, Text(N_("{name} wins."), name=winners[0]))
        if winners:
            return Result(winners, Text(N_("{names} win."), names=", ".join(winners)))
        return Result((), Text(N_("The game is over: {outcome}."), outcome=str(outcome)))

    def stage(self, state: Mapping[str, Any]) -> Text | None:
        """How far the game is, in a few words ("round 3"), from its state JSON or the position the
        journal kept (its `kept` fields); None: the game has no rounds to count."""
        return None

    def headline(self, state: Mapping[str, Any]) -> Text:
        """Where the game stands, in one line (the phone's and `play`'s head). Default: whose turn
        it is, or who won."""
        done = self.result(state)
        if done is not None:
            return done.sentence
        who = state.get("current_player")
        return Text(N_("{name} to play"), name=who) if who else Text(N_("Everyone plays"))

    def summary_lines(self, state: Mapping[str, Any]) -> list[Text | str]:
        """The lines `companion play` prints under a state's summary (default: `board_lines`)."""
        return self.board_lines(state)

    def board_lines(self, state: Mapping[str, Any]) -> list[Text | str]:
        """What the board shows, as lines (the generic screen, the phone's Board box, `play`'s
        summary), in the current language. Default: the state's documented `board` dict as "key:
        value" lines, each key in the game's `BOARD` words (else the key's words), names in their data
        translation; the lights' documented picture (its districts, bar, phase, timer) is no line."""
        from companion.i18n import _, data_name
        from companion.narration.words import board_word

        board = state.get("board")
        if not isinstance(board, Mapping):
            return []
        out = []
        for key, value in board.items():
            if key in _PICTURE:
                continue
            if isinstance(value, Mapping):
                value = ", ".join(f"{data_name(k)} {v}" for k, v in value.items())
            elif isinstance(value, (list, tuple)):
                value = ", ".join(data_name(v) if isinstance(v, str) else str(v) for v in value)
            elif isinstance(value, bool):
                value = _("yes") if value else _("no")
            elif isinstance(value, str):
                value = data_name(value)
            out.append(_("{what}: {value}").format(what=board_word(self.id, str(key)), value=value))
        return out


# the keys of the lights' picture under "board" (companion/rules/base.py): drawn by the scene, not said
_PICTURE = frozenset({"districts", "bar", "bar_max", "bar_meaning", "phase", "timer", "paused"})


@lru_cache(maxsize=64)
def _translations(domain: str, folder: str | None, lang: str) -> gettext.NullTranslations:
    """A game's catalog in `lang` (its `locale/` folder, domain `domain`) over the shared one."""
    import gettext as _gettext  # (not on the way to READY: listing the games reads no catalog)

    from companion.i18n import shared_translations

    shared = shared_translations(lang)
    if lang == "en" or folder is None:
        return shared
    own = _gettext.translation(domain, os.path.join(folder, "locale"), languages=[lang], fallback=True)
    if type(own) is _gettext.NullTranslations:
        return shared
    own.add_fallback(shared)
    return own
