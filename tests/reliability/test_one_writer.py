"""One writer per game (companion/storage/lease.py), with real processes: a second writer of every kind
is refused in our own words, exit 1, and changes nothing; a killed holder's lease is taken over; a
session whose game another program changed (raw SQLite, which ignores leases) writes nothing more and
says so. Every test ends by replaying every journaled game and checking that no acknowledged command
is lost (tests/reliability/writers.py, `nothing_lost`)."""

import os
import signal
import sqlite3
import time

import pytest

from companion.narration.words import refusal_text
from companion.storage.faults import GameChanged
from companion.storage.opening import open_journal
from tests.fakes import Notifier
from tests.reliability.helpers import bot_script, build_app
from tests.reliability.writers import TABLE, acks, companion, holds, nothing_lost, rows, scenario, spawn, stop

SCRIPT = bot_script("masters", 31, 60)


def _journal_with_a_game(tmp_path, commands: int = 10):
    """A journal holding the first `commands` commands of SCRIPT as game 1 (played by `companion play`)."""
    path = tmp_path / "journal.sqlite3"
    part = scenario(tmp_path / "part.jsonl", SCRIPT[:commands])
    done = companion(tmp_path, "play", "--script", part, "--journal", path, "--create")
    assert done.returncode == 0, done.stderr
    return path


def _table(tmp_path, path):
    """The table (`companion run --headless`, its players resuming game 1 on the offer), holding game 1."""
    proc = spawn(tmp_path, "--headless", "--backend", "mock", "--journal", path, probe=TABLE, RESUME_ID="1")
    assert holds(path, 1) == proc.pid
    return proc


