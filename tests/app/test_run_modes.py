"""`companion run`'s modes and the user's journal (issue 14, points 1, 2 and 4; issue 13, point 3):
the demo only when asked and never in the user's journal, resume and --new the same headless as in
the window, a refused scenario line named by file:line, and safe mode with no journal and no screen."""

import json
import subprocess
import sys

import pytest

from companion.runtime.startguard import COUNTER_FILE
from companion.storage.journal import Journal
from tests.app.helpers import SETUP, choose, make_app
from tests.app.proc import Notify, clean_env, running, start, stop, write_scenario


def _run(tmp_path, *args, env=None, timeout=60):
    return subprocess.run(
        [sys.executable, "-m", "companion", "run", *args],
        capture_output=True,
        text=True,
        env=env or clean_env(tmp_path),
        timeout=timeout,
    )


def _run_notified(tmp_path, *args, **env):
    """`companion run ARGS` to its end with a notify socket: the run, which must exit 0 without a
    traceback, and its READY=1 message."""
    notify = Notify(tmp_path)
    try:
        done = _run(tmp_path, *args, env=clean_env(tmp_path, NOTIFY_SOCKET=notify.path, **env))
        ready = notify.wait_for("READY=1", timeout=5)
    finally:
        notify.close()
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done, ready


def _seed(path):
    """A journal holding one unfinished game."""
    with Journal(path) as j:
        gid = j.new_game(SETUP)
        j.append(gid, {"cmd": "adjust", "veil": 4})
    return gid


# -- the demo ---------------------------------------------------------------------------------------------
def test_make_run_without_a_display_plays_the_demo_and_leaves_the_users_journal_alone(tmp_path):
    home = tmp_path / "home"
    env = clean_env(tmp_path, HOME=str(home))
    for var in ("COMPANION_STATE_DIR", "XDG_STATE_HOME"):
        env.pop(var, None)
    # not a Pi, whatever machine runs the test: on a Pi `make run` would start the table on the real hardware
    not_a_pi = tmp_path / "not-a-pi"
    not_a_pi.write_bytes(b"qemu,virt\0")
    env["COMPANION_DEVICE_TREE"] = str(not_a_pi)
    done = subprocess.run(
        ["make", "-s", "run", f"PY={sys.executable}", "STAMP=", f"PI_DT={not_a_pi}"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=str(__import__("pathlib").Path(__file__).resolve().parents[2]),
    )
    assert done.returncode == 0, done.stderr
    assert "Final: masters" in done.stdout
    assert not (home / ".local" / "state" / "companion" / "journal.sqlite3").exists()


def test_the_demo_is_never_offered_for_resume(tmp_path):
    journal = tmp_path / "state" / "journal.sqlite3"
    demo = _run(tmp_path, "--headless", "--demo", "--pace", "0", "--frames", "50")
    assert demo.returncode == 0, demo.stderr
    assert "=== Round 1" in demo.stdout  # it played, and stopped mid-game
    table = _run(tmp_path, "--headless", "--backend", "mock", "--frames", "3")
    assert table.returncode == 0, table.stderr
    assert "Unfinished game" not in table.stdout + table.stderr
    if journal.exists():
        with Journal(journal) as j:
            assert j.games() == []


@pytest.mark.parametrize(
    "args, says",
    [
        (["--demo", "--window"], "--demo plays headless"),
        (["--demo", "--journal", "x.sqlite3"], "throwaway journal"),
        (["--demo", "--script", "x.jsonl"], "give one of them"),
        (["--pace", "-1"], "--pace: must be 0 or more"),
    ],
)
def test_options_that_contradict_each_other_are_a_usage_error(tmp_path, args, says):
    done = _run(tmp_path, *args)
    assert done.returncode == 2
    assert says in done.stderr and "Traceback" not in done.stderr


def test_run_help_describes_every_mode_option(tmp_path):
    done = _run(tmp_path, "--help")
    assert done.returncode == 0
    text = " ".join(done.stdout.split()).split("options:", 1)[1]
    for option in ("--fullscreen", "--window", "--headless", "--demo"):
        after = text.split(option, 1)[1].split("--", 1)[0]
        assert len(after.split()) >= 3, f"{option} has no help text"


# -- resume and --new headless, as in the window ----------------------------------------------------------------
@pytest.mark.parametrize("mode", ["--headless", "--window"])
def test_an_unfinished_game_is_offered_and_new_starts_afresh_headless_as_in_the_window(tmp_path, mode):
    journal = tmp_path / "journal.sqlite3"
    _seed(journal)
    env = clean_env(tmp_path, SDL_VIDEODRIVER="dummy")
    offered = _run(tmp_path, mode, "--backend", "mock", "--journal", str(journal), "--frames", "3", env=env)
    assert offered.returncode == 0, offered.stderr
    said = offered.stdout + offered.stderr  # the game itself: round, phase, the vampires (issue 17)
    assert f"Unfinished game offered for resume: Round 1, day: {', '.join(SETUP['vampires'])}" in said, said
    fresh = _run(
        tmp_path, mode, "--backend", "mock", "--journal", str(journal), "--frames", "3", "--new", env=env
    )
    assert fresh.returncode == 0, fresh.stderr
    assert "Unfinished game" not in fresh.stdout + fresh.stderr


def test_headless_table_resumes_the_offered_game_with_the_buttons(tmp_path):
    # what `--headless` builds: the table's screens with no surface, driven by the buttons
    from companion.ui.table import TableUI

    gid = _seed(tmp_path / "journal.sqlite3")
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}))
    app.start(resume=True)
    assert app.ui.screen.name == "resume" and app.session is None
    assert choose(app, "resume")
    assert app.session is not None and app.session.game_id == gid and len(app.session.commands) == 2


