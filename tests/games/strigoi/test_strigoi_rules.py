"""Armata Strigoi rules as tests: thresholds, wounds, tokens, teleports, extra turn, Supreme, collapse."""

import pytest

from companion.errors import CommandError, RuleViolation
from companion.games.strigoi.rules.fortress import MoveKind, rotate, teleport
from companion.rules import load_game
from tests.rules import strigoi_pass


@pytest.fixture(scope="module")
def game():
    """The shipped Armata Strigoi game."""
    return load_game("strigoi")


def _setup(game, players=2, **extra):
    """A fresh game: Master starts north, Apprentice south."""
    cmd = {
        "cmd": "setup",
        "game": "strigoi",
        "players": players,
        "seed": 1,
        "start": {"master": "n", "apprentice": "s"},
        **extra,
    }
    return game.setup(cmd)[0]


def _cards(state, *letters, inits=None):
    """An initiative command giving each Powerwolf (seat order) a letter."""
    inits = inits or list(range(10, 10 * (len(letters) + 1), 10))
    return {
        "cmd": "initiative",
        "cards": {
            w.name: {"initiative": i, "letter": letter} for w, i, letter in zip(state.wolves, inits, letters)
        },
    }


def _play(game, state, *commands):
    """Apply commands in order."""
    for c in commands:
        state, _ = game.apply(state, c)
    return state


def _round2(game, players=2, altar=0, **extra):
    """A game at round 2 with the Strigoi in the fortress and `altar` blood points."""
    state = _setup(game, players, **extra)
    letters = ["X"] * players
    state = _play(game, state, _cards(state, *letters), *[{"cmd": "end_turn"}] * players)
    if altar:
        state = _play(game, state, {"cmd": "adjust", "altar": altar})
    return state


@pytest.mark.parametrize("players,attack,defeat", [(2, 2, 3), (3, 3, 3), (4, 3, 4), (5, 4, 5)])
def test_blood_thresholds_per_player_count(game, players, attack, defeat):
    state = _setup(game, players)
    assert (state.attack_need, state.defeat_need) == (attack, defeat)


def test_attack_needs_enough_blood_on_the_altar(game):
    state = _round2(game, 3, altar=2)
    state = _play(game, state, _cards(state, "A", "B", "C"))
    with pytest.raises(RuleViolation) as err:
        game.apply(state, {"cmd": "attack_strigoi", "strigoi": "master"})
    assert err.value.rule == "altar"
    state = strigoi_pass(game, _play(game, state, {"cmd": "blood"}))  # one encounter per turn
    state = _play(game, state, {"cmd": "attack_strigoi", "strigoi": "master"})
    assert state.vampire("master").wounds == 1


def test_altar_never_holds_more_than_five(game):
    state = _setup(game, 5)
    state = _play(game, state, _cards(state, *"ABCDE"), {"cmd": "adjust", "altar": 4}, {"cmd": "blood"})
    assert state.altar == 5
    state = strigoi_pass(game, state)  # one encounter per turn: the next Powerwolf's blood icon
    with pytest.raises(RuleViolation) as err:
        game.apply(state, {"cmd": "blood"})
    assert err.value.rule == "altar"


def test_third_wound_costs_a_blood_point_and_heals_fully(game):
    state = _setup(game, 2)
    state = _play(
        game,
        state,
        _cards(state, "A", "B"),
        {"cmd": "adjust", "altar": 2},
        {"cmd": "wound", "wolf": "Attila", "n": 2},
    )
    assert state.wolf("Attila").wounds == 2 and state.altar == 2
    state, events = game.apply(state, {"cmd": "wound", "wolf": "Attila", "n": 2})  # double wound
    assert state.wolf("Attila").wounds == 0
    assert (state.altar, state.inferno) == (1, 1)
    assert [e.kind for e in events] == ["wounded", "fell", "card_earned", "blood_lost"]


def test_lost_blood_comes_from_the_supply_when_the_altar_is_empty(game):
    state = _setup(game, 2)
    state, _ = game.apply(state, {"cmd": "lose_blood", "reason": "crushed"})
    assert (state.altar, state.inferno) == (0, 1)


def test_full_inferno_loses_the_game(game):
    state = _setup(game, 4)  # defeat at 4
    state = _play(game, state, *[{"cmd": "lose_blood"}] * 3)
    assert game.outcome(state) is None
    state, events = game.apply(state, {"cmd": "lose_blood"})
    assert game.outcome(state) == "defeat" and events[-1].kind == "game_over"
    with pytest.raises(RuleViolation):
        game.apply(state, {"cmd": "blood"})


def test_initiative_order_lowest_first_ties_by_seat(game):
    state = _setup(game, 4)
    state, events = game.apply(state, _cards(state, "A", "B", "C", "D", inits=[40, 12, 40, 3]))
    assert state.order == ("Matthew", "Falk Maria", "Attila", "Charles")
    assert state.active == "Matthew"
    assert events[0].to_dict()["order"] == ["Matthew", "Falk Maria", "Attila", "Charles"]


