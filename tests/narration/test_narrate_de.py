"""The event log's lines (Masters, Armata Strigoi) and where a game stands, in German; English unchanged."""

from companion import i18n
from companion.narration import narrate

PLACED = {"event": "agents_placed", "n": 1, "district": "A2", "exposed": False}


def test_event_lines_follow_the_language():
    drained = {"event": "vampire_drained", "vampire": "Mila"}
    two = dict(PLACED, n=2, exposed=True)
    assert narrate.line(drained, "masters") == "Mila is drained!"
    assert [narrate.line(e, "masters") for e in (PLACED, two)] == [
        "1 agent arrives in A2.",
        "2 agents arrive in A2 (exposed).",
    ]
    i18n.set_language("de")
    assert narrate.line(drained, "masters") == "Mila ist ausgesaugt!"
    assert [narrate.line(e, "masters") for e in (PLACED, two)] == [
        "1 Agent kommt an: A2.",
        "2 Agenten kommen an: A2 (aufgedeckt).",
    ]
    won = {"event": "encounter_fought", "wolf": "Roel", "colour": "strigoi", "result": "won", "blood": True}
    assert narrate.line(won, "strigoi") == "Roel besiegt den Strigoi, Blutpunkt auf den Altar."


def test_a_district_is_told_by_its_name_in_the_tables_language():
    """Issue #34: given the game's state, the log names the district lying there, never its grid code,
    and a card by its name (one taught by its grid alone is the new card)."""
    state = {"districts": {"A2": {"name": "Docks"}, "B1": {"name": "Police Station"}}}
    card = {"event": "card_drawn", "card": "I-01", "name": "Card I-01", "act": "I", "grid": [["A2", "red"]]}
    moved = {"event": "vampire_moved", "vampire": "Mila", "source": "A2", "to": "B1", "minions": 0}
    said = [narrate.line(e, "masters", state) for e in (PLACED, card, moved)]
    assert said == [
        "1 agent arrives in Docks.",
        "Event card of act I: the new card; red: Docks.",
        "  Mila moves from Docks to Police Station.",
    ]
    i18n.set_language("de")
    assert [narrate.line(e, "masters", state) for e in (PLACED, card, moved)] == [
        "1 Agent kommt an: Hafen.",
        "Ereigniskarte von Akt I: die neue Karte; rot: Hafen.",
        "  Mila zieht um, von: Hafen, nach: Polizeiwache.",
    ]


def test_where_a_game_stands_in_german():
    """The phase and step ids of the state JSON are said in the table's words (companion/narration/words.py)."""
    state = {
        "game": "masters",
        "round": 2,
        "phase": "night",
        "step": "turn",
        "current_player": "Mila",
        "veil": 5,
    }
    assert (
        narrate.where(state) == "round 2, night / turns, Mila's turn, Veil: 5"
    )  # (round and veil: Masters' plugin)
    i18n.set_language("de")
    assert narrate.where(state) == "Runde 2, Nacht / Spielzüge, Mila am Zug, Schleier: 5"
    stake = {"game": "nosferatu", "round": 1, "phase": "dusk", "step": "give-stake"}
    assert narrate.where(stake) == "Runde 1, Abenddämmerung / Pflock weitergeben"
    over = {"game": "strigoi", "round": 4, "phase": "over", "step": "over"}
    assert narrate.where(over) == "Runde 4, Spielende"  # the phase and the step say the same: once
    night = {"game": "one-night", "phase": "dusk", "step": "doppelganger-count"}
    assert narrate.where(night) == "Abenddämmerung / Doppelgänger als Der Graf"


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
    assert said[0] == (
        "Die Nacht senkt sich über das Dorf. "
        "Alle schließen die Augen und halten sie geschlossen, bis sie gerufen werden."
    )
    assert len(said) >= 2 and all("eyes" not in line and "Everyone" not in line for line in said), said


