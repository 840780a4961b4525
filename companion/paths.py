"""Where the companion keeps its files.

On a Pi set up by `systemd/install.sh` (the folder `/etc/companion` exists) every command, the
service and a maker's `companion doctor` / `hw-test` alike, uses the same two places:
config and taught card data in `/etc/companion`, the journal and start counter in `/var/lib/companion`.
Both belong to the service's group (`companion`); the installer puts the login user in that group, so
the folders are 2770 (group members read and write, new files keep the group) and files 0660.

Anywhere else (a PC, a Pi without the installer) the XDG places of the user running it are used:
config in `$XDG_CONFIG_HOME/companion` (`~/.config/companion`), state in `$XDG_STATE_HOME/companion`
(`~/.local/state/companion`), folders 0700 and files 0600: a game journal is nobody else's business.

`COMPANION_CONFIG_DIR` and `COMPANION_STATE_DIR` override both (tests, unusual layouts). Small files
(taught data, the start counter) are written atomically with `write_private`.
"""

from __future__ import annotations

import os
from pathlib import Path

SYSTEM_CONFIG_DIR = Path("/etc/companion")  # made by the installer: its presence marks a system install
SYSTEM_STATE_DIR = Path("/var/lib/companion")  # the service's StateDirectory
SHARED_DIR_MODE = 0o2770  # the service's group reads and writes; setgid keeps new files in that group
SHARED_FILE_MODE = 0o660
PRIVATE_DIR_MODE = 0o700
PRIVATE_FILE_MODE = 0o600
SHARED_UMASK = 0o007  # what files made in the shared places need (sqlite's -wal and -shm follow the umask)
NO_ACCESS = (
    "permission denied: the service's files are for its group; join it with "
    "`sudo usermod -aG companion $USER`, then log out and back in (`companion doctor` says more)"
)


def system_install() -> bool:
    """Whether the installer set this machine up (then the system places are the default)."""
    return SYSTEM_CONFIG_DIR.is_dir()


def config_dir() -> Path:
    """The config folder (not created)."""
    return _place("COMPANION_CONFIG_DIR", SYSTEM_CONFIG_DIR, "XDG_CONFIG_HOME", (".config",))


def state_dir() -> Path:
    """The state folder (journal), not created."""
    return _place("COMPANION_STATE_DIR", SYSTEM_STATE_DIR, "XDG_STATE_HOME", (".local", "state"))


def _place(override: str, system: Path, xdg: str, home_default: tuple[str, ...]) -> Path:
    """One of our folders: `$override`, else the `system` place on a system install, else
    `$xdg/companion` (`~/<home_default>/companion` when that variable is unset)."""
    env = os.environ.get(override)
    if env:
        return Path(env)
    if system_install():
        return system
    base = os.environ.get(xdg) or str(Path.home().joinpath(*home_default))
    return Path(base) / "companion"


def config_file() -> Path:
    """The config file."""
    return config_dir() / "config.toml"


def journal_file() -> Path:
    """The default journal database."""
    return state_dir() / "journal.sqlite3"


def shared(path: Path) -> bool:
    """Whether `path` lies in one of the system places shared by the service and its group."""
    path = Path(os.path.abspath(path))
    return any(path == base or base in path.parents for base in (SYSTEM_CONFIG_DIR, SYSTEM_STATE_DIR))


def file_mode(path: Path) -> int:
    """The mode a new file at `path` gets: 0660 in the shared places, 0600 elsewhere."""
    return SHARED_FILE_MODE if shared(path) else PRIVATE_FILE_MODE


def use_shared_umask() -> None:
    """On a system install, let files this process makes stay writable by the service's group."""
    if system_install():
        old = os.umask(0)
        os.umask((old | SHARED_UMASK) & ~0o070)


def ensure_private_dir(path: Path) -> Path:
    """Create `path` (and parents) if missing, 2770 in the shared places and 0700 elsewhere; return it."""
    mode = SHARED_DIR_MODE if shared(path) else PRIVATE_DIR_MODE
    path.mkdir(parents=True, exist_ok=True, mode=mode & 0o777)
    try:
        os.chmod(path, mode)
    except OSError:  # not ours to change (e.g. /etc/companion belongs to root): keep what the installer set
        pass
    return path


def write_private(path: Path, text: str) -> None:
    """Write `text` atomically: temp file in the same folder, fsync, rename, fsync the folder.

    The file is 0600, or 0660 in the shared places (so the service and the login user both read it).
    """
    import tempfile  # only written files need it, not every start

    folder = ensure_private_dir(Path(path).parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{Path(path).name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, file_mode(Path(path)))
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
