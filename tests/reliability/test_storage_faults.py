"""Storage faults are states, not crashes: a full disk, a read-only journal and I/O errors, at the start and
in the middle of a game.

The table (the real App and its journal, opened by the app's factory with only its connection on a
fault-injecting SQLite VFS, tests/reliability/faultvfs.py) plays on, not saving: the status light
turns amber, the banner and STATUS= say why, and when the disk is back it saves again from a clean
point. A scenario run (`companion run --script --ack`, a real process) never prints `ack N` for a
command that was not saved: it stops with exit 1. A real I/O error comes from the kernel too
(RLIMIT_FSIZE: the journal's writes past the limit fail with EFBIG, SQLite's IOERR), and a real
read-only file system from a tmpfs remounted read-only (needs root, as CI and this machine run).
Every test ends by replaying every journaled game: nothing acknowledged is lost.
"""

import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from companion.app import App
from companion.gamedata import config
from companion.hal import open_hardware
from companion.hal.clock import FakeClock
from companion.runtime.parts import Parts
from companion.storage.opening import open_journal
from tests.fakes import Notifier
from tests.reliability.faultvfs import PROBE, FaultVFS
from tests.reliability.helpers import bot_script, small_tmpfs
from tests.reliability.powerloss import apsw_connect
from tests.reliability.writers import acks, companion, env, games, nothing_lost, scenario, spawn, stop

SCRIPT = bot_script("masters", 41, 60)
WHY = {
    "full": "not saving: the disk is full",
    "read-only": "not saving: the journal is read-only",
    "io": "not saving: the disk reported an I/O error",
}


def _table(tmp_path, vfs, create=True):
    """The table's App (no screen, no source: it keeps playing unsaved) on the factory's journal over `vfs`."""
    path = tmp_path / "journal.sqlite3"

    def opener():
        return open_journal(path, who="table", create=create, connect=apsw_connect(vfs.name), probe=True)

    try:
        journal, missing = opener(), {}
    except Exception as exc:  # noqa: BLE001 - as run.py: no journal, the table starts all the same
        journal, missing = None, {"journal": f"no journal, games are not saved: {exc}"}
    cfg = config.default()
    hw = open_hardware(cfg, backend="mock", clock=FakeClock())
    lines = []
    app = App(Parts(cfg, hw, journal, log=lines.append, notifier=Notifier(), missing=missing, reopen=opener))
    app.lines = lines
    return app, path


def _after(app, seconds: float) -> None:
    """Let the loop run `seconds` on its fake clock (the retries' back-off passes)."""
    for _ in range(int(seconds * 10)):
        app.clock.advance(0.1)
        app.tick()


@pytest.mark.parametrize("fault", ["full", "read-only", "io"])
def test_a_fault_mid_game_plays_on_unsaved_then_saves_again(tmp_path, figures, fault):
    vfs = FaultVFS(f"mid{fault}")
    try:
        app, path = _table(tmp_path, vfs)
        app.start(setup=SCRIPT[0])
        for cmd in SCRIPT[1:21]:
            assert app.submit(cmd)
        app.tick()
        assert app.health.level().name == "OK"
        vfs.fault = fault
        for cmd in SCRIPT[21:31]:
            assert app.submit(cmd), "the game goes on in memory"
        app.dispatch({"intent": "undo"})  # an undo while not saving, too
        app.tick()  # the same frame's health look: amber, banner, STATUS=
        assert app.health.parts["journal"] == (False, WHY[fault] + "; 11 moves not saved yet"), (
            "10 commands, 1 undo"
        )
        assert app.health.level().name != "OK" and WHY[fault] in app.notifier.statuses[-1]
        assert games(path)[1] == SCRIPT[:21], "nothing more was written"
        _after(app, 5)
        assert app.session.saved is False  # still failing: it keeps trying with back-off
        vfs.fault = None
        _after(app, 40)  # the back-off has grown; at most RETRY_MAX_S
        assert app.session.saved and "journal" not in app.health.parts
        assert any("saving again: game 1 is saved" in line for line in app.lines)
        assert app.notifier.statuses[-1].startswith("ok")
        assert app.submit(SCRIPT[30])
        played = SCRIPT[:30] + [SCRIPT[30]]
        assert app.session.commands == played
        app.journal.close()
    finally:
        vfs.unregister()
    found = nothing_lost(path, {1: played})
    assert found == {1: played}, "the journal holds exactly the game the table played"
    figures.setdefault("Storage faults", {})[f"{fault} mid-game, at the table"] = (
        f"plays on unsaved (amber, banner, STATUS=), 10 commands and an undo in memory, saves again in one"
        f" transaction when the disk is back: {len(played)} commands played, 0 lost"
    )


