"""The entry point: dispatch, exit codes, one-line errors."""

import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli
from companion.gamedata import config
from companion.storage.journal import Journal, damage
from companion.storage.session import Session
from tests.reliability.helpers import bot_script


def test_help_lists_every_command(capsys):
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in cli.COMMANDS:
        assert name in out


def test_unknown_command_is_usage_error(capsys):
    assert cli.main(["frobnicate"]) == 2
    assert "unknown command" in capsys.readouterr().err


def test_config_default_round_trips(capsys):
    assert cli.main(["config", "--default"]) == 0
    text = capsys.readouterr().out
    cfg = config.loads(text)
    assert cfg.leds.lights["district.C3"].start == 72
    assert cfg.buttons.pins["district.A1"] == "GPIO17"


def test_the_python_defaults_are_the_default_toml():
    import tomllib

    assert config.DEFAULTS == tomllib.loads(
        config.DEFAULT_TOML
    )  # the base of every config, not parsed at start
    assert config.default() == config.loads(config.DEFAULT_TOML)._replace(source="<defaults>")
    assert config.default() == config.loads("")._replace(source="<defaults>")


@pytest.mark.parametrize(
    ("command", "text", "line", "field"),
    [
        (["config", "--check"], '[leds]\ndriver = "spi"\nbrightness = 1.5\n', 3, "leds.brightness"),
        (
            ["cards", "check"],
            '[cards."I-01"]\nred = ["A1"]\n\n[cards."I-02"]\nred = ["A1"]\nblue = ["A1", "B1"]\n',
            6,
            "cards.I-02.blue",
        ),
    ],
)
def test_a_bad_file_is_exit_2_naming_file_line_field(tmp_path, capsys, command, text, line, field):
    """`companion config --check` and `companion cards check` point at the broken field alike."""
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    assert cli.main([*command, str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:{line}:" in err and field in err


def test_config_overlapping_pixels_refused(tmp_path):
    from companion.errors import DataFileError

    text = config.DEFAULT_TOML.replace(
        '"veil.0" = { strip = "main", start = 81', '"veil.0" = { strip = "main", start = 80'
    )
    with pytest.raises(DataFileError) as exc:
        config.loads(text, "x.toml")
    assert "already used" in str(exc.value) and exc.value.line is not None


def test_games_lists_every_game_of_the_catalog_with_its_title(capsys):
    from companion.plugins import games

    assert cli.main(["games"]) == 0
    out, err = capsys.readouterr()
    assert [line.split()[0] for line in out.splitlines()] == list(games()) and err == ""
    assert all(g.title in out for g in games().values())


def test_play_setup_naming_no_game_is_a_broken_file_with_its_line(tmp_path, capsys):
    script = tmp_path / "s.jsonl"
    for game in ("[]", '{"x": 1}', "7", '"chess"'):
        script.write_text('{"cmd": "setup", "game": ' + game + ', "players": 5, "seed": 1}\n')
        assert cli.main(["play", "--script", str(script)]) == 2
        err = capsys.readouterr().err
        assert f"{script}:1: [game] unknown game" in err


def test_unclosed_quote_names_the_line_it_starts_on(tmp_path, capsys):
    bad = tmp_path / "c.toml"
    bad.write_text("[display]\nwidth = 800\n'\nheight = 480\nfps = 30\n")
    assert cli.main(["config", "--check", str(bad)]) == 2
    assert f"{bad}:3:" in capsys.readouterr().err


# -- the CLI never says "ok" for nothing (issue 14) ------------------------------------------------

CLASS_NAME = re.compile(r"\b[A-Z][A-Za-z]*(Error|Exception|Violation)\b")


def _journal(path, games=1, commands=12):
    """A real journal with `games` Masters games of `commands` bot commands each; their ids."""
    ids = []
    with Journal(path) as j:
        for g in range(games):
            script = bot_script("masters", 40 + g, commands)
            s, _ = Session.new(script[0], journal=j)
            for cmd in script[1:]:
                s.submit(cmd)
            ids.append(s.game_id)
    return ids


@pytest.mark.parametrize(
    "action", [["delete", "7"], ["undo", "7"], ["redo", "7"], ["export", "7"], ["undo", "7", "3"]]
)
def test_journal_action_on_a_missing_game_fails_and_says_so(tmp_path, capsys, action):
    path = tmp_path / "j.sqlite3"
    _journal(path)
    assert cli.main(["journal", "--journal", str(path), *action]) == 1
    out, err = capsys.readouterr()
    assert "no game with id 7" in err and not out
    assert not CLASS_NAME.search(err)


def test_journal_undo_and_redo_say_which_commands(tmp_path, capsys):
    path = tmp_path / "j.sqlite3"
    (gid,) = _journal(path)
    with Journal(path) as j:
        last_two = j.commands(gid)[-2:]
    assert cli.main(["journal", "undo", str(gid), "2", "--journal", str(path)]) == 0
    out = capsys.readouterr().out
    assert "undid 2 commands" in out
    assert out.index(last_two[1]["cmd"]) < out.rindex(last_two[0]["cmd"])  # newest first, as taken back
    assert cli.main(["journal", "redo", str(gid), "--journal", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"redid 1 command: {last_two[0]['cmd']}" in out
    assert cli.main(["journal", "redo", str(gid), "5", "--journal", str(path)]) == 0
    assert "redid 1 command" in capsys.readouterr().out
    assert cli.main(["journal", "redo", str(gid), "--journal", str(path)]) == 1  # nothing left to redo
    out, err = capsys.readouterr()
    assert "nothing to redo" in err and "redid" not in out + err  # one message, not "redid 0" too


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--headless", "--frames", "2"],
        ["play", "--script", "{s}"],
        ["play", "--resume"],
        ["journal", "undo", "1"],
        ["journal", "list"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_a_mistyped_journal_path_is_an_error_not_a_new_journal(tmp_path, monkeypatch, capsys, argv):
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "cfg"))
    script = tmp_path / "s.jsonl"
    script.write_text("".join(json.dumps(c) + "\n" for c in bot_script("masters", 3, 4)))
    typo = tmp_path / "stat" / "journal.sqlite3"
    assert cli.main([a.format(s=script) for a in argv] + ["--journal", str(typo)]) == 2
    err = capsys.readouterr().err
    assert f"{typo}: there is no journal there; check the path, or add --create" in err
    assert not CLASS_NAME.search(err) and "Errno" not in err
    assert not typo.parent.exists() and not (tmp_path / "state" / "journal.sqlite3").exists()


def test_journal_check_replays_every_game_and_names_a_broken_one(tmp_path, capsys):
    path = tmp_path / "j.sqlite3"
    ids = _journal(path, games=3, commands=8)
    assert cli.main(["journal", "check", "--journal", str(path)]) == 0
    assert "3 games replay" in capsys.readouterr().out
    db = sqlite3.connect(path)  # a command that no longer applies: quick_check cannot see it
    db.execute(
        "UPDATE commands SET command = ? WHERE game_id = ? AND seq = 5",
        ('{"cmd": "recruit", "district": "Z9"}', ids[1]),
    )
    db.commit()
    db.close()
    assert cli.main(["journal", "check", "--journal", str(path)]) == 1
    out = capsys.readouterr().out
    assert (
        f"{path}: ok" in out
        and f"game {ids[1]}: does not replay: command 5 of the saved game no longer applies" in out
    )
    assert "2 games replay, 1 does not" in out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["run", "--headless", "--pace", "-1"], "argument --pace: must be 0 or more seconds, not -1"),
        (["run", "--headless", "--pace", "inf"], "argument --pace: must be 0 or more seconds, not inf"),
        (["run", "--headless", "--pace", "soon"], "argument --pace: not a number of seconds: 'soon'"),
        (["journal", "undo", "1", "0"], "argument n: must be 1 to 9223372036854775807, not 0"),
        (["journal", "undo", "1", "1.5"], "argument n: not a whole number: '1.5'"),
        (["hw-test", "--timeout", "0"], "argument --timeout: must be more than 0, got 0"),
        (["hw-test", "--step", "fast"], "argument --step: not a number: 'fast'"),
    ],
)
def test_a_number_option_out_of_range_is_a_usage_error_saying_why(capsys, argv, says):
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 2 and says in capsys.readouterr().err


