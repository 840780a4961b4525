"""One writer per game, in one process: leases, holds and the check each write makes
(companion/storage/lease.py, holds.py); the factory's rules (companion/storage/opening.py)."""

import io
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.storage import lease
from companion.storage.faults import GameChanged
from companion.storage.journal import ACTIVE, UNDONE, Journal
from companion.storage.lease import GameBusy
from companion.storage.opening import JournalMissing, open_journal, open_reader
from companion.storage.session import Session
from tests import ROOT
from tests.fakes import CounterGame

SETUP = {"cmd": "setup", "game": "counter", "start": 5}


def _lease_row(path, game_id, pid, started, host=None, who="table"):
    """Write a lease as another process would."""
    db = sqlite3.connect(path)
    db.execute(
        "INSERT OR REPLACE INTO leases VALUES (?, ?, ?, ?, ?, 0, 'other')",
        (game_id, pid, started, host or lease.machine(), who),
    )
    db.commit()
    db.close()


def test_process_start_is_field_22_and_none_for_a_gone_or_zombie_process():
    # what another process reads for this pid (an emulator may answer a process's own stat itself)
    seen = subprocess.run(
        [sys.executable, "-c", f"print(open('/proc/{os.getpid()}/stat').read())"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert lease.process_start(os.getpid()) == int(seen.rsplit(")", 1)[1].split()[19])
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    while Path(f"/proc/{child.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
        pass  # it exits; not yet reaped: a zombie writes nothing
    assert lease.process_start(child.pid) is None
    child.wait()
    assert lease.process_start(child.pid) is None


def test_a_live_holder_refuses_every_other_writer_and_a_stale_one_is_taken_over(tmp_path):
    path = tmp_path / "j.sqlite3"
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        with Journal(path) as j:
            gid = j.new_game(SETUP)
            j.append(gid, {"cmd": "add", "n": 1})
            started = lease.process_start(sleeper.pid)
            _lease_row(path, gid, sleeper.pid, started)
            for write in (
                lambda: j.undo(gid),
                lambda: j.redo(gid),
                lambda: j.delete(gid),
                lambda: j.append(gid, {"cmd": "add", "n": 2}),
                lambda: j.hold(gid),
            ):
                with pytest.raises(
                    GameBusy, match=rf"game {gid} is being played by the table \(pid {sleeper.pid}\)"
                ):
                    write()
            assert j.commands(gid) == [SETUP, {"cmd": "add", "n": 1}]
            for stale in ((sleeper.pid, started + 1, None), (sleeper.pid, started, "another-host")):
                _lease_row(path, gid, *stale)  # a reused pid; a lease written on another machine
                assert j.holder(gid) is None
            _lease_row(path, gid, sleeper.pid, started)
            sleeper.kill()
            sleeper.wait()
            hold, active, _ = j.hold(gid)  # its holder is gone: taken over
            assert active == [SETUP, {"cmd": "add", "n": 1}] and hold.active == [1, 2]
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_lease_of_an_earlier_boot_is_stale_even_with_the_same_pid_and_start_time(tmp_path, monkeypatch):
    """After a power cut the restarted service (or another program) may get the very pid and start
    time the holder had: the boot id tells the two boots apart, so the table resumes its game."""
    path = tmp_path / "j.sqlite3"
    boot = tmp_path / "boot_id"
    boot.write_text("1b4e28ba-2fa1-11d2-883f-0016d3cca427\n")
    monkeypatch.setattr(lease, "BOOT_ID", str(boot))
    with Journal(path) as j:
        gid = j.new_game(SETUP)
        me = lease.me("table")
        _lease_row(path, gid, me.pid, me.started, me.host)  # this pid and start time, this boot
        assert j.holder(gid) is not None  # (another journal of this very process holds it)
        boot.write_text("6fa459ea-ee8a-3ca4-894e-db77e160355e\n")  # the next boot
        assert j.holder(gid) is None
        assert j.hold(gid)[1] == [SETUP]


def test_a_hold_writes_without_reading_the_game_until_someone_else_commits(tmp_path):
    path = tmp_path / "j.sqlite3"
    with Journal(path) as j:
        s, _ = Session.new(SETUP, journal=j, game=CounterGame())
        statements = []
        j.db.set_trace_callback(statements.append)
        s.submit({"cmd": "add", "n": 1})
        assert not any("SELECT seq, command, undone, digest FROM commands" in q for q in statements)
        assert sum("data_version" in q for q in statements) == 1  # the whole check on the usual press
        other = Journal(path)
        other.new_game(SETUP)  # another game, another connection: the next write looks, and goes on
        other.close()
        statements.clear()
        s.submit({"cmd": "add", "n": 2})
        assert any("SELECT seq, command, undone, digest FROM commands" in q for q in statements)
        raw = sqlite3.connect(path)
        raw.execute("UPDATE commands SET undone = ? WHERE game_id = ? AND seq = 2", (UNDONE, s.game_id))
        raw.commit()  # a writer that ignores leases takes back a command in the middle
        raw.close()
        with pytest.raises(GameChanged, match="changed by another program"):
            s.submit({"cmd": "add", "n": 3})
        with pytest.raises(GameChanged):
            s.undo(1)  # for good
        assert [flag for _, _, flag in j.history(s.game_id)] == [ACTIVE, UNDONE, ACTIVE]


def test_leaving_or_closing_gives_the_lease_back(tmp_path):
    path = tmp_path / "j.sqlite3"
    with Journal(path) as j:
        s, _ = Session.new(SETUP, journal=j, game=CounterGame())
        assert j.db.execute("SELECT COUNT(*) FROM leases").fetchone()[0] == 1
        s.close()
        assert j.db.execute("SELECT COUNT(*) FROM leases").fetchone()[0] == 0
        Session.resume(j, s.game_id, game=CounterGame())
    with Journal(path) as j:
        assert j.db.execute("SELECT COUNT(*) FROM leases").fetchone()[0] == 0


def test_a_journal_path_that_does_not_exist_is_made_only_when_asked(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    typo = tmp_path / "jounral" / "journal.sqlite3"
    with pytest.raises(JournalMissing, match=re.escape(str(typo))):
        open_journal(typo, who="play")
    with pytest.raises(JournalMissing):
        open_reader(typo)
    assert not typo.parent.exists()
    open_journal(typo, who="play", create=True).close()  # --create
    open_journal(typo, who="play").close()  # it exists now
    open_journal(None, who="table").close()  # the default place is made when missing
    assert (tmp_path / "state" / "journal.sqlite3").exists()


def test_only_the_factory_opens_a_journal_in_the_product():
    """Every writer goes through open_journal (its pragmas are the ones the power-loss test checks)."""
    direct = [
        str(p.relative_to(ROOT))
        for p in (ROOT / "companion").rglob("*.py")
        if re.search(r"(?<!class )\bJournal\(", p.read_text()) and p.name != "opening.py"
    ]
    assert direct == []


def test_a_command_changed_while_nobody_held_the_game_is_named_at_resume_and_sealed(tmp_path):
    """Hold verifies the chain of digests: the first row another program changed is named (`changed`),
    the game resumed is the journal's as it now replays, and writing on it works (sealed again)."""
    path = tmp_path / "j.sqlite3"
    with Journal(path) as j:
        s, _ = Session.new(SETUP, journal=j, game=CounterGame())
        for n in (1, 2, 3):
            s.submit({"cmd": "add", "n": n})
        s.close()
    raw = sqlite3.connect(path)
    raw.execute("""UPDATE commands SET command = '{"cmd":"add","n":7}' WHERE game_id = 1 AND seq = 3""")
    raw.commit()
    raw.close()
    with Journal(path) as j:
        s = Session.resume(j, 1, game=CounterGame())
        assert s.saver.hold.changed == 3
        assert s.commands[2] == {"cmd": "add", "n": 7}
        s.submit({"cmd": "add", "n": 4})  # sealed again: its own next write is not refused
        s.close()
        hold, _, _ = j.hold(1)
        assert hold.changed is None


def test_the_start_a_process_records_for_itself_is_the_one_others_read(monkeypatch):
    """An emulator may answer a process's reads of its own /proc/<pid>/stat itself: qemu-user (the
    Pi's install tried on arm64, tools/pi-emu.sh) gives its own start time there, and a lease written
    with it looked stale to every other process. The kernel's task file is read by everyone alike."""
    me = os.getpid()
    real_open = open

    def emulated(path, *args, **kwargs):  # what qemu-user answers for the process's own stat
        if path in ("/proc/self/stat", f"/proc/{me}/stat"):
            return io.BytesIO(b"%d (python) R " % me + b"0 " * 18 + b"4242 0 0")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(lease, "open", emulated, raising=False)
    seen_by_another = subprocess.run(
        [sys.executable, "-c", f"print(open('/proc/{me}/stat').read().rsplit(')', 1)[1].split()[19])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert lease.process_start(me) == int(seen_by_another)
    assert lease.me("table").started == int(seen_by_another)
