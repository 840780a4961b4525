"""The phones stay paired across a restart of the same game: the passes in force are kept in a private
file beside the journal (JOURNAL.phones), read back by the next `companion run` on that journal; a new
game draws new ones (and keeps those); a broken or foreign file is ignored; the demo keeps none."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
import time

import pytest

from companion.web import pairing
from tests.web.harness import Table, wait_for
from tests.web.test_pages import SETUP_NOSFERATU, _OneCommand


def _env(tmp_path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(
        COMPANION_STATE_DIR=str(tmp_path / "state"),
        COMPANION_CONFIG_DIR=str(tmp_path / "cfg"),
        SDL_AUDIODRIVER="dummy",
        COMPANION_HAL="mock",
    )
    return env


def _run_once(tmp_path, *extra: str) -> tuple[str, str]:
    """Start `companion run --headless --web 127.0.0.1:0 ...` as the service would, read its pairing URL,
    stop it with SIGTERM; (the URL's token, stderr)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--headless", "--web", "127.0.0.1:0", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(tmp_path),
    )
    token = None
    try:
        deadline = time.monotonic() + 90  # a bound, not a timing: two suites at once on 2 cores start slowly
        while token is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if line.startswith("phone view: http://"):
                token = line.strip().rsplit("/pair/", 1)[1]
            elif not line and proc.poll() is not None:
                break
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=15)
    assert token, f"no pairing URL printed: {err}"
    return token, err


def test_a_restart_on_the_same_journal_keeps_the_phones_paired(tmp_path):
    journal = tmp_path / "games.sqlite3"
    first, err1 = _run_once(tmp_path, "--journal", str(journal), "--create")
    kept = tmp_path / "games.sqlite3.phones"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600  # the host's pass is in it: the owner's only
    assert pairing.from_text(kept.read_text()).player.token == first
    second, err2 = _run_once(tmp_path, "--journal", str(journal))
    assert second == first
    assert first not in err1 + err2  # the token is printed on stdout for --web only, never logged


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "{",
        "[1, 2]",
        '{"generation": 1}',
        "\x00\xff garbage",
        '{"generation": 1, "secret": "00", "player": ["t", "AAAAAA"], "host": ["u", "BBBBBB"]}',
    ],
)
def test_a_broken_or_foreign_kept_file_is_ignored(junk):
    assert pairing.from_text(junk) is None


def test_kept_passes_read_back_as_they_were():
    p = pairing.draw(4)
    assert pairing.from_text(pairing.to_text(p)) == p


def test_a_broken_kept_file_gives_new_passes_not_a_crash(tmp_path):
    journal = tmp_path / "games.sqlite3"
    kept = tmp_path / "games.sqlite3.phones"
    kept.write_bytes(b"\x00\xffnot ours")
    token, err = _run_once(tmp_path, "--journal", str(journal), "--create")
    assert "Traceback" not in err
    assert pairing.from_text(kept.read_text()).player.token == token  # replaced by the passes in force


def test_the_demo_keeps_no_passes(tmp_path):
    # (a slow pace: at its default 0.02 s a short bot game could end, and the process with it, before a
    # loaded machine's web thread is listening and prints the URL)
    _run_once(tmp_path, "--demo", "--pace", "0.2")
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".phones")]


def test_a_new_game_draws_new_passes_and_keeps_them(tmp_path):
    kept = tmp_path / "journal.sqlite3.phones"
    table = Table(tmp_path, keep=kept)
    try:
        old = table.hub.pairing
        assert pairing.from_text(kept.read_text()) == old
        done = threading.Event()
        table.app.source = _OneCommand(dict(SETUP_NOSFERATU), done)
        assert done.wait(5)
        wait_for(lambda: table.hub.pairing.generation > old.generation)
        now = pairing.from_text(kept.read_text())
        assert now == table.hub.pairing and now.player.token != old.player.token
    finally:
        table.stop()
