"""Nosferatu's Night cards are counted wherever they are (issue 24, point 9, gap 1).

The rulebook (components, set-up "Creating the Library and Clock piles", the Ritual effects and
"Choosing a player to start the next round"), in our words: the box holds 10 Night cards; the Clock
starts with one per player plus Dawn and the rest are shuffled into the Library; a Night card given
to Renfield joins the Clock; Time Distortion discards one from the Clock; each new round the Clock's
cards are shuffled again. So with 8 players only 2 Night cards are outside the Clock, and no more
than that can reach Renfield until a Time Distortion sends one back.
"""

from __future__ import annotations

import json
import random

import pytest

from companion import cli, i18n
from companion.errors import DataFileError, RuleViolation
from companion.gamedata import loader
from companion.games.nosferatu.rules import bot
from companion.rules import load_game
from companion.storage.session import Session
from tests import FIXTURES
from tests.rules import as_recorded, play, refused

EIGHT = {"cmd": "setup", "game": "nosferatu", "players": 8, "seed": 4}
# the eight players but Renfield (P1) each give a card and see a Night: the round ends with Night
FULL_ROUND = [{"cmd": "play"}, {"cmd": "reveal", "card": "night"}] * 7
OLD_JOURNAL = FIXTURES / "replay-before-night-cards-nosferatu.json"


@pytest.fixture
def game():
    """The engine with the shipped data."""
    return load_game("nosferatu")


def new_game(game, setup=EIGHT):
    """A new game begun as a session begins it (its canonical setup)."""
    state, _ = game.setup(game.canonical(None, setup))
    return state


def resolving(game, setup=EIGHT):
    """A new 8-player game after a round in which all seven players gave Renfield a card."""
    state, _ = play(game, new_game(game, setup), {"cmd": "give_stake", "to": "P2"}, *FULL_ROUND)
    assert state.step.value == "resolve" and state.played == 7
    return state


def test_the_box_has_ten_night_cards_and_the_clock_one_per_player(game):
    """Components: 10 Nights. Set-up: as many Nights as players in the Clock, the rest in the Library."""
    assert game.data.night_cards == 10
    for players in range(5, 9):
        state = new_game(game, {**EIGHT, "players": players})
        clock = game.to_json(state)["clock"]
        assert (clock["nights"], clock["night_cards"], clock["nights_outside"]) == (players, 10, 10 - players)


def test_eight_players_at_most_two_night_cards_reach_renfield(game):
    """The issue's scenario: 8 Nights in the Clock, so a third Night card given to Renfield is refused;
    two are accepted, and after them none is left outside the Clock."""
    state = resolving(game)
    with pytest.raises(RuleViolation) as refusal:
        game.apply(state, {"cmd": "add_night", "n": 3})
    assert refusal.value.rule == "night cards"
    assert (
        refusal.value.message
        == "there are 10 Night cards in all and 8 are in the Clock: at most 2 can have reached Renfield"
    )
    refused(game, state, {"cmd": "add_night", "n": 3})
    state, _ = play(game, state, {"cmd": "add_night"}, {"cmd": "add_night"})
    assert (state.nights, state.nights_outside) == (10, 0)
    assert state.cards_unused == 5  # five cards given are left: they were Bites, Incantations or Newspapers
    add = next(a for a in game.actions(state) if a.command["cmd"] == "add_night")
    assert not add.enabled and add.why_not == "all 10 Night cards are in the Clock"
    refused(game, state, {"cmd": "add_night"})
    # the round's reset shuffles the same ten back: nothing comes from nowhere in the next round
    state, ev = play(game, state, {"cmd": "resolved"}, {"cmd": "give_stake", "to": "P3"})
    assert [e.nights for e in ev if e.kind == "clock_shuffled"] == [10] and state.nights_outside == 0
    state, _ = play(game, state, {"cmd": "play"}, {"cmd": "reveal", "card": "dawn"})
    refused(game, state, {"cmd": "add_night"})


def test_time_distortion_sends_a_night_card_back_out_of_the_clock(game):
    """Time Distortion: a Night card is discarded from the Clock; it is still in the game, so one more
    can later reach Renfield."""
    state, _ = play(
        game,
        resolving(game),
        {"cmd": "add_night", "n": 2},
        {"cmd": "resolved"},
        {"cmd": "give_stake", "to": "P3"},
        {"cmd": "play"},
        {"cmd": "reveal", "card": "dawn"},
        {"cmd": "cast", "ritual": "time-distortion"},
    )
    assert (state.nights, state.nights_outside) == (9, 1)
    state, _ = play(
        game,
        state,
        {"cmd": "resolved"},
        {"cmd": "spare"},
        {"cmd": "give_stake", "to": "P4"},
        {"cmd": "play"},
        {"cmd": "reveal", "card": "night"},
        {"cmd": "play"},
        {"cmd": "reveal", "card": "dawn"},
    )
    refused(game, state, {"cmd": "add_night", "n": 2})
    state, _ = play(game, state, {"cmd": "add_night"})
    assert (state.nights, state.nights_outside) == (10, 0)


def test_time_distortion_needs_a_night_card_in_the_clock(game):
    """Time Distortion discards a Night card from the Clock: with none there it cannot be cast."""
    state, _ = play(
        game,
        new_game(game),
        {"cmd": "give_stake", "to": "P2"},
        {"cmd": "play"},
        {"cmd": "reveal", "card": "dawn"},
        {"cmd": "adjust", "nights": 0},
    )
    with pytest.raises(
        RuleViolation, match="Time Distortion discards a Night card from the Clock, and the Clock holds none"
    ):
        game.apply(state, {"cmd": "cast", "ritual": "time-distortion"})
    cast = next(a for a in game.actions(state) if a.command == {"cmd": "cast", "ritual": "time-distortion"})
    assert not cast.enabled and cast.why_not == "no Night card in the Clock"
    refused(game, state, {"cmd": "cast", "ritual": "time-distortion"})


