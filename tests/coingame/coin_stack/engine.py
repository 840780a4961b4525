"""Coin Stack's rules, pure, on the companion's one core. Its state JSON has the game API's keys,
"winners" once somebody laid the last coin, and "board" (coins, goal). Its bot is `choose` here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import N_, RuleViolation, Text
from companion.rules import base
from companion.rules.base import Action, Engine, Event, GameOver, Record
from companion.rules.commands import Command, SeatedSetup, seat_names

GOAL = 7


class Rules(Record):
    min_players: int = 2
    max_players: int = 2


class Lay(Command, verb="lay"):
    n: int


class Laid(Event):
    player: str
    n: int
    coins: int


class GameSetUp(base.GameSetUp):
    names: tuple[str, ...]


class State(Record):
    players: tuple[str, ...]
    coins: int = 0
    turn: int = 0
    winner: str | None = None

    @property
    def outcome(self) -> str | None:
        return "last-coin" if self.winner is not None else None


def lay(rules: Rules, state: State, cmd: Lay, events: list) -> State:
    if cmd.n not in (1, 2):
        raise RuleViolation("lay", N_("lay one or two coins"))
    player, coins = state.players[state.turn], state.coins + cmd.n
    events.append(Laid(player, cmd.n, coins))
    if coins >= GOAL:
        events.append(GameOver("last-coin"))
        return State(state.players, coins, state.turn, player)
    return State(state.players, coins, 1 - state.turn)


class CoinStackGame(Engine):
    id = "coin-stack"
    DATA = Rules
    COMMANDS = (SeatedSetup, Lay)
    HANDLERS = {Lay: lay}
    STEPS = {"turn": frozenset({Lay})}

    def start(self, setup):
        return State(tuple(setup.names)), [GameSetUp(tuple(setup.names))]

    def filled(self, setup):
        names = seat_names(setup.players, setup.names, 2, 2, "Coin Stack")
        return SeatedSetup(game=self.id, players=2, seed=setup.seed, names=tuple(names))

    def state_json(self, state: State) -> dict[str, Any]:
        return {
            "game": self.id,
            "phase": self.phase(state),
            "step": self.step(state),
            "outcome": state.outcome,
            "names": list(state.players),
            "coins": state.coins,
            "turn": state.turn,
            "winners": [state.winner] if state.winner else [],
            "board": {"coins": state.coins, "goal": GOAL},
        }

    def from_json(self, data: Mapping[str, Any]) -> State:
        winners = data.get("winners") or [None]
        return State(tuple(data["names"]), int(data["coins"]), int(data["turn"]), winners[0])

    def whose_turn(self, state: State) -> str | None:
        return None if state.winner is not None else state.players[state.turn]

    def phase(self, state: State) -> str:
        return "over" if state.winner is not None else "play"

    def step_of(self, state: State) -> str:
        return "over" if state.winner is not None else "turn"

    def where(self, state: State) -> str:
        return f"step {self.step_of(state)}"

    def legal_actions(self, state: State) -> list[Action]:
        if state.winner is not None:
            return []
        return [
            Action({"cmd": "lay", "n": 1}, Text(N_("Add"))),
            Action({"cmd": "lay", "n": 2}, Text(N_("Add two"))),
        ]


def choose(game, state, rng) -> dict:
    """The bot: one of the moves, drawn with the seeded `rng`."""
    return dict(rng.choice(game.legal_actions(state)).command)
