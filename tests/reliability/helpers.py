"""Test-only helpers for the reliability suite: a UI that counts what reaches it, a pty cable and a
loop:// device for readers, memory readings and the games' bots."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import serial

from companion.app import App
from companion.gamedata import config
from companion.hal import open_hardware
from companion.hal.clock import FakeClock
from companion.inputs import ButtonEvent, CardRead, Press
from companion.plugins import games
from companion.rules import load_game
from companion.runtime.parts import Parts
from companion.runtime.sources import bot_for  # noqa: F401  (the suite takes bots from here)
from companion.storage.journal import Journal
from tests.fakes import Cable  # noqa: F401  (the suite takes it from here)

UI_SIZE = (800, 480)
GAME_SETUPS = {
    "masters": {
        "cmd": "setup",
        "game": "masters",
        "vampires": ["Imre", "Mila"],
        "difficulty": "easy",
        "seed": 5,
    },
    "nosferatu": {"cmd": "setup", "game": "nosferatu", "players": 5, "seed": 5},
    "mansion": {"cmd": "setup", "game": "mansion", "players": 3, "seed": 5},
    "one-night": {"cmd": "setup", "game": "one-night", "players": 4, "seed": 5},
    "strigoi": {"cmd": "setup", "game": "strigoi", "players": 3, "seed": 5},
}
# every other installed game (a plugin: the toy game `make test` installs) from its own example setup
GAME_SETUPS.update({gid: load_game(gid).example_setup(3, 5) for gid in games() if gid not in GAME_SETUPS})


def counting_ui():
    """A TableUI at 800x480 that remembers every HAL event handed to it (`seen`)."""
    from companion.ui.table import TableUI

    class CountingUI(TableUI):
        """TableUI plus a record of the virtual buttons and card reads it was given."""

        def __init__(self, *args, **kw):
            super().__init__(*args, **kw)
            self.seen: list = []

        def handle(self, event, t=None):
            """Record HAL events, then handle them as usual."""
            if isinstance(event, (ButtonEvent, CardRead)):
                self.seen.append(event)
            return super().handle(event, t)

        def shorts(self) -> int:
            """How many debounced short presses arrived."""
            return sum(1 for e in self.seen if isinstance(e, ButtonEvent) and e.kind is Press.SHORT)

    return CountingUI(UI_SIZE)


def screen_surface():
    """A pygame display surface at 800x480 under the dummy video driver (events work on it)."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode(UI_SIZE)


def build_app(
    tmp_path,
    *,
    cfg=None,
    backend="mock",
    ui=None,
    surface=None,
    source=None,
    clock=None,
    journal=True,
    **hw_kw,
) -> App:
    """An App on `backend` with a FakeClock, a journal in tmp_path and its log lines in `app.lines`."""
    cfg = cfg or config.default()
    hw = open_hardware(cfg, backend=backend, clock=clock or FakeClock(), **hw_kw)
    j = Journal(Path(tmp_path) / "journal.sqlite3") if journal else None
    lines: list[str] = []
    app = App(Parts(cfg, hw, j, ui=ui, surface=surface, source=source, log=lines.append))
    app.lines = lines
    return app


def reachable_states(game_id: str, seed: int, steps: int):
    """(game, states): a setup state and the states after up to `steps` bot moves."""
    game, _commands, states = _bot_game(game_id, seed, steps)
    return game, states


def bot_script(game_id: str, seed: int, commands: int) -> list[dict]:
    """A bot-played game as canonical commands (setup first): a valid scenario."""
    return _bot_game(game_id, seed, commands)[1]


def setup_of(game, seed: int) -> dict:
    """The setup a test plays `game` from: GAME_SETUPS' table of a shipped game, else the game's own
    example setup (a plugin's), with `seed`."""
    return dict(GAME_SETUPS.get(game.id) or game.example_setup(None, seed), seed=seed)


def _bot_game(game_id: str, seed: int, steps: int):
    """(game, canonical commands, states) of a seeded setup and up to `steps` bot moves."""
    game = load_game(game_id)
    bot = bot_for(game_id)
    rng = random.Random(seed)
    commands = [game.canonical(None, setup_of(game, seed))]
    state, _ = game.setup(commands[0])
    states = [state]
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        commands.append(game.canonical(state, bot.choose(game, state, rng)))
        state, _ = game.apply(state, commands[-1])
        states.append(state)
    return game, commands, states


def rss_kb() -> int:
    """Resident set size of this process now, in kB (VmRSS from /proc/self/status)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


class LoopDevice:
    """A serial device at the far end of a `loop://` port: the test writes into `port`, the reader
    opens it through `opener`.

    What the reader writes back is kept in `answers` instead of looping back to it (a real device
    does not echo the host's bytes).
    """

    def __init__(self):
        self.port = serial.serial_for_url("loop://", timeout=0)
        self.answers = bytearray()

    def opener(self, url, baud):
        """What the reader calls instead of pyserial."""
        return self

    def read(self, n: int) -> bytes:
        """Bytes the test wrote, as the device sent them."""
        return self.port.read(n)

    def write(self, data: bytes) -> int:
        """The reader's answer: kept, not echoed."""
        self.answers += data
        return len(data)

    def close(self) -> None:
        """Close the loop port."""
        self.port.close()


def small_tmpfs(tmp_path: Path, size: str, without: str):
    """A generator for a fixture: a tmpfs of `size` mounted at tmp_path/mnt (root only; CI runs as
    root), unmounted afterwards; skipped saying `without` (what covers the case then) elsewhere."""
    import pytest

    where = tmp_path / "mnt"
    where.mkdir()
    if subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True
    ).returncode:
        pytest.skip(f"mounting a tmpfs needs root (CI runs as root); {without}")
    yield where
    subprocess.run(["umount", "-l", str(where)], capture_output=True)
