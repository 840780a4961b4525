"""`companion doctor` on the journal: one diagnosis per fault, read-only reading (issue 23, point 3).

That every printed fix keeps every game is tests/reliability/test_doctor_fixes.py (it runs them).
How the real conditions are detected, and how these tests stand in for them (we run as root, for
whom permissions do not apply):
  - read-only file system: `os.statvfs(folder).f_flag & os.ST_RDONLY` (a write there fails with errno
    EROFS, root included) -> `JournalProbe.read_only_fs`, overridden here; SQLite there cannot make the
    -shm a WAL reader needs ("unable to open database file", SQLITE_CANTOPEN), stood in for by a
    connect that fails the same way;
  - read-only file: `os.access(path, R_OK | W_OK)` for the real uid -> `Probe.access`, overridden;
  - disk full: `shutil.disk_usage(folder).free` -> `Probe.free_bytes`, overridden.
"""

import os
import sqlite3
import threading
from pathlib import Path

import pytest

from companion import i18n
from companion.cli import doctor, doctor_journal
from companion.cli.doctor import Status
from companion.storage.journal import Journal, damage
from companion.storage.opening import open_journal
from companion.storage.session import Session
from tests.cli.test_doctor import FakeProbe
from tests.reliability.helpers import bot_script
from tests.reliability.journals import evening

JOURNAL_CHECKS = ("state-dir", "journal-dir", "journal", "journal-aside", "disk-space")


@pytest.fixture
def journal(tmp_path):
    """The default journal (the conftest's state folder) holding an evening of five games."""
    path = Path(os.environ["COMPANION_STATE_DIR"]) / "journal.sqlite3"
    evening(path)
    return path


class ReadOnlyFs(FakeProbe):
    """The state folder's file system is mounted read-only."""

    def read_only_fs(self, path):
        return True


class FullDisk(FakeProbe):
    """9 MiB left where the journal lives."""

    def free_bytes(self, path):
        return 9 * 2**20


def _journal_checks(probe):
    """The journal's checks by name."""
    return {c.name: c for c in doctor.run_checks(probe) if c.name in JOURNAL_CHECKS}


def _pc(tmp_path, probe_class=FakeProbe, **kw):
    """A probe of a PC (no Pi files, no service)."""
    return probe_class(tmp_path / "pc", groups=(), sdl=("x11", ""), env={}, **kw)


def test_a_sound_journal_is_ok_and_counts_its_games(tmp_path, config_dir, journal):
    c = _journal_checks(_pc(tmp_path))
    assert all(check.status is Status.OK for check in c.values()), c
    assert c["journal"].detail == f"{journal}: sound, 5 games"


def test_each_fault_has_its_own_diagnosis_and_fix(tmp_path, config_dir, journal):
    """Damaged, read-only file, read-only file system, a folder in the way, disk full: five diagnoses,
    five different fixes, none of them SQLite's .recover pipeline or a deletion."""
    fixes = {}
    data = journal.read_bytes()
    journal.write_bytes(b"definitely junk!" + data[16:])
    c = _journal_checks(_pc(tmp_path))["journal"]
    assert c.status is Status.FAIL and "is damaged (file is not a database)" in c.detail
    fixes["damaged"] = c.fix
    journal.write_bytes(data)
    c = _journal_checks(_pc(tmp_path, blocked=[journal]))["journal"]
    assert c.status is Status.FAIL and "is read-only for pi: its 5 games can be read" in c.detail
    fixes["read-only file"] = c.fix
    checks = _journal_checks(_pc(tmp_path, ReadOnlyFs))
    assert checks["state-dir"].status is Status.FAIL and "read-only file system" in checks["state-dir"].detail
    assert checks["journal"].detail.endswith("sound, 5 games (read on a read-only file system)")
    fixes["read-only file system"] = checks["state-dir"].fix
    c = _journal_checks(_pc(tmp_path, FullDisk))["disk-space"]
    assert c.status is Status.FAIL and "9 MiB free" in c.detail and "full" in c.detail
    fixes["disk full"] = c.fix
    journal.rename(tmp_path / "kept.sqlite3")
    journal.mkdir()
    c = _journal_checks(_pc(tmp_path))["journal"]
    assert (
        c.status is Status.FAIL
        and c.detail == f"{journal} is a folder, not a journal file: no game can be saved"
    )
    fixes["folder"] = c.fix
    assert len(set(fixes.values())) == 5
    for name, fix in fixes.items():
        assert "`" in fix and " rm " not in f" {fix} " and ".recover" not in fix, (name, fix)
    assert "companion journal recover" in fixes["damaged"] and "mv -n -T" in fixes["damaged"]
    assert (
        "chown pi:" in fixes["read-only file"]
        and "sudo mount -o remount,rw" in fixes["read-only file system"]
    )
    assert "mv -n -T" in fixes["folder"] and "never the journal" in fixes["disk full"]