def test_adjust_cannot_put_more_night_cards_in_the_clock_than_the_game_has(game):
    """Tables are always right, but there are only ten Night cards to count."""
    state = new_game(game)
    with pytest.raises(RuleViolation) as refusal:
        game.apply(state, {"cmd": "adjust", "nights": 11})
    assert (
        refusal.value.rule == "night cards"
        and refusal.value.message == "there are only 10 Night cards in the game"
    )
    state, _ = play(game, state, {"cmd": "adjust", "nights": 10})
    assert state.nights_outside == 0


def test_a_new_game_names_its_night_cards_and_a_box_too_small_is_refused(game):
    """The canonical setup writes the count out (a replay does not depend on the data file); a table
    with another number of Night cards says so, but a Clock needs one per player."""
    canon = game.canonical(None, EIGHT)
    assert canon["night_cards"] == 10 and game.canonical(None, canon) == canon
    assert game.canonical(None, {**EIGHT, "night_cards": 12})["night_cards"] == 12
    assert new_game(game, {**EIGHT, "night_cards": 12}).nights_outside == 4
    with pytest.raises(RuleViolation, match="a Clock for 8 players needs 8 Night cards, not 7") as refusal:
        game.setup({**EIGHT, "night_cards": 7})
    assert refusal.value.rule == "night cards"


def test_the_data_file_needs_a_night_card_per_player_of_the_biggest_table(tmp_path):
    """The shipped number is checked: too few for the Clock of the largest table names file, line, field."""
    shipped = loader.data_file("nosferatu").read_text()
    assert "night_cards = 10\n" in shipped
    broken = tmp_path / "rules.toml"
    broken.write_text(shipped.replace("night_cards = 10\n", "night_cards = 7\n"))
    with pytest.raises(DataFileError) as err:
        loader.load_data("nosferatu", broken)
    assert err.value.field == "night_cards" and err.value.line is not None
    assert err.value.message == "a Clock for 8 players needs 8 Night cards"


def test_every_move_of_night_cards_keeps_the_count(game):
    """Random legal 8-player games (the bot: Night cards added, Time Distortion, the round's reset):
    in every state the ten Night cards are either in the Clock or outside it, never fewer or more."""
    moves = set()
    for seed in range(8):
        rng = random.Random(seed)
        session, _ = Session.new({**EIGHT, "seed": seed}, game=game)
        while session.outcome() is None and len(session.commands) < 2000:
            command = bot.choose(game, session.state, rng)
            moves.add(command.get("ritual", command["cmd"]))
            session.submit(command)
        for state in session.states:
            assert state.night_cards == 10 and state.nights + state.nights_outside == 10
            assert 0 <= state.nights_outside <= 3  # 2 after setup, 1 more after a Time Distortion
    assert {"add_night", "time-distortion", "give_stake"} <= moves


def test_the_bot_never_adds_a_night_card_that_is_not_there(game):
    """With every Night card in the Clock the bot resolves the round another way."""
    state, _ = play(game, resolving(game), {"cmd": "add_night", "n": 2})
    for seed in range(200):
        assert bot.choose(game, state, random.Random(seed))["cmd"] != "add_night"


def test_old_journal_without_night_cards_replays_as_it_was_played(game):
    """A game journaled before the count (its setup written out in full, no `night_cards`): the old
    engine accepted three Night cards into a Clock of eight and a correction to twelve. It replays to
    the same state (and the same JSON, without the new keys); begun today, the same table is refused."""
    recorded = json.loads(OLD_JOURNAL.read_text())
    commands = recorded["commands"]
    assert "night_cards" not in commands[0] and {"cmd": "add_night", "n": 3} in commands
    session = Session.replay(commands, game=game)
    assert as_recorded(session.view(), recorded["final"]) == recorded["final"]
    assert session.state.night_cards is None and session.state.nights == 12
    assert game.canonical(None, commands[0]) == commands[0]  # it stays an old game when recovered
    fresh = {k: v for k, v in commands[0].items() if k != "bites_to_win"}  # as a person would write it
    today, _ = Session.new(fresh, game=game)
    with pytest.raises(RuleViolation, match="at most 2 can have reached Renfield"):
        for command in commands[1:]:
            today.submit(command)
    assert len(today.commands) == commands.index({"cmd": "add_night", "n": 3})  # refused there, not before


@pytest.mark.parametrize(
    "lang, words",
    [
        (
            "en",
            "by rule Night cards: there are 10 Night cards in all and 8 are in the Clock: "
            "at most 2 can have reached Renfield",
        ),
        (
            "de",
            "Regel Nachtkarten: es gibt insgesamt 10 Nachtkarten und 8 liegen in der Uhr: "
            "höchstens 2 können bei Renfield angekommen sein",
        ),
    ],
)
def test_companion_play_refuses_the_third_night_card_naming_its_rule(
    lang, words, tmp_path, monkeypatch, capsys
):
    """The scripted scenario through `companion play`: the line of the third Night card is refused
    with its rule in the table's language, and the game stops there (exit status 1)."""
    lines = [EIGHT, {"cmd": "give_stake", "to": "P2"}, *FULL_ROUND, {"cmd": "add_night", "n": 3}]
    script = tmp_path / "nights.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in lines))
    monkeypatch.setenv("COMPANION_LANG", lang)
    try:
        assert cli.main(["play", "--script", str(script)]) == 1
    finally:
        i18n.set_language("en")
    err = capsys.readouterr().err
    assert words in err and f"nights.jsonl:{len(lines)}:" in err, err