# -- a refused scenario line --------------------------------------------------------------------------------------
def _refused_run(tmp_path, **env):
    """A headless scenario whose line 4 moves to a district that is not on the board (a well-formed
    command the rules refuse): the run and the script."""
    script = tmp_path / "game.jsonl"
    commands = write_scenario(script, 4)
    lines = [json.dumps(c) for c in commands]
    lines.insert(3, json.dumps({"cmd": "move", "to": "Z9"}))  # line 4
    script.write_text("\n".join(lines) + "\n")
    done = _run(
        tmp_path,
        "--headless",
        "--script",
        str(script),
        "--journal",
        str(tmp_path / "j.sqlite3"),
        "--create",
        env=clean_env(tmp_path, **env),
    )
    assert done.returncode == 1, done.stderr
    return done, script, commands


def test_a_refused_script_line_names_file_line_and_rule_and_exits_1(tmp_path):
    done, script, commands = _refused_run(tmp_path)
    refusal = [ln for ln in done.stderr.splitlines() if "refused" in ln]
    assert refusal and refusal[0].startswith(f"{script}:4: refused 'move' by rule ")
    assert "Traceback" not in done.stderr and "Final:" in done.stdout
    with Journal(tmp_path / "j.sqlite3") as j:  # the lines before it were played and kept
        assert j.commands(j.games()[0].id) == commands[:3]


def test_a_refused_script_line_reads_in_german(tmp_path):
    done, script, _ = _refused_run(tmp_path, COMPANION_LANG="de")
    refusal = [ln for ln in done.stderr.splitlines() if "abgelehnt" in ln]
    assert refusal and refusal[0].startswith(f"{script}:4: 'move' abgelehnt, Regel "), done.stderr
    assert ": refused" not in done.stderr and "by rule" not in done.stderr


def test_a_refused_setup_line_is_named_once_with_its_line_and_exits_1(tmp_path):
    script = tmp_path / "bad.jsonl"
    script.write_text(json.dumps({"cmd": "setup", "game": "masters", "vampires": ["Imre"], "seed": 1}) + "\n")
    done = _run(
        tmp_path, "--headless", "--script", str(script), "--journal", str(tmp_path / "j.sqlite3"), "--create"
    )
    assert done.returncode == 1
    assert [ln for ln in done.stderr.splitlines() if "refused" in ln] == [
        f"{script}:1: refused 'setup' by rule command: play with 2 to 5 vampires, not 1"
    ]
    assert done.stdout.count("refused 'setup'") == 1  # tried once, not again by the loop


