"""The narrator has a readable line for every event the Masters engine emits in real games."""

import random

from companion.games.masters.narration import LINES
from companion.games.masters.rules import bot
from companion.narration import narrate
from companion.rules import load_game


def _events(seeds=range(8)):
    """Every event dict of a few bot-played games (with some random exploration)."""
    game = load_game("masters")
    for seed in seeds:
        rng = random.Random(seed)
        state, events = game.setup(
            game.canonical(
                None,
                {
                    "cmd": "setup",
                    "game": "masters",
                    "vampires": ["Imre", "Mila", "Laszlo"],
                    "difficulty": "easy",
                    "seed": seed,
                },
            )
        )
        yield from (e.to_dict() for e in events)
        while game.outcome(state) is None:
            state, events = game.apply(
                state, game.canonical(state, bot.choose(game, state, rng, explore=0.2))
            )
            yield from (e.to_dict() for e in events)


def test_every_masters_event_in_play_has_its_own_line():
    seen = {}
    for e in _events():
        seen.setdefault(e["event"], e)
    missing = sorted(kind for kind in seen if kind not in LINES)
    assert not missing, f"no narrator line for {missing}"
    for kind, e in seen.items():
        text = narrate.line(e, "masters")
        assert text and not text.startswith(kind.replace("_", " ") + ":"), (
            f"{kind} fell back to the generic line: {text}"
        )


def test_unknown_or_odd_events_get_a_generic_line_not_an_error():
    assert narrate.line({"event": "bitten", "player": "Bram"}) == "bitten: player Bram"
    assert (
        narrate.line({"event": "veil_changed", "old": 4}, "masters") == "veil changed: old 4"
    )  # a field missing
    assert narrate.line({}) == "?"
