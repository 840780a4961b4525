"""Screens of the four other games at the table: Nosferatu, the vampire mansion, One Night Ultimate
Vampire and Armata Strigoi (one module each, shared parts in `common`).

`SCREENS` maps base-screen names to "module:Class" (`screen_class(name)` imports one when a game
of that kind is first shown, so starting the companion does not load every game's screens),
`route(view)` picks one from a game view, `setup_fields(game_id)` says what each game's new-game
wizard asks. Nothing is imported from pygame here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

__all__ = ["SCREENS", "GAME_SCREENS", "SetupField", "RolePicker", "route", "screen_class", "setup_fields",
           "setup_note"]

# game id -> (name of its playing screen, name of its end screen)
GAME_SCREENS = {
    "nosferatu": ("nosferatu", "nosferatu-over"),
    "mansion": ("mansion", "mansion-over"),
    "one-night": ("one-night", "one-night-over"),
    "strigoi": ("strigoi", "strigoi-over"),
}
# screen name -> "module:Class" (each class's `name` is the key; a test checks they agree)
SCREENS = {
    "nosferatu": "nosferatu:NosferatuScreen", "nosferatu-over": "nosferatu:NosferatuOverScreen",
    "mansion": "mansion:MansionScreen", "mansion-over": "mansion:MansionOverScreen",
    "one-night": "one_night:NarratorScreen", "one-night-over": "one_night:OneNightOverScreen",
    "strigoi": "strigoi:StrigoiScreen", "strigoi-over": "strigoi:StrigoiOverScreen",
}


def screen_class(name: str):
    """The screen class called `name`, imported on first use."""
    module, cls = SCREENS[name].split(":")
    return getattr(importlib.import_module(f"{__name__}.{module}"), cls)


def __getattr__(attr: str):
    """`RolePicker` is imported when asked for (the One Night wizard's role page)."""
    if attr == "RolePicker":
        from companion.ui.screens.others.one_night import RolePicker

        return RolePicker
    raise AttributeError(attr)
@dataclass(frozen=True)
class SetupField:
    """One number the new-game wizard asks: setup key, label, range, default."""

    key: str
    label: str
    lo: int
    hi: int
    default: int


def route(game: str, state: dict[str, Any]) -> str | None:
    """The base screen for one of these games' states (None: not one of them)."""
    pair = GAME_SCREENS.get(game)
    if pair is None:
        return None
    over = state.get("outcome") is not None or state.get("phase") == "over"
    return pair[1] if over else pair[0]


def setup_fields(game_id: str, default_players: int = 4) -> list[SetupField]:
    """What a new game of `game_id` asks besides the seed: players in the engine's range, plus
    the mansion's clock length and target."""
    lo, hi = player_range(game_id)
    out = [SetupField("players", "Players", lo, hi, min(hi, max(lo, default_players)))]
    if game_id == "mansion":
        out += [SetupField("clock_length", "Clock", 6, 20, 12), SetupField("target", "Target", 5, 60, 20),
                SetupField("vampires", "Vampires", 1, hi - 1, 1)]
    return out


def setup_note(game_id: str, values: dict[str, int]) -> tuple[str, ...]:
    """Extra lines the new-game wizard shows for the values chosen (the mansion's role deck)."""
    if game_id == "mansion":
        from companion.ui.screens.others.mansion import role_deck_note

        return role_deck_note(values["players"], values.get("vampires", 1))
    return ()


def player_range(game_id: str) -> tuple[int, int]:
    """The game's fewest and most players, as its data file says (`Game.player_range`)."""
    from companion.errors import DataFileError
    from companion.rules import load_game

    try:
        return load_game(game_id).player_range
    except DataFileError:  # the setup reports the broken file (name, line, field); the wizard goes on
        return 1, 10
