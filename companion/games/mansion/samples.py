"""The Vampire Mansion's sample screens (`companion screenshots`, the UI tests): real engine states its
seeded bot reaches, one with a player in a room at tick 3 and one at the end."""

from __future__ import annotations

from companion.ui.samples import engine_view, lazy, over


def screens() -> dict:
    """Screen name -> recipe (ui) that puts a fresh TableUI on it."""
    return {
        "mansion": lazy(
            lambda: engine_view(
                "mansion",
                4,
                3,
                lambda s: (
                    s["step"] == "turn" and s["tick"] >= 3 and s["players"][s["turn"]]["room"] is not None
                ),
            )
        ),
        "mansion-over": lazy(lambda: engine_view("mansion", 4, 3, over)),
    }
