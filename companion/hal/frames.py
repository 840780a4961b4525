"""Where the camera card reader's frames come from (`FrameSource`): `V4l2Frames` (a USB webcam through
OpenCV's V4L2 capture, `cv2.VideoCapture(device, cv2.CAP_V4L2)`), `PiCameraFrames` (the Pi camera
through picamera2, which Raspberry Pi OS brings as python3-picamera2), `AutoFrames` (whichever opens)
or `MockFrames` (image files or arrays, for tests and the simulator). OpenCV and picamera2 are imported
inside the methods that use them, so importing this module works anywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from companion.errors import describe

IDLE_S = 0.25  # a frame this often while nothing changes (the reader's look at the spot; half of it a grab)


class FrameSource(Protocol):
    """Where frames come from; `open` and `read` raise OSError (or the library's error) when the camera is gone."""

    name: str

    def open(self) -> None:
        """Start the camera."""

    def read(self):
        """The newest frame (BGR array), or None when none is ready yet."""

    def close(self) -> None:
        """Stop it. Idempotent."""


class MockFrames:
    """Frames from image files or arrays, with a test API: `show(path_or_array)`, `clear()` (an empty
    spot), `unplug()` / `plug()`."""

    name = "mock camera"

    def __init__(self, empty=None):
        self._frame = empty
        self._empty = empty
        self.plugged = True
        self.opened = 0

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

    def read(self):
        """The frame on the spot; OSError while unplugged."""
        if not self.plugged:
            raise OSError("camera unplugged")
        return self._frame

    def close(self) -> None:
        """Nothing to release."""


class _Grabber:
    """A real camera's frames taken in a thread of their own, a few a second: `read()` hands the
    newest one over at once, so the table's loop never waits for a camera's next frame. A camera
    that stops giving frames makes `read()` raise OSError."""

    def _start(self) -> None:
        """Start taking frames (after the camera opened)."""
        import threading

        self._latest, self._error, self._running = None, None, True
        self._thread = threading.Thread(target=self._run, name="camera-frames", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        """Take frames until stopped or until the camera fails."""
        import time

        while self._running:
            try:
                self._latest = self._grab()
            except Exception as exc:  # unplugged: remembered, said by the next read
                self._error = exc
                return
            time.sleep(IDLE_S / 2)

    def read(self):
        """The newest frame (None before the first); OSError once the camera failed."""
        if self._error is not None:
            raise OSError(f"{self.name}: {describe(self._error)}")
        return self._latest

    def _stop(self) -> None:
        """Stop taking frames."""
        self._running = False
        thread = getattr(self, "_thread", None)
        if thread is not None:
            thread.join(timeout=2.0)


class V4l2Frames(_Grabber):
    """A UVC webcam through OpenCV's V4L2 capture."""

    def __init__(self, device):
        self.device = device  # an index (0) or a path (/dev/video0, /dev/v4l/by-id/...)
        self.name = f"USB camera {device}"
        self._cap = None

    def open(self) -> None:
        """Open the device at 640x480; OSError when it does not open."""
        import cv2

        cap = cv2.VideoCapture(self.device, cv2.CAP_V4L2)
        if not cap.isOpened():
            cap.release()
            raise OSError(f"{self.device}: no V4L2 camera there")
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, 640)
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, 480)
        cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # the newest frame, not one queued a second ago
        self._cap = cap
        self._start()

    def _grab(self):
        """One frame (blocks until the camera gives it); OSError when it stopped giving them."""
        ok, frame = self._cap.read()
        if not ok:
            raise OSError(f"{self.device}: no frame (unplugged?)")
        return frame

    def close(self) -> None:
        """Stop taking frames and release the device."""
        self._stop()
        cap, self._cap = self._cap, None
        if cap is not None:
            cap.release()


class PiCameraFrames(_Grabber):
    """The Raspberry Pi camera (Camera Module 3 / v2) through picamera2."""

    name = "Pi camera"

    def __init__(self):
        self._cam = None

    def open(self) -> None:
        """Start the camera at 640x480; ImportError without python3-picamera2, RuntimeError/OSError
        without a camera."""
        from picamera2 import Picamera2

        cam = Picamera2()
        cam.configure(cam.create_preview_configuration(main={"format": "RGB888", "size": (640, 480)}))
        cam.start()
        self._cam = cam
        self._start()

    def _grab(self):
        """One frame (picamera2's "RGB888" is B, G, R in memory: OpenCV's order)."""
        return self._cam.capture_array()

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

    def read(self):
        """A frame from the camera that opened."""
        return self._inner.read()

    def close(self) -> None:
        """Close the camera that opened."""
        inner, self._inner = self._inner, None
        if inner is not None:
            inner.close()