def test_errors_name_no_python_class(tmp_path, capsys):
    path = tmp_path / "j.sqlite3"
    (gid,) = _journal(path)
    assert (
        cli.main(["journal", "--journal", str(path), "export", str(gid), str(tmp_path / "no" / "such" / "f")])
        == 1
    )
    err = capsys.readouterr().err
    assert "no such file" in err.lower() and not CLASS_NAME.search(err), err
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"not a database at all" * 300)
    assert cli.main(["journal", "--journal", str(bad), "list"]) == 2  # not our journal: a usage mistake
    err = capsys.readouterr().err
    assert "not a Nightwatch journal" in err and not CLASS_NAME.search(err), err


def _env(tmp_path):
    return dict(
        os.environ,
        COMPANION_STATE_DIR=str(tmp_path / "state"),
        COMPANION_CONFIG_DIR=str(tmp_path / "cfg"),
        COMPANION_HAL="mock",
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )


@pytest.mark.parametrize("pipeline", ["journal list | head -1", "games | head -c1"])
def test_closed_pipe_ends_quietly(tmp_path, pipeline):
    path = tmp_path / "j.sqlite3"
    _journal(path, games=30, commands=2)
    head = pipeline.split("|")
    cmd = (
        f"{sys.executable} -m companion {head[0]} --journal {path} | {head[1]}"
        if "journal" in head[0]
        else f"{sys.executable} -m companion {head[0]} | {head[1]}"
    )
    # head -c1 / -1 close the pipe early; a big listing makes sure we still write after that
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", cmd], capture_output=True, text=True, env=_env(tmp_path), timeout=60
    )
    assert done.stderr == "", done.stderr
    assert done.stdout


