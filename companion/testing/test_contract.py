"""The contract every game keeps (companion/testing/__init__.py says what and how to run it):

    NIGHTWATCH_GAMES=my-game pytest --pyargs companion.testing

Random legal play (the game's bot, mixed with random enabled actions and values their parameters
allow) reaches an end; every state survives a JSON round-trip; replaying the journaled commands gives
the live game back; a refused command raises a rules or command error and changes nothing; the
canonical form of a command is a fixed point; every enabled action takes every value its parameters
allow (or a sample) and refuses values outside them; the game API agrees with the state JSON; the
same mistake gets the same error in every game; every engine has the shared shape; and the answers
every reader asks of its plugin (result, headline, stage, board, narration) come in words.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion import i18n, palette
from companion.errors import CommandError, RuleViolation
from companion.rules import POSITIONS, load_game
from companion.rules.base import Engine, Game, Player
from companion.storage.session import Session
from companion.testing import params as values
from companion.testing.contract import MAX_COMMANDS, games_under_test, play, setup_for

GAMES = games_under_test()
FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 10**6)
PYTHON = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|[{}\[\]]")  # a Python value or a placeholder left in words


@pytest.mark.parametrize("game_id", GAMES)
def test_the_catalog_finds_the_game_as_a_sound_plugin(game_id):
    """Its entry point names a GamePlugin subclass with this id, a title and an order; its engine
    and bot load and the engine has the game API (`companion.plugins.verify`)."""
    from companion.games import GamePlugin
    from companion.plugins import games, problems, verify

    assert [p for p in problems() if p.name == game_id] == []
    plugin = games()[game_id]
    assert (
        isinstance(plugin, GamePlugin)
        and plugin.id == game_id
        and plugin.title
        and isinstance(plugin.order, int)
    )
    assert verify(plugin) is None


@pytest.mark.parametrize("game_id", GAMES)
@FAST
@given(seed=seeds)
def test_random_legal_play_ends_and_every_state_round_trips_json(game_id, seed):
    session = play(game_id, seed)
    game = session.game
    outcome = game.outcome(session.state)
    assert outcome is not None, f"no end after {MAX_COMMANDS} commands"
    for state in session.states:
        assert game.from_json(json.loads(json.dumps(game.to_json(state)))) == state


@pytest.mark.parametrize("game_id", GAMES)
@FAST
@given(seed=seeds)
def test_replaying_the_journal_gives_the_live_game_back(game_id, seed):
    live = play(game_id, seed)
    journal = json.loads(json.dumps(live.commands))  # what the journal stores, as JSON
    replayed = Session.replay(journal, game=load_game(game_id))
    assert replayed.states == live.states


@pytest.mark.parametrize("game_id", GAMES)
@FAST
@given(seed=seeds)
def test_canonical_commands_are_a_fixed_point_and_apply_like_the_raw_command(game_id, seed):
    def check(game, state, raw):
        canon = game.canonical(state, raw)
        assert game.canonical(state, canon) == canon
        assert json.loads(json.dumps(canon)) == canon
        assert game.apply(state, canon)[0] == game.apply(state, raw)[0]

    play(game_id, seed, each=check)


@pytest.mark.parametrize("game_id", GAMES)
@FAST
@given(seed=seeds)
@example(seed=123448)  # Masters: a museum relic given `to` a vampire of another game was a ValueError
def test_refused_commands_raise_a_rule_or_command_error_and_change_nothing(game_id, seed):
    pool = [c for c in play(game_id, seed + 1).commands[1:]]  # commands of another game of it
    probe_rng = random.Random(seed)
    refused = []

    def probe(game, state, raw):
        before, before_json = state, json.dumps(game.to_json(state), sort_keys=True)
        probes = [
            probe_rng.choice(pool),
            {"cmd": "no-such-command"},
            "next",
            dict(raw, extra_param=1),
            setup_for(game, seed, game.player_range[0]),
        ]
        probes += [dict(a.command) for a in game.actions(state) if not a.enabled][:3]
        for command in probes:
            try:
                game.apply(state, command)
            except (RuleViolation, CommandError) as exc:
                refused.append(str(exc))
            assert state == before and json.dumps(game.to_json(state), sort_keys=True) == before_json

    play(game_id, seed, each=probe)
    assert refused


@pytest.mark.parametrize("game_id", GAMES)
@FAST
@given(seed=seeds)
def test_enabled_actions_that_need_nothing_more_are_accepted(game_id, seed):
    def check(game, state, raw):
        for action in game.actions(state):
            if action.enabled and not action.needs:
                game.apply(state, dict(action.command))  # must not raise

    play(game_id, seed, each=check)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_enabled_actions_take_every_allowed_value_and_refuse_the_others(game_id, seed):
    """Every enabled legal action is accepted with every value of a one-value parameter (the others
    drawn from what they allow) and with drawn lists and objects; a value outside what a parameter
    allows is refused (a rule or command error) and changes nothing."""
    rng = random.Random(seed)
    tried = {"accepted": 0, "refused": 0}

    def check(game, state, raw):
        actions = [a for a in game.legal_actions(state) if a.enabled]
        universe = values.universe_of(game, state)
        for action in rng.sample(actions, min(4, len(actions))):
            for p in action.params:
                tried["params"] = tried.get("params", 0) + 1
                for value in values.boundaries(p) or [values.allowed(p, rng) for _ in range(2)]:
                    command = values.command(action, rng, **{p.name: value})
                    try:
                        game.apply(state, command)
                    except (RuleViolation, CommandError) as exc:
                        pytest.fail(f"{command} (allowed by {p}) refused: {exc}")
                    tried["accepted"] += 1
                for bad in values.outside(p, universe):
                    command = values.command(action, rng, **{p.name: bad})
                    try:
                        game.apply(state, command)
                    except (RuleViolation, CommandError):
                        tried["refused"] += 1
                    else:
                        pytest.fail(f"{command} (outside {p}) accepted")

    play(game_id, seed, each=check)
    assert tried["accepted"] or not tried.get("params"), "no value a parameter allows was accepted"


@pytest.mark.parametrize("game_id", GAMES)
@FAST
@given(seed=seeds)
def test_players_current_player_phase_step_and_outcome_agree_with_the_state_json(game_id, seed):
    """The game API and the state JSON say the same, before and after a JSON round trip: the players in
    seating order (seat 0..n-1, different names, palette colours), the current player among them,
    phase, step and outcome; `view` is the state JSON."""
    session = play(game_id, seed)
    game = session.game
    lo, hi = game.player_range
    colours = set(palette.COLOUR_NAMES.values())
    for state in session.states:
        players = game.players(state)
        assert all(isinstance(p, Player) for p in players) and lo <= len(players) <= hi
        assert [p.seat for p in players] == list(range(len(players)))
        assert len({p.name for p in players}) == len(players) and {p.colour for p in players} <= colours
        current = game.current_player(state)
        assert current is None or current in players
        view = game.view(state)
        assert view == game.to_json(state)
        assert view["seats"] == [p.to_dict() for p in players]
        assert view["current_player"] == (current.name if current else None)
        assert (view["phase"], view["step"], view["outcome"]) == (
            game.phase(state),
            game.step(state),
            game.outcome(state),
        )
        assert game.is_over(state) == (game.outcome(state) is not None)
        again = game.from_json(json.loads(json.dumps(view)))
        assert (game.players(again), game.current_player(again), game.phase(again), game.step(again)) == (
            players,
            current,
            game.phase(state),
            game.step(state),
        )
    assert game.is_over(session.state) and game.phase(session.state) == "over"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_mistake_gets_the_same_error_in_every_game(game_id):
    """A second setup, a command the step does not take, a command after the end (rule errors); an
    unknown verb, an unknown parameter, a missing one (command errors): the same words in every game."""
    session = play(game_id, 7)
    game = session.game
    assert game.STEPS is not None, "every game declares its step table"
    middle = session.states[len(session.states) // 2]
    with pytest.raises(RuleViolation) as err:
        game.apply(middle, session.commands[0])
    assert (err.value.rule, err.value.message) == ("setup", "the game is already set up")
    with pytest.raises(CommandError, match=r"^unknown command 'no-such-command'; known: "):
        game.apply(middle, {"cmd": "no-such-command"})
    verb = session.commands[1]["cmd"]
    with pytest.raises(CommandError, match=rf"^{verb}: unknown parameter 'zzz'$"):
        game.apply(session.states[1], {**session.commands[1], "zzz": 1})
    required = [
        (c.verb, f.name.rstrip("_"))
        for c in game.COMMANDS
        if c.verb != "setup"
        for f in dataclasses.fields(c)
        if f.default is dataclasses.MISSING
    ]
    assert required, "a game has commands that need a parameter"
    for verb, key in required:
        with pytest.raises(CommandError) as err:
            game.apply(middle, {"cmd": verb})
        assert (
            err.value.message == f"{verb}: missing parameter {key!r}"
            or "missing parameter" in err.value.message
        )
    wrong = 0
    for state in session.states[1:-1]:
        takes = game.STEPS.get(game.step_of(state), frozenset()) | game.ANYTIME
        for command in session.commands[1:]:
            if type(game.parse(command)) not in takes:
                with pytest.raises(RuleViolation) as err:
                    game.apply(state, command)
                assert (
                    err.value.rule == command["cmd"]
                    and err.value.template == "not now: the game is at {where}"
                )
                wrong += 1
                break
    assert wrong or len({frozenset(c) for c in game.STEPS.values()}) == 1  # (one step for all: none is wrong)
    over = session.state
    still = {a.command["cmd"] for a in game.actions(over)}  # what a game takes after its end (a ranking)
    for command in session.commands[1:]:
        if command["cmd"] not in still:
            with pytest.raises(RuleViolation) as err:
                game.apply(over, command)
            assert err.value.rule == "game over"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seed_plays_the_same_game_twice(game_id):
    assert play(game_id, 11).commands == play(game_id, 11).commands


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_the_shared_shape(game_id):
    """One core, GameSetUp first, GameOver last with the outcome, a board view on the nine districts,
    and setups refused outside the player range of the game's data."""
    game = load_game(game_id)
    assert isinstance(game, Engine) and isinstance(game, Game) and game.data is not None
    lo, hi = game.player_range
    for n in (lo - 1, hi + 1):
        with pytest.raises((RuleViolation, CommandError)):
            game.setup(setup_for(game, 3, n) if n >= 1 else dict(setup_for(game, 3, lo), players=0))
    state, events = game.setup(setup_for(game, 3, lo))
    assert events[0].kind == "game_set_up"
    view = game.view(state)  # the state JSON; the lights' board under "board" (Masters: its own districts)
    assert set(view.get("board", view).get("districts", {})) <= set(POSITIONS)  # (none: the basic scene)
    session = play(game_id, 5)
    last = session.game.apply(session.states[-2], session.commands[-1])[1]
    assert last[-1].to_dict() == {**last[-1].to_dict(), "event": "game_over", "outcome": session.outcome()}


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_reader_gets_words_from_the_plugin(game_id, language):
    """What the generic screen, the phone, `companion play`, `journal list` and the end card ask of
    a game's plugin, at every step of a played game: `result` (None while it runs; once over, winners
    who are players and one sentence), `headline`, `stage` and `board_lines` say words, in English and
    German, with no Python value or placeholder left; every event has a narration line in words."""
    from companion.narration.narrate import line
    from companion.narration.words import said
    from companion.plugins import info

    plugin = info(game_id)
    session = play(game_id, 3)
    game = session.game
    i18n.set_language(language)
    try:
        for state in session.states:
            view = game.view(state)
            done = plugin.result(view)
            assert (done is None) == (view["outcome"] is None)
            texts = [plugin.headline(view), *plugin.board_lines(view)]
            stage = plugin.stage(view)
            texts += [stage] if stage is not None else []
            if done is not None:
                names = {p["name"] for p in view["seats"]}
                assert set(done.winners) <= names, f"winners {done.winners} are not players {names}"
                texts.append(done.sentence)
            for text in texts:
                words = said(text, game_id)
                assert words.strip() and not PYTHON.search(words), (game_id, words)
        state, events = game.setup(session.commands[0])
        for command in session.commands[1:]:
            state, more = game.apply(state, command)
            events += more
        for event in events:
            words = line(event.to_dict(), game_id)
            assert words.strip() and not PYTHON.search(words), (game_id, words)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_class_has_a_line_of_words(game_id):
    """Each event class the game's plugin lists (`event_classes`) is told by its narration (its own
    table, or the shared lines the companion has for every game)."""
    from companion.narration.narrate import SHARED
    from companion.plugins import info

    plugin = info(game_id)
    own = plugin.narration()
    for cls in plugin.event_classes():
        kind = "".join("_" + c.lower() if c.isupper() else c for c in cls.__name__).lstrip("_")
        assert kind in own or kind in SHARED, f"{game_id}: no narration line for {kind} ({cls.__module__})"