def test_the_folder_the_first_start_makes_is_not_an_error(tmp_path, config_dir):
    c = _journal_checks(_pc(tmp_path))
    state = Path(os.environ["COMPANION_STATE_DIR"])
    assert not state.exists()
    assert c["state-dir"].status is Status.OK and "the first start makes it" in c["state-dir"].detail
    assert c["journal"].status is Status.OK and "no journal yet" in c["journal"].detail
    with Journal(state / "journal.sqlite3") as j:  # the first start: folder and journal made
        assert j.games() == []


def test_a_journal_given_in_a_missing_folder_is_named_not_made(tmp_path, config_dir, capsys):
    missing = tmp_path / "typo" / "journal.sqlite3"
    assert doctor.main(["--journal", str(missing)], probe=_pc(tmp_path)) == 0
    out = capsys.readouterr().out
    assert f"WARN journal-dir: {missing.parent} does not exist" in out
    assert f"`companion run --journal {missing} --create`" in out
    assert not missing.parent.exists()  # doctor makes nothing


def test_a_folder_holding_a_journal_is_moved_aside_and_recovered(tmp_path, config_dir, journal):
    inside = tmp_path / "inside.sqlite3"
    journal.rename(inside)
    journal.mkdir()
    inside.rename(journal / "journal.sqlite3")  # a backup restored as a folder
    c = _journal_checks(_pc(tmp_path))["journal"]
    assert c.status is Status.FAIL and "reads the journal in it into a new one" in c.fix
    assert f"companion journal recover {journal}.aside-" in c.fix and c.fix.count("/journal.sqlite3`") == 1


def test_a_broken_link_at_the_journal_path_is_not_a_journal(tmp_path, config_dir):
    path = Path(os.environ["COMPANION_STATE_DIR"]) / "journal.sqlite3"
    path.parent.mkdir(parents=True)
    path.symlink_to(tmp_path / "gone.sqlite3")
    c = _journal_checks(_pc(tmp_path))["journal"]
    assert c.status is Status.FAIL and "is a link to" in c.detail and "mv -n -T" in c.fix


def test_doctor_agrees_with_the_apps_damage_check(tmp_path, config_dir):
    """Doctor calls a journal damaged exactly when a start would move it aside."""
    from tests.cli.test_cli import _damage, _journal

    src = tmp_path / "src.sqlite3"
    _journal(src, games=4, commands=150)
    for kind in ("header", "leaf page wiped", "root page wiped", "cut off", "json damaged"):
        path = tmp_path / kind.replace(" ", "-") / "journal.sqlite3"
        path.parent.mkdir()
        path.write_bytes(_damage(kind, src.read_bytes()))
        reading = doctor_journal.read_journal(path)
        assert reading.damage is not None and reading.damage == damage(str(path)), kind
    assert doctor_journal.read_journal(src) == doctor_journal.Reading(None, 4)


def test_doctor_changes_nothing_and_leaves_no_file(tmp_path, config_dir, journal):
    before = {p.name: p.read_bytes() for p in journal.parent.iterdir()}
    assert list(before) == ["journal.sqlite3"]  # closed: no -wal, no -shm
    for probe in (_pc(tmp_path), _pc(tmp_path, ReadOnlyFs)):
        doctor.run_checks(probe)
        assert {p.name: p.read_bytes() for p in journal.parent.iterdir()} == before


