"""The rulebook's worked examples and FAQ answers, each played through the engine."""

from __future__ import annotations

import pytest

from companion.errors import RuleViolation
from tests.rules import EMPTY_CARD, masters_game, masters_start, play, to_night


def test_combat_example_ishtvan_and_mila():
    """1 minion, 4 exposed agents, dice 6 and 2, reroll 1,1,3,4,4,4: kills Ishtvan 2, Mila 1, one agent left."""
    game = masters_game()
    s = masters_start(game, ("Ishtvan", "Mila", "Imre"))
    s = to_night(game, s)
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "district": "B2", "agents_exposed": 4, "minions": 1},
        {"cmd": "adjust", "vampire": "Ishtvan", "at": "B2", "blood": 1},
        {"cmd": "adjust", "vampire": "Mila", "at": "B2"},
        {"cmd": "adjust", "dice": [6, 2], "dice_used": [1, 1, 1, 1]},
        {"cmd": "fight"},
        {"cmd": "sacrifice", "minions": 1},
        {"cmd": "use_die", "die": 0},  # the 6: agent removed
        {"cmd": "use_die", "die": 0},  # the 2: agent stays, Ishtvan drained, Mila takes over
    )
    assert s.vampire("Ishtvan").drained and s.combat.fighter == "Mila"
    s, _ = play(game, s, {"cmd": "reroll", "values": [1, 1, 3, 4, 4, 4]}, {"cmd": "use_die", "die": 3})
    assert s.combat is None and s.step.value == "turn"
    assert s.at("B2").agents == 1 and s.at("B2").minions == 0
    assert s.vampire("Ishtvan").kills == 2 and s.vampire("Mila").kills == 1
    assert s.vampire("Mila").blood == 3 and s.vampire("Ishtvan").ap == 0
    assert sorted(s.dice) == [1, 1, 3, 4, 4]


def test_last_crusade_veil_example():
    """Veil 4, 3 vampires: 2 red + 1 blue agent, 1 reserve agent for 3 empty districts -> veil 1, fight in C1."""
    game = masters_game()
    s = masters_start(game, ("Imre", "Mila", "Ishtvan"))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "veil": 4},
        {"cmd": "adjust", "district": "A1", "minions": 0},
        {"cmd": "adjust", "vampire": "Imre", "at": "C1"},
        {"cmd": "adjust", "vampire": "Mila", "at": "C1"},
        {"cmd": "adjust", "vampire": "Ishtvan", "at": "B2"},
        {"cmd": "adjust", "district": "C1", "agents_hidden": 1},
        *({"cmd": "adjust", "district": p, "minions": 1} for p in ("A2", "A3", "B3")),
        {"cmd": "adjust", "reserve": {"agents": 4}},
        {"cmd": "draw", "card": "II-01"},  # Last Crusade: red C1, blue-gray A1 and B1
    )
    assert s.step.value == "place-agents" and (s.card.red_agents, s.card.blue_agents) == (2, (1, 0))
    s, _ = play(game, s, {"cmd": "place_agents", "split": {"A1": 1, "B1": 0}})
    assert s.veil_pending == 1  # C1 holds vampires; A1 holds nobody
    s, _ = play(game, s, *({"cmd": "add_agents", "district": p} for p in ("B1", "C2", "C3")))
    assert s.reserve.agents == 0 and s.veil_pending == 3 and s.veil == 4  # decreases wait for the card's end
    s, _ = play(game, s, {"cmd": "resolve_card"})
    assert s.veil == 1 and s.step.value == "hunt"
    assert (s.at("C1").agents, s.at("A1").agents, s.at("B1").agents) == (3, 1, 1)
    s, _ = play(game, s, {"cmd": "day_combat", "district": "C1", "vampire": "Mila"})
    assert s.combat.day and s.combat.dice_left == 3 and s.at("C1").agents_hidden == 0


def test_museum_asylum_order_example():
    """Asylum first pulls the museum's agent, then the museum's day effect becomes active and draws a relic."""
    game = masters_game()
    s = masters_start(game, ("Imre", "Mila"))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "district": "C2", "agents_hidden": 1, "minions": 1},
        {"cmd": "adjust", "district": "C3", "minions": 1},
        {"cmd": "adjust", "vampire": "Mila", "kills": 2},
    )
    assert game.to_json(s)["day_effects"]["active"] == ["C3"]
    with pytest.raises(RuleViolation):
        game.apply(s, {"cmd": "resolve_day_effect", "district": "C2"})
    with pytest.raises(RuleViolation):
        game.apply(s, {"cmd": "draw", "card": "I-03"})
    top = s.relic_deck[0]
    s, _ = play(
        game,
        s,
        {"cmd": "resolve_day_effect", "district": "C3"},  # announced while active, then carried out
        {"cmd": "move_agents", "from": "C2", "to": "C3"},
    )
    assert (
        game.to_json(s)["day_effects"]["active"] == ["C2"] and s.veil == 6
    )  # FAQ: no veil loss for the asylum
    s, _ = play(game, s, {"cmd": "resolve_day_effect", "district": "C2"})
    assert s.vampire("Mila").relics == (top,) and top not in s.relic_deck


