"""Where the companion keeps its files (XDG base directories).

Config and taught card data: `$XDG_CONFIG_HOME/companion` (default `~/.config/companion`).
Journal and logs: `$XDG_STATE_HOME/companion` (default `~/.local/state/companion`).
`COMPANION_CONFIG_DIR` and `COMPANION_STATE_DIR` override both (tests and the systemd unit use them).
Folders are created 0700 and files 0600: a game journal is nobody else's business. Small files
(taught data, the start counter) are written atomically with `write_private`.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def config_dir() -> Path:
    """The user's config folder (not created)."""
    env = os.environ.get("COMPANION_CONFIG_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "companion"


def state_dir() -> Path:
    """The user's state folder (journal), not created."""
    env = os.environ.get("COMPANION_STATE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "companion"


def config_file() -> Path:
    """The user's config file."""
    return config_dir() / "config.toml"


def journal_file() -> Path:
    """The default journal database."""
    return state_dir() / "journal.sqlite3"


def ensure_private_dir(path: Path) -> Path:
    """Create `path` (and parents) with mode 0700 if missing; return it."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        os.chmod(path, 0o700)
    except OSError:
        pass
    return path


def write_private(path: Path, text: str) -> None:
    """Write `text` atomically: temp file in the same folder (0600), fsync, rename, fsync the folder."""
    folder = ensure_private_dir(Path(path).parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{Path(path).name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o600)
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
