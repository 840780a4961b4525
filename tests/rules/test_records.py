"""Every value a game declares is one of the core's three kinds: a `Command`, an `Event` or a `Record`,
each a frozen dataclass by its base (no decorator), so a state or a data record cannot be changed in place."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil

import pytest

from companion.plugins import games
from companion.rules.base import Event, Record
from companion.rules.commands import Command


def _game_classes() -> list[type]:
    """The classes defined in every game's rules (the package its engine lives in, and below)."""
    found = []
    for game in games().values():
        name = game.engine_class().__module__.rpartition(".")[0]
        package = importlib.import_module(name)
        for mod in pkgutil.walk_packages(package.__path__, name + "."):
            module = importlib.import_module(mod.name)
            found += [c for c in vars(module).values() if isinstance(c, type) and c.__module__ == mod.name]
    return found


def test_every_dataclass_of_a_game_is_a_command_event_or_record():
    strays = [
        f"{c.__module__}.{c.__qualname__}"
        for c in _game_classes()
        if dataclasses.is_dataclass(c) and not issubclass(c, (Command, Record))
    ]
    assert strays == []


def test_every_record_of_a_game_is_a_frozen_dataclass():
    records = [c for c in _game_classes() if issubclass(c, (Command, Record))]
    assert len(records) > 100  # the games' states, data, commands and events
    assert all(dataclasses.is_dataclass(c) and c.__dataclass_params__.frozen for c in records)


def test_a_record_subclass_is_a_frozen_value():
    class Wolf(Record):
        name: str
        wounds: int = 0

    wolf = Wolf("Fenris")
    assert wolf == Wolf("Fenris", 0) and hash(wolf) == hash(Wolf("Fenris")) and issubclass(Event, Record)
    with pytest.raises(dataclasses.FrozenInstanceError):
        wolf.wounds = 1  # type: ignore[misc]
