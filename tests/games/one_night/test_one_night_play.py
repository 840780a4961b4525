"""One Night played through: the scenario, the script, refusals, the board.
(What every game keeps, random play, JSON, replay: test_contract.py.)"""

import pytest

from companion.errors import CommandError, DataFileError, RuleViolation
from companion.gamedata import tomlfile
from companion.gamedata.loader import data_file
from companion.games.one_night.fields import parse
from companion.games.one_night.rules.board import board_view
from companion.rules import load_game
from tests.rules import scenario


@pytest.fixture(scope="module")
def game():
    """The shipped One Night game."""
    return load_game("one-night")


def _setup(game, players=4, roles=None, **extra):
    """A fresh game."""
    cmd = {"cmd": "setup", "game": "one-night", "players": players, "seed": 3, **extra}
    if roles:
        cmd["roles"] = roles
    return game.setup(cmd)[0]


def _play(game, state, commands):
    """Apply commands in order."""
    for c in commands:
        state, _ = game.apply(state, c)
    return state


def _to_day(game, state):
    """`next` until the vote step."""
    while state.step.id != "vote":
        state, _ = game.apply(state, {"cmd": "next"})
    return state


def test_scenario_file_plays_to_its_end():
    lines = scenario("one-night")
    game = load_game(lines[0]["game"])
    state, _ = game.setup(lines[0])
    state = _play(game, state, lines[1:])
    assert game.outcome(state) == "villager"
    assert state.result.killed == (3,)
    assert state.result.winners == (2, 4)


def test_next_walks_the_script_and_says_close_then_prompt(game):
    state = _setup(game, 3, ["vampire", "cupid", "priest", "villager", "villager", "diseased"])
    assert state.step.id == "dusk-begins" and state.phase.value == "dusk"
    state, events = game.apply(state, {"cmd": "next"})
    kinds = [e.kind for e in events]
    assert kinds == ["step_ended", "step_started"]
    assert events[1].to_dict()["step"] == "vampires"
    assert events[1].to_dict()["seconds"] == game.data.rules.step_seconds
    state = _play(game, state, [{"cmd": "next"}] * 4)
    assert state.step.id == "view-marks" and state.phase.value == "night"


@pytest.mark.parametrize(
    "command",
    [
        {"cmd": "vote", "votes": {"1": 2, "2": 1, "3": 1}},
        {"cmd": "reveal", "cards": {"1": "vampire", "2": "cupid", "3": "priest"}},
        {"cmd": "extend", "seconds": 30},
        {"cmd": "resume"},
        {"cmd": "setup", "game": "one-night", "players": 3, "seed": 1},
    ],
)
def test_refused_commands_change_nothing(game, command):
    state = _setup(game, 3, ["vampire", "cupid", "priest", "villager", "villager", "diseased"])
    before = game.to_json(state)
    with pytest.raises(RuleViolation):
        game.apply(state, command)
    assert game.to_json(state) == before


@pytest.mark.parametrize(
    "command",
    [
        {"cmd": "dance"},
        {"cmd": "vote"},
        {"cmd": "adjust", "step": "nowhere"},
        {"cmd": "extend", "seconds": "long"},
        "next",
    ],
)
def test_malformed_commands_are_command_errors(game, command):
    state = _setup(game)
    with pytest.raises(CommandError):
        game.apply(state, command)


def test_pause_blocks_next_until_resume(game):
    state = _setup(game)
    state, _ = game.apply(state, {"cmd": "pause"})
    with pytest.raises(RuleViolation) as err:
        game.apply(state, {"cmd": "next"})
    assert err.value.rule == "paused"
    nxt = [a for a in game.actions(state) if a.command["cmd"] == "next"][0]
    assert not nxt.enabled and "resume" in nxt.why_not
    state, _ = game.apply(state, {"cmd": "resume"})
    state, _ = game.apply(state, {"cmd": "next"})
    assert state.index == 1


def test_vote_needs_the_vote_step_and_refuses_self_votes(game):
    state = _to_day(game, _setup(game, 3, ["vampire", "cupid", "priest", "villager", "villager", "diseased"]))
    with pytest.raises(RuleViolation):
        game.apply(state, {"cmd": "vote", "votes": {"1": 1, "2": 1, "3": 1}})
    with pytest.raises(CommandError):
        game.apply(state, {"cmd": "vote", "votes": {"1": 2, "2": 1}})
    state, events = game.apply(state, {"cmd": "vote", "votes": {"1": 2, "2": 1, "3": 1}})
    assert events[0].to_dict() == {
        "event": "votes_counted",
        "tally": {"1": 2, "2": 1},
        "leaders": [1],
        "names": ["P1", "P2", "P3"],
    }
    assert state.step.id == "reveal"


def test_self_vote_allowed_when_the_table_says_so(game):
    state = _to_day(
        game,
        _setup(game, 3, ["vampire", "cupid", "priest", "villager", "villager", "diseased"], self_vote=True),
    )
    state, _ = game.apply(state, {"cmd": "vote", "votes": {"1": 1, "2": 1, "3": 1}})
    assert state.votes == (1, 1, 1)


