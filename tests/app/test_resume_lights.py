"""The lights follow the screen (issue 34, point 7): after a restart the table offers the unfinished
game; the moment Resume is taken, the LEDs show that game's scene, not the title's attract loop (they
used to keep it until the first command)."""

import pygame

from companion.lighting.controller import LightingController
from companion.lighting.scenes import DEFAULT_FADE
from companion.ui.table import TableUI
from tests.app.helpers import SETUP, make_app


def _table(tmp_path):
    """The table after a restart: a screen, the journal holding an unfinished game, the offer up."""
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.start()
    for _ in range(3):
        app.clock.advance(1.5)  # past the start-up colour check
        app.tick()
    return app


def test_the_frame_pushed_right_after_resume_is_the_games_scene(tmp_path):
    first = make_app(tmp_path)
    first.start(setup=SETUP)
    first.journal.close()
    app = _table(tmp_path)
    assert app.session is None and app.lights.view is None  # the offer: no game, the attract loop
    assert app.games.resume(1)
    app.tick()
    assert app.lights.view is not None and app.lights.view["game"] == "masters"
    attract, scene = (LightingController(app.lights.counts, app.lights.output) for _ in range(2))
    attract.update(None, (), 0.0)
    scene.update(app.lights.view, (), 0.0)
    t = app.idle.last_t
    assert app.hw.pixels.frames[-1] != attract.render(
        t
    )  # the first frame after Resume leaves the attract loop
    app.clock.advance(DEFAULT_FADE + 0.1)  # its cross-fade over: the game's own scene, no command needed
    app.tick()
    assert app.hw.pixels.frames[-1] == scene.render(app.idle.last_t)
