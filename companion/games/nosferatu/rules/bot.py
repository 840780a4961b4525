"""A simple legal Nosferatu player for tests and demos: `choose(game, state, rng) -> command`."""

from __future__ import annotations

import random
from typing import Any

from companion.games.nosferatu.rules.state import Character, State, Step


def choose(game: Any, state: State, rng: random.Random) -> dict[str, Any]:
    """A legal command for `state`, picked with `rng` (table-supplied values included)."""
    hunters = [p for p in state.players if p != state.renfield]
    if state.step is Step.GIVE_STAKE:
        return {"cmd": "give_stake", "to": rng.choice([p for p in hunters if p != state.holder])}
    if state.step is Step.TURN:
        return {"cmd": "play"}
    if state.step is Step.CLOCK:
        return {"cmd": "reveal"} if rng.random() < 0.8 else _physical_reveal(state, rng)
    if state.step is Step.RESOLVE:
        return _resolve(game, state, hunters, rng)
    if state.step is Step.STAKE:
        return _stake(state, hunters, rng)
    raise ValueError(f"nothing to choose: step {state.step.value}")


def _physical_reveal(state: State, rng: random.Random) -> dict[str, Any]:
    """The table turns over a card by itself."""
    card = "dawn" if state.nights_left == 0 or rng.random() < 0.3 else "night"
    return {"cmd": "reveal", "card": card}


def _resolve(game: Any, state: State, hunters: list[str], rng: random.Random) -> dict[str, Any]:
    """Use some of the round's cards as Bites, Nights or a Ritual, then finish."""
    left = state.cards_unused
    fresh = not state.any_card_used
    unused = [
        r
        for r in game.data.rituals
        if r.key not in state.rituals_used
        and not (r.effect == "remove-night" and state.night_cards is not None and state.nights == 0)
    ]
    roll = rng.random()
    if fresh and unused and roll < 0.25:
        ritual = rng.choice(unused)
        command = {"cmd": "cast", "ritual": ritual.key}
        if ritual.effect in ("reveal", "target"):
            command["target"] = rng.choice(hunters)
        if ritual.effect == "reveal" and state.known_of(command["target"]) is None:
            command["character"] = _plausible(state, command["target"], rng)
        return command
    if left > 0 and not state.round_ritual and roll < 0.45:
        return {"cmd": "bite", "player": rng.choice(hunters)}
    if left > 0 and not state.round_ritual and roll < 0.55 and state.nights_outside != 0:
        return {"cmd": "add_night"}
    return {"cmd": "resolved"}


def _stake(state: State, hunters: list[str], rng: random.Random) -> dict[str, Any]:
    """Sometimes stake a suspect, else spare."""
    targets = [p for p in hunters if p != state.holder]
    if state.known_of(state.holder) is Character.VAMPIRE or rng.random() < 0.6:
        return {"cmd": "spare"}
    target = rng.choice(targets)
    command = {"cmd": "stake", "target": target}
    if state.known_of(target) is None:
        command["character"] = _plausible(state, target, rng)
    return command


def _plausible(state: State, name: str, rng: random.Random) -> str:
    """A character for `name` consistent with what is known (one Vampire at most)."""
    if any(k is Character.VAMPIRE for k in state.known):
        return Character.HUNTER.value
    others = [
        p
        for p, k in zip(state.players, state.known)
        if p not in (state.renfield, name) and k is not Character.HUNTER
    ]
    if not others:
        return Character.VAMPIRE.value
    return Character.VAMPIRE.value if rng.random() < 0.3 else Character.HUNTER.value
