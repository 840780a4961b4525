"""`companion run` stops cleanly on SIGTERM, SIGINT and SIGHUP in every mode (issue 13, point 2):
exit 0 within 2 s, the strip dark, the journal closed with its data, STOPPING=1 after READY=1."""

import signal

import pytest

from companion.storage.journal import Journal
from tests.app.helpers import SETUP
from tests.app.proc import Notify, clean_env, lit, running, start, stop, strip_bytes, write_scenario

SIGNALS = [signal.SIGTERM, signal.SIGINT, signal.SIGHUP]
MODES = {
    # mode -> companion run options (the journal is tmp/journal.sqlite3 in each)
    "window": ["--window", "--backend", "mock"],
    "fullscreen": ["--fullscreen", "--backend", "mock"],
    "headless": ["--headless", "--backend", "mock", "--script", "{script}", "--pace", "0.05", "--ack"],
}


def _seed_journal(path):
    """A journal holding one unfinished game of two commands (the window offers it for resume)."""
    with Journal(path) as j:
        gid = j.new_game(SETUP)
        j.append(gid, {"cmd": "adjust", "veil": 4})
    return gid


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
@pytest.mark.parametrize("mode", list(MODES))
def test_a_stop_signal_blanks_the_leds_closes_the_journal_and_exits_0_in_time(tmp_path, mode, sig):
    journal = tmp_path / "journal.sqlite3"
    script = write_scenario(tmp_path / "game.jsonl", 200)
    if mode != "headless":
        _seed_journal(journal)
    notify = Notify(tmp_path)
    env = clean_env(tmp_path, NOTIFY_SOCKET=notify.path, SDL_VIDEODRIVER="dummy")
    args = [a.format(script=tmp_path / "game.jsonl") for a in MODES[mode]] + [
        "--journal",
        str(journal),
        "--create",
    ]
    seen = []
    with running(start(args, env), notify) as proc:
        notify.wait_for("READY=1")
        if mode == "headless":  # a game is being written when the signal comes
            for line in proc.stdout:
                seen.append(line)
                if line.startswith("ack 5"):
                    break
        assert lit(strip_bytes(tmp_path))  # the start-up colour check is on the strip
        out, err, _ = stop(proc, sig)
        notify.drain()
    assert proc.returncode == 0, err
    assert "stopping took longer than" not in err  # the backstop (1.8 s) did not have to cut it short;
    # how long a stop takes is a benchmark row (benchmarks/bench_process.py): a loaded machine stretches it
    assert f"stopped by {sig.name}" in err and "Traceback" not in err
    assert not lit(strip_bytes(tmp_path)), "the LEDs kept their last frame"
    kinds = [m.split("\n")[0] for m in notify.messages]
    assert "READY=1" in kinds and "STOPPING=1" in kinds
    assert kinds.index("STOPPING=1") > kinds.index("READY=1")
    assert not journal.with_name(journal.name + "-wal").exists()  # closed: SQLite checkpointed it
    with Journal(journal) as j:
        assert j.quick_check() == "ok"
        games = j.games()
        assert len(games) == 1
        if mode == "headless":
            acked = max(int(line.split()[1]) for line in seen + out.splitlines() if line.startswith("ack "))
            assert j.commands(games[0].id) == script[: len(j.commands(games[0].id))]
            assert len(j.commands(games[0].id)) >= acked
        else:
            assert len(j.commands(games[0].id)) == 2


def test_a_stop_signal_while_starting_still_blanks_the_leds(tmp_path):
    # SIGTERM arrives while the start-up colour check is lit, before the loop runs
    notify = Notify(tmp_path)
    env = clean_env(tmp_path, NOTIFY_SOCKET=notify.path, SDL_VIDEODRIVER="dummy")
    probe_args = ["--window", "--backend", "mock", "--journal", str(tmp_path / "j.sqlite3"), "--create"]
    import subprocess
    import sys

    from tests.app.proc import PROBE

    early = PROBE.replace(
        "runpy.run_module",
        (
            "import signal\n"
            "from companion import app as _app\n"
            "_pattern = _app.App.show_test_pattern\n"
            "def pattern(self, s=1.0):\n"
            "    _pattern(self, s)\n"
            "    os.kill(os.getpid(), signal.SIGTERM)\n"
            "_app.App.show_test_pattern = pattern\n"
            "runpy.run_module"
        ),
    )
    done = subprocess.run(
        [sys.executable, "-c", early, *probe_args], capture_output=True, text=True, env=env, timeout=60
    )
    notify.drain()
    notify.close()
    assert done.returncode == 0, done.stderr
    assert "stopped by SIGTERM" in done.stderr and "Traceback" not in done.stderr
    assert not lit(strip_bytes(tmp_path))
    assert "STOPPING=1" in [m.split("\n")[0] for m in notify.messages]


def test_a_stop_that_hangs_ends_the_process_within_the_budget_and_says_so(tmp_path):
    # the card reader's close hangs (a driver stuck in a system call): the backstop ends the process
    from tests.app.proc import PROBE

    notify = Notify(tmp_path)
    env = clean_env(tmp_path, NOTIFY_SOCKET=notify.path, SDL_VIDEODRIVER="dummy")
    hang = PROBE.replace(
        "runpy.run_module",
        ("import time\nmock.MockReader.close = lambda self: time.sleep(30)\nrunpy.run_module"),
    )
    with running(
        start(
            ["--headless", "--backend", "mock", "--journal", str(tmp_path / "j.sqlite3"), "--create"],
            env,
            hang,
        ),
        notify,
    ) as proc:
        notify.wait_for("READY=1")
        _, err, _ = stop(proc)
    assert proc.returncode == 1  # the backstop's exit, long before the 30 s hang (stop() waits 10 s at most)
    assert "stopping took longer than" in err
    assert not lit(strip_bytes(tmp_path))  # the strip closes before the reader: it went dark
