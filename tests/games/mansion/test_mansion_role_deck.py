"""The mansion's role deck ("Start / Game preparation", step 2): the rulebook's pile is for 4
players, 1 vampire and 3 humans; any other pile is our extension, with a vampire count the table
sets (`vampires`, 1 by default)."""

import random

import pytest

from companion.errors import CommandError, RuleViolation
from companion.games.mansion.rules.bot import choose
from companion.games.mansion.rules.state import Step
from companion.rules import load_game


@pytest.fixture(scope="module")
def game():
    """The engine with the shipped data."""
    return load_game("mansion")


def _setup(game, players, **extra):
    """A game for `players` (seed 3)."""
    return game.setup(
        game.canonical(None, {"cmd": "setup", "game": "mansion", "players": players, "seed": 3, **extra})
    )[0]


def test_create_a_pile_of_4_role_cards_1_vampire_3_human(game):
    deck = game.to_json(_setup(game, 4))["role_deck"]
    assert deck == {"players": 4, "vampires": 1, "humans": 3, "rulebook": True}


def test_role_deck_for_other_player_counts_is_our_extension_with_one_vampire_by_default(game):
    for players in (2, 3, 5, 8):
        deck = game.to_json(_setup(game, players))["role_deck"]
        assert deck["vampires"] == 1 and deck["humans"] == players - 1 and deck["rulebook"] is False
    canon = game.canonical(None, {"cmd": "setup", "game": "mansion", "players": 6, "seed": 3})
    assert canon["vampires"] == 1  # journaled, so a later default change cannot alter the game


def test_the_table_sets_the_number_of_vampires(game):
    deck = game.to_json(_setup(game, 6, vampires=2))["role_deck"]
    assert deck == {"players": 6, "vampires": 2, "humans": 4, "rulebook": False}
    assert game.to_json(_setup(game, 4, vampires=2))["role_deck"]["rulebook"] is False


@pytest.mark.parametrize("players, vampires", [(4, 0), (4, 4), (2, 2), (8, 9)])
def test_a_role_deck_holds_at_least_one_vampire_and_one_human(game, players, vampires):
    with pytest.raises(RuleViolation) as err:
        _setup(game, players, vampires=vampires)
    assert err.value.rule == "role-deck" and f"1 to {players - 1}" in err.value.message


def test_the_vampire_count_is_a_whole_number(game):
    with pytest.raises(CommandError):
        _setup(game, 5, vampires="two")


def test_a_reveal_shows_at_least_the_vampires_the_deck_dealt(game):
    state = _setup(game, 5, vampires=2)
    rng = random.Random(1)
    while state.step is not Step.REVEAL:
        state, _ = game.apply(state, game.canonical(state, choose(game, state, rng)))
    with pytest.raises(RuleViolation) as err:
        game.apply(state, {"cmd": "reveal_roles", "vampires": 1})
    assert err.value.rule == "reveal"
    assert [a.command["vampires"] for a in game.actions(state) if a.command["cmd"] == "reveal_roles"] == [
        2,
        3,
        4,
        5,
    ]
    state, _ = game.apply(state, {"cmd": "reveal_roles", "vampires": 2})
    assert state.vampires == 2
