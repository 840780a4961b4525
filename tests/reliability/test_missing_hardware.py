"""Missing or failing hardware is a state, not a crash: the game goes on and the health says why.

Covered: a Pi without SPI (no LED strip) and a reader whose pty is gone, headless; the reader
unplugged mid-game and plugged back (a new pty behind the same name); the LED backend raising
OSError on write; and the real `companion run --backend pi` on this PC, whose READY/STATUS message
to a fake systemd socket names what is missing.
"""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys

from gpiozero.pins.mock import MockFactory

from companion.gamedata import config
from companion.games.masters import teach
from companion.hal.pi import SystemProbe
from companion.hal.pn532 import FakePn532
from companion.runtime.idle import LED_REFRESH_S
from tests.app.helpers import SETUP, replayed_view, strip_is_current
from tests.reliability.helpers import Cable, bot_for, build_app

NTAG = "04A1B2C3D4E5F6"
FPS_DT = 1 / 30


def _pi_without_spi(tmp_path) -> SystemProbe:
    """A Raspberry Pi 4 device tree with GPIO but no /dev/spidev0.0 (SPI not enabled)."""
    root = tmp_path / "pi"
    (root / "proc" / "device-tree").mkdir(parents=True)
    (root / "proc" / "device-tree" / "compatible").write_bytes(b"raspberrypi,4-model-b\0brcm,bcm2711\0")
    (root / "dev").mkdir()
    (root / "dev" / "gpiochip0").write_text("")
    return SystemProbe(str(root), euid=1000)


def _cfg(reader_port: str | None, leds: str = "auto", deck: str = "digital"):
    """The default config with a PN532 on `reader_port` (or none) and the given LED driver."""
    cfg = config.default()
    reader = cfg.reader._replace(type="pn532", port=reader_port) if reader_port else cfg.reader
    return cfg._replace(leds=cfg.leds._replace(driver=leds), reader=reader, game=cfg.game._replace(deck=deck))


def _ticks(app, n: int, cable: Cable | None = None, chip: FakePn532 | None = None) -> None:
    """`n` frames of the loop on its FakeClock, with the fake chip answering on the far end."""
    for _ in range(n):
        app.tick()
        app.clock.advance(FPS_DT)
        if cable is not None and chip is not None:
            cable.write(chip.feed(cable.read()))


def _play(app, commands: int, seed: int = 1) -> None:
    """The bot plays `commands` commands through app.submit, one per frame."""
    rng = random.Random(seed)
    bot = bot_for(app.session.game.id)
    for _ in range(commands):
        if app.session.outcome() is not None:
            return
        assert app.submit(bot.choose(app.session.game, app.session.state, rng))
        _ticks(app, 1)


def test_no_strip_no_reader_no_display_still_plays(tmp_path):
    cable = Cable(tmp_path / "reader")  # never plugged: the port does not exist
    app = build_app(
        tmp_path,
        cfg=_cfg(cable.link),
        backend="pi",
        probe=_pi_without_spi(tmp_path),
        pin_factory=MockFactory(),
    )
    try:
        app.start(setup=SETUP)
        _ticks(app, 45)
        leds_ok, leds_why = app.health.parts["leds"]
        reader_ok, reader_why = app.health.parts["reader"]
        assert not leds_ok and "/dev/spidev0.0 missing" in leds_why
        assert not reader_ok and reader_why.startswith("reader disconnected")
        assert app.health.parts["buttons"][0]
        assert "degraded" in app.health.summary() and "spidev" in app.health.summary()
        _play(app, 40)
        journaled = app.journal.commands(app.session.game_id)
        assert journaled == app.session.commands and replayed_view(journaled) == app.session.view()
        assert app.frames == 45 + 40
    finally:
        app.hw.close()


def _at_draw(app, seed: int = 2) -> None:
    """Play until drawing the event card is what the table does next."""
    rng = random.Random(seed)
    bot = bot_for("masters")
    for _ in range(500):
        if any(a.command.get("cmd") == "draw" and a.enabled for a in app.session.actions()):
            return
        assert app.submit(bot.choose(app.session.game, app.session.state, rng))
        _ticks(app, 1)
    raise AssertionError("never reached the draw")


