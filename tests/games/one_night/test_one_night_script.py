"""One Night narrator: the wake order for exactly the chosen roles, timers, role checks and picker."""

import pytest

from companion.errors import CommandError, RuleViolation
from companion.rules import load_game
from tests import ROOT


@pytest.fixture(scope="module")
def game():
    """The shipped One Night game."""
    return load_game("one-night")


def _ids(game, roles, **extra):
    """Step ids of the script for these roles."""
    state, _ = game.setup(
        {"cmd": "setup", "game": "one-night", "players": len(roles) - 3, "seed": 1, "roles": roles, **extra}
    )
    return [s.id for s in state.script]


def test_script_follows_rulebook_wake_order_for_chosen_roles(game):
    roles = [
        "assassin",
        "priest",
        "cupid",
        "count",
        "vampire",
        "copycat",
        "marksman",
        "gremlin",
        "pickpocket",
        "diseased",
        "instigator",
        "renfield",
        "apprentice-assassin",
    ]
    assert _ids(game, roles) == [
        "dusk-begins",
        "copycat",
        "vampires",
        "count",
        "renfield",
        "diseased",
        "cupid",
        "instigator",
        "priest",
        "assassin",
        "apprentice-assassin",
        "view-marks",
        "lovers",
        "marksman",
        "pickpocket",
        "gremlin",
        "dawn",
        "discussion",
        "vote-countdown",
        "vote",
        "reveal",
    ]


def test_script_calls_only_roles_in_the_game(game):
    ids = _ids(game, ["vampire", "vampire", "villager", "villager", "villager", "priest"])
    assert ids == [
        "dusk-begins",
        "vampires",
        "priest",
        "view-marks",
        "dawn",
        "discussion",
        "vote-countdown",
        "vote",
        "reveal",
    ]


def test_script_master_alone_still_wakes_the_vampires(game):
    assert "vampires" in _ids(game, ["master", "villager", "villager", "seer", "robber", "priest"])


def test_script_doppelganger_copies_wake_right_after_their_role(game):
    ids = _ids(game, ["doppelganger", "count", "priest", "marksman", "insomniac", "werewolf", "seer"])
    assert ids.index("doppelganger") < ids.index("vampires")
    assert ids.index("doppelganger-count") == ids.index("count") + 1
    assert ids.index("doppelganger-priest") == ids.index("priest") + 1
    assert ids.index("doppelganger-marksman") == ids.index("marksman") + 1
    assert ids.index("doppelganger-insomniac") == ids.index("insomniac") + 1
    assert "doppelganger-gremlin" not in ids  # no Gremlin in the game


def test_script_cross_game_night_roles_follow_the_full_order(game):
    ids = _ids(
        game,
        [
            "sentinel",
            "werewolf",
            "minion",
            "mason",
            "mason",
            "seer",
            "robber",
            "troublemaker",
            "drunk",
            "insomniac",
            "vampire",
        ],
    )
    night = ids[ids.index("view-marks") : ids.index("dawn")]
    assert night == [
        "view-marks",
        "sentinel",
        "werewolves",
        "minion",
        "masons",
        "seer",
        "robber",
        "troublemaker",
        "drunk",
        "insomniac",
    ]


def test_script_assassin_keeps_eyes_open_for_the_apprentice(game):
    state, _ = game.setup(
        {
            "cmd": "setup",
            "players": 3,
            "seed": 1,
            "roles": ["assassin", "apprentice-assassin", "vampire", "villager", "villager", "priest"],
        }
    )
    steps = {s.id: s for s in state.script}
    assert steps["assassin"].close == ""
    assert steps["apprentice-assassin"].close != ""
    alone, _ = game.setup(
        {
            "cmd": "setup",
            "players": 3,
            "seed": 1,
            "roles": ["assassin", "vampire", "villager", "villager", "priest", "cupid"],
        }
    )
    assert {s.id: s for s in alone.script}["assassin"].close != ""


