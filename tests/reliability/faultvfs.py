"""Storage faults in software: SQLite on a VFS whose writes fail as a full disk, a read-only journal or a
bad card does.

`FaultVFS` passes every call to the default VFS and, while its `fault` is set, fails each write,
truncate and sync the way the OS makes SQLite fail them: `full` (ENOSPC: SQLITE_FULL), `read-only`
(SQLITE_READONLY), `io` (EIO: SQLITE_IOERR). Reads always work. The journal is opened by the app's
own factory with only its connection injected (`apsw_connect`, tests/reliability/powerloss.py).

In a child process (`companion run` for real) the fault is read from a file whose name is in
$FAULT_FILE (empty: no fault), so the test can fill and empty the "disk" while the app runs:
`python -c PROBE ARGS` runs `companion ARGS` with the journal's connection going through the VFS.
"""

from __future__ import annotations

import os
from pathlib import Path

import apsw

_ERRORS = {"full": apsw.FullError, "read-only": apsw.ReadOnlyError, "io": apsw.IOError}

# `python -c PROBE run ...`: the real `companion` with the journal on a FaultVFS switched by $FAULT_FILE.
PROBE = r"""
import os, runpy, sys
sys.path.insert(0, os.environ["REPO_ROOT"])
from tests.reliability.faultvfs import install
install(os.environ["FAULT_FILE"])
sys.argv = ["companion", *sys.argv[1:]]
runpy.run_module("companion", run_name="__main__")
"""


class FaultVFS(apsw.VFS):
    """The default VFS; while `fault` (or the content of `switch`, a file) names a fault, writes fail."""

    def __init__(self, name: str = "faulty", switch: str | None = None):
        self.name = name
        self.fault: str | None = None
        self.switch = switch
        self.failed = 0
        super().__init__(self.name, "")

    def now(self) -> str | None:
        """The fault in force now."""
        if self.switch is not None:
            try:
                return Path(self.switch).read_text().strip() or None
            except FileNotFoundError:
                return None
        return self.fault

    def xOpen(self, name, flags):
        """Open through the default VFS; the file fails its writes while a fault is set."""
        return _FaultFile(self, name, flags)


class _FaultFile(apsw.VFSFile):
    """One open file of a FaultVFS."""

    def __init__(self, vfs: FaultVFS, name, flags):
        self.vfs = vfs
        super().__init__("", name, flags)

    def _check(self) -> None:
        fault = self.vfs.now()
        if fault:
            self.vfs.failed += 1
            raise _ERRORS[fault]()

    def xWrite(self, data, offset):
        self._check()
        super().xWrite(data, offset)

    def xTruncate(self, newsize):
        self._check()
        super().xTruncate(newsize)

    def xSync(self, flags):
        self._check()
        super().xSync(flags)


def install(switch: str) -> FaultVFS:
    """In this process, open every journal through a FaultVFS switched by the file `switch`."""
    from companion.storage import journal
    from tests.reliability.powerloss import apsw_connect

    vfs = FaultVFS(f"faulty{os.getpid()}", switch)
    _KEPT.append(vfs)  # a VFS object that is collected unregisters itself
    journal._connect = apsw_connect(vfs.name)
    return vfs


_KEPT: list = []
