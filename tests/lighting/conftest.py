"""Lighting fixtures: the default board's light counts and a Masters of the Night view."""

import pytest

from companion.gamedata import config


@pytest.fixture
def counts():
    """Logical light -> pixel count of the default config (9 x 9 districts, 7 veil, 1 status)."""
    return {name: m.count for name, m in config.default().leds.lights.items()}


def masters_view(**changes):
    """A Masters view at night: quiet districts, Mila and Imre at the station, veil 4."""
    districts = {
        f"{r}{c}": {
            "name": f"{r}{c}",
            "agents_hidden": 0,
            "agents_exposed": 0,
            "minions": 0,
            "sigil": None,
            "relics": [],
            "cards": [],
        }
        for r in "ABC"
        for c in "123"
    }
    view = {
        "game": "masters",
        "round": 2,
        "phase": "night",
        "step": "turn",
        "veil": 4,
        "outcome": None,
        "order": ["Mila", "Imre"],
        "districts": districts,
        "vampires": {
            "Mila": {"district": "A1", "blood": 4, "drained": False},
            "Imre": {"district": "A1", "blood": 4, "drained": False},
        },
        "combat": None,
    }
    view.update(changes)
    return view


@pytest.fixture
def view():
    """A fresh Masters view (tests edit it freely)."""
    return masters_view()


@pytest.fixture
def quiet_view():
    """Another fresh, untouched Masters view to compare with."""
    return masters_view()
