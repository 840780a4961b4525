"""Rules tests. Helpers shared by the rules tests live here (no fixtures needed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import RuleViolation

LAYOUT = {
    "A1": "railway-station",
    "A2": "docks",
    "A3": "hospital",
    "B1": "police-station",
    "B2": "cathedral",
    "B3": "nightclub",
    "C1": "newspaper",
    "C2": "museum",
    "C3": "asylum",
}
EMPTY_CARD = {"red": [], "blue": [], "red_agents": 0, "blue_agents": [0, 0]}
SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


API_KEYS = (
    "seats",
    "current_player",
)  # what the game API added to every state JSON (keys are added, never renamed)


def as_recorded(view, recorded):
    """`view` (a state JSON of today) as a fixture recorded it before the game API's keys were added:
    those keys left out (after checking that nothing else was added)."""
    assert set(view) - set(recorded) <= set(API_KEYS), set(view) - set(recorded)
    return {k: v for k, v in view.items() if k in recorded}


def masters_game():
    """The Masters game over the shipped data (tests run with an empty user config folder)."""
    from companion.rules import load_game

    return load_game("masters")


def masters_start(game, vampires=("Imre", "Mila"), **extra):
    """A state at round 1's day with the fixed test layout and a physical (table-named) deck."""
    cmd = {
        "cmd": "setup",
        "game": "masters",
        "vampires": list(vampires),
        "difficulty": "easy",
        "seed": 1,
        "districts": dict(LAYOUT),
        "deck": "physical",
    }
    cmd.update(extra)
    state, _ = game.setup(cmd)
    return state


def play(game, state, *commands):
    """Apply commands in order; the final state and every event."""
    events = []
    for cmd in commands:
        state, ev = game.apply(state, cmd)
        events.extend(ev)
    return state, events


def set_up_and_play(game, setup, commands):
    """The state after setting up with `setup` and applying `commands` in order."""
    state, _ = game.setup(setup)
    return play(game, state, *commands)[0]


def scenario(name):
    """The commands of `tests/scenarios/<name>.jsonl` (one JSON object a line), the setup first."""
    text = (SCENARIOS / f"{name}.jsonl").read_text()
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def play_scenario(name):
    """The game of `tests/scenarios/<name>.jsonl` and the state its commands end in."""
    from companion.rules import game_of_setup, load_game

    lines = scenario(name)
    game = load_game(game_of_setup(lines[0]))
    return game, set_up_and_play(game, lines[0], lines[1:])


def to_night(game, state, card="I-03"):
    """From a day-effects step with nothing active: draw an empty card and resolve it (night starts)."""
    state, _ = play(game, state, {"cmd": "draw", "card": card, **EMPTY_CARD}, {"cmd": "resolve_card"})
    return state


def refused(game, state, command, error=None):
    """Assert `command` is refused (RuleViolation by default) and the state, as JSON, is unchanged."""
    before = json.dumps(game.to_json(state), sort_keys=True)
    with pytest.raises(error or RuleViolation):
        game.apply(state, command)
    assert json.dumps(game.to_json(state), sort_keys=True) == before


def strigoi_pass(game, state):
    """Armata Strigoi: finish the active Powerwolf's turn: the Strigoi moves (from round 2), the turn
    ends, and an extra Strigoi turn's curse hits nobody."""
    if state.in_play:
        state, _ = game.apply(state, {"cmd": "strigoi_move"})
    state, _ = game.apply(state, {"cmd": "end_turn"})
    if state.step.value == "curse":
        state, _ = game.apply(state, {"cmd": "curse", "hit": []})
    return state
