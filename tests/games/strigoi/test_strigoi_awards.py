"""Armata Strigoi, "The Advanced Action cards": who earns each Heroic and Legendary card."""

import pytest

from companion.rules import load_game
from tests.rules import strigoi_pass


@pytest.fixture(scope="module")
def game():
    """The shipped Armata Strigoi game."""
    return load_game("strigoi")


def _play(game, state, *commands):
    """Apply commands in order; the events of the last one too."""
    events = []
    for c in commands:
        state, events = game.apply(state, c)
    return state, events


def _setup(game, players=3, **extra):
    """A fresh game, Master north and Apprentice south."""
    return game.setup(
        {
            "cmd": "setup",
            "game": "strigoi",
            "players": players,
            "seed": 1,
            "start": {"master": "n", "apprentice": "s"},
            **extra,
        }
    )[0]


def _cards(state, inits, letters=None):
    """An initiative command: seat order, these initiatives (and letters, X by default)."""
    letters = letters or ["X"] * len(inits)
    return {
        "cmd": "initiative",
        "cards": {
            w.name: {"initiative": i, "letter": letter} for w, i, letter in zip(state.wolves, inits, letters)
        },
    }


def _earned(events):
    """(card, wolf) of every CardEarned event."""
    return [(e.card, e.wolf) for e in events if e.kind == "card_earned"]


def _round2(game, players=3, letters=None, **extra):
    """Round 2 begun, the first Powerwolf in seat order on turn."""
    state = _setup(game, players, **extra)
    state, _ = _play(game, state, _cards(state, list(range(10, 10 * players + 1, 10))))
    for _ in range(players):
        state = strigoi_pass(game, state)
    state, _ = _play(game, state, _cards(state, list(range(10, 10 * players + 1, 10)), letters))
    return state


def test_fire_and_forgive_the_first_red_monster_defeated(game):
    state = _setup(game)
    state, events = _play(
        game, state, _cards(state, [10, 20, 30]), {"cmd": "encounter", "colour": "red", "result": "won"}
    )
    assert _earned(events) == [("fire_and_forgive", "Attila")]
    assert events[-1].to_dict()["title"] == "Fire & Forgive"
    # a lost fight earns nothing; a Monk set free is no defeated Monster
    state = strigoi_pass(game, state)
    state, events = _play(game, state, {"cmd": "encounter", "colour": "red", "result": "lost"})
    assert _earned(events) == []
    state = strigoi_pass(game, state)
    state, events = _play(game, state, {"cmd": "encounter", "colour": "red", "result": "freed"})
    assert _earned(events) == []
    assert game.to_json(state)["awards"] == [{"card": "fire_and_forgive", "wolf": "Attila"}]


def test_fist_by_fist_the_first_grey_monster_defeated(game):
    """A Monk attacked turns into a grey Monster: beating it is a grey victory."""
    state = _setup(game)
    state, events = _play(
        game,
        state,
        _cards(state, [10, 20, 30]),
        {"cmd": "encounter", "colour": "grey", "blood": True, "reward": "card"},
    )
    assert _earned(events) == [("fist_by_fist", "Attila")]
    assert state.altar == 1 and state.wolf("Attila").rewards == 1
    # the blood shorthand with its colour counts as well
    state = strigoi_pass(game, state)
    state, events = _play(game, state, {"cmd": "blood", "colour": "grey"})
    assert _earned(events) == [("fist_by_fist", "Falk Maria")]


def test_a_player_can_never_gain_two_identical_advanced_action_cards(game):
    state = _setup(game, 2)
    win = {"cmd": "encounter", "colour": "red"}
    state, _ = _play(game, state, _cards(state, [10, 20]), win)
    state = strigoi_pass(game, strigoi_pass(game, state))
    state, events = _play(game, state, _cards(state, [10, 20]), win)
    assert state.round == 2 and _earned(events) == []
    assert state.awards == (("fire_and_forgive", "Attila"),)


def test_nighttime_rebel_goes_to_the_fewest_reward_cards_when_another_gets_a_third(game):
    state = _setup(game)
    state, _ = _play(
        game,
        state,
        _cards(state, [10, 20, 30]),
        {"cmd": "reward", "wolf": "Falk Maria"},
        {"cmd": "reward", "wolf": "Charles"},
        {"cmd": "reward", "wolf": "Charles"},
        {"cmd": "reward", "wolf": "Attila", "n": 2},
    )
    assert state.awards == ()
    state, events = _play(game, state, {"cmd": "reward", "wolf": "Attila"})  # Attila's third
    assert _earned(events) == [("nighttime_rebel", "Falk Maria")]  # 1 card, fewer than Charles' 2
    state, events = _play(game, state, {"cmd": "reward", "wolf": "Charles"})
    assert _earned(events) == []  # one card, given once