def test_museum_draws_nothing_when_nobody_may_hold_a_relic():
    """No vampire has kill count 2: the relic deck is not touched."""
    game = masters_game()
    s = masters_start(game)
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "district": "C2", "minions": 1},
        {"cmd": "resolve_day_effect", "district": "C2"},
    )
    assert all(not v.relics for v in s.vampires) and len(s.relic_deck) == 13


def test_curse_of_our_clan_discard_then_veil():
    """Attach first, the leader loses its last blood, the card is discarded and the veil rises at once."""
    game = masters_game()
    s = masters_start(game, ("Imre", "Mila"))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "veil": 4},
        {"cmd": "adjust", "vampire": "Imre", "blood": 1},
        {"cmd": "adjust", "district": "C3", "minions": 1},
        {"cmd": "resolve_day_effect", "district": "C3"},
        {"cmd": "draw", "card": "I-02"},
    )  # Curse of our Clan, red cell C3 where a minion waits
    assert s.card.continuing and s.veil_pending == 1
    s, ev = play(
        game,
        s,
        {"cmd": "attach_card", "card": "I-02", "to": "Imre"},
        {"cmd": "adjust", "vampire": "Imre", "blood": 0},
        {"cmd": "discard_card", "card": "I-02"},
        {"cmd": "veil", "by": 1},
    )
    kinds = [e.kind for e in ev]
    assert (
        kinds.index("card_attached")
        < kinds.index("vampire_drained")
        < kinds.index("card_discarded")
        < kinds.index("veil_changed")
    )
    assert s.veil == 5 and s.vampire("Imre").cards == ()
    s, ev = play(game, s, {"cmd": "resolve_card"})
    changes = [(e.old, e.new) for e in ev if e.kind == "veil_changed"]
    assert changes == [(5, 4), (4, 3)]  # the queued decrease after the card, then Imre rises at his turn
    assert s.turn == "Imre" and s.vampire("Imre").blood == 1


def test_die_values_clamp_to_one_and_six():
    """Shifts, table rolls and corrections never leave 1..6."""
    game = masters_game()
    s = to_night(game, masters_start(game, ("Laszlo", "Mila")))
    s, _ = play(
        game, s, {"cmd": "adjust", "district": "A1", "agents_exposed": 2}, {"cmd": "adjust", "dice": [5, 2]}
    )
    s, ev = play(game, s, {"cmd": "fight"}, {"cmd": "use_die", "die": 0, "shift": 3})
    assert [e.value for e in ev if e.kind == "die_used"] == [6]
    s, ev = play(game, s, {"cmd": "use_die", "die": 0, "shift": -5})
    assert [e.value for e in ev if e.kind == "die_used"] == [1]
    s, _ = play(game, s, {"cmd": "reroll", "values": [0, 9, 3, -4]})
    assert s.dice == (1, 6, 3, 1)
    s, _ = play(game, s, {"cmd": "adjust", "dice": [-2, 8]})
    assert s.dice == (1, 6)


def test_veil_never_rises_above_six():
    """Recruiting or an effect at veil 6 leaves it at 6."""
    game = masters_game()
    s = to_night(game, masters_start(game))
    s, _ = play(game, s, {"cmd": "recruit"})
    assert s.veil == 6 and s.at("A1").minions == 3
    s, _ = play(game, s, {"cmd": "adjust", "veil": 5}, {"cmd": "veil", "by": 2})
    assert s.veil == 6


def test_agent_to_minion_with_no_minion_left_just_removes_the_agent():
    """FAQ: no minion in the reserve, the agent goes and nothing replaces it."""
    game = masters_game()
    s = masters_start(game)
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "district": "B2", "agents_hidden": 1},
        {"cmd": "adjust", "reserve": {"minions": 0}},
    )
    agents_before = s.reserve.agents
    s, _ = play(game, s, {"cmd": "replace", "district": "B2", "what": "agent"})
    assert s.at("B2").agents == 0 and s.at("B2").minions == 0 and s.reserve.agents == agents_before + 1


