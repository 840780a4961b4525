"""Every fix `companion doctor` prints for the journal, run against the fault it is printed for: no game lost.

For each fault a journal holds an evening of five games (tests/reliability/journals.py); the fault is
made; doctor runs (on a Pi with the service installed, or on a PC) and its report is read as a user
reads it; every command between backticks in a fix line is run with `bash -c`, in order, on this
machine. Commands that need root or the machine itself (systemctl, reboot, mount, apt, journalctl,
du) go to a recording `sudo` (tests/fakebin.py) that runs only chown/chgrp/chmod inside the test folder;
each of those must be on the list of instructions that leave the journal alone. Afterwards every game
of the journal before the fault must be in the journal (or, for a read-only file system, in the copy the
fix made) with the same active commands and the same replayed view, and doctor must say the journal is
sound. DEST in a fix (where to copy to) is a folder of the test.

The damaged journal's fix also runs on Debian 12's sqlite3 (no `.recover`) and with no sqlite3 at all;
`test_the_old_fix_loses_every_game_on_bookworm` shows the check catches a fix that loses games.
How the read-only file, read-only file system and full disk are detected, and stood in for (we run as
root): tests/cli/test_doctor_journal.py.
"""

from __future__ import annotations

import getpass
import os
import re
import subprocess
from pathlib import Path

import pytest

from companion.cli import doctor
from companion.storage.journal import Journal, damage
from tests.cli.test_doctor import FakeProbe, _pi
from tests.fakebin import BOOKWORM_SQLITE3, RECORDING_SUDO, path_without, write_program
from tests.reliability.helpers import bot_script
from tests.reliability.journals import evening, lost, play, snapshot

SECTION = "Doctor's journal fixes (each printed fix run against its fault)"
# what a fix may ask root to do: none of it touches the journal's files
HARMLESS = re.compile(
    r"^(systemctl (stop|start) companion|reboot|mount -o remount,rw \S+|apt clean"
    r"|journalctl --vacuum-size=50M|du -xh -d 3 \S+|dmesg|mkdir -p \S+|usermod -aG companion \w+"
    r"|(chown (-R )?\w+:|chgrp companion|chmod [ug+rw]+) .+)$"
)
DESTRUCTIVE = re.compile(r"(^|[\s;&|`(])(rm|shred|truncate|dd|sqlite3)\s|>\s*\S*journal|mv (?!-n -T )")


class Machine(FakeProbe):
    """This machine as doctor's probe sees it, with the fault's stand-ins (see the module docstring)."""

    ro = False
    free = None
    unwritable: set = set()

    def writable(self, path):
        return str(path) not in self.unwritable and super().writable(path)

    def read_only_fs(self, path):
        return self.ro or super().read_only_fs(path)

    def free_bytes(self, path):
        return super().free_bytes(path) if self.free is None else self.free


def _faults(journal: Path, probe: Machine, tmp: Path) -> dict:
    """fault name -> a function that makes it (and sets the probe's stand-ins)."""

    def header():
        journal.write_bytes(b"definitely junk!" + journal.read_bytes()[16:])

    def wal_broken():
        with Journal(journal) as j:  # two more games only in the -wal, then a bit flips in its middle
            j.db.execute("PRAGMA wal_autocheckpoint=0")
            play(j, bot_script("masters", 77, 30))
            play(j, bot_script("one-night", 4, 20))
            db, wal = journal.read_bytes(), bytearray(Path(f"{journal}-wal").read_bytes())
        played = snapshot(journal)  # all seven games, as acknowledged
        wal[32 + 2 * (24 + 4096) + 16] ^= 0x10  # the third frame's checksum: SQLite would stop reading there
        journal.write_bytes(db)
        Path(f"{journal}-wal").write_bytes(bytes(wal))
        return played

    def moved_aside():
        header()
        with Journal(journal) as j:  # the app's start: keeps it aside, starts an empty journal
            assert j.moved_to is not None

    def read_only_file():
        journal.chmod(0o444)  # root ignores it; the probe's access() stands in for the user's view
        probe._blocked = {str(journal)}

    def read_only_fs():
        probe.ro = True

    def folder_in_the_way():
        journal.rename(tmp / "backup.sqlite3")
        journal.mkdir()
        (tmp / "backup.sqlite3").rename(journal / "journal.sqlite3")

    def disk_full():
        probe.free = 9 * 2**20

    def folder_not_writable():
        probe.unwritable = {str(journal.parent)}  # not ours any more (root made it, say); root ignores modes

    return {
        "damaged (header)": header,
        "damaged (-wal broken mid-way)": wal_broken,
        "damaged, kept aside by the app": moved_aside,
        "read-only file": read_only_file,
        "read-only file system": read_only_fs,
        "a folder at the journal's path": folder_in_the_way,
        "disk full": disk_full,
        "the journal's folder not writable": folder_not_writable,
    }


