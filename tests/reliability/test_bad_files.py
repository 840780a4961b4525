"""Every door a user's file or text comes in by refuses what it cannot take in our own words (issue 23,
point 8): scenario files and stdin, configs, taught data and box files, names, game ids and
screenshot sizes. Exit 2 with file:line (and field), never a traceback, an errno, a codec's or json's
message or a Python class name. Hypothesis throws malformed lines at the scenario reader; the fixed
cases below are the ones the issue names. (Mutations of whole files: test_bad_input.py.)
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import cli
from companion.gamedata import config
from tests.reliability.conftest import FULL
from tests.reliability.helpers import bot_script

EXAMPLES = 1500 if FULL else 150
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
FAST = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not FULL,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.function_scoped_fixture,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)
# Python's and its libraries' own words: none may reach the user (outside what the user wrote, quoted)
PYTHON_WORDS = re.compile(
    r"Traceback|Errno|errno|Expecting|JSONDecode|char \d|line \d+ column|codec|decode|"
    r"recursion|NoneType|invalid literal|object of type|\b[A-Z][A-Za-z]*(Error|Exception)\b|"
    r"\bint\(\)|UTF-8 BOM|utf-8-sig|Extra data|<class|\bself\b"
)
QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")  # what the user typed, as a message quotes it


def _call(argv: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    """`companion ARGV` in this process, `stdin` piped in: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(argv)
    finally:
        sys.stdin = old
    return int(status), out.getvalue(), err.getvalue()


def _no_python_words(text: str) -> None:
    """No Python or library words in `text` once what the user typed (quoted in it) is taken out."""
    left = QUOTED.sub("''", text)
    found = PYTHON_WORDS.search(left)
    assert found is None, f"{found.group(0)!r} in {text!r}"


# -- the scenario reader under fire ----------------------------------------------------------------
def _good_lines() -> list[list[str]]:
    """The shipped scenarios and a bot-played Nosferatu game, as lists of lines."""
    return [p.read_text().splitlines() for p in sorted(SCENARIOS.glob("*.jsonl"))] + [
        [json.dumps(c) for c in bot_script("nosferatu", 5, 12)]
    ]


def _nest(depth: int, inner: str) -> str:
    """`inner` inside `depth` arrays or objects, as one command's parameter."""
    return '{"cmd": "setup", "x": ' + "[" * depth + inner + "]" * depth + "}"


bad_line = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=24),  # raw bytes: often not UTF-8
    st.integers(30, 5000).map(lambda d: _nest(d, "1")),
    st.integers(30, 3000).map(lambda d: "[" * d),
    st.integers(19, 5000).map(
        lambda k: '{"cmd": "setup", "game": "nosferatu", "players": 5, "seed": ' + "9" * k + "}"
    ),
    st.sampled_from(
        [
            "NaN",
            '{"cmd": "next", "n": Infinity}',
            '{"cmd": -Infinity}',
            "[]",
            "5",
            '"x"',
            "null",
            "true",
            '{"cmd": 5}',
            '{"cmd": "fly"}',
            '{"cmd": "setup", "game": "chess"}',
            '{"cmd": "setup", "seed": "seven"}',
            '{"cmd": "setup", "game": "nosferatu", "names": {"a": 1}}',
            '{"cmd": "adjust", "veil": [1]}',
            '{"cmd": "setup", "game": "nosferatu", "names": ["A\\u202eB", "b", "c", "d", "e"]}',
            '{"cmd": "setup", "game": "mansion", "names": ["' + "N" * 40 + '", "b", "c"]}',
            '{"cmd": "play", "player": "\\ud800"}',
            '{"cmd": "\\u0000"}',
            "\ufeff{}",
            '{"cmd": "next",}',
            '{"cmd": "next" "n": 1}',
            "{'cmd': 'next'}",
            '{"cmd": "next"} {"cmd": "next"}',
            '{"cmd": "x\x01"}',
        ]
    ),
    st.dictionaries(
        st.text(max_size=6),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
            lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=4), c, max_size=3),
            max_leaves=8,
        ),
        max_size=4,
    ).map(lambda d: json.dumps({"cmd": "setup", **d})),
)


@st.composite
def malformed_scenario(draw) -> tuple[bytes, int]:
    """(the bytes of a scenario with one to three malformed lines, perhaps after a BOM; its last line number)."""
    lines = [line.encode() for line in draw(st.sampled_from(_good_lines()))]
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines)))
        bad = draw(bad_line)
        bad = bad if isinstance(bad, bytes) else bad.encode()
        if draw(st.booleans()) and i < len(lines):
            lines[i] = bad
        else:
            lines.insert(i, bad)
    bom = b"\xef\xbb\xbf" if draw(st.booleans()) else b""
    body = bom + b"\n".join(lines) + b"\n"
    return body, body.decode("utf-8", "replace").count("\n") + body.decode("utf-8", "replace").count("\r")