def test_reveal_refuses_roles_not_in_the_game_and_too_many_marks(game):
    state = _to_day(game, _setup(game, 3, ["vampire", "cupid", "priest", "villager", "villager", "diseased"]))
    state, _ = game.apply(state, {"cmd": "vote", "votes": {"1": 2, "2": 1, "3": 1}})
    with pytest.raises(RuleViolation):
        game.apply(state, {"cmd": "reveal", "cards": {"1": "werewolf", "2": "cupid", "3": "priest"}})
    with pytest.raises(RuleViolation):
        game.apply(
            state,
            {
                "cmd": "reveal",
                "cards": {"1": "vampire", "2": "cupid", "3": "priest"},
                "marks": {"1": "fear", "2": "fear"},
            },
        )
    done, events = game.apply(
        state, {"cmd": "reveal", "cards": {"1": "vampire", "2": "cupid", "3": "priest"}, "killed": [3]}
    )
    assert done.result.killed == (3,)  # the table's word wins
    assert events[-1].to_dict() == {"event": "game_over", "outcome": "vampire"}
    with pytest.raises(RuleViolation):
        game.apply(done, {"cmd": "next"})


def test_extend_only_in_discussion_and_adds_time(game):
    state = _setup(game, 3, ["vampire", "cupid", "priest", "villager", "villager", "diseased"])
    while state.step.id != "discussion":
        state, _ = game.apply(state, {"cmd": "next"})
    base = state.seconds
    state, _ = game.apply(state, {"cmd": "extend", "seconds": 60})
    assert state.seconds == base + 60
    state, _ = game.apply(state, {"cmd": "next"})
    assert state.step.id == "vote-countdown" and state.extra == 0


def test_adjust_jumps_to_a_step_and_forgets_votes_when_going_back(game):
    state = _to_day(game, _setup(game, 3, ["vampire", "cupid", "priest", "villager", "villager", "diseased"]))
    state, _ = game.apply(state, {"cmd": "vote", "votes": {"1": 2, "2": 1, "3": 1}})
    back, events = game.apply(state, {"cmd": "adjust", "step": "discussion"})
    assert back.step.id == "discussion" and back.votes is None
    assert events[0].kind == "step_adjusted"
    with pytest.raises(RuleViolation):
        game.apply(back, {"cmd": "adjust", "step": "reveal"})


def test_board_lights_down_at_night_up_at_day_with_countdown(game):
    state = _setup(game, 4, ["vampire", "cupid", "priest", "villager", "villager", "diseased", "master"])
    view = game.view(state)["board"]
    assert view["phase"] == "dusk" and view["bar"] == 0
    assert view["districts"]["A1"]["mood"] == "dusk" and view["districts"]["A1"]["intensity"] < 0.2
    assert view["districts"]["B2"]["mood"] == "off"  # seat 5 is empty
    while state.step.id != "discussion":
        state, _ = game.apply(state, {"cmd": "next"})
        if state.phase.value == "night":
            assert game.view(state)["board"]["districts"]["A2"]["intensity"] <= 0.05
    secs = state.seconds
    assert board_view(game.data, state, 0)["bar"] == 6
    assert board_view(game.data, state, secs / 2)["bar"] == 3
    assert board_view(game.data, state, secs)["bar"] == 0
    assert game.view(state)["board"]["districts"]["A1"] == {
        "represents": "seat 1",
        "mood": "day",
        "intensity": 1.0,
    }
    assert game.to_json(state)["board"]["timer"] == {"seconds": secs, "elapsed": 0.0}


def test_board_marks_the_dead_and_the_winners(game):
    lines = scenario("one-night")
    state = _play(game, game.setup(lines[0])[0], lines[1:])
    d = game.view(state)["board"]["districts"]
    assert d["A3"]["mood"] == "danger"  # seat 3 died
    assert d["A2"]["mood"] == "occupied"  # seat 2 won
    assert game.view(state)["board"]["phase"] == "over"


def test_actions_follow_the_step(game):
    state = _to_day(game, _setup(game))
    by = {a.command["cmd"]: a for a in game.actions(state)}
    assert by["vote"].enabled and not by["next"].enabled and not by["reveal"].enabled


def test_data_file_errors_name_the_line(tmp_path):
    text = data_file("one-night").read_text()
    broken = text.replace('when = ["cupid"]\nprompt = "Cupid', 'when = ["cupidd"]\nprompt = "Cupid', 1)
    with pytest.raises(DataFileError) as err:
        parse(tomlfile.loads(broken, "roles.toml"))
    assert err.value.line == broken.splitlines().index('id = "cupid"') + 1
    assert "cupidd" in err.value.message
    bad_team = text.replace('team = "tanner"', 'team = "leather"', 1)
    with pytest.raises(DataFileError) as err:
        parse(tomlfile.loads(bad_team, "roles.toml"))
    assert err.value.field == "roles.tanner.team"
    path = tmp_path / "roles.toml"
    path.write_text(text.replace("vote_seconds = 5", "vote_seconds = -1"))
    with pytest.raises(DataFileError) as err:
        load_game("one-night", path)
    assert err.value.field == "game.vote_seconds" and err.value.line is not None
