"""The loop's bookkeeping (companion/runtime/idle.py) on its own: no App, no HAL, no clock but the
numbers given. What the next full frame must build, light and tell, and when a frame may rest."""

from __future__ import annotations

import math

from companion.runtime.idle import (
    IDLE_FRAME_S,
    LED_REFRESH_S,
    REST_POLL_S,
    REST_STEP_MAX_S,
    RETRY_EVERY_S,
    Idle,
)

FRAME = ((1, 2, 3),)


def quiet_idle(now: float = 10.0, pace: float | None = 0.0, watchdog_every: float | None = None) -> Idle:
    """An Idle after a quiet full frame at `now` that pushed FRAME at `pace`: the table may rest."""
    idle = Idle(watchdog_every)
    idle.frame(now)
    assert idle.take_view_change() and idle.relight_now(now)
    idle.hardware_looked(now)
    idle.take_watchdog(now)
    idle.rendered(now, pace, output=None)
    idle.push(FRAME, now, lambda frame: None)
    idle.ended(drew=False)
    return idle


def test_idle_owes_everything_at_first_and_never_rests_before_a_full_frame():
    idle = Idle()
    assert idle.view_stale and idle.lights_stale and not idle.quiet
    assert not idle.resting(0.0) and idle.hardware_due(0.0)
    assert idle.take_view_change() and not idle.take_view_change()  # once per change


def test_a_commands_events_and_their_lines_go_out_once_with_the_view_built_again():
    idle = quiet_idle()
    idle.told([{"event": "rolled", "n": 3}], ["Anna rolled a 3."])
    assert idle.view_stale and not idle.lights_stale  # the events light the board; the view is rebuilt
    assert not idle.resting(10.01)
    assert idle.take_news() == ([{"event": "rolled", "n": 3}], ["Anna rolled a 3."])
    assert idle.take_news() == ([], [])
    idle.told([{"event": "x"}])  # told by no one yet: its line is left to the reader
    assert idle.take_news()[1] == [None]


def test_a_change_without_a_command_relights_the_board_even_without_an_event():
    idle = quiet_idle()
    idle.changed()
    assert idle.lights_stale and idle.view_stale and idle.take_news() == ([], [])


def test_the_colour_check_holds_the_scene_back_until_it_ends():
    idle = Idle()
    idle.pattern(until=5.0)
    assert idle.pattern_lit(4.9) and not idle.relight_now(4.9) and idle.lights_stale
    assert idle.rest_wait(4.9) is None
    assert not idle.pattern_lit(5.0) and idle.relight_now(5.0) and not idle.lights_stale


def test_the_strip_takes_a_frame_when_it_changes_or_the_refresh_is_due():
    shown: list = []
    idle = Idle()
    idle.push(FRAME, 0.0, shown.append)
    idle.push(
        tuple((1, 2, 3) for _ in FRAME), 0.5, shown.append
    )  # equal, though another tuple: not pushed again
    assert shown == [FRAME]
    idle.push(((9, 9, 9),), 0.6, shown.append)
    idle.push(((9, 9, 9),), 0.6 + LED_REFRESH_S, shown.append)  # the refresh: a strip plugged in lights up
    assert shown == [FRAME, ((9, 9, 9),), ((9, 9, 9),)]


def test_a_frame_the_strip_failed_to_take_is_pushed_again():
    idle, calls = Idle(), []

    def broken(frame):
        calls.append(frame)
        raise OSError("strip gone")

    try:
        idle.push(FRAME, 0.0, broken)
    except OSError:
        pass
    idle.push(FRAME, 0.1, calls.append)
    assert calls == [FRAME, FRAME]


def test_a_health_change_relights_and_gives_the_strip_its_frame_at_once():
    idle, shown = quiet_idle(), []
    idle.relight()
    assert idle.lights_stale and not idle.resting(10.01)
    idle.push(FRAME, 10.01, shown.append)  # the same frame, long before the refresh: pushed all the same
    assert shown == [FRAME]


def test_a_quiet_table_rests_until_a_full_frame_is_due():
    idle = quiet_idle(now=10.0)
    assert idle.resting(10.01)
    assert not idle.resting(10.01, busy=True)  # a step timer or a headless source runs every frame
    assert not idle.resting(10.0 + min(IDLE_FRAME_S, RETRY_EVERY_S))  # the screens' clock, the hardware
    idle.ended(drew=True)
    assert not idle.resting(10.01)  # the screen drew something new: the next frame is full too


def test_the_watchdog_wakes_a_resting_table_and_is_pinged_once_per_interval():
    idle = quiet_idle(now=10.0, watchdog_every=0.25)
    assert idle.resting(10.2) and not idle.resting(10.25)
    assert not idle.take_watchdog(10.2) and idle.take_watchdog(10.25) and not idle.take_watchdog(10.3)
    assert not Idle().take_watchdog(0.0)  # no watchdog at all


def test_a_resting_table_sleeps_by_its_boards_pace():
    assert quiet_idle(pace=0.0).rest_wait(10.01) == REST_POLL_S  # a still board
    breath = quiet_idle(pace=12.8)  # a 5 s breath's steps
    assert math.isclose(breath.rest_wait(10.01), 1 / 12.8) and 1 / 12.8 <= REST_STEP_MAX_S
    assert quiet_idle(pace=5.0).rest_wait(10.01) == REST_STEP_MAX_S  # slower still: woken this often
    assert quiet_idle(pace=None).rest_wait(10.01) is None  # a look that wants every frame
    assert quiet_idle(pace=0.0).rest_wait(10.0 + LED_REFRESH_S - REST_POLL_S / 2) is None  # the refresh first


def test_a_resting_frame_shows_the_same_step_until_the_board_steps_or_the_output_changes():
    out = object()
    idle = Idle()
    idle.rendered(10.0, 4.0, out)  # four steps a second: the next at 10.25
    idle.push(FRAME, 10.0, lambda frame: None)
    assert idle.still_frame(10.2, out) is FRAME
    assert idle.still_frame(10.25, out) is None  # the next step: render
    assert idle.still_frame(10.2, object()) is None  # the brightness changed: render
    idle.rendered(11.0, None, out)  # an animating look: every frame is new
    assert idle.still_frame(11.0, out) is None
    idle.rendered(12.0, 0.0, out)  # a still board: its frame until the lights are told something
    assert idle.still_frame(1e9, out) is FRAME
