"""Where the camera card reader's frames come from (`FrameSource`): `V4l2Frames` (a USB webcam through
OpenCV's V4L2 capture, `cv2.VideoCapture(device, cv2.CAP_V4L2)`), `PiCameraFrames` (the Pi camera
through picamera2, which Raspberry Pi OS brings as python3-picamera2), `AutoFrames` (whichever opens)
or `MockFrames` (image files or arrays, for tests and the simulator). OpenCV and picamera2 are imported
inside the methods that use them, so importing this module works anywhere.

A source gives two things: `glance()`, a 32x24 grey thumbnail of the spot for the reader's change
test, cheap enough to take a few times a second on an idle table; and `read()`, the whole BGR frame
the recogniser needs, once the picture has changed and held still. `watch(True)` says a change is
under way: a real camera then takes frames at the faster WATCH_S pace and keeps whole ones;
`watch(False)` goes back to glances at the IDLE_S pace."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from companion.errors import describe

IDLE_S = 0.25  # a glance at the spot this often while nothing changes
WATCH_S = 0.05  # ... this often from a change until the picture held still and went to the recogniser
THUMB_W, THUMB_H = 32, 24  # the change test's thumbnail
POINTS = 4  # each thumbnail cell is the mean of POINTS x POINTS pixels spread evenly over it
LORES = (320, 240)  # the Pi camera's low-resolution stream (its Y plane is the glance)
PI_FRAME_US = 66_666  # the Pi camera at 15 frames a second: picamera2 handles each frame in a thread
# of ours, so each costs us a wake-up; one rate throughout (no exposure settling when a change starts)


class FrameSource(Protocol):
    """Where frames come from; `open`, `glance` and `read` raise OSError (or the library's error) when
    the camera is gone."""

    name: str

    def open(self) -> None:
        """Start the camera."""

    def glance(self):
        """A THUMB_W x THUMB_H grey thumbnail (float32) of the newest picture, or None before the first."""

    def read(self):
        """The newest whole frame (BGR array), or None when none is ready yet."""

    def watch(self, on: bool) -> None:
        """A change is under way (whole frames at the WATCH_S pace) or over (glances at IDLE_S)."""

    def close(self) -> None:
        """Stop it. Idempotent."""


def thumbnail(grey):
    """A THUMB_W x THUMB_H uint8 thumbnail of a 2-D grey picture at least 128x96: each cell the mean of
    POINTS x POINTS pixels spread evenly over its part of the picture (the middle of it, when the size
    is no multiple). Two calls on a 128x96 sample, tens of microseconds: a strided copy, then OpenCV's
    area resize, which runs a picture this small in the calling thread (a whole frame's conversion or
    resize wakes OpenCV's worker threads, and on an idle table the wake-ups cost more than the work)."""
    import cv2
    import numpy as np

    h, w = grey.shape[:2]
    ny, nx = THUMB_H * POINTS, THUMB_W * POINTS
    sy, sx = max(1, h // ny), max(1, w // nx)
    oy, ox = max(0, h - sy * ny) // 2 + sy // 2, max(0, w - sx * nx) // 2 + sx // 2
    pts = np.ascontiguousarray(grey[oy : oy + sy * ny : sy, ox : ox + sx * nx : sx])
    if pts.shape != (ny, nx):
        raise ValueError(f"a picture of {w}x{h} is smaller than the thumbnail's {nx}x{ny} sample")
    return cv2.resize(pts, (THUMB_W, THUMB_H), interpolation=cv2.INTER_AREA)


def differ(a, b) -> float:
    """Mean absolute difference (0..255) of two thumbnails."""
    import cv2

    return cv2.norm(a, b, cv2.NORM_L1) / a.size


class MockFrames:
    """Frames from image files or arrays, with a test API: `show(path_or_array)`, `clear()` (an empty
    spot), `unplug()` / `plug()`.

    Its glance costs what the dearest real camera's costs in our process, not nothing: a USB webcam's
    raw YUYV frame (2 bytes a pixel) is copied twice, from the driver's buffer into OpenCV's and from
    OpenCV's into the array handed over, then its thumbnail taken; as many bytes are copied twice here.
    (The Pi camera's glance copies a 320x240 frame once.) A real camera's thread, woken for each
    glance, comes on top (BENCHMARKS.md)."""

    name = "mock camera"

    def __init__(self, empty=None):
        self._frame = empty
        self._empty = empty
        self.plugged = True
        self.opened = 0
        self.glances = self.reads = 0  # how often the reader looked (tests)
        self._buffers = None  # (the two copies a glance makes)

    @property
    def size(self) -> tuple[int, int] | None:
        """(width, height) of the picture on the spot."""
        f = self._frame
        return None if f is None else (int(f.shape[1]), int(f.shape[0]))

    def show(self, picture) -> None:
        """Lay a card (a photo file or an array) on the spot."""
        if isinstance(picture, (str, Path)):
            from companion.vision.service import read_photo

            picture = read_photo(picture)
        self._frame = picture

    def clear(self) -> None:
        """Take the card away."""
        self._frame = self._empty

    def unplug(self) -> None:
        """The camera's cable comes out."""
        self.plugged = False

    def plug(self) -> None:
        """... and goes back in."""
        self.plugged = True

    def open(self) -> None:
        """Fails while unplugged."""
        if not self.plugged:
            raise OSError("no camera on the USB bus")
        self.opened += 1

    def glance(self):
        """The thumbnail of the picture on the spot; OSError while unplugged."""
        frame = self._take()
        if frame is None:
            return None
        self.glances += 1
        import numpy as np

        raw = frame.reshape(-1)[: 2 * frame.shape[0] * frame.shape[1]]  # a webcam's raw frame's bytes
        if self._buffers is None or self._buffers[0].shape != raw.shape:
            self._buffers = (np.empty_like(raw), np.empty_like(raw))
        np.copyto(self._buffers[0], raw)  # the driver's buffer into OpenCV's ...
        np.copyto(self._buffers[1], self._buffers[0])  # ... and OpenCV's into the array handed over
        return thumbnail(frame if frame.ndim == 2 else frame[..., 1])

    def read(self):
        """The frame on the spot; OSError while unplugged."""
        frame = self._take()
        self.reads += frame is not None
        return frame

    def watch(self, on: bool) -> None:
        """Nothing to change: the picture is always there."""

    def _take(self):
        """The picture, or OSError while unplugged."""
        if not self.plugged:
            raise OSError("camera unplugged")
        return self._frame

    def close(self) -> None:
        """Nothing to release."""


class _Grabber:
    """A real camera's pictures taken in a thread of their own, when the reader asks: `glance()` hands
    over the thumbnail taken since the last call, or asks for one and returns None (the reader looks
    again at its next poll), so the table's loop never waits for a camera's next frame and an idle
    spot costs one grab every IDLE_S, not a stream of them. While the reader watches a change
    (`watch(True)`) each grab keeps the whole frame as well, for `read()`. A camera that stops giving
    frames makes `glance()` and `read()` raise OSError.

    A subclass gives `_take(whole) -> (thumbnail, frame or None)` (blocks until the camera has a
    picture) and may give `_whole(frame) -> BGR frame` (a raw frame converted only when read)."""

    name: str

    def _start(self) -> None:
        """Start the thread (after the camera opened)."""
        import threading

        self._latest = self._thumb = None
        self._error: BaseException | None = None
        self._running = True
        self._watching = False
        self._asked = False  # a picture is asked for and not handed over yet: not asked again
        self._ask = threading.Event()
        self._thread = threading.Thread(target=self._run, name="camera-frames", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        """Take a picture each time one is asked for, until stopped or until the camera fails."""
        while True:
            self._ask.wait()
            self._ask.clear()
            if not self._running:
                return
            try:
                thumb, frame = self._take(self._watching)
            except Exception as exc:  # unplugged: remembered, said by the next glance or read
                self._error = exc
                return
            if frame is not None:
                self._latest = frame
            self._thumb = thumb
            self._asked = False

    def glance(self):
        """The thumbnail taken since the last call, else None (one is asked for); OSError once the
        camera failed."""
        self._check()
        thumb, self._thumb = self._thumb, None
        if thumb is None:
            self._take_one()
        return thumb

    def read(self):
        """The newest whole frame taken while watching (None before one is); OSError once the camera
        failed."""
        self._check()
        frame = self._latest
        if self._watching:
            self._take_one()  # (a caller that only reads, `companion camera test`, keeps frames coming)
        return None if frame is None else self._whole(frame)

    def _take_one(self) -> None:
        """Ask the thread for a picture, unless one is asked for already."""
        if not self._asked:
            self._asked = True
            self._ask.set()

    def watch(self, on: bool) -> None:
        """Keep whole frames from now on (a frame from before is not handed over), or stop keeping them."""
        if on and not self._watching:
            self._latest = None
        self._watching = on

    def _take(self, whole: bool):
        """(thumbnail, whole frame or None) of one picture; the camera's own."""
        raise NotImplementedError

    def _whole(self, frame):
        """The BGR frame of what `_take` kept."""
        return frame

    def _check(self) -> None:
        """OSError naming the camera once its thread failed."""
        if self._error is not None:
            raise OSError(f"{self.name}: {describe(self._error)}")

    def _stop(self) -> None:
        """Stop the thread."""
        self._running = False
        ask = getattr(self, "_ask", None)
        if ask is not None:
            ask.set()
        thread = getattr(self, "_thread", None)
        if thread is not None:
            thread.join(timeout=2.0)


YUYV = "YUYV"


class V4l2Frames(_Grabber):
    """A UVC webcam through OpenCV's V4L2 capture. It asks for YUYV frames and, when the camera gives
    them, takes them raw (`CAP_PROP_CONVERT_RGB` off): a glance is then the thumbnail of their Y
    (brightness) bytes, and only the frame the recogniser reads is converted to BGR. A camera that
    gives another format is converted by OpenCV and glanced at through its green channel."""

    def __init__(self, device):
        self.device = device  # an index (0) or a path (/dev/video0, /dev/v4l/by-id/...)
        self.name = f"USB camera {device}"
        self._cap = None
        self._raw = False
        self._buffer = None  # the array a glance's frame is read into, used again by the next glance
        self.size: tuple[int, int] | None = None

    def open(self) -> None:
        """Open the device at 640x480; OSError when it does not open."""
        import cv2

        cap = cv2.VideoCapture(self.device, cv2.CAP_V4L2)
        if not cap.isOpened():
            cap.release()
            raise OSError(f"{self.device}: no V4L2 camera there")
        yuyv = cv2.VideoWriter.fourcc(*YUYV)
        cap.set(cv2.CAP_PROP_FOURCC, yuyv)
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, 640)
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, 480)
        cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # the newest frame, not one queued a second ago
        self.size = (int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT)))
        self._raw = int(cap.get(cv2.CAP_PROP_FOURCC)) == yuyv and bool(cap.set(cv2.CAP_PROP_CONVERT_RGB, 0))
        self._cap = cap
        self._start()

    def _take(self, whole: bool):
        """(thumbnail, frame) of one frame (blocks until the camera gives it); OSError when it
        stopped giving them. The frame is kept raw (YUYV) and converted in `_whole`."""
        self._cap.grab()  # the frame the one-frame buffer held since the last look: stale, dropped
        ok, frame = self._cap.read(None if whole else self._buffer)  # (a glance's array is used again)
        if not ok:
            raise OSError(f"{self.device}: no frame (unplugged?)")
        if not whole:
            self._buffer = frame
        if self._raw and self.size is not None:
            w, h = self.size
            data = frame.reshape(-1)
            if data.size == w * h * 2:
                yuyv = data.reshape(h, w, 2)
                return thumbnail(yuyv[..., 0]), (yuyv if whole else None)
            import cv2  # not the YUYV frame asked for: let OpenCV convert from now on

            self._raw = False
            self._cap.set(cv2.CAP_PROP_CONVERT_RGB, 1)
            self._buffer = None
            return self._take(whole)
        return thumbnail(frame[..., 1]), (frame if whole else None)

    def _whole(self, frame):
        """BGR of a raw YUYV frame (the one the recogniser reads)."""
        if frame.ndim == 3 and frame.shape[2] == 2:
            import cv2

            return cv2.cvtColor(frame, cv2.COLOR_YUV2BGR_YUYV)
        return frame

    def close(self) -> None:
        """Stop taking frames and release the device."""
        self._stop()
        cap, self._cap = self._cap, None
        if cap is not None:
            cap.release()


