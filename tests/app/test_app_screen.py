"""No screen is a missing part, not a crash (issue 13, point 3): the game goes on with the lit board
and the buttons, the status light turns amber, STATUS= says "no screen", the display is tried again
with back-off and picked up once it opens."""

import pygame

from companion.errors import CompanionError
from companion.lighting.patterns import Health
from companion.runtime.display import RETRY_MAX_S, Display, open_display
from companion.ui.table import TableUI
from tests.app.helpers import choose, make_app
from tests.app.proc import Notify, clean_env, lit, running, start, stop, strip_bytes
from tests.fakes import Notifier


class Panel:
    """A display opener that fails (no panel) until `plugged`; records when it was tried."""

    def __init__(self, size=(1024, 600)):
        self.size = size
        self.plugged = False
        self.tries = 0

    def __call__(self, mode, size, board_width=0):
        self.tries += 1
        if not self.plugged:
            raise CompanionError("no screen: kmsdrm not available")
        return pygame.Surface(self.size), "kmsdrm"


def _run_for(app, seconds, dt=1 / 30):
    for _ in range(round(seconds / dt)):
        app.clock.advance(dt)
        app.tick()


def _amber(rgb) -> bool:
    r, g, b = rgb
    return r > g > 0 and b == 0


def test_without_a_screen_the_game_goes_on_with_the_buttons_then_the_screen_is_picked_up(tmp_path):
    panel = Panel()
    display = Display("fullscreen", (800, 480), opener=panel)
    assert display.open(0.0) is None  # no screen at boot
    notifier = Notifier()
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), display=display, notifier=notifier)
    app.start()
    _run_for(app, 1.5)
    # degraded like a missing reader: part status, amber status light, STATUS=
    assert app.health.parts["screen"][0] is False
    assert "no screen" in app.health.summary()
    assert "no screen" in app._status_line()  # what READY=1 carries (launch.py sends it)
    assert app.lights.health is Health.DEGRADED and _amber(app.hw.pixels.frames[-1]["status"][0])
    # the table plays on with the buttons alone: the game starts and its commands are journaled
    assert choose(app, "game:masters")
    for widget in ("v:Imre", "v:Mila", "difficulty", "difficulty", "start:digital"):  # Easy, the example deck
        assert choose(app, widget)
    assert app.session is not None
    assert app.journal.commands(app.session.game_id)[0]["cmd"] == "setup"
    assert app.surface is None
    # tried again with back-off: not every frame, not every second
    tries = panel.tries
    _run_for(app, 20)
    assert 2 <= panel.tries - tries <= 6
    # the panel is plugged in: picked up at the next try, laid out for its own size, drawn on
    panel.plugged = True
    _run_for(app, RETRY_MAX_S + 1)
    assert app.surface is not None and app.surface.get_size() == (1024, 600)
    assert app.ui.size == (1024, 600)
    assert app.health.parts["screen"][0] and app.health.summary() == "ok"
    assert notifier.statuses[-1].startswith("ok")
    assert app.lights.health is Health.OK
    assert app.surface.get_at((2, 2))[:3] != (0, 0, 0)  # the screens draw on it
    assert app.ui.view_model()["screen"] == "day"  # the same game, now on screen


def test_a_screen_that_goes_away_while_drawing_is_marked_missing_and_retried(tmp_path, monkeypatch):
    panel = Panel((800, 480))
    panel.plugged = True
    display = Display("fullscreen", (800, 480), opener=panel)
    display.open(0.0)
    app = make_app(
        tmp_path,
        ui=TableUI((800, 480), "masters", {}),
        surface=display.surface,
        display=display,
        flip=lambda: (_ for _ in ()).throw(pygame.error("DRM master lost")),
    )
    monkeypatch.setattr(pygame.display, "quit", lambda: None)
    app.start()
    _run_for(app, 1.5)
    assert app.surface is None and not app.health.parts["screen"][0]
    assert "lost it" in app.health.parts["screen"][1]
    app.flip = None
    _run_for(app, 2.5)
    assert app.surface is not None and app.health.parts["screen"][0]


def test_a_failing_set_mode_is_a_missing_screen_not_a_crash(monkeypatch):
    # KMSDRM can init and still refuse the mode (no connected panel): caught, display shut again
    pygame.display.init()

    def refuse(*_a, **_k):
        raise pygame.error("Could not set video mode")

    monkeypatch.setattr(pygame.display, "set_mode", refuse)
    try:
        open_display("fullscreen", (800, 480))
    except CompanionError as exc:
        assert "no screen" in str(exc) and "Could not set video mode" in str(exc)
    else:
        raise AssertionError("set_mode's failure went through")
    assert not pygame.display.get_init()


def test_fullscreen_with_no_display_driver_runs_degraded_and_picks_the_screen_up_when_it_comes(tmp_path):
    # the service's own path: `companion run --fullscreen` whose SDL video driver is not there at
    # boot (as KMSDRM without a panel); after a while the driver works (the child switches
    # SDL_VIDEODRIVER to dummy), and the running app must pick the screen up by itself
    notify = Notify(tmp_path)
    env = clean_env(tmp_path, NOTIFY_SOCKET=notify.path, SDL_VIDEODRIVER="nosuchdriver")
    args = [
        "--fullscreen",
        "--backend",
        "sim",
        "--journal",
        str(tmp_path / "j.sqlite3"),
        "--create",
        "--plug-screen-after",
        "1.5",
    ]
    with running(start(args, env), notify) as proc:
        ready = notify.wait_for("READY=1")
        assert "no screen" in ready and "degraded" in ready
        assert lit(strip_bytes(tmp_path))  # the board is lit without the screen
        notify.wait_for("STATUS=ok", timeout=30)
        out, err, _ = stop(proc)
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert "no screen" in err and "the game goes on" in err
    assert "hardware: ok" in err  # the screen came: nothing is missing any more
    assert not lit(strip_bytes(tmp_path))
