"""A stop never drops a command (issue 32, point 1): a table playing "not saving" that is stopped keeps
its unsaved commands in a rescue file, and `companion journal rescue` puts them back.

The real process throughout: `companion run` (the table, headless, its players pressing through the
App as the screens would) on a real tmpfs filled to the last byte (root, as CI and this machine run;
skipped elsewhere) or on the fault-injecting VFS (tests/reliability/faultvfs.py) where no root is at
hand. The test stops it with SIGTERM, checks the exit status, the words on stderr and the rescue file,
frees the disk, rescues, and replays every game: every command the table accepted is in the journal.
"""

import errno
import os
import signal
import time
from pathlib import Path

import pytest

from tests.reliability.helpers import bot_script, small_tmpfs
from tests.reliability.writers import companion, games, holds, nothing_lost, scenario, spawn, stop

SCRIPT = bot_script("masters", 41, 70)
SAVED = 11  # the setup and 10 commands, played with the disk free
PRESSES = 60

# `python -c PRESSER ARGS`: the real `companion run ARGS` whose players resume game $RESUME_ID and,
# once $GO_FILE exists, press the commands of $PRESS_FILE one a frame (each through App.submit, as a
# screen's press is); $DONE_FILE then says how many the table accepted. With $FAULT_FILE the journal
# is opened on the fault-injecting VFS.
PRESSER = r"""
import json, os, runpy, sys
from pathlib import Path
sys.path.insert(0, os.environ["REPO_ROOT"])
if os.environ.get("FAULT_FILE"):
    from tests.reliability.faultvfs import install
    install(os.environ["FAULT_FILE"])
from companion.app import App
todo = [json.loads(line) for line in Path(os.environ["PRESS_FILE"]).read_text().splitlines() if line.strip()]
go, done, accepted = Path(os.environ["GO_FILE"]), Path(os.environ["DONE_FILE"]), []
_start, _tick = App.start, App.tick
def start(self, *args, **kw):
    _start(self, *args, **kw)
    self.dispatch({"intent": "resume", "id": int(os.environ["RESUME_ID"])})
def tick(self, *args, **kw):
    if todo and go.exists():
        if self.submit(todo.pop(0)):
            accepted.append(1)
        if not todo:  # whole or not at all: the test reads it the moment it exists
            done.with_suffix(".part").write_text(str(len(accepted)))
            done.with_suffix(".part").replace(done)
    _tick(self, *args, **kw)
App.start, App.tick = start, tick
sys.argv = ["companion", "run", *sys.argv[1:]]
runpy.run_module("companion", run_name="__main__")
"""


@pytest.fixture
def tmpfs(tmp_path):
    """A small tmpfs of our own (root only), unmounted afterwards."""
    yield from small_tmpfs(tmp_path, "4m", "the VFS test covers a full disk without it")


def _fill(folder: Path) -> Path:
    """Fill the file system of `folder` to the last byte; the filler file."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f:
        for size in (1 << 20, 1 << 12, 1):
            while True:
                try:
                    f.write(b"\0" * size)
                except OSError as exc:
                    assert exc.errno == errno.ENOSPC, exc
                    break
    return filler


def _wait_for(path: Path, timeout: float = 60.0) -> str:
    """The text of `path` once it exists."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists():
            return path.read_text()
        time.sleep(0.05)
    raise AssertionError(f"{path.name} never came")


