"""Power loss: every write not yet fsynced at the moment of the cut is dropped.

The real journal, opened by the app's own factory as `companion run` and `play` open it
(`open_journal`: only the connection is injected, never the pragmas), and the real session play bot
games on a VFS that keeps only what was synced (tests/reliability/powerloss.py). The power is cut
after every single write, truncate and sync SQLite makes, from the journal's creation to its close;
each cut image is then opened with the stdlib sqlite3, as the app would after the power came back,
and checked:
  - it opens as a sound journal (not moved aside as damaged) and passes `PRAGMA quick_check`;
  - every command acknowledged before the cut (`submit` had returned) is in it;
  - what it holds is a prefix of the games played.

The same run with the factory set to `synchronous=OFF` and `NORMAL` (the journal's PRAGMAS patched,
the one place they are) must lose acknowledged commands (OFF syncs nothing, NORMAL syncs the WAL only
at checkpoints): that is what shows the cut really drops unsynced writes, unlike a process kill,
after which the OS still writes the page cache out. `test_every_ack_waits_for_a_wal_fsync` counts
the fsyncs per acknowledged command of a scenario run (the app's loop, `on_ack`) the same way.
`make test`: one 50-command game; `make chaos`: four games of up to 120 commands in one journal, long
enough for SQLite's automatic WAL checkpoints (its syncs of the database file) to be cut too.
"""

import json
import sqlite3

import pytest

from companion.storage import journal as journal_module
from companion.storage.journal import Journal
from companion.storage.opening import open_journal
from companion.storage.session import Session
from tests.reliability.conftest import FULL
from tests.reliability.helpers import bot_script
from tests.reliability.powerloss import ApswConnection, Tracker, TrackingVFS, apsw_connect, write_image

GAMES = 4 if FULL else 1
COMMANDS = 120 if FULL else 50
GAME_IDS = ["masters", "mansion"]  # the two whose bot games run longest


def _scripts() -> list[list[dict]]:
    """The games to play: bot games of up to COMMANDS commands each (setup first)."""
    return [bot_script(GAME_IDS[i % len(GAME_IDS)], 100 + i, COMMANDS - 1) for i in range(GAMES)]


def _play_and_cut(tmp_path, synchronous: str, scripts):
    """Play `scripts` on the tracking VFS; returns [(cut files, commands acknowledged by then)]."""
    tracker = Tracker()
    vfs = TrackingVFS(tracker)
    cuts: list[tuple[dict, int]] = []
    acked = 0
    tracker.on_event = lambda kind, name: cuts.append((tracker.cut(), acked))
    path = tmp_path / "live" / "journal.sqlite3"
    path.parent.mkdir()
    journal = open_journal(
        path, who="play", create=True, connect=apsw_connect(vfs.name)
    )  # as `play --journal`
    try:
        for script in scripts:
            session, _ = Session.new(script[0], journal=journal)
            acked += 1
            for cmd in script[1:]:
                session.submit(cmd)
                acked += 1
        tracker.checkpoints = tracker.synced_per_file.get(str(path), 0) - 1  # the first made the file
    finally:
        journal.close()
        vfs.unregister()
    cuts.append((tracker.cut(), acked))  # and the power goes after a clean close too
    return path, cuts, tracker


def _check_cut(tmp_path, n, source, files, expected):
    """Open one cut image as the app would: (active commands found, sound?)."""
    target = tmp_path / f"cut{n}" / "journal.sqlite3"
    target.parent.mkdir()
    write_image(files, source, target)
    with Journal(target) as j:
        sound = j.moved_to is None and j.quick_check() == "ok"
        found = [j.commands(g.id) for g in sorted(j.games(), key=lambda g: g.id)]
    for got, want in zip(found, expected):
        assert got == want[: len(got)], "a cut image holds commands that were never played"
    return sum(len(g) for g in found), sound


@pytest.mark.parametrize("synchronous,must_lose", [("OFF", True), ("NORMAL", True), ("FULL", False)])
def test_power_loss_keeps_every_acknowledged_command(tmp_path, figures, synchronous, must_lose, monkeypatch):
    if synchronous != "FULL":  # the control: the factory itself set to OFF or NORMAL
        monkeypatch.setattr(
            journal_module,
            "PRAGMAS",
            tuple(
                f"synchronous={synchronous}" if p.startswith("synchronous=") else p
                for p in journal_module.PRAGMAS
            ),
        )
    scripts = _scripts()
    source, cuts, tracker = _play_and_cut(tmp_path, synchronous, scripts)
    lost_cuts = lost_max = unsound = 0
    for n, (files, acked) in enumerate(cuts):
        found, sound = _check_cut(tmp_path, n, source, files, scripts)
        unsound += not sound
        if found < acked:
            lost_cuts += 1
            lost_max = max(lost_max, acked - found)
    figures.setdefault("Power loss (unsynced writes dropped: a tracking SQLite VFS)", {})[
        f"synchronous={synchronous}"
    ] = (
        f"{len(cuts)} cuts ({tracker.writes} writes, {tracker.syncs} syncs, {tracker.checkpoints} synced checkpoints"
        f" while playing) over {sum(map(len, scripts))} commands;"
        f" cuts losing acknowledged commands: {lost_cuts} (at most {lost_max}); unsound images: {unsound}"
    )
    assert unsound == 0, "a cut image failed to open or its quick_check"
    assert len(cuts) > 3 * sum(map(len, scripts))  # a cut after every write and sync, not a sample
    if FULL and synchronous == "FULL":
        assert tracker.checkpoints >= 1, "no WAL checkpoint happened while playing: play longer games"
    if must_lose:  # the method sees what a power cut does to unsynced writes
        assert lost_cuts > 0, f"synchronous={synchronous} lost nothing: the cut does not drop unsynced writes"
    else:
        assert lost_cuts == 0, f"{lost_cuts} cuts lost acknowledged commands (up to {lost_max})"


