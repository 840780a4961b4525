"""Nosferatu rules as tests: Clock pile, round flow, stake, bites, rituals, refusals."""

import pytest

from companion.errors import CommandError, RuleViolation
from companion.rules import load_game
from tests.rules import play_scenario, refused, set_up_and_play

SIX = {
    "cmd": "setup",
    "game": "nosferatu",
    "players": 6,
    "seed": 3,
    "names": ["Ren", "Ann", "Bob", "Cat", "Dan", "Eve"],
    "renfield": "Ren",
}


@pytest.fixture
def game():
    """The engine with the shipped data."""
    return load_game("nosferatu")


def play(game, commands, setup=SIX):
    """Set up and apply `commands`; return the final state."""
    return set_up_and_play(game, setup, commands)


START = [{"cmd": "give_stake", "to": "Cat"}]


def test_setup_clock_holds_one_night_per_player_plus_dawn(game):
    state = play(game, [])
    data = game.to_json(state)
    assert data["clock"]["nights"] == 6 and data["clock"]["dawn_left"]
    assert data["step"] == "give-stake" and data["chooser"] == "Ren"


def test_setup_five_players_need_four_bites_others_five(game):
    five = play(game, [], {"cmd": "setup", "game": "nosferatu", "players": 5, "seed": 1})
    eight = play(game, [], {"cmd": "setup", "game": "nosferatu", "players": 8, "seed": 1})
    assert (five.bites_to_win, eight.bites_to_win) == (4, 5)


def test_setup_refuses_player_counts_outside_five_to_eight(game):
    for n in (4, 9):
        with pytest.raises(RuleViolation):
            game.setup({"cmd": "setup", "game": "nosferatu", "players": n, "seed": 1})


def test_setup_refuses_unknown_renfield_and_extra_keys(game):
    with pytest.raises(CommandError):
        game.setup({**SIX, "renfield": "Zed"})
    with pytest.raises(CommandError):
        game.setup({**SIX, "colour": "red"})


def test_give_stake_order_runs_clockwise_from_holder_without_renfield(game):
    state = play(game, START)
    assert state.order == ("Cat", "Dan", "Eve", "Ann", "Bob")
    assert state.current == "Cat"


def test_give_stake_never_to_renfield(game):
    refused(game, play(game, []), {"cmd": "give_stake", "to": "Ren"})


def test_dawn_after_first_turn_ends_round_at_once(game):
    # The rulebook's example: the holder plays, Dawn comes up, nobody else plays this round.
    state = play(game, START + [{"cmd": "play"}, {"cmd": "reveal", "card": "dawn"}])
    assert state.step.value == "resolve" and state.ended_by.value == "dawn"
    assert state.played == 1
    assert game.view(state)["board"]["phase"] == "day"
    assert game.view(state)["board"]["districts"]["B2"]["mood"] == "dawn"


def test_round_ends_with_night_after_everyone_played_and_renfield_chooses(game):
    turns = [{"cmd": "play"}, {"cmd": "reveal", "card": "night"}] * 5
    state = play(game, START + turns + [{"cmd": "resolved"}])
    assert state.step.value == "give-stake" and state.chooser == "Ren"
    refused(game, state, {"cmd": "stake", "target": "Ann", "character": "hunter"})


def test_night_reveal_refused_when_no_night_left(game):
    state = play(game, START + [{"cmd": "adjust", "nights": 0}, {"cmd": "play"}])
    refused(game, state, {"cmd": "reveal", "card": "night"})
    state, _ = game.apply(state, {"cmd": "reveal"})
    assert state.ended_by.value == "dawn"


def test_play_refuses_a_player_out_of_turn(game):
    refused(game, play(game, START), {"cmd": "play", "player": "Ann"})


def test_night_cards_given_join_the_clock_for_next_round(game):
    state = play(game, START + [{"cmd": "play"}, {"cmd": "reveal", "card": "dawn"}, {"cmd": "add_night"}])
    assert state.nights == 7
    state = play(
        game,
        START
        + [
            {"cmd": "play"},
            {"cmd": "reveal", "card": "dawn"},
            {"cmd": "add_night"},
            {"cmd": "resolved"},
            {"cmd": "spare"},
            {"cmd": "give_stake", "to": "Ann"},
        ],
    )
    assert game.to_json(state)["clock"]["nights_left"] == 7 and state.round == 2


