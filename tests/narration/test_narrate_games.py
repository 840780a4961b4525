"""Every event of every game has its own narration line, in English and in German, in words: no
Python value (`None`, `True`, `False`, braces, brackets), no key with an underscore, and never a line
of another game (a Strigoi victory once read as the Masters' Blood Moon; issue 23, point 10)."""

import inspect
import random
import re
import typing

import pytest

from companion import i18n
from companion.narration import narrate
from companion.plugins import games
from companion.rules import load_game
from tests.reliability.helpers import bot_for, setup_of

GAMES = list(games())  # every game of the catalog
OUTCOMES = {
    "masters": ("victory", "defeat-veil", "defeat-deck"),
    "strigoi": ("victory", "defeat"),
    "nosferatu": ("hunters-stake", "evil-bites"),
    "mansion": ("clock", "points"),
}
PYTHON = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|[{}\[\]_]")
# corrections the bots never make, as the table would send them (each game's docs/<game>.md)
ADJUSTS = {
    "masters": [
        {"cmd": "adjust", "veil": 3},
        {"cmd": "adjust", "district": "B2", "minions": 3},
        {"cmd": "adjust", "vampire": "Imre", "blood": 1},
        {"cmd": "adjust", "reserve": {"agents": 2}},
    ],
    "nosferatu": [{"cmd": "adjust", "nights": 3, "bites": {"P2": 1}}, {"cmd": "adjust", "holder": "P3"}],
    "mansion": [
        {"cmd": "adjust", "player": "P1", "tokens": 1, "stored": 2},
        {"cmd": "adjust", "room_cards": {"3": 2}},
    ],
    "one-night": [],  # its adjust jumps the narrator: step events, played by the bot already
    "strigoi": [
        {
            "cmd": "adjust",
            "altar": 3,
            "inferno": 1,
            "wounds": {"Attila": 2},
            "rewards": {"Attila": 1},
            "strigoi": {"master": {"room": "n", "wounds": 1}},
            "collapsed": ["n"],
            "marker": True,
        },
        {"cmd": "adjust", "collapsed": [], "ladders": [], "marker": False},
    ],
}


def event_kinds(game_id: str) -> dict[str, type]:
    """Event kind -> class, for every event class the game's plugin says its engine emits (the Event
    subclasses defined in its package, wherever they live), and the shared GameOver."""
    from companion.rules.base import GameOver

    found = {}
    for cls in (*games()[game_id].event_classes(), GameOver):
        kind = "".join("_" + c.lower() if c.isupper() else c for c in cls.__name__).lstrip("_")
        found[kind] = cls
    return found


def played(game_id: str) -> list[dict]:
    """The event dicts of a dozen bot games (with some exploring) and of the corrections in ADJUSTS."""
    game, bot, out = load_game(game_id), bot_for(game_id), []
    for seed in range(12):
        rng = random.Random(seed)
        state, events = game.setup(game.canonical(None, setup_of(game, seed)))
        out += [e.to_dict() for e in events]
        for step in range(600):
            if step == 3 and seed == 0:
                for cmd in ADJUSTS.get(game_id, ()):  # a few moves in, the table corrects what it sees
                    try:  # (the bot plays on from the uncorrected state: its moves fit that one)
                        out += [e.to_dict() for e in game.apply(state, game.canonical(state, cmd))[1]]
                    except Exception:  # refused in this step: the other corrections still come
                        continue
            if game.outcome(state) is not None:
                break
            args = {"explore": 0.2} if "explore" in inspect.signature(bot.choose).parameters else {}
            state, events = game.apply(state, game.canonical(state, bot.choose(game, state, rng, **args)))
            out += [e.to_dict() for e in events]
    return out


