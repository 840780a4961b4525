"""Programs on PATH as other machines have them: Debian 12's `sqlite3` without `.recover`, no `sqlite3` at
all, and a `sudo` that records what it was asked (tests run as root and must not reboot or remount).

Debian 12 (bookworm) ships sqlite3 3.40.1 built without the recovery extension. Asked for `.recover`
it prints the start of a script to standard output, "sql error: SQL logic error (1)" to standard
error and exits 1 (checked by hand on bookworm's 3.40.1-2):

    $ sqlite3 j.sqlite3 .recover
    BEGIN;
    PRAGMA writable_schema = on;
    ...
    sql error: SQL logic error (1)
    $ echo $?
    1

So `sqlite3 J .recover | sqlite3 J.recovered` exits 0 (a pipeline's status is its last command's)
and leaves an empty J.recovered. The fake below does the same; any other use runs the SQL it is given
through Python's sqlite3, as the real shell would.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

BOOKWORM_SQLITE3 = '''#!{python}
"""sqlite3 3.40.1 as Debian 12 builds it: no .recover."""
import sqlite3, sys
args = [a for a in sys.argv[1:] if not a.startswith("-")]
if ".recover" in args:
    print("BEGIN;\\nPRAGMA writable_schema = on;\\nPRAGMA encoding = 'UTF-8';\\nPRAGMA page_size = '4096';")
    print("PRAGMA auto_vacuum = '0';\\nPRAGMA user_version = '0';\\nPRAGMA application_id = '0';")
    sys.stderr.write("sql error: SQL logic error (1)\\n")
    sys.exit(1)
con = sqlite3.connect(args[0], isolation_level=None)
sql = " ".join(args[1:]) if len(args) > 1 else sys.stdin.read()
try:
    if len(args) > 1:
        for row in con.execute(sql):
            print("|".join("" if v is None else str(v) for v in row))
    else:
        con.executescript(sql)
except sqlite3.Error as exc:
    sys.stderr.write(f"Error: {{exc}}\\n")
    sys.exit(1)
'''

# `sudo` here: write what was asked to $SUDO_LOG; run only what is safe in a test folder as root
# (chown, chgrp, chmod, mkdir on paths under $SUDO_SANDBOX); everything else (systemctl, reboot,
# mount, apt, journalctl, du) is recorded and not run.
RECORDING_SUDO = '''#!{python}
"""sudo for tests: records, runs only file-mode commands inside the sandbox."""
import os, subprocess, sys
argv = sys.argv[1:]
with open(os.environ["SUDO_LOG"], "a") as log:
    log.write(" ".join(argv) + "\\n")
sandbox = os.environ["SUDO_SANDBOX"]
paths = [a for a in argv[1:] if a.startswith("/")]
if argv and argv[0] in ("chown", "chgrp", "chmod", "mkdir") and paths and all(p.startswith(sandbox) for p in paths):
    sys.exit(subprocess.run(argv).returncode)
sys.exit(0)
'''


def write_program(folder: Path, name: str, text: str) -> Path:
    """An executable script `folder/name` (the interpreter is this test's Python)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text.format(python=sys.executable))
    path.chmod(0o755)
    return path


def path_without(folder: Path, *names: str) -> str:
    """A PATH holding every program of this machine's PATH except `names` (as links in `folder`)."""
    folder.mkdir(parents=True, exist_ok=True)
    for d in os.environ.get("PATH", "").split(os.pathsep):
        if not d or not os.path.isdir(d):
            continue
        for entry in os.scandir(d):
            link = folder / entry.name
            if entry.name in names or link.exists() or link.is_symlink():
                continue
            if entry.is_file() and os.access(entry.path, os.X_OK):
                link.symlink_to(entry.path)
    assert all(shutil.which(n, path=str(folder)) is None for n in names)
    return str(folder)