def test_time_distortion_removes_a_night(game):
    state = play(
        game,
        START
        + [{"cmd": "play"}, {"cmd": "reveal", "card": "dawn"}, {"cmd": "cast", "ritual": "time-distortion"}],
    )
    assert state.nights == 5


def test_bites_cannot_exceed_cards_given(game):
    state = play(
        game, START + [{"cmd": "play"}, {"cmd": "reveal", "card": "dawn"}, {"cmd": "bite", "player": "Ann"}]
    )
    refused(game, state, {"cmd": "bite", "player": "Bob"})
    refused(game, state, {"cmd": "add_night"})


def test_renfield_is_never_bitten(game):
    state = play(game, START + [{"cmd": "play"}, {"cmd": "reveal", "card": "dawn"}])
    refused(game, state, {"cmd": "bite", "player": "Ren"})


def test_four_bites_win_a_five_player_game(game):
    setup = {"cmd": "setup", "game": "nosferatu", "players": 5, "seed": 2}
    turns = [{"cmd": "play"}, {"cmd": "reveal", "card": "night"}] * 4
    bites = [{"cmd": "bite", "player": p} for p in ("P2", "P3", "P2", "P5")]
    state = play(game, [{"cmd": "give_stake", "to": "P2"}] + turns + bites, setup)
    assert game.outcome(state) == "evil-bites"
    assert game.view(state)["board"]["bar"] == 4
    refused(game, state, {"cmd": "resolved"})


def test_ritual_needs_every_card_to_be_an_incantation(game):
    state = play(
        game,
        START
        + [
            {"cmd": "play"},
            {"cmd": "reveal", "card": "night"},
            {"cmd": "play"},
            {"cmd": "reveal", "card": "dawn"},
            {"cmd": "bite", "player": "Ann"},
        ],
    )
    refused(game, state, {"cmd": "cast", "ritual": "time-distortion"})


def test_one_ritual_per_round_and_each_only_once(game):
    base = START + [
        {"cmd": "play"},
        {"cmd": "reveal", "card": "dawn"},
        {"cmd": "cast", "ritual": "holy-water", "target": "Bob"},
    ]
    state = play(game, base)
    refused(game, state, {"cmd": "cast", "ritual": "time-distortion"})
    state = play(
        game,
        base
        + [
            {"cmd": "resolved"},
            {"cmd": "spare"},
            {"cmd": "give_stake", "to": "Ann"},
            {"cmd": "play"},
            {"cmd": "reveal", "card": "dawn"},
        ],
    )
    refused(game, state, {"cmd": "cast", "ritual": "holy-water", "target": "Bob"})


def test_five_rituals_win_for_the_hunters(game):
    state = play(
        game,
        START
        + [
            {
                "cmd": "adjust",
                "rituals": ["silver-mirror", "holy-water", "blood-transfusion", "fifth-ritual"],
            },
            {"cmd": "play"},
            {"cmd": "reveal", "card": "dawn"},
            {"cmd": "cast", "ritual": "time-distortion"},
        ],
    )
    assert game.outcome(state) == "hunters-rituals"


def test_silver_mirror_reveals_and_stake_uses_known_character(game):
    state = play(
        game,
        START
        + [
            {"cmd": "play"},
            {"cmd": "reveal", "card": "dawn"},
            {"cmd": "cast", "ritual": "silver-mirror", "target": "Eve", "character": "vampire"},
            {"cmd": "resolved"},
        ],
    )
    assert game.to_json(state)["known"] == {"Eve": "vampire"}
    refused(game, state, {"cmd": "stake", "target": "Eve", "character": "hunter"})
    state, _ = game.apply(state, {"cmd": "stake", "target": "Eve"})
    assert game.outcome(state) == "hunters-stake"


