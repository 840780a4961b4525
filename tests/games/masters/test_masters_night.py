"""Night actions: AP costs, kill-count gates, veil effects, drained vampires, and the menu's reasons."""

from __future__ import annotations

import pytest

from companion.errors import CommandError, RuleViolation
from tests.rules import masters_game, masters_start, play, to_night


def _menu(game, s) -> dict[str, object]:
    """Night menu as verb -> why_not (None when enabled); moves keyed by target."""
    out = {}
    for a in game.actions(s):
        key = a.command["cmd"] if a.command["cmd"] != "move" else f"move {a.command['to']}"
        out[key] = a.why_not
    return out


def test_masters_night_menu_explains_refusals():
    """Fresh night at the station: gates by kill count, AP and reserve reasons; pointless moves stay legal."""
    game = masters_game()
    s = to_night(game, masters_start(game))
    menu = _menu(game, s)
    assert menu["wild_hunt"] == "kill count 4 needed" and menu["hunt"] == "kill count 1 needed"
    assert menu["fight"] is None and menu["expose"] is None  # nothing to fight or flip: legal, just pointless
    assert menu["ritual"] == "kill count 9 needed" and menu["dark_ability"] == "kill count 6 needed"
    assert menu["move A2"] is None and menu["move B1"] is None and "move B2" not in menu
    assert menu["recruit"] is None and menu["end_turn"] is None
    s2, _ = play(game, s, {"cmd": "move", "to": "A2"})
    assert _menu(game, s2)["recruit"] == "2 AP needed"
    s3, _ = play(game, s, {"cmd": "adjust", "reserve": {"minions": 0}})
    assert _menu(game, s3)["recruit"] == "no minion in the reserve"


def test_masters_night_move_orthogonal_only_with_minions():
    """Diagonal moves are refused; minions may follow; each move costs 1 AP."""
    game = masters_game()
    s = to_night(game, masters_start(game))
    with pytest.raises(RuleViolation, match="orthogonal"):
        game.apply(s, {"cmd": "move", "to": "B2"})
    with pytest.raises(RuleViolation):
        game.apply(s, {"cmd": "move", "to": "A2", "minions": 3})
    s, _ = play(game, s, {"cmd": "move", "to": "B1", "minions": 2})
    v = s.vampire(s.turn)
    assert v.district == "B1" and v.ap == 1 and s.at("B1").minions == 2 and s.at("A1").minions == 0


def test_masters_night_refusal_changes_nothing_and_names_the_rule():
    """A refused command raises RuleViolation(rule, why) and the state stays as it was."""
    game = masters_game()
    s = to_night(game, masters_start(game))
    before = game.to_json(s)
    with pytest.raises(RuleViolation) as err:
        game.apply(s, {"cmd": "sigillate"})
    assert err.value.rule == "sigillate" and "kill count 9 needed" in err.value.message
    assert game.to_json(s) == before
    with pytest.raises(CommandError):
        game.apply(s, {"cmd": "move"})
    with pytest.raises(CommandError):
        game.apply(s, {"cmd": "fly", "to": "A2"})
    with pytest.raises(RuleViolation, match="not now"):
        game.apply(s, {"cmd": "draw"})


def test_masters_night_hunt_and_wild_hunt_take_blood_from_the_reserve():
    """Hunt +1 blood (kill count 1), wild hunt to the maximum and veil -1 (kill count 4)."""
    game = masters_game()
    s = to_night(game, masters_start(game))
    name = s.turn
    s, _ = play(game, s, {"cmd": "adjust", "vampire": name, "kills": 4, "blood": 1})
    reserve = s.reserve.blood
    s, _ = play(game, s, {"cmd": "hunt"})
    assert s.vampire(name).blood == 2 and s.reserve.blood == reserve - 1
    s, _ = play(game, s, {"cmd": "wild_hunt"})
    assert s.vampire(name).blood == 4 and s.veil == 5 and s.vampire(name).ap == 0


def test_masters_night_wild_hunt_reaches_six_with_pristine_blood():
    """Pristine Blood raises the maximum to 6; giving it away drops extra blood to the reserve."""
    game = masters_game()
    s = masters_start(game, ("Imre", "Mila"))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Imre", "kills": 5},
        {"cmd": "adjust", "vampire": "Mila", "kills": 5},
        {"cmd": "adjust", "reserve": {"blood": 4}},
        {"cmd": "give_relic", "relic": "pristine-blood", "vampire": "Imre"},
    )
    s = to_night(game, s)
    s, _ = play(game, s, {"cmd": "wild_hunt"})
    assert s.vampire("Imre").blood == 6
    s, _ = play(game, s, {"cmd": "exchange_relics", "with": "Mila", "give": ["pristine-blood"]})
    assert s.vampire("Imre").blood == 4 and s.reserve.blood == 4 and s.vampire("Mila").blood == 4


def test_masters_night_drained_vampire_rises_at_its_turn_with_veil_cost():
    """A drained vampire starts its turn with +1 blood and the veil drops by 1; drained by day it keeps its AP."""
    game = masters_game()
    s = masters_start(game, ("Imre", "Mila"))
    s, _ = play(game, s, {"cmd": "adjust", "vampire": "Mila", "blood": 0})
    s = to_night(game, s)
    assert s.turn == "Imre" and s.veil == 6
    s, _ = play(game, s, {"cmd": "end_turn"})
    assert s.turn == "Mila" and s.vampire("Mila").blood == 1 and s.veil == 5 and s.vampire("Mila").ap == 2


