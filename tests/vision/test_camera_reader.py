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
    from companion.hal.frames import _Grabber, thumbnail

    class Camera(_Grabber):
        name = "test camera"

        def __init__(self):
            self.taken = 0

        def _take(self, whole):
            self.taken += 1
            if self.taken > 2:
                raise OSError("gone from the bus")
            frame = np.full((96, 128, 3), self.taken, np.uint8)
            return thumbnail(frame[..., 1]), frame if whole else None

    cam = Camera()
    cam._start()
    thumb = None
    while thumb is None:  # asked for, taken in the thread
        thumb = cam.glance()
    assert cam.taken == 1 and cam.read() is None  # not watching: no whole frame kept
    cam.watch(True)
    frame = None
    while frame is None:  # reading while watching asks for pictures
        frame = cam.read()
    assert int(frame[0, 0, 0]) == 2  # the whole frame of the second picture, taken while watching
    cam._thread.join(timeout=5)  # the third, asked for by that read, fails
    with pytest.raises(OSError, match="gone from the bus"):
        cam.glance()
    cam._stop()


def test_opening_a_webcam_that_is_not_there_says_so():
    from companion.hal.camera import V4l2Frames

    cam = V4l2Frames("/dev/video-not-there")
    with pytest.raises(OSError, match="no V4L2 camera"):
        cam.open()
    cam.close()


class _Timed(MockFrames):
    """Mock frames that note when the reader glanced and when it watched."""

    def __init__(self, clock, empty):
        super().__init__(empty)
        self.clock, self.at, self.watches = clock, [], []

    def glance(self):
        self.at.append(round(self.clock.now(), 3))
        return super().glance()

    def watch(self, on):
        self.watches.append((round(self.clock.now(), 3), on))


def _gaps(times):
    return [round(b - a, 3) for a, b in zip(times, times[1:])]


def test_the_watch_glances_slowly_while_nothing_changes_and_fast_after_a_change(tmp_path, faces):
    from companion.hal.frames import IDLE_S, WATCH_S

    clock = FakeClock()
    frames = _Timed(clock, synth.background(np.random.default_rng(1), 640, 480, busy=False))
    seen = []
    reader = CameraReader(frames, clock, lambda frame: seen.append(frame) or (None, False), threaded=False)
    step = 0.01  # polled finer than any pace: the reader's own pace decides
    for _ in range(300):  # 3 s of an empty spot (the first glance is a change: read once, the empty spot)
        clock.advance(step)
        reader.poll()
    assert len(seen) == 1 and not reader.watching
    frames.reads = 0
    idle = [t for t in frames.at if t > 1.0]
    assert idle and all(abs(g - IDLE_S) <= 1.5 * step for g in _gaps(idle))  # slow: one glance every IDLE_S
    frames.at.clear()
    frames.show(_card(faces, "T-02", 5))
    for _ in range(100):
        clock.advance(step)
        reader.poll()
    assert frames.reads == 1 and len(seen) == 2 and seen[1] is frames._frame  # the card's frame, read once
    on, off = (t for t, _ in frames.watches[-2:])
    assert [w for _, w in frames.watches[-2:]] == [True, False] and not reader.watching
    fast = [t for t in frames.at if on <= t <= off]
    assert len(fast) >= 3 and all(abs(g - WATCH_S) <= 1.5 * step for g in _gaps(fast))  # fast until read
    after = [t for t in frames.at if t > off]
    assert len(after) >= 2 and all(abs(g - IDLE_S) <= 1.5 * step for g in _gaps(after))  # slow again
    assert frames.reads == 1 and len(frames.at) >= 5  # a whole frame only for the recogniser, else glances


def test_a_card_laid_while_the_watch_is_slow_is_read_within_a_glance_and_a_settle(tmp_path, faces):
    from companion.hal.camera import SETTLE_S
    from companion.hal.frames import IDLE_S, WATCH_S

    clock, base = FakeClock(), tmp_path / "cfg"
    frames = _Timed(clock, synth.background(np.random.default_rng(1), 640, 480, busy=False))
    reader = CameraReader(frames, clock, Recogniser(base), threaded=False)
    store.add_face("SIGHT-T-05", synth.face({**synth.deck(12, seed=11, twins=0.0)[4]}), base)
    assert _run(reader, clock, 2) == [] and not reader.watching  # slow, the empty spot read long ago
    step, waited = 0.01, []
    for phase in (0.01, 0.12, 0.24):  # laid just after a glance, between two, just before the next
        while not frames.at or frames.at[-1] != round(clock.now(), 3):  # (up to a glance)
            clock.advance(step)
            reader.poll()
        for _ in range(round(phase / step)):
            clock.advance(step)
            reader.poll()
        laid = clock.now()
        frames.show(_card(faces, "T-05", 3))
        got = []
        while not got and clock.now() - laid < 2:
            clock.advance(step)
            got = reader.poll()
        assert [r.tag for r in got] == ["SIGHT-T-05"]
        waited.append(round(clock.now() - laid, 3))
        frames.clear()
        assert _run(reader, clock, 2) == [] and not reader.watching
    # seen at the next glance (at most IDLE_S away), read once it held still for SETTLE_S (glances
    # WATCH_S apart); on the table a recognition (~0.1 s here) comes on top, within the half second
    assert max(waited) <= IDLE_S + SETTLE_S + WATCH_S + step and max(waited) <= 0.46, waited
    assert max(waited) - min(waited) > IDLE_S / 2, waited  # laid early in a glance's wait is seen later
    reader.close()


