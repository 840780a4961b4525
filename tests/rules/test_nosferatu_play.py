"""Nosferatu played through: random legal games end, JSON round-trips, replay, the scenario file."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import game_of_setup, load_game
from companion.rules.nosferatu import choose
from tests.rules import scenario

MAX_COMMANDS = 3000


def random_game(seed: int, players: int):
    """Play a bot game; return the engine, setup command, canonical commands and final state."""
    game = load_game("nosferatu")
    rng = random.Random(seed)
    setup = game.canonical(None, {"cmd": "setup", "game": "nosferatu", "players": players,
                                  "seed": seed})
    state, _ = game.setup(setup)
    commands = []
    while game.outcome(state) is None and len(commands) < MAX_COMMANDS:
        command = game.canonical(state, choose(game, state, rng))
        state, _ = game.apply(state, command)
        assert game.from_json(json.loads(json.dumps(game.to_json(state)))) == state
        commands.append(command)
    return game, setup, commands, state


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.integers(5, 8))
def test_random_legal_games_end_and_round_trip_json(seed, players):
    game, _, _, state = random_game(seed, players)
    assert game.outcome(state) in {"hunters-stake", "hunters-rituals", "evil-bites", "evil-stake"}
    assert game.actions(state) == []


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**9))
def test_replaying_canonical_commands_reproduces_the_final_state(seed):
    game, setup, commands, final = random_game(seed, 6)
    state, _ = game.setup(setup)
    for command in commands:
        state, _ = game.apply(state, json.loads(json.dumps(command)))
    assert state == final


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9))
def test_enabled_actions_without_needs_are_accepted(seed):
    game = load_game("nosferatu")
    rng = random.Random(seed)
    state, _ = game.setup({"cmd": "setup", "game": "nosferatu", "players": 7, "seed": seed})
    for _ in range(60):
        if game.outcome(state):
            break
        for action in game.actions(state):
            if action.enabled and not action.needs:
                game.apply(state, dict(action.command))  # must not raise
        state, _ = game.apply(state, choose(game, state, rng))


def test_scenario_file_plays_to_its_documented_end():
    lines = scenario("nosferatu")
    game = load_game(game_of_setup(lines[0]))
    state, _ = game.setup(lines[0])
    for command in lines[1:]:
        state, _ = game.apply(state, command)
    data = game.to_json(state)
    assert data["outcome"] == "hunters-stake"
    assert data["bites"]["Bram"] == 1 and data["rituals"]["used"] == ["time-distortion"]
    assert data["round"] == 3 and data["clock"]["nights"] == 4  # 5 Nights, one removed by Time Distortion
