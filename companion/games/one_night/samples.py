"""One Night Ultimate Vampire's sample screens (`companion screenshots`, the UI tests): real engine states
its seeded bot reaches (the Vampires' step with its countdown, the end), its role page after the wizard
and its names page, and the vote's seat picker."""

from __future__ import annotations

from companion.inputs import Press, VButton
from companion.ui.samples import engine_view, lazy, on, over, press


def screens() -> dict:
    """Screen name -> recipe (ui) that puts a fresh TableUI on it."""
    return {
        "one-night": lazy(
            lambda: engine_view(
                "one-night",
                6,
                3,
                lambda s: s["step"] == "vampires",
                info={"timer": {"left": 6.5, "total": 10}},
            )
        ),
        "one-night-over": lazy(lambda: engine_view("one-night", 6, 3, over)),
        "roles": on(
            None,
            lambda ui: ui.screen.activate("game:one-night", Press.SHORT),
            lambda ui: ui.screen.activate("start", Press.SHORT),
            name_everyone,
            *[lambda ui, p=p: press(ui, VButton.for_district(p)) for p in ("A2", "A2", "B2", "C1")],
        ),
        "pick": lambda ui: (
            on(engine_view("one-night", 6, 3, lambda s: s["step"] == "vote"))(ui),
            press(ui, VButton.CONFIRM),
            press(ui, VButton.DISTRICT_B1),
        ),
    }


def name_everyone(ui) -> None:
    """On the wizard's names page: each seat takes the first one-press name, then on to the roles."""
    while ui.screen.name == "names" and ui.screen.seat is not None:
        ui.screen.activate("n:0", Press.SHORT)
    ui.screen.activate("finish", Press.SHORT)
