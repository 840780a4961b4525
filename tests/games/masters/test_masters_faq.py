"""The last rulebook gaps (issue 15): each test is named after the rulebook passage or FAQ answer it checks."""

from __future__ import annotations

import pytest

from companion.errors import CommandError, RuleViolation
from tests.rules import EMPTY_CARD, masters_game, masters_start, play, refused, to_night


def _laszlo_at_night_fight(game, exposed=2):
    """Laszlo (kill count 6) starts a night fight at the station against `exposed` agents."""
    s = to_night(game, masters_start(game, ("Laszlo", "Mila")))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Laszlo", "kills": 6},
        {"cmd": "adjust", "district": "A1", "agents_exposed": exposed},
        {"cmd": "adjust", "dice": [2, 5, 3, 6]},
        {"cmd": "fight"},
    )
    assert s.step.value == "combat" and s.combat.fighter == "Laszlo"
    return s


# -- 1. Laszlo's abilities in any fight ---------------------------------------------------------------
def test_faq_laszlo_uses_dark_ability_in_any_fight():
    """FAQ: after picking a die Laszlo may use either ability, any number of times while he can pay;
    the rulebook: dark abilities are for the night, except Laszlo's (he uses it in a day fight too)."""
    game = masters_game()
    s = _laszlo_at_night_fight(game)
    s, ev = play(
        game,
        s,
        {"cmd": "dark_ability"},
        {"cmd": "dark_ability"},
        {"cmd": "blood_ability"},
        {"cmd": "blood_ability"},
        {"cmd": "use_die", "value": 2, "shift": 1},
    )
    assert s.veil == 4 and [e.kind for e in ev].count("veil_changed") == 2  # paid twice, 1 veil each
    assert s.vampire("Laszlo").blood == 1  # two blood abilities, then the 3 costs one more
    # by day: the agents hunt him and he fights back with his dark ability
    s = masters_start(game, ("Laszlo", "Mila"))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Laszlo", "kills": 6, "at": "C1"},
        {"cmd": "adjust", "district": "C1", "agents_hidden": 3},
        {"cmd": "draw", "card": "I-03", **EMPTY_CARD},
        {"cmd": "resolve_card"},
        {"cmd": "day_combat", "district": "C1", "vampire": "Laszlo"},
    )
    assert s.combat.day and s.phase.value == "day"
    s, ev = play(game, s, {"cmd": "dark_ability"})
    assert s.veil == 5 and any(e.kind == "action_taken" and e.action == "dark_ability" for e in ev)


def test_faq_laszlo_dark_ability_in_a_fight_needs_kill_count_six_and_is_his_alone():
    """Only the fighter whose abilities work in fights (Laszlo) may, with kill count 6, not drained."""
    game = masters_game()
    s = _laszlo_at_night_fight(game)
    low, _ = play(game, s, {"cmd": "adjust", "vampire": "Laszlo", "kills": 5})
    refused(game, low, {"cmd": "dark_ability"})
    refused(game, s, {"cmd": "dark_ability", "vampire": "Mila"})
    # Mila fighting: neither she nor Laszlo may use a dark ability in her fight
    s = to_night(game, masters_start(game, ("Mila", "Laszlo")))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Mila", "kills": 6},
        {"cmd": "adjust", "vampire": "Laszlo", "kills": 6},
        {"cmd": "adjust", "district": "A1", "agents_exposed": 1},
        {"cmd": "fight"},
    )
    refused(game, s, {"cmd": "dark_ability"})
    refused(game, s, {"cmd": "dark_ability", "vampire": "Laszlo"})


def test_dark_ability_paying_the_veil_to_zero_in_a_fight_loses_at_once():
    """The rulebook: a dark ability's veil cost reaching 0 ends the game, also inside Laszlo's fight."""
    game = masters_game()
    s = _laszlo_at_night_fight(game)
    s, _ = play(game, s, {"cmd": "adjust", "veil": 1}, {"cmd": "dark_ability"})
    assert s.outcome.value == "defeat-veil" and s.combat is None


# -- 2. The dice reserve: two dice per vampire ----------------------------------------------------------
def test_dice_reserve_reroll_takes_two_dice_per_vampire():
    """Setup takes two dice per vampire; an empty reserve is rerolled with all of them (six for three)."""
    game = masters_game()
    s = to_night(game, masters_start(game, ("Ishtvan", "Mila", "Imre")))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "district": "A1", "agents_exposed": 2},
        {"cmd": "adjust", "dice": [6]},
        {"cmd": "fight"},
        {"cmd": "use_die", "value": 6},
    )
    assert s.dice == () and s.combat is not None
    for values in ([1, 2, 3, 4], [1, 2, 3, 4, 5, 6, 1], []):
        with pytest.raises(RuleViolation, match="two dice per vampire") as err:
            game.apply(s, {"cmd": "reroll", "values": values})
        assert err.value.rule == "dice reserve"
        refused(game, s, {"cmd": "reroll", "values": values})
    s, ev = play(game, s, {"cmd": "reroll", "values": [1, 1, 3, 4, 4, 4]})
    assert s.dice == (1, 1, 3, 4, 4, 4)
    s2, _ = play(game, s, {"cmd": "use_die", "value": 4}, {"cmd": "end_turn"})
    assert len(game.canonical(s2, {"cmd": "reroll"}).get("values", [1] * 6)) == 6


