"""Armata Strigoi's sample screens (`companion screenshots`, the UI tests): real engine states its seeded
bot reaches (the Strigoi striking in round 2, the end), the Correct screen with the Altar raised, and
the screen that asks your box's Strigoi values."""

from __future__ import annotations

from companion.inputs import Press, VButton
from companion.ui.samples import engine_view, lazy, on, over, press


def _striking():
    """The Strigoi strike in round 2."""
    return engine_view("strigoi", 3, 3, lambda s: s["step"] == "strigoi" and s["round"] >= 2)


def screens() -> dict:
    """Screen name -> recipe (ui) that puts a fresh TableUI on it."""
    return {
        "strigoi": lazy(_striking),
        "strigoi-over": lazy(lambda: engine_view("strigoi", 4, 1, over)),
        "correct": lambda ui: (
            lazy(_striking)(ui),
            ui.screen.activate("correct", Press.SHORT),
            press(ui, VButton.VEIL_UP),
        ),
        "strigoi-box": on(None, _box),
    }


def _box(ui) -> None:
    """Open the box screen over the title, with the values in use (the shipped examples)."""
    from companion.games.strigoi.box import StrigoiBoxScreen
    from companion.games.strigoi.teach import values_in_use

    ui.stack.push(StrigoiBoxScreen(ui.ctx, values_in_use(), {"cmd": "setup", "game": "strigoi"}))
