"""Every page `companion screenshots` draws: the game screens of the samples, the live states (real games
played through the engine by their bots, companion/ui/samples.py `live_screens`), the same screen with the
table's troubles on it, the host's Phones screen while someone guesses the code, the simulated board,
and the contact sheets of the shipped assets.

A page is a function `(size) -> (surface, text boxes)`. The troubles are what the loop really hands the
screen (companion/app.py passes `health.parts` to `ui.update`): part -> (ok, why), worded by the parts
themselves: the serial reader opened on a port that is not there says what it says, the journal's
"not saving" is the storage's own line, a refusal is worded as `App.refuse` words it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.i18n import N_, _

Page = Callable[[tuple[int, int]], tuple]
TROUBLED = "night"  # the screen the troubles are shown on: the busiest one (board, tokens, buttons, title)
MISSING_PORT = "/dev/ttyACM0"  # a reader's port that is unplugged (a Pico's first port)


def pages() -> dict[str, Page]:
    """Page name -> how to draw it, in the order the check reports them."""
    from companion.ui.assets.sheet import sheets
    from companion.ui.samples import live_screens, screens

    recipes = screens()
    out: dict[str, Page] = {name: _table_page(recipe) for name, recipe in recipes.items()}
    out.update((name, _table_page(recipe)) for name, recipe in live_screens().items())
    if TROUBLED in recipes:
        for name, parts, refusal in _troubles():
            out[f"{TROUBLED}-{name}"] = _table_page(recipes[TROUBLED], parts, refusal)
        out[f"{TROUBLED}-details"] = _table_page(recipes[TROUBLED], _four, then=_open_details)
    if (
        "phones-host" in recipes
    ):  # the host's Phones screen at its fullest: the guessing warning under the codes
        out["phones-guessing"] = _table_page(recipes["phones-host"], then=_guessing)
    out["simulator"] = simulator
    out["icons"] = _icon_sheet
    out.update(sheets())
    return out


def _table_page(
    recipe: Callable,
    parts: Callable | None = None,
    refusal: Callable | None = None,
    then: Callable | None = None,
) -> Page:
    """A page of the table app: a fresh TableUI put on a screen by `recipe`, then given the health
    `parts()` (part -> (ok, why)) as the loop gives them, a refusal as the loop shows it, and
    `then(ui)` done at the table (a tap on the banner strip)."""

    def draw(size):
        from companion.ui.table import TableUI

        ui = TableUI(size)
        recipe(ui)
        if parts is not None:
            ui.update(ui.ctx.view, (), 0.0, parts())
        if refusal is not None:
            ui.notify(refusal())
        if then is not None:
            then(ui)
        surface = pygame.Surface(size)
        ui.draw(surface, force=True)
        return surface, list(ui.ctx.renderer.text_boxes)

    return draw


def _troubles() -> list[tuple[str, Callable | None, Callable | None]]:
    """(name, health parts, refusal) of each troubled page: one, two and three banners, a refusal."""
    one = lambda: {"reader": unplugged_reader()}  # noqa: E731 - three small recipes read best in a row
    two = lambda: {**one(), "journal": (False, not_saving())}  # noqa: E731
    three = lambda: {**two(), "leds": (False, LEDS_MISSING)}  # noqa: E731
    alone = lambda why: lambda: {"journal": (False, why())}  # noqa: E731 - one journal trouble on its own
    return [
        ("banner1", one, None),
        ("banner2", two, None),
        ("banner3", three, None),
        ("banner4", _four, None),
        ("readonly", alone(lambda: _(FAULT_TEXT_OF("read-only"))), None),
        ("busy", alone(lambda: _(FAULT_TEXT_OF("busy"))), None),
        ("moved", alone(moved_journal), None),
        ("safemode", lambda: {"safe-mode": (False, safe_mode())}, None),
        ("refused", None, refused),
    ]


def _four() -> dict:
    """Four troubles at once: the reader unplugged, the disk full, no LED strip, the buttons gone."""
    return {
        "reader": unplugged_reader(),
        "journal": (False, not_saving()),
        "leds": (False, LEDS_MISSING),
        "buttons": (False, BUTTONS_MISSING),
    }


def _open_details(ui) -> None:
    """A tap on the banner strip, as a finger gives it: the Details of what is wrong."""
    from companion.inputs import Press
    from companion.ui.input_map import WidgetPress
    from companion.ui.model import TROUBLES

    ui.handle(WidgetPress(TROUBLES, Press.SHORT, ui.ctx.now))


def FAULT_TEXT_OF(kind: str) -> str:  # noqa: N802 - reads as the table it looks up
    """The storage's own words for a journal fault of `kind` (companion/storage/faults.py)."""
    from companion.storage.faults import FAULT_TEXT

    return FAULT_TEXT[kind]


