"""The resume screen and `companion journal list` name the game itself (issue 17): round, phase,
whose turn, the players and when it was played, not a count of commands."""

import datetime as dt
import json

from companion.cli import main
from companion.gameline import describe, played_at, resume_offer
from companion.games.masters import samples as masters_samples
from companion.storage.journal import Journal
from companion.storage.session import Session
from companion.ui import samples
from tests import SCENARIOS


def test_a_masters_game_is_described_by_round_phase_turn_and_players():
    assert describe(masters_samples.masters_state()) == "Round 3, night, Mila's turn: Imre, Mila"
    assert describe(masters_samples.day_state()) == "Round 3, day: Imre, Mila"
    over = masters_samples.masters_state(outcome="defeat-veil", phase="over")
    assert describe(over) == "Over (defeat veil), round 3: Imre, Mila"


def test_every_game_describes_its_position_and_players():
    for game, players, seed in (
        ("nosferatu", 5, 2),
        ("mansion", 4, 3),
        ("strigoi", 3, 3),
        ("one-night", 5, 3),
    ):
        state = samples.engine_view(game, players, seed, lambda s: True).state
        line = describe(state)
        assert "commands" not in line and ": " in line, (game, line)
        if game == "one-night":  # unnamed seats (their codes P1.. in the engine) by the game's default names
            assert line.endswith("Anka, Bogdan, Dorin, Elena, Ilinca")
        elif game == "mansion":
            assert line.startswith("Tick 1 of 12") and line.endswith("Ada, Basil, Clara, Edgar")
        else:
            assert line.startswith("Round 1")


def test_when_it_was_played_reads_like_the_table_says_it():
    tuesday = dt.datetime(2026, 11, 24, 21, 40).timestamp()  # a Tuesday
    assert played_at(tuesday, now=tuesday + 3600) == "today 21:40"
    assert played_at(tuesday, now=tuesday + 86400) == "yesterday 21:40"
    assert played_at(tuesday, now=tuesday + 3 * 86400) == "Tuesday 21:40"
    assert played_at(tuesday, now=tuesday + 30 * 86400) == "24 Nov 21:40"


def _journal_with_the_masters_scenario(path):
    commands = [json.loads(ln) for ln in (SCENARIOS / "masters.jsonl").read_text().splitlines() if ln.strip()]
    with Journal(path) as j:
        session, _ = Session.new(commands[0], journal=j)
        for cmd in commands[1:8]:
            session.submit(cmd)
        view = session.view()
    return view


def test_the_resume_offer_shows_the_game_itself(tmp_path, make_ui):
    view = _journal_with_the_masters_scenario(tmp_path / "j.sqlite3")
    with Journal(tmp_path / "j.sqlite3") as j:
        info = j.games()[0]
        offer = resume_offer(j, info)
    assert offer["summary"] == describe(view) and "Laszlo, Mila" in offer["summary"]
    assert offer["summary"].startswith(f"Round {view['round']}, {view['phase']}")
    assert offer["when"].startswith("today ")
    ui = make_ui()
    ui.offer_resume(offer)
    lines = ui.view_model()["lines"]
    assert offer["summary"] in lines and f"Played {offer['when']}" in lines
    assert not any("commands" in ln for ln in lines)


def test_journal_list_names_round_phase_turn_players_and_when(tmp_path, capsys):
    view = _journal_with_the_masters_scenario(tmp_path / "j.sqlite3")
    assert main(["journal", "--journal", str(tmp_path / "j.sqlite3"), "list"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    assert f"Masters of the Night: {describe(view)} — today " in out[0] and "commands" not in out[0]


def test_the_month_follows_the_language_not_the_c_locale():
    """German months from our own table: `%b` would say `Mar` and `Dec` whatever the table speaks."""
    from companion import i18n

    march = dt.datetime(2026, 3, 12, 21, 40).timestamp()
    december = dt.datetime(2025, 12, 24, 9, 5).timestamp()
    i18n.set_language("de")
    try:
        assert played_at(march, now=march + 30 * 86400) == "12. Mär 21:40"
        assert played_at(december, now=march) == "24. Dez 09:05 2025"
    finally:
        i18n.set_language("en")
    assert played_at(december, now=march) == "24 Dec 09:05 2025"


def test_the_players_and_whose_turn_come_from_the_game_api_not_the_games_fields():
    """A state JSON's "seats" (players()) and "current_player" name the players and the turn, whatever
    the game's own fields say; the position the journal keeps holds the same (and the fields its plugin
    keeps: Masters' round, said by its `stage`)."""
    from companion.storage.position import position

    state = {
        "game": "masters",
        "round": 2,
        "phase": "night",
        "current_player": "Ann",
        "turn": "Bob",
        "order": ["Bob", "Cid"],
        "seats": [
            {"name": "Ann", "colour": "orange", "seat": 0, "out": False},
            {"name": "Bob", "colour": "sky blue", "seat": 1, "out": True},
        ],
    }
    assert describe(state) == "Round 2, night, Ann's turn: Ann, Bob"
    kept = json.loads(position(state))
    assert kept == {
        "game": "masters",
        "round": 2,
        "phase": "night",
        "current_player": "Ann",
        "seats": ["Ann", "Bob"],
    }
    assert (
        describe({**state, "game": "x"}) == "Night, Ann's turn: Ann, Bob"
    )  # an unknown game: no round, no guess
    assert describe(kept) == describe(state)
    assert (
        describe({**state, "current_player": None}) == "Round 2, night: Ann, Bob"
    )  # nobody's turn: none named


def test_a_position_kept_by_an_older_journal_still_reads():
    """Positions written before the game API (players under the game's own field; the turn they kept
    under the game's own "turn" is not guessed at)."""
    assert (
        describe({"round": 3, "phase": "night", "turn": "Mila", "order": ["Imre", "Mila"]}, "masters")
        == "Round 3, night: Imre, Mila"
    )
    assert describe({"phase": "dusk", "players": 6}) == "Dusk: 6 players"
    assert (
        describe({"tick": 2, "clock_length": 12, "phase": "night", "seating": ["P1", "P2"]}, "mansion")
        == "Tick 2 of 12, night: Ada, Basil"
    )  # (unnamed seats by the game's default names)