def test_minion_to_agent_with_no_agent_left_costs_veil_only_for_an_event():
    """FAQ: the minion goes; an event card's replacement also costs 1 veil after the card."""
    game = masters_game()
    s = masters_start(game)
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "district": "B3", "minions": 2},
        {"cmd": "adjust", "reserve": {"agents": 0}},
    )
    s, _ = play(
        game, s, {"cmd": "replace", "district": "B3", "what": "minion"}
    )  # not an event: no veil change
    assert s.at("B3").minions == 1 and s.veil == 6
    s, _ = play(
        game,
        s,
        {"cmd": "draw", "card": "I-03", **EMPTY_CARD},
        {"cmd": "replace", "district": "B3", "what": "minion"},
    )
    assert s.at("B3").minions == 0 and s.at("B3").agents == 0 and s.veil == 6 and s.veil_pending == 1
    s, _ = play(game, s, {"cmd": "resolve_card"})
    assert s.veil == 5


def test_sigil_counts_as_more_minions_for_day_effects():
    """A sigillated district's day effect works with agents and no minions; equal counts never do."""
    game = masters_game()
    s = masters_start(game)
    s, _ = play(game, s, {"cmd": "adjust", "district": "C3", "agents_hidden": 1, "minions": 1})
    assert "C3" not in game.to_json(s)["day_effects"]["active"]
    s, _ = play(
        game, s, {"cmd": "adjust", "district": "C3", "agents_hidden": 2, "minions": 0, "sigil": "Mila"}
    )
    assert "C3" in game.to_json(s)["day_effects"]["active"] and s.vampire("Mila").sigil_placed


def test_funerary_urn_agents_checked_where_they_really_appear():
    """Agents redirected into the urn's empty district cost no veil; the same card without it costs 1."""
    game = masters_game()
    s = masters_start(game, ("Mila", "Imre"))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Mila", "kills": 2, "at": "C1"},
        {"cmd": "give_relic", "relic": "funerary-urn", "vampire": "Mila"},
    )
    s = to_night(game, s)
    s, _ = play(
        game,
        s,
        {"cmd": "place_relic", "relic": "funerary-urn"},
        {"cmd": "move", "to": "B1"},
        {"cmd": "end_turn"},
        {"cmd": "end_turn"},
    )
    assert s.at("C1").relics == ("funerary-urn",) and s.round == 2
    grid = {"cmd": "draw", "card": "I-04", "red": ["A1"], "blue": [], "red_agents": 1, "blue_agents": [0, 0]}
    plain, _ = play(game, s, grid, {"cmd": "resolve_card"})
    urn, _ = play(game, s, {**grid, "redirect": {"A1": "C1"}}, {"cmd": "resolve_card"})
    assert plain.veil == 5 and plain.at("A1").agents == 1  # A1 holds minions
    assert urn.veil == 6 and urn.at("C1").agents == 1 and urn.at("A1").agents == 0
    with pytest.raises(RuleViolation):
        game.apply(s, {**grid, "redirect": {"A1": "C2"}})  # no urn there


def test_card_drawn_by_an_ability_is_not_resolved():
    """Nevena's ability card leaves the deck but places no agents and changes no veil."""
    game = masters_game()
    s = to_night(game, masters_start(game, ("Nevena", "Imre")))
    before = game.to_json(s)
    s, ev = play(game, s, {"cmd": "ability_card", "card": "I-05"})
    after = game.to_json(s)
    assert after["deck"]["remaining"] == before["deck"]["remaining"] - 1 and "I-05" in after["drawn"]
    assert after["veil"] == before["veil"] and after["reserve"] == before["reserve"] and after["card"] is None
    assert after["step"] == "turn" and [e.kind for e in ev] == ["ability_card_drawn"]


def test_distortion_timepiece_stays_used_when_it_changes_hands():
    """Used by Mila, given to Imre the same round: refused; next round it works again."""
    game = masters_game()
    s = masters_start(game, ("Mila", "Imre"))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Mila", "kills": 2},
        {"cmd": "adjust", "vampire": "Imre", "kills": 2},
        {"cmd": "give_relic", "relic": "distortion-timepiece", "vampire": "Mila"},
    )
    s = to_night(game, s)
    s, _ = play(
        game,
        s,
        {"cmd": "use_relic", "relic": "distortion-timepiece"},
        {"cmd": "exchange_relics", "with": "Imre", "give": ["distortion-timepiece"]},
        {"cmd": "end_turn"},
    )
    assert s.turn == "Imre" and s.vampire("Imre").relics == ("distortion-timepiece",)
    with pytest.raises(RuleViolation, match="already used this round"):
        game.apply(s, {"cmd": "use_relic", "relic": "distortion-timepiece"})
    s, _ = play(game, s, {"cmd": "end_turn"})
    s = to_night(game, s, card="I-06")
    assert s.round == 2 and s.turn == "Imre"  # the leading token passed to Imre
    s, ev = play(game, s, {"cmd": "use_relic", "relic": "distortion-timepiece"})
    assert any(e.kind == "relic_used" for e in ev)
