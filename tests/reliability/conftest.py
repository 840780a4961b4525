"""The reliability suite: fast in `make test`, full (>= 200 process kills, power-loss cuts after every
write of six games, 1,000 damaged journals, long soak) in `make chaos`.

With CHAOS_FULL=1 the figures each test records are written to RELIABILITY.md at the end.
"""

import json
import os
import time
from pathlib import Path

import pytest

FULL = os.environ.get("CHAOS_FULL") == "1"
ROOT = Path(__file__).resolve().parents[2]
_FIGURES: dict[str, dict] = {}


@pytest.fixture(scope="session")
def figures():
    """A dict tests put their measured figures in (section -> {name: value})."""
    yield _FIGURES
    if FULL and _FIGURES:
        _write_report(_FIGURES)


def _write_report(figs: dict) -> None:
    """RELIABILITY.md from the recorded figures."""
    lines = ["# Reliability", "",
             "Written by `make chaos` (the reliability suite with CHAOS_FULL=1; its fast part runs in `make test`).",
             f"Run: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, Python {os.sys.version.split()[0]}.", ""]
    for section, values in figs.items():
        lines += [f"## {section}", "", "| figure | value |", "|---|---|"]
        lines += [f"| {k} | {v} |" for k, v in values.items()]
        lines.append("")
    (ROOT / "RELIABILITY.md").write_text("\n".join(lines))
    (ROOT / "benchmarks").mkdir(exist_ok=True)
    (ROOT / "benchmarks" / "reliability.json").write_text(json.dumps(figs, indent=2) + "\n")
