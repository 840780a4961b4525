"""Armata Strigoi, "Phase 2b. Fight Enemies": one encounter per turn, and the counterattack."""

import pytest

from companion.errors import RuleViolation
from companion.rules import load_game


@pytest.fixture(scope="module")
def game():
    """The shipped Armata Strigoi game."""
    return load_game("strigoi")


def _play(game, state, *commands):
    """Apply commands in order."""
    for c in commands:
        state, _ = game.apply(state, c)
    return state


def _turn_in_round2(game, altar=3, letter="X", **extra):
    """Round 2, Attila's turn (his card's `letter`; X: the Strigoi stay), `altar` blood points on
    the Altar."""
    state, _ = game.setup(
        {
            "cmd": "setup",
            "game": "strigoi",
            "players": 2,
            "seed": 1,
            "start": {"master": "n", "apprentice": "s"},
            **extra,
        }
    )

    def cards(first):
        return {
            "cmd": "initiative",
            "cards": {
                "Attila": {"initiative": 10, "letter": first},
                "Falk Maria": {"initiative": 20, "letter": "X"},
            },
        }

    state = _play(
        game,
        state,
        cards("X"),
        {"cmd": "end_turn"},
        {"cmd": "end_turn"},
        cards(letter),
        {"cmd": "adjust", "altar": altar},
    )
    assert state.round == 2 and state.active == "Attila"
    return state


def _refused(game, state, command):
    """The refusal's rule; the state JSON is unchanged."""
    before = game.to_json(state)
    with pytest.raises(RuleViolation) as err:
        game.apply(state, command)
    assert game.to_json(state) == before
    return err.value


def test_a_player_can_play_only_one_encounter_per_turn(game):
    """Two attacks on a Strigoi in one turn: the second is refused, so it cannot fall and the
    Supreme cannot appear."""
    state = _turn_in_round2(game, stats={"apprentice": {"existence": 2}})
    state = _play(game, state, {"cmd": "attack_strigoi", "strigoi": "apprentice"})
    err = _refused(game, state, {"cmd": "attack_strigoi", "strigoi": "apprentice"})
    assert err.rule == "one-encounter" and "one encounter per turn" in err.message
    assert state.vampire("apprentice").wounds == 1 and state.supreme is None


def test_an_encounter_ends_this_part_of_the_turn_blood_then_attack(game):
    """A Monster's blood icon then an attack on a Strigoi: the attack is a second encounter."""
    state = _turn_in_round2(game, altar=2)
    state = _play(game, state, {"cmd": "blood"})
    assert state.altar == 3 and state.encounter == "monster"
    err = _refused(game, state, {"cmd": "attack_strigoi", "strigoi": "master"})
    assert err.rule == "one-encounter" and "Monster" in err.message
    _refused(game, state, {"cmd": "encounter", "colour": "grey"})
    _refused(game, state, {"cmd": "blood"})


def test_a_powerwolf_can_attack_a_strigoi_instead_of_a_monster(game):
    """The Strigoi takes the place of the Monster: no token fight after it."""
    state = _turn_in_round2(game)
    state = _play(game, state, {"cmd": "attack_strigoi", "strigoi": "master"})
    assert state.encounter == "strigoi"
    for probe in ({"cmd": "encounter", "colour": "red"}, {"cmd": "blood"}):
        assert _refused(game, state, probe).rule == "one-encounter"
    by = {a.command["cmd"]: a for a in game.actions(state)}
    assert not by["encounter"].enabled and "one encounter per turn" in by["encounter"].why_not
    assert not by["attack_strigoi"].enabled and not by["blood"].enabled