def _fixes(probe: Machine, capsys) -> list[tuple[str, str, str, str]]:
    """(check, status, detail, fix) of every journal check doctor reports as a problem, from its printed report."""
    doctor.main([], probe=probe)
    lines = capsys.readouterr().out.splitlines()
    found = []
    for line, nxt in zip(lines, lines[1:] + [""]):
        m = re.match(r"^(WARN|FAIL) (state-dir|journal-dir|journal|journal-aside|disk-space): (.*)$", line)
        if m:
            assert nxt.startswith("     fix: "), line
            found.append((m.group(2), m.group(1), m.group(3), nxt.removeprefix("     fix: ")))
    return found


def _commands(fix: str) -> list[str]:
    """The command lines of a fix: those between backticks; an older fix is one command line, our words
    after ", then" or "  (" (the state folder's)."""
    return re.findall(r"`([^`]+)`", fix) or [re.split(r"  \(|, then ", fix)[0]]


def _gist(fix: str) -> str:
    """The programs a fix runs, in order ("sudo systemctl stop, mv -n -T x3, companion journal recover, ...")."""
    verbs = re.findall(
        r"(?:sudo )?(?:systemctl (?:stop|start)|mv -n -T|companion journal recover|cp -a|chown|chgrp|chmod"
        r"|df|du|dmesg|reboot|mount -o remount,rw|apt clean|journalctl --vacuum-size|mkdir|usermod)",
        " ".join(_commands(fix)),
    )
    out: list[list] = []
    for verb in verbs:
        if out and out[-1][0] == verb:
            out[-1][1] += 1
        else:
            out.append([verb, 1])
    return ", ".join(v if n == 1 else f"{v} x{n}" for v, n in out)


def _environment(tmp: Path, machine: str) -> dict:
    """The shell the user types the fix into: `companion` on PATH, sudo recording, sqlite3 as on `machine`."""
    bin_dir = tmp / "bin"
    write_program(bin_dir, "sudo", RECORDING_SUDO)
    write_program(bin_dir, "companion", '#!/bin/sh\nexec {python} -m companion "$@"\n')
    base = os.environ["PATH"]
    if machine == "no sqlite3":
        base = path_without(tmp / "system-bin", "sqlite3")
    elif machine == "bookworm sqlite3":
        write_program(bin_dir, "sqlite3", BOOKWORM_SQLITE3)
    return {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{base}",
        "SUDO_LOG": str(tmp / "sudo.log"),
        "SUDO_SANDBOX": str(tmp),
        "COMPANION_LANG": "en",
    }


def _run(fix: str, env: dict, tmp: Path) -> list[tuple[str, int]]:
    """Run every command between backticks of `fix`, in order; (command, exit status) of each."""
    out = []
    for command in _commands(fix):
        assert not DESTRUCTIVE.search(command), command
        command = command.replace("DEST/", f"{tmp / 'usb'}/")
        (tmp / "usb").mkdir(exist_ok=True)
        done = subprocess.run(
            ["bash", "-c", command], env=env, cwd=tmp, capture_output=True, text=True, timeout=120
        )
        out.append((command, done.returncode))
        changes = re.search(r"(^|&& )(mv|companion|cp|chmod|sudo ch)", command)
        assert done.returncode == 0 or not changes, (command, done.stderr)
    return out