def test_strigoi_enter_only_in_round_two(game):
    state = _setup(game, 2)
    state = _play(game, state, _cards(state, "A", "B"))
    with pytest.raises(RuleViolation):
        game.apply(state, {"cmd": "strigoi_move"})
    state = _play(game, state, {"cmd": "end_turn"}, {"cmd": "end_turn"})
    assert state.round == 2
    assert {v.id: v.room for v in state.strigoi} == {"master": "n", "apprentice": "s"}


def test_start_rooms_come_from_the_seed_when_not_given(game):
    rooms = {
        tuple(sorted(game.canonical(None, {"cmd": "setup", "players": 2, "seed": s})["start"].items()))
        for s in range(12)
    }
    assert rooms == {(("apprentice", "s"), ("master", "n")), (("apprentice", "n"), ("master", "s"))}


def test_turn_must_move_the_strigoi_before_ending(game):
    state = _round2(game)
    state = _play(game, state, _cards(state, "A", "B"))
    with pytest.raises(RuleViolation):
        game.apply(state, {"cmd": "end_turn"})


def test_token_from_the_table_moves_that_strigoi_by_the_card_letter(game):
    state = _round2(game)
    state = _play(game, state, _cards(state, "C", "A"))  # Attila first: C = south-east
    state, events = game.apply(state, {"cmd": "strigoi_move", "token": "master", "bonus": 1})
    assert state.vampire("master").room == "ne"  # north + south-east = north-east
    assert events[1].to_dict() == {
        "event": "strigoi_teleported",
        "strigoi": "master",
        "how": "moved",
        "origin": "n",
        "to": "ne",
        "direction": "se",
    }
    state, events = game.apply(state, {"cmd": "strigoi_attack", "wolf": "Attila", "prevented": 0})
    hit = game.data.stats["master"].damage + 1
    assert events[0].to_dict()["wounds"] == hit
    assert state.wolf("Attila").wounds == (hit if hit < 3 else 0)
    assert state.marker and state.attacked == "Attila"


def test_token_draws_come_from_the_seeded_bag_and_reshuffle(game):
    state = _round2(game)
    size = len(state.bag)
    seen = []
    for _ in range(size + 2):
        state = _play(game, state, _cards(state, "X", "X")) if state.step.value == "initiative" else state
        state, events = game.apply(state, {"cmd": "strigoi_move"})
        seen.append((events[0].strigoi, events[0].bonus))
        state, _ = game.apply(state, {"cmd": "end_turn"})
        if state.step.value == "curse":
            state, _ = game.apply(state, {"cmd": "curse", "hit": []})
    first_bag = sorted(seen[:size])
    assert first_bag == sorted((t.strigoi, t.bonus) for t in game.data.tokens for _ in range(t.count))
    assert state.shuffles == 1


def test_strigoi_bounces_off_an_outer_edge_without_ladder(game):
    f = game.data.fortress
    rings = {r: "ABCDEF" for r in f.rooms}
    standing = {r for r in f.rooms if f.rooms[r].platform}
    move = teleport(f, rings, standing, set(), "n", "B", None)  # north-east of n: outside
    assert (move.kind, move.to, move.direction) == (MoveKind.BOUNCED, "nw", "sw")
    move = teleport(f, rings, standing, set(), "n", "A", None)  # outside, and behind it the hall
    assert (move.kind, move.to) == (MoveKind.STUCK, "n")


def test_strigoi_never_lands_on_the_hall_or_a_collapsed_platform(game):
    f = game.data.fortress
    rings = {r: "ABCDEF" for r in f.rooms}
    standing = {r for r in f.rooms if f.rooms[r].platform} - {"nw"}
    move = teleport(f, rings, standing, set(), "center", "F", None)  # nw of the hall has fallen
    assert (move.kind, move.to, move.direction) == (MoveKind.BOUNCED, "se", "se")
    move = teleport(f, rings, standing, set(), "n", "E", None)  # nw fallen, behind n is outside
    assert (move.kind, move.to) == (MoveKind.STUCK, "n")
    move = teleport(f, rings, standing, set(), "n", "D", None)  # south of n is the hall
    assert (move.kind, move.to) == (MoveKind.STUCK, "n")


def test_strigoi_smashes_a_ladder_instead_of_bouncing(game):
    f = game.data.fortress
    rings = {r: "ABCDEF" for r in f.rooms}
    standing = {r for r in f.rooms if f.rooms[r].platform}
    move = teleport(f, rings, standing, {("ne", "ne")}, "ne", "B", None)
    assert move.kind is MoveKind.LADDER and move.to == "ne" and not move.moved


