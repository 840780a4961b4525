"""The event log's lines (Masters, Armata Strigoi) and where a game stands, in German; English unchanged."""

from companion import i18n
from companion.narration import narrate

PLACED = {"event": "agents_placed", "n": 1, "district": "A2", "exposed": False}


def test_event_lines_follow_the_language():
    drained = {"event": "vampire_drained", "vampire": "Mila"}
    two = dict(PLACED, n=2, exposed=True)
    assert narrate.line(drained, "masters") == "Mila is drained!"
    assert [narrate.line(e, "masters") for e in (PLACED, two)] == ["1 agent arrives in A2.", "2 agents arrive in A2 (exposed)."]
    i18n.set_language("de")
    assert narrate.line(drained, "masters") == "Mila ist ausgesaugt!"
    assert [narrate.line(e, "masters") for e in (PLACED, two)] == [
        "1 Agent kommt in A2 an.", "2 Agenten kommen in A2 an (aufgedeckt)."]
    won = {"event": "encounter_fought", "wolf": "Roel", "colour": "strigoi", "result": "won", "blood": True}
    assert narrate.line(won, "strigoi") == "Roel besiegt den Strigoi, Blutpunkt auf den Altar."


def test_where_a_game_stands_in_german():
    state = {"round": 2, "phase": "night", "step": "turn", "turn": "Mila", "veil": 5}
    assert narrate.where(state) == "round 2, night / turn, Mila's turn, veil 5"
    i18n.set_language("de")
    assert narrate.where(state) == "Runde 2, night / turn, Mila am Zug, Schleier 5"


def test_one_nights_narrator_speaks_the_steps_in_german():
    from companion.narration.narrator import StepTimer
    from companion.rules import load_game

    game = load_game("one-night")
    state, _ = game.setup({"cmd": "setup", "game": "one-night", "players": 4, "seed": 3})
    said: list[str] = []
    timer = StepTimer(speak=said.append)
    i18n.set_language("de")
    timer.update(game.to_json(state), 0.1)
    nxt, _ = game.apply(state, {"cmd": "next"})
    timer.update(game.to_json(nxt), 0.1)
    assert said[0] == "Die Nacht senkt sich über das Dorf. Alle schließen die Augen und halten sie geschlossen, bis sie gerufen werden."
    assert len(said) >= 2 and all("eyes" not in line and "Everyone" not in line for line in said), said
