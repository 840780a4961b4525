"""The clock service: fake time for tests, monotonic time for the table."""

import pytest

from companion.hal.clock import Clock, FakeClock, MonotonicClock


def test_fake_clock_moves_only_when_told():
    c = FakeClock(5.0)
    assert c.now() == 5.0
    assert c.advance(0.25) == 5.25
    assert c.now() == 5.25


def test_fake_clock_sleep_until_jumps_forward_and_never_back():
    c = FakeClock(10.0)
    c.sleep_until(12.5)
    assert c.now() == 12.5
    c.sleep_until(1.0)
    assert c.now() == 12.5


def test_fake_clock_refuses_to_go_back():
    with pytest.raises(ValueError):
        FakeClock().advance(-1)


def test_monotonic_clock_does_not_sleep_for_the_past():
    c = MonotonicClock()
    t0 = c.now()
    c.sleep_until(t0 - 100)  # returns at once instead of sleeping a negative time
    assert c.now() >= t0


def test_both_clocks_fit_the_protocol():
    assert isinstance(FakeClock(), Clock)
    assert isinstance(MonotonicClock(), Clock)


def test_monotonic_clock_wake_ends_a_sleep_at_once_even_from_a_signal_handler():
    import os
    import signal
    import threading

    c = MonotonicClock()
    previous = signal.signal(signal.SIGUSR1, lambda *_: c.wake())
    try:
        threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGUSR1)).start()
        t0 = c.now()
        c.sleep_until(t0 + 30)  # a stop signal comes 0.2 s in: Python would resume a plain sleep
        assert 0.15 < c.now() - t0 < 10
        t1 = c.now()
        c.sleep_until(t1 + 0.1)  # the wake was used up: the next sleep is a whole one
        assert c.now() - t1 >= 0.09
    finally:
        signal.signal(signal.SIGUSR1, previous)
    FakeClock().wake()  # a fake clock never sleeps: nothing to end


def test_monotonic_clock_a_wake_before_a_sleep_ends_that_one_sleep_only():
    c = MonotonicClock()
    c.wake()
    c.wake()  # twice before sleeping: still one wake, no error
    t0 = c.now()
    c.sleep_until(t0 + 30)
    assert c.now() - t0 < 1.0, "the wake given before the sleep ended it at once"
    t1 = c.now()
    c.sleep_until(t1 + 0.05)
    assert c.now() - t1 >= 0.05, "the wake was used up: the next sleep runs its full time"
