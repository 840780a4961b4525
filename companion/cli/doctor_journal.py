"""`companion doctor`'s journal checks: the state folder, the journal file, damaged journals kept aside,
free space. Each fault has its own diagnosis and a fix that loses no game (issue 23, point 3):

  damaged file        stop the service, move the file (with its -wal and -shm) aside under a new name,
                      `companion journal recover` it into a new journal (it reads a copy, never changes it)
  read-only file      give the files back to their user or the service's group (chown/chgrp, chmod)
  read-only file sys. copy the journal off first; dmesg says why; after I/O errors a reboot (the boot
                      checks the file system), mounted read-only on purpose: `mount -o remount,rw`;
                      while the table holds unsaved commands (its status file, companion/storage/
                      rescue.py) never a reboot first: stop it (it writes them to a rescue file),
                      copy that off with the journal, then reboot and `companion journal rescue` it
  folder missing      not an error when the first start makes it; else who may make it
  not a file          a folder (or a pipe, a broken link) at the journal's path: `mv -n` to a new name,
                      and recover any journal inside it; never `rm`
  disk full           what fills it (df, du), what may go (apt's cache, system logs); never the journal
  rescue file waiting commands a stop could not save: `companion journal rescue FILE`
  not our journal     a text file or another program's database at --journal: left as it is, give the
                      right path (companion/storage/identity.py decides, as every open does)
  another shape       a table or column missing ("a journal of another version or damaged schema"):
                      damaged, fixed as above (recover reads what plain SQL can); a newer version: update

Every command of a fix is written between backticks, our words around them; tests/reliability/
test_doctor_fixes.py runs each against its fault and checks every game still replays.

Doctor reads the journal read-only: SQLite's `mode=ro` (a WAL reader never blocks the table's writes),
on a copy in a temporary folder when the table does not have it open (so no -wal or -shm is left
behind), and, only on a read-only file system, `immutable=1` (see `read_journal`). It changes no file
(the read-only check's write probe makes a small file and removes it at once). Finding and reading
the files is companion/cli/doctor_journal_files.py's.
"""

from __future__ import annotations

import os
import shlex
import stat
from pathlib import Path

from companion.cli.doctor_base import UNIT, Check, Status

# (Reading, read_journal: re-exported for the tests and the reliability suite)
from companion.cli.doctor_journal_files import (
    Reading,
    exists,
    free_name,
    journal_files,
    journals_in,
    nearest,
    read_journal,
)
from companion.i18n import _, ngettext

__all__ = ["JournalProbe", "Reading", "check_journal_file", "checks", "read_journal"]

FREE_FAIL = 50 * 2**20
FREE_WARN = 500 * 2**20
SERVICE = "companion"
ASIDE_MARK = ".aside-"  # a folder or other non-file moved away from the journal's path


class JournalProbe:
    """What the journal checks read from the machine besides files (part of doctor's Probe; tests override it)."""

    def read_only_fs(self, path: Path) -> bool:
        """Whether the file system holding `path` is read-only (writing there fails with errno EROFS whoever
        you are, root included): statvfs's ST_RDONLY, the kernel's mount options (`ro`, `emergency_ro`),
        or a write probe (a small file made, fsynced and removed) refused with EROFS, as an ext4 card in
        emergency read-only does while statvfs and access(W_OK) still say writable."""
        from companion.storage.faults import kernel_read_only

        return kernel_read_only(nearest(path))

    def mount_point(self, path: Path) -> Path:
        """The mount point of the file system holding `path`."""
        path = nearest(path).resolve()
        while not os.path.ismount(path) and path != path.parent:
            path = path.parent
        return path

    def service_installed(self) -> bool:
        """Whether the boot service's unit is installed (then fixes stop and start it around a move)."""
        return self.exists(UNIT)

    def tables_unsaved(self) -> list[dict]:
        """The running tables that hold unsaved commands (their status files): {pid, unsaved, why, journal}."""
        from companion.storage import rescue

        return rescue.tables_unsaved()

    def rescue_files(self, journal: Path) -> list[Path]:
        """The rescue files waiting to be put back (companion/storage/rescue.py's places)."""
        from companion.storage import rescue

        return rescue.find(rescue.places(journal))


