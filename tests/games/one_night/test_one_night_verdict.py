"""One Night day: votes, deaths (Master, Lovers, Hunter, Prince, epic battles) and winners."""

import pytest

from companion.games.one_night.rules.verdict import Table, deaths, winners
from companion.rules import load_game


@pytest.fixture(scope="module")
def data():
    """The shipped role data."""
    return load_game("one-night").data


def _table(data, cards, votes, marks=None):
    """A revealed table from lists (seat 1 first)."""
    return Table(data, tuple(cards), tuple(marks or ["clarity"] * len(cards)), tuple(votes))


def test_vote_most_votes_dies(data):
    t = _table(data, ["vampire", "villager", "priest", "cupid"], [2, 1, 1, 1])
    assert deaths(t) == (1,)
    assert winners(t, (1,)) == (("villager",), (2, 3, 4))


def test_vote_nobody_dies_when_nobody_gets_two_votes(data):
    t = _table(data, ["vampire", "villager", "priest"], [2, 3, 1])
    assert deaths(t) == ()
    teams, seats = winners(t, ())
    assert teams == ("vampire",) and seats == (1,)


def test_vote_ties_for_most_all_die(data):
    t = _table(data, ["vampire", "villager", "priest", "cupid"], [2, 1, 1, 2])
    assert deaths(t) == (1, 2)


def test_master_pointed_at_by_a_vampire_survives_and_runner_up_dies(data):
    # seats: 1 Master, 2 Vampire, 3..5 villagers. Master gets 3 votes incl. the Vampire's; seat 3 gets 2.
    t = _table(data, ["master", "vampire", "villager", "priest", "cupid"], [3, 1, 1, 1, 3])
    assert deaths(t) == (3,)
    assert winners(t, deaths(t))[0] == ("vampire",)


def test_master_without_a_vampire_vote_dies(data):
    t = _table(data, ["master", "vampire", "villager", "priest", "cupid"], [3, 3, 1, 1, 1])
    assert deaths(t) == (1,)


def test_mark_of_the_vampire_makes_a_vampire_and_protects_the_master(data):
    marks = ["clarity", "vampire", "clarity", "clarity"]
    t = _table(data, ["master", "villager", "priest", "cupid"], [2, 1, 1, 1], marks)
    assert t.is_vampire(2) and t.team(2) == "vampire"
    assert deaths(t) == ()  # the only other vote getter has 1 vote


def test_lovers_die_together_even_when_protected(data):
    marks = ["love", "clarity", "clarity", "love"]
    t = _table(data, ["master", "vampire", "villager", "priest"], [3, 1, 1, 1], marks)
    # seat 1 (Master, in love with seat 4) gets 3 votes incl. the Vampire's: protected, no one else
    # has 2 votes. Now make seat 4 die: the Master follows despite the protection.
    t2 = _table(data, ["master", "vampire", "villager", "priest"], [4, 4, 1, 1], marks)
    assert deaths(t) == ()
    assert deaths(t2) == (1, 4)


def test_a_single_mark_of_love_does_nothing(data):
    t = _table(
        data,
        ["vampire", "villager", "priest", "cupid"],
        [2, 1, 1, 1],
        ["love", "clarity", "clarity", "clarity"],
    )
    assert deaths(t) == (1,)


def test_hunter_takes_his_target_along(data):
    t = _table(data, ["hunter", "vampire", "priest", "cupid"], [2, 1, 1, 1])
    assert deaths(t) == (1, 2)


def test_prince_cannot_die(data):
    t = _table(data, ["prince", "vampire", "priest", "cupid"], [2, 1, 1, 1])
    assert deaths(t) == ()


def test_voting_for_the_diseased_costs_the_win(data):
    marks = ["clarity", "disease", "clarity", "clarity"]
    t = _table(data, ["vampire", "villager", "priest", "cupid"], [2, 1, 1, 2], marks)
    killed = deaths(t)
    assert killed == (1, 2)
    teams, seats = winners(t, killed)
    assert teams == ("villager",)
    assert seats == (2, 3)  # seat 4 pointed at the Mark of Disease


def test_assassin_wins_alongside_when_the_marked_player_dies(data):
    marks = ["assassin", "clarity", "clarity", "clarity"]
    t = _table(data, ["vampire", "assassin", "priest", "cupid"], [2, 1, 1, 1], marks)
    teams, seats = winners(t, deaths(t))
    assert teams == ("villager", "assassin")
    assert 2 in seats


def test_assassin_without_mark_is_a_villager(data):
    t = _table(data, ["vampire", "assassin", "priest", "cupid"], [2, 1, 1, 1])
    assert t.team(2) == "villager"


def test_apprentice_assassin_wins_when_the_assassin_dies(data):
    marks = ["clarity", "clarity", "assassin", "clarity"]
    t = _table(data, ["assassin", "apprentice-assassin", "vampire", "priest"], [2, 1, 1, 1], marks)
    assert deaths(t) == (1,)
    teams, _ = winners(t, (1,))
    assert "apprentice-assassin" in teams and "assassin" not in teams


def test_renfield_is_a_villager_without_vampires(data):
    t = _table(data, ["renfield", "villager", "priest"], [2, 3, 1])
    assert t.team(1) == "villager"
    assert winners(t, ())[0] == ("villager",)


def test_renfield_wins_with_the_vampires_even_dead(data):
    t = _table(data, ["renfield", "vampire", "priest", "cupid"], [2, 1, 1, 1])
    assert deaths(t) == (1,)
    teams, seats = winners(t, (1,))
    assert teams == ("vampire",) and 1 in seats and 2 in seats


def test_traitor_wins_only_if_a_teammate_dies(data):
    marks = ["clarity", "clarity", "traitor", "clarity"]
    t = _table(data, ["vampire", "villager", "priest", "cupid"], [2, 1, 1, 2], marks)
    killed = deaths(t)  # seats 1 and 2 tie
    teams, seats = winners(t, killed)
    assert 3 in seats  # villager 2 died: the traitor wins
    t2 = _table(data, ["vampire", "villager", "priest", "cupid"], [2, 1, 1, 1], marks)
    assert 3 not in winners(t2, deaths(t2))[1]


def test_epic_battle_kills_most_and_second_most(data):
    cards = ["vampire", "werewolf", "villager", "priest", "seer"]
    t = _table(data, cards, [2, 1, 1, 1, 2])  # seat 1: 3 votes, seat 2: 2 votes
    assert t.epic()
    assert deaths(t) == (1, 2)
    assert winners(t, (1, 2))[0] == ("villager",)


def test_epic_battle_tie_for_most_only_kills_the_tied(data):
    cards = ["vampire", "werewolf", "villager", "priest", "seer"]
    t = _table(data, cards, [2, 1, 1, 2, 3])  # 1: 2 votes, 2: 2 votes, 3: 1
    assert deaths(t) == (1, 2)


def test_tanner_death_blocks_the_vampires(data):
    t = _table(data, ["tanner", "vampire", "priest", "cupid"], [2, 1, 1, 1])
    assert deaths(t) == (1,)
    assert winners(t, (1,))[0] == ("tanner",)