def test_doctor_never_blocks_a_playing_table(tmp_path, config_dir):
    """The table writes, with no patience for locks, while doctor reads the journal again and again."""
    path = Path(os.environ["COMPANION_STATE_DIR"]) / "journal.sqlite3"
    script = bot_script("masters", 9, 120)
    stop, readings = threading.Event(), []

    def read():
        while not stop.is_set():
            readings.append(doctor_journal.read_journal(path))

    impatient = lambda p, mode: sqlite3.connect(p, isolation_level=None, timeout=0)  # noqa: E731  a lock fails at once
    with open_journal(path, who="table", create=True, connect=impatient) as j:  # as `companion run` opens it
        s, _ = Session.new(script[0], journal=j)
        reader = threading.Thread(target=read)
        reader.start()
        try:
            for cmd in script[1:]:
                s.submit(cmd)  # "database is locked" here if a reading held the table up
        finally:
            stop.set()
            reader.join()
        assert j.commands(s.game_id) == script
    assert len(readings) >= 3 and all(r.damage is None and not r.unreadable for r in readings), readings[
        :3
    ]  # (few: held up)


def _cantopen_unless_immutable(target, **kw):
    """sqlite3.connect as on a read-only file system without the -shm: `mode=ro` cannot open a WAL journal."""
    if "immutable=1" in target or "companion-doctor-" in target:
        return sqlite3.connect(target, **kw)
    return sqlite3.connect("file:/proc/no-such-folder/x?mode=ro", **kw)  # SQLite's own CANTOPEN


def test_a_read_only_file_system_is_read_in_place_or_from_a_copy(tmp_path, config_dir):
    path = tmp_path / "journal.sqlite3"
    evening(path)  # closed: no -wal
    assert doctor_journal.read_journal(path, True, _cantopen_unless_immutable) == doctor_journal.Reading(
        None, 5
    )
    with pytest.raises(sqlite3.OperationalError) as exc:  # the stand-in fails as SQLite does there
        _cantopen_unless_immutable(f"file:{path}?mode=ro", uri=True).execute("SELECT 1 FROM games")
    assert exc.value.sqlite_errorname == "SQLITE_CANTOPEN"
    with Journal(path) as j:  # a table cut off by the remount: its last game only in the -wal
        j.db.execute("PRAGMA wal_autocheckpoint=0")
        s, _ = Session.new(bot_script("strigoi", 4, 10)[0], journal=j)
        db, wal, shm = path.read_bytes(), Path(f"{path}-wal").read_bytes(), Path(f"{path}-shm").read_bytes()
    path.write_bytes(db)  # as the cut left them (closing folded the -wal in)
    Path(f"{path}-wal").write_bytes(wal)
    immutable = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    assert immutable.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 5  # immutable=1 misses the -wal
    immutable.close()
    assert doctor_journal.read_journal(path, True, _cantopen_unless_immutable) == doctor_journal.Reading(
        None, 6
    )
    Path(f"{path}-shm").write_bytes(shm)
    assert doctor_journal.read_journal(path, True) == doctor_journal.Reading(None, 6)


def test_doctor_speaks_german_about_the_journal(tmp_path, config_dir, journal, monkeypatch):
    journal.write_bytes(b"definitely junk!" + journal.read_bytes()[16:])
    english = _journal_checks(_pc(tmp_path))["journal"]
    i18n.set_language("de")
    german = _journal_checks(_pc(tmp_path))["journal"]
    assert german.detail != english.detail and "beschädigt" in german.detail
    command = english.fix.split("`")[1]
    assert german.fix.split("`")[1].split(".corrupt-")[0] == command.split(".corrupt-")[0]  # the same command


def test_a_locked_journal_is_busy_not_damaged(tmp_path, config_dir):
    locked = tmp_path / "rollback.sqlite3"  # a journal in rollback mode, held by a writer
    holder = sqlite3.connect(locked, isolation_level=None)
    holder.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        reading = doctor_journal.read_journal(
            locked,
            connect=lambda target, **kw: sqlite3.connect(f"file:{locked}?mode=ro", uri=True, timeout=0.1),
        )
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert reading.cause == "busy" and reading.damage is None and "locked" in reading.unreadable