@pytest.mark.parametrize("fault", ["full", "read-only"])
def test_a_fault_at_the_start_is_in_the_first_status_and_the_game_is_saved_later(tmp_path, figures, fault):
    vfs = FaultVFS(f"start{fault}")
    try:
        app0, path = _table(tmp_path, vfs)  # a journal with an unfinished game
        app0.start(setup=SCRIPT[0])
        for cmd in SCRIPT[1:11]:
            assert app0.submit(cmd)
        app0.journal.close()
        vfs.fault = fault
        app, _ = _table(tmp_path, vfs, create=False)
        assert app.health.parts["journal"] == (False, WHY[fault]), "the first STATUS= already says it"
        app.start(setup=SCRIPT[0])  # the game is found and resumed, not saving
        assert app.session.commands == SCRIPT[:11] and not app.session.saved
        for cmd in SCRIPT[11:16]:
            assert app.submit(cmd)
        vfs.fault = None
        _after(app, 5)
        assert app.session.saved and "journal" not in app.health.parts
        app.journal.close()
    finally:
        vfs.unregister()
    assert nothing_lost(path, {1: SCRIPT[:16]}) == {1: SCRIPT[:16]}
    figures.setdefault("Storage faults", {})[f"{fault} at the start, at the table"] = (
        "the first health (READY's STATUS=) says not saving; the unfinished game is resumed and played"
        " unsaved, saved when the disk is back: 16 commands, 0 lost"
    )


def test_no_journal_at_the_start_the_table_plays_and_saves_the_game_once_it_can(tmp_path, figures):
    """The journal cannot even be made at the start (every write fails): the table starts all the
    same, says so, plays a new game unsaved, and writes the whole game once the disk is back."""
    vfs = FaultVFS("nojournal")
    vfs.fault = "io"
    try:
        app, path = _table(tmp_path, vfs)
        assert app.journal is None and "no journal, games are not saved" in app.health.parts["journal"][1]
        app.start(setup=SCRIPT[0])
        for cmd in SCRIPT[1:9]:
            assert app.submit(cmd)
        assert not app.session.saved
        vfs.fault = None
        _after(app, 5)
        assert app.journal is not None and app.session.saved and "journal" not in app.health.parts
        assert app.submit(SCRIPT[9])
        app.journal.close()
    finally:
        vfs.unregister()
    assert nothing_lost(path, {1: SCRIPT[:10]}) == {1: SCRIPT[:10]}
    figures.setdefault("Storage faults", {})["no journal at the start (it cannot be made), at the table"] = (
        "starts, says so, plays a new game unsaved; the journal is opened on a retry and the whole game"
        " written in one transaction: 10 commands, 0 lost"
    )


def test_a_scenario_run_stops_at_a_command_it_could_not_save_and_never_acks_it(tmp_path, figures):
    """A real `companion run --script --ack` whose journal's disk fills mid-run: exit 1, no ack for the
    command that was not saved; run again once there is room, it resumes and finishes the scenario."""
    path = tmp_path / "journal.sqlite3"
    script = scenario(tmp_path / "s.jsonl", SCRIPT)
    switch = tmp_path / "fault"
    switch.write_text("")
    run = spawn(
        tmp_path,
        "run",
        "--headless",
        "--script",
        script,
        "--journal",
        path,
        "--create",
        "--ack",
        "--pace",
        "0.05",
        probe=PROBE,
        FAULT_FILE=str(switch),
    )
    try:
        _wait_journaled(path, 15)
        switch.write_text("full")
        out, err = run.communicate(timeout=60)
    finally:
        stop(run)
    assert run.returncode == 1, err
    assert "was not saved, stopping: not saving: the disk is full" in err and "Traceback" not in err
    acked = acks(out)
    journaled = games(path)[1]
    assert 15 <= acked == len(journaled) < len(SCRIPT), (acked, len(journaled))
    nothing_lost(path, {1: SCRIPT[:acked]})
    switch.write_text("")
    again = companion(
        tmp_path, "run", "--headless", "--script", script, "--journal", path, "--ack", "--pace", "0"
    )
    assert again.returncode == 0, again.stderr
    assert nothing_lost(path, {1: SCRIPT}) == {1: SCRIPT}
    figures.setdefault("Storage faults", {})["disk full mid-run, `run --script --ack` (real process)"] = (
        f"exit 1 at command {acked + 1}, {acked} acks = {len(journaled)} journaled; the rerun resumes at"
        f" {acked + 1} and finishes: {len(SCRIPT)} commands, 0 lost"
    )


