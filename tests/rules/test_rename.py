"""`rename` (companion/rules/seats.py) in every game of the catalog whose players the table names:
taken in every live step, journaled (undo and replay hold), refused in words for a bad or duplicate
name; and the games whose players are characters (Masters' vampires, Armata Strigoi's Powerwolves)
take no rename."""

from __future__ import annotations

import random

import pytest

import companion.plugins as catalog
from companion.errors import CommandError, RuleViolation
from companion.i18n import set_language
from companion.narration.words import refusal_text
from companion.rules import load_game
from companion.storage.journal import Journal
from companion.storage.session import Session
from tests.reliability.helpers import bot_for, reachable_states, setup_of

RENAMING = [gid for gid in catalog.game_ids() if catalog.info(gid).renames()]
CHARACTERS = [gid for gid in catalog.game_ids() if not catalog.info(gid).renames()]
NEW = ("Anna", "Ben", "Cleo", "Dmitri", "Eva", "Finn", "Greta", "Hugo", "Ida", "Jan")


def named(game, setup: dict) -> dict:
    """`setup` with the players' names (NEW), as the table's wizard sends it."""
    n = setup.get("players") or len(setup.get("names") or ())
    return {**setup, "names": list(NEW[:n])}


def _names(game, state) -> list[str]:
    """The players' names in seating order (the game API)."""
    return [p.name for p in game.players(state)]


def test_the_games_named_by_their_table_rename_and_the_others_do_not():
    assert {"nosferatu", "mansion", "one-night"} <= set(RENAMING)
    assert {"masters", "strigoi"} <= set(CHARACTERS)
    for gid in CHARACTERS:
        game = load_game(gid)
        state, _ = game.setup(setup_of(game, 3))
        first = _names(game, state)[0]
        with pytest.raises(CommandError, match="rename"):
            game.apply(state, {"cmd": "rename", "names": {first: "Anna"}})


@pytest.mark.parametrize("game_id", RENAMING)
def test_rename_is_taken_in_every_live_step_and_the_game_goes_on_with_the_new_names(game_id):
    game = load_game(game_id)
    bot = bot_for(game_id)
    rng = random.Random(5)
    state, _ = game.setup(setup_of(game, 5))
    steps, k = set(), 0
    for _ in range(400):
        if game.outcome(state) is not None:
            break
        before = game.to_json(state)
        old = _names(game, state)
        seat = k % len(old)
        new_name = f"{NEW[seat]} {k}"[:24]
        renamed, events = game.apply(state, {"cmd": "rename", "names": {old[seat]: new_name}})
        k += 1
        steps.add(game.step(state))
        after = _names(game, renamed)
        assert after == [new_name if i == seat else n for i, n in enumerate(old)]
        assert [e.to_dict() for e in events] == [{"event": "renamed", "names": {old[seat]: new_name}}]
        view = game.to_json(renamed)
        assert [p["colour"] for p in view["seats"]] == [
            p["colour"] for p in before["seats"]
        ]  # seat i, colour i
        assert [p["shape"] for p in view["seats"]] == [p["shape"] for p in before["seats"]]
        assert game.phase(renamed) == game.phase(state) and game.step(renamed) == game.step(state)
        if before["current_player"] is not None:  # whose turn: the same player, by the new name
            assert view["current_player"] == after[old.index(before["current_player"])]
        assert game.from_json(view) == renamed  # the round trip holds
        state, _ = game.apply(renamed, bot.choose(game, renamed, rng))  # the bot plays on with the new names
    assert len(steps) >= 3, steps  # rename was tried in the game's steps, not one


@pytest.mark.parametrize("game_id", RENAMING)
def test_rename_refuses_in_words_and_changes_nothing(game_id):
    game = load_game(game_id)
    state, _ = game.setup(named(game, setup_of(game, 2)))
    a, b = _names(game, state)[:2]
    assert (a, b) == ("Anna", "Ben")
    cases = [
        (CommandError, "is already at this table", {a: b}),
        (CommandError, "is already at this table", {a: " " + b.upper() + " "}),  # as people tell names apart
        (CommandError, "seat without a name", {a: "P7"}),
        (CommandError, "control or text-direction", {a: "An\u202ena"}),
        (CommandError, "at most 24", {a: "x" * 25}),
        (RuleViolation, "is not a player of this game", {"Nobody": "Anna"}),
        (RuleViolation, "already the players' names", {a: a}),
        (CommandError, "at least one player", {}),
    ]
    for error, words, names in cases:
        with pytest.raises(error, match=words):
            game.apply(state, {"cmd": "rename", "names": names})
    swapped, _ = game.apply(state, {"cmd": "rename", "names": {a: b, b: a}})  # two may swap at once
    assert _names(game, swapped)[:2] == [b, a]
    set_language("de")
    try:
        with pytest.raises(CommandError) as refused:
            game.apply(state, {"cmd": "rename", "names": {a: b}})
        assert "bereits" in refusal_text(refused.value, game_id)  # in the table's words
    finally:
        set_language("en")


@pytest.mark.parametrize("game_id", RENAMING)
def test_rename_after_the_end_is_refused(game_id):
    game, states = reachable_states(game_id, 1, 3000)  # a bot-played game to its end
    state = states[-1]
    assert game.outcome(state) is not None
    with pytest.raises(RuleViolation, match="over"):
        game.apply(state, {"cmd": "rename", "names": {_names(game, state)[0]: "Anna"}})


@pytest.mark.parametrize("game_id", RENAMING)
def test_a_rename_is_journaled_undone_and_replayed(tmp_path, game_id):
    game = load_game(game_id)
    bot = bot_for(game_id)
    rng = random.Random(3)
    with Journal(tmp_path / "j.sqlite3") as journal:
        session, _ = Session.new(setup_of(game, 3), journal=journal)
        for _ in range(4):
            session.submit(bot.choose(session.game, session.state, rng))
        old = _names(session.game, session.state)
        session.submit({"cmd": "rename", "names": {old[1]: "Anna"}})
        assert _names(session.game, session.state)[1] == "Anna"
        for _ in range(4):  # commands after it name the player by the new name
            if session.outcome() is None:
                session.submit(bot.choose(session.game, session.state, rng))
        commands = journal.commands(session.game_id)
        assert {"cmd": "rename", "names": {old[1]: "Anna"}} in commands
        assert Session.replay(commands).view() == session.view()  # replay gives the same game
        while session.commands[-1]["cmd"] != "rename":
            session.undo(1)
        session.undo(1)
        assert _names(session.game, session.state) == old  # undo takes the rename back