def test_reader_unplugged_mid_game_then_replugged(tmp_path):
    cable = Cable(tmp_path / "reader")
    cable.plug()
    chip = FakePn532()
    teach.register_tag(NTAG, "I-01")
    app = build_app(
        tmp_path,
        cfg=_cfg(cable.link, leds="mock", deck="physical"),
        backend="pi",
        probe=_pi_without_spi(tmp_path),
        pin_factory=MockFactory(),
    )
    try:
        app.start(setup=dict(SETUP, deck="physical"))
        _ticks(app, 40, cable, chip)
        assert app.health.parts["reader"] == (True, "PN532 ready")
        _at_draw(app)
        before = app.session.view()
        cable.unplug()
        _ticks(app, 60, cable, chip)
        ok, why = app.health.parts["reader"]
        assert not ok and why.startswith("reader disconnected")
        assert any(line.startswith("hardware: degraded: reader disconnected") for line in app.lines)
        assert app.session.view() == before  # the game waits, intact
        cable.plug()
        chip = FakePn532(uid=NTAG)  # a fresh board: asleep until the reader wakes it
        _ticks(app, 300, cable, chip)  # 10 s: the reader's back-off finds the new port
        assert app.health.parts["reader"] == (True, "PN532 ready")
        assert app.lines[-1] != "" and any(line == "hardware: ok" for line in app.lines)
        drawn = [c for c in app.session.commands if c.get("cmd") == "draw"]
        assert drawn and drawn[-1]["card"] == "I-01"
        assert app.session.view()["deck"]["remaining"] == before["deck"]["remaining"] - 1
        assert app.journal.commands(app.session.game_id) == app.session.commands
    finally:
        app.hw.close()
        cable.unplug()


def test_led_write_errors_degrade_then_recover_while_the_game_goes_on(tmp_path):
    app = build_app(tmp_path)
    app.start(setup=SETUP)
    _ticks(app, 5)
    rng = random.Random(4)
    bot = bot_for("masters")
    for _ in range(90):  # 3 s of a strip whose every write fails (each reopened strip fails too)
        app.hw.pixels.fail_with = OSError(5, "Input/output error")
        if app.session.outcome() is None:  # the table keeps playing meanwhile
            assert app.submit(bot.choose(app.session.game, app.session.state, rng))
        _ticks(app, 1)
    # one steady report while every write fails, although the HAL reopens the strip at each check
    degraded = [line for line in app.lines if line.startswith("hardware: degraded")]
    assert len(degraded) == 1 and "write failed: [Errno 5] Input/output error" in degraded[0]
    assert not app.health.parts["leds"][0]
    assert app.journal.commands(app.session.game_id) == app.session.commands
    assert replayed_view(app.session.commands) == app.session.view()
    _ticks(app, 210)  # the strip works again: after a few quiet seconds it is shown as fine
    assert app.health.parts["leds"][0]
    shown = len(app.hw.pixels.frames)
    _ticks(app, round(LED_REFRESH_S / FPS_DT) + 1)  # within a refresh the strip takes a frame again
    assert len(app.hw.pixels.frames) > shown and strip_is_current(app)
    reports = [line for line in app.lines if line.startswith("hardware:")]
    assert any("write failed" in r for r in reports) and reports[-1] == "hardware: ok"


def test_pi_backend_on_a_pc_runs_headless_and_tells_systemd_what_is_missing(tmp_path):
    sock_path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(sock_path)
    sock.settimeout(60)
    env = dict(
        os.environ,
        NOTIFY_SOCKET=sock_path,
        COMPANION_STATE_DIR=str(tmp_path / "state"),
        COMPANION_CONFIG_DIR=str(tmp_path / "cfg"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("COMPANION_HAL", None)
    try:
        res = subprocess.run(
            [
                sys.executable,
                "-m",
                "companion",
                "run",
                "--headless",
                "--demo",
                "--backend",
                "pi",
                "--frames",
                "60",
                "--pace",
                "0",
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=90,
        )
        messages = []
        sock.settimeout(0.5)
        while True:
            try:
                messages.append(sock.recv(4096).decode())
            except (TimeoutError, BlockingIOError):
                break
    finally:
        sock.close()
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr
    ready = [m for m in messages if "READY=1" in m]
    assert ready, messages
    status = ready[0].split("STATUS=", 1)[1]
    assert status.startswith("degraded: ") and "LED strip not available" in status
    assert "round" in status  # the game is running behind the degraded parts