def test_script_without_vampire_box_roles_has_no_marks_steps(game):
    ids = _ids(game, ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"])
    assert "view-marks" not in ids and "dusk-begins" in ids


def test_script_marks_can_be_switched_off(game):
    assert "view-marks" not in _ids(
        game, ["vampire", "cupid", "priest", "villager", "villager", "diseased"], marks=False
    )


def test_script_timers_default_from_data_and_override(game):
    state, _ = game.setup(
        {
            "cmd": "setup",
            "players": 3,
            "seed": 1,
            "roles": ["vampire", "cupid", "priest", "villager", "villager", "diseased"],
            "timers": {"step": 12, "cupid": 20, "discussion": 240},
        }
    )
    secs = {s.id: s.seconds for s in state.script}
    assert secs["vampires"] == 12 and secs["priest"] == 12
    assert secs["cupid"] == 20
    assert secs["view-marks"] == game.data.steps[[s.id for s in game.data.steps].index("view-marks")].seconds
    assert secs["discussion"] == 240
    assert secs["vote-countdown"] == game.data.rules.vote_seconds
    assert secs["vote"] is None and secs["reveal"] is None


# The rulebook's text, beside the repository (../shared/seeds); not part of it, so a clone elsewhere
# (a Pi) does not have it and the wording check skips, saying why.
RULEBOOK = ROOT.parent / "shared" / "seeds" / "003_75f3d68ba3f76880.txt"


def test_script_prompts_are_our_words_not_the_rulebook(game):
    if not RULEBOOK.is_file():
        pytest.skip(
            f"the rulebook's text is not here ({RULEBOOK}): it lives beside the repository, not in it"
        )
    book = RULEBOOK.read_text(encoding="utf-8")
    for step in game.data.steps:
        assert step.prompt not in book
        for sentence in step.prompt.split(". "):
            assert len(sentence) < 25 or sentence not in book


def test_setup_roles_must_be_players_plus_three(game):
    with pytest.raises(RuleViolation) as err:
        game.setup({"cmd": "setup", "players": 4, "seed": 1, "roles": ["vampire"] * 2 + ["villager"] * 3})
    assert err.value.rule == "roles" and "7 role cards" in err.value.message


def test_setup_refuses_more_copies_than_the_box_has(game):
    with pytest.raises(RuleViolation):
        game.setup({"cmd": "setup", "players": 3, "seed": 1, "roles": ["master"] * 2 + ["villager"] * 4})


def test_setup_refuses_unknown_roles_and_bad_timers(game):
    with pytest.raises(CommandError):
        game.setup({"cmd": "setup", "players": 3, "seed": 1, "roles": ["vampyre"] + ["villager"] * 5})
    with pytest.raises(CommandError):
        game.setup({"cmd": "setup", "players": 3, "seed": 1, "timers": {"lunch": 5}})
    with pytest.raises(CommandError):
        game.setup({"cmd": "setup", "players": 3, "seed": 1, "timers": {"step": 0}})


def test_setup_player_count_limits(game):
    with pytest.raises(RuleViolation):
        game.setup({"cmd": "setup", "players": 2, "seed": 1})
    with pytest.raises(RuleViolation):
        game.setup({"cmd": "setup", "players": 11, "seed": 1})


def test_role_picker_is_seeded_and_takes_two_vampires(game):
    a = game.canonical(None, {"cmd": "setup", "players": 6, "seed": 42})
    b = game.canonical(None, {"cmd": "setup", "players": 6, "seed": 42})
    assert a["roles"] == b["roles"] and len(a["roles"]) == 9
    fangs = [r for r in a["roles"] if game.data.roles[r].monster == "vampire"]
    assert len(fangs) == 2
    assert {
        tuple(game.canonical(None, {"cmd": "setup", "players": 6, "seed": s})["roles"]) for s in range(20)
    } != {tuple(a["roles"])}


def test_canonical_setup_spells_out_every_timer(game):
    c = game.canonical(
        None,
        {
            "cmd": "setup",
            "players": 3,
            "seed": 1,
            "roles": ["vampire", "cupid", "priest", "villager", "villager", "diseased"],
        },
    )
    assert set(c["timers"]) == {
        "dusk-begins",
        "vampires",
        "diseased",
        "cupid",
        "priest",
        "view-marks",
        "lovers",
        "dawn",
        "discussion",
        "vote",
    }
    assert c["marks"] is True and c["self_vote"] is False