def test_strigoi_blocked_by_the_other_and_x_stays(game):
    f = game.data.fortress
    rings = {r: "ABCDEF" for r in f.rooms}
    standing = {r for r in f.rooms if f.rooms[r].platform}
    assert teleport(f, rings, standing, set(), "n", "C", "ne").kind is MoveKind.BLOCKED
    assert teleport(f, rings, standing, set(), "n", "X", None).kind is MoveKind.STAYED


def test_destroying_the_last_ladder_costs_blood(game):
    state = _round2(game, 2, ladders=[["ne", "ne"], ["nw", "nw"]])
    state = _play(
        game, state, {"cmd": "adjust", "strigoi": {"master": {"room": "ne"}}, "ladders": [["ne", "ne"]]}
    )
    state = _play(game, state, _cards(state, "B", "X"))
    state, events = game.apply(state, {"cmd": "strigoi_move", "token": "master"})
    kinds = [e.kind for e in events]
    assert kinds == ["token_revealed", "strigoi_teleported", "ladder_destroyed", "blood_lost"]
    assert state.ladders == () and state.inferno == 1 and state.moved is None


def test_a_strigoi_that_did_not_move_cannot_attack(game):
    state = _round2(game)
    state = _play(game, state, _cards(state, "X", "X"), {"cmd": "strigoi_move"})
    with pytest.raises(RuleViolation):
        game.apply(state, {"cmd": "strigoi_attack", "wolf": "Attila"})


def test_extra_strigoi_turn_when_nobody_was_attacked(game):
    state = _round2(game)
    state = _play(
        game,
        state,
        _cards(state, "C", "X"),
        {"cmd": "strigoi_move", "token": "apprentice"},
        {"cmd": "end_turn"},
        {"cmd": "strigoi_move", "token": "apprentice"},
    )
    state, events = game.apply(state, {"cmd": "end_turn"})
    # first player's letter C (south-east) takes the Master from north to north-east; curse follows
    assert state.step.value == "curse" and state.vampire("master").room == "ne"
    state, events = game.apply(state, {"cmd": "curse", "hit": ["Attila"]})
    assert state.wolf("Attila").wounds == 1 and state.round == 3
    assert [e.kind for e in events][0] == "cursed"


def test_no_extra_turn_when_the_attack_marker_is_on(game):
    state = _round2(game)
    state = _play(
        game,
        state,
        _cards(state, "C", "X"),
        {"cmd": "strigoi_move", "token": "master"},
        {"cmd": "strigoi_attack", "wolf": "Falk Maria", "prevented": 9},
        {"cmd": "end_turn"},
        {"cmd": "strigoi_move"},
    )
    state, events = game.apply(state, {"cmd": "end_turn"})
    assert state.round == 3 and not state.marker
    assert events[0].to_dict() == {"event": "round_ended", "round": 2, "extra_turn": False}


def test_strigoi_on_the_centre_space_cannot_be_parried_and_costs_blood(game):
    state = _round2(game, altar=2)
    state = _play(
        game, state, _cards(state, "C", "X"), {"cmd": "strigoi_move", "token": "apprentice", "bonus": 0}
    )
    state = _play(game, state, {"cmd": "strigoi_attack", "wolf": "Attila", "prevented": 5, "center": True})
    dmg = game.data.stats["apprentice"].damage
    assert state.inferno == 1 and state.altar == 1
    assert state.wolf("Attila").wounds == (dmg if dmg < 3 else 0)


def test_only_the_attacked_powerwolf_counterattacks(game):
    state = _round2(game, altar=2)
    state = _play(
        game,
        state,
        _cards(state, "C", "X"),
        {"cmd": "strigoi_move", "token": "master"},
        {"cmd": "strigoi_attack", "wolf": "Falk Maria", "prevented": 9},
    )
    with pytest.raises(RuleViolation):
        game.apply(state, {"cmd": "attack_strigoi", "strigoi": "master", "wolf": "Attila"})
    state, _ = game.apply(state, {"cmd": "attack_strigoi", "strigoi": "master"})
    assert state.vampire("master").wounds == 1


def test_first_fall_makes_the_other_supreme_keeping_wounds(game):
    state = _round2(game, altar=2, stats={"apprentice": {"existence": 1}})
    state = _play(game, state, {"cmd": "adjust", "strigoi": {"master": {"wounds": 1}}})
    state = _play(game, state, _cards(state, "X", "X"))
    state, events = game.apply(state, {"cmd": "attack_strigoi", "strigoi": "apprentice"})
    assert [e.kind for e in events] == ["strigoi_wounded", "strigoi_defeated", "card_earned", "supreme_rose"]
    assert state.supreme == "master" and state.vampire("master").wounds == 1
    assert state.stat("master").strength == 9 == game.data.stats["supreme"].strength
    assert state.in_play == ("master",)
    with pytest.raises(RuleViolation):
        game.apply(state, {"cmd": "strigoi_move", "token": "master"})
    state, events = game.apply(state, {"cmd": "strigoi_move"})
    assert events[0].kind == "strigoi_teleported"  # no token flipped


