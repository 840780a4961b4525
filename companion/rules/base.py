"""The small contract every game module fulfils (the OpenSpiel Game/State split, kept pure).

A *Game* holds the fixed rules and data (districts, cards, tracks) and makes states.
A *State* is an immutable value: `apply` returns a new one, so undo, replay and previews are free.
Commands come in as JSON-like dicts `{"cmd": "<verb>", ...}` (companion/games/masters/README.md) and are parsed
into small frozen dataclasses (`companion.rules.commands`); events come out as frozen dataclasses
whose `to_dict()` is `{"event": "<kind>", ...}`. Every game starts with a `GameSetUp` event and
ends with a `GameOver` one.

`Engine` is the one core every game is built on: parse -> step check -> handler table -> settle.
A game subclass declares its command classes, which step accepts which command (`STEPS`, `ANYTIME`),
one handler per command class and how to settle after a handler; it implements setup, JSON, outcome
and the game API (`companion.rules.api`). The same mistake gets the same error in every game: a second setup, a command
the step does not take, a game that is over (RuleViolation), an unknown verb, parameter or a missing
one (CommandError, from the one parser).

Nothing in `companion.rules` does I/O, reads a clock or uses the global `random`: randomness is a
seeded `random.Random` rebuilt from values carried in the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any, ClassVar

from companion.errors import N_, CommandError, CompanionError, RuleViolation
from companion.rules import POSITIONS

# the game API: its records, the protocol, `seated` (re-exported: every game imports them from here)
from companion.rules.api import Action, Event, Game, GameOver, GameSetUp, Param, Player, seated

# (Record: the base of all, there)
from companion.rules.commands import Command, Record, new_names_problem, parse, verb_table

__all__ = [
    "Action",
    "Engine",
    "Event",
    "Record",
    "Game",
    "GameOver",
    "GameSetUp",
    "CommandError",
    "RuleViolation",
    "POSITIONS",
    "Param",
    "Player",
    "StateJson",
    "seated",
]


# (data, state, command, events) -> new state; appends what happened to `events`, raises if refused
Handler = Callable[[Any, Any, Any, list], Any]


class StateJson(Record):
    """How a game's state module writes the documented state JSON and reads it back, for an engine
    that names them in `JSON` instead of implementing `state_json` and `from_json` (the mansion,
    Nosferatu): `write(state, data, board)` with `board(data, state)`, the lights' picture of the
    board, under "board"; `read(json)` its inverse."""

    write: Callable[[Any, Any, dict[str, Any]], dict[str, Any]]
    read: Callable[[Mapping[str, Any]], Any]
    board: Callable[[Any, Any], dict[str, Any]]


class Engine:
    """The one core: `apply` is parse -> step check -> handler table -> settle, the same in every game.

    A game sets `id`, `DATA` (the class of its parsed data), `COMMANDS` (its command classes, the setup's
    included), `HANDLERS`
    {command class: handler}, optionally `STEPS` {step: command classes it accepts} and `ANYTIME`
    (accepted in every step while the game runs), `FILLS` {command class: (data, state, command)
    -> command} for the values `canonical` writes out, and `JSON` (a `StateJson`) when its state module
    writes and reads the state JSON. It implements `start`, `state_json` and `from_json` (unless it sets
    `JSON`) and the game API (`phase`, `legal_actions`, `players` unless its state's `players` are the
    names in seating order with nobody out, and `whose_turn` when a player has the turn), and may override
    `filled`, `canonical_setup`, `player_range`, `outcome`, `settle`, `step`,
    `check_step`, `step_of` and `where`. A refusal raises and changes nothing.
    """

    id: ClassVar[str] = ""
    DATA: ClassVar[type | tuple[type, ...]] = ()  # the parsed data it is built over (catalog.make_game)
    COMMANDS: ClassVar[tuple[type[Command], ...]] = ()
    HANDLERS: ClassVar[Mapping[type, Handler]] = {}
    STEPS: ClassVar[Mapping[Any, frozenset[type]] | None] = None
    ANYTIME: ClassVar[frozenset[type]] = frozenset()
    FILLS: ClassVar[Mapping[type, Callable[[Any, Any, Any], Any]]] = {}
    JSON: ClassVar[StateJson | None] = None

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
        if isinstance(command, Mapping) and command.get("cmd") == "setup":
            raise self.setup_again()  # whatever else it says: a game is set up once
        cmd = self.parse(command)
        self.check_step(state, cmd)
        events: list[Event] = []
        new = self.HANDLERS[type(cmd)](self.data, state, cmd, events)
        return self.settle(new, events), events

    def canonical(self, state: Any | None, command: Mapping[str, Any]) -> dict[str, Any]:
        """The command with every defaulted, random or data-derived value written out (what the journal
        stores), so a replay gives the same game even after the user teaches new data."""
        cmd = self.parse(command)
        if cmd.verb in ("setup", "rename"):  # new names meet the whole rule; a replay is held to less
            refused = new_names_problem(
                cmd.verb, cmd, None if state is None else tuple(p.name for p in self.players(state))
            )
            if refused is not None:
                raise refused
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

    def example_setup(self, players: int | None = None, seed: int = 1) -> dict[str, Any]:
        """A setup command for a table of `players` (default, and below the range: the fewest the game
        takes; above it: the most), from `seed`: what a sample screen, a catalog-wide test or a demo
        starts a game of this kind with. A game whose setup asks more than a number of players (names,
        a difficulty) overrides it."""
        return {"cmd": "setup", "game": self.id, "players": self.table_size(players), "seed": seed}

    def takes_names(self) -> bool:
        """Whether the setup takes the players' names (`names`, in seating order; the new-game wizard
        then asks for them). Masters and Armata Strigoi seat characters (`vampires`, `powerwolves`)."""
        setup = self._verbs.get("setup")
        return setup is not None and "names" in {f.name for f in fields(setup)}

    def table_size(self, players: int | None = None) -> int:
        """`players` within the game's range (None: the fewest)."""
        lo, hi = self.player_range
        return lo if players is None else max(lo, min(hi, players))

    def start(self, setup: Command) -> tuple[Any, list[Event]]:
        """The first state and its events from the parsed setup command (`filled`)."""
        raise NotImplementedError

    def filled(self, setup: Command) -> Command:
        """The setup checked, with every default the game decides filled in (by default: as given)."""
        return setup

    def canonical_setup(self, setup: Command) -> dict[str, Any]:
        """The setup command as the journal stores it: `filled` in, naming the game."""
        return {**setup.to_dict(), "game": self.id}

    def state_json(self, state: Any) -> dict[str, Any]:
        """The game's own part of the documented state JSON (`to_json` adds the game API's keys): by
        default what `JSON` writes, with the lights' picture of the board under "board"."""
        if self.JSON is None:
            raise NotImplementedError
        return self.JSON.write(state, self.data, self.JSON.board(self.data, state))

    def from_json(self, data: Mapping[str, Any]) -> Any:
        """Inverse of `to_json` (by default what `JSON` reads)."""
        if self.JSON is None:
            raise NotImplementedError
        return self.JSON.read(data)

    # -- the game API (see the module docstring) ---------------------------------------------------
    def players(self, state: Any) -> tuple[Player, ...]:
        """The players in seating order; by default the state's `players`, the names in seating order,
        nobody out before the end (a game whose players leave, or whose state keeps them otherwise,
        overrides this with `seated`)."""
        return seated(state.players)

    def current_player(self, state: Any) -> Player | None:
        """The player whose turn it is (`whose_turn`), or None."""
        return self.named(state, self.whose_turn(state))

    def whose_turn(self, state: Any) -> str | None:
        """The name of the player whose turn it is (by default nobody in particular: the table acts
        together). Games implement this; `current_player` gives the Player."""
        return None

    def phase(self, state: Any) -> str:
        """The phase id."""
        raise NotImplementedError

    def step(self, state: Any) -> str:
        """The step id: the value of the state's step (`step_of`)."""
        at = self.step_of(state)
        return getattr(at, "value", at)

    def legal_actions(self, state: Any) -> list[Action]:
        """What may be done now, disabled ones with the reason, with the parameters still to choose."""
        raise NotImplementedError

    def actions(self, state: Any) -> list[Action]:
        """The same as `legal_actions` (the name the screens and the session have always used)."""
        return self.legal_actions(state)

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended (`outcome` says how)."""
        return self.outcome(state) is not None

    def to_json(self, state: Any) -> dict[str, Any]:
        """The documented state JSON: the game's own keys, then the game API's "seats" (the players)
        and "current_player" (a name, or null) that shared code reads instead of the game's fields."""
        out = self.state_json(state)
        out["seats"] = [p.to_dict() for p in self.players(state)]
        out["current_player"] = self.whose_turn(state)
        return out

    def view(self, state: Any) -> dict[str, Any]:
        """The one view of every game: the documented state JSON (the lights' board under "board")."""
        return self.to_json(state)

    def named(self, state: Any, name: str | None) -> Player | None:
        """The player called `name` (None for None): what `current_player` returns for a name."""
        if name is None:
            return None
        return next(p for p in self.players(state) if p.name == name)

    # -- the steps a game may override -------------------------------------------------------------
    def check_step(self, state: Any, cmd: Command) -> None:
        """RuleViolation unless the current step takes `cmd` (`ANYTIME` ones only while the game runs)."""
        steps = self.STEPS
        if steps is not None and type(cmd) in steps.get(self.step_of(state), frozenset()):
            return  # e.g. the mansion's final ranking, entered after the end
        over = self.outcome(state)
        if over is not None:
            raise RuleViolation(
                "game over", N_("the game is over ({outcome}); only undo can go back"), outcome=over
            )
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
        """The error for a setup sent to a running game: the same in every game."""
        return RuleViolation("setup", N_("the game is already set up"))

    def _setup_command(self, command: Any, cmd: Command | None = None) -> Command:
        """The parsed setup command; CommandError if the first command is something else."""
        cmd = cmd or self.parse(command)
        if cmd.verb != "setup":
            raise CommandError(
                N_('the first command must be {{"cmd": "setup", "game": "{id}", ...}}'), id=self.id
            )
        game = getattr(cmd, "game", None)
        if game is not None and game != self.id:
            raise CommandError(N_("setup: this is the {id} engine, not {game!r}"), id=self.id, game=game)
        return cmd


def checked(fill: Callable[[Any, Any, Any], Any], handler: Handler) -> Handler:
    """`handler` run on its command as `fill` checks and completes it (the fill's refusal raises)."""

    def run(data: Any, state: Any, cmd: Any, events: list) -> Any:
        return handler(data, state, fill(data, state, cmd), events)

    return run