def _all_events(game_id: str, seeds=range(1, 6)) -> dict[str, dict]:
    """One event dict of every kind the bot's games of `game_id` produce."""
    from companion.rules import load_game
    from tests.reliability.helpers import bot_script

    seen: dict[str, dict] = {}
    for seed in seeds:
        script = bot_script(game_id, seed, 400)
        game = load_game(game_id)
        state, events = game.setup(script[0])
        for command in script[1:]:
            state, more = game.apply(state, command)
            events = [*events, *more]
        for e in events:
            seen.setdefault(e.kind, e.to_dict())
    return seen


import pytest  # noqa: E402


@pytest.mark.parametrize("game_id", ["one-night", "nosferatu", "mansion"])
def test_every_event_of_the_other_games_has_its_own_line_in_both_languages(game_id):
    """No generic fallback (`kind: field value`), and German differs from English for every kind."""
    from companion.narration.narrate import _own_lines

    events = _all_events(game_id)
    assert set(events) <= set(_own_lines(game_id)), set(events) - set(_own_lines(game_id))
    english = {k: narrate.line(e, game_id) for k, e in events.items()}
    i18n.set_language("de")
    german = {k: narrate.line(e, game_id) for k, e in events.items()}
    assert [
        k for k, text in english.items() if text.startswith(k.replace("_", " "))
    ] == []  # the generic line
    assert [k for k in events if german[k] == english[k]] == []


def test_other_games_lines_name_rooms_roles_and_teams_from_the_data():
    won = {"event": "game_over", "outcome": "vampire+tanner"}
    cards = {"event": "cards_taken", "player": "P1", "room": 3, "n": 2, "left": 0}
    assert narrate.line(won, "one-night") == "*** Game over, winners: vampire and tanner. ***"
    assert narrate.line(cards, "mansion") == "P1 takes 2 cards from Coat Room (0 left)."
    i18n.set_language("de")
    assert narrate.line(won, "one-night") == "*** Spielende, Sieger: Vampire und Gerber. ***"
    assert narrate.line(cards, "mansion") == "P1 nimmt 2 Karten, Raum: Garderobe (noch 0)."
    assert (
        narrate.line({"event": "game_set_up", "players": 3, "roles": ["master"], "steps": 5}, "one-night")
        == "Karten an 3 Spieler verteilt: Der Meister. Die Nacht hat 5 Schritte."
    )


def test_german_lines_read_right_whatever_the_name():
    """A data name goes after a colon, not after a preposition or a noun it repeats: "Raum: Das Orakel",
    not "aus Das Orakel"; "Ritual gewirkt: Fünftes Ritual", not "Ritual Fünftes Ritual gewirkt"."""
    i18n.set_language("de")
    entered = {"event": "room_entered", "player": "P2", "room": 4, "redirected": True, "wanted": 0}
    assert narrate.line(entered, "mansion") == "P2 betritt einen Raum: Das Orakel (besetzt: Eingangshalle)."
    assert (
        narrate.line({"event": "room_acted", "player": "P2", "room": 4}, "mansion")
        == "P2 nutzt den Raum: Das Orakel."
    )
    fifth = {"event": "ritual_cast", "name": "Fifth Ritual", "nights": 5}
    assert narrate.line(fifth, "nosferatu").startswith("Ritual gewirkt: Fünftes Ritual. ")
    veil = {"event": "veil_changed", "old": 5, "new": 4, "why": "Mila's dark ability"}
    assert narrate.line(veil, "masters") == "Der Schleier geht von 5 auf 4 (dunkle Fähigkeit von Mila)."


def test_the_day_prompts_are_the_engines_own():
    """The catalog's copies of the engine's day prompts (narration.one_night.DAY_PROMPTS) match it."""
    from companion.games.one_night.narration import DAY_PROMPTS
    from companion.games.one_night.rules.script import DAY_STEPS

    assert DAY_PROMPTS == {sid: prompt for sid, prompt, _waits in DAY_STEPS}