def test_a_lost_fight_is_still_the_turns_encounter(game):
    """Losing to a red Monster (or to a Strigoi) ends phase 2b just the same."""
    state = _turn_in_round2(game)
    state = _play(game, state, {"cmd": "encounter", "colour": "red", "result": "lost"})
    assert _refused(game, state, {"cmd": "attack_strigoi", "strigoi": "master"}).rule == "one-encounter"
    state = _turn_in_round2(game)
    state, events = game.apply(state, {"cmd": "attack_strigoi", "strigoi": "master", "won": False})
    assert state.vampire("master").wounds == 0 and events[0].kind == "encounter_fought"
    assert _refused(game, state, {"cmd": "attack_strigoi", "strigoi": "master"}).rule == "one-encounter"


def test_encounters_come_before_the_strigoi_moves_phase_2c(game):
    """After the Strigoi Action token is flipped no encounter is fought any more."""
    state = _turn_in_round2(game)
    state = _play(game, state, {"cmd": "strigoi_move"})
    err = _refused(game, state, {"cmd": "blood"})
    assert err.rule == "one-encounter" and "phase 2b" in err.message
    assert _refused(game, state, {"cmd": "encounter", "colour": "red"}).rule == "one-encounter"


def test_the_next_powerwolf_turn_has_its_own_encounter(game):
    """The limit is per turn: the next Powerwolf in initiative order fights again."""
    state = _turn_in_round2(game)
    state = _play(
        game,
        state,
        {"cmd": "attack_strigoi", "strigoi": "master"},
        {"cmd": "strigoi_move"},
        {"cmd": "end_turn"},
    )
    assert state.active == "Falk Maria" and state.encounter is None
    state = _play(game, state, {"cmd": "attack_strigoi", "strigoi": "master"})
    assert state.vampire("master").wounds == 2


def test_counterattack_after_the_strigoi_attack_is_not_an_encounter_and_comes_once(game):
    """The attacked Powerwolf strikes back even after their own encounter, but only once."""
    state = _turn_in_round2(game, letter="C")
    state = _play(
        game,
        state,
        {"cmd": "attack_strigoi", "strigoi": "master"},
        {"cmd": "strigoi_move", "token": "master"},  # C: north to north-east
        {"cmd": "strigoi_attack", "wolf": "Attila", "prevented": 9},
    )
    assert state.vampire("master").room == "ne"
    state = _play(game, state, {"cmd": "attack_strigoi", "strigoi": "master"})  # the counterattack
    assert state.vampire("master").wounds == 2
    err = _refused(game, state, {"cmd": "attack_strigoi", "strigoi": "master"})
    assert err.rule == "counterattack"


# The example scenario as it was before the rule was enforced: Matthew's turn in round 3 fights the
# Supreme and then takes a monster's blood point (two encounters).
OLD_SCENARIO_TAIL = [
    {
        "cmd": "initiative",
        "cards": {"Roel": {"initiative": 20, "letter": "D"}, "Matthew": {"initiative": 9, "letter": "B"}},
    },
    {"cmd": "attack_strigoi", "strigoi": "master"},
    {"cmd": "lose_blood", "reason": "crushed"},
    {"cmd": "blood"},
    {"cmd": "strigoi_move"},
    {"cmd": "end_turn"},
    {"cmd": "attack_strigoi", "strigoi": "master"},
]


def test_a_game_journaled_before_one_encounter_per_turn_still_replays(game):
    """Nothing lost: an old journal (its setup has stats, rings and ladders but no token mix) is
    replayed as recorded; a new game with the same moves is refused at the second encounter."""
    from tests.rules import scenario

    lines = scenario("strigoi")[:15] + OLD_SCENARIO_TAIL
    new_setup = game.canonical(None, lines[0])
    old_setup = {k: v for k, v in new_setup.items() if k not in ("tokens", "examples", "one_encounter")}
    state, _ = game.setup(old_setup)
    assert not state.one_encounter
    for c in lines[1:]:
        state, _ = game.apply(state, game.canonical(state, c))
    assert game.outcome(state) == "victory" and state.collapsed == ("ne",) and state.inferno == 1
    state, _ = game.setup(new_setup)
    with pytest.raises(RuleViolation) as err:
        for c in lines[1:]:
            state, _ = game.apply(state, c)
    assert err.value.rule == "one-encounter"