class PiCameraFrames(_Grabber):
    """The Raspberry Pi camera (Camera Module 3 / v2) through picamera2: a 640x480 "main" stream for
    the recogniser and a 320x240 YUV420 "lores" one (scaled by the Pi's image processor, not the CPU)
    whose Y plane is the glance, at 15 frames a second (`PI_FRAME_US`)."""

    name = "Pi camera"

    def __init__(self):
        self._cam = None
        self.size: tuple[int, int] | None = None

    def open(self) -> None:
        """Start the camera at 640x480; ImportError without python3-picamera2, RuntimeError/OSError
        without a camera."""
        from picamera2 import Picamera2

        cam = Picamera2()
        cam.configure(
            cam.create_preview_configuration(
                main={"format": "RGB888", "size": (640, 480)},
                lores={"format": "YUV420", "size": LORES},
                controls={"FrameDurationLimits": (PI_FRAME_US, PI_FRAME_US)},
            )
        )
        cam.start()
        self._cam, self.size = cam, (640, 480)
        self._start()

    def _take(self, whole: bool):
        """(thumbnail of the lores Y plane, the main frame when `whole`). capture_array("lores") of a
        YUV420 stream has height * 3/2 rows: the first `height` are Y. picamera2's "RGB888" is B, G, R
        in memory: OpenCV's order."""
        y = self._cam.capture_array("lores")[: LORES[1]]
        return thumbnail(y), (self._cam.capture_array("main") if whole else None)

    def close(self) -> None:
        """Stop taking frames, then stop and release the camera."""
        self._stop()
        cam, self._cam = self._cam, None
        if cam is not None:
            cam.stop()
            cam.close()


