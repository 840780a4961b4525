"""Security: no listening sockets, no root, private files, and tags that are only ever data.

The app is run for real as a subprocess and its sockets are read from /proc while it plays; when
this suite runs as root, the app is started as `nobody` to show it needs no privileges. Hostile tag
ids go through the reader and the loop under a Python audit hook that records every file opened
and every process started.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import tempfile
import time
import tomllib
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion import paths
from companion.gamedata.config import ReaderConfig
from companion.games.masters import teach
from companion.hal.clock import FakeClock
from companion.hal.reader import QUIET_S, open_reader
from companion.storage.journal import Journal
from tests.app.helpers import SETUP
from tests.reliability.helpers import LoopDevice, bot_script, build_app, counting_ui, screen_surface

REPO = Path(__file__).resolve().parents[2]
# {marker} is a file name relative to the working folder, which the tests set to their tmp_path
HOSTILE_TAGS = [
    "../../etc/passwd",
    "/etc/shadow",
    "$(touch {marker})",
    "`touch {marker}`",
    "; rm -rf ~",
    "; touch {marker}",
    "| sh -c 'touch {marker}'",
    "%s%s%n",
    "{0.__class__.__mro__}",
    "__import__('os')",
    'x"; import os #',
    "NW TAG ../x*00",
    "file:///etc/passwd",
    "\\\\server\\share",
]
NOBODY = 65534


# -- sockets -------------------------------------------------------------------------------------------
def _proc_lines(path: Path) -> list[str]:
    """The lines of a /proc file after its header; none once the process has gone (it may exit
    between any two reads of a sample)."""
    try:
        return path.read_text().splitlines()[1:]
    except OSError:
        return []


def _socket_inodes(pid: int) -> set[str]:
    """Inodes of the sockets process `pid` holds open (from /proc/<pid>/fd)."""
    out = set()
    fd_dir = Path(f"/proc/{pid}/fd")
    try:
        fds = list(fd_dir.iterdir())
    except OSError:  # the process has gone
        fds = []
    for fd in fds:
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        m = re.fullmatch(r"socket:\[(\d+)\]", target)
        if m:
            out.add(m.group(1))
    return out


def _listening(pid: int) -> list[str]:
    """The process's sockets that accept connections or datagrams from others."""
    mine = _socket_inodes(pid)
    found = []
    for proto in ("tcp", "tcp6", "udp", "udp6"):
        for line in _proc_lines(Path(f"/proc/{pid}/net/{proto}")):
            cols = line.split()
            state, inode = cols[3], cols[9]
            # tcp 0A = LISTEN; a bound udp socket (07) receives from anyone
            if inode in mine and (state == "0A" or proto.startswith("udp")):
                found.append(f"{proto} {cols[1]}")
    for line in _proc_lines(Path(f"/proc/{pid}/net/unix")):
        cols = line.split()
        flags, inode = int(cols[3], 16), cols[6]
        if inode in mine and flags & 0x10000:  # __SO_ACCEPTCON: a listening unix socket
            found.append(f"unix {' '.join(cols[7:])}")
    return found


def _as_nobody_kwargs(tmp_path: Path) -> dict:
    """subprocess arguments that drop root to `nobody`: nothing when not root, or when `nobody`
    cannot even start this Python (an interpreter under /root, as in some CI containers)."""
    if os.geteuid() != 0:
        return {}
    drop = {"user": NOBODY, "group": NOBODY, "extra_groups": []}
    try:
        subprocess.run(
            [sys.executable, "-c", "import companion"],
            env=_app_env(tmp_path),
            cwd="/",
            check=True,
            capture_output=True,
            timeout=60,
            **drop,
        )
    except (OSError, subprocess.CalledProcessError):
        return {}
    for p in [tmp_path, *tmp_path.parents]:
        if p == Path(tempfile.gettempdir()) or p == Path("/"):
            break
        os.chmod(p, os.stat(p).st_mode | 0o711)  # let nobody reach its folder (pytest makes them 0700)
    os.chmod(tmp_path, 0o777)
    return drop


def _ran_as(drop: dict) -> str:
    """Who the app under test ran as (`drop`: what _as_nobody_kwargs gave), for the report."""
    if drop:
        return "nobody (uid 65534)"
    return f"uid {os.geteuid()}" + (
        " (nobody cannot start this interpreter here)" if os.geteuid() == 0 else ""
    )