def test_power_loss_vfs_drops_exactly_the_unsynced_writes(tmp_path):
    tracker = Tracker()
    vfs = TrackingVFS(tracker)
    try:
        path = tmp_path / "t.sqlite3"
        con = ApswConnection(path, vfs.name)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        con.execute("CREATE TABLE t (x)")
        con.execute("INSERT INTO t VALUES (1)")
        synced = tracker.cut()
        con.execute("PRAGMA synchronous=OFF")
        con.execute("INSERT INTO t VALUES (2)")
        assert tracker.cut() == synced  # written to the OS, not synced: a cut loses it
        con.close()
    finally:
        vfs.unregister()
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM t").fetchone()[0] == 2  # the OS has both
    image = tmp_path / "cut" / "t.sqlite3"
    image.parent.mkdir()
    write_image(synced, path, image)
    assert json.dumps(sqlite3.connect(image).execute("SELECT x FROM t").fetchall()) == "[[1]]"


@pytest.mark.parametrize("synchronous,ok", [("OFF", False), ("NORMAL", False), ("FULL", True)])
def test_every_ack_waits_for_a_wal_fsync(tmp_path, figures, monkeypatch, synchronous, ok):
    """A scenario run's loop (the real App, `on_ack` as `run --ack` prints it) on the factory's journal:
    each `ack N` comes after at least one fsync of the -wal since the previous ack. The factory set
    to OFF or NORMAL must fail this (its acks would come before the data is durable)."""
    from companion.app import App
    from companion.gamedata import config
    from companion.hal import open_hardware
    from companion.hal.clock import FakeClock
    from companion.runtime.parts import Parts
    from companion.runtime.sources import ScriptSource

    if synchronous != "FULL":
        monkeypatch.setattr(
            journal_module,
            "PRAGMAS",
            tuple(
                f"synchronous={synchronous}" if p.startswith("synchronous=") else p
                for p in journal_module.PRAGMAS
            ),
        )
    script = bot_script("masters", 21, 40)
    tracker = Tracker()
    vfs = TrackingVFS(tracker)
    path = tmp_path / "journal.sqlite3"
    wal = f"{path}-wal"
    acks: list[int] = []  # WAL fsyncs seen by each ack
    journal = open_journal(path, who="run", create=True, connect=apsw_connect(vfs.name))  # as `run --script`
    try:
        hw = open_hardware(config.default(), backend="mock", clock=FakeClock())
        seen = [tracker.synced_per_file.get(wal, 0)]

        def ack(n, cmd):
            now = tracker.synced_per_file.get(wal, 0)
            acks.append(now - seen[0])
            seen[0] = now

        app = App(
            Parts(
                config.default(),
                hw,
                journal,
                source=ScriptSource(list(enumerate(script, 1))),
                log=lambda s: None,
                on_ack=ack,
            )
        )
        app.start(setup=script[0], finished_too=True)
        app.run(max_frames=10 * len(script))
        hw.close()
    finally:
        journal.close()
        vfs.unregister()
    assert len(acks) == len(script), "every command of the scenario was acknowledged"
    unsynced = sum(1 for n in acks if n < 1)
    figures.setdefault("Power loss (unsynced writes dropped: a tracking SQLite VFS)", {})[
        f"fsyncs of the -wal per acknowledged command (scenario run, synchronous={synchronous})"
    ] = f"{len(acks)} acks; min {min(acks)}, max {max(acks)}; acks with no fsync before them: {unsynced}"
    if ok:
        assert unsynced == 0, f"{unsynced} of {len(acks)} acks came before their commit was fsynced"
    else:
        assert unsynced > 0, f"synchronous={synchronous} fsynced every commit: the count does not see it"


def test_the_tables_start_probe_syncs_nothing_and_every_later_command_is_synced(tmp_path):
    """The table opens its journal with `probe` (one small commit that shows a full disk before READY).
    That commit is not fsynced (a few ms on an SD card); the connection is back at FULL after it, so
    the game's commands that follow are each synced, and a cut after them keeps them."""
    tracker = Tracker()
    vfs = TrackingVFS(tracker)
    path = tmp_path / "journal.sqlite3"
    script = bot_script("masters", 7, 12)
    try:
        open_journal(
            path, who="table", create=True, connect=apsw_connect(vfs.name)
        ).close()  # an existing journal
        syncs = tracker.syncs
        journal = open_journal(
            path, who="table", connect=apsw_connect(vfs.name), probe=True
        )  # as `companion run`
        try:
            assert journal.fault is None
            assert tracker.syncs == syncs, "the start probe's commit was fsynced"
            assert journal.db.execute("PRAGMA synchronous").fetchone()[0] == 2, (
                "the probe left the journal below FULL"
            )
            session, _ = Session.new(script[0], journal=journal)
            for cmd in script[1:]:
                before = tracker.syncs
                session.submit(cmd)
                assert tracker.syncs > before, f"{cmd} was acknowledged before a sync"
            files = tracker.cut()
        finally:
            journal.close()
    finally:
        vfs.unregister()
    image = tmp_path / "cut" / "journal.sqlite3"
    image.parent.mkdir()
    write_image(files, path, image)
    with Journal(image) as j:
        assert [j.commands(g.id) for g in j.games()] == [script]