# -- 3. Refuse only what the rules forbid ------------------------------------------------------------------
def test_wild_hunt_at_full_blood_still_costs_ap_and_lowers_the_veil():
    """Start a wild hunt: 1 AP, blood up to the maximum (already there: stays), the veil drops by 1."""
    game = masters_game()
    s = to_night(game, masters_start(game))
    s, _ = play(game, s, {"cmd": "adjust", "vampire": "Imre", "kills": 4})
    reserve = s.reserve.blood
    s, _ = play(game, s, {"cmd": "wild_hunt"})
    assert (
        s.vampire("Imre").blood == 4
        and s.vampire("Imre").ap == 1
        and s.veil == 5
        and s.reserve.blood == reserve
    )


def test_hunt_expose_and_fight_with_nothing_to_gain_are_legal():
    """Hunt at the maximum (or with an empty blood reserve), expose with nothing hidden, fight with
    nothing exposed: no rule forbids them; each costs its AP and changes nothing else."""
    game = masters_game()
    s = to_night(game, masters_start(game))
    s, _ = play(game, s, {"cmd": "adjust", "vampire": "Imre", "kills": 1})
    for verb in ("hunt", "expose", "fight"):
        after, _ = play(game, s, {"cmd": verb})
        assert after.vampire("Imre").ap == 1 and after.step.value == "turn"
        assert (
            after.vampire("Imre").blood == 4 and after.reserve == s.reserve and after.districts == s.districts
        )
    empty, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Imre", "blood": 2},
        {"cmd": "adjust", "reserve": {"blood": 0}},
        {"cmd": "hunt"},
    )
    assert empty.vampire("Imre").blood == 2 and empty.vampire("Imre").ap == 1


def test_pointless_moves_are_named_for_the_screen_to_ask_first():
    """The engine tells why a legal move would do nothing, so the screen can ask "are you sure?"."""
    from companion.games.masters.rules import night

    game = masters_game()
    s = to_night(game, masters_start(game))
    s, _ = play(game, s, {"cmd": "adjust", "vampire": "Imre", "kills": 4})
    assert night.pointless(game.data, s, "hunt") == "blood already at the maximum"
    assert night.pointless(game.data, s, "wild_hunt") == "blood already at the maximum"
    assert night.pointless(game.data, s, "expose") == "no hidden agents here"
    assert night.pointless(game.data, s, "fight") == "no agents exposed here"
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Imre", "blood": 3},
        {"cmd": "adjust", "district": "A1", "agents_hidden": 1},
    )
    assert night.pointless(game.data, s, "hunt") is None and night.pointless(game.data, s, "expose") is None


# -- 4. The leading vampire chooses who goes short -------------------------------------------------------
def _short_card(game, reserve=1, **setup):
    """Veil 4, 3 vampires, Last Crusade (red C1, blue-gray A1/B1 1 and 0) with `reserve` agents left."""
    s = masters_start(game, ("Imre", "Mila", "Ishtvan"), **setup)
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "veil": 4},
        {"cmd": "adjust", "district": "A1", "minions": 0},
        {"cmd": "adjust", "reserve": {"agents": reserve}},
    )
    return s


def test_last_crusade_leader_chooses_where_the_scarce_agents_go():
    """The rulebook's Last Crusade example: the player places the scarce agent in a district of their
    choice (the leader decides in difficult situations): the step waits, a fixed order never decides."""
    game = masters_game()
    s = _short_card(game, reserve=2)
    s, _ = play(game, s, {"cmd": "draw", "card": "II-01", "split": {"A1": 1, "B1": 0}})
    assert s.step.value == "place-agents" and s.at("C1").agents == 0  # 3 agents asked for, 2 left: ask
    with pytest.raises(RuleViolation, match="leading vampire chooses") as err:
        game.apply(s, {"cmd": "place_agents", "split": {"A1": 1, "B1": 0}})
    assert "C1" in err.value.message and "A1" in err.value.message
    for bad in ({"C1": 1}, {"C1": 3}, {"B2": 2}, {"C1": 1, "A1": 2}):
        refused(game, s, {"cmd": "place_agents", "split": {"A1": 1, "B1": 0}, "agents_to": bad})
    s, _ = play(
        game, s, {"cmd": "place_agents", "split": {"A1": 1, "B1": 0}, "agents_to": {"C1": 1, "A1": 1}}
    )
    assert (s.at("C1").agents, s.at("A1").agents) == (1, 1) and s.reserve.agents == 0
    assert s.veil_missing == 1
    s, _ = play(game, s, {"cmd": "resolve_card"})
    assert s.veil == 2  # the vampires at the station noticed A1's agent, and one agent was missing