def checks(probe) -> list:
    """The journal's checks, in the order to fix them: folder, file, kept-aside files, space."""
    journal, state = Path(probe.journal_file()), Path(probe.state_dir())
    default = journal == state / "journal.sqlite3"
    ro = probe.read_only_fs(journal.parent)
    out = [_folder_check(probe, "state-dir", state, journal, probe.read_only_fs(state))]
    if journal.parent != state:
        out.append(_folder_check(probe, "journal-dir", journal.parent, journal, ro, given=True))
    out.append(check_journal_file(probe, journal, default, ro))
    out += _aside_check(journal, default)
    out += _rescue_check(probe, journal)
    out.append(check_space(probe, journal))
    return out


def check_journal_file(probe, journal: Path, default: bool, ro: bool):
    """The journal file itself: absent, not a file, unreadable, damaged, read-only for this user, or sound."""
    try:
        mode = os.lstat(journal).st_mode
    except FileNotFoundError:
        mode = None
    except OSError:  # a folder we may not enter: the folder check says what to do
        return Check(
            "journal",
            Status.WARN,
            _("{file} not checked: its folder cannot be read by {user}").format(
                file=journal, user=probe.user()
            ),
            _state_fix(probe, journal.parent),
        )
    if mode is None and not exists(f"{journal}-wal"):
        return Check(
            "journal", Status.OK, _("no journal yet ({file} is made by the first game)").format(file=journal)
        )
    if mode is not None and not journal.is_file():  # a link to a journal is fine, a link to nothing is not
        return _not_a_file(probe, journal, mode, default)
    ours = _whose(journal, default)
    if ours is not None:
        return ours
    reading = read_journal(journal, ro)
    if reading.cause in ("busy", "cut"):  # a moment's state, not a fault: nothing to fix
        again = (
            _("`{command}` again in a moment").format(command="companion doctor")
            if reading.cause == "busy"
            else _("nothing to do: the next start rolls the cut write back")
        )
        return Check(
            "journal",
            Status.WARN,
            _("{file} not checked: {why}").format(file=journal, why=reading.unreadable),
            again,
        )
    if reading.unreadable:
        fix = (
            _card_fix(probe, journal.parent, journal, read_only=False)
            if reading.cause == "io"
            else _owner_fix(probe, journal, journal_files(journal))
        )
        return Check(
            "journal",
            Status.FAIL,
            _("{file} cannot be read: {why}").format(file=journal, why=reading.unreadable),
            fix,
        )
    if reading.damage:
        fix = _damaged_fix(probe, journal, default)
        if ro:
            fix = _("first make its file system writable (see state-dir), then: {fix}").format(fix=fix)
        return Check(
            "journal",
            Status.FAIL,
            _("{file} is damaged ({why}); the next start keeps it aside and starts an empty journal").format(
                file=journal, why=reading.damage
            ),
            fix,
        )
    games = ngettext("{n} game", "{n} games", reading.games).format(n=reading.games)
    if ro:
        return Check(
            "journal",
            Status.OK,
            _("{file}: sound, {games} (read on a read-only file system)").format(file=journal, games=games),
        )
    locked = [p for p in journal_files(journal) if not probe.access(p, os.R_OK | os.W_OK)]
    if locked:
        return Check(
            "journal",
            Status.FAIL,
            _("{file} is read-only for {user}: its {games} can be read, no new command can be saved").format(
                file=journal, user=probe.user(), games=games
            ),
            _owner_fix(probe, journal, locked),
        )
    return Check("journal", Status.OK, _("{file}: sound, {games}").format(file=journal, games=games))


