"""Armata Strigoi played through: bounds over random games, the scenario, refusals, setup, the board.
(What every game keeps, JSON, replay, refusals: test_contract.py.)"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CommandError, DataFileError, RuleViolation
from companion.gamedata import tomlfile
from companion.gamedata.loader import data_file
from companion.games.strigoi.fields import parse
from companion.rules import load_game
from tests.rules import scenario
from tests.rules.test_contract import play as bot_game


@pytest.fixture(scope="module")
def game():
    """The shipped Armata Strigoi game."""
    return load_game("strigoi")


def _lines():
    """The scenario file's commands."""
    return scenario("strigoi")


def _play(game, state, commands):
    """Apply commands in order."""
    for c in commands:
        state, _ = game.apply(state, c)
    return state


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_random_games_keep_blood_and_wounds_in_their_bounds(seed):
    def check(game, state, raw):
        assert 0 <= state.altar <= game.data.altar_max
        assert state.inferno <= state.defeat_need
        assert all(0 <= w.wounds < game.data.wounds_to_fall for w in state.wolves)

    session = bot_game("strigoi", seed, each=check)
    assert session.outcome() in ("victory", "defeat")


def test_scenario_file_plays_to_victory():
    lines = _lines()
    game = load_game(lines[0]["game"])
    state = _play(game, game.setup(lines[0])[0], lines[1:])
    assert game.outcome(state) == "victory"
    assert state.collapsed == ("ne",) and state.inferno == 1
    assert game.to_json(state)["phase"] == "over"


@pytest.mark.parametrize(
    "command",
    [
        {"cmd": "fly"},
        {"cmd": "wound", "wolf": "Dracula"},
        {"cmd": "wound", "wolf": "Attila", "n": 0},
        {
            "cmd": "initiative",
            "cards": {
                "Attila": {"initiative": 1, "letter": "Q"},
                "Falk Maria": {"initiative": 2, "letter": "A"},
            },
        },
        {"cmd": "initiative", "cards": {"Attila": {"initiative": 1, "letter": "A"}}},
        {"cmd": "lose_blood", "reason": "sunlight"},
        {"cmd": "adjust"},
        {"cmd": "adjust", "ladders": [["center", "n"]]},
        {"cmd": "rotate", "room": "moon"},
    ],
)
def test_malformed_commands_are_command_errors(game, command):
    state, _ = game.setup({"cmd": "setup", "players": 2, "seed": 1})
    with pytest.raises(CommandError):
        game.apply(state, command)


def test_a_malformed_command_of_another_step_is_refused_for_the_step_first(game):
    """The one core checks the step before the values: a Strigoi move during initiative is not now,
    whatever its token; in a turn a token that is no Strigoi is a command error."""
    state, _ = game.setup({"cmd": "setup", "players": 2, "seed": 1})
    with pytest.raises(RuleViolation, match="not now"):
        game.apply(state, {"cmd": "strigoi_move", "token": "count"})
    state, _ = game.apply(
        state,
        {
            "cmd": "initiative",
            "cards": {
                "Attila": {"initiative": 1, "letter": "A"},
                "Falk Maria": {"initiative": 2, "letter": "B"},
            },
        },
    )
    with pytest.raises(CommandError, match="token must be master or apprentice"):
        game.apply(state, {"cmd": "strigoi_move", "token": "count"})


@pytest.mark.parametrize(
    "setup",
    [
        {"players": 6},
        {"players": 1},
    ],
)
def test_setup_refuses_player_counts_outside_two_to_five(game, setup):
    with pytest.raises(RuleViolation):
        game.setup({"cmd": "setup", "seed": 1, **setup})


@pytest.mark.parametrize(
    "extra",
    [
        {"powerwolves": ["Roel", "Roel"]},
        {"start": {"master": "n", "apprentice": "n"}},
        {"start": {"master": "center", "apprentice": "n"}},
        {"ladders": [["n", "s"], ["ne", "ne"]]},
        {"rings": {"n": "AABCDE"}},
        {"stats": {"master": {"existence": 0}}},
    ],
)
def test_setup_refuses_bad_layouts(game, extra):
    with pytest.raises(CommandError):
        game.setup({"cmd": "setup", "players": 2, "seed": 1, **extra})


def test_canonical_setup_spells_out_everything(game):
    c = game.canonical(None, {"cmd": "setup", "players": 3, "seed": 9})
    assert c["powerwolves"] == ["Attila", "Falk Maria", "Charles"]
    assert set(c["start"]) == {"master", "apprentice"}
    assert len(c["ladders"]) == 3
    assert not any(room in c["start"].values() for room, _ in c["ladders"])
    assert set(c["rings"]) == set(game.data.fortress.rooms)
    assert c["stats"]["supreme"]["strength"] == 9


def test_adjust_sets_counts_and_a_full_inferno_ends_the_game(game):
    state, _ = game.setup({"cmd": "setup", "players": 2, "seed": 1})
    state, events = game.apply(state, {"cmd": "adjust", "altar": 4, "wounds": {"Attila": 2}})
    assert state.altar == 4 and state.wolf("Attila").wounds == 2
    assert events[0].to_dict() == {"event": "adjusted", "changes": {"altar": 4, "wounds": {"Attila": 2}}}
    with pytest.raises(RuleViolation):
        game.apply(state, {"cmd": "adjust", "altar": 6})
    with pytest.raises(CommandError):
        game.apply(state, {"cmd": "adjust", "wounds": {"Attila": 3}})
    state, _ = game.apply(state, {"cmd": "adjust", "inferno": 3})
    assert game.outcome(state) == "defeat"


