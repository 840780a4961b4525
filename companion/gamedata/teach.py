"""What every game's teaching shares: where taught files live, and the error for taught input.

The table teaches what a box holds and no public source lists (README.md, "Game data"); each game
that does keeps its files under the user's config folder (`base_dir()`, a folder of the game's own in
it) and its own teaching module (Masters of the Night's cards and tracker, Armata Strigoi's box).
Bad taught input raises `TeachError` (a CommandError) saying what is wrong; nothing is written.
"""

from __future__ import annotations

from pathlib import Path

from companion import paths
from companion.errors import CommandError


class TeachError(CommandError):
    """Taught input that cannot be saved (bad cell, unknown key, unprintable tag...); `field` names
    the field at fault where one does ("red", "blue")."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def base_dir(base: Path | str | None = None) -> Path:
    """The user's config folder (or `base`, for tests and imports into another folder)."""
    return Path(base) if base is not None else paths.config_dir()