def moved_journal() -> str:
    """The journal's banner after a damaged journal was moved aside at the start (its own wording)."""
    from pathlib import Path
    from types import SimpleNamespace

    from companion.storage.journal import Journal

    return Journal.banner.fget(SimpleNamespace(moved_to=Path("journal.sqlite3.corrupt-20261127-1930")))


def safe_mode() -> str:
    """Safe mode's reason after three failed starts, as the start guard words it."""
    from companion.runtime.startguard import StartGuard

    guard = StartGuard(".")  # nothing is read or written: only the counter it would have read is set
    guard.failed = guard.limit
    return guard.reason()


# the HAL's words for a strip it could not open on a PC (companion/hal/pi.py says this on any non-Pi)
LEDS_MISSING = (
    "LED strip not available: not a Raspberry Pi (/proc/device-tree/compatible does not name raspberrypi)"
)
# the HAL's words for buttons whose GPIO chip could not be opened (companion/hal/pi.py)
BUTTONS_MISSING = "buttons not available: cannot open /dev/gpiochip0: [Errno 2] No such file or directory"


def unplugged_reader() -> tuple[bool, str]:
    """(ok, why) of a line reader whose port is not there, as the real reader reports it."""
    from companion.gamedata.config import default
    from companion.hal.clock import FakeClock
    from companion.hal.reader import open_reader

    config = default().reader._replace(type="lines", port=MISSING_PORT)
    reader = open_reader(config, FakeClock())
    try:
        reader.poll()  # it tries the port, which is not there
        return reader.status
    finally:
        reader.close()


def not_saving() -> str:
    """The journal's banner when the disk is full (companion/runtime/saving.py words it so)."""
    from companion.storage.faults import FAULT_TEXT

    return _(FAULT_TEXT["full"])


def refused() -> str:
    """A refused night action, worded as the loop words a refusal (`App.refuse`): the rule, then why."""
    from companion.errors import RuleViolation
    from companion.narration.words import refusal_text, rule_text

    return f"{rule_text('recruit')}: {refusal_text(RuleViolation('recruit', N_('{cost} AP needed'), cost=2))}"


def _guessing(ui) -> None:
    """Wrong codes from the network paused pairing by code, as the hub tells the screens."""
    from companion.ui.samples import phones_on

    phones_on(ui, guessing=True)


def simulator(size: tuple[int, int]):
    """The simulated board (the window's right-hand part on a PC) filling the page, lit by the mock strip."""
    from companion.gamedata.config import default
    from companion.hal import open_hardware
    from companion.hal.clock import FakeClock

    hw = open_hardware(default(), backend="sim", clock=FakeClock())
    try:
        surface = pygame.Surface(size)
        hw.panel.draw(surface, surface.get_rect())
        return surface, []
    finally:
        hw.close()


def _icon_sheet(size: tuple[int, int]):
    """The token pictures the screens draw today (companion/ui/icons.py), the countdown ring, the veil bar."""
    from companion.ui.icons import sample_sheet

    surface = pygame.Surface(size)
    return surface, sample_sheet(surface)