def test_leader_choice_given_with_the_draw_and_default_only_without_a_choice():
    """`agents_to` may come with the draw; one cell asking, or no agent left, is no choice: no wait."""
    game = masters_game()
    s = _short_card(game, reserve=1)
    chosen, _ = play(
        game, s, {"cmd": "draw", "card": "II-01", "split": {"A1": 1, "B1": 0}, "agents_to": {"A1": 1}}
    )
    assert chosen.step.value == "card-effect" and chosen.at("A1").agents == 1 and chosen.at("C1").agents == 0
    one_cell = {
        "cmd": "draw",
        "card": "I-03",
        "red": ["C3"],
        "blue": [],
        "red_agents": 2,
        "blue_agents": [0, 0],
    }
    s1, _ = play(game, s, one_cell)
    assert s1.step.value == "card-effect" and s1.at("C3").agents == 1 and s1.veil_missing == 1
    none_left, _ = play(
        game,
        s,
        {"cmd": "adjust", "reserve": {"agents": 0}},
        {"cmd": "draw", "card": "II-01", "split": {"A1": 1, "B1": 0}},
    )
    assert none_left.step.value == "card-effect" and none_left.veil_missing == 3


def test_leader_choice_menu_and_canonical_setup():
    """The menu asks for `agents_to`; new games record that the leader chooses, so replays agree."""
    game = masters_game()
    s = _short_card(game, reserve=2)
    s, _ = play(game, s, {"cmd": "draw", "card": "II-01", "split": {"A1": 1, "B1": 0}})
    places = game.actions(s)  # one per way to give the blue-gray numbers, each asking who goes short
    assert [p.command["split"] for p in places] == [{"A1": 1, "B1": 0}, {"B1": 1, "A1": 0}]
    place = places[0]
    assert "agents_to" in place.needs and "2" in place.label
    (short,) = place.params
    assert short.total == 2 and [(q.name, q.low, q.high) for q in short.parts] == [
        ("C1", 0, 2),
        ("A1", 0, 1),
    ]  # red cells first
    canon = game.canonical(None, {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "seed": 3})
    assert canon["short_agents"] == "leader" and game.setup(canon)[0].short_agents == "leader"


def test_journal_from_before_the_leader_choice_replays_with_the_old_order():
    """An old journal (setup written out, no `short_agents`; `use_die` by `die` index) replays exactly:
    a short reserve fills the cells in the order the card listed them, as the game was played."""
    from companion.storage.session import Session

    old = [
        {
            "cmd": "setup",
            "game": "masters",
            "vampires": ["Imre", "Mila"],
            "difficulty": "easy",
            "seed": 1,
            "districts": {
                "A1": "railway-station",
                "A2": "docks",
                "A3": "hospital",
                "B1": "police-station",
                "B2": "cathedral",
                "B3": "nightclub",
                "C1": "newspaper",
                "C2": "museum",
                "C3": "asylum",
            },
            "deck": "physical",
            "ap": 2,
            "leading": "Imre",
            "relics": ["funerary-urn", "pristine-blood"],
            "reserve_agents": 3,
            "dice": [2, 6, 1, 1],
        },
        {
            "cmd": "draw",
            "card": "I-03",
            "name": "Test",
            "red": ["C3", "A3"],
            "blue": [],
            "red_agents": 2,
            "blue_agents": [0, 0],
        },
        {"cmd": "resolve_card"},
        {"cmd": "adjust", "reserve": {"agents": 2}},
        {"cmd": "adjust", "district": "A1", "agents_exposed": 2},
        {"cmd": "fight"},
        {"cmd": "use_die", "die": 1, "shift": 0},
        {"cmd": "use_die", "die": 0, "shift": 0},
    ]
    session = Session.replay(old)
    s = session.state
    assert s.short_agents == "grid"
    assert (s.at("C3").agents, s.at("A3").agents) == (2, 1) and s.veil == 5  # listed order; 1 agent missing
    assert s.at("A1").agents_exposed == 1 and s.vampire("Imre").kills == 1 and s.vampire("Imre").blood == 3
    assert s.dice == (1, 1) and s.dice_used == (6, 2)
    # the same game begun today waits for the leader's choice instead
    game = masters_game()
    new, _ = game.setup(
        {k: v for k, v in old[0].items() if k != "reserve_agents"}
        | {"reserve_agents": 3, "short_agents": "leader"}
    )
    new, _ = game.apply(new, old[1])
    assert new.step.value == "place-agents"