def _whose(journal: Path, default: bool):
    """The check for a file that is not our journal (another program's, left as it is) or one of a newer
    version (read, never written); None for our own (companion/storage/identity.py)."""
    from companion.storage.faults import JournalTooNew, NotOurJournal
    from companion.storage.identity import check_ours

    try:
        check_ours(str(journal), by_place=default)
    except NotOurJournal as exc:
        return Check(
            "journal",
            Status.FAIL,
            _(
                "{file} is not a Nightwatch journal ({why}): the companion leaves it as it"
                " is and uses no journal there"
            ).format(file=journal, why=_(exc.why)),
            _(
                "give the path of your journal (`{command}`), or leave --journal out for the default one"
            ).format(command="companion journal list --journal PATH"),
        )
    except JournalTooNew as exc:
        return Check(
            "journal",
            Status.FAIL,
            _(
                "{file}: a journal of another version or damaged schema: version {version},"
                " newer than this companion knows ({known}); its games can be read, no"
                " command is saved"
            ).format(file=journal, version=exc.version, known=exc.known),
            _("update the companion to the version that wrote it (the file is left as it is meanwhile)"),
        )
    return None


def check_space(probe, journal: Path):
    """Free space where the journal lives; what fills the disk and what may go, never the journal."""
    folder = journal.parent
    free = probe.free_bytes(folder)
    text = _("{mib} MiB free for {folder}").format(mib=f"{free / 2**20:.0f}", folder=folder)
    if free >= FREE_WARN:
        return Check("disk-space", Status.OK, text)
    files = ", ".join(p.name for p in (journal, Path(f"{journal}-wal")))
    fix = _(
        "see what fills it: `{df}` and `{du}`; then free space: `{apt}`, `{logs}`, or files of your own; "
        "never the journal ({files}: they hold the games)"
    ).format(
        df=f"df -h {_q(nearest(folder))}",
        du=f"sudo du -xh -d 3 {_q(probe.mount_point(folder))} | sort -h | tail -n 20",
        apt="sudo apt clean",
        logs="sudo journalctl --vacuum-size=50M",
        files=files,
    )
    if free < FREE_FAIL:
        return Check(
            "disk-space",
            Status.FAIL,
            _("{text}: the disk is (nearly) full, new commands may not be saved").format(text=text),
            fix,
        )
    return Check("disk-space", Status.WARN, text, fix)


# --- private helpers -------------------------------------------------------------------------


def _folder_check(probe, name: str, folder: Path, journal: Path, ro: bool, given: bool = False):
    """A folder the journal (or the start counter) lives in: read-only file system, missing, not writable."""
    if ro:
        return Check(
            name,
            Status.FAIL,
            _("{folder} is on a read-only file system ({mount}): no game can be saved").format(
                folder=folder, mount=probe.mount_point(folder)
            ),
            _card_fix(probe, folder, journal, read_only=True),
        )
    if not os.path.isdir(folder):
        if given:  # a --journal in a folder that is not there: a typo more often than a wish
            return Check(
                name,
                Status.WARN,
                _("{folder} does not exist: a journal is made there only on request").format(folder=folder),
                _("`{command}`  (or give the right path)").format(
                    command=f"companion run --journal {_q(journal)} --create"
                ),
            )
        if probe.writable(folder):
            return Check(
                name,
                Status.OK,
                _("{folder} does not exist yet: the first start makes it").format(folder=folder),
            )
        return Check(
            name,
            Status.FAIL,
            _("{folder} does not exist and {user} cannot make it").format(folder=folder, user=probe.user()),
            _state_fix(probe, folder),
        )
    if probe.writable(folder):
        return Check(name, Status.OK, _("{folder} writable").format(folder=folder))
    return Check(
        name,
        Status.FAIL,
        _("{folder} is not writable by {user}").format(folder=folder, user=probe.user()),
        _state_fix(probe, folder),
    )


