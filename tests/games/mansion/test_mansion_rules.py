"""Mansion rules as tests: dice, priority tie-breaks, nearest free room, clock, reveals, ranking."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CommandError, RuleViolation
from companion.games.mansion.rules.placement import destinations, ranking
from companion.games.mansion.rules.state import Outcome, Role, Seat
from companion.rules import load_game
from tests.rules import play_scenario, refused, set_up_and_play
from tests.rules.test_contract import play as bot_game

FOUR = {"cmd": "setup", "game": "mansion", "players": 4, "seed": 5, "names": ["Ada", "Ben", "Cy", "Di"]}


@pytest.fixture
def game():
    """The engine with the shipped data."""
    return load_game("mansion")


def play(game, commands, setup=FOUR):
    """Set up and apply `commands`; return the final state."""
    return set_up_and_play(game, setup, commands)


def rolls(spec):
    """Roll and assign: spec {name: (priority die, room die)}."""
    out = []
    for name, (prio, room) in spec.items():
        out += [
            {"cmd": "roll", "player": name, "values": [prio, room]},
            {"cmd": "assign", "player": name, "priority": prio},
        ]
    return out


def bot_round(spec):
    """Roll, lock, and for each player in turn enter and end the turn."""
    cmds = rolls(spec) + [{"cmd": "lock"}]
    return cmds + [{"cmd": "enter"}, {"cmd": "end_turn"}] * len(spec)


def test_destinations_rulebook_example_room_six_taken():
    full = {6: 2}
    assert destinations(6, full, 2, 6) == (1, 5)
    assert destinations(6, {6: 2, 5: 2, 1: 2}, 2, 6) == (2, 4)
    assert destinations(6, {6: 2, 5: 2, 1: 2, 4: 2, 2: 2}, 2, 6) == (3,)
    assert destinations(6, {6: 1}, 2, 6) == (6,)
    assert destinations(3, {r: 2 for r in range(1, 7)}, 2, 6) == ()


def test_destinations_one_side_free_is_forced():
    assert destinations(2, {2: 2, 1: 2}, 2, 6) == (3,)


def test_order_by_priority_then_lower_room(game):
    state = play(game, rolls({"Ada": (3, 5), "Ben": (3, 2), "Cy": (1, 6), "Di": (6, 1)}) + [{"cmd": "lock"}])
    assert state.order == ("Cy", "Ben", "Ada", "Di")


def test_full_tie_rolls_off_until_resolved(game):
    state = play(game, rolls({"Ada": (2, 4), "Ben": (2, 4), "Cy": (5, 1), "Di": (6, 6)}) + [{"cmd": "lock"}])
    assert state.step.value == "rolloff"
    refused(game, state, {"cmd": "rolloff", "values": {"Ada": 3, "Cy": 2}})
    state, _ = game.apply(state, {"cmd": "rolloff", "values": {"Ada": 4, "Ben": 4}})
    assert state.step.value == "rolloff"  # still tied: roll again
    state, _ = game.apply(state, {"cmd": "rolloff", "values": {"Ada": 2, "Ben": 5}})
    assert state.step.value == "turn" and state.order == ("Ben", "Ada", "Cy", "Di")


def test_lock_waits_for_everyone(game):
    state = play(game, rolls({"Ada": (1, 2), "Ben": (2, 3), "Cy": (3, 4)}))
    refused(game, state, {"cmd": "lock"})


def test_assign_must_use_a_rolled_value(game):
    state = play(game, [{"cmd": "roll", "player": "Ada", "values": [2, 5]}])
    refused(game, state, {"cmd": "assign", "player": "Ada", "priority": 4})
    refused(game, state, {"cmd": "roll", "player": "Ada", "values": [1, 1]})
    refused(game, state, {"cmd": "roll", "player": "Ben", "values": [0, 7]}, CommandError)


def test_modify_priority_costs_a_token_and_stays_in_range(game):
    setup = {**FOUR, "start_tokens": 1}
    state = play(game, rolls({"Ada": (1, 3)}), setup)
    refused(game, state, {"cmd": "modify", "player": "Ada", "what": "priority", "delta": -1})
    state, _ = game.apply(state, {"cmd": "modify", "player": "Ada", "what": "priority", "delta": 1})
    assert state.seat("Ada").priority == 2 and state.seat("Ada").tokens == 0
    refused(game, state, {"cmd": "modify", "player": "Ada", "what": "priority", "delta": 1})


def test_modify_room_wraps_six_to_one(game):
    state = play(game, rolls({"Ada": (1, 6)}), {**FOUR, "start_tokens": 2})
    state, _ = game.apply(state, {"cmd": "modify", "player": "Ada", "what": "room", "delta": 1})
    assert state.seat("Ada").wanted_room(6) == 1


def test_capacity_two_then_nearest_free_room_with_choice(game):
    spec = {"Ada": (1, 6), "Ben": (2, 6), "Cy": (3, 6), "Di": (4, 2)}
    state = play(
        game,
        rolls(spec)
        + [{"cmd": "lock"}, {"cmd": "enter"}, {"cmd": "end_turn"}, {"cmd": "enter"}, {"cmd": "end_turn"}],
    )
    assert state.occupants(6) == ("Ada", "Ben")
    refused(game, state, {"cmd": "enter"})  # room 6 full: Cy must choose 5 or 1
    refused(game, state, {"cmd": "enter", "room": 4})
    state, events = game.apply(state, {"cmd": "enter", "room": 1})
    assert state.seat("Cy").room == 1 and events[0].redirected


def test_second_player_in_a_room_is_told_to_trade(game):
    state = play(
        game,
        rolls({"Ada": (1, 3), "Ben": (2, 3), "Cy": (3, 1), "Di": (4, 2)})
        + [{"cmd": "lock"}, {"cmd": "enter"}, {"cmd": "end_turn"}],
    )
    _, events = game.apply(state, {"cmd": "enter"})
    assert events[0].trade_with == "Ada"


def test_reroll_on_turn_only_changes_the_room_die(game):
    state = play(game, rolls({"Ada": (1, 3), "Ben": (2, 3), "Cy": (3, 1), "Di": (4, 2)}) + [{"cmd": "lock"}])
    refused(game, state, {"cmd": "reroll", "player": "Ada", "dice": [0], "values": [6]})
    refused(game, state, {"cmd": "reroll", "player": "Ben", "values": [6]})
    state, _ = game.apply(state, {"cmd": "reroll", "player": "Ada", "values": [5]})
    assert state.seat("Ada").dice == (1, 5) and state.seat("Ada").wanted_room(6) == 5


def test_library_gives_two_tokens_once(game):
    state = play(
        game,
        rolls({"Ada": (1, 6), "Ben": (2, 1), "Cy": (3, 2), "Di": (4, 3)})
        + [{"cmd": "lock"}, {"cmd": "enter"}, {"cmd": "room_action"}],
    )
    assert state.seat("Ada").tokens == 2
    refused(game, state, {"cmd": "room_action"})


def test_store_only_in_vault_with_score_cards(game):
    base = rolls({"Ada": (1, 1), "Ben": (2, 2), "Cy": (3, 3), "Di": (4, 4)}) + [{"cmd": "lock"}]
    state = play(game, base + [{"cmd": "enter"}])
    refused(game, state, {"cmd": "store", "cards": [2]})
    state, _ = game.apply(state, {"cmd": "store", "cards": [5, 3, 1]})
    assert state.seat("Ada").stored == 9
    state = play(game, base + [{"cmd": "enter"}, {"cmd": "end_turn"}, {"cmd": "enter"}])
    refused(game, state, {"cmd": "store", "cards": [5]})  # Ben is in the Bathroom


def test_vault_limit_one_card_per_turn(game):
    state = play(
        game,
        rolls({"Ada": (1, 1), "Ben": (2, 2)})
        + [{"cmd": "lock"}, {"cmd": "enter"}, {"cmd": "store", "cards": [5]}],
        {**FOUR, "players": 2, "names": ["Ada", "Ben"], "vault_limit": 1},
    )
    refused(game, state, {"cmd": "store", "cards": [3]})


def test_room_cards_pile_up_and_can_be_taken(game):
    spec = {"Ada": (1, 2), "Ben": (2, 3), "Cy": (3, 4), "Di": (4, 5)}
    state = play(game, bot_round(spec))
    assert state.room_cards == (2, 2, 2, 2, 2, 2) and state.tick == 2
    state = play(game, bot_round(spec) + rolls(spec) + [{"cmd": "lock"}, {"cmd": "enter"}])
    refused(game, state, {"cmd": "take", "n": 3})
    state, _ = game.apply(state, {"cmd": "take"})
    assert state.room_cards[1] == 0


def test_role_reveal_at_ticks_six_and_nine(game):
    spec = {"Ada": (1, 2), "Ben": (2, 3), "Cy": (3, 4), "Di": (4, 5)}
    state = play(game, bot_round(spec) * 6)
    assert state.step.value == "reveal" and state.tick == 6
    refused(game, state, {"cmd": "reveal_roles", "vampires": 0})
    state, _ = game.apply(state, {"cmd": "reveal_roles", "vampires": 2})
    assert state.tick == 7 and state.vampires == 2
    state = play(game, bot_round(spec) * 6 + [{"cmd": "reveal_roles", "vampires": 1}] + bot_round(spec) * 3)
    assert state.step.value == "reveal" and state.tick == 9


def test_all_vampires_at_a_reveal_ends_the_game(game):
    spec = {"Ada": (1, 2), "Ben": (2, 3), "Cy": (3, 4), "Di": (4, 5)}
    state = play(game, bot_round(spec) * 6 + [{"cmd": "reveal_roles", "vampires": 4}])
    assert game.outcome(state) == "all-vampires"


def test_clock_running_out_ends_the_game(game):
    spec = {"Ada": (1, 2), "Ben": (2, 3)}
    setup = {**FOUR, "players": 2, "names": ["Ada", "Ben"], "clock_length": 3}
    state = play(game, bot_round(spec) * 3, setup)
    assert game.outcome(state) == "clock" and game.view(state)["board"]["bar"] == 0


def test_claim_needs_target_points(game):
    state = play(game, [{"cmd": "adjust", "player": "Ben", "stored": 15}])
    refused(game, state, {"cmd": "claim", "player": "Ben", "hand_points": 4})
    state, _ = game.apply(state, {"cmd": "claim", "player": "Ben", "hand_points": 5})
    assert game.outcome(state) == "points" and state.ranking[0] == ("Ben", 1)
    refused(game, state, {"cmd": "roll", "player": "Ada"})


def test_ranking_first_vampire_wins_when_no_human_survives():
    seats = (Seat("A", stored=3), Seat("B", stored=9), Seat("C", stored=1))
    roles = {"A": Role.VAMPIRE, "B": Role.VAMPIRE, "C": Role.VAMPIRE}
    places = ranking(Outcome.CLOCK, seats, None, roles, "C", {"A": 10})
    assert places == (("C", 1), ("A", 2), ("B", 3))  # A: 3 + 10 in hand beats B's 9


def test_ranking_last_human_then_stored_points_with_ties():
    seats = (Seat("A", stored=3), Seat("B", stored=9), Seat("C", stored=3), Seat("D"))
    roles = {"A": Role.VAMPIRE, "B": Role.VAMPIRE, "C": Role.VAMPIRE, "D": Role.HUMAN}
    assert ranking(Outcome.CLOCK, seats, None, roles, "A", {}) == (("D", 1), ("B", 2), ("A", 3), ("C", 3))
    both = {**roles, "A": Role.HUMAN}
    assert ranking(Outcome.CLOCK, seats, None, both, "B", {})[0] == ("B", 1)


def test_rank_command_refines_the_ranking(game):
    spec = {"Ada": (1, 2), "Ben": (2, 3), "Cy": (3, 4), "Di": (4, 5)}
    state = play(
        game,
        [{"cmd": "adjust", "player": "Ada", "stored": 4}]
        + bot_round(spec) * 6
        + [{"cmd": "reveal_roles", "vampires": 4}],
    )
    refused(game, state, {"cmd": "rank", "roles": {"Ada": "vampire"}}, CommandError)
    roles = {"Ada": "vampire", "Ben": "vampire", "Cy": "vampire", "Di": "vampire"}
    state, _ = game.apply(state, {"cmd": "rank", "roles": roles, "first_vampire": "Di"})
    assert state.ranking[:2] == (("Di", 1), ("Ada", 2))


def test_board_lights_rooms_by_occupancy(game):
    spec = {"Ada": (1, 6), "Ben": (2, 6), "Cy": (3, 1), "Di": (4, 2)}
    state = play(
        game,
        rolls(spec)
        + [{"cmd": "lock"}, {"cmd": "enter"}, {"cmd": "end_turn"}, {"cmd": "enter"}, {"cmd": "end_turn"}],
    )
    view = game.view(state)["board"]
    library = view["districts"]["C2"]
    assert library["name"] == "Library" and library["mood"] == "full"
    assert view["districts"]["A1"]["mood"] == "off" and view["districts"]["B2"]["occupants"] == ["Cy", "Di"]
    state, _ = game.apply(state, {"cmd": "enter"})
    assert game.view(state)["board"]["districts"]["A1"]["mood"] == "active"
    assert view["phase"] == "night"


def test_malformed_commands_raise_command_error(game):
    state = play(game, [])
    for bad in (
        {"cmd": "jump"},
        {"cmd": "roll"},
        {"cmd": "roll", "player": "Zed"},
        {"cmd": "roll", "player": "Ada", "values": "66"},
        {"cmd": "adjust"},
    ):
        refused(game, state, bad, CommandError)


def test_setup_refuses_bad_player_count(game):
    with pytest.raises(RuleViolation):
        game.setup({"cmd": "setup", "game": "mansion", "players": 1, "seed": 1})


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**9))
def test_random_games_rank_every_player_and_never_crowd_a_room(seed):
    def check(game, state, raw):
        assert all(len(state.occupants(r)) <= game.data.room_capacity for r in range(1, game.rooms + 1))

    session = bot_game("mansion", seed, each=check)
    state = session.state
    assert sorted(p for p, _ in state.ranking) == sorted(state.players)


def test_scenario_file_plays_to_its_documented_end():
    game, state = play_scenario("mansion")
    data = game.to_json(state)
    assert data["outcome"] == "points" and data["claimant"] == "Vlad"
    assert data["ranking"][0] == {"player": "Vlad", "place": 1}
    assert (
        data["players"]["Vlad"]["stored"] == 13 and data["players"]["Lena"]["tokens"] == 1
    )  # 2 from the Library, 1 spent