def test_the_scenario_reader_refuses_malformed_lines_with_file_line_and_our_words(tmp_path, figures):
    tried = Counter()
    path = tmp_path / "scenario.jsonl"
    broken = re.compile(rf"^companion: (?P<file>{re.escape(str(path))}|<stdin>)(?::(?P<line>\d+))?: ")
    refused = re.compile(
        rf"^(?:{re.escape(str(path))}|-):(\d+): refused "
    )  # (play names stdin's lines "-:N")

    @FAST
    @given(malformed_scenario(), st.booleans())
    def attempt(scenario, piped):
        """`companion play --script FILE` (or `--script -` with the bytes piped in) on one scenario."""
        data, lines = scenario
        if piped:
            status, out, err = _call(["play", "--script", "-"], stdin=data)
        else:
            path.write_bytes(data)
            status, out, err = _call(["play", "--script", str(path)])
        tried[status] += 1
        assert status in (0, 1, 2), err
        _no_python_words(err)
        if status == 2:
            m = broken.match(err)
            assert m and err.count("\n") == 1, f"exit 2 without file:line: {err!r}"
            if m.group("line") is None:  # only the file as a whole has no line
                assert err.rstrip().endswith("no commands in the scenario"), err
            else:
                assert 1 <= int(m.group("line")) <= lines
        elif status == 1:
            m = refused.match(err)
            assert m and 1 <= int(m.group(1)) <= lines, f"exit 1 without file:line: {err!r}"
        else:
            assert err == "" and out.startswith("game ")

    attempt()
    figures.setdefault("Bad input: malformed scenario lines (file and stdin)", {}).update(
        {
            "scenarios tried": sum(tried.values()),
            "exit 2 (file:line, our words)": tried[2],
            "exit 1 (line + rule)": tried[1],
            "exit 0": tried[0],
        }
    )


# -- the cases the issue names ------------------------------------------------------------------------
SETUP = '{"cmd": "setup", "game": "nosferatu", "players": 5, "seed": 7}'
SCENARIO_CASES = {  # name -> (file content, or None for no file; the line named; words the message has)
    "no such file": (None, None, "file not found"),
    "not UTF-8": (SETUP.encode() + b'\n{"cmd": "give_stake", "to": "\xff"}\n', 2, "not UTF-8 text"),
    "deep nesting": (_nest(5000, "1").encode(), 1, "nested deeper than 32 levels"),
    "deep object": (
        ('{"cmd": "setup", "x": ' + '{"a": ' * 40 + "1" + "}" * 41).encode(),
        1,
        "nested deeper than 32 levels",
    ),
    "id too large for SQLite": (SETUP.replace("7}", "99999999999999999999}").encode(), 1, "too large"),
    "number of 5000 digits": (SETUP.replace("7}", "9" * 5000 + "}").encode(), 1, "a number is too long"),
    "NaN": (SETUP.replace("7}", "NaN}").encode(), 1, "NaN and Infinity are not JSON numbers"),
    "unknown command": ((SETUP + '\n{"cmd": "fly"}\n').encode(), 2, "unknown command 'fly'"),
    "unknown game": (b'{"cmd": "setup", "game": "chess"}\n', 1, "unknown game 'chess'"),
    "wrong type": (SETUP.replace("7}", '"seven"}').encode(), 1, "seed must be a whole number, got 'seven'"),
    "a list where an object is due": (
        (SETUP + "\n[1, 2]\n").encode(),
        2,
        'must be a JSON object with a "cmd" text',
    ),
    "an object where a list is due": (
        SETUP.replace("}", ', "names": {"a": 1}}').encode(),
        1,
        "names must be a list",
    ),
    "not JSON": ((SETUP + "\n{cmd: next}\n").encode(), 2, "a key must be a text in double quotes"),
    "a name with a bidi override": (
        SETUP.replace("}", ', "names": ["A\\u202eB", "b", "c", "d", "e"]}').encode(),
        1,
        "text-direction character (U+202E)",
    ),
    "a name of 25 characters": (
        SETUP.replace("}", ', "names": ["' + "x" * 25 + '", "b", "c", "d", "e"]}').encode(),
        1,
        "has 25 characters; at most 24",
    ),
}


@pytest.mark.parametrize("case", list(SCENARIO_CASES))
@pytest.mark.parametrize("command", ["play", "run"])
def test_a_scenario_the_issue_names_is_exit_2_with_file_line_and_our_words(tmp_path, case, command):
    content, line, words = SCENARIO_CASES[case]
    path = tmp_path / "case.jsonl"
    if content is not None:
        path.write_bytes(content)
    argv = (
        ["play", "--script", str(path)] if command == "play" else ["run", "--headless", "--script", str(path)]
    )
    status, _out, err = _call(argv)
    assert status == 2, err
    where = f"{path}:{line}:" if line else f"{path}:"
    assert err.startswith(f"companion: {where} ") and words in err and err.count("\n") == 1, err
    _no_python_words(err)