@pytest.mark.parametrize(
    "second",
    [
        ["journal", "undo", "1"],
        ["journal", "redo", "1"],
        ["journal", "delete", "1"],
        ["play", "--resume", "1"],
        ["run", "--script", "{script}", "--headless", "--ack", "--pace", "0"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_a_second_writer_is_refused_while_the_table_holds_the_game(tmp_path, figures, second):
    path = _journal_with_a_game(tmp_path)
    acked = {1: SCRIPT[:10]}
    table = _table(tmp_path, path)
    try:
        before = rows(path)
        args = [a.format(script=scenario(tmp_path / "s.jsonl", SCRIPT)) for a in second]
        done = companion(tmp_path, *args, "--journal", path)
        assert done.returncode == 1, done.stderr
        said = done.stderr.strip().splitlines()[-1]
        assert (
            f"game 1 is being played by the table (pid {table.pid}); stop it or use the table's undo" in said
        ), said
        assert "Traceback" not in done.stderr and "ack " not in done.stdout
        assert rows(path) == before, "the refused writer changed the journal"
    finally:
        stop(table)
    nothing_lost(path, acked)
    figures.setdefault("One writer per game (real processes)", {})[
        f"`{' '.join(second[:2])}` while the table plays"
    ] = "refused, exit 1, journal unchanged; 10 commands acknowledged, 0 lost"


def test_two_scenario_runs_of_one_game_one_writes_the_other_stops(tmp_path, figures):
    path = _journal_with_a_game(tmp_path)
    script = scenario(tmp_path / "s.jsonl", SCRIPT)
    first = spawn(
        tmp_path, "run", "--headless", "--script", script, "--journal", path, "--ack", "--pace", "0.05"
    )
    try:
        holds(path, 1)
        # The first is held still (alive, holding the game) while the second tries, however long a start
        # takes here (seconds under emulation, where the first would otherwise be done by then).
        os.kill(first.pid, signal.SIGSTOP)
        try:
            second = companion(
                tmp_path, "run", "--headless", "--script", script, "--journal", path, "--ack", "--pace", "0"
            )
        finally:
            os.kill(first.pid, signal.SIGCONT)
        out, err = first.communicate(timeout=60)
    finally:
        stop(first)
    assert second.returncode == 1 and acks(second.stdout) == 0, second.stdout + second.stderr
    assert f"game 1 is being written by companion run (pid {first.pid})" in second.stderr
    assert first.returncode == 0, err
    assert acks(out) == len(SCRIPT)  # it resumed at command 11 and acknowledged each one to the last
    found = nothing_lost(path, {1: SCRIPT})
    assert found == {1: SCRIPT}, "one game, the scenario once: no mixed or doubled game"
    figures.setdefault("One writer per game (real processes)", {})["two `run --script --ack` of one game"] = (
        f"the second stops (exit 1, no ack); the first acknowledges {acks(out)} commands, 0 lost, one game"
    )


def test_a_killed_holders_lease_is_taken_over(tmp_path, figures):
    path = _journal_with_a_game(tmp_path)
    table = _table(tmp_path, path)
    table.send_signal(signal.SIGKILL)
    table.wait(timeout=10)
    done = companion(tmp_path, "journal", "undo", "1", "--journal", path)
    assert done.returncode == 0, done.stderr
    assert "game 1: undid 1 command" in done.stdout
    nothing_lost(path, {1: SCRIPT[:9]})
    figures.setdefault("One writer per game (real processes)", {})[
        "the table SIGKILLed, then `journal undo`"
    ] = "its lease is stale (the pid is gone): taken over, the undo is done; 0 acknowledged commands lost"


def _table_playing(tmp_path, path):
    """The table (the app's own factory opens its journal at `path`) with 11 commands played and saved."""
    app = build_app(tmp_path)
    app.journal.close()
    app.journal = open_journal(path, who="table")
    app.notifier = Notifier()
    app.start(setup=SCRIPT[0])
    for cmd in SCRIPT[1:12]:
        assert app.submit(cmd)
    return app


def _changed_under(app, path, statements) -> None:
    """Another program runs raw SQL `statements` on the table's game: the table's next command is
    refused (GameChanged), nothing is written, and the next frame's health says so."""
    raw = sqlite3.connect(path)
    for statement in statements:
        raw.execute(statement)
    raw.commit()
    raw.close()
    before = rows(path)
    assert app.submit(SCRIPT[12]) is False
    assert isinstance(app.refusal[1], GameChanged)
    assert rows(path) == before, "the session wrote onto a game another program changed"
    app.tick()


def test_a_game_changed_under_the_table_is_not_written_and_the_table_says_so(tmp_path, figures):
    """A writer that ignores leases (raw SQLite) takes back the table's last command: the table's next
    command is refused, nothing is written, the banner and STATUS= say so, and resuming again works."""
    path = tmp_path / "journal.sqlite3"
    app = _table_playing(tmp_path, path)
    _changed_under(app, path, ["UPDATE commands SET undone = 1 WHERE game_id = 1 AND seq = 12"])
    text = refusal_text(GameChanged(1))
    assert app.health.parts["journal"] == (False, text)
    assert text in app.notifier.statuses[-1] and app.health.level().name != "OK"
    assert app.submit(SCRIPT[12]) is False  # for good: it never writes that game again
    app.games.resume(1)  # "resume it again": the game as the journal has it
    assert app.session.commands == SCRIPT[:11] and app.submit(SCRIPT[11])
    app.tick()
    assert "journal" not in app.health.parts
    app.journal.close()
    nothing_lost(path, {1: SCRIPT[:12]})
    figures.setdefault("One writer per game (real processes)", {})[
        "a raw SQLite undo under the table's session"
    ] = "the next command is refused, nothing written, banner and STATUS= say so; 11 acknowledged, 0 lost"


def test_the_table_does_not_offer_a_game_another_process_holds(tmp_path):
    path = _journal_with_a_game(tmp_path)
    other = spawn(
        tmp_path,
        "run",
        "--headless",
        "--script",
        scenario(tmp_path / "s.jsonl", SCRIPT),
        "--journal",
        path,
        "--pace",
        "0.2",
    )
    try:
        holds(path, 1)
        from tests.reliability.helpers import counting_ui

        app = build_app(tmp_path, ui=counting_ui())
        app.journal.close()
        app.journal = open_journal(path, who="table")
        app.start()
        assert app.session is None
        said = "\n".join(app.lines)
        assert (
            f"game 1 is being written by companion run (pid {other.pid})" in said
            and "offered for resume" not in said
        )
        assert f"pid {other.pid}" in app.ui.screen.ctx.current_error()  # on the screen too
        app.journal.close()
    finally:
        stop(other)
    nothing_lost(path, {1: SCRIPT[:10]})


# Raw changes another program can make to a game's rows while the table holds it: each keeps the rows'
# seqs and flags as the table knows them (the image), so only the chain of digests (companion/storage/
# holds.py) sees them. The first is the finding: one command's text rewritten in place. (A changed flag
# changes the image: the test above.)
RAW_CHANGES = {
    "command text": [
        "UPDATE commands SET command = (SELECT command FROM commands WHERE game_id = 1 AND seq = 4)"
        " WHERE game_id = 1 AND seq = 6"
    ],
    "two seqs swapped": [
        "UPDATE commands SET seq = -1 WHERE game_id = 1 AND seq = 5",
        "UPDATE commands SET seq = 5 WHERE game_id = 1 AND seq = 6",
        "UPDATE commands SET seq = 6 WHERE game_id = 1 AND seq = -1",
    ],
    "a digest": ["UPDATE commands SET digest = 'edited' WHERE game_id = 1 AND seq = 3"],
}


@pytest.mark.parametrize("change", list(RAW_CHANGES))
def test_a_raw_change_the_image_does_not_show_stops_the_tables_saving(tmp_path, change):
    """Raw SQLite rewrites rows of the table's game (same seqs, same flags): the next command is refused
    with the existing words, nothing is written, and resuming again plays the game as the journal has it."""
    path = tmp_path / "journal.sqlite3"
    app = _table_playing(tmp_path, path)
    _changed_under(app, path, RAW_CHANGES[change])
    assert app.health.parts["journal"] == (False, refusal_text(GameChanged(1)))
    resumed = app.games.resume(1)
    assert resumed or change != "a digest"  # (a changed or swapped command may no longer replay)
    if resumed:  # resumed again (when the changed game still replays): the log names the row
        first = {"command text": 6, "two seqs swapped": 5, "a digest": 3}[change]
        assert f"game 1: command {first} was changed by another program" in "\n".join(app.lines)
    app.journal.close()


def test_a_scenario_run_stops_at_a_command_rewritten_under_it(tmp_path, figures):
    """The finding: one raw `UPDATE commands SET command=...` under a `run --script --ack`; the run
    used to acknowledge every command onto a game that no longer replays. Now it stops, exit 1, says
    so, and writes nothing after the change."""
    path = tmp_path / "journal.sqlite3"
    script = scenario(tmp_path / "s.jsonl", SCRIPT)
    run = spawn(
        tmp_path,
        "run",
        "--headless",
        "--script",
        script,
        "--journal",
        path,
        "--create",
        "--ack",
        "--pace",
        "0.05",
    )
    try:
        holds(path, 1)
        while len(rows(path)) < 10:
            assert run.poll() is None, "the run ended before the change"
            time.sleep(0.02)
        raw = sqlite3.connect(path, isolation_level=None)
        raw.execute("BEGIN IMMEDIATE")
        raw.execute(
            "UPDATE commands SET command = (SELECT command FROM commands WHERE game_id = 1 AND seq = 4)"
            " WHERE game_id = 1 AND seq = 6"
        )
        changed = raw.execute(
            "SELECT game_id, seq, command, undone FROM commands ORDER BY game_id, seq"
        ).fetchall()
        raw.execute("COMMIT")
        raw.close()
        out, err = run.communicate(timeout=60)
    finally:
        stop(run)
    assert run.returncode == 1, err
    assert "game 1 was changed by another program: not saving; resume it again" in err, err
    assert acks(out) < len(SCRIPT)
    assert rows(path) == changed, "the run wrote after the change"
    figures.setdefault("One writer per game (real processes)", {})[
        "a raw `UPDATE commands SET command` under a run"
    ] = f"the run stops at its next command (exit 1, {acks(out)} of {len(SCRIPT)} acknowledged), nothing written after"
