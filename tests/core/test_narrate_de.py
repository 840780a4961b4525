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
