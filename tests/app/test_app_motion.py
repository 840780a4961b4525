"""Motion in the whole loop, on the App's own (fake) clock: the event card flips when it is drawn, the loop
draws every frame only while it turns and rests again after it, and a press during the flip is handled in
the frame that gets it, with the flip skipped to its end."""

import random

import pygame

from companion.inputs import ButtonEvent, Press, VButton
from companion.ui import motion
from companion.ui.table import TableUI
from tests.app.helpers import SETUP, make_app, record_full_frames

FPS = 30


def _at_the_draw(tmp_path):
    """A Masters game whose next step is drawing the event card, the table settled on its day screen."""
    from companion.games.masters.rules import bot

    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.start(setup=SETUP)
    rng = random.Random(2)
    while not any(a.command.get("cmd") == "draw" and a.enabled for a in app.session.actions()):
        assert app.submit(bot.choose(app.session.game, app.session.state, rng))
        app.tick(rest=True)
    for _ in range(2 * FPS):  # the lights' fades done, the screen drawn and resting
        app.tick(rest=True)
        app.clock.advance(1 / FPS)
    return app


def _draw(app) -> None:
    """The draw command, as the screen's button sends it, and the frame that answers it."""
    draw = next(a for a in app.session.actions() if a.command.get("cmd") == "draw")
    assert app.submit(dict(draw.command))
    app.tick(rest=True)


def _pixels(surface) -> bytes:
    """A frame's pixels, to compare two frames."""
    return pygame.image.tobytes(surface, "RGB")


def _still(app) -> bytes:
    """What the screen on show looks like without motion: its model painted on a fresh surface."""
    ref = pygame.Surface(app.surface.get_size())
    app.ui.stack.top.paint(ref, app.ui.model())
    return _pixels(ref)


def test_the_event_card_flips_and_ends_on_the_still_screen(tmp_path):
    app = _at_the_draw(tmp_path)
    _draw(app)
    assert app.ui.model().screen == "event"
    assert [a.kind for a in app.ui.motion.playing] == ["flip"] and motion.FLIP_S <= motion.MAX_S <= 0.4
    start = _pixels(app.surface)
    app.clock.advance(motion.FLIP_S * 0.3)
    app.tick(rest=True)
    mid = _pixels(app.surface)
    app.clock.advance(motion.FLIP_S)  # past its end
    app.tick(rest=True)
    end = _pixels(app.surface)
    assert len({start, mid, end}) == 3
    assert end == _still(app)
    assert start != _still(app) and mid != _still(app)


def test_the_loop_draws_every_frame_only_while_the_card_turns(tmp_path):
    app = _at_the_draw(tmp_path)
    full = record_full_frames(app)
    _draw(app)
    began = app.clock.now()
    for _ in range(3 * FPS):  # three seconds
        app.clock.advance(1 / FPS)
        app.tick(rest=True)
    during = [t for t in full if t <= began + motion.MAX_S]
    after = [t for t in full if t > began + motion.MAX_S + 2 / FPS]
    assert len(during) >= motion.FLIP_S * FPS  # every frame while it turns (each a full one)
    assert (
        len(after) <= 3
    )  # then the idle pace again: a full frame a second (companion/runtime/idle.py, IDLE_FRAME_S)
    assert not app.ui.motion.wants_frame(app.clock.now()) and app._resting(app.clock.now())


def test_a_press_during_the_flip_is_handled_at_once_and_ends_it(tmp_path):
    app = _at_the_draw(tmp_path)
    _draw(app)
    app.clock.advance(motion.FLIP_S * 0.3)
    app.tick(rest=True)
    assert app.ui.motion.playing
    focused = app.ui.view_model()["focused"]
    app.ui.handle(ButtonEvent(VButton.NEXT, Press.SHORT, app.clock.now(), "sim"))  # as the loop feeds a press
    assert app.ui.view_model()["focused"] != focused  # handled at once, not after the flip
    assert not app.ui.motion.playing
    app.clock.advance(1 / FPS)
    app.tick(rest=True)
    assert _pixels(app.surface) == _still(app)  # the next frame is the still screen, the focus moved


def test_nightfall_fades_through_the_city_and_the_table_rests_after(tmp_path):
    from tests.app.helpers import play_until

    app = _at_the_draw(tmp_path)
    play_until(app, lambda view: view["phase"] == "night")  # the bot plays the day out, the loop ticking
    assert "phase" in [a.kind for a in app.ui.motion.playing]
    start = _pixels(app.surface)
    app.clock.advance(motion.PHASE_S / 2)
    app.tick(rest=True)
    mid = _pixels(app.surface)
    app.clock.advance(motion.PHASE_S)
    app.tick(rest=True)
    assert len({start, mid, _pixels(app.surface)}) == 3 and _pixels(app.surface) == _still(app)
    app.clock.advance(1 / FPS)
    app.tick(rest=True)
    assert not app.ui.motion.wants_frame(app.clock.now()) and app.idle.quiet
