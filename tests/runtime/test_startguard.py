"""Safe mode after repeated failed starts, left after a good one."""

import os

import pytest

from companion.runtime.startguard import COUNTER_FILE, StartGuard


def test_startguard_first_start_is_normal(tmp_path):
    guard = StartGuard(tmp_path / "state")
    assert guard.begin() is False
    assert guard.reason() is None
    assert (tmp_path / "state" / COUNTER_FILE).read_text() == "1\n"


def test_startguard_good_start_clears_counter(tmp_path):
    guard = StartGuard(tmp_path)
    guard.begin()
    guard.up()
    assert not (tmp_path / COUNTER_FILE).exists()
    assert StartGuard(tmp_path).begin() is False


def test_startguard_safe_mode_after_limit_failed_starts(tmp_path):
    for _ in range(3):  # three starts that crash before up()
        assert StartGuard(tmp_path, limit=3).begin() is False
    guard = StartGuard(tmp_path, limit=3)
    assert guard.begin() is True
    assert "last 3 starts" in guard.reason()
    assert "safe mode" in guard.reason()


def test_startguard_safe_mode_left_after_good_start(tmp_path):
    for _ in range(3):
        StartGuard(tmp_path, limit=3).begin()
    safe = StartGuard(tmp_path, limit=3)
    assert safe.begin() is True
    safe.up()  # safe mode came up fine
    normal = StartGuard(tmp_path, limit=3)
    assert normal.begin() is False
    assert normal.reason() is None


def test_startguard_stays_safe_while_starts_keep_failing(tmp_path):
    results = [StartGuard(tmp_path, limit=2).begin() for _ in range(5)]
    assert results == [False, False, True, True, True]


def test_startguard_garbage_counter_counts_as_one(tmp_path):
    (tmp_path / COUNTER_FILE).write_text("not a number")
    guard = StartGuard(tmp_path, limit=1)
    assert guard.count() == 1
    assert guard.begin() is True


def test_startguard_write_is_atomic_no_temp_left(tmp_path):
    guard = StartGuard(tmp_path)
    guard.begin()
    guard.begin()
    assert sorted(os.listdir(tmp_path)) == [COUNTER_FILE]
    assert guard.count() == 2


def test_startguard_unwritable_dir_starts_normally_and_says_why(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    guard = StartGuard(blocker / "state")  # parent is a file: cannot create the folder
    assert guard.begin() is False
    assert "cannot write" in guard.error


def test_startguard_rejects_zero_limit(tmp_path):
    with pytest.raises(ValueError):
        StartGuard(tmp_path, limit=0)


def test_startguard_remembers_the_stage_a_failed_start_reached(tmp_path):
    first = StartGuard(tmp_path, limit=1)
    first.begin("display", durable=False)  # ... and the display crashed the process here
    assert (tmp_path / COUNTER_FILE).read_text() == "1\ndisplay\n"
    second = StartGuard(tmp_path, limit=1)
    assert second.begin("display", durable=False) is True
    assert second.failed_at == "display" and second.screen_crashed
    assert "screen, LEDs and card reader are off" in second.reason()
    assert sorted(os.listdir(tmp_path)) == [COUNTER_FILE]  # the quick write leaves no temp file


def test_startguard_a_start_that_got_past_the_display_keeps_the_screen_on_in_safe_mode(tmp_path):
    for _ in range(2):
        guard = StartGuard(tmp_path, limit=2)
        guard.begin("display", durable=False)
        guard.stage("hardware")  # died later, e.g. in an LED driver
    safe = StartGuard(tmp_path, limit=2)
    assert safe.begin("display", durable=False) is True
    assert safe.failed_at == "hardware" and not safe.screen_crashed
    assert "screen" not in safe.reason().split(";")[1]


def test_startguard_screen_crash_needs_safe_mode(tmp_path):
    StartGuard(tmp_path, limit=3).begin("display", durable=False)
    guard = StartGuard(tmp_path, limit=3)
    guard.begin("display", durable=False)
    assert guard.failed_at == "display" and not guard.safe_mode and not guard.screen_crashed


def test_startguard_a_stage_made_durable_in_the_background_is_in_the_file_at_once(tmp_path, monkeypatch):
    import threading

    from companion.runtime import startguard

    on_disk = threading.Event()
    release = threading.Event()
    real = startguard.write_private

    def slow_disk(path, text):  # the fsyncs of an SD card: the caller must not wait for them
        release.wait(5)
        real(path, text)
        on_disk.set()

    monkeypatch.setattr(startguard, "write_private", slow_disk)
    guard = StartGuard(tmp_path, limit=2)
    guard.begin("display", durable=False)
    guard.stage("hardware", wait=False)
    assert (tmp_path / COUNTER_FILE).read_text() == "1\nhardware\n"  # a crash from here on finds the stage
    assert not on_disk.is_set()
    release.set()
    guard.settle()
    assert on_disk.is_set()
    assert sorted(os.listdir(tmp_path)) == [COUNTER_FILE]


def test_startguard_up_waits_for_a_background_write_so_the_counter_stays_cleared(tmp_path, monkeypatch):
    import time

    from companion.runtime import startguard

    real = startguard.write_private

    def slow_disk(path, text):
        time.sleep(0.05)
        real(path, text)

    monkeypatch.setattr(startguard, "write_private", slow_disk)
    guard = StartGuard(tmp_path)
    guard.begin("display", durable=False)
    guard.stage("hardware", wait=False)
    guard.up()
    time.sleep(0.1)
    assert not (tmp_path / COUNTER_FILE).exists()
    assert StartGuard(tmp_path).count() == 0
