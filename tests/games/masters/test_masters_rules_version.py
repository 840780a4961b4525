"""Two Masters rule gaps found by hidden scenarios (issue 24, point 9) and the rules version that keeps
old journals replaying as they were played.

Gap 2. "Use your blood ability" (p. 11), in our words: a vampire drained by paying its blood ability's
cost still gets the whole ability. The FAQ (p. 17): Laszlo uses his abilities in any fight right after
picking a die. So the die he picked counts, and only then does the drain (p. 16) hand the fight over.
Gap 3. Day phase step 3 and "Decreasing the veil" (p. 8-9, the Last Crusade example): when the reserve
runs out of agents the player chooses where the last ones go; the leading vampire decides. That is the
rule for every new game, also one whose setup gives the agent reserve.
"""

from __future__ import annotations

import json

import pytest

from companion import cli
from companion.errors import CommandError, RuleViolation
from companion.games.masters.rules.state import RULES_VERSION
from companion.storage.session import Session
from tests import FIXTURES
from tests.rules import EMPTY_CARD, LAYOUT, as_recorded, masters_game, masters_start, play, refused, to_night

# the blood cost of each vampire's ability in the shipped data, and a command entering its effect
EFFECTS = {
    "Agnieszka": {"cmd": "move_agents", "from": "A2", "to": "A1", "n": 1},  # Lure: an agent from next door
    "Imre": {"cmd": "expose", "free": True},  # Unmask: expose his district's agents
    "Ishtvan": {"cmd": "add_minions", "district": "A1", "n": 1},  # Summon Servant
    "Mila": {"cmd": "replace", "district": "A1", "what": "agent", "n": 1},  # Temptation
    "Nevena": {"cmd": "ability_card", "card": "I-05"},  # Omen: a card drawn for its grid only
}


def laszlo_fight(game, blood=1, exposed=2, mila_at="B1", kills=0, **setup):
    """Night, Laszlo's turn: he fights `exposed` agents at the station with `blood` blood (dice 2 5 3 6)."""
    s = to_night(game, masters_start(game, ("Laszlo", "Mila"), **setup))
    if mila_at != "A1":  # both begin at the station
        s, _ = play(game, s, {"cmd": "adjust", "vampire": "Mila", "at": mila_at})
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": "Laszlo", "blood": blood, "kills": kills},
        {"cmd": "adjust", "district": "A1", "agents_exposed": exposed},
        {"cmd": "adjust", "dice": [2, 5, 3, 6]},
        {"cmd": "fight"},
    )
    assert s.step.value == "combat" and s.combat.fighter == "Laszlo"
    return s


# -- gap 2: an ability paid with the last blood still fully resolves ------------------------------------------
def test_laszlo_drained_by_his_blood_ability_still_uses_the_die_he_picked():
    """Fury with his last blood: he is drained, but the die he picked (2, +1 = 3) removes an agent and
    counts as his kill; then, with nobody to take over, the fight ends."""
    game = masters_game()
    s, ev = play(game, laszlo_fight(game), {"cmd": "blood_ability"})
    assert s.vampire("Laszlo").drained and "vampire_drained" in [e.kind for e in ev]
    assert s.step.value == "combat" and s.combat.fighter == "Laszlo" and s.combat.ability_paid
    assert game.to_json(s)["combat"]["ability_paid"] is True
    assert [a.command["cmd"] for a in game.actions(s) if a.enabled] == ["use_die"]
    s, ev = play(game, s, {"cmd": "use_die", "value": 2, "shift": 1})
    assert [(e.value, e.fighter, e.removed) for e in ev if e.kind == "die_used"] == [(3, "Laszlo", True)]
    assert s.vampire("Laszlo").kills == 1 and s.at("A1").agents_exposed == 1
    assert s.combat is None and s.step.value == "turn" and s.vampire("Laszlo").blood == 0


def test_the_drain_takes_effect_after_the_die_the_fight_passes_on_then():
    """Mila in the district: nobody takes over before Laszlo's die; after it she fights on."""
    game = masters_game()
    s, ev = play(game, laszlo_fight(game, exposed=3, mila_at="A1"), {"cmd": "blood_ability"})
    assert "fighter_changed" not in [e.kind for e in ev] and s.combat.fighter == "Laszlo"
    with pytest.raises(
        RuleViolation, match="Laszlo's ability for the die he picked resolves first"
    ) as refusal:
        game.apply(s, {"cmd": "hand_over", "vampire": "Mila"})
    assert refusal.value.rule == "hand over"
    refused(game, s, {"cmd": "sacrifice", "minions": 1})  # the die is picked: too late for minions
    s, ev = play(game, s, {"cmd": "use_die", "value": 6, "shift": 1})
    assert [e.kind for e in ev][-1] == "fighter_changed" and s.combat.fighter == "Mila"
    assert s.vampire("Laszlo").kills == 1 and not s.combat.ability_paid
    refused(game, s, {"cmd": "blood_ability", "vampire": "Laszlo"})  # he is drained now