# -- 5. Relics in a night fight ------------------------------------------------------------------------------
def test_relics_are_used_during_the_night_phase_also_in_a_fight():
    """The rulebook: relics are used during the night; a night fight is part of it, a day fight is not."""
    game = masters_game()
    s = masters_start(game, ("Mila", "Imre"))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Mila", "kills": 2},
        {"cmd": "give_relic", "relic": "distortion-timepiece", "vampire": "Mila"},
    )
    day = s
    s = to_night(game, s)
    s, _ = play(game, s, {"cmd": "adjust", "district": "A1", "agents_exposed": 2}, {"cmd": "fight"})
    assert s.step.value == "combat"
    s, ev = play(game, s, {"cmd": "use_relic", "relic": "distortion-timepiece"})
    assert any(e.kind == "relic_used" for e in ev) and s.step.value == "combat"
    refused(game, s, {"cmd": "use_relic", "relic": "distortion-timepiece", "vampire": "Imre"})
    # by day: the agents hunt Mila; no relic in a day fight
    day, _ = play(
        game,
        day,
        {"cmd": "adjust", "district": "A1", "agents_hidden": 3},
        {"cmd": "draw", "card": "I-03", **EMPTY_CARD},
        {"cmd": "resolve_card"},
        {"cmd": "day_combat", "district": "A1", "vampire": "Mila"},
    )
    with pytest.raises(RuleViolation, match="night"):
        game.apply(day, {"cmd": "use_relic", "relic": "distortion-timepiece"})


# -- 6. use_die by the die's face ------------------------------------------------------------------------------
def test_combat_dice_are_picked_by_their_value():
    """`value` names the die's face; `index` (old name `die`) its place in the list; canonical has both."""
    game = masters_game()
    s = _laszlo_at_night_fight(game, exposed=3)  # dice 2 5 3 6
    after, ev = play(game, s, {"cmd": "use_die", "value": 3})
    assert [e.value for e in ev if e.kind == "die_used"] == [3] and after.dice == (2, 5, 6)
    by_index, _ = play(game, s, {"cmd": "use_die", "index": 2})
    by_old, _ = play(game, s, {"cmd": "use_die", "die": 2})
    assert by_index == by_old == after
    assert game.canonical(s, {"cmd": "use_die", "value": 6}) == {
        "cmd": "use_die",
        "value": 6,
        "index": 3,
        "shift": 0,
    }
    assert game.canonical(s, {"cmd": "use_die", "die": 2})["value"] == 3
    refused(game, s, {"cmd": "use_die", "value": 4})  # no die shows 4
    refused(game, s, {"cmd": "use_die", "value": 5, "index": 0})  # die 0 shows 2
    refused(game, s, {"cmd": "use_die", "die": 1, "index": 1}, CommandError)


def test_day_combat_dice_by_value_must_be_the_lowest():
    """Day combat: the die with the lowest value only, named by its value."""
    game = masters_game()
    s = masters_start(game, ("Imre", "Mila"))
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "district": "A1", "agents_hidden": 3, "minions": 0},
        {"cmd": "adjust", "dice": [4, 2, 5, 2]},
        {"cmd": "draw", "card": "I-03", **EMPTY_CARD},
        {"cmd": "resolve_card"},
        {"cmd": "day_combat", "district": "A1", "vampire": "Imre"},
    )
    with pytest.raises(RuleViolation, match="lowest"):
        game.apply(s, {"cmd": "use_die", "value": 4})
    s, _ = play(game, s, {"cmd": "use_die", "value": 2})
    assert s.dice == (4, 5, 2)


def test_screen_and_engine_agree_on_pointless_moves():
    """The screen's "are you sure?" reasons (from the state JSON) match the engine's for the same state."""
    from companion.games.masters import view as mv
    from companion.games.masters.rules import night

    game = masters_game()
    base = to_night(game, masters_start(game))
    for fix in ({}, {"kills": 4}, {"blood": 2}):
        s, _ = play(game, base, {"cmd": "adjust", "vampire": "Imre", **fix}) if fix else (base, [])
        for extra in ({}, {"agents_hidden": 2}, {"agents_exposed": 1}):
            t, _ = play(game, s, {"cmd": "adjust", "district": "A1", **extra}) if extra else (s, [])
            for blood in (2, 0):
                u, _ = play(game, t, {"cmd": "adjust", "reserve": {"blood": blood}})
                for verb in ("expose", "fight", "hunt", "wild_hunt", "move"):
                    assert mv.pointless(game.to_json(u), verb) == night.pointless(game.data, u, verb), (
                        fix,
                        extra,
                        blood,
                        verb,
                    )
