"""Helpers for running `companion run` as a real process: a clean environment, a stand-in for
systemd's notify socket, a mock strip whose bytes can be read from outside, and scenario files."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

# A child that runs the real `companion run`, with the mock strip also writing what it shows now
# (each strip's wire bytes, hex) to $STRIP_FILE after every push: the LEDs seen from outside.
# `--plug-screen-after S` (taken out before `run` sees the options) switches SDL_VIDEODRIVER to
# dummy S seconds in: a display that was missing at the start can be opened from then on.
PROBE = r"""
import json, os, runpy, sys, threading
from companion.hal import mock
_push = mock.MockPixels._push
def push(self, buffers):
    _push(self, buffers)
    with open(os.environ["STRIP_FILE"] + ".tmp", "w") as f:  # whole or not at all: the test reads it any time
        json.dump({k: bytes(v).hex() for k, v in self._strip_bytes.items()}, f)
    os.replace(os.environ["STRIP_FILE"] + ".tmp", os.environ["STRIP_FILE"])
mock.MockPixels._push = push
args = sys.argv[1:]
if "--plug-screen-after" in args:
    i = args.index("--plug-screen-after")
    delay = float(args[i + 1])
    del args[i:i + 2]
    threading.Timer(delay, os.environ.__setitem__, ("SDL_VIDEODRIVER", "dummy")).start()
sys.argv = ["companion", "run", *args]
runpy.run_module("companion", run_name="__main__")
"""


def clean_env(tmp_path: Path, **extra) -> dict:
    """Private folders, dummy SDL audio, no desktop display, no backend from the test run."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "COMPANION_HAL", "SDL_VIDEODRIVER", "NOTIFY_SOCKET")
    }
    (tmp_path / "run").mkdir(
        exist_ok=True
    )  # rescue files and the unsaved status (companion/storage/rescue.py)
    env["COMPANION_RESCUE_PLACES"] = str(tmp_path / "run")  # never the machine's /var/tmp or /dev/shm
    env.update(
        COMPANION_STATE_DIR=str(tmp_path / "state"),
        COMPANION_CONFIG_DIR=str(tmp_path / "cfg"),
        SDL_AUDIODRIVER="dummy",
        STRIP_FILE=str(tmp_path / "strip.json"),
        **extra,
    )
    return env


def start(args, env: dict, probe: str = PROBE) -> subprocess.Popen:
    """`companion run ARGS` through the strip probe (or another `probe`), stdout and stderr piped."""
    return subprocess.Popen(
        [sys.executable, "-c", probe, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )


@contextmanager
def running(proc: subprocess.Popen, notify: Notify):
    """`proc` for the body of a test; afterwards it is killed if still alive and `notify` is closed."""
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        notify.close()


def stop(proc: subprocess.Popen, sig: int = signal.SIGTERM) -> tuple[str, str, float]:
    """Send `sig` and wait for the process to end: (stdout, stderr, seconds it took)."""
    sent = time.monotonic()
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=10)
    return out, err, time.monotonic() - sent


def strip_bytes(tmp_path: Path) -> dict[str, bytes]:
    """What the mock strip showed last (strip -> wire bytes)."""
    data = json.loads((tmp_path / "strip.json").read_text())
    return {k: bytes.fromhex(v) for k, v in data.items()}


def lit(strips: dict[str, bytes]) -> bool:
    """Any pixel on."""
    return any(any(b) for b in strips.values())


class Notify:
    """A datagram socket standing in for systemd's $NOTIFY_SOCKET; `messages` in arrival order."""

    def __init__(self, tmp_path: Path):
        self.path = str(tmp_path / "notify.sock")
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)
        self.messages: list[str] = []

    def wait_for(self, text: str, timeout: float = 60.0) -> str:
        """The first message (already seen or still to come) containing `text`."""
        deadline = time.monotonic() + timeout
        while True:
            for m in self.messages:
                if text in m:
                    return m
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {text!r} in {self.messages}")
            self.sock.settimeout(left)
            try:
                self.messages.append(self.sock.recv(4096).decode())
            except TimeoutError:
                pass

    def drain(self, wait: float = 0.3) -> list[str]:
        """Everything that arrived, waiting `wait` s for stragglers."""
        self.sock.settimeout(wait)
        while True:
            try:
                self.messages.append(self.sock.recv(4096).decode())
            except (TimeoutError, BlockingIOError):
                return self.messages

    def close(self) -> None:
        self.sock.close()


def write_scenario(path: Path, commands: int, seed: int = 6) -> list[dict]:
    """A bot-played Masters scenario of `commands` commands after its setup; returns them."""
    from tests.reliability.helpers import bot_script

    script = bot_script("masters", seed, commands)
    path.write_text("".join(json.dumps(c) + "\n" for c in script))
    return script