SUBCOMMANDS = [[name] for name in cli.COMMANDS] + [
    ["journal", a] for a in ("list", "export", "delete", "undo", "redo", "check", "recover")
]


@pytest.mark.parametrize("argv", SUBCOMMANDS, ids=" ".join)
def test_help_works_on_every_subcommand_and_describes_every_option(capsys, argv):
    try:
        status = cli.main([*argv, "--help"])
    except SystemExit as exc:  # argparse's own exit (some commands turn it into a return value)
        status = exc.code
    assert status == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: companion " + " ".join(argv))
    section = text.split("options:", 1)[1]
    lines = section.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^  (-[-\w, ]+?(?: [A-Z_{}\[\],.|a-z-]+)?)(\s{2,}(\S.*))?$", line)
        if not m or line.startswith("    "):
            continue
        described = m.group(3) or (i + 1 < len(lines) and lines[i + 1].startswith(" " * 10))
        assert described, f"{' '.join(argv)}: option without help: {line.strip()}"


@pytest.mark.parametrize(
    "argv",
    [
        ["journal", "list", "--journal", "{j}"],
        ["journal", "--journal", "{j}", "list"],
        ["doctor", "--json", "--journal", "{j}"],
        ["play", "--script", "{s}", "--journal", "{j}", "--create"],
        ["run", "--headless", "--script", "{s}", "--pace", "0", "--journal", "{j}", "--create"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_journal_option_is_taken_by_every_subcommand_that_uses_it(tmp_path, monkeypatch, capsys, argv):
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "cfg"))
    path = tmp_path / "elsewhere.sqlite3"
    _journal(path)
    script = tmp_path / "s.jsonl"
    script.write_text("".join(json.dumps(c) + "\n" for c in bot_script("masters", 3, 4)))
    status = cli.main([a.format(j=path, s=script) for a in argv])
    out = capsys.readouterr().out
    assert status in (0, 1)  # doctor may fail on this machine's setup; the journal is what counts
    if argv[0] == "doctor":
        assert str(path) in out
    with Journal(path) as j:
        assert len(j.games()) == (2 if argv[0] in ("play", "run") else 1)
    assert not (tmp_path / "state" / "journal.sqlite3").exists()


@pytest.mark.parametrize("mode", ["--headless", "--window"])
def test_run_on_a_corrupt_journal_starts_and_keeps_the_old_file(tmp_path, mode):
    path = tmp_path / "state" / "journal.sqlite3"
    _journal(path, games=2)
    data = bytearray(path.read_bytes())
    data[:16] = b"definitely junk!"  # the header: "file is not a database"
    path.write_bytes(bytes(data))
    done = subprocess.run(
        [sys.executable, "-m", "companion", "run", mode, "--frames", "20"],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    (moved,) = [
        p for p in path.parent.glob("journal.sqlite3.corrupt-*") if not p.name.endswith(("-wal", "-shm"))
    ]
    assert moved.read_bytes() == bytes(data)
    assert f"companion journal recover {moved}" in done.stderr
    with Journal(path) as j:
        assert j.moved_to is None and j.quick_check() == "ok"  # a fresh journal, no game yet
        assert j.games() == []
    doctor = subprocess.run(
        [sys.executable, "-m", "companion", "doctor"],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=120,
    )
    assert f"companion journal recover {moved}" in doctor.stdout


def _damage(kind: str, data: bytes) -> bytes:
    """A journal's bytes damaged in one of the ways SD cards and power cuts damage files."""
    page = 4096
    if kind == "header":  # "file is not a database"
        return b"definitely junk!" + data[16:]
    if kind == "leaf page wiped":  # one page of commands gone: one game loses its tail
        return data[: page * 8] + bytes(page) + data[page * 9 :]
    if kind == "root page wiped":  # the commands table's root: SQL reads nothing at all
        return data[: page * 5] + bytes(page) + data[page * 6 :]
    if kind == "cut off":  # the last pages never reached the card
        return data[: page * 21]
    if kind == "json damaged":
        at = data.index(b'"cmd":"', page * 12)
        return data[:at] + b'"cmd";"' + data[at + 7 :]
    raise ValueError(kind)


@pytest.mark.parametrize(
    "kind,full_games",
    [("header", 4), ("leaf page wiped", 3), ("root page wiped", 4), ("cut off", 3), ("json damaged", 3)],
)
def test_journal_recover_salvages_what_replays(tmp_path, capsys, kind, full_games):
    src = tmp_path / "old.sqlite3"
    ids = _journal(src, games=4, commands=150)
    with Journal(src) as j:
        originals = [j.commands(gid) for gid in ids]
    assert len(src.read_bytes()) >= 24 * 4096  # the layout the damage above aims at (with the digests)
    damaged = tmp_path / "journal.sqlite3.corrupt-20260101T000000Z"
    damaged.write_bytes(_damage(kind, src.read_bytes()))
    before = damaged.read_bytes()
    assert damage(str(damaged)) is not None  # the app would move this one aside
    target = tmp_path / "journal.sqlite3"
    assert cli.main(["journal", "recover", str(damaged), "--journal", str(target), "--create"]) == 0
    out = capsys.readouterr().out
    assert damaged.read_bytes() == before  # read from a copy: the damaged file is kept as it was
    with Journal(target) as j:
        got = [j.commands(g.id) for g in j.games()]
    for commands in got:  # every kept game is (a prefix of) a real game and replays
        assert any(o[: len(commands)] == commands for o in originals)
        Session.replay(commands)
    assert sum(commands in originals for commands in got) >= full_games
    assert out.count("kept    game") == len(got)
    if kind != "cut off" and (len(got) < 4 or sum(c in originals for c in got) < 4):  # (a game cut
        # off at its end cannot be told from a shorter game: the report says "all N commands found")
        assert "the rest is dropped" in out or "dropped game" in out
    assert cli.main(["journal", "recover", str(damaged), "--journal", str(target)]) == 0  # twice: no copies
    assert "already in this journal" in capsys.readouterr().out
    with Journal(target) as j:
        assert len(j.games()) == len(got)


def test_journal_recover_reads_a_wal_without_its_database(tmp_path, capsys):
    script = bot_script("masters", 9, 20)
    with Journal(tmp_path / "old.sqlite3") as j:
        j.db.execute("PRAGMA wal_autocheckpoint=0")  # everything stays in the WAL
        s, _ = Session.new(script[0], journal=j)
        for cmd in script[1:]:
            s.submit(cmd)
        wal = (tmp_path / "old.sqlite3-wal").read_bytes()  # the database file itself is lost
    aside = tmp_path / "journal.sqlite3.corrupt-20260101T000000Z"
    Path(f"{aside}-wal").write_bytes(wal)
    assert (
        cli.main(
            ["journal", "recover", str(aside), "--journal", str(tmp_path / "journal.sqlite3"), "--create"]
        )
        == 0
    )
    with Journal(tmp_path / "journal.sqlite3") as j:
        assert [j.commands(g.id) for g in j.games()] == [script]


# -- help and usage errors in the table's language ---------------------------------------------------
HELP = (
    [[]]
    + [[name] for name in cli.COMMANDS]
    + [["journal", a] for a in ("list", "export", "delete", "undo", "redo", "check", "recover", "report")]
    + [["cards", a] for a in ("list", "check", "teach", "export", "import")]
)
# option names, choices, quoted and usage command lines, the actions listed by name (`    delete   ...`)
# and file paths (the default places the help names)
OPTION_SYNTAX = re.compile(
    r"--?[\w-]+|\{[^}]*\}|`[^`]*`|companion( [a-z][\w-]*)*|^ {2,}[\w-]+(?= {2,}|$)|(?<!\S)/[^\s)]+", re.M
)


def _help(argv: list[str], lang: str, monkeypatch, capsys) -> str:
    """What `COMPANION_LANG=<lang> companion <argv> --help` prints (argparse exits after its help)."""
    monkeypatch.setenv("COMPANION_LANG", lang)
    monkeypatch.setenv(
        "COMPANION_CONFIG_DIR", "/cfg"
    )  # short: argparse wraps a long path inside, at a hyphen
    monkeypatch.setenv("COMPANION_STATE_DIR", "/st")
    try:
        status = cli.main([*argv, "--help"])
    except SystemExit as exc:
        status = exc.code
    assert status in (0, None)
    return capsys.readouterr().out


def english_words_in(german: str, english: str) -> set[str]:
    """Words of the German help that the English help has and no German text of ours does (option
    names, choices and command lines left out: they are the same in both)."""
    from tests.ui.helpers import german_words, words

    plain = lambda text: OPTION_SYNTAX.sub(" ", text)  # noqa: E731
    return words(plain(german)) & (words(plain(english)) - german_words())


@pytest.mark.parametrize("argv", HELP, ids=lambda a: " ".join(a) or "companion")
def test_every_help_is_german(argv, monkeypatch, capsys):
    """`COMPANION_LANG=de companion <command> --help`: argparse's words and ours, no English left."""
    english = _help(argv, "en", monkeypatch, capsys)
    german = _help(argv, "de", monkeypatch, capsys)
    assert german != english and ("Aufruf:" in german)
    if argv:
        assert "usage:" in english and "Optionen:" in german and "diese Hilfe zeigen und beenden" in german
    assert english_words_in(german, english) == set()


def test_the_help_check_finds_an_english_sentence():
    english = "usage: companion play [-h]\n\noptions:\n  --json  print only the final state JSON\n"
    german = "Aufruf: companion play [-h]\n\nOptionen:\n  --json  print only the final state JSON\n"
    assert english_words_in(german, english) == {"print", "only", "final"}  # "state" is in a German path


@pytest.mark.parametrize(
    ("argv", "german"),
    [
        (["play", "--frobnicate"], "companion play: Fehler: unbekannte Argumente: --frobnicate"),
        (["play", "--resume", "x"], "companion play: Fehler: Argument --resume: keine ganze Zahl: 'x'"),
        (
            ["cards", "teach", "--tracker", "x"],
            "companion cards teach: Fehler: Argument --tracker: ungültiger Wert für int: 'x'",
        ),
        (
            ["hw-test", "--backend", "x"],
            "Argument --backend: ungültige Wahl: 'x' (möglich: 'mock', 'sim', 'pi')",
        ),
        (["screenshots"], "companion screenshots: Fehler: diese Argumente fehlen: --out"),
        (["journal"], "companion journal: Fehler: diese Argumente fehlen: AKTION"),
    ],
)
def test_usage_errors_are_german(argv, german, monkeypatch, capsys):
    monkeypatch.setenv("COMPANION_LANG", "de")
    try:
        status = cli.main(argv)
    except SystemExit as exc:
        status = exc.code
    err = capsys.readouterr().err
    assert status == 2 and german in err and err.startswith("Aufruf: companion ")


def test_argparse_words_are_all_in_the_catalog():
    """Every message the running Python's argparse looks up is listed for our catalog (a newer Python's
    new words show up here), and the German catalog has each."""
    import argparse
    import ast

    from companion import i18n
    from companion.cli import argparse_words

    tree = ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))
    asked = {
        n.args[0].value
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id in ("_", "ngettext")
        and n.args
        and isinstance(n.args[0], ast.Constant)
    }
    plurals = {"expected %s argument", "conflicting option string: %s"}
    assert asked - set(argparse_words.MESSAGES) - plurals == set()
    i18n.set_language("de")
    assert all(i18n._(m) != m for m in argparse_words.MESSAGES if m not in argparse_words.SAME_IN_GERMAN)
    assert all(i18n._(m) == m for m in argparse_words.SAME_IN_GERMAN)
    assert argparse_words.plural_messages(1) == ("erwartet %s Wert", "Option doppelt: %s")
    assert argparse_words.plural_messages(2) == ("erwartet %s Werte", "Optionen doppelt: %s")


def test_narrate_says_where_the_game_stands_in_german(tmp_path, monkeypatch, capsys):
    """`companion play --narrate`: the position line names the phase and step in the table's words."""
    script = tmp_path / "game.jsonl"
    script.write_text("\n".join(json.dumps(c) for c in bot_script("nosferatu", 3, 3)) + "\n")
    monkeypatch.setenv("COMPANION_LANG", "de")
    assert cli.main(["play", "--script", str(script), "--narrate"]) == 0
    now = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("Jetzt: "))
    assert "give-stake" not in now and "dusk" not in now, now


def test_final_summary_names_phase_and_step_in_german(tmp_path, monkeypatch, capsys):
    """`companion play`'s last line: the engine's phase and step ids in the table's words."""
    script = tmp_path / "game.jsonl"
    script.write_text(json.dumps({"cmd": "setup", "game": "nosferatu", "players": 5, "seed": 1}) + "\n")
    monkeypatch.setenv("COMPANION_LANG", "de")
    assert cli.main(["play", "--script", str(script)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert (
        last
        == "Spiel nosferatu, Runde 1, Phase Abenddämmerung, Schritt Pflock weitergeben, Hutter ist am Zug"
    ), last