def test_laszlo_may_add_his_dark_ability_to_the_same_die_and_fight_by_day():
    """FAQ: one or both abilities after picking a die; the veil pays the dark one. By day the same."""
    game = masters_game()
    s, _ = play(game, laszlo_fight(game, kills=6), {"cmd": "blood_ability"}, {"cmd": "dark_ability"})
    assert s.veil == 5 and s.combat.fighter == "Laszlo"
    s, _ = play(game, s, {"cmd": "use_die", "value": 2, "shift": 1})
    assert s.vampire("Laszlo").kills == 7 and s.combat is None
    day = masters_start(game, ("Laszlo", "Mila"))
    day, _ = play(
        game,
        day,
        {"cmd": "adjust", "vampire": "Laszlo", "blood": 1, "at": "C1"},
        {"cmd": "adjust", "district": "C1", "agents_hidden": 3},
        {"cmd": "adjust", "dice": [4, 2, 5, 2]},
        {"cmd": "draw", "card": "I-03", **EMPTY_CARD},
        {"cmd": "resolve_card"},
        {"cmd": "day_combat", "district": "C1", "vampire": "Laszlo"},
        {"cmd": "blood_ability"},
    )
    assert day.combat is not None and day.combat.day
    day, ev = play(game, day, {"cmd": "use_die", "value": 2, "shift": 1})
    assert [e.value for e in ev if e.kind == "die_used"] == [3] and day.vampire("Laszlo").kills == 1
    assert day.combat is None


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_every_blood_ability_drained_by_its_cost_still_resolves(name):
    """The other vampires use theirs on their own turn: the cost drains them (their AP are lost, p. 16),
    and the effect, entered next, is still accepted; agents it removes count as their kills (p. 11)."""
    game = masters_game()
    s = to_night(game, masters_start(game, (name, "Laszlo")))
    cost = game.data.vampire(name).blood_cost
    s, _ = play(
        game,
        s,
        {"cmd": "adjust", "vampire": name, "blood": cost},
        {"cmd": "adjust", "district": "A1", "agents_hidden": 2},
        {"cmd": "adjust", "district": "A2", "agents_hidden": 2},
    )
    s, ev = play(game, s, {"cmd": "blood_ability"})
    assert s.vampire(name).drained and s.vampire(name).ap == 0 and s.turn == name
    before = game.to_json(s)
    s, ev = play(game, s, EFFECTS[name], {"cmd": "remove_agents", "district": "A2", "n": 1, "by": name})
    assert game.to_json(s) != before and s.vampire(name).kills == 1


def test_old_journal_where_the_ability_drained_laszlo_replays_as_it_was_played():
    """Recorded by the engine before this change: the fight went to Mila at the blood ability and
    Laszlo's die was lost. Its setup has no rules version: it replays the same, commands, events and
    state; begun today, the same fight waits for his die."""
    recorded = json.loads((FIXTURES / "replay-before-ability-drain-masters.json").read_text())
    commands = recorded["commands"]
    at = commands.index({"cmd": "blood_ability", "blood": 1})
    assert "fighter_changed" in [e["event"] for e in recorded["events"][at]]
    session = Session.replay(commands)
    assert (
        as_recorded(session.view(), recorded["final"]) == recorded["final"]
        and "rules_version" not in session.view()
    )
    assert session.state.rules_version == 1
    game = session.game
    assert game.canonical(None, commands[0]) == commands[0]
    today, _ = Session.new({**commands[0], "rules_version": RULES_VERSION}, game=game)
    for command in commands[1 : at + 1]:
        today.submit(command)
    assert today.state.combat.fighter == "Laszlo" and today.state.combat.ability_paid


