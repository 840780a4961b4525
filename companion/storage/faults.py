"""What can go wrong with the journal, in words: the errors of companion/storage/.

`JournalError` is the base (an unusable file, an unknown game). Three kinds say more:

- `StorageFault`: the disk said no (SQLite's FULL, READONLY, IOERR, CANTOPEN, CORRUPT, BUSY). Its `kind`
  (`full`, `read-only`, `io`, `cannot-open`, `damaged`, `busy`) is what the table shows ("not saving:
  the disk is full") while the game goes on in memory (companion/storage/saver.py); the file itself is
  never touched because of it.
- `GameBusy`: another live process holds the game's lease (companion/storage/lease.py): nothing is written.
- `GameChanged`: the game in the journal is no longer what this session last wrote: nothing is written,
  and the session never writes that game again.
- `JournalMissing` (`--journal PATH` names no journal) and its kind `NotOurJournal` (PATH is a file, but
  not our journal: companion/storage/identity.py): a usage mistake, exit 2; the file is never touched.
- `JournalTooNew`: a journal of a newer schema version than this companion knows: read, never written.

Messages are English templates with their values (`template`, `params`, as `RuleViolation`): the
edge (a screen, a command line) shows them in the user's language with `companion.narration.words.refusal_text`.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from companion.errors import N_, CompanionError


class JournalError(CompanionError, RuntimeError):
    """The journal file is unusable (corrupt, not writable) or has no such game: says which file and why."""

    def __init__(self, message: str, **params):
        self.template = message
        self.params = params
        self.message = message.format(**params) if params else message
        super().__init__(self.message)


# SQLite's primary result names -> our kind of fault. An extended name (SQLITE_IOERR_FSYNC,
# SQLITE_READONLY_DBMOVED) counts as its primary one.
_KINDS = {
    "SQLITE_FULL": "full",
    "SQLITE_READONLY": "read-only",
    "SQLITE_PERM": "read-only",
    "SQLITE_IOERR": "io",
    "SQLITE_CANTOPEN": "cannot-open",
    "SQLITE_CORRUPT": "damaged",
    "SQLITE_NOTADB": "damaged",
    "SQLITE_BUSY": "busy",
    "SQLITE_LOCKED": "busy",
}

# What the table says while it plays without saving (the banner, the status light's reason, STATUS=).
FAULT_TEXT = {
    "full": N_("not saving: the disk is full"),
    "read-only": N_("not saving: the journal is read-only"),
    "io": N_("not saving: the disk reported an I/O error"),
    "cannot-open": N_("not saving: the journal cannot be opened"),
    "damaged": N_("not saving: the journal file is damaged"),
    "busy": N_("not saving: another program keeps the journal locked"),
}
# A "read-only" fault the kernel's file system gave (ext4 errors=remount-ro, `remount,abort`): the card
# itself went read-only, which a reboot after copying the files off may fix (`companion doctor` says how).
CARD_READ_ONLY = N_("not saving: the card went read-only (the kernel refuses every write to it)")


class StorageFault(JournalError):
    """A write (or read) of the journal failed for a reason outside the game: `kind` says which."""

    def __init__(self, kind: str, path: str, detail: str = "", *, card: bool = False):
        self.kind = kind
        self.path = path
        self.detail = detail
        self.card = card and kind == "read-only"  # the file system, not the file: the card went read-only
        super().__init__(CARD_READ_ONLY if self.card else FAULT_TEXT.get(kind, FAULT_TEXT["io"]))

    @classmethod
    def of(cls, exc: BaseException, path: str) -> StorageFault:
        """The fault an SQLite error (sqlite3's `sqlite_errorname`) stands for; `io` when unnamed."""
        name = str(getattr(exc, "sqlite_errorname", "") or "")
        kind = _KINDS.get("_".join(name.split("_")[:2]), "io")
        if kind in ("io", "cannot-open", "read-only") and path and path != ":memory:":
            # A file system the kernel made read-only (ext4 errors=remount-ro, `remount,abort`) refuses
            # writes with EROFS, which SQLite reports as IOERR_WRITE, or CANTOPEN for the -shm it cannot
            # make; statvfs may not say so (no ST_RDONLY, access(W_OK) true): ask the kernel itself.
            if kernel_read_only(Path(path).parent):
                return cls("read-only", path, str(exc), card=True)
        return cls(kind, path, str(exc))


class GameChanged(JournalError):
    """The game in the journal changed under a session: it stops writing it."""

    def __init__(self, game_id: int):
        self.game_id = game_id
        super().__init__(
            N_("game {id} was changed by another program: not saving; resume it again"), id=game_id
        )


class JournalMissing(JournalError):
    """`--journal PATH` names no journal and `--create` was not given (exit 2)."""

    def __init__(self, path: str):
        self.path = path
        super().__init__(
            N_(
                "{path}: there is no journal there; check the path, or add --create to start a new"
                " journal there"
            ),
            path=path,
        )


class NotOurJournal(JournalMissing):
    """PATH is a file, but not a Nightwatch journal (a text file, another program's database): it is
    left exactly as it is; like a missing journal, a usage mistake (exit 2)."""

    def __init__(self, path: str, why: str, **params):
        self.path = path
        self.why = why.format(**params) if params else why
        JournalError.__init__(
            self,
            N_(
                "{path}: not a Nightwatch journal ({why}); it was left as it is: check the"
                " path (a damaged journal of ours: `companion journal recover {path}`"
                " reads its games into another)"
            ),
            path=path,
            why=self.why,
        )


class JournalTooNew(JournalError):
    """The journal was written by a newer companion (its schema version is higher than ours): it is
    never written by this one, so nothing the newer version keeps is lost."""

    def __init__(self, path: str, version: int, known: int):
        self.path, self.version, self.known = path, version, known
        super().__init__(
            N_(
                "{path}: a journal of another version or damaged schema: version {version}, newer than"
                " this companion knows ({known}); it is not written: update the companion"
            ),
            path=path,
            version=version,
            known=known,
        )


def read_only_fs(folder: Path, mounts: str = "/proc/mounts") -> bool:
    """Is `folder` on a file system mounted read-only: statvfs's ST_RDONLY, or the options the kernel
    shows for its mount in `mounts` (`ro`, ext4's `emergency_ro` after an abort)? No write is tried."""
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return True
    except (OSError, AttributeError):
        return False
    return bool(READ_ONLY_OPTIONS & set(mount_options(folder, mounts)))


READ_ONLY_OPTIONS = {"ro", "emergency_ro"}
probe_open = os.open  # the write probe's open (a seam: tests put one there that fails with EROFS)


def kernel_read_only(folder: Path, mounts: str = "/proc/mounts", opener=None) -> bool:
    """`read_only_fs`, or the write probe says EROFS: an ext4 card in emergency read-only often shows
    neither ST_RDONLY nor `ro`, yet refuses every write. Asked only after a write failed."""
    return read_only_fs(folder, mounts) or write_refused(folder, opener) == errno.EROFS


def write_refused(folder: Path, opener=None) -> int | None:
    """The write probe: create, write, fsync and remove a small temporary file in `folder`; the errno
    that stopped it, or None. `opener`: `os.open` (tests pass one that fails as a card does)."""
    opener = opener or probe_open
    probe = Path(folder) / f".companion-probe-{os.getpid()}"
    try:
        fd = opener(str(probe), os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except OSError as exc:
        return exc.errno
    try:
        os.write(fd, b"probe")
        os.fsync(fd)
    except OSError as exc:
        return exc.errno
    finally:
        os.close(fd)
        try:
            os.unlink(probe)
        except OSError:
            pass
    return None


def mount_options(folder: Path, mounts: str = "/proc/mounts") -> list[str]:
    """The options of the mount holding `folder`, as the kernel lists it in `mounts` ([] if unknown)."""
    try:
        where = os.path.realpath(folder)
        with open(mounts, encoding="utf-8", errors="replace") as f:
            lines = f.read(1 << 20).splitlines()
    except OSError:
        return []
    best, options = "", []
    for line in lines:
        fields = line.split()
        if len(fields) < 4:
            continue
        point = fields[1]
        if "\\" in point:  # \040 for a space (the codec is loaded only then: a start reads this line)
            point = point.encode().decode("unicode_escape")
        if (where == point or where.startswith(point.rstrip("/") + "/")) and len(point) >= len(best):
            best, options = point, fields[3].split(",")
    return options
