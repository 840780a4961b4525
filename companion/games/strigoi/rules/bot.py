"""A simple legal player for Armata Strigoi, used by tests and the demo: `choose(game, state, rng)`."""

from __future__ import annotations

import random
from typing import Any

from companion.games.strigoi.rules.state import State, Step


def choose(game, state: State, rng: random.Random) -> dict[str, Any]:
    """One legal command for `state`, chosen with `rng` (never the global random)."""
    if state.step is Step.INITIATIVE:
        letters = game.data.letters + "X"
        return {
            "cmd": "initiative",
            "cards": {
                w.name: {"initiative": rng.randint(1, 60), "letter": rng.choice(letters)}
                for w in state.wolves
            },
        }
    if state.step is Step.CURSE:
        return {"cmd": "curse", "hit": [w.name for w in state.wolves if rng.random() < 0.3]}
    if state.step is Step.TURN:
        return _turn(game, state, rng)
    return _after_strigoi(state, rng)


def _turn(game, state: State, rng: random.Random) -> dict[str, Any]:
    """One encounter (a Strigoi, a blood icon or a token), then move the Strigoi (or end the turn)."""
    roll = rng.random()
    if state.encounter is None:
        if state.in_play and state.altar >= state.attack_need and roll < 0.5:
            return {"cmd": "attack_strigoi", "strigoi": rng.choice(state.in_play)}
        if roll < 0.3 and state.altar < game.data.altar_max:
            return {"cmd": "blood"}
        if roll < 0.45:
            return {
                "cmd": "encounter",
                "colour": rng.choice(("red", "grey")),
                "blood": rng.random() < 0.4,
                "reward": rng.choice(("none", "card", "token")),
            }
    if roll < 0.5:
        return {"cmd": "wound", "wolf": state.active}
    if state.in_play:
        return {"cmd": "strigoi_move"}
    return {"cmd": "end_turn"}


def _after_strigoi(state: State, rng: random.Random) -> dict[str, Any]:
    """The moved Strigoi may strike; the attacked Powerwolf may strike back once; then end the turn."""
    if state.moved and state.attacked is None and rng.random() < 0.6:
        return {
            "cmd": "strigoi_attack",
            "wolf": rng.choice(state.wolves).name,
            "prevented": rng.randint(0, 1),
        }
    if (
        state.attacked
        and not state.countered
        and state.altar >= state.attack_need
        and state.in_play
        and rng.random() < 0.3
    ):
        return {"cmd": "attack_strigoi", "strigoi": rng.choice(state.in_play)}
    return {"cmd": "end_turn"}