def test_companion_play_lets_drained_laszlo_use_his_die(tmp_path, capsys):
    """The scripted scenario through `companion play --json`: it used to be refused at the die (the
    fight had ended); now the die counts and the game goes on."""
    setup = {
        "cmd": "setup",
        "game": "masters",
        "vampires": ["Laszlo", "Mila"],
        "difficulty": "easy",
        "seed": 1,
        "districts": LAYOUT,
        "deck": "physical",
    }
    lines = [
        setup,
        {"cmd": "draw", "card": "I-03", **EMPTY_CARD},
        {"cmd": "resolve_card"},
        {"cmd": "adjust", "vampire": "Mila", "at": "B1"},
        {"cmd": "adjust", "vampire": "Laszlo", "blood": 1},
        {"cmd": "adjust", "district": "A1", "agents_exposed": 2},
        {"cmd": "adjust", "dice": [2, 5, 3, 6]},
        {"cmd": "fight"},
        {"cmd": "blood_ability"},
        {"cmd": "use_die", "value": 2, "shift": 1},
    ]
    script = tmp_path / "fury.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert cli.main(["play", "--script", str(script), "--json"]) == 0
    final = json.loads(capsys.readouterr().out)
    assert final["vampires"]["Laszlo"]["kills"] == 1 and final["combat"] is None
    assert final["rules_version"] == RULES_VERSION and final["districts"]["A1"]["agents_exposed"] == 1


# -- gap 3: the leader chooses where a short reserve's agents go, in every new game ---------------------------
def test_new_game_that_sets_the_agent_reserve_lets_the_leader_choose():
    """A setup giving `reserve_agents` (and no `short_agents`) is a new game: the step waits for the
    leader's choice, and its canonical setup says so for every replay."""
    game = masters_game()
    setup = {
        "cmd": "setup",
        "game": "masters",
        "vampires": ["Imre", "Mila"],
        "difficulty": "easy",
        "seed": 2,
        "districts": LAYOUT,
        "deck": "physical",
        "reserve_agents": 3,
    }
    canon = game.canonical(None, setup)
    assert (canon["short_agents"], canon["rules_version"]) == ("leader", RULES_VERSION)
    assert game.canonical(None, canon) == canon
    session, _ = Session.new(setup, game=game)
    session.submit(
        {
            "cmd": "draw",
            "card": "I-03",
            "name": "Short",
            "red": ["C3", "A3"],
            "blue": ["B2", "C1"],
            "red_agents": 1,
            "blue_agents": [1, 1],
        }
    )
    assert session.state.step.value == "place-agents" and session.state.at("C1").agents == 0
    session.submit({"cmd": "place_agents", "agents_to": {"C1": 1, "A3": 1, "B2": 1}})
    assert [session.state.at(p).agents for p in ("C1", "A3", "B2", "C3")] == [1, 1, 1, 0]
    assert Session.replay(session.commands).states == session.states


def test_old_journal_with_the_agent_reserve_replays_in_the_cards_order():
    """Recorded by the engine before this change (it wrote `short_agents: grid` for such a setup, and
    earlier journals wrote no `short_agents` at all): both replay with the card's order."""
    recorded = json.loads((FIXTURES / "replay-before-short-agents-masters.json").read_text())
    commands = recorded["commands"]
    assert commands[0]["short_agents"] == "grid" and "rules_version" not in commands[0]
    session = Session.replay(commands)
    assert as_recorded(session.view(), recorded["final"]) == recorded["final"]
    assert [session.state.at(p).agents for p in ("C3", "A3", "B2", "C1")] == [1, 1, 1, 0]
    older = [{k: v for k, v in commands[0].items() if k != "short_agents"}, *commands[1:]]
    assert as_recorded(Session.replay(older).view(), recorded["final"]) == recorded["final"]


def test_rules_version_is_kept_and_checked():
    """A setup written out in full without a version is an old journal's (version 1); a person's setup
    is a new game; a version the engine does not know is refused."""
    game = masters_game()
    new = game.canonical(None, {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "seed": 3})
    assert new["rules_version"] == RULES_VERSION and game.setup(new)[0].rules_version == RULES_VERSION
    old = {k: v for k, v in new.items() if k != "rules_version"}
    assert game.setup(old)[0].rules_version == 1 and game.canonical(None, old) == old
    partial = {k: v for k, v in old.items() if k != "dice"}  # not written out: a new game
    assert game.setup(partial)[0].rules_version == RULES_VERSION
    for bad in (0, RULES_VERSION + 1):
        with pytest.raises(CommandError):
            game.setup({**new, "rules_version": bad})
    state = game.setup(new)[0]
    assert game.from_json(json.loads(json.dumps(game.to_json(state)))) == state
    assert game.from_json(game.to_json(game.setup(old)[0])).rules_version == 1
