"""StopSignals in this process: what a stop signal does before the loop, while it runs, and when the
stop hangs (the real process is in test_app_stop.py)."""

import os
import signal
import threading
import time

import pytest

from companion.runtime.stopping import STOP_SIGNALS, Stopped, StopSignals


def test_before_the_loop_the_first_signal_unwinds_and_a_second_does_not_interrupt_the_unwinding():
    with StopSignals(exit=lambda code: None) as signals:
        with pytest.raises(Stopped) as caught:
            os.kill(os.getpid(), signal.SIGHUP)
            time.sleep(1)  # the handler runs here
        assert caught.value.name == "SIGHUP" and signals.received == "SIGHUP"
        os.kill(os.getpid(), signal.SIGTERM)  # while closing: ignored, no second exception
        time.sleep(0.01)
        assert signals.received == "SIGHUP"


def test_while_the_loop_runs_a_signal_only_asks_it_to_stop():
    stops = []
    with StopSignals(exit=lambda code: None) as signals:
        signals.attach(lambda: stops.append(True))
        os.kill(os.getpid(), signal.SIGINT)  # no KeyboardInterrupt either
        time.sleep(0.01)
    assert stops == [True] and signals.received == "SIGINT"


def test_a_signal_just_before_the_loop_starts_is_passed_on_when_it_attaches():
    signals = StopSignals(exit=lambda code: None)
    signals.received = "SIGTERM"  # as if it came between the start-up and the loop
    stops = []
    signals.attach(lambda: stops.append(True))
    assert stops == [True]


def test_the_handlers_are_given_back_when_done():
    before = {sig: signal.getsignal(sig) for sig in STOP_SIGNALS}
    with StopSignals():
        assert all(signal.getsignal(sig) is not before[sig] for sig in STOP_SIGNALS)
    assert {sig: signal.getsignal(sig) for sig in STOP_SIGNALS} == before
    assert signal.set_wakeup_fd(-1) == -1  # the wakeup fd was given back too


def test_a_stop_that_hangs_is_cut_off_after_the_grace_time_with_exit_1():
    exits = []
    ended = threading.Event()

    def fake_exit(code):
        exits.append(code)
        ended.set()

    signals = StopSignals(grace=0.2, exit=fake_exit).install()
    try:
        signals.attach(lambda: None)
        os.kill(os.getpid(), signal.SIGTERM)
        assert ended.wait(3)  # nobody called done(): the backstop fired
        assert exits == [1]
    finally:
        signals.done()


def test_a_stop_that_finishes_in_time_is_not_cut_off():
    exits = []
    signals = StopSignals(grace=0.3, exit=exits.append).install()
    signals.attach(lambda: None)
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(0.05)
    signals.done()
    time.sleep(0.5)
    assert exits == []
