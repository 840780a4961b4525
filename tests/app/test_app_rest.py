"""The idle loop: a quiet table rests between full frames, yet answers a press in the frame that gets it
and keeps an animating LED look moving; the view it hands out never changes afterwards."""

import math

import pygame

from companion.inputs import Press, VButton
from companion.runtime.idle import IDLE_FRAME_S
from companion.ui.table import TableUI
from tests.app.helpers import SETUP, make_app, record_full_frames

FPS = 30


def _table(tmp_path):
    """A Masters game on its day screen, settled (opening fades done, the screen drawn)."""
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.start(setup=SETUP)
    for _ in range(60):
        app.tick(rest=True)
        app.clock.advance(1 / FPS)
    return app


def test_a_quiet_table_runs_a_full_frame_only_every_idle_frame_s(tmp_path):
    app = _table(tmp_path)
    full = record_full_frames(app)
    for _ in range(4 * FPS):  # four seconds
        app.tick(rest=True)
        app.clock.advance(1 / FPS)
    assert 4 / IDLE_FRAME_S - 1 <= len(full) <= 4 / IDLE_FRAME_S + 1
    assert max(b - a for a, b in zip(full, full[1:])) <= IDLE_FRAME_S + 1 / FPS


def test_an_error_hint_goes_from_a_resting_table_within_a_full_frame_of_its_time(tmp_path):
    from companion.ui.screens.base import ERROR_SECONDS

    app = _table(tmp_path)
    app.refuse({"cmd": "move"}, ValueError("no such move"))  # a refusal: its hint on the bottom row
    app.tick(rest=True)
    shown = app.clock.now()
    assert app.ui.ctx.current_error()
    while app.ui.ctx.current_error() and app.clock.now() < shown + 2 * ERROR_SECONDS:
        app.clock.advance(1 / FPS)
        app.tick(rest=True)
    assert not app.ui.ctx.current_error()
    assert app.clock.now() - shown <= ERROR_SECONDS + IDLE_FRAME_S + 2 / FPS


def test_an_animating_look_is_pushed_in_the_frames_between(tmp_path):
    app = _table(tmp_path)
    assert not app.lights.still_at(app.clock.now())  # the Masters day board breathes
    frames = app.hw.pixels.frames
    pushed = len(frames)
    for _ in range(FPS):
        app.tick(rest=True)
        assert frames[-1] == app.lights.render(app.clock.now())  # the strip shows this moment's frame
        app.clock.advance(1 / FPS)
    assert len(frames) - pushed > 5  # it kept moving (pushed when its pixels changed)


def test_a_resting_frame_draws_the_lights_only_when_a_paced_look_steps(tmp_path):
    app = _table(tmp_path)
    rate = app.lights.pace_at(app.clock.now())  # the day board's breath: ~13 new frames a second
    drawn = []
    render = app.lights.render
    app.lights.render = lambda t: (drawn.append(t), render(t))[1]
    rested = 0
    for _ in range(FPS):  # one second of frames at 30 fps, most of them resting
        rested += app._resting(app.clock.now())
        app.tick(rest=True)
        app.clock.advance(1 / FPS)
    assert rested > FPS / 2
    assert len(drawn) <= rate + FPS - rested + 1  # a new step, or a full frame; not every resting frame
    assert app.hw.pixels.frames[-1] == render(
        app.clock.now() - 1 / FPS
    )  # and the strip still shows the moment


def test_a_press_while_resting_is_answered_in_the_frame_that_receives_it(tmp_path):
    app = _table(tmp_path)
    assert app.submit({"cmd": "adjust", "veil": 2})
    for _ in range(45):  # the veil bar settles, the table goes quiet again
        app.tick(rest=True)
        app.clock.advance(1 / FPS)
    full = record_full_frames(app)
    poll, long_at = app.hw.buttons.poll, []

    def poll_noting_the_long_press(now):
        """The HAL's events, noting when the long press came."""
        events = poll(now)
        long_at.extend(now for e in events if e.kind is Press.LONG)
        return events

    app.hw.buttons.poll = poll_noting_the_long_press
    veil = [app.hw.pixels.frames[-1][f"veil.{i}"] for i in range(7)]
    app.hw.buttons.press(VButton.UNDO, app.clock.now(), duration=1.0)
    for _ in range(60):
        commands = len(app.session.commands)
        app.tick(rest=True)
        if len(app.session.commands) != commands or app.session.view()["veil"] != 2:
            break  # the undo happened in this tick
        app.clock.advance(1 / FPS)
    else:
        raise AssertionError("the long press never undid the veil correction")
    assert long_at == [app.clock.now()]  # the undo came in the tick that received the long press
    assert full and full[-1] == app.clock.now()  # as a full frame
    assert [app.hw.pixels.frames[-1][f"veil.{i}"] for i in range(7)] != veil  # and the LEDs show it