def made(cls: type, samples: dict[str, list]) -> list[dict]:
    """Events of a kind the bots never played, built from its fields: each field takes the values
    other events of the game gave a field of that name, else values of its type (both sides of a bool,
    None and a value for an optional one)."""
    hints = typing.get_type_hints(cls)
    choices = {}
    for name, hint in hints.items():
        if name in samples:
            choices[name] = samples[name][:2]
            continue
        args = typing.get_args(hint)
        base = next((a for a in args if a is not type(None)), hint)
        base = typing.get_origin(base) or base
        values = {
            bool: [True, False],
            int: [2, 1],
            str: ["Mila"],
            dict: [{"Mila": 1}],
            tuple: [("Mila", "Roel")],
        }.get(base, ["Mila"])
        choices[name] = values + ([None] if type(None) in args else [])
    width = max(len(v) for v in choices.values())
    return [cls(**{k: v[i % len(v)] for k, v in choices.items()}).to_dict() for i in range(width)]


@pytest.fixture(scope="module")
def events_by_game() -> dict[str, dict[str, list[dict]]]:
    """Game -> event kind -> example event dicts (played ones, made ones for kinds no bot played)."""
    out = {}
    for game_id in GAMES:
        seen: dict[str, list[dict]] = {}
        samples: dict[str, list] = {}
        for e in played(game_id):
            if len(seen.setdefault(e["event"], [])) < 6:
                seen[e["event"]].append(e)
            for k, v in e.items():
                if k != "event" and v is not None and v not in samples.setdefault(k, []):
                    samples[k].append(v)
        for kind, cls in event_kinds(game_id).items():
            if kind not in seen:
                seen[kind] = made(cls, samples)
        out[game_id] = seen
    return out


def own_table(game_id: str) -> dict:
    """The game's own narration table (its plugin's `narration()`)."""
    return dict(games()[game_id].narration())


def test_the_walk_covers_every_event_kind_of_every_game(events_by_game):
    for game_id in GAMES:
        assert set(events_by_game[game_id]) >= set(event_kinds(game_id)), game_id
    assert {"adjusted", "game_over"} <= set(events_by_game["strigoi"])
    assert len(events_by_game["strigoi"]["adjusted"]) >= 2  # real corrections, not made-up ones


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_of_every_game_reads_in_words_and_as_its_own_game(events_by_game, game_id, language):
    others = {g: own_table(g) for g in GAMES if g != game_id}
    table = own_table(game_id)
    i18n.set_language(language)
    try:
        for kind, examples in events_by_game[game_id].items():
            assert kind in table, f"{game_id}: no line of its own for {kind}"
            for e in examples:
                text = narrate.line(e, game_id)
                assert text and not PYTHON.search(text), f"{game_id} {kind} ({language}): {text!r} from {e}"
                assert text == table[kind](e), f"{game_id} {kind}: not its own line but {text!r}"
                if kind == "game_over":  # the end is said in each game's own words
                    theirs = {
                        lines[kind]({**e, "outcome": o})
                        for other, lines in others.items()
                        for o in OUTCOMES.get(other, ())
                        if kind in lines
                    }
                    assert text not in theirs, f"{game_id} ends with another game's line: {text!r}"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de"])
def test_strigoi_ends_with_its_own_victory_and_defeat(language):
    i18n.set_language(language)
    try:
        masters = {
            narrate.line({"event": "game_over", "outcome": o}, "masters")
            for o in ("victory", "defeat-veil", "defeat-deck")
        }
        won = narrate.line({"event": "game_over", "outcome": "victory"}, "strigoi")
        lost = narrate.line({"event": "game_over", "outcome": "defeat"}, "strigoi")
        assert won != lost and not {won, lost} & masters
        assert "Strigoi" in won and "Inferno" in lost
        assert "Blood Moon" not in won + lost and "Blutmond" not in won + lost
    finally:
        i18n.set_language("en")


def test_an_unknown_event_of_a_named_game_gets_a_generic_line_in_words():
    text = narrate.line(
        {
            "event": "door_opened",
            "door_id": None,
            "locked": False,
            "keys": ["brass_key"],
            "where": {"room": "hall"},
        },
        "strigoi",
    )
    assert text == "door opened: locked no, keys brass key, where room hall"
    assert (
        narrate.line({"event": "game_over", "outcome": "victory"}, "a-sixth-game")
        == "game over: outcome victory"
    )