CASES = [(fault, "pi", "bookworm sqlite3") for fault in _faults(Path("j"), None, Path("."))] + [
    ("damaged (header)", "pi", "no sqlite3"),
    ("damaged (header)", "pc", "bookworm sqlite3"),
    ("damaged, kept aside by the app", "pc", "no sqlite3"),
]


@pytest.mark.parametrize("fault, kind, machine", CASES, ids=[" / ".join(c) for c in CASES])
def test_doctors_fix_loses_no_game(tmp_path, capsys, figures, fault, kind, machine):
    journal = Path(os.environ["COMPANION_STATE_DIR"]) / "journal.sqlite3"
    (tmp_path / "config").mkdir(exist_ok=True)
    evening(journal)
    before = snapshot(journal)
    root = _pi(tmp_path / "root") if kind == "pi" else tmp_path / "pc"
    probe = Machine(root, user=getpass.getuser(), root_user=True)
    before = _faults(journal, probe, tmp_path)[fault]() or before
    fixes = _fixes(probe, capsys)
    assert fixes, f"{fault}: doctor saw nothing"
    env = _environment(tmp_path, machine)
    ran = [step for _check, _status, _detail, fix in fixes for step in _run(fix, env, tmp_path)]
    asked = (tmp_path / "sudo.log").read_text().splitlines() if (tmp_path / "sudo.log").exists() else []
    assert all(HARMLESS.match(line) for line in asked), asked
    moves = (
        fault.startswith("damaged (") or fault == "a folder at the journal's path"
    )  # what moves the journal
    assert any(line == "systemctl stop companion" for line in asked) == (
        kind == "pi" and moves
    )  # the table first
    if fault == "read-only file":
        assert journal.stat().st_mode & 0o600 == 0o600
    assert damage(str(journal)) is None and journal.is_file()
    after = snapshot(journal)
    if fault == "read-only file system":  # nothing can change there: the copy must hold every game
        after += snapshot(tmp_path / "usb" / "journal.sqlite3")
    missing = lost(before, after)
    assert missing == [], f"{fault}: games {missing} lost"
    probe.ro, probe.free, probe._blocked, probe.unwritable = False, None, set(), set()
    again = [(c, s) for c, s, _detail, _fix in _fixes(probe, capsys) if c in ("journal", "state-dir")]
    assert again == [], again
    said = "; ".join(
        f"{s} {c}: {d.replace(str(journal.parent) + '/', '').replace(str(tmp_path), '...')} -> {_gist(f)}"
        for c, s, d, f in fixes
    )
    figures.setdefault(SECTION, {})[f"{fault} ({kind}, {machine})"] = re.sub(
        r"\d{8}T\d{6}Z",
        "<UTC time>",
        (f"{said}; {len(ran)} command line(s) run; {len(before)} games, {len(missing)} lost"),
    )


def test_the_old_fix_loses_every_game_on_bookworm(tmp_path):
    """The fix doctor used to print, run on Debian 12's sqlite3: exit 0, an empty journal that looks sound."""
    journal = tmp_path / "journal.sqlite3"
    evening(journal)
    before = snapshot(journal)
    journal.write_bytes(b"definitely junk!" + journal.read_bytes()[16:])
    env = _environment(tmp_path, "bookworm sqlite3")
    old = f"sqlite3 {journal} .recover | sqlite3 {journal}.recovered && mv {journal}.recovered {journal}"
    done = subprocess.run(["bash", "-c", old], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "SQL logic error" in done.stderr
    assert damage(str(journal)) is None  # "healthy" ...
    assert lost(before, snapshot(journal) if journal.stat().st_size else []) == [
        g["id"] for g in before
    ]  # ... and empty
    assert DESTRUCTIVE.search(old)  # the runner above would refuse it
