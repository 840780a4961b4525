"""The names the table used last: the new-game wizard offers them as one-press choices.

Every name a game was set up with or renamed to is remembered across games, most recent first, each
once (as people tell names apart: "anna" is "Anna"), at most `KEEP` of them, in `names.json` in the
state folder (companion/paths.py: written atomically, 0600, or 0660 in a system install's shared
place). A file that cannot be read or is not what we write is ignored (the wizard then offers the
game's default names only), and a name in it that breaks the one name rule is left out; a file that
cannot be written changes nothing at the table. The loop hands the list to the screens in the shared
settings (`recent_names`); screens never read or write it themselves.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from companion import paths
from companion.rules.names import name_problem, nfc, same_name, seat_code

KEEP = 12  # a page of one-press choices in the wizard
FILE = "names.json"
SETTING = "recent_names"  # the shared settings' key the screens read the list from


def names_file() -> Path:
    """Where the names are kept."""
    return paths.state_dir() / FILE


def recent(path: Path | None = None) -> list[str]:
    """The remembered names, most recent first ([] when there is no usable file)."""
    try:
        data = json.loads((path or names_file()).read_text(encoding="utf-8"))
    except (OSError, ValueError):  # missing, unreadable or not JSON: nothing remembered
        return []
    found = data.get("names") if isinstance(data, Mapping) else None
    return _tidy(found if isinstance(found, list) else ())


def remember(names: Iterable[Any], path: Path | None = None) -> list[str]:
    """Put `names` first (in their order) before the ones remembered; save and return the list. A
    file that cannot be written leaves the list as it was (the table goes on)."""
    kept = _tidy([*names, *recent(path)])
    try:
        paths.write_private(
            path or names_file(), json.dumps({"names": kept}, ensure_ascii=False, indent=1) + "\n"
        )
    except OSError:
        return recent(path)
    return kept


def names_of(command: Mapping[str, Any]) -> list[str]:
    """The names a setup or rename command gives players (none for other commands, or a setup that
    seats the table by its size)."""
    if command.get("cmd") == "setup":
        names = command.get("names")
        return [n for n in names if isinstance(n, str)] if isinstance(names, list) else []
    if command.get("cmd") == "rename" and isinstance(command.get("names"), Mapping):
        return [n for n in command["names"].values() if isinstance(n, str)]
    return []


def _tidy(names: Iterable[Any]) -> list[str]:
    """Good names only (the one name rule, no seat's code), each once and in NFC, at most KEEP."""
    out: list[str] = []
    seen: set[str] = set()
    for name in names:
        if not isinstance(name, str) or name_problem(name) is not None or seat_code(name.strip()) is not None:
            continue
        name = nfc(" ".join(name.split()))
        if same_name(name) not in seen:
            seen.add(same_name(name))
            out.append(name)
    return out[:KEEP]