# -- no journal, no screen ----------------------------------------------------------------------------------------
def test_a_journal_that_cannot_be_opened_leaves_the_table_playing_unsaved_and_says_so(tmp_path):
    unusable = tmp_path / "journal-is-a-folder"
    unusable.mkdir()
    done, ready = _run_notified(
        tmp_path, "--headless", "--backend", "mock", "--journal", str(unusable), "--frames", "3"
    )
    assert "degraded" in ready and "no journal, games are not saved" in ready
    # a scenario promises durable commands: without a journal it does not run
    script = tmp_path / "game.jsonl"
    write_scenario(script, 3)
    refused = _run(tmp_path, "--headless", "--script", str(script), "--journal", str(unusable))
    assert refused.returncode == 1
    assert "no journal" in refused.stderr and "Traceback" not in refused.stderr


def test_safe_mode_works_with_no_journal_and_no_screen(tmp_path):
    # three starts died opening the display; the journal cannot be opened either
    state = tmp_path / "state"
    state.mkdir()
    (state / COUNTER_FILE).write_text("3\ndisplay\n")
    unusable = tmp_path / "journal-is-a-folder"
    unusable.mkdir()
    done, ready = _run_notified(
        tmp_path,
        "--fullscreen",
        "--backend",
        "mock",
        "--journal",
        str(unusable),
        "--frames",
        "5",
        SDL_VIDEODRIVER="dummy",
    )  # a screen would open
    assert "safe mode leaves the display off" in done.stderr
    assert "fullscreen on SDL video driver" not in done.stderr  # it did not open the display
    assert "safe mode" in ready and "no screen" in ready and "no journal" in ready
    assert not (state / COUNTER_FILE).exists()  # it came up: the next start is a normal one


def test_a_display_that_crashes_the_start_three_times_brings_safe_mode_without_the_screen(tmp_path):
    # set_mode kills the process (as a crashing KMSDRM driver would): each such start is counted
    env = clean_env(tmp_path, SDL_VIDEODRIVER="dummy")
    crash = (
        "import os, runpy, sys, pygame\n"
        "pygame.display.set_mode = lambda *a, **k: os._exit(139)\n"
        "sys.argv = ['companion', 'run', '--fullscreen', '--backend', 'mock', '--frames', '3']\n"
        "runpy.run_module('companion', run_name='__main__')\n"
    )
    for _ in range(3):
        died = subprocess.run(
            [sys.executable, "-c", crash], capture_output=True, text=True, env=env, timeout=60
        )
        assert died.returncode == 139
    assert (tmp_path / "state" / COUNTER_FILE).read_text().split() == ["3", "display"]
    safe = _run(tmp_path, "--fullscreen", "--backend", "mock", "--frames", "3", env=env)
    assert safe.returncode == 0, safe.stderr
    assert "safe mode" in safe.stderr and "screen, LEDs and card reader are off" in safe.stderr
    normal = _run(tmp_path, "--fullscreen", "--backend", "mock", "--frames", "3", env=env)
    assert "fullscreen on SDL video driver 'dummy'" in normal.stderr  # the next start is normal again
    assert "safe mode" not in normal.stderr


def test_a_headless_table_stops_on_a_signal_before_the_demo_would_start(tmp_path):
    # `--headless` alone plays no demo: it waits for the buttons until stopped
    notify = Notify(tmp_path)
    env = clean_env(tmp_path, NOTIFY_SOCKET=notify.path)
    with running(
        start(["--headless", "--backend", "mock", "--journal", str(tmp_path / "j.sqlite3"), "--create"], env),
        notify,
    ) as proc:
        notify.wait_for("READY=1")
        out, err, _ = stop(proc)  # SIGTERM
    assert proc.returncode == 0, err
    assert "=== Round" not in out
    with Journal(tmp_path / "j.sqlite3") as j:
        assert j.games() == []
