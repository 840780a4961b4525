"""Masters properties over random legal games played by the bot: tokens conserved, counts in bounds,
the veil and the end. (What every game keeps, JSON, replay, refusals, purity: test_contract.py and
test_purity.py.)"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.masters.rules import bot
from tests.rules import masters_game

NAMES = ["Agnieszka", "Imre", "Ishtvan", "Laszlo", "Mila", "Nevena"]
MINION_TOKENS = 9
game_params = st.tuples(
    st.integers(0, 10**6),
    st.integers(2, 5),
    st.sampled_from(["easy", "medium", "hard"]),
    st.sampled_from([0.0, 0.3]),
)


def _setup(game, seed: int, n: int, difficulty: str) -> tuple:
    """A canonical setup command and its state for a random choice of vampires."""
    vampires = random.Random(seed).sample(NAMES, n)
    cmd = game.canonical(
        None,
        {"cmd": "setup", "game": "masters", "vampires": vampires, "difficulty": difficulty, "seed": seed},
    )
    return cmd, game.setup(cmd)[0]


def _totals(s) -> tuple[int, int, int]:
    """Agents, minions and blood on the board plus the reserve."""
    agents = sum(d.agents for d in s.districts) + s.reserve.agents
    minions = sum(d.minions for d in s.districts) + s.reserve.minions
    blood = sum(v.blood for v in s.vampires) + s.reserve.blood
    return agents, minions, blood


def _play(game, seed: int, n: int, difficulty: str, explore: float, check) -> tuple:
    """Play one bot game to its end, calling `check(state, command)` before each command."""
    setup, s = _setup(game, seed, n, difficulty)
    rng = random.Random(seed)
    commands = [setup]
    for _ in range(4000):
        if game.outcome(s) is not None:
            break
        cmd = game.canonical(s, bot.choose(game, s, rng, explore=explore))
        check(s, cmd)
        s, _ = game.apply(s, cmd)
        commands.append(cmd)
    return s, commands


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_params)
def test_masters_tokens_conserved_and_veil_in_bounds(params):
    """Agents, minions and blood are only ever moved between board and reserve; veil stays 0..6."""
    seed, n, difficulty, explore = params
    game = masters_game()
    _, s0 = _setup(game, seed, n, difficulty)
    expected = (s0.reserve.agents, MINION_TOKENS, 4 * n + 2)

    def check(s, cmd):
        assert _totals(s) == expected
        assert 0 <= s.veil <= 6
        assert all(0 <= v.blood <= 6 and v.ap >= 0 for v in s.vampires)
        assert all(d.agents_hidden >= 0 and d.agents_exposed >= 0 and d.minions >= 0 for d in s.districts)

    s, _ = _play(game, seed, n, difficulty, explore, check)
    assert _totals(s) == expected and 0 <= s.veil <= 6


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_params)
def test_masters_every_game_ends(params):
    """The bot's games always end with a known outcome, and a loss by veil means the veil is 0."""
    seed, n, difficulty, explore = params
    game = masters_game()
    s, _ = _play(game, seed, n, difficulty, explore, lambda s, c: None)
    assert game.outcome(s) in ("victory", "defeat-veil", "defeat-deck")
    assert (s.veil == 0) == (game.outcome(s) == "defeat-veil")
    assert s.phase.value == "over" and game.actions(s) == []
