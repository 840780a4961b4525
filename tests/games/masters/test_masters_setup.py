"""Setup and the day flow: counts per vampire number, deck building, leading token, day combat rules."""

from __future__ import annotations

import pytest

from companion.errors import CommandError, RuleViolation
from tests.rules import EMPTY_CARD, masters_game, masters_start, play, to_night


@pytest.mark.parametrize(("n", "minions"), [(2, 2), (3, 1), (4, 0), (5, 0)])
def test_masters_setup_counts_for_each_vampire_number(n, minions):
    """Vampires at the station with 4 blood, starting minions by count, 2 reserve blood, 2 dice each, veil 6."""
    game = masters_game()
    names = ["Agnieszka", "Imre", "Ishtvan", "Laszlo", "Mila"][:n]
    s, _ = game.setup({"cmd": "setup", "game": "masters", "vampires": names, "seed": 5, "difficulty": "hard"})
    assert all(v.district == "A1" and v.blood == 4 and v.kills == 0 for v in s.vampires)
    assert s.at("A1").key == "railway-station" and s.at("A1").minions == minions
    assert s.reserve.minions == 9 - minions and s.reserve.blood == 2
    assert s.reserve.agents == game.data.tracker(n).reserve
    assert len(s.dice) == 2 * n and all(1 <= d <= 6 for d in s.dice)
    assert s.veil == 6 and s.leading == names[0] and s.step.value == "day-effects"
    assert len(s.deck) == 12 and s.deck_acts == ("I",) * 4 + ("II",) * 4 + ("III",) * 4


@pytest.mark.parametrize(("difficulty", "per_act"), [("easy", 6), ("medium", 5), ("hard", 4)])
def test_masters_setup_deck_has_act_one_on_top(difficulty, per_act):
    """Cards per act by difficulty; act I on top, III at the bottom, no repeats."""
    game = masters_game()
    s, _ = game.setup(
        {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "seed": 9, "difficulty": difficulty}
    )
    assert [k.split("-")[0] for k in s.deck] == ["I"] * per_act + ["II"] * per_act + ["III"] * per_act
    assert len(set(s.deck)) == len(s.deck)


def test_masters_setup_seed_decides_layout_and_canonical_replays_it():
    """Different seeds lay out the city differently; the canonical setup gives the very same state."""
    game = masters_game()
    cmd = {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "seed": 1}
    layouts = {tuple(d.key for d in game.setup({**cmd, "seed": k})[0].districts) for k in range(6)}
    assert len(layouts) > 1 and all(lay[0] == "railway-station" for lay in layouts)
    canon = game.canonical(None, cmd)
    assert set(canon) >= {"districts", "cards", "relics", "dice", "reserve_agents", "leading"}
    assert game.setup(canon)[0] == game.setup(cmd)[0]


def test_masters_setup_refuses_bad_input():
    """Unknown or repeated vampires, wrong counts, a moved station: clear errors."""
    game = masters_game()
    base = {"cmd": "setup", "game": "masters", "seed": 1}
    for bad in (
        ["Imre"],
        ["Imre", "Imre"],
        ["Imre", "Dracula"],
        ["Imre", "Mila", "Laszlo", "Nevena", "Ishtvan", "Agnieszka"],
    ):
        with pytest.raises(CommandError):
            game.setup({**base, "vampires": bad})
    with pytest.raises(CommandError):
        game.setup({**base, "vampires": ["Imre", "Mila"], "difficulty": "nightmare"})
    with pytest.raises(RuleViolation, match="A1"):
        game.setup({**base, "vampires": ["Imre", "Mila"], "districts": {"A1": "museum"}})


def test_masters_leading_token_passes_clockwise_from_round_two():
    """Round 1 keeps the chosen leader; each later round passes it to the next vampire."""
    game = masters_game()
    s = masters_start(game, ("Imre", "Mila", "Laszlo"), leading="Mila")
    assert s.leading == "Mila"
    s = to_night(game, s)
    assert s.turn == "Mila"
    s, _ = play(game, s, {"cmd": "end_turn"})
    assert s.turn == "Laszlo"
    s, _ = play(game, s, {"cmd": "end_turn"}, {"cmd": "end_turn"})
    assert s.round == 2 and s.leading == "Laszlo" and s.phase.value == "day"


def test_masters_physical_deck_needs_the_card_and_runs_out_to_defeat():
    """A physical deck names each card; drawing from an empty deck loses the game."""
    game = masters_game()
    s = masters_start(game, cards=["I-01"])
    with pytest.raises(CommandError):
        game.apply(s, {"cmd": "draw"})
    s = to_night(game, s, card="I-01")
    s, _ = play(game, s, {"cmd": "end_turn"}, {"cmd": "end_turn"})
    s, ev = play(game, s, {"cmd": "draw", "card": "I-02"})
    assert game.outcome(s) == "defeat-deck" and ev[-1].kind == "game_over"


