"""Counter Race's sample screens (`companion screenshots`, the UI tests): real states its seeded bot
reaches, on the generic game screen: mid-race and at the goal."""

from __future__ import annotations

from companion.ui.samples import engine_view, lazy, over


def screens() -> dict:
    """Screen name -> recipe (ui) that puts a fresh TableUI on it."""
    return {
        "counter-race": lazy(lambda: engine_view("counter-race", 3, 2, lambda s: s["counter"] >= 5)),
        "counter-race-over": lazy(lambda: engine_view("counter-race", 2, 2, over)),
    }
