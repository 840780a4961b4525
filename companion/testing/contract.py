"""The machinery of the contract test (companion/testing/test_contract.py): which games are under
test, a setup for a table size, a game played to its end through a Session with the game's bot
mixed with random enabled actions."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

from companion.testing import params as values

MAX_COMMANDS = 3000
EXPLORE = 0.2  # share of commands taken from the enabled actions instead of the bot
# a setup of its own for a game whose example setup seats too few tables (the repo's suite fills it in)
SETUPS: dict[str, Callable[[Any, int, int], dict]] = {}


def games_under_test() -> list[str]:
    """The ids in NIGHTWATCH_GAMES (comma-separated), else every installed game's."""
    from companion.plugins import games

    wanted = [g.strip() for g in os.environ.get("NIGHTWATCH_GAMES", "").split(",") if g.strip()]
    return wanted or list(games())


def setup_for(game, seed: int, players: int) -> dict:
    """A setup command for `players` (the game's example setup, or its entry in SETUPS)."""
    if game.id in SETUPS:
        return SETUPS[game.id](game, seed, players)
    setup = game.example_setup(players, seed)
    return dict(setup, players=players) if "players" in setup else setup  # out of range too: the refusals


def players_for(game, seed: int) -> int:
    """A table size in the game's range, picked by the seed."""
    lo, hi = game.player_range
    return random.Random(seed).randint(lo, hi)


def next_command(game, state, rng: random.Random, explore: float) -> dict:
    """The bot's choice, or now and then an enabled legal action with values its parameters allow
    (corrections aside: they could set a game back for ever; and one that would end the game at once,
    like a claim of the win, only now and then, so games still get long)."""
    from companion.plugins import bot

    if rng.random() < explore:
        ready = [a for a in game.legal_actions(state) if a.enabled and a.command["cmd"] != "adjust"]
        if ready:
            command = values.command(rng.choice(ready), rng)
            if rng.random() < 0.05 or not game.is_over(game.apply(state, command)[0]):
                return command
    return bot(game.id).choose(game, state, rng)


def play(game_id: str, seed: int, explore: float = EXPLORE, each=None):
    """One game to its end through a Session (journal order: canonical commands); the session."""
    from companion.rules import load_game
    from companion.storage.session import Session

    game = load_game(game_id)
    rng = random.Random(seed)
    session, _ = Session.new(setup_for(game, seed, players_for(game, seed)), game=game)
    while session.outcome() is None and len(session.commands) < MAX_COMMANDS:
        raw = next_command(game, session.state, rng, explore if len(session.commands) < 300 else 0.0)
        if each is not None:
            each(game, session.state, raw)
        session.submit(raw)
    return session