def _wait_journaled(path, n: int, timeout: float = 30.0) -> None:
    """Wait until game 1 of the journal at `path` has `n` active commands."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if len(games(path).get(1, [])) >= n:
                return
        except sqlite3.DatabaseError:  # not made yet
            pass
        time.sleep(0.05)
    raise AssertionError(f"game 1 never reached {n} commands")


def test_a_real_io_error_stops_a_scenario_run_cleanly(tmp_path, figures):
    """No injection at all: mid-run the kernel starts refusing the journal's writes past the -wal's size
    (RLIMIT_FSIZE lowered from outside with prlimit; a write past it fails with EFBIG), which SQLite
    reports as an I/O error. The run stops with exit 1; every ack it printed is in the journal."""
    path = tmp_path / "journal.sqlite3"
    script = scenario(tmp_path / "s.jsonl", SCRIPT)
    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "run",
            "--headless",
            "--script",
            str(script),
            "--journal",
            str(path),
            "--create",
            "--ack",
            "--pace",
            "0.05",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env(tmp_path),
        preexec_fn=lambda: signal.signal(signal.SIGXFSZ, signal.SIG_IGN),
    )  # EFBIG, not death
    try:
        _wait_journaled(path, 15)
        size = os.path.getsize(f"{path}-wal")
        resource.prlimit(run.pid, resource.RLIMIT_FSIZE, (size, resource.RLIM_INFINITY))
        out, err = run.communicate(timeout=60)
    finally:
        stop(run)
    assert run.returncode == 1, err
    assert "was not saved, stopping: not saving: the disk reported an I/O error" in err, err
    assert "Traceback" not in err
    acked = acks(out)
    assert 15 <= acked == len(games(path)[1]) < len(SCRIPT)
    nothing_lost(path, {1: SCRIPT[:acked]})
    figures.setdefault("Storage faults", {})[
        "a real I/O error mid-run (RLIMIT_FSIZE: EFBIG, SQLite's IOERR)"
    ] = f"`run --script --ack` stops, exit 1; {acked} acks = {acked} journaled, 0 lost"


@pytest.fixture
def tmpfs(tmp_path):
    """A small tmpfs of our own (root only), unmounted afterwards."""
    yield from small_tmpfs(tmp_path, "8m", "faultvfs covers read-only without it")


def test_a_real_read_only_file_system(tmp_path, tmpfs, figures):
    """A journal on a file system mounted read-only: list and export work and say so; the table starts
    with "not saving: the journal is read-only" in its first STATUS=, resumes the game unsaved, and saves
    again once the file system is writable."""
    path = tmpfs / "journal.sqlite3"
    part = scenario(tmp_path / "part.jsonl", SCRIPT[:12])
    assert companion(tmp_path, "play", "--script", part, "--journal", path, "--create").returncode == 0
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    listed = companion(tmp_path, "journal", "list", "--journal", path)
    assert listed.returncode == 0 and "Round" in listed.stdout, listed.stderr
    assert "the file system is read-only" in listed.stderr
    exported = companion(tmp_path, "journal", "export", "1", "--journal", path)
    assert exported.returncode == 0 and len(exported.stdout.splitlines()) == 12
    from tests.app.proc import Notify
    from tests.reliability.writers import TABLE

    notify = Notify(tmp_path)
    table = spawn(
        tmp_path,
        "--headless",
        "--backend",
        "mock",
        "--journal",
        path,
        probe=TABLE,
        RESUME_ID="1",
        NOTIFY_SOCKET=notify.path,
    )
    try:
        ready = notify.wait_for("READY=1")
        assert "not saving: the journal is read-only" in ready, ready
        subprocess.run(["mount", "-o", "remount,rw", str(tmpfs)], check=True)
        notify.wait_for("STATUS=ok", timeout=30)
        out, err = stop(table)
    finally:
        stop(table)
        notify.close()
    assert "saving again: game 1 is saved" in out + err
    nothing_lost(path, {1: SCRIPT[:12]})
    figures.setdefault("Storage faults", {})["a real read-only file system (tmpfs remounted ro)"] = (
        "list/export work and say so; the table's READY STATUS= says not saving, it resumes the game"
        " unsaved and saves again after remount rw: 12 commands, 0 lost"
    )


class _EmergencyReadOnly(FaultVFS):
    """An ext4 card in emergency read-only, as SQLite meets it: every write fails (EROFS: SQLite's IOERR),
    and its -wal cannot be opened for writing (CANTOPEN), while statvfs shows no ST_RDONLY."""

    def __init__(self, name):
        super().__init__(name)
        self.fault = None

    def xOpen(self, name, flags):
        import apsw

        filename = name.filename() if hasattr(name, "filename") else str(name)
        if self.fault and filename.endswith(("-wal", "-journal")) and flags[0] & apsw.SQLITE_OPEN_READWRITE:
            raise apsw.CantOpenError()  # open(O_RDWR) on a read-only file system: EROFS
        return super().xOpen(name, flags)


def _erofs(path, flags, mode=0o777):
    """The write probe's open on that card: EROFS."""
    raise OSError(30, "Read-only file system", path)


def test_an_emergency_read_only_card_is_said_and_its_game_still_resumed(tmp_path, figures, monkeypatch):
    """The kernel refuses every write (the write probe gets EROFS) though statvfs and access() say
    writable: the fault is "the card went read-only" (not an I/O error), the journal is opened to read
    (immutable=1: no -shm can be made), and the unfinished game is resumed, playing unsaved."""
    from companion.storage import faults

    vfs = _EmergencyReadOnly("emergencyro")
    try:
        app0, path = _table(tmp_path, vfs)  # a journal with an unfinished game, closed (no -wal, no -shm)
        app0.start(setup=SCRIPT[0])
        for cmd in SCRIPT[1:11]:
            assert app0.submit(cmd)
        app0.journal.close()
        assert not os.path.exists(f"{path}-shm")
        vfs.fault = "io"
        monkeypatch.setattr(faults, "probe_open", _erofs)
        assert not faults.read_only_fs(tmp_path) and os.access(tmp_path, os.W_OK), "it looks writable"
        app, _ = _table(tmp_path, vfs, create=False)
        assert app.journal is not None and app.journal.readonly and app.journal.immutable
        assert app.health.parts["journal"] == (
            False,
            "not saving: the card went read-only (the kernel refuses every write to it)",
        )
        app.start(setup=SCRIPT[0])  # the unfinished game is found and resumed
        assert app.session.commands == SCRIPT[:11] and not app.session.saved
        assert app.submit(SCRIPT[11])
        app.tick()
        assert app.health.parts["journal"][1].endswith("; 1 move not saved yet")
        app.journal.close()
    finally:
        vfs.unregister()
    figures.setdefault("Storage faults", {})[
        "an ext4 card in emergency read-only (write probe EROFS, no ST_RDONLY)"
    ] = 'said as "the card went read-only", the journal read immutable, the unfinished game resumed unsaved'


def test_the_kernel_options_of_a_mount_say_read_only(tmp_path):
    """/proc/mounts' options: `ro`, and ext4's `emergency_ro` after an abort, for the mount holding a folder."""
    from companion.storage.faults import mount_options, read_only_fs

    mounts = tmp_path / "mounts"
    mounts.write_text(
        f"/dev/root / ext4 rw,noatime 0 0\n/dev/mmcblk0p2 {tmp_path} ext4 rw,emergency_ro,noatime 0 0\n"
    )
    assert mount_options(tmp_path / "sub", str(mounts)) == ["rw", "emergency_ro", "noatime"]
    assert read_only_fs(tmp_path, str(mounts)) and not read_only_fs(tmp_path.parent, str(mounts))


def test_a_real_read_only_mount_is_found_by_every_check(tmp_path, tmpfs):
    """The real kernel: a tmpfs remounted read-only is read-only to statvfs, /proc/mounts and the write probe."""
    from companion.storage.faults import kernel_read_only, mount_options, read_only_fs, write_refused

    assert write_refused(tmpfs) is None and not kernel_read_only(tmpfs)
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    assert read_only_fs(tmpfs) and "ro" in mount_options(tmpfs)
    assert write_refused(tmpfs) == 30 and kernel_read_only(tmpfs)
