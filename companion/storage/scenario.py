"""Scenario files: a game as JSON Lines, one command a line (`companion play`, `companion run --script`,
`companion journal export`). Blank lines and lines starting with # or // are comments.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from companion.errors import DataFileError


def load_scenario(path: str) -> list[tuple[int, dict]]:
    """Read and parse a scenario file; DataFileError (exit 2) if it cannot be read or parsed."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataFileError(path, None, None, f"cannot read: {exc}") from None
    return read_scenario(text.splitlines(), path)


def read_scenario(lines: Iterable[str], path: str = "<scenario>") -> list[tuple[int, dict]]:
    """Parse JSON Lines into (line number, command) pairs; DataFileError on a bad line."""
    out = []
    for no, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith("#") or text.startswith("//"):
            continue
        try:
            cmd = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DataFileError(path, no, None, f"not valid JSON: {exc.msg} (column {exc.colno})") from None
        if not isinstance(cmd, dict) or not isinstance(cmd.get("cmd"), str):
            raise DataFileError(path, no, "cmd", 'each line must be a JSON object with a "cmd" string')
        out.append((no, cmd))
    if not out:
        raise DataFileError(path, None, None, "no commands in the scenario")
    return out
