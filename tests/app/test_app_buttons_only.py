"""A whole game of Masters of the Night played through the loop with the physical buttons alone:
`next` moves the focus, `confirm` takes it, district buttons pick districts. No touch, no keys."""

import random

import pygame
import pytest

from companion.inputs import VButton
from companion.runtime.idle import LED_REFRESH_S
from companion.ui.model import MORE
from companion.ui.table import TableUI
from tests.app.helpers import (
    choose,
    longest_dark,
    make_app,
    record_pushes,
    replayed_view,
    strip_is_current,
    tap,
)


def _step(app, rng) -> None:
    """Do one thing a person would do on the current screen, with buttons only."""
    vm = app.ui.view_model()
    if vm["screen"] == "event" and any(b["id"] == "swap" for b in vm["buttons"]):
        cells = [c["pos"] for c in vm["grid"] if c["mark"] == "blue"]
        tap(app, VButton.for_district(rng.choice(cells)))
        vm = app.ui.view_model()
    # every action, on show or behind "More": `choose` reaches a hidden one through the More sheet
    choices = [
        b["id"] for b in vm["buttons"] + vm["more"] if b["enabled"] and b["id"] not in ("menu", "swap", MORE)
    ]
    assert choose(app, rng.choice(choices))
    for _ in range(5):  # a picker may ask a few things
        vm = app.ui.view_model()
        if vm["screen"] != "picker":
            break
        options = [
            b["id"] for b in vm["buttons"] if b["enabled"] and b["id"].split(":")[0] in ("v", "d", "c")
        ]
        if options:
            assert choose(app, rng.choice(options))
        elif "board" in " ".join(vm["lines"]):
            tap(app, VButton.for_district(rng.choice(["A1", "A2", "B1", "B2", "C3"])))
        assert choose(app, "ok")


@pytest.mark.parametrize("seed", [21])
def test_whole_game_with_physical_buttons_only(tmp_path, seed):
    rng = random.Random(seed)
    ui = TableUI((800, 480), "masters", {})
    app = make_app(tmp_path, ui=ui, surface=pygame.Surface((800, 480)))
    pushes = record_pushes(app)
    app.start()
    app.tick()
    assert choose(app, "game:masters")
    for name in ("Imre", "Mila"):
        assert choose(app, f"v:{name}")
    for widget in (
        "difficulty",
        "difficulty",
        "start:digital",
    ):  # Easy (Medium, Hard, Easy), the example deck
        assert choose(app, widget)
    assert app.session is not None, "the wizard's setup did not start a game"
    for _ in range(1500):
        if app.session.outcome() is not None:
            break
        _step(app, rng)
    view = app.session.view()
    assert view["outcome"] in ("victory", "defeat-veil", "defeat-deck")
    assert len(app.session.commands) > 20 and view["round"] >= 2  # a real game, not a one-step end
    assert app.ui.view_model()["screen"] == "over"
    # every accepted command was journaled and replays to the same end
    assert app.journal.commands(app.session.game_id) == app.session.commands
    assert replayed_view(app.session.commands) == view
    # the board was lit the whole time: the strip took a frame at least every LED_REFRESH_S (plus
    # the one frame that notices it is due), and the last one is what the lights show now
    assert longest_dark(app, pushes) <= LED_REFRESH_S + 0.1
    assert strip_is_current(app)


def test_a_press_is_answered_on_the_leds_in_the_frame_that_receives_it(tmp_path):
    """Undo (long press) of a veil correction: the veil bar already differs in the LED frame of the
    loop tick whose button poll delivered the press, not one frame later."""
    from companion.inputs import Press

    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.start(setup={"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "seed": 11})
    assert app.submit({"cmd": "adjust", "veil": 3})  # a steady bar (it beats at 2 or less)
    for _ in range(60):  # let the bar settle
        app.clock.advance(1 / 30)
        app.tick()
    bar = [f"veil.{i}" for i in range(7)]
    settled = [app.hw.pixels.frames[-1][name] for name in bar]
    app.clock.advance(1 / 30)
    app.tick()
    assert [app.hw.pixels.frames[-1][name] for name in bar] == settled  # steady without a press
    poll, delivered = app.hw.buttons.poll, []

    def watched_poll(now):
        events = poll(now)
        if any(e.kind is Press.LONG for e in events):
            delivered.append(app.frames)
        return events

    app.hw.buttons.poll = watched_poll
    app.hw.buttons.press(VButton.UNDO, at=app.clock.now(), duration=1.5)
    while not delivered:
        app.clock.advance(1 / 30)
        app.tick()
        assert len(app.hw.pixels.frames) < 200, "the long press never came"
    assert app.session.view()["veil"] != 3  # the correction was taken back in that tick
    assert [app.hw.pixels.frames[-1][name] for name in bar] != settled  # and that very frame shows it