def _play_unsaved_and_stop(tmp_path, journal: Path, fill, **extra):
    """Journal SAVED commands, start the table on them, `fill()` the disk, press PRESSES commands, SIGTERM:
    (exit status, stdout, stderr, how many the table accepted)."""
    part = scenario(tmp_path / "part.jsonl", SCRIPT[:SAVED])
    played = companion(tmp_path, "play", "--script", part, "--journal", journal, "--create")
    assert played.returncode == 0, played.stderr
    presses = scenario(tmp_path / "presses.jsonl", SCRIPT[SAVED : SAVED + PRESSES])
    go, done = tmp_path / "go", tmp_path / "done"
    table = spawn(
        tmp_path,
        "--headless",
        "--backend",
        "mock",
        "--journal",
        journal,
        probe=PRESSER,
        RESUME_ID="1",
        PRESS_FILE=str(presses),
        GO_FILE=str(go),
        DONE_FILE=str(done),
        **extra,
    )
    try:
        holds(journal, 1)  # the table plays game 1
        fill()
        go.write_text("")
        accepted = int(_wait_for(done))
        table.send_signal(signal.SIGTERM)
        out, err = table.communicate(timeout=20)
    finally:
        stop(table)
    return table.returncode, out, err, accepted


def _rescue_file(err: str) -> Path:
    """The rescue file the stop named on stderr."""
    line = next(line for line in err.splitlines() if "companion journal rescue" in line)
    return Path(line.split("companion journal rescue ")[1].split("`")[0])


def _rescue_and_check(tmp_path, journal: Path, err: str, figures, name: str) -> None:
    """`companion journal rescue FILE`, then every game replays and game 1 holds every accepted command."""
    rescue = _rescue_file(err)
    assert rescue.is_file() and oct(rescue.stat().st_mode & 0o777) == "0o600", rescue
    back = companion(tmp_path, "journal", "rescue", rescue, "--journal", journal)
    assert back.returncode == 0, back.stderr
    assert "put back game 1" in back.stdout, back.stdout
    assert not rescue.exists() and Path(f"{rescue}.done").is_file(), "kept as .done, never deleted"
    assert nothing_lost(journal, {1: SCRIPT[: SAVED + PRESSES]}) == {1: SCRIPT[: SAVED + PRESSES]}
    again = companion(tmp_path, "journal", "rescue", f"{rescue}.done", "--journal", journal)
    assert again.returncode == 1 and "put back already" in again.stderr
    figures.setdefault("Storage faults", {})[name] = (
        f"the table accepted {PRESSES} presses unsaved; SIGTERM: exit 1, stderr names the rescue file and the count;"
        f" `journal rescue` puts them back onto game 1: {SAVED + PRESSES} commands, 0 lost"
    )


def test_a_stop_on_a_full_disk_keeps_every_press_in_a_rescue_file(tmp_path, tmpfs, figures):
    """A real full disk: the journal's tmpfs is filled to the last byte while the table plays game 1."""
    journal = tmpfs / "journal.sqlite3"
    status, out, err, accepted = _play_unsaved_and_stop(tmp_path, journal, lambda: _fill(tmpfs))
    assert accepted == PRESSES
    assert status == 1, err
    assert f"{PRESSES} moves were not saved (not saving: the disk is full" in err, err
    assert "Traceback" not in err
    assert len(games(journal)[1]) < SAVED + PRESSES, "the disk was full: the journal lacks presses"
    assert _rescue_file(err).parent == tmp_path / "state", (
        "the journal's folder is full: the next place took it"
    )
    os.unlink(tmpfs / "filler")
    _rescue_and_check(tmp_path, journal, err, figures, "disk full (a real tmpfs), then stopped (SIGTERM)")


def test_a_stop_while_not_saving_keeps_every_press_in_a_rescue_file(tmp_path, figures):
    """The same on the fault-injecting VFS (no root needed): every journal write fails as a full disk."""
    journal = tmp_path / "journal.sqlite3"
    switch = tmp_path / "fault"
    switch.write_text("")
    status, out, err, accepted = _play_unsaved_and_stop(
        tmp_path, journal, lambda: switch.write_text("full"), FAULT_FILE=str(switch)
    )
    assert accepted == PRESSES and status == 1, err
    assert f"{PRESSES} moves were not saved (not saving: the disk is full" in err, err
    assert len(games(journal)[1]) == SAVED, "nothing after the fault was written"
    switch.write_text("")
    _rescue_and_check(tmp_path, journal, err, figures, "disk full (VFS), then stopped (SIGTERM)")
