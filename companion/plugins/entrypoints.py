"""Which games are installed: the `nightwatch.games` entry points, read without importlib.metadata.

A game registers like any Python plugin: its distribution declares

    [project.entry-points."nightwatch.games"]
    tiles = "tiles_game:Tiles"

and pip writes that into the `entry_points.txt` of its `*.dist-info` folder (an editable install
too; a source tree that setuptools built in place has a `*.egg-info` folder beside it). The five
shipped games are declared the same way in pyproject.toml.

`importlib.metadata.entry_points()` reads the same files, but importing it costs 20-40 ms, and the
games are found on the way to READY. So `read(path)` does only what is needed here: one `os.scandir`
of each folder on the path, and the `[nightwatch.games]` section of each distribution's
`entry_points.txt`. Like importlib.metadata, the first distribution of a name on the path wins (an
older copy further down is not read). Nothing is imported: an entry point names its game's
GamePlugin class ("module:Class"), loaded by `companion.plugins` when the games are listed.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable

from companion.records import Named

GROUP = "nightwatch.games"
HOME = "nightwatch-companion"  # our own distribution: its games are read before any plugin's
_SUFFIXES = (".dist-info", ".egg-info")
# the standard library's folders hold no distributions: not looked into (a tenth of a millisecond a start)
_STDLIB = os.path.dirname(os.__file__)
_SKIP = frozenset({_STDLIB, os.path.join(_STDLIB, "lib-dynload")})


class EntryPoint(Named):
    """One line of the group: `name = value`, declared by distribution `dist` (normalised name)."""

    name: str
    value: str
    dist: str

    @property
    def module(self) -> str:
        """The module part of the value ("tiles_game" of "tiles_game:Tiles")."""
        return self.value.partition(":")[0].strip()

    @property
    def attr(self) -> str:
        """The attribute part of the value ("Tiles"; empty when the value names a module only)."""
        return self.value.partition(":")[2].strip()


def read(path: Iterable[str] | None = None) -> tuple[EntryPoint, ...]:
    """Every entry point of the `nightwatch.games` group on `path` (default: sys.path): our own
    distribution's first, then the others in path order; one distribution of each name."""
    seen: set[str] = set()
    found: list[EntryPoint] = []
    for folder in sys.path if path is None else path:
        if folder in _SKIP:
            continue
        for meta in _metadata_folders(folder or "."):  # "" on sys.path is the working directory
            dist = _dist_name(meta)
            if dist in seen:
                continue
            seen.add(dist)
            text = _text(os.path.join(folder or ".", meta, "entry_points.txt"))
            if text is not None and f"[{GROUP}]" in text:
                found.extend(EntryPoint(name, value, dist) for name, value in section(text, GROUP))
    return tuple(sorted(found, key=lambda ep: ep.dist != HOME))  # a stable sort: path order stays


def home(path: Iterable[str] | None = None) -> tuple[EntryPoint, ...]:
    """The entry points of our own distribution alone (the first one on the path, as `read` takes it):
    the shipped games, which `read` puts first, found without reading every distribution's file."""
    for folder in sys.path if path is None else path:
        if folder in _SKIP:
            continue
        for meta in _metadata_folders(folder or "."):
            if meta[:10].lower() == HOME[:10] and _dist_name(meta) == HOME:
                text = _text(os.path.join(folder or ".", meta, "entry_points.txt")) or ""
                return tuple(EntryPoint(name, value, HOME) for name, value in section(text, GROUP))
    return ()


def section(text: str, group: str = GROUP) -> list[tuple[str, str]]:
    """The `name = value` pairs of one [group] of an entry_points.txt (an INI file); extras
    (`value [extra]`) and comments left out."""
    out = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            inside = line == f"[{group}]"
            continue
        name, eq, value = line.partition("=")
        if inside and eq:
            out.append((name.strip(), re.sub(r"\s*\[.*\]\s*$", "", value.strip())))
    return out


def _metadata_folders(folder: str) -> list[str]:
    """The distribution metadata folders right in `folder`, sorted (none when it is no folder)."""
    try:
        with os.scandir(folder) as entries:
            return sorted(e.name for e in entries if e.name.endswith(_SUFFIXES) and e.is_dir())
    except OSError:  # a zip file, or a folder that is gone: nothing installed there, as for imports
        return []


def _dist_name(folder: str) -> str:
    """ "nightwatch_companion-0.1.0.dist-info" or "nightwatch_companion.egg-info" ->
    "nightwatch-companion" (PEP 503's normal form: one name however it is spelt)."""
    stem = folder.rsplit(".", 1)[0].partition("-")[0]
    return re.sub(r"[-_.]+", "-", stem).lower()


def _text(path: str) -> str | None:
    """The file's text, or None when it is missing or does not read."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError):
        return None