def test_nighttime_rebel_tie_goes_to_the_lowest_initiative_that_round(game):
    state = _setup(game)
    # Charles and Falk Maria both hold none; Charles played the lower initiative
    state, _ = _play(game, state, _cards(state, [30, 20, 5]))
    state, events = _play(game, state, {"cmd": "reward", "wolf": "Attila", "n": 3})
    assert _earned(events) == [("nighttime_rebel", "Charles")]
    assert "tie" in events[-1].to_dict()["why"]


def test_the_evil_made_me_do_it_the_card_that_let_a_strigoi_give_a_comrade_the_third_wound(game):
    state = _round2(game, 2, letters=["C", "X"], stats={"master": {"damage": 3}})
    assert state.active == "Attila"
    state, _ = _play(game, state, {"cmd": "strigoi_move", "token": "master"})  # C: to north-east
    state, events = _play(game, state, {"cmd": "strigoi_attack", "wolf": "Falk Maria"})
    earned = _earned(events)
    assert ("evil_made_me", "Attila") in earned  # Attila's card moved the Strigoi
    assert ("incense_and_iron", "Falk Maria") in earned and ("all_you_can_bleed", "Falk Maria") in earned


def test_the_evil_made_me_do_it_not_for_wounding_oneself(game):
    state = _round2(game, 2, letters=["C", "X"], stats={"master": {"damage": 3}})
    state, _ = _play(game, state, {"cmd": "strigoi_move", "token": "master"})
    state, events = _play(game, state, {"cmd": "strigoi_attack", "wolf": "Attila"})
    assert "evil_made_me" not in [c for c, _ in _earned(events)]


def test_vampires_dont_die_to_the_powerwolf_who_defeats_the_first_strigoi(game):
    state = _round2(game, 2, stats={"apprentice": {"existence": 1}})
    state, _ = _play(game, state, {"cmd": "adjust", "altar": 2})
    state, events = _play(game, state, {"cmd": "attack_strigoi", "strigoi": "apprentice"})
    assert _earned(events) == [("vampires_dont_die", "Attila")]
    assert state.supreme == "master"


def test_incense_and_iron_to_the_first_defeated_powerwolf(game):
    state = _setup(game, 2)
    state, events = _play(
        game, state, _cards(state, [10, 20]), {"cmd": "wound", "wolf": "Falk Maria", "n": 3}
    )
    assert _earned(events) == [("incense_and_iron", "Falk Maria")]
    state, events = _play(game, state, {"cmd": "wound", "wolf": "Attila", "n": 3})
    assert _earned(events) == []  # only the first


def test_all_you_can_bleed_to_the_first_powerwolf_a_strigoi_wounds(game):
    state = _setup(game, 2)
    state, events = _play(game, state, _cards(state, [10, 20]), {"cmd": "wound", "wolf": "Attila"})
    assert _earned(events) == []  # a Monster's wound is not a Strigoi's
    start = _round2(game, 2, letters=["C", "X"], stats={"master": {"damage": 1}})
    state, _ = _play(game, start, {"cmd": "strigoi_move", "token": "master"})  # C: to north-east
    _, events = _play(game, state, {"cmd": "strigoi_attack", "wolf": "Falk Maria", "prevented": 1})
    assert _earned(events) == []  # every wound prevented
    state, events = _play(game, state, {"cmd": "strigoi_attack", "wolf": "Falk Maria"})
    assert _earned(events) == [("all_you_can_bleed", "Falk Maria")]


def test_all_you_can_bleed_from_the_curse_goes_to_the_lowest_initiative_hit(game):
    state = _round2(game, 3, letters=["C", "X", "X"])
    for _ in range(3):  # nobody attacked: the Master's extra turn by the first card's letter C
        state = _play(game, state, {"cmd": "strigoi_move", "token": "apprentice"}, {"cmd": "end_turn"})[0]
    assert state.step.value == "curse"
    state, events = _play(game, state, {"cmd": "curse", "hit": ["Charles", "Falk Maria"]})
    assert _earned(events) == [("all_you_can_bleed", "Falk Maria")]  # initiative 20 before 30