def _not_a_file(probe, journal: Path, mode: int, default: bool):
    """A folder, pipe, device or broken link where the journal should be: move it aside, recover what is inside."""
    if stat.S_ISDIR(mode):
        what = _("{file} is a folder, not a journal file").format(file=journal)
    elif stat.S_ISLNK(mode):
        what = _("{file} is a link to {target}, which is not there").format(
            file=journal, target=os.readlink(journal)
        )
    else:
        what = _("{file} is not a regular file").format(file=journal)
    aside = free_name(journal, ASIDE_MARK)
    steps = [f"mv -n -T {_q(journal)} {_q(aside)}"]
    inside = journals_in(journal) if stat.S_ISDIR(mode) else []
    steps += [_recover_command(aside / p.name, journal, default) for p in inside]
    words = (
        _("moves it aside, nothing is deleted, and reads the journal in it into a new one")
        if inside
        else _("moves it aside, nothing is deleted; the next start makes a new journal")
    )
    return Check(
        "journal",
        Status.FAIL,
        _("{what}: no game can be saved").format(what=what),
        _("`{command}`  ({words})").format(command=_around_service(probe, steps), words=words),
    )


def _damaged_fix(probe, journal: Path, default: bool) -> str:
    """Stop the table, move the damaged file and its -wal/-shm aside under a new name, recover it into a new journal."""
    from companion.storage.journal import CORRUPT_MARK

    aside = free_name(journal, CORRUPT_MARK)
    steps = [f"mv -n -T {_q(journal)} {_q(aside)}"] if exists(journal) else []
    for suffix in ("-wal", "-shm"):  # guarded: stopping the table may fold the -wal in and remove it
        if exists(f"{journal}{suffix}"):
            steps.append(
                f"{{ [ ! -e {_q(f'{journal}{suffix}')} ] || mv -n -T {_q(f'{journal}{suffix}')} "
                f"{_q(f'{aside}{suffix}')}; }}"
            )
    steps.append(_recover_command(aside, journal, default))
    return _("`{command}`  (keeps the damaged file as {aside}, reads its games into a new journal)").format(
        command=_around_service(probe, steps), aside=aside.name
    )


def _aside_check(journal: Path, default: bool) -> list:
    """A warning naming `companion journal recover` for damaged journals the app moved aside."""
    aside = sorted(
        {
            str(p).removesuffix("-wal").removesuffix("-shm")
            for p in journal.parent.glob(f"{journal.name}.corrupt-*")
        }
    )
    if not aside:
        return []
    return [
        Check(
            "journal-aside",
            Status.WARN,
            ngettext(
                "a damaged journal kept aside: {newest}",
                "{n} damaged journals kept aside, newest {newest}",
                len(aside),
            ).format(n=len(aside), newest=aside[-1]),
            _(
                "`{command}`  (reads its games into the journal; it keeps the file, and a second time adds nothing)"
            ).format(command=_recover_command(Path(aside[-1]), journal, default)),
        )
    ]


def _rescue_check(probe, journal: Path) -> list:
    """A warning per rescue file waiting: how many moves, and the command that puts them back."""
    from companion.runtime.rescuing import waiting_notes

    files = probe.rescue_files(journal)
    if not files:
        return []
    notes = waiting_notes(str(journal), [f.parent for f in files])
    return [
        Check(
            "rescue",
            Status.WARN,
            _("commands a stop could not save: {notes}").format(notes="; ".join(notes)),
            _(
                "once the journal can be written: `{command}` (puts them back onto their game, or says why not;"
                " the file is kept as .done)"
            ).format(command=f"companion journal rescue {_q(files[0])}"),
        )
    ]


def _save_first(probe) -> str | None:
    """While a table holds unsaved commands: how to save them before anything restarts it; else None."""
    tables = probe.tables_unsaved()
    if not tables:
        return None
    n = sum(int(t.get("unsaved") or 0) for t in tables)
    stop = (
        f"sudo systemctl stop {SERVICE}"
        if probe.service_installed()
        else f"kill -TERM {' '.join(str(t['pid']) for t in tables)}"
    )
    log = f"journalctl -u {SERVICE} -n 20" if probe.service_installed() else _("its output")
    return ngettext(
        "the table holds {n} move not saved yet: never reboot first; save it: `{stop}` (it writes a rescue"
        " file and names it: `{log}`), copy that file off with the journal, then",
        "the table holds {n} moves not saved yet: never reboot first; save them: `{stop}` (it writes a"
        " rescue file and names it: `{log}`), copy that file off with the journal, then",
        n,
    ).format(n=n, stop=stop, log=log)


