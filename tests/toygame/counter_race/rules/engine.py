"""Counter Race's engine: pure (no I/O, no clock, no global random), on the companion's one core
(`companion.rules.base.Engine`: parse -> step check -> handler -> settle).

The state JSON (`view`): "game", "phase" (play | over), "step" (turn | over), "outcome" ("goal" once
somebody reached it), "seats" and "current_player" (the game API's), "names", "counter", "goal",
"turn" (the seat on turn), "winner" (a name, or null), "winners" (the game API's: the winner's
name in a list once the goal is reached) and "board" (what the generic screen lists: the counter
and what is left to the goal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import N_, RuleViolation, Text
from companion.rules.base import Action, Engine, Event, GameOver, Param, Record
from companion.rules.commands import Command, SeatedSetup, seat_names
from counter_race.rules.events import Added, GameSetUp


class Rules(Record):
    """The data file's numbers (data/rules.toml)."""

    min_players: int
    max_players: int
    goal: int
    most: int


class Setup(SeatedSetup):
    """Seat the table: `players` (or `names`, in seating order); the first seat starts."""


class Add(Command, verb="add"):
    """The player on turn adds `n` (1 to the data's `most`) to the counter."""

    n: int


class State(Record):
    """Where the race stands."""

    players: tuple[str, ...]  # the names in seating order (the Engine's `players` seats them)
    counter: int = 0
    turn: int = 0
    winner: str | None = None

    @property
    def outcome(self) -> str | None:
        """ "goal" once somebody reached it, else None."""
        return "goal" if self.winner is not None else None


def add(rules: Rules, state: State, cmd: Add, events: list) -> State:
    """Add to the counter: 1 to `most`, and never past the goal."""
    left = rules.goal - state.counter
    if not 1 <= cmd.n <= rules.most:
        raise RuleViolation("add", N_("a turn adds 1 to {most}"), most=rules.most)
    if cmd.n > left:
        raise RuleViolation("add", N_("only {left} left to the goal"), left=left)
    player = state.players[state.turn]
    counter = state.counter + cmd.n
    events.append(Added(player, cmd.n, counter))
    if counter == rules.goal:
        events.append(GameOver("goal"))
        return State(state.players, counter, state.turn, player)
    return State(state.players, counter, (state.turn + 1) % len(state.players))


class CounterRace(Engine):
    """The race's engine over its `Rules`."""

    id = "counter-race"
    DATA = Rules
    COMMANDS = (Setup, Add)
    HANDLERS = {Add: add}
    STEPS = {"turn": frozenset({Add})}  # after the goal no step takes a command: only undo goes back

    def start(self, setup: Setup) -> tuple[State, list[Event]]:
        """Everyone at 0, the first seat on turn."""
        return State(tuple(setup.names)), [GameSetUp(tuple(setup.names), self.data.goal)]

    def filled(self, setup: Setup) -> Setup:
        """The names written out (P1..Pn for a count), checked against the data's range."""
        names = seat_names(
            setup.players, setup.names, self.data.min_players, self.data.max_players, "Counter Race"
        )
        return Setup(game=self.id, players=len(names), seed=setup.seed, names=tuple(names))

    def state_json(self, state: State) -> dict[str, Any]:
        """The documented state JSON (the module's docstring), without the game API's keys."""
        return {
            "game": self.id,
            "phase": self.phase(state),
            "step": self.step(state),
            "outcome": state.outcome,
            "names": list(state.players),
            "counter": state.counter,
            "goal": self.data.goal,
            "turn": state.turn,
            "winner": state.winner,
            "winners": [state.winner] if state.winner else [],
            "board": {"counter": state.counter, "left": self.data.goal - state.counter},
        }

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Inverse of `to_json`."""
        return State(tuple(data["names"]), int(data["counter"]), int(data["turn"]), data.get("winner"))

    # -- the game API (`players`: the Engine's, from the state's `players`; nobody leaves the race) ----
    def whose_turn(self, state: State) -> str | None:
        """The seat on turn, nobody once the goal is reached."""
        return None if state.winner is not None else state.players[state.turn]

    def phase(self, state: State) -> str:
        """play, then over."""
        return "over" if state.winner is not None else "play"

    def step_of(self, state: State) -> str:
        """turn, then over (the key of `STEPS`)."""
        return "over" if state.winner is not None else "turn"

    def where(self, state: State) -> str:
        """Where the race stands, for a refusal."""
        return f"step {self.step_of(state)}"

    def legal_actions(self, state: State) -> list[Action]:
        """Add: how much is the table's choice, 1 to `most` and never past the goal."""
        if state.winner is not None:
            return []
        most = min(self.data.most, self.data.goal - state.counter)
        return [Action({"cmd": "add"}, Text(N_("Add")), params=(Param("n", "number", low=1, high=most),))]
