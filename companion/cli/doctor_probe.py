"""What `companion doctor` reads from the machine, in one place: files under a root folder, the
environment, user and groups, installed packages, the SDL driver, the journal. Tests re-root it or
subclass it to run doctor "on a Pi" and "on a broken Pi" on any PC.

It is the HAL's own probe (`companion.hal.pi.SystemProbe`) plus what only doctor asks
(`companion.cli.doctor_pi.PiProbe`: screen, sound, file places, the Pi 5 UART). The machine's kind
(`Board`, `board_of`) and config.txt's reader (`boot_settings`) are doctor_base's, named here too.
"""

from __future__ import annotations

import glob as globmod
import os
import shutil
import subprocess
import sys
from pathlib import Path

from companion.cli.doctor_base import MODEL, Board, board_of, boot_settings, child_answer
from companion.cli.doctor_journal import JournalProbe
from companion.cli.doctor_pi import PiProbe
from companion.cli.doctor_screen import ScreenProbe
from companion.cli.doctor_sound import SoundProbe
from companion.hal.pi import SystemProbe
from companion.i18n import ngettext

__all__ = ["MODEL", "Board", "Probe", "board_of", "boot_settings", "nearest_existing"]

_SDL_PROBE = (
    "import pygame\n"
    "try:\n"
    "    pygame.display.init()\n"
    "    print('driver=' + pygame.display.get_driver())\n"
    "except Exception as exc:\n"
    "    print('error=' + str(exc))\n"
)


class Probe(SystemProbe, PiProbe, ScreenProbe, SoundProbe, JournalProbe):
    """The machine as doctor sees it. Files are read under `root`; tests subclass or re-root it.

    It is the HAL's own probe (`companion.hal.pi.SystemProbe`: Pi or not, devices, root), so doctor
    picks the LED driver with the very rules `companion run` uses.

    The screen, sound, file-place and Pi 5 UART probes live in `companion.cli.doctor_pi.PiProbe`,
    `companion.cli.doctor_screen.ScreenProbe` (GBM, boot target), `companion.cli.doctor_sound.SoundProbe`
    and, for the journal (read-only file system, mount point), `companion.cli.doctor_journal.JournalProbe`.
    """

    def __init__(self, root: str | os.PathLike = "/", env=None, config_path: str | None = None):
        """`root`: where `/dev`, `/proc`, `/boot`, `/etc` live; `env`: environment (os.environ)."""
        self.root = Path(root)
        self.euid = None  # the real effective user
        self.env = dict(os.environ if env is None else env)
        self.config_path = config_path

    def exists(self, p: str) -> bool:
        """Whether the file or device `p` exists."""
        return self.path(p).exists()

    def read_text(self, p: str) -> str | None:
        """The text of `p` (NULs dropped, as in device-tree files), or None."""
        try:
            return self.path(p).read_bytes().decode("utf-8", "replace").replace("\0", "")
        except OSError:
            return None

    def glob(self, pattern: str) -> list[str]:
        """System paths matching `pattern`, sorted."""
        root = str(self.root).rstrip("/")
        return sorted("/" + os.path.relpath(m, root) for m in globmod.glob(str(self.path(pattern))))

    def user(self) -> str:
        """The name of the user running doctor."""
        import pwd

        try:
            return pwd.getpwuid(os.geteuid()).pw_name
        except KeyError:
            return str(os.geteuid())

    def groups(self) -> set[str]:
        """Names of the groups this process has."""
        import grp

        names = set()
        for gid in {*os.getgroups(), os.getegid()}:
            try:
                names.add(grp.getgrgid(gid).gr_name)
            except KeyError:
                pass
        return names

    def python_version(self) -> tuple[int, ...]:
        """This interpreter's version."""
        return tuple(sys.version_info[:3])

    def pip(self) -> str:
        """The pip command for the environment doctor runs in."""
        return f"{sys.executable} -m pip"

    def dist_version(self, dist: str) -> str | None:
        """The installed version of distribution `dist`, or None."""
        from importlib import metadata

        try:
            return metadata.version(dist)
        except metadata.PackageNotFoundError:
            return None

    def has_module(self, name: str) -> bool:
        """Whether `name` could be imported, without importing it (RPi.GPIO raises on a PC)."""
        from importlib.util import find_spec

        try:
            return find_spec(name) is not None
        except (ImportError, ValueError):
            return False

    def import_module(self, name: str):
        """Import `name` for real (the LED stack check goes through this)."""
        import importlib

        return importlib.import_module(name)

    def led_stack(self, driver: str):
        """None when every module the LED `driver` imports loads here, else the HAL's LedStackError."""
        from companion.hal.pi import LedStackError, load_led_stack

        try:
            load_led_stack(driver, self.import_module)
        except LedStackError as exc:
            return exc
        return None

    def cwd_writable(self) -> bool:
        """Whether the working directory is writable (lgpio puts a pipe there)."""
        return os.access(os.getcwd(), os.W_OK)

    def sdl_video_driver(self) -> tuple[str | None, str]:
        """(driver pygame picks, error) without opening a window, in a child process."""
        env = {**self.env, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        try:
            res = subprocess.run(
                [sys.executable, "-c", _SDL_PROBE], env=env, capture_output=True, text=True, timeout=30
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return None, f"probe failed: {exc}"
        return child_answer(res, "driver")

    def load_config(self):
        """The validated config (`companion.gamedata.config.load`); raises DataFileError."""
        from companion.gamedata import config

        return config.load(self.config_path)

    def default_config(self):
        """The built-in config, used for the hardware checks when the user's file is broken."""
        from companion.gamedata import config

        return config.default()

    def load_game_data(self) -> str:
        """Load every game's shipped and taught data (raises DataFileError for a bad file): its
        plugin's `check`, else the game made over its shipped data."""
        from companion.plugins import games, verify
        from companion.rules import load_game

        found = {gid: g for gid, g in games().items() if verify(g) is None}  # the others: `games`' WARN rows
        for gid, game in found.items():
            if game.check() is None:  # a check of its own fails on taught data the table would skip
                load_game(gid)
        return ngettext("the data of {n} game loads", "the data of all {n} games loads", len(found)).format(
            n=len(found)
        )

    def games(self) -> tuple[list[str], tuple, tuple]:
        """(the ids of the games found, the game plugins skipped, the games found whose engine or bot
        does not load: `companion.plugins.Problem`s)."""
        from companion.plugins import games, problems, unplayable

        return list(games()), problems(), unplayable()

    def state_dir(self) -> Path:
        """The state folder (journal, start counter)."""
        from companion import paths

        return paths.state_dir()

    def journal_file(self) -> Path:
        """The journal database."""
        from companion import paths

        return paths.journal_file()

    def writable(self, path: Path) -> bool:
        """Whether `path` (or, if missing, its nearest existing parent) is writable."""
        return os.access(nearest_existing(path), os.W_OK)

    def free_bytes(self, path: Path) -> int:
        """Free bytes on the file system holding `path`."""
        return shutil.disk_usage(nearest_existing(path)).free

    def start_failures(self) -> int:
        """Failed starts in a row recorded by StartGuard."""
        from companion.runtime.startguard import StartGuard

        return StartGuard(self.state_dir()).count()


def nearest_existing(path: Path) -> Path:
    """`path` or its closest existing parent."""
    path = Path(path)
    while not path.exists() and path != path.parent:
        path = path.parent
    return path