def test_masters_night_drained_by_blood_ability_loses_its_ap():
    """Paying the last blood for an ability drains: AP are lost and only end_turn remains."""
    game = masters_game()
    s = to_night(game, masters_start(game, ("Mila", "Imre")))
    s, _ = play(game, s, {"cmd": "adjust", "vampire": "Mila", "blood": 1}, {"cmd": "blood_ability"})
    assert s.vampire("Mila").drained and s.vampire("Mila").ap == 0
    with pytest.raises(RuleViolation, match="drained"):
        game.apply(s, {"cmd": "move", "to": "A2"})


def test_masters_night_dark_ability_at_veil_one_loses_at_once():
    """A veil cost reaching 0 ends the game even if the ability would raise it."""
    game = masters_game()
    s = to_night(game, masters_start(game, ("Nevena", "Imre")))
    s, _ = play(game, s, {"cmd": "adjust", "vampire": "Nevena", "kills": 6}, {"cmd": "adjust", "veil": 2})
    s, ev = play(game, s, {"cmd": "dark_ability"})  # Gates of Hell costs 2 veil in the shipped data
    assert game.outcome(s) == "defeat-veil" and s.veil == 0 and ev[-1].kind == "game_over"
    with pytest.raises(RuleViolation, match="game over"):
        game.apply(s, {"cmd": "veil", "by": 3})


def test_masters_night_sigillate_and_ritual_win():
    """Sigils need a minion, no agents and no other sigil; the ritual needs everyone together."""
    game = masters_game()
    s = to_night(game, masters_start(game, ("Imre", "Mila")))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Imre", "kills": 9},
        {"cmd": "adjust", "vampire": "Mila", "kills": 9},
    )
    s, _ = play(game, s, {"cmd": "sigillate"})
    assert s.at("A1").sigil == "Imre" and s.at("A1").minions == 1 and s.vampire("Imre").sigil_placed
    with pytest.raises(RuleViolation, match="already placed"):
        game.apply(s, {"cmd": "sigillate"})
    s, _ = play(game, s, {"cmd": "end_turn"})
    with pytest.raises(RuleViolation, match="already here"):
        game.apply(s, {"cmd": "sigillate"})
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "district": "B1", "minions": 1, "agents_hidden": 1},
        {"cmd": "move", "to": "B1"},
    )
    with pytest.raises(RuleViolation, match="agents are here"):
        game.apply(s, {"cmd": "sigillate"})
    s, _ = play(game, s, {"cmd": "adjust", "district": "B1", "agents_hidden": 0}, {"cmd": "sigillate"})
    assert s.vampire("Mila").ap == 0
    s, _ = play(game, s, {"cmd": "end_turn"})
    assert game.to_json(s)["day_effects"]["active"] == [
        "B1"
    ]  # the sigil rules B1 (police station: day effect)
    s, _ = play(
        game,
        s,
        {"cmd": "resolve_day_effect", "district": "B1"},
        {"cmd": "draw", "card": "I-05", "red": [], "blue": []},
        {"cmd": "resolve_card"},
    )
    # round 2: Mila leads; Imre is still in A1 with 1 minion
    s, _ = play(game, s, {"cmd": "move", "to": "A1"})
    with pytest.raises(RuleViolation, match="2 minions needed"):
        game.apply(s, {"cmd": "ritual"})
    s, _ = play(game, s, {"cmd": "adjust", "district": "A1", "minions": 2}, {"cmd": "ritual"})
    assert game.outcome(s) == "victory" and s.phase.value == "over"


def test_masters_night_exchange_relics_keeps_limits():
    """Kill count 2 holds one relic: an exchange that would give a second is refused."""
    game = masters_game()
    s = masters_start(game, ("Imre", "Mila"))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Imre", "kills": 5},
        {"cmd": "adjust", "vampire": "Mila", "kills": 2},
        {"cmd": "give_relic", "relic": "wolf-pelt", "vampire": "Imre"},
        {"cmd": "give_relic", "relic": "bone-flute", "vampire": "Imre"},
        {"cmd": "give_relic", "relic": "cursed-map", "vampire": "Mila"},
    )
    with pytest.raises(RuleViolation, match="relic limit"):
        game.apply(s, {"cmd": "give_relic", "relic": "plague-mask", "vampire": "Mila"})
    s2, _ = play(
        game, s, {"cmd": "give_relic", "relic": "plague-mask", "vampire": "Mila", "discard": "cursed-map"}
    )
    assert s2.vampire("Mila").relics == ("plague-mask",) and "cursed-map" in s2.relics_discarded
    s = to_night(game, s)
    with pytest.raises(RuleViolation, match="relic limit"):
        game.apply(s, {"cmd": "exchange_relics", "with": "Mila", "give": ["wolf-pelt"]})
    s, _ = play(
        game, s, {"cmd": "exchange_relics", "with": "Mila", "give": ["wolf-pelt"], "take": ["cursed-map"]}
    )
    assert set(s.vampire("Imre").relics) == {"bone-flute", "cursed-map"} and s.vampire("Mila").relics == (
        "wolf-pelt",
    )


def test_masters_night_set_ap_and_district_effect_cost():
    """set_ap changes the AP now (or every round); a district's night effect costs its printed AP."""
    game = masters_game()
    s = to_night(game, masters_start(game, ("Imre", "Mila")))
    s, _ = play(game, s, {"cmd": "set_ap", "vampire": "Imre", "ap": 3}, {"cmd": "move", "to": "A2"})
    assert s.vampire("Imre").ap == 2
    s, ev = play(game, s, {"cmd": "district_effect"})  # the docks: 2 AP
    assert s.vampire("Imre").ap == 0 and any(e.kind == "action_taken" and e.ap == 2 for e in ev)
    assert game.canonical(s, {"cmd": "district_effect"})["ap"] == 2