def test_sensor_noise_and_a_shaking_camera_are_no_change_and_a_card_is(faces):
    from companion.hal.camera import CHANGE
    from companion.hal.frames import differ, thumbnail

    rng = np.random.default_rng(4)
    wide = synth.background(rng, 644, 484, busy=True)
    table = wide[2:482, 2:642]
    noisy = np.clip(table + rng.normal(0, 6, table.shape), 0, 255).astype(np.uint8)
    shaken = wide[:480, 1:641]  # the camera moved a pixel or two
    card = _card(faces, "T-01", 6)
    still = thumbnail(table[..., 1])
    assert differ(still, thumbnail(noisy[..., 1])) < CHANGE / 3
    assert differ(still, thumbnail(shaken[..., 1])) < CHANGE / 2
    assert differ(still, thumbnail(card[..., 1])) > 2 * CHANGE


class _Capture:
    """cv2.VideoCapture's read/grab/set, giving raw YUYV bytes (CONVERT_RGB off) or BGR frames."""

    def __init__(self, bgr, raw):
        yuv = cv2.cvtColor(bgr, cv2.COLOR_BGR2YUV)
        self.yuyv = np.empty(bgr.shape[:2] + (2,), np.uint8)
        self.yuyv[..., 0] = yuv[..., 0]
        self.yuyv[:, 0::2, 1], self.yuyv[:, 1::2, 1] = yuv[:, 0::2, 1], yuv[:, 1::2, 2]
        self.bgr, self.raw, self.grabs, self.set_to, self.into = bgr, raw, 0, [], []

    def grab(self):
        self.grabs += 1
        return True

    def read(self, image=None):
        self.into.append(image)
        frame = self.raw.reshape(1, -1) if self.raw is not None else self.bgr
        if image is not None and image.shape == frame.shape:
            image[...] = frame  # (OpenCV writes into an array of the right size)
            return True, image
        return True, frame.copy()

    def set(self, prop, value):
        self.set_to.append((prop, value))
        if prop == cv2.CAP_PROP_CONVERT_RGB and value:
            self.raw = None
        return True


def test_a_webcam_s_raw_yuyv_frame_is_glanced_at_by_its_brightness_and_converted_only_when_read(faces):
    from companion.hal.frames import V4l2Frames, differ, thumbnail

    bgr = _card(faces, "T-03", 7)
    cam = V4l2Frames(0)
    cam.size, cam._raw = (640, 480), True
    cap = cam._cap = _Capture(bgr, None)
    cap.raw = cap.yuyv
    thumb, kept = cam._take(False)
    grey = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    assert kept is None and differ(thumb, thumbnail(grey)) < 2  # a glance keeps no frame ...
    cam._take(False)
    assert cap.into[1] is not None and cap.into[1] is cam._buffer  # ... and reads into the same array
    thumb, kept = cam._take(True)
    assert kept.shape == (480, 640, 2) and cap.into[2] is None  # a frame kept is an array of its own
    whole = cam._whole(kept)
    # (OpenCV's YUV and YUYV conversions use other ranges: the round trip is off by a few levels)
    assert whole.shape == bgr.shape and float(np.abs(whole.astype(int) - bgr).mean()) < 12
    assert cap.grabs == 3  # the stale buffered frame dropped before each one taken


def test_a_webcam_that_gives_no_yuyv_is_left_to_opencv_s_conversion(faces):
    from companion.hal.frames import V4l2Frames

    bgr = _card(faces, "T-03", 7)
    cam = V4l2Frames(0)
    cam.size, cam._raw = (640, 480), True
    cap = cam._cap = _Capture(bgr, np.zeros(12345, np.uint8))  # a compressed frame's bytes
    thumb, kept = cam._take(True)
    assert not cam._raw and (cv2.CAP_PROP_CONVERT_RGB, 1) in cap.set_to
    assert np.array_equal(kept, bgr) and cam._whole(kept) is kept and thumb.shape == (24, 32)


def test_the_pi_camera_glances_at_its_lores_stream_and_keeps_main_frames_only_while_watching(monkeypatch):
    import sys
    import types

    from companion.hal.frames import LORES, PiCameraFrames

    taken = []

    class Picamera2:
        def create_preview_configuration(self, main, lores, controls):
            return {"main": main, "lores": lores, "controls": controls}

        def configure(self, config):
            self.config = config

        def start(self):
            pass

        def capture_array(self, name="main"):
            taken.append(name)
            if name == "lores":  # YUV420: height rows of Y, then U and V in half as many
                w, h = self.config["lores"]["size"]
                return np.full((h * 3 // 2, w), 77, np.uint8)
            return np.full((480, 640, 3), 9, np.uint8)

        def stop(self):
            pass

        def close(self):
            pass

    monkeypatch.setitem(sys.modules, "picamera2", types.SimpleNamespace(Picamera2=Picamera2))
    cam = PiCameraFrames()
    cam.open()
    try:
        assert cam._cam.config["lores"] == {"format": "YUV420", "size": LORES}
        assert cam._cam.config["controls"] == {"FrameDurationLimits": (66_666, 66_666)}  # 15 a second
        thumb = None
        while thumb is None:
            thumb = cam.glance()
        assert taken == ["lores"] and thumb.shape == (24, 32) and int(thumb.max()) == 77  # Y rows only
        cam.watch(True)
        while cam.read() is None:
            cam.glance()
        assert "main" in taken and int(cam.read()[0, 0, 0]) == 9
    finally:
        cam.close()
