"""What the command line takes, strictly (issue 32, findings 8 and 12): every file read whole has a size
limit and only a regular file is read (`/dev/zero`, `/dev/urandom` and a FIFO are refused before a
byte is read, exit 2); `journal recover` refuses a device or a file that is no SQLite at once; ids
and counts are plain ASCII digits within SQLite's 64-bit INTEGER (`1_0`, `+1`, ` 1`, Arabic-Indic
digits, 2^64 are usage errors in our words, exit 2); a bad name in a scenario's `rename` line is a
broken line (exit 2) as it is in the setup.

The devices and the FIFO are read through the real `companion` in a child process: a reader that
reads them whole would not come back, and the child's timeout ends the test instead of the suite."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from companion import cli
from companion.gamedata import tomlfile
from companion.games.masters.teach import EXPORT_LIMIT
from companion.inputs import MAX_ID, whole_number
from companion.storage.journal import Journal
from companion.storage.session import Session
from tests.reliability.helpers import bot_script

SETUP = {"cmd": "setup", "game": "nosferatu", "names": ["Anna", "Ben", "Cleo", "Dmitri", "Eva"], "seed": 1}


def _companion(tmp_path, *argv: str, stdin=subprocess.DEVNULL) -> subprocess.CompletedProcess:
    """`companion ARGV` in a child process on the mock board, with its own state and config folders."""
    env = dict(
        os.environ,
        COMPANION_STATE_DIR=str(tmp_path / "state"),
        COMPANION_CONFIG_DIR=str(tmp_path / "cfg"),
        COMPANION_HAL="mock",
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    return subprocess.run(
        [sys.executable, "-m", "companion", *argv],
        capture_output=True,
        text=True,
        env=env,
        stdin=stdin,
        timeout=120,
    )


def _call(argv: list[str], capsys) -> tuple[int, str]:
    """`companion ARGV` in this process: (exit status, stderr); a usage error is exit 2 as in a shell."""
    try:
        status = cli.main(argv)
    except SystemExit as exc:
        status = exc.code
    return int(status), capsys.readouterr().err


# -- finding 8: a size limit, and only regular files ---------------------------------------------------
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--script"],
        ["run", "--headless", "--frames", "1", "--config"],
        ["config", "--check"],
        ["cards", "check"],
        ["cards", "import"],
    ],
)
def test_a_device_is_refused_before_it_is_read(tmp_path, argv, device):
    done = _companion(tmp_path, *argv, device)
    assert done.returncode == 2, done.stderr
    assert f"{device}: not a regular file" in done.stderr and "Traceback" not in done.stderr


def test_a_fifo_nobody_writes_to_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "scenario.jsonl"
    os.mkfifo(fifo)
    done = _companion(tmp_path, "play", "--script", str(fifo))
    assert done.returncode == 2 and "not a regular file" in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("argv", "limit", "size"),
    [
        (["play", "--script"], tomlfile.MAX_SCENARIO, tomlfile.MAX_SCENARIO + 1),
        (["config", "--check"], tomlfile.MAX_FILE, tomlfile.MAX_FILE + 1),
        (["cards", "import"], EXPORT_LIMIT, EXPORT_LIMIT + 1),  # an export carries the camera's card pictures
    ],
)
def test_a_file_over_its_limit_is_refused_naming_the_file_and_the_limit(tmp_path, capsys, argv, limit, size):
    big = tmp_path / "big"
    big.write_bytes(b"\n" * size)  # blank lines: a file fine in every way but its size
    status, err = _call([*argv, str(big)], capsys)
    assert status == 2 and f"{big}: larger than {limit >> 20} MiB" in err, err


def test_a_file_at_its_limit_is_read():
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".toml") as f:
        f.write(b"#" * (tomlfile.MAX_FILE - 1) + b"\n")
        f.flush()
        assert tomlfile.load(f.name).data == {}


def test_standard_input_stops_at_the_scenario_limit(tmp_path):
    with open("/dev/zero", "rb") as zero:
        done = _companion(tmp_path, "play", "--script", "-", stdin=zero)
    assert done.returncode == 2 and "<stdin>: larger than 16 MiB" in done.stderr, done.stderr


@pytest.mark.parametrize("source", ["/dev/zero", "README"])
def test_journal_recover_refuses_a_device_or_a_file_that_is_no_sqlite_at_once(tmp_path, source):
    if source == "README":
        source = str(tmp_path / "notes.txt")
        with open(source, "w", encoding="utf-8") as f:
            f.write("# notes\n" * 5000)
    before = os.stat(source).st_mtime_ns if source != "/dev/zero" else None
    done = _companion(
        tmp_path, "journal", "recover", source, "--journal", str(tmp_path / "j.sqlite3"), "--create"
    )
    assert done.returncode == 2, done.stderr
    assert ("not a regular file" if source == "/dev/zero" else "not an SQLite file") in done.stderr
    assert not (tmp_path / "j.sqlite3").exists()  # refused before any journal is made
    if before is not None:
        assert os.stat(source).st_mtime_ns == before


# -- finding 12: ids parsed strictly, in our words --------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["1_0", " 1", "1 ", "+1", "--1", "- 1", "\u0661", "\uff11", "\u00b9", "1.0", "0x1", "", "1e3"]
)
def test_whole_number_takes_only_ascii_digits(text):
    with pytest.raises(ValueError):
        whole_number(text)


def test_whole_number_takes_plain_digits():
    assert whole_number("10") == 10 and whole_number("007") == 7 and whole_number(str(MAX_ID)) == MAX_ID
    assert whole_number("-5") == -5  # a number: the caller tells it the range


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--resume", "1_0"],
        ["play", "--resume", "+1"],
        ["play", "--resume", " 1"],
        ["play", "--resume", "\u0661"],
        ["journal", "export", "1_0"],
        ["journal", "delete", "1_0"],
        ["journal", "undo", "1_0"],
        ["journal", "redo", "+1"],
        ["journal", "report", "\u0661", "--out", "x.png"],
        ["journal", "undo", "1", "1_0"],
        ["run", "--headless", "--seed", "1_0"],
    ],
)
def test_an_id_that_is_not_plain_digits_is_a_usage_error(tmp_path, capsys, argv):
    path = tmp_path / "j.sqlite3"
    with Journal(path) as j:
        for _ in range(10):  # games 1..10: `1_0` would be game 10, ` 1` game 1
            Session.new(SETUP, journal=j)[0].close()
    argv = [*argv[:2], "--journal", str(path), *argv[2:]] if argv[0] == "journal" else argv
    status, err = _call(argv, capsys)
    assert status == 2 and "not a whole number" in err and "Traceback" not in err, err


@pytest.mark.parametrize(
    "argv",
    [
        ["journal", "undo", "1", str(2**64)],
        ["journal", "redo", "1", str(2**63)],
        ["journal", "export", str(2**64)],
        ["play", "--resume", str(2**64)],
    ],
)
def test_a_number_beyond_sqlite_s_integers_is_refused_in_our_words(tmp_path, capsys, argv):
    status, err = _call(argv, capsys)
    assert status == 2 and "9223372036854775807" in err and "SQLite INTEGER" not in err, err


def test_undo_of_the_most_steps_sqlite_holds_takes_back_what_there_is(tmp_path, capsys):
    path = tmp_path / "j.sqlite3"
    with Journal(path) as j:
        script = bot_script("masters", 3, 6)
        session, _ = Session.new(script[0], journal=j)
        for cmd in script[1:]:
            session.submit(cmd)
        session.close()
        gid = session.game_id
    status, err = _call(["journal", "--journal", str(path), "undo", str(gid), str(MAX_ID)], capsys)
    assert status == 0, err
    with Journal(path) as j:
        assert len(j.commands(gid)) == 1  # the setup stays


# -- finding 12: a bad name in a rename line is a broken line, as in the setup ------------------------------
@pytest.mark.parametrize("bad", ["\u3164", "Mi\nla", "x" * 30, "P3", "\u0301\u0301"])
def test_a_bad_name_exits_2_in_a_rename_line_as_in_the_setup(tmp_path, capsys, bad):
    codes = []
    for lines in (
        [dict(SETUP, names=[bad, "Ben", "Cleo", "Dmitri", "Eva"])] if bad != "P3" else [],
        [SETUP, {"cmd": "rename", "names": {"Ben": bad}}],
    ):
        if not lines:
            continue
        script = tmp_path / "s.jsonl"
        script.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
        status, err = _call(["play", "--script", str(script)], capsys)
        assert f"{script}:{len(lines)}" in err and "names" in err, err
        codes.append(status)
    assert set(codes) == {2}


def test_a_rename_to_another_players_look_alike_is_a_refusal_of_its_line(tmp_path, capsys):
    script = tmp_path / "s.jsonl"
    script.write_text(
        json.dumps(SETUP) + "\n" + json.dumps({"cmd": "rename", "names": {"Ben": "\u0410nna"}}) + "\n",
        encoding="utf-8",
    )
    status, err = _call(["play", "--script", str(script)], capsys)
    assert status == 1 and f"{script}:2: refused 'rename'" in err and "looks like 'Anna'" in err, err