def _app_env(tmp_path: Path) -> dict:
    """Environment of the app under test: private folders in tmp_path, dummy SDL drivers."""
    env = dict(
        os.environ,
        COMPANION_STATE_DIR=str(tmp_path / "state"),
        COMPANION_CONFIG_DIR=str(tmp_path / "cfg"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        HOME=str(tmp_path),
        PYTHONDONTWRITEBYTECODE="1",
        COMPANION_HAL="mock",
        PYTHONPATH=str(REPO),
    )
    env.pop("NOTIFY_SOCKET", None)
    return env


def _watch(
    cmd: list[str], tmp_path: Path, seconds: float
) -> tuple[subprocess.CompletedProcess, list[str], int, str]:
    """Run `cmd`, reading its sockets every 50 ms; (result, listening sockets seen, samples, ran as)."""
    drop = _as_nobody_kwargs(tmp_path)
    proc = subprocess.Popen(
        cmd,
        env=_app_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        **drop,
    )
    seen, samples = [], 0
    deadline = time.monotonic() + seconds
    while proc.poll() is None and time.monotonic() < deadline:
        seen += _listening(proc.pid)
        samples += 1
        time.sleep(0.05)
    out, err = proc.communicate(timeout=120)
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err), seen, samples, _ran_as(drop)


def _script(tmp_path: Path, commands: int = 60) -> Path:
    """A bot-played Masters scenario file (readable by the app's user)."""
    path = tmp_path / "scenario.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in bot_script("masters", 6, commands)))
    os.chmod(path, 0o644)
    return path


def test_headless_app_opens_no_listening_socket_and_needs_no_root(tmp_path, figures):
    script = _script(tmp_path)
    cmd = [sys.executable, "-m", "companion", "run", "--headless", "--script", str(script), "--pace", "0.02"]
    res, seen, samples, ran_as = _watch(cmd, tmp_path, 60)
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr and "Final:" in res.stdout
    assert samples >= 5, "the app ended before its sockets could be read"
    assert seen == []
    figures.setdefault("Security", {}).update(
        {
            "headless run: /proc samples of its sockets": samples,
            "listening sockets seen": len(seen),
            "ran as": ran_as,
        }
    )


def test_window_app_opens_no_listening_socket(tmp_path):
    cmd = [sys.executable, "-m", "companion", "run", "--window", "--backend", "mock", "--frames", "90"]
    res, seen, samples, _ran = _watch(cmd, tmp_path, 60)
    assert res.returncode == 0, res.stderr
    assert samples >= 2 and seen == []


