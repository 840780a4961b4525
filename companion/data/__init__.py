"""Game data we ship, as TOML files (our own short paraphrases; unchecked numbers say verified = false).

`shipped_dir(game)` is the folder of one game's files; `companion.gamedata.loader` loads and validates them.
"""

from __future__ import annotations

from pathlib import Path


def shipped_dir(game: str) -> Path:
    """The folder holding the shipped data files of `game` (e.g. "masters")."""
    return Path(__file__).resolve().parent / game