def test_a_cut_write_is_left_for_the_next_start(tmp_path, config_dir, journal):
    hot = Path(f"{journal}-journal")
    hot.write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7" + bytes(504))  # a rollback journal's header
    before = journal.read_bytes()
    c = _journal_checks(_pc(tmp_path))["journal"]
    assert c.status is Status.WARN and "a write was cut short" in c.detail and "the next start" in c.fix
    assert journal.read_bytes() == before and hot.exists()  # not rolled back by doctor


def test_a_card_that_fails_reading_is_copied_off_first(tmp_path, config_dir, journal, monkeypatch):
    monkeypatch.setattr(
        doctor_journal,
        "read_journal",
        lambda path, ro: doctor_journal.Reading(unreadable="disk I/O error", cause="io"),
    )
    c = _journal_checks(_pc(tmp_path))["journal"]
    assert c.status is Status.FAIL and c.detail.endswith("cannot be read: disk I/O error")
    assert c.fix.startswith(f"keep a copy first: `cp -a {journal} DEST/`") and "remount" not in c.fix


class HoldsUnsaved(ReadOnlyFs):
    """A read-only card while the service's table holds 12 moves it could not save (its status file)."""

    def service_installed(self):
        return True

    def tables_unsaved(self):
        return [{"pid": 4242, "unsaved": 12, "why": "not saving: the journal is read-only", "journal": "/j"}]


def test_doctor_never_reboots_a_table_that_holds_unsaved_commands(tmp_path, config_dir, journal):
    """Its fix for a read-only card stops the service first (which writes the rescue file), has the file
    copied off, and only then reboots; without unsaved commands the fix is as before."""
    plain = _journal_checks(_pc(tmp_path, ReadOnlyFs))["state-dir"].fix
    fix = _journal_checks(_pc(tmp_path, HoldsUnsaved))["state-dir"].fix
    assert "sudo systemctl stop" not in plain and "sudo reboot" in plain
    assert "the table holds 12 moves not saved yet: never reboot first" in fix
    assert fix.index("`sudo systemctl stop companion`") < fix.index("sudo reboot")
    assert "copy that file off" in fix and fix.endswith("`companion journal rescue FILE`")


def test_doctor_learns_of_unsaved_commands_from_the_tables_status_file(tmp_path, config_dir, journal):
    """The real probe reads the status file a table not saving writes (companion/runtime/saving.py)."""
    from companion.storage import rescue

    status = rescue.note_status(3, "not saving: the disk is full", str(journal))
    try:
        fix = _journal_checks(_pc(tmp_path, ReadOnlyFs))["state-dir"].fix
    finally:
        rescue.clear_status(status)
    assert "the table holds 3 moves not saved yet" in fix and f"kill -TERM {os.getpid()}" in fix


def test_doctor_names_a_rescue_file_waiting(tmp_path, config_dir, journal):
    from companion.storage import rescue

    with Journal(journal) as j:
        session = Session.resume(j, 1)
        data = rescue.record(session, str(journal), "not saving: the disk is full", 7)
        session.close()
    file, _ = rescue.write(data, [Path(os.environ["COMPANION_RESCUE_PLACES"])])
    c = {ch.name: ch for ch in doctor.run_checks(_pc(tmp_path))}["rescue"]
    assert c.status is Status.WARN and "7 moves from " in c.detail and str(file) in c.detail
    assert f"companion journal rescue {file}" in c.fix


def test_a_card_the_kernel_made_read_only_is_not_all_ok(tmp_path, config_dir, journal, monkeypatch):
    """ext4 in emergency read-only: statvfs has no ST_RDONLY and access(W_OK) is true, but the write
    probe gets EROFS: doctor says read-only file system (it said all OK), with the card's fix."""
    from companion.storage import faults

    assert all(c.status is Status.OK for c in _journal_checks(_pc(tmp_path)).values())

    def erofs(path, flags, mode=0o777):
        raise OSError(30, "Read-only file system", path)

    monkeypatch.setattr(faults, "probe_open", erofs)
    c = _journal_checks(_pc(tmp_path))
    assert c["state-dir"].status is Status.FAIL and "read-only file system" in c["state-dir"].detail
    assert "sudo dmesg" in c["state-dir"].fix
    assert not list(journal.parent.glob(".companion-probe-*")), "the probe leaves nothing"