def test_the_view_handed_out_never_changes_afterwards(tmp_path):
    app = make_app(tmp_path)
    app.start(setup={"cmd": "setup", "game": "one-night", "players": 5, "seed": 3})
    app.tick()
    first = app.view()
    info = dict(first.info)
    for _ in range(10):
        app.clock.advance(1 / FPS)
        app.tick()
    assert first.info == info  # the step timer's time left came in a new view
    assert app.view().info["timer"]["left"] < info["timer"]["left"]


def test_brightness_from_the_settings_screen_reaches_the_next_led_frame(tmp_path):
    app = _table(tmp_path)

    def steady_light(frame):
        """The light of every pixel but the breathing district's."""
        return sum(sum(c) for name, px in frame.items() if name != "district.A1" for c in px)

    bright = steady_light(app.hw.pixels.frames[-1])
    app.dispatch({"intent": "settings", "key": "brightness", "value": 0.05})
    app.tick(rest=True)
    assert steady_light(app.hw.pixels.frames[-1]) < bright / 2


def test_taught_data_reloads_only_a_running_game_of_that_kind(tmp_path):
    app = make_app(tmp_path)
    app.start(setup=SETUP)
    game = app.session.game
    app.game_data_changed("strigoi")
    assert app.session.game is game
    app.game_data_changed("masters")
    assert app.session.game is not game and app.session.game.id == "masters"


def test_a_resting_table_on_a_slow_board_wakes_less_often_and_a_fast_board_every_frame(tmp_path):
    from companion.lighting.effects import look
    from companion.runtime.idle import REST_POLL_S, REST_STEP_MAX_S

    app = _table(tmp_path)  # the Masters day board: one district breathing slowly (paced, ~13 frames/s)
    rate = app.lights.pace_at(app.clock.now())
    assert 1 / REST_STEP_MAX_S < rate < 1 / REST_POLL_S
    drawn = []
    render = app.lights.render
    app.lights.render = lambda t: (drawn.append(t), render(t))[1]
    start, frames = app.clock.now(), app.frames
    app.run(max_frames=app.frames + 30)
    woke = (app.frames - frames) / (app.clock.now() - start)
    assert (
        rate - 1 <= woke <= rate + 0.5
    )  # on the breath's own steps: not every REST_POLL_S, nor 30 times a second
    steps = [math.floor(t * rate) for t in drawn]
    assert len(set(steps)) == len(steps) >= 28  # each wake drew one new step of the breath, none twice
    # A breath paced between REST_POLL_S and the frame rate (4 s: 16 steps a second) is woken on its steps too.
    app.lights._retarget(
        {"district.A1": look("breathe", color=(255, 0, 0), period=4.0)}, 0.0, app.clock.now()
    )
    app.tick()  # a full frame draws the new look
    assert app.lights.pace_at(app.clock.now()) == 16
    start, frames = app.clock.now(), app.frames
    app.run(max_frames=app.frames + 30)
    assert 15 <= (app.frames - frames) / (app.clock.now() - start) <= 16.5
    # A look that wants every frame (a heartbeat) keeps the loop at its full rate.
    app.lights._retarget(
        {"district.A1": look("heartbeat", color=(255, 0, 0), bpm=90.0)}, 0.0, app.clock.now()
    )
    start, frames = app.clock.now(), app.frames
    app.run(max_frames=app.frames + 30)
    assert (app.frames - frames) / (app.clock.now() - start) >= FPS - 1