def test_staking_a_hunter_wins_for_evil(game):
    state = play(
        game,
        START
        + [
            {"cmd": "play"},
            {"cmd": "reveal", "card": "dawn"},
            {"cmd": "resolved"},
            {"cmd": "stake", "target": "Ann", "character": "hunter"},
        ],
    )
    assert game.outcome(state) == "evil-stake"


def test_known_vampire_may_hold_but_not_use_the_stake(game):
    state = play(
        game,
        START
        + [
            {"cmd": "play"},
            {"cmd": "reveal", "card": "dawn"},
            {"cmd": "cast", "ritual": "silver-mirror", "target": "Cat", "character": "vampire"},
            {"cmd": "resolved"},
        ],
    )
    refused(game, state, {"cmd": "stake", "target": "Ann", "character": "hunter"})


def test_stake_refuses_holder_renfield_and_unknown_character(game):
    state = play(game, START + [{"cmd": "play"}, {"cmd": "reveal", "card": "dawn"}, {"cmd": "resolved"}])
    refused(game, state, {"cmd": "stake", "target": "Cat", "character": "hunter"})
    refused(game, state, {"cmd": "stake", "target": "Ren", "character": "hunter"})
    refused(game, state, {"cmd": "stake", "target": "Ann"}, CommandError)


def test_spare_at_dawn_lets_the_holder_choose_next_holder(game):
    state = play(
        game,
        START + [{"cmd": "play"}, {"cmd": "reveal", "card": "dawn"}, {"cmd": "resolved"}, {"cmd": "spare"}],
    )
    assert state.chooser == "Cat"
    refused(game, state, {"cmd": "give_stake", "to": "Cat"})


def test_malformed_commands_raise_command_error(game):
    state = play(game, START)
    for bad in (
        {"cmd": "fly"},
        {"cmd": "play", "player": 3},
        {"cmd": "play", "x": 1},
        ["play"],
        {"cmd": "adjust"},
        {"cmd": "adjust", "bites": {"Ann": -1}},
    ):
        refused(game, state, bad, CommandError)


def test_wrong_step_is_a_rule_violation(game):
    refused(game, play(game, START), {"cmd": "reveal"})


def test_seeded_reveal_is_deterministic_and_canonical_names_the_card(game):
    state = play(game, START + [{"cmd": "play"}])
    canon = game.canonical(state, {"cmd": "reveal"})
    assert canon["card"] in ("night", "dawn")
    assert game.apply(state, canon)[0] == game.apply(state, {"cmd": "reveal"})[0]


def test_seeded_clock_gives_dawn_about_one_time_in_cards_left(game):
    # Over many seeds the first card is Dawn with chance 1/7 (6 Nights + Dawn).
    dawns = 0
    for seed in range(700):
        state = play(game, START + [{"cmd": "play"}], {**SIX, "seed": seed})
        after, _ = game.apply(state, {"cmd": "reveal"})
        dawns += after.revealed[-1].value == "dawn"
    assert 60 <= dawns <= 140


def test_board_view_places_seats_round_the_edge_and_clock_in_centre(game):
    view = game.view(play(game, START + [{"cmd": "play"}, {"cmd": "reveal", "card": "night"}]))["board"]
    assert view["districts"]["A1"]["name"] == "Ren" and view["districts"]["B1"]["name"] == ""
    assert view["districts"]["B2"]["mood"] == "night" and view["phase"] == "night"
    assert view["districts"]["C3"]["mood"] == "active"  # Dan, the second player, is on turn
    assert view["districts"]["B3"]["holder"] is True  # Cat holds the stake
    assert set(view["districts"]) == {f"{r}{c}" for r in "ABC" for c in "123"}


def test_scenario_file_plays_to_its_documented_end():
    game, state = play_scenario("nosferatu")
    data = game.to_json(state)
    assert data["outcome"] == "hunters-stake"
    assert data["bites"]["Bram"] == 1 and data["rituals"]["used"] == ["time-distortion"]
    assert data["round"] == 3 and data["clock"]["nights"] == 4  # 5 Nights, one removed by Time Distortion
