"""The reliability suite: fast in `make test`, full (>= 200 process kills, power-loss cuts after every
write of four games, 1,000 damaged journals, long soak) in `make chaos`.

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
# The table of faults x writers x inputs: each row names the test whose assertions hold its count
# (edit the row with the test), carried into RELIABILITY.md by every `make chaos`.
FAULT_TABLE = Path(__file__).with_name("faults_table.md")


@pytest.fixture(scope="session")
def figures():
    """A dict tests put their measured figures in (section -> {name: value}). tests/conftest.py writes
    them once at the end of the run (`write_report`), the figures of a parallel run's workers merged."""
    return _FIGURES


def merge(figs: dict) -> None:
    """Add another process's figures (a pytest-xdist worker's) to this one's."""
    for section, values in figs.items():
        _FIGURES.setdefault(section, {}).update(values)


def write_report() -> None:
    """RELIABILITY.md and benchmarks/reliability.json from the figures, after a full run (CHAOS_FULL=1)."""
    if FULL and _FIGURES:
        _write_report(_FIGURES)


_HOW = (
    """How the journal's durability is shown:

- **Power loss** (tests/reliability/test_power_loss.py): the real journal, opened by the app's own
  factory (`open_journal`, only its connection injected), and session play bot
  games on an SQLite VFS written in Python with APSW that keeps, per file, only what was fsynced;
  the power is cut after every single write, truncate and sync, and each image is opened as the app
  would after the power came back. The same run with `synchronous=OFF` and `NORMAL` must lose
  acknowledged commands, or the method would prove nothing. It assumes the storage keeps what it
  acknowledged to an fsync: an SD card that acknowledges a flush it has not done is not modelled.
- **Process kills** (tests/reliability/test_process_kill.py): the headless app is SIGKILLed and
  restarted. The OS page cache survives a kill, so this shows crash safety, not power-loss safety
  (it passes with `synchronous=OFF` too).
- **Damaged journals** (tests/reliability/test_corrupt_journal.py): the app is started on 1,000
  journals damaged in eight ways; it must start every time and keep every damaged file.
- **Doctor's journal fixes** (tests/reliability/test_doctor_fixes.py): for each journal fault doctor
  diagnoses, every command of the fix it prints is run with `bash -c` against that fault (root-only
  steps go to a recording `sudo`), also with Debian 12's `sqlite3` (no `.recover`) and with none;
  every game of the journal before the fault must replay to the same view afterwards.
- **Kill during recover** (tests/reliability/test_recover_kill.py): `companion journal recover` is
  SIGKILLed after N games were imported and at random moments; the damaged file must be unchanged,
  the journal sound with whole games only, and the next run must finish with every game once.
- **One writer per game** (tests/reliability/test_one_writer.py, test_scenario_identity.py): real
  `companion` processes try to write a game another live process holds (a second `run --script --ack`,
  `play --resume`, `journal undo/redo/delete`); a holder is SIGKILLed; raw SQLite changes a game under
  the table; scenarios meet games that are and are not theirs. Each test ends by replaying every
  journaled game and checking every acknowledged command is in it.
- **Storage faults** (tests/reliability/test_storage_faults.py): a full disk, a read-only journal and
  I/O errors at the start and mid-game, injected by an APSW VFS under the app's factory, plus a real
  EFBIG from the kernel (RLIMIT_FSIZE lowered under a running `companion run`) and a real tmpfs
  remounted read-only. The same replay check ends each.
""".splitlines()
    + [""]
)


def _write_report(figs: dict) -> None:
    """RELIABILITY.md from the recorded figures."""
    lines = [
        "# Reliability",
        "",
        "Written by `make chaos` (the reliability suite with CHAOS_FULL=1; its fast part runs in `make test`).",
        f"Run: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, Python {os.sys.version.split()[0]}.",
        "",
        *_HOW,
    ]
    lines += [*FAULT_TABLE.read_text().splitlines(), ""]
    for section, values in figs.items():
        lines += [f"## {section}", "", "| figure | value |", "|---|---|"]
        lines += [f"| {k} | {v} |" for k, v in values.items()]
        lines.append("")
    (ROOT / "RELIABILITY.md").write_text("\n".join(lines))
    (ROOT / "benchmarks").mkdir(exist_ok=True)
    (ROOT / "benchmarks" / "reliability.json").write_text(json.dumps(figs, indent=2) + "\n")
