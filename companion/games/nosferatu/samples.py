"""Nosferatu's sample screens (`companion screenshots`, the UI tests): real engine states its seeded
bot reaches, one mid-round with bites and one at the end."""

from __future__ import annotations

from companion.ui.samples import engine_view, lazy, over


def screens() -> dict:
    """Screen name -> recipe (ui) that puts a fresh TableUI on it."""
    return {
        "nosferatu": lazy(
            lambda: engine_view("nosferatu", 6, 4, lambda s: s["step"] == "resolve" and s["bites_total"] > 0)
        ),
        "nosferatu-over": lazy(lambda: engine_view("nosferatu", 5, 2, over)),
    }
