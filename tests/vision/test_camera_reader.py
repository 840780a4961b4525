"""The camera as a card reader: a card laid on the spot is read once; a new one is kept and named;
an unplugged camera is a state that recovers by itself."""

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from companion.hal.camera import CameraReader, MockFrames, Recogniser  # noqa: E402
from companion.hal.clock import FakeClock  # noqa: E402
from companion.vision import store, synth  # noqa: E402


def _run(reader, clock, seconds):
    out = []
    for _ in range(int(seconds / 0.05)):
        clock.advance(0.05)
        out += reader.poll()
    return out


@pytest.fixture
def spot(tmp_path):
    clock = FakeClock()
    frames = MockFrames(empty=synth.background(np.random.default_rng(1), 640, 480, busy=False))
    reader = CameraReader(frames, clock, Recogniser(tmp_path / "cfg"), threaded=False)
    yield reader, frames, clock, tmp_path / "cfg"
    reader.close()


def _card(faces, key, seed, hard=False):
    return synth.photo(faces[key], np.random.default_rng(seed), hard=hard)[0]


def test_a_new_card_is_kept_and_read_again_under_the_same_tag(spot, faces):
    reader, frames, clock, base = spot
    assert _run(reader, clock, 1) == []  # the empty spot
    frames.show(_card(faces, "T-04", 1))
    first = _run(reader, clock, 1)
    assert len(first) == 1 and first[0].tag.startswith("SIGHT-") and first[0].reader == "camera"
    assert list(store.load_faces(base)) == [first[0].tag]
    assert _run(reader, clock, 2) == []  # lying still: read once
    frames.clear()
    assert _run(reader, clock, 1) == []
    frames.show(_card(faces, "T-04", 2))  # another photo of the same card
    assert [r.tag for r in _run(reader, clock, 1)] == [first[0].tag]
    assert reader.stats["new_cards"] == 1 and reader.stats["reads"] == 1


def test_a_taught_card_is_read_by_its_tag(spot, faces):
    reader, frames, clock, base = spot
    store.add_face("SIGHT-T-05", synth.face({**synth.deck(12, seed=11, twins=0.0)[4]}), base)
    frames.show(_card(faces, "T-05", 3))
    assert [r.tag for r in _run(reader, clock, 1)] == ["SIGHT-T-05"]


def test_unplugged_is_a_state_and_plugging_back_recovers(spot, faces):
    reader, frames, clock, _ = spot
    frames.show(_card(faces, "T-03", 4))
    assert len(_run(reader, clock, 1)) == 1
    frames.unplug()
    assert _run(reader, clock, 1) == []
    ok, why = reader.status
    assert not ok and "camera disconnected" in why and "unplugged" in why
    frames.plug()
    assert _run(reader, clock, 3) == []  # the same card still lies there: not read again
    assert reader.status[0] and reader.stats["reconnects"] == 1


def test_a_camera_missing_at_start_is_retried_with_back_off(spot):
    reader, frames, clock, _ = spot
    frames.unplug()
    _run(reader, clock, 8)
    assert frames.opened == 0 and not reader.status[0]
    frames.plug()
    _run(reader, clock, 9)  # the next try is at most 8 s after the last
    assert frames.opened == 1 and reader.status[0]


def test_a_real_camera_s_frames_are_taken_in_a_thread_and_its_failure_is_said():
    from companion.hal.frames import _Grabber

    class Camera(_Grabber):
        name = "test camera"

        def __init__(self):
            self.taken = 0

        def _grab(self):
            self.taken += 1
            if self.taken > 2:
                raise OSError("gone from the bus")
            return np.full((4, 4, 3), self.taken, np.uint8)

    cam = Camera()
    cam._start()
    cam._thread.join(timeout=5)
    with pytest.raises(OSError, match="gone from the bus"):
        cam.read()
    cam._stop()


def test_opening_a_webcam_that_is_not_there_says_so():
    from companion.hal.camera import V4l2Frames

    cam = V4l2Frames("/dev/video-not-there")
    with pytest.raises(OSError, match="no V4L2 camera"):
        cam.open()
    cam.close()