def _card_fix(probe, folder: Path, journal: Path, read_only: bool) -> str:
    """A card that fails (read-only file system, I/O errors): copy first, then find out why; a reboot after
    I/O errors (the boot checks the file system), a remount only for a read-only mount by choice. While
    the table holds unsaved commands, it is stopped first (a rescue file) and the reboot comes after."""
    first = _save_first(probe)
    fix = _card_steps(probe, folder, journal, read_only)
    if first is None:
        return fix
    return _("{first}: {fix}; after the reboot: `{rescue}`").format(
        first=first, fix=fix, rescue="companion journal rescue FILE"
    )


def _card_steps(probe, folder: Path, journal: Path, read_only: bool) -> str:
    """`_card_fix`'s steps: copy, see why, reboot or remount."""
    files = " ".join(_q(p) for p in journal_files(journal))
    words = dict(
        copy=f"cp -a {files} DEST/" if files else f"cp -a {_q(folder)} DEST/",
        why="sudo dmesg | grep -i -e 'read-only' -e 'i/o error' -e ext4 -e mmc",
        reboot="sudo reboot",
    )
    if not read_only:
        return _(
            "keep a copy first: `{copy}` (DEST: a USB stick or another computer); see why: `{why}`; then: "
            "`{reboot}` (the boot checks the file system; if the errors come back, the card is failing: put the "
            "copy on a new one)"
        ).format(**words)
    return _(
        "keep a copy first: `{copy}` (DEST: a USB stick or another computer); see why: `{why}`; after I/O errors: "
        "`{reboot}` (the boot checks the file system; if it turns read-only again, the card is failing: put the copy "
        "on a new one); mounted read-only on purpose (ro in /etc/fstab): `{remount}`"
    ).format(remount=f"sudo mount -o remount,rw {_q(probe.mount_point(folder))}", **words)


def _owner_fix(probe, journal: Path, files: list[Path]) -> str:
    """Give the journal's files back: to the service's group in the shared place, else to this user."""
    from companion import paths

    names = " ".join(_q(p) for p in files) or _q(journal)
    if paths.shared(journal):
        command = f"sudo chgrp {SERVICE} {names} && sudo chmod ug+rw {names}"
    else:
        command = f"sudo chown {probe.user()}: {names} && chmod u+rw {names}"
    return _("`{command}`  (changes who may write the files, not what is in them)").format(command=command)


def _state_fix(probe, state: Path) -> str:
    """Make the state folder writable: the service's shared folder by its group, a private one by its owner."""
    from companion import paths

    user = probe.user()
    if paths.shared(state):  # never chown the service's folder to a login user: the service would lose it
        return _("{command}, then log out and back in (or: newgrp companion)").format(
            command=f"sudo usermod -aG companion {user}"
        )
    return f"sudo mkdir -p {_q(state)} && sudo chown -R {user}: {_q(state)}"


def _around_service(probe, steps: list[str]) -> str:
    """`steps` joined by &&, between stopping and starting the boot service when it is installed."""
    if probe.service_installed():
        steps = [f"sudo systemctl stop {SERVICE}", *steps, f"sudo systemctl start {SERVICE}"]
    return " && ".join(steps)


def _recover_command(source: Path, journal: Path, default: bool) -> str:
    """`companion journal recover SOURCE`, naming the journal when doctor was pointed at another one
    (with `--create`: the fix has just moved that one aside, and only the default place is made unasked)."""
    return f"companion journal recover {_q(source)}" + (
        "" if default else f" --journal {_q(journal)} --create"
    )


def _q(path) -> str:
    """A path quoted for the shell."""
    return shlex.quote(str(path))