def test_wounding_the_supreme_collapses_the_platform_in_the_letter_direction(game):
    state = _round2(game, altar=2, stats={"apprentice": {"existence": 1}})
    state = _play(game, state, _cards(state, "D", "D"), {"cmd": "attack_strigoi", "strigoi": "apprentice"})
    state = strigoi_pass(game, state)  # one encounter per turn: the next Powerwolf strikes the Supreme
    state, events = game.apply(state, {"cmd": "attack_strigoi", "strigoi": "master"})
    # letter D read on the hall's books points south: the south platform falls
    assert events[-1].to_dict() == {
        "event": "platform_collapsed",
        "room": "s",
        "direction": "s",
        "strigoi_moved": False,
    }
    assert state.collapsed == ("s",)
    state = _play(game, strigoi_pass(game, state), _cards(state, "D", "D"))
    state, events = game.apply(state, {"cmd": "attack_strigoi", "strigoi": "master"})
    assert [e.kind for e in events] == ["strigoi_wounded"]  # already fallen: nothing more


def test_supreme_on_a_collapsing_platform_goes_to_the_hall(game):
    state = _round2(game, altar=2, stats={"apprentice": {"existence": 1}})
    state = _play(game, state, _cards(state, "A", "A"), {"cmd": "attack_strigoi", "strigoi": "apprentice"})
    state = strigoi_pass(game, state)  # one encounter per turn: the next Powerwolf strikes the Supreme
    state, events = game.apply(state, {"cmd": "attack_strigoi", "strigoi": "master"})
    assert events[-1].to_dict()["strigoi_moved"] is True
    assert state.vampire("master").room == "center"


def test_supreme_defeated_wins_the_game(game):
    state = _round2(game, altar=2, stats={"apprentice": {"existence": 1}, "supreme": {"existence": 2}})
    state = _play(game, state, _cards(state, "X", "X"), {"cmd": "attack_strigoi", "strigoi": "apprentice"})
    state = strigoi_pass(game, state)  # one encounter per turn: one blow each
    state = strigoi_pass(game, _play(game, state, {"cmd": "attack_strigoi", "strigoi": "master"}))
    state = _play(game, state, _cards(state, "X", "X"))
    state, events = game.apply(state, {"cmd": "attack_strigoi", "strigoi": "master"})
    assert game.outcome(state) == "victory" and events[-1].kind == "game_over"


def test_rotate_turns_a_platform_and_changes_where_letters_point(game):
    assert rotate("ABCDEF", 1) == "FABCDE"
    assert rotate("ABCDEF", -1) == "BCDEFA"
    state = _round2(game)
    state = _play(game, state, _cards(state, "B", "X"))
    plain, _ = game.apply(state, {"cmd": "strigoi_move", "token": "master"})
    assert plain.vampire("master").room == "nw"  # B = north-east: outside, bounced to nw
    state = _play(game, state, {"cmd": "rotate", "room": "n", "steps": 1})
    assert dict(state.rings)["n"] == "FABCDE"
    state, _ = game.apply(state, {"cmd": "strigoi_move", "token": "master"})
    assert state.vampire("master").room == "ne"  # B now points south-east
    with pytest.raises(RuleViolation):
        game.apply(state, {"cmd": "rotate", "room": "center"})


def test_strigoi_blood_is_greyed_when_the_supply_is_empty():
    """The menu refuses what the engine refuses: no counter left means no blood button."""
    import random
    from dataclasses import replace

    from companion.games.strigoi.rules.bot import choose
    from companion.rules import load_game

    game = load_game("strigoi")
    state, _ = game.setup(game.canonical(None, {"cmd": "setup", "game": "strigoi", "players": 2, "seed": 1}))
    rng = random.Random(1)
    while not any(a.command.get("cmd") == "blood" for a in game.actions(state)):
        state, _ = game.apply(state, game.canonical(state, choose(game, state, rng)))
    empty = replace(state, altar=0, inferno=game.data.blood_counters)
    blood = next(a for a in game.actions(empty) if a.command.get("cmd") == "blood")
    assert not blood.enabled and blood.why_not == "no blood point counter left in the supply"


@pytest.mark.parametrize("verb", ["wound", "heal"])
def test_a_wound_or_heal_without_a_wolf_asks_which_powerwolf(game, verb):
    state = _setup(game)
    with pytest.raises(CommandError) as refused:
        game.apply(state, {"cmd": verb})
    assert (
        refused.value.message == f"{verb}: missing parameter 'wolf'"
    )  # the one parser's words, in every game
    assert "None" not in refused.value.message
