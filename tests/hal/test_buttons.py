"""Debounce and long press in pure code: raw edges in, ButtonEvents out, time injected."""

import threading

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.hal.buttons import Debouncer, Edge, EdgeButtons
from companion.hal.mock import MockButtons
from companion.inputs import Press, VButton

NEXT, UNDO = VButton.NEXT, VButton.UNDO


def _kinds(events, button=NEXT):
    return [e.kind for e in events if e.button == button]


def _buttons(debounce_ms=30, long_ms=800):
    return MockButtons({NEXT: "GPIO5", UNDO: "GPIO13"}, debounce_ms, long_ms)


def test_buttons_clean_press_gives_down_up_short_with_exact_times():
    b = _buttons()
    b.press(NEXT, at=1.0, duration=0.2)
    events = b.poll(2.0)
    assert [(e.kind, e.t) for e in events] == [(Press.DOWN, 1.0), (Press.UP, 1.2), (Press.SHORT, 1.2)]


def test_buttons_nothing_is_reported_before_it_happens():
    b = _buttons()
    b.press(NEXT, at=5.0)
    assert b.poll(4.9) == []
    assert _kinds(b.poll(6.0)) == [Press.DOWN, Press.UP, Press.SHORT]


def test_buttons_down_waits_for_the_level_to_settle():
    b = _buttons(debounce_ms=30)
    b.hold(NEXT, at=1.0)
    assert b.poll(1.02) == []  # still inside the debounce window
    assert _kinds(b.poll(1.03)) == [Press.DOWN]


def test_buttons_chatter_counts_as_one_press():
    b = _buttons()
    b.chatter(NEXT, at=1.0, bounces=4, gap=0.002, duration=0.3)
    assert _kinds(b.poll(3.0)) == [Press.DOWN, Press.UP, Press.SHORT]
    stats = b.stats()[NEXT]
    assert stats.raw_edges == 18 and stats.presses == 1


def test_buttons_long_press_fires_once_while_held_and_no_short():
    b = _buttons(long_ms=800)
    b.hold(NEXT, at=1.0)
    first = b.poll(1.9)
    assert [(e.kind, round(e.t, 6)) for e in first] == [(Press.DOWN, 1.0), (Press.LONG, 1.8)]
    assert b.poll(3.0) == []  # LONG only once
    b.release(NEXT, at=3.5)
    assert _kinds(b.poll(4.0)) == [Press.UP]


def test_buttons_long_press_found_even_when_polled_only_after_release():
    b = _buttons(long_ms=800)
    b.press(NEXT, at=2.0, duration=1.0)
    assert _kinds(b.poll(9.0)) == [Press.DOWN, Press.LONG, Press.UP]


def test_buttons_press_just_under_long_is_short():
    b = _buttons(long_ms=800)
    b.press(NEXT, at=0.0, duration=0.79)
    assert _kinds(b.poll(2.0)) == [Press.DOWN, Press.UP, Press.SHORT]


def test_buttons_zero_debounce_reports_every_edge():
    b = _buttons(debounce_ms=0)
    b.chatter(NEXT, at=1.0, bounces=2, gap=0.01, duration=0.5)
    assert _kinds(b.poll(3.0)).count(Press.DOWN) == 5  # 3 closes going down, 2 bounces coming up


def test_buttons_two_buttons_come_out_in_time_order():
    b = _buttons()
    b.press(UNDO, at=1.5)
    b.press(NEXT, at=1.0)
    events = b.poll(3.0)
    assert [e.t for e in events] == sorted(e.t for e in events)
    assert events[0].button == NEXT


def test_buttons_held_reports_debounced_level():
    b = _buttons()
    b.hold(UNDO, at=0.0)
    b.poll(0.1)
    assert b.held() == {UNDO}


def test_buttons_edges_from_another_thread_are_queued_not_lost():
    b = EdgeButtons({NEXT: "GPIO5"}, 30, 800)

    def callback_thread():  # what gpiozero's callback thread does: enqueue only
        for k in range(50):
            b.edge(NEXT, True, k * 1.0)
            b.edge(NEXT, False, k * 1.0 + 0.1)

    t = threading.Thread(target=callback_thread)
    t.start()
    t.join()
    events = b.poll(100.0)
    assert _kinds(events).count(Press.SHORT) == 50


def test_buttons_closed_reports_nothing():
    b = _buttons()
    b.press(NEXT, at=0.0)
    b.close()
    b.close()
    assert b.poll(5.0) == []
    assert b.status[0] is False


def test_buttons_source_is_carried_to_the_event():
    b = _buttons()
    b.press(NEXT, at=0.0, source="sim")
    assert {e.source for e in b.poll(1.0)} == {"sim"}


def test_debouncer_repeated_level_is_not_an_edge():
    d = Debouncer(30, 800)
    d.feed(Edge(0.0, NEXT, True))
    d.feed(Edge(0.01, NEXT, True))
    assert d.stats[NEXT].raw_edges == 1


@given(st.lists(st.floats(0.0001, 0.0299), min_size=1, max_size=12), st.floats(0.05, 0.7))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # holds under load
def test_debouncer_any_chatter_shorter_than_the_window_is_one_short_press(gaps, hold):
    b = _buttons(debounce_ms=30, long_ms=800)
    t, level = 1.0, True
    for g in gaps:  # bounce on the way down, ending closed
        b.edge(NEXT, level, t)
        t += g
        level = not level
    b.edge(NEXT, True, t)
    b.edge(NEXT, False, t + hold)
    assert _kinds(b.poll(t + hold + 1.0)) == [Press.DOWN, Press.UP, Press.SHORT]


def test_debouncer_at_rest_has_nothing_to_let_time_pass_on_and_a_hold_still_turns_long():
    # An idle loop asks advance() ~13 times a second: once every press has settled it looks at no button.
    d = Debouncer(30, 800)
    for i, button in enumerate(VButton):
        d.feed(Edge(i, button, True, "gpio"))
        d.feed(Edge(i + 0.2, button, False, "gpio"))
    d.advance(100.0)
    looked = []
    d._settle = lambda *a: looked.append(a) or []
    assert d.advance(101.0) == [] and looked == []
    del d._settle
    d.feed(Edge(200.0, NEXT, True, "gpio"))  # a hold: the long press comes from time alone
    assert [e.kind for e in d.advance(200.05)] == [Press.DOWN]
    assert [(e.kind, round(e.t, 6)) for e in d.advance(201.0)] == [(Press.LONG, 200.8)]
    assert d.advance(202.0) == [] and not d._waiting