def test_actions_say_why_things_are_greyed_out(game):
    state, _ = game.setup({"cmd": "setup", "players": 2, "seed": 1})
    assert [a.command["cmd"] for a in game.actions(state)] == ["initiative"] + [
        "adjust"
    ] * 5  # each correction its own
    state, _ = game.apply(
        state,
        {
            "cmd": "initiative",
            "cards": {
                "Attila": {"initiative": 1, "letter": "A"},
                "Falk Maria": {"initiative": 2, "letter": "B"},
            },
        },
    )
    by = {a.command["cmd"]: a for a in game.actions(state)}
    assert not by["attack_strigoi"].enabled and "blood points" in by["attack_strigoi"].why_not
    assert by["end_turn"].enabled and not by["strigoi_move"].enabled


def test_board_maps_rooms_altar_inferno_and_bar(game):
    lines = _lines()
    state = _play(game, game.setup(lines[0])[0], lines[1:8])  # round 2 begun, Strigoi in
    view = game.view(state)["board"]
    d = view["districts"]
    assert set(d) == {"A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"}
    assert d["A2"]["mood"] == "danger" and d["A2"]["strigoi"] == "master"  # north
    assert d["C2"]["mood"] == "danger" and d["C2"]["strigoi"] == "apprentice"  # south
    assert d["B2"]["represents"] == "room center" and d["B2"]["mood"] == "night"
    assert d["B1"] == {"represents": "altar", "mood": "dawn", "intensity": 0.4}  # 2 of 5, can attack
    assert d["B3"]["represents"] == "inferno" and d["B3"]["intensity"] == 0.0
    assert view["bar"] == 2 and view["phase"] == "night"
    state = _play(game, state, lines[8:18])  # ... the platform falls, Matthew is crushed
    view = game.view(state)["board"]
    assert view["phase"] == "dusk"  # the Supreme walks, the fortress crumbles
    assert view["districts"]["A3"]["mood"] == "off"  # north-east platform fell
    assert view["districts"]["B3"]["intensity"] == 0.333


def test_data_file_errors_name_the_line(tmp_path):
    text = data_file("strigoi").read_text()
    broken = text.replace('light = "A3"', 'light = "A2"', 1)
    with pytest.raises(DataFileError) as err:
        parse(tomlfile.loads(broken, "fortress.toml"))
    assert err.value.field == "rooms.ne.light"
    assert broken.splitlines()[err.value.line - 1].startswith("light")
    path = tmp_path / "fortress.toml"
    path.write_text(text.replace('marked = ["n", "s"]', 'marked = ["n", "center"]'))
    with pytest.raises(DataFileError) as err:
        load_game("strigoi", path)
    assert err.value.field == "game.marked" and err.value.line is not None
    with pytest.raises(DataFileError):
        parse(tomlfile.loads(text.replace('"3" = 3\n"4" = 3', '"3" = 3\n"4" = "x"', 1), "f.toml"))


def _before_a_strigoi_move(game, seed):
    """A game where a correction put only the Master in the fortress (round 1), played by the bot up
    to the first moment a Strigoi move is open."""
    import random

    import companion.plugins as catalog

    state, _ = game.setup({"cmd": "setup", "game": "strigoi", "players": 2, "seed": seed})
    state, _ = game.apply(state, {"cmd": "adjust", "strigoi": {"master": {"room": "n"}}})
    rng, bot = random.Random(seed), catalog.bot("strigoi")
    for _ in range(200):
        if any(a.enabled and a.command.get("cmd") == "strigoi_move" for a in game.legal_actions(state)):
            return state
        state, _ = game.apply(state, bot.choose(game, state, rng))
    raise AssertionError(f"seed {seed}: no Strigoi move in 200 commands")


def test_a_token_of_a_strigoi_not_in_the_fortress_moves_nobody(game):
    """Found by a bot after `adjust` placed one Strigoi: the bag's Apprentice token crashed the engine
    (KeyError: None, the room of a Strigoi that is not there). It moves nobody; the table's own token of
    it is refused, and the menu offers only the Strigoi in play."""
    for seed in range(40):
        before = _before_a_strigoi_move(game, seed)
        after, events = game.apply(before, {"cmd": "strigoi_move"})
        if next(e for e in events if e.kind == "token_revealed").strigoi == "apprentice":
            break
    else:
        raise AssertionError("the bag never gave the Apprentice's token")
    assert (
        after.vampire("apprentice").room is None
        and after.vampire("master").room == before.vampire("master").room
    )
    assert not any(e.kind == "strigoi_teleported" for e in events)
    with pytest.raises(RuleViolation, match="not in the fortress") as refused:
        game.apply(before, {"cmd": "strigoi_move", "token": "apprentice"})
    assert refused.value.rule == "token"
    move = next(a for a in game.legal_actions(before) if a.command.get("cmd") == "strigoi_move")
    assert next(p for p in move.params if p.name == "token").choices == ("master",)
