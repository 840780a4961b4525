"""The window on a PC: the screen UI on the left, the simulated board on the right. The board is the
`sim` backend's HAL panel (companion/hal/base.py `Panel`), which the loop treats like any backend's:
app.py names no simulated board, the board still draws and takes clicks, and a window with it rests
like the full-screen table (the board is painted again only when its lights, a held button or the
window's exposure change)."""

import ast
from pathlib import Path

import pygame
import pytest

from companion.app import App
from companion.gamedata import config
from companion.hal import open_hardware
from companion.hal.clock import FakeClock
from companion.hal.sim import BUTTON_HELD
from companion.inputs import VButton
from companion.runtime.idle import IDLE_FRAME_S
from companion.runtime.parts import Parts
from companion.storage.journal import Journal
from companion.ui.table import TableUI
from tests.app.helpers import SETUP

APP = Path(__file__).resolve().parents[2] / "companion" / "app.py"
FPS = 30
UI = (800, 480)


def test_the_loop_names_no_simulated_board():
    """No `board` attribute of the hardware, no getattr on it, no backend's name in app.py (the
    state's "board" key, the lights' picture of a game, is the game's)."""
    tree = ast.parse(APP.read_text(encoding="utf-8"))
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    asked = [
        ast.unparse(n)
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and ast.unparse(n.func) == "getattr" and "hw" in ast.unparse(n.args[0])
    ]
    assert "board" not in attributes and "backend" not in attributes
    assert asked == []
    assert not {"sim", "mock", "pi"} & strings
    assert not {"SimBoard", "MockPixels", "NoPanel"} & names


@pytest.fixture
def window(tmp_path):
    """`companion run --window --backend sim`'s parts, on a fake clock: the sim backend from the HAL's
    factory, a window as wide as the screen UI and the board's room, the table's screens."""
    cfg = config.default()
    hw = open_hardware(cfg, backend="sim", clock=FakeClock())
    pygame.display.init()
    surface = pygame.display.set_mode((UI[0] + hw.panel.width, UI[1]))
    flips = []
    journal = Journal(tmp_path / "journal.sqlite3")
    app = App(
        Parts(
            cfg,
            hw,
            journal,
            ui=TableUI(UI, "masters", {}),
            surface=surface,
            flip=lambda: flips.append(hw.clock.now()),
            log=lambda s: None,
        )
    )
    app.flips = flips
    yield app
    hw.close()
    journal.close()
    pygame.display.quit()


def _settle(app, seconds=2.0):
    """Run the loop (resting when it may) for `seconds` of fake time."""
    for _ in range(int(seconds * FPS)):
        app.tick(rest=True)
        app.clock.advance(1 / FPS)


def _board(app):
    """Where the board is drawn in the window, laid out as the board lays itself out."""
    w, h = app.surface.get_size()
    return app.hw.panel.geometry((UI[0], 0, w - UI[0], h))


def _rgb(surface, pos):
    """The colour at `pos`."""
    return tuple(surface.get_at(pos))[:3]


def test_the_board_is_drawn_beside_the_screen_and_shows_the_lights(window):
    app = window
    app.start(setup=SETUP)
    _settle(app)
    assert app.surface.get_size()[0] > UI[0]
    g = _board(app)
    assert all(r.left >= UI[0] for r in g.tiles.values())
    veil = app.session.view()["veil"]
    lit = app.hw.pixels.lit()
    on = [i for i in range(7) if any(any(c) for c in lit[f"veil.{i}"])]
    assert len(on) >= veil  # the veil bar is lit ...
    seg = g.veil[on[0]]
    assert _rgb(app.surface, (seg.x + 2, seg.y + 2)) != (58, 54, 64)  # ... and drawn lit, not as a dark LED


def test_a_click_on_the_board_presses_its_button_and_the_screens_take_it(window):
    app = window
    _settle(app)  # the title screen
    before = app.ui.view_model()["focused"]
    button = _board(app).buttons[VButton.NEXT]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1))
    _settle(app, 0.1)
    assert _rgb(app.surface, (button.x + 8, button.y + 8)) == BUTTON_HELD  # drawn pressed while held
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.center, button=1))
    _settle(app, 0.5)
    assert app.ui.view_model()["focused"] != before  # `next` moved the focus
    assert _rgb(app.surface, (button.x + 8, button.y + 8)) != BUTTON_HELD


def test_a_window_with_the_board_rests_and_paints_the_board_only_when_it_changes(window):
    app = window
    app.start(setup=SETUP)
    _settle(app, 3.0)  # the opening fades are done
    full = []
    update = app.ui.update
    app.ui.update = lambda *a, **k: (full.append(app.clock.now()), update(*a, **k))
    shown, flips = [], len(app.flips)
    show = app.hw.pixels.show
    app.hw.pixels.show = lambda frame: (shown.append(app.hw.pixels.showing()), show(frame))
    _settle(app, 4.0)
    assert len(full) <= 4 / IDLE_FRAME_S + 1  # it rests: a full frame a second, as the full-screen table
    changes = sum(1 for a, b in zip([None, *shown], shown) if a != b)
    assert len(app.flips) - flips <= changes + len(full)  # a flip only for new lights (or the screens)
    assert len(app.flips) - flips < 2 * FPS  # (the loop used to flip every frame: 120 here)


def test_a_still_board_is_not_painted_again_until_the_window_is_exposed(window):
    app = window
    app.start(setup=SETUP)
    _settle(app, 3.0)
    app.hw.pixels.show = lambda frame: None  # the lights stand still from here on
    _settle(app, 0.5)
    flips = len(app.flips)
    _settle(app, 3.0)
    assert len(app.flips) == flips
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    _settle(app, 0.2)
    assert len(app.flips) == flips + 1
