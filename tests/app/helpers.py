"""Builders for driving the whole app headless: mock HAL, fake clock, a temporary journal."""

from __future__ import annotations

import random

from companion.app import App
from companion.gamedata import config
from companion.hal import open_hardware
from companion.rules import load_game
from companion.runtime.parts import Parts
from companion.storage.journal import Journal

SETUP = {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "difficulty": "easy", "seed": 11}


def make_app(tmp_path, *, ui=None, surface=None, source=None, log=None, cfg=None, journal=True, **extra):
    """An App on the mock backend with a FakeClock and a journal in tmp_path (`extra`: more of its
    `Parts`, e.g. `display`, `notifier`)."""
    cfg = cfg or config.default()
    hw = open_hardware(cfg, backend="mock")
    j = Journal(tmp_path / "journal.sqlite3") if journal else None
    lines: list[str] = []
    app = App(
        Parts(
            cfg,
            hw,
            j,
            ui=ui,
            surface=surface,
            source=source,
            log=log if log is not None else lines.append,
            **extra,
        )
    )
    app.lines = lines
    return app


def record_pushes(app) -> list[float]:
    """Clock readings of every LED frame pushed to the (mock) strip from now on."""
    times: list[float] = []
    show = app.hw.pixels.show

    def timed(frame):
        times.append(app.clock.now())
        show(frame)

    app.hw.pixels.show = timed
    return times


def record_full_frames(app) -> list[float]:
    """Clock readings of every full frame (the screens are updated) from now on."""
    full: list[float] = []
    update = app.ui.update
    app.ui.update = lambda *a, **k: (full.append(app.clock.now()), update(*a, **k))
    return full


def longest_dark(app, times: list[float], since: float = 0.0) -> float:
    """The longest time the strip went without a push, from `since` to the clock's reading now."""
    marks = [since, *times, app.clock.now()]
    return max(b - a for a, b in zip(marks, marks[1:]))


def strip_is_current(app) -> bool:
    """The strip holds the frame the lights render for the loop's last tick (pushed then, or
    unchanged since the last push)."""
    return app.hw.pixels.frames[-1] == app.lights.render(app.idle.last_t)


def play_until(app, predicate, rng=None, limit=3000):
    """Let the engine's bot choose commands (through app.submit) until predicate(view) holds."""
    from companion.games.masters.rules import bot

    rng = rng or random.Random(0)
    for _ in range(limit):
        view = app.session.view()
        if predicate(view):
            return view
        assert app.session.outcome() is None, f"game ended first: {view['outcome']}"
        assert app.submit(bot.choose(app.session.game, app.session.state, rng))
        app.tick()
    raise AssertionError("predicate never held")


def bot_plays(app, moves: int, seed: int) -> None:
    """`moves` commands the engine's bot chooses (its random choices seeded), submitted through the app."""
    from companion.games.masters.rules import bot

    rng = random.Random(seed)
    for _ in range(moves):
        app.submit(bot.choose(app.session.game, app.session.state, rng))


def at_night_turn(view) -> bool:
    """A vampire's night turn, no combat running."""
    return view["phase"] == "night" and view["step"] == "turn"


def replayed_view(commands):
    """The state JSON a clean replay of `commands` gives."""
    game = load_game(commands[0]["game"])
    state, _ = game.setup(commands[0])
    for c in commands[1:]:
        state, _ = game.apply(state, c)
    return game.to_json(state)


TICK = 0.05  # seconds of fake time per loop frame while a button is pressed


def tap(app, button) -> None:
    """Press and release a physical button (scripted on the mock pins), ticking the loop."""
    app.hw.buttons.press(button, at=app.clock.now(), duration=0.06)
    for _ in range(3):
        app.clock.advance(TICK)
        app.tick()


def choose(app, widget: str) -> bool:
    """Move the focus to `widget` with `next`, then `confirm`. False if the widget went away meanwhile
    (e.g. One Night's step timer ran out and the loop moved the narrator on: the screen changed)."""
    from companion.inputs import VButton
    from companion.ui.buttons import GROUP
    from companion.ui.model import MORE

    vm = app.ui.view_model()
    while widget != MORE and widget in [b["id"] for b in vm.get("more", [])]:
        icon = next(b.get("icon") for b in vm["more"] if b["id"] == widget)
        choose(app, MORE)  # behind "More": its sheet lists it (or the sheet's own "More", when it is long)
        vm = app.ui.view_model()
        if widget not in [b["id"] for b in vm["buttons"]] and GROUP + str(icon) in [
            b["id"] for b in vm["buttons"]
        ]:
            choose(app, GROUP + str(icon))  # one button for the sheet's actions of its kind: its own sheet
            vm = app.ui.view_model()
    for _ in range(60):
        vm = app.ui.view_model()
        if vm["focused"] == widget:
            tap(app, VButton.CONFIRM)
            return True
        if widget not in [b["id"] for b in vm["buttons"]]:
            return False
        tap(app, VButton.NEXT)
    raise AssertionError(f"focus never reached {widget!r} on {app.ui.view_model()['screen']}")


def type_on_keyboard(app, word: str) -> None:
    """Type `word` (capitals) on the on-screen keyboard with the physical buttons: the district of the
    letter's group (A1 = A B C ... C3 = Ä Ö Ü - '), then the letter (Next to it, Confirm)."""
    from companion.inputs import VButton
    from companion.ui.screens.keyboard import GROUPS

    for letter in word:
        group = next(i for i, g in enumerate(GROUPS) if letter in g)
        tap(app, VButton.for_district("A1 A2 A3 B1 B2 B3 C1 C2 C3".split()[group]))
        assert choose(app, f"k:{letter}")


def name_seats(app, typed: str = "") -> list[str]:
    """On the wizard's names page, with the physical buttons: the first seat typed on the on-screen
    keyboard (`typed`, capitals) if given, every other seat the first one-press name, then on (start,
    or One Night's roles). The names, as the page showed them."""
    assert app.ui.view_model()["screen"] == "names"
    if typed:
        assert choose(app, "type")
        type_on_keyboard(app, typed)
        assert choose(app, "done")
    while any(b["id"] == "n:0" for b in app.ui.view_model()["buttons"]):
        assert choose(app, "n:0")
    names = app.ui.view_model()["lines"][0].split(": ", 1)[1].split(", ")
    assert choose(app, "finish")
    return names