def test_listening_detector_sees_a_listening_socket():
    """The detector itself: a socket this test opens for listening is found."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        assert any(entry.startswith("tcp ") for entry in _listening(os.getpid()))


# -- no root -------------------------------------------------------------------------------------------
def test_service_unit_runs_as_an_ordinary_user():
    unit = (REPO / "systemd" / "companion.service").read_text()
    users = re.findall(r"^User=(.*)$", unit, re.M)
    assert users == ["@USER@"]  # filled in by the installer
    installer = (REPO / "systemd" / "install.sh").read_text()
    assert re.search(r'^SERVICE_USER="([a-z_][a-z0-9_-]*)"', installer, re.M).group(1) not in ("root", "")
    assert "NoNewPrivileges=yes" in unit and "AmbientCapabilities" not in unit
    assert not re.search(r"^(User|Group)=(root|0)$", unit, re.M)


def test_installer_refuses_to_run_the_service_as_root(tmp_path):
    from tests.deploy.fakesys import FakePi

    pi = FakePi(tmp_path)
    res = pi.run("--user", "root")
    assert res.returncode != 0
    assert not pi.unit.exists() or "User=root" not in pi.unit.read_text()


# -- private files -------------------------------------------------------------------------------------
def _mode(path: Path) -> int:
    """Permission bits of `path`."""
    return stat.S_IMODE(path.stat().st_mode)


def test_journal_and_taught_files_are_private_even_with_an_open_umask(tmp_path, monkeypatch):
    state, cfg_dir = tmp_path / "s" / "companion", tmp_path / "c" / "companion"
    monkeypatch.setenv("COMPANION_STATE_DIR", str(state))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(cfg_dir))
    old = os.umask(0)
    try:
        with Journal(paths.journal_file()) as j:
            j.append(j.new_game(SETUP), {"cmd": "next"})
            files = [Path(j.path)] + [Path(j.path + s) for s in ("-wal", "-shm") if Path(j.path + s).exists()]
            for f in files:
                assert _mode(f) == 0o600, f"{f} is {oct(_mode(f))}"
        teach.register_tag("04A1B2C3D4E5F6", "I-07")
        teach.save_card_grid("I-07", ["A1"], ["B1", "C2"])
        teach.export_file(tmp_path / "export.toml")
    finally:
        os.umask(old)
    assert _mode(state) == 0o700
    for folder in [cfg_dir, cfg_dir / "masters"]:
        assert _mode(folder) == 0o700, f"{folder} is {oct(_mode(folder))}"
    for f in [teach.tags_path(), teach.section_path("cards"), tmp_path / "export.toml"]:
        assert _mode(f) == 0o600, f"{f} is {oct(_mode(f))}"


# -- tags are data -------------------------------------------------------------------------------------
class _AuditLog:
    """Records files opened and processes started while `on`; an audit hook cannot be removed."""

    hooked = False
    on = False
    opened: list = []
    spawned: list = []

    @classmethod
    @contextmanager
    def recording(cls):
        """Record into fresh `opened` and `spawned` lists inside the block (the hook is added once)."""
        if not cls.hooked:
            sys.addaudithook(cls._hook)
            cls.hooked = True
        cls.opened, cls.spawned = [], []
        cls.on = True
        try:
            yield cls
        finally:
            cls.on = False

    @classmethod
    def _hook(cls, event: str, args) -> None:
        """Note opens and process starts."""
        if not cls.on:
            return
        if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
            cls.opened.append(os.fsdecode(args[0]))
        elif event in ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "pty.spawn"):
            cls.spawned.append((event, args))


def _hostile(marker: str = "pwned") -> list[str]:
    """The hostile tag ids, with `marker` as the file they would create if run by a shell."""
    return [t.replace("{marker}", marker) for t in HOSTILE_TAGS]


@pytest.mark.parametrize("with_ui", [False, True], ids=["headless", "table-ui"])
def test_hostile_tags_are_unknown_cards_nothing_opened_or_run(tmp_path, monkeypatch, with_ui):
    monkeypatch.chdir(tmp_path)
    marker = tmp_path / "pwned"
    ui = counting_ui() if with_ui else None
    app = build_app(tmp_path, ui=ui, surface=screen_surface() if with_ui else None)
    app.start(setup=SETUP)
    app.tick()
    before = sorted(p for p in tmp_path.rglob("*"))
    tags = _hostile()
    teach_screens: list[str] = []
    with _AuditLog.recording():
        for tag in tags:
            app.hw.reader.present(tag)
            app.tick()
            app.clock.advance(1 / 30)
            if ui is not None:
                teach_screens.append(ui.screen.name)
                ui.screen.on_back()  # leave the New card screen for the next read
    assert not marker.exists()
    assert _AuditLog.spawned == []
    suspicious = [p for p in _AuditLog.opened if any(t in p for t in tags) or "passwd" in p or "shadow" in p]
    assert suspicious == []
    assert sorted(p for p in tmp_path.rglob("*") if not p.name.startswith("journal.sqlite3")) == [
        p for p in before if not p.name.startswith("journal.sqlite3")
    ]
    if ui is None:
        unknown = [line for line in app.lines if line.startswith("unknown card tag")]
        assert len(unknown) == len(tags)
    else:
        assert [e.tag for e in ui.seen] == tags
        assert teach_screens == ["teach"] * len(tags)  # the New card screen, each time
    assert [c.get("cmd") for c in app.session.commands] == ["setup"]  # nothing was drawn or changed


def test_hostile_tags_pass_the_line_reader_verbatim_as_data():
    clock, scanner = FakeClock(), LoopDevice()  # a QR scanner that never echoes the host
    # a table that widened reader.tag_pattern to any line: the tags still arrive only as data
    reader = open_reader(
        ReaderConfig("lines", "loop://", 9600, 2.0, tag_pattern=".+"), clock, opener=scanner.opener
    )
    reader.poll()
    clock.advance(QUIET_S)  # quiet since the port opened: the first line is a whole one
    reader.poll()
    tags = _hostile()
    scanner.port.write(b"".join(t.encode() + b"\r\n" for t in tags))
    clock.advance(0.1)
    got = [r.tag for r in reader.poll()]
    lines = [t for t in tags if not t.startswith("NW ")]  # "NW ..." lines are our protocol: broken ones drop
    assert got == lines


def test_teaching_hostile_tags_stores_them_only_as_toml_strings(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    marker = tmp_path / "pwned"
    tags = _hostile()
    with _AuditLog.recording():
        for tag in tags:
            teach.register_tag(tag, "I-07")
    assert not marker.exists() and _AuditLog.spawned == []
    allowed = {str(teach.tags_path()), str(teach.tags_path().parent)}
    assert all(p in allowed or Path(p).parent == teach.tags_path().parent for p in _AuditLog.opened), (
        _AuditLog.opened
    )
    stored = tomllib.loads(teach.tags_path().read_text())
    assert stored == {"tags": {teach.normalize_tag(t): "I-07" for t in tags}}
    assert sorted(p.name for p in teach.tags_path().parent.iterdir()) == ["tags.toml"]
    for tag in tags:
        assert teach.lookup_tag(tag) == "I-07"
