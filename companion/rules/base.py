"""The small contract every game module fulfils (the OpenSpiel Game/State split, kept pure).

A *Game* holds the fixed rules and data (districts, cards, tracks) and makes states.
A *State* is an immutable value: `apply` returns a new one, so undo, replay and previews are free.
Commands come in as JSON-like dicts `{"cmd": "<verb>", ...}` (docs/masters.md) and are parsed
into small frozen dataclasses (`companion.rules.commands`); events come out as frozen dataclasses
whose `to_dict()` is `{"event": "<kind>", ...}`. Every game starts with a `GameSetUp` event and
ends with a `GameOver` one.

`Engine` is the one core every game is built on: parse -> step check -> handler table -> settle.
A game subclass declares its command classes, which step accepts which command, one handler per
command class and how to settle after a handler; it implements setup, JSON, outcome and `view`.

Nothing in `companion.rules` does I/O, reads a clock or uses the global `random`: randomness is a
seeded `random.Random` rebuilt from values carried in the state.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any, Callable, ClassVar, Mapping, Protocol, runtime_checkable

from companion.errors import N_, CommandError, CompanionError, RuleViolation
from companion.rules import POSITIONS
from companion.rules.commands import Command, Record, parse, verb_table  # (Record: the base of all, there)

__all__ = ["Action", "Engine", "Event", "Record", "Game", "GameOver", "GameSetUp", "CommandError", "RuleViolation",
           "POSITIONS"]


class Event(Record):
    """Something that happened, in the past tense: a `Record` whose fields say what happened; `kind`
    names it."""

    @property
    def kind(self) -> str:
        """Snake-case name of the event, e.g. `agents_placed`."""
        name = type(self).__name__
        return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")

    def to_dict(self) -> dict[str, Any]:
        """`{"event": kind, **fields}` with JSON-friendly values."""
        out: dict[str, Any] = {"event": self.kind}
        for f in fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out


class GameSetUp(Event):
    """A game began. Each game subclasses it (keeping the name) with what its setup decided."""


class GameOver(Event):
    """The game ended, and how (the value `Game.outcome` gives from now on)."""

    outcome: str


class Action(Record):
    """One thing the table may do now: the command it sends, how to show it, and why it is greyed out.

    `command` is the JSON command (parameters the player still has to choose are listed in `needs`);
    `enabled` is False with `why_not` saying the rule, e.g. "kill count 4 needed".
    """

    command: Mapping[str, Any]
    label: str
    cost: str = ""
    enabled: bool = True
    why_not: str | None = None
    needs: tuple[str, ...] = ()


@runtime_checkable
class Game(Protocol):
    """What the journal, the CLI, the UI and the lighting rely on. Implemented once per game."""

    id: str
    title: str
    data: Any  # the fixed rules data the game was built over (shipped + taught, or a test's own)

    @property
    def player_range(self) -> tuple[int, int]:
        """The fewest and most players (Masters: vampires) a game may be set up for, from the data."""

    def view(self, state: Any) -> dict[str, Any]:
        """The board view for the lights: districts A1..C3 with what each shows, the bar, the phase."""

    def setup(self, command: Mapping[str, Any]) -> tuple[Any, list[Event]]:
        """Initial state from a `{"cmd": "setup", ...}` command; CommandError/RuleViolation if bad."""

    def apply(self, state: Any, command: Mapping[str, Any]) -> tuple[Any, list[Event]]:
        """New state and events, or raise RuleViolation/CommandError and change nothing."""

    def canonical(self, state: Any | None, command: Mapping[str, Any]) -> dict[str, Any]:
        """The command with every data-derived or defaulted value made explicit (what the journal
        stores), so a replay gives the same game even after the user teaches new card data."""

    def actions(self, state: Any) -> list[Action]:
        """What may be done now (enabled or not, with the reason), for the screen and the buttons."""

    def to_json(self, state: Any) -> dict[str, Any]:
        """The state as the documented JSON object (keys may be added, never renamed)."""

    def from_json(self, data: Mapping[str, Any]) -> Any:
        """Inverse of `to_json`: `from_json(to_json(s)) == s`."""

    def outcome(self, state: Any) -> str | None:
        """None while the game runs; otherwise how it ended (e.g. "victory", "defeat-veil")."""


# (data, state, command, events) -> new state; appends what happened to `events`, raises if refused
Handler = Callable[[Any, Any, Any, list], Any]


class Engine:
    """The one core: `apply` is parse -> step check -> handler table -> settle, the same in every game.

    A game sets `id`, `title`, `DATA` (the class of its parsed data), `COMMANDS` (its command classes, the setup's included), `HANDLERS`
    {command class: handler}, optionally `STEPS` {step: command classes it accepts} and `ANYTIME`
    (accepted in every step while the game runs), and `FILLS` {command class: (data, state, command)
    -> command} for the values `canonical` writes out. It implements `start`, `actions`, `to_json`,
    `from_json` and `view`, and may override `filled`, `canonical_setup`, `player_range`, `outcome`, `settle`,
    `check_step`, `step_of`, `where` and `setup_again`. A refusal raises and changes nothing.
    """

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    DATA: ClassVar[type | tuple[type, ...]] = ()  # the parsed data it is built over (catalog.make_game)
    COMMANDS: ClassVar[tuple[type[Command], ...]] = ()
    HANDLERS: ClassVar[Mapping[type, Handler]] = {}
    STEPS: ClassVar[Mapping[Any, frozenset[type]] | None] = None
    ANYTIME: ClassVar[frozenset[type]] = frozenset()
    FILLS: ClassVar[Mapping[type, Callable[[Any, Any, Any], Any]]] = {}

    def __init__(self, data: Any):
        """Bind the game to its fixed data."""
        self.data = data
        self._verbs = verb_table(self.COMMANDS)

    # -- the Game protocol -------------------------------------------------------------------------
    def parse(self, command: Any) -> Command:
        """A JSON command as its dataclass (CommandError if malformed)."""
        return parse(command, self._verbs)

    def setup(self, command: Mapping[str, Any]) -> tuple[Any, list[Event]]:
        """The first state and its events (GameSetUp first) from a setup command."""
        return self.start(self.filled(self._setup_command(command)))

    def apply(self, state: Any, command: Mapping[str, Any]) -> tuple[Any, list[Event]]:
        """New state and events; RuleViolation/CommandError and no change if refused."""
        cmd = self.parse(command)
        if cmd.verb == "setup":
            raise self.setup_again()
        self.check_step(state, cmd)
        events: list[Event] = []
        new = self.HANDLERS[type(cmd)](self.data, state, cmd, events)
        return self.settle(new, events), events

    def canonical(self, state: Any | None, command: Mapping[str, Any]) -> dict[str, Any]:
        """The command with every defaulted, random or data-derived value written out (what the journal
        stores), so a replay gives the same game even after the user teaches new data."""
        cmd = self.parse(command)
        if state is None or cmd.verb == "setup":
            return self.canonical_setup(self.filled(self._setup_command(command, cmd)))
        fill = self.FILLS.get(type(cmd))
        if fill is None:
            return cmd.to_dict()
        try:
            return fill(self.data, state, cmd).to_dict()
        except CompanionError:
            return cmd.to_dict()  # apply refuses it with the rule that forbids it

    def outcome(self, state: Any) -> str | None:
        """None while the game runs, else how it ended: the state's `outcome` (an enum's value)."""
        outcome = state.outcome
        return getattr(outcome, "value", outcome)

    # -- what each game implements -----------------------------------------------------------------
    @property
    def player_range(self) -> tuple[int, int]:
        """The fewest and most players (Masters: vampires), from the game's data file."""
        return self.data.min_players, self.data.max_players

    def start(self, setup: Command) -> tuple[Any, list[Event]]:
        """The first state and its events from the parsed setup command (`filled`)."""
        raise NotImplementedError

    def filled(self, setup: Command) -> Command:
        """The setup checked, with every default the game decides filled in (by default: as given)."""
        return setup

    def canonical_setup(self, setup: Command) -> dict[str, Any]:
        """The setup command as the journal stores it: `filled` in, naming the game."""
        return {**setup.to_dict(), "game": self.id}

    def actions(self, state: Any) -> list[Action]:
        """What may be done now, disabled ones with the reason."""
        raise NotImplementedError

    def to_json(self, state: Any) -> dict[str, Any]:
        """The documented state JSON."""
        raise NotImplementedError

    def from_json(self, data: Mapping[str, Any]) -> Any:
        """Inverse of `to_json`."""
        raise NotImplementedError

    def view(self, state: Any) -> dict[str, Any]:
        """The board view for the lights."""
        raise NotImplementedError

    # -- the steps a game may override -------------------------------------------------------------
    def check_step(self, state: Any, cmd: Command) -> None:
        """RuleViolation unless the current step takes `cmd` (`ANYTIME` ones only while the game runs)."""
        steps = self.STEPS
        if steps is not None and type(cmd) in steps.get(self.step_of(state), frozenset()):
            return  # e.g. the mansion's final ranking, entered after the end
        over = self.outcome(state)
        if over is not None:
            raise RuleViolation("game over", N_("the game is over ({outcome}); only undo can go back"), outcome=over)
        if steps is not None and type(cmd) not in self.ANYTIME:
            raise RuleViolation(cmd.verb, N_("not now: the game is at {where}"), where=self.where(state))

    def settle(self, state: Any, events: list[Event]) -> Any:
        """What follows by itself after a handler (a fight ends, a round begins, the game ends)."""
        return state

    def step_of(self, state: Any) -> Any:
        """The key of `STEPS` the state is at."""
        return state.step

    def where(self, state: Any) -> str:
        """Where the game stands, for a refusal: "step turn"."""
        return f"step {self.step_of(state).value}"

    def setup_again(self) -> Exception:
        """The error for a setup sent to a running game."""
        return CommandError(N_("setup only starts a game"))

    def _setup_command(self, command: Any, cmd: Command | None = None) -> Command:
        """The parsed setup command; CommandError if the first command is something else."""
        cmd = cmd or self.parse(command)
        if cmd.verb != "setup":
            raise CommandError(N_("the first command must be {{\"cmd\": \"setup\", \"game\": \"{id}\", ...}}"), id=self.id)
        game = getattr(cmd, "game", None)
        if game is not None and game != self.id:
            raise CommandError(N_("setup: this is the {id} engine, not {game!r}"), id=self.id, game=game)
        return cmd


def checked(fill: Callable[[Any, Any, Any], Any], handler: Handler) -> Handler:
    """`handler` run on its command as `fill` checks and completes it (the fill's refusal raises)."""
    def run(data: Any, state: Any, cmd: Any, events: list) -> Any:
        return handler(data, state, fill(data, state, cmd), events)
    return run


def _jsonable(value: Any) -> Any:
    """Convert dataclasses, tuples and mappings to plain JSON values."""
    if hasattr(value, "__dataclass_fields__"):
        return {k: _jsonable(v) for k, v in asdict(value).items()}
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [_jsonable(v) for v in value]
    return value