def test_masters_digital_draw_canonical_carries_the_grid():
    """The journal stores the card, its grid and the tracker numbers used when it was drawn."""
    game = masters_game()
    s, _ = game.setup({"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "seed": 2})
    canon = game.canonical(s, {"cmd": "draw"})
    info = game.data.card(s.deck[0])
    assert canon["card"] == s.deck[0] and canon["red"] == list(info.red) and canon["blue"] == list(info.blue)
    nums = game.data.tracker(2).agents(
        info.act, __import__("companion.games.masters.rules.data", fromlist=["Band"]).Band.HIGH
    )
    assert canon["red_agents"] == nums.red and canon["blue_agents"] == list(nums.blue)


def test_masters_equal_blue_numbers_go_to_both_cells():
    """Same blue-gray numbers: both cells get them with no question asked."""
    game = masters_game()
    s = masters_start(game)
    s, _ = play(
        game,
        s,
        {
            "cmd": "draw",
            "card": "I-04",
            "red": ["C1"],
            "blue": ["B2", "C3"],
            "red_agents": 1,
            "blue_agents": [1, 1],
        },
    )
    assert s.step.value == "card-effect"
    assert (s.at("C1").agents_hidden, s.at("B2").agents_hidden, s.at("C3").agents_hidden) == (1, 1, 1)


def test_masters_split_must_assign_the_printed_numbers():
    """Different numbers wait for place_agents, which must give each number to one blue-gray cell."""
    game = masters_game()
    s = masters_start(game)
    s, _ = play(
        game,
        s,
        {
            "cmd": "draw",
            "card": "I-04",
            "red": [],
            "blue": ["B2", "C3"],
            "red_agents": 1,
            "blue_agents": [2, 0],
        },
    )
    assert s.step.value == "place-agents"
    for bad in ({"B2": 1, "C3": 1}, {"B2": 2, "A1": 0}):
        with pytest.raises(RuleViolation):
            game.apply(s, {"cmd": "place_agents", "split": bad})
    s, _ = play(game, s, {"cmd": "place_agents", "split": {"B2": 0, "C3": 2}})
    assert s.at("C3").agents == 2 and s.at("B2").agents == 0


def test_masters_day_combat_uses_lowest_dice_and_skips_drained_vampires():
    """By day only a lowest die is allowed; districts with only a drained vampire are not attacked."""
    game = masters_game()
    s = masters_start(game, ("Imre", "Mila"))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Mila", "at": "B3", "blood": 0},
        {"cmd": "adjust", "vampire": "Imre", "at": "C1"},
        {"cmd": "draw", "card": "I-04", **EMPTY_CARD},
        {"cmd": "add_agents", "district": "C1", "n": 3},
        {"cmd": "add_agents", "district": "B3", "n": 3},
        {"cmd": "adjust", "dice": [5, 2, 2, 6]},
        {"cmd": "resolve_card"},
    )
    assert (
        s.step.value == "hunt" and game.to_json(s)["hunt"]["due"] == ["C1"] and s.veil == 5
    )  # C1 was watched, B3 not
    s, _ = play(game, s, {"cmd": "day_combat", "district": "C1"})
    assert s.at("C1").agents_exposed == 3
    with pytest.raises(RuleViolation, match="lowest"):
        game.apply(s, {"cmd": "use_die", "die": 0})
    s, _ = play(game, s, {"cmd": "use_die"}, {"cmd": "use_die"}, {"cmd": "use_die"})
    assert s.vampire("Imre").blood == 2 and s.vampire("Imre").kills == 1 and s.at("C1").agents == 2
    assert s.phase.value == "night" and s.dice == (6,)


def test_masters_day_menu_greys_out_draw_until_effects_are_resolved():
    """An active day effect is offered first; draw is disabled with the reason until it is resolved."""
    game = masters_game()
    s = masters_start(game)
    s, _ = play(game, s, {"cmd": "adjust", "district": "C3", "minions": 1})
    menu = {a.command["cmd"]: a for a in game.actions(s)}
    assert menu["resolve_day_effect"].command["district"] == "C3"
    assert not menu["draw"].enabled and menu["draw"].why_not == "resolve the active day effects first"
    assert menu["draw"].needs == ("card",)  # a physical deck: the table names the card
    s, _ = play(game, s, {"cmd": "resolve_day_effect", "district": "C3"})
    assert [a.enabled for a in game.actions(s)] == [True]