def source_for(device: str) -> FrameSource:
    """The frame source `[camera] device` names: picamera, usb / usb:N, a /dev path; auto: the Pi
    camera when picamera2 is installed and a camera is attached, else the first USB camera."""
    if device == "picamera":
        return PiCameraFrames()
    if device == "mock":
        return MockFrames()
    if device == "usb":
        return V4l2Frames(0)
    if device.startswith("usb:"):
        return V4l2Frames(int(device[4:]))
    if device.startswith("/dev/"):
        return V4l2Frames(device)
    return AutoFrames()


class AutoFrames:
    """The Pi camera if it opens, else the first USB camera."""

    name = "camera"

    def __init__(self):
        self._inner: FrameSource | None = None

    @property
    def size(self) -> tuple[int, int] | None:
        """(width, height) of the camera that opened."""
        return getattr(self._inner, "size", None)

    def open(self) -> None:
        """Try the Pi camera, then /dev/video0; the last failure says why."""
        errors = []
        for make in (PiCameraFrames, lambda: V4l2Frames(0)):
            src = make()
            try:
                src.open()
            except Exception as exc:  # picamera2 missing or no camera: try the next kind
                errors.append(f"{src.name}: {describe(exc)}")
                continue
            self._inner, self.name = src, src.name
            return
        raise OSError("; ".join(errors))

    def glance(self):
        """A glance from the camera that opened."""
        return self._opened().glance()

    def read(self):
        """A frame from the camera that opened."""
        return self._opened().read()

    def watch(self, on: bool) -> None:
        """Watching or not, said to the camera that opened."""
        self._opened().watch(on)

    def _opened(self) -> FrameSource:
        """The camera that opened; OSError before one did."""
        if self._inner is None:
            raise OSError("camera not opened")
        return self._inner

    def close(self) -> None:
        """Close the camera that opened."""
        inner, self._inner = self._inner, None
        if inner is not None:
            inner.close()