def test_a_folder_given_as_a_scenario_is_named_so(tmp_path):
    status, _out, err = _call(["play", "--script", str(tmp_path)])
    assert status == 2 and err == f"companion: {tmp_path}: this is a folder, not a file\n"


@pytest.mark.parametrize("bom", [b"\xef\xbb\xbf", b""])
def test_a_bom_from_windows_notepad_just_works(tmp_path, bom):
    path = tmp_path / "notepad.jsonl"
    path.write_bytes(bom + SETUP.encode() + b"\r\n")
    assert _call(["play", "--script", str(path)])[0] == 0
    assert _call(["play", "--script", "-"], stdin=bom + SETUP.encode())[0] == 0
    cfg = tmp_path / "config.toml"
    cfg.write_bytes(bom + b"[display]\r\nfps = 20\r\n")
    assert config.load(cfg).display.fps == 20


def test_piped_bytes_that_are_not_utf8_are_refused_with_their_line():
    status, _out, err = _call(["play", "--script", "-"], stdin=SETUP.encode() + b"\n\xff\n")
    assert status == 2 and err.startswith("companion: <stdin>:2: not UTF-8 text") and "codec" not in err


# -- config, taught data and box files ----------------------------------------------------------------
TOML_CASES = {  # name -> (content or None, the line named, words)
    "no such file": (None, None, "file not found"),
    "not UTF-8": (b"[display]\nfps = 30\n# caf\xe9\n", 3, "not UTF-8 text"),
    "deep nesting": (b"x = " + b"[" * 3000 + b"]" * 3000 + b"\n", None, "nested too deeply"),
    "a number of 5000 digits": (b"x = " + b"9" * 5000 + b"\n", None, "a number is too long"),
    "not TOML": (b"[display\n", 1, "TOML syntax error"),
}


@pytest.mark.parametrize("case", list(TOML_CASES))
@pytest.mark.parametrize(
    "argv",
    [["config", "--check"], ["cards", "check"], ["cards", "import"], ["run", "--headless", "--config"]],
    ids=["config", "cards-check", "cards-import", "run-config"],
)
def test_a_broken_toml_file_is_exit_2_with_file_line_and_our_words(tmp_path, case, argv):
    content, line, words = TOML_CASES[case]
    path = tmp_path / "file.toml"
    if content is not None:
        path.write_bytes(content)
    status, out, err = _call([*argv, str(path)])
    assert status == 2, err
    if argv == ["config", "--check"] and content is None:  # (the defaults would apply: said on stdout)
        err, words = out, "no such file"
    where = f"{path}:{line}:" if line else f"{path}:"
    assert where in err.splitlines()[-1] and words in err, err
    _no_python_words(err)


@pytest.mark.parametrize("argv", [["config", "--check"], ["cards", "check"], ["cards", "import"]])
def test_a_folder_given_as_a_toml_file_is_named_so(tmp_path, argv):
    status, _out, err = _call([*argv, str(tmp_path)])
    assert status == 2 and f"{tmp_path}: this is a folder, not a file" in err
    _no_python_words(err)


# -- command-line numbers --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ["journal", "export", "99999999999999999999"],
        ["journal", "delete", "9223372036854775808"],
        ["journal", "undo", "-5"],
        ["play", "--resume", "99999999999999999999"],
    ],
)
def test_a_game_id_sqlite_cannot_hold_is_a_usage_error(argv):
    with pytest.raises(SystemExit) as done, contextlib.redirect_stderr(io.StringIO()) as err:
        cli.main(argv)
    assert done.value.code == 2
    assert "game ids run from 1 to 9223372036854775807" in err.getvalue()
    _no_python_words(err.getvalue().splitlines()[-1])


@pytest.mark.parametrize(
    ("size", "ok"),
    [
        ("319x240", False),
        ("320x239", False),
        ("3841x2160", False),
        ("3840x2161", False),
        ("99999x99999", False),
        ("0x0", False),
        ("320x240", True),
        ("3840x2160", True),
    ],
)
def test_screenshot_sizes_stay_within_320x240_and_3840x2160(tmp_path, size, ok):
    from companion.ui import screenshots

    with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.redirect_stdout(io.StringIO()):
        status = screenshots.main(["--out", str(tmp_path), "--only", "icons", "--size", size])
    assert status == (0 if ok else 2), err.getvalue()
    if not ok:
        assert f"size {size} is outside 320x240 .. 3840x2160" in err.getvalue()
