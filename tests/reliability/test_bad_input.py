"""Bad input never gets past a clear error: engines, config, card data, scenarios and reader bytes.

Hypothesis throws random and mutated input at every entry point. What may come out is fixed:
engines raise RuleViolation/CommandError and keep their state; config and data files load or raise
DataFileError naming the file (and the line when the key is in the file); the CLI exits 0, 1 with
line and rule, or 2 with file:line, one line on stderr, never a traceback; readers never raise and
only yield clean tag ids. The counts tried go to RELIABILITY.md.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import cli
from companion.errors import CommandError, DataFileError, RuleViolation
from companion.gamedata import config, tomlfile
from companion.gamedata.config import ReaderConfig
from companion.games.masters import teach
from companion.games.masters.loader import SHIPPED
from companion.hal.clock import FakeClock
from companion.hal.reader import MAX_PAYLOAD, open_reader
from tests.reliability.conftest import FULL
from tests.reliability.helpers import GAME_SETUPS, LoopDevice, bot_script, reachable_states

EXAMPLES = 1500 if FULL else 120
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

json_leaf = (
    st.none()
    | st.booleans()
    | st.integers(-(10**15), 10**15)
    | st.integers(-3, 12)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
)
json_value = st.recursive(
    json_leaf,
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=4),
    max_leaves=10,
)


def _call(argv: list[str]) -> tuple[int, str, str]:
    """Run `companion ARGV` in this process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    return int(status), out.getvalue(), err.getvalue()


def _leaves(value, into: set) -> set:
    """Every scalar inside a JSON value (names, positions, counts the engine knows)."""
    if isinstance(value, dict):
        for k, v in value.items():
            into.add(k)
            _leaves(v, into)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _leaves(v, into)
    elif value is None or isinstance(value, (bool, int, float, str)):
        into.add(value)
    return into


# -- engines -------------------------------------------------------------------------------------------
_ENGINE_CACHE: dict[str, tuple] = {}


def _engine_material(game_id: str):
    """(game, states, verbs, keys, values) harvested from bot play, cached per game."""
    if game_id not in _ENGINE_CACHE:
        game, states = reachable_states(game_id, 3, 400)
        verbs, keys, values = set(), set(), set()
        for s in states[:: max(1, len(states) // 40)]:
            for a in game.actions(s):
                verbs.add(a.command.get("cmd"))
                keys.update(a.command)
                keys.update(getattr(a, "needs", ()) or ())
            _leaves(game.to_json(s), values)
        values = {v for v in values if not (isinstance(v, float) and math.isnan(v))}
        _ENGINE_CACHE[game_id] = (
            game,
            states,
            sorted(v for v in verbs if isinstance(v, str)),
            sorted(k for k in keys if isinstance(k, str)),
            sorted(values, key=repr),
        )
    return _ENGINE_CACHE[game_id]


@pytest.mark.parametrize("game_id", list(GAME_SETUPS))
def test_engine_random_commands_raise_only_rule_errors_and_change_nothing(game_id, figures):
    game, states, verbs, keys, values = _engine_material(game_id)
    tried = Counter()
    known = st.sampled_from(values) if values else json_leaf

    any_value = known | json_value | st.lists(known, max_size=3)

    @FAST
    @given(
        st.integers(0, len(states) - 1),
        st.sampled_from(verbs + ["setup", "adjust", "undo", "", "__class__"]) | st.text(max_size=8),
        st.dictionaries(
            st.sampled_from(keys + ["cmd", "game", "seed"]) | st.text(max_size=6), any_value, max_size=4
        ),
        st.booleans(),
        st.data(),
    )
    def attempt(i, verb, params, near_legal, data):
        """One random (or nearly legal) command against one reachable state."""
        state = states[i]
        before = json.dumps(game.to_json(state), sort_keys=True, default=repr)
        command = dict(params, cmd=verb)
        legal = [a.command for a in game.actions(state)]
        if near_legal and legal:  # a command the table could send, with one parameter spoiled
            command = dict(data.draw(st.sampled_from(legal)))
            key = data.draw(st.sampled_from(sorted(command) + keys))
            if key != "cmd":  # a verb that is not a string has its own test below
                command[key] = data.draw(any_value)
        try:
            game.apply(state, game.canonical(state, command))
            tried["accepted"] += 1
        except (RuleViolation, CommandError):
            tried["refused"] += 1
        assert json.dumps(game.to_json(state), sort_keys=True, default=repr) == before

    attempt()
    figures.setdefault("Bad input: random commands to the engines", {})[game_id] = (
        f"{sum(tried.values())} tried, {tried['refused']} refused, {tried['accepted']} accepted"
    )
    assert sum(tried.values()) > 0


_VERB_CASES = [(g, v) for g in GAME_SETUPS for v in (None, 5, [], {}, ["draw"])]


@pytest.mark.parametrize(("game_id", "verb"), _VERB_CASES)
def test_engine_verb_that_is_not_a_string_is_a_command_error(game_id, verb):
    game, states = _engine_material(game_id)[:2]
    state = states[-1] if game.outcome(states[-1]) is None else states[0]
    with pytest.raises((CommandError, RuleViolation)):
        game.apply(state, game.canonical(state, {"cmd": verb}))


@pytest.mark.parametrize("names", [[[], "b", "c", "d", "e"], [{}] * 5], ids=["list", "dict"])
@pytest.mark.parametrize("game_id", ["nosferatu", "mansion", "one-night"])
def test_engine_setup_names_that_are_not_text_are_a_command_error(game_id, names):
    game = _engine_material(game_id)[0]
    command = dict(GAME_SETUPS[game_id], players=5, names=names)
    with pytest.raises(CommandError):
        game.setup(game.canonical(None, command))


@pytest.mark.parametrize("game_id", list(GAME_SETUPS))
def test_engine_random_setups_raise_only_rule_errors(game_id):
    game = _engine_material(game_id)[0]
    base = GAME_SETUPS[game_id]

    @FAST
    @given(
        st.dictionaries(
            st.sampled_from(sorted(base) + ["names", "roles", "districts", "deck", "ap"]),
            json_value,
            max_size=4,
        )
    )
    def attempt(changes):
        """One setup command with random changes."""
        command = dict(base, **changes)
        command["cmd"], command["game"] = "setup", game_id
        try:
            game.setup(game.canonical(None, command))
        except (RuleViolation, CommandError):
            pass

    attempt()


# -- config --------------------------------------------------------------------------------------------
_KEY_LINE = re.compile(r"^(\s*[\"A-Za-z0-9_.\-]+\"?\s*=\s*)(.*)$")
toml_value = st.sampled_from(
    [
        '"x"',
        '""',
        "0",
        "-1",
        "1e9",
        "99999999999",
        "true",
        "[]",
        "[1, 2]",
        "{}",
        '{ strip = "main", start = 0, count = 9 }',
        '"GPIO5"',
        '"none"',
        "nan",
        "inf",
        "0.5",
        '"GRBW"',
        '"pn532"',
        '"loop://"',
        "1979-05-27",
        '"district.A1"',
    ]
)


def _mutated_lines(
    draw, text: str, max_edits: int, kinds: list[str], values, renames: list[str], junk_size: int
) -> str:
    """`text` with 1..`max_edits` random line edits of `kinds`: a key's value from `values`, a key
    renamed to one of `renames`, a line deleted, duplicated, truncated, or junk inserted."""
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, max_edits))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(kinds))
        m = _KEY_LINE.match(lines[i])
        if kind == "value" and m:
            lines[i] = m.group(1) + draw(values)
        elif kind == "delete":
            del lines[i]
        elif kind == "dup":
            lines.insert(i, lines[i])
        elif kind == "junk":
            lines.insert(i, draw(st.text(max_size=junk_size)))
        elif kind == "rename" and m:
            lines[i] = draw(st.sampled_from(renames)) + " = " + m.group(2)
        elif kind == "truncate":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        if not lines:
            break
    return "\n".join(lines) + "\n"


@st.composite
def mutated_config(draw) -> str:
    """The default config with one to three random edits."""
    return _mutated_lines(
        draw,
        config.DEFAULT_TOML,
        3,
        ["value", "value", "value", "delete", "dup", "junk", "rename", "truncate"],
        toml_value,
        ["typo", "count", '"district.D9"', "reverse", "pins"],
        junk_size=20,
    )


def test_config_mutations_load_or_name_file_and_line(figures):
    tried = Counter()

    @FAST
    @given(mutated_config())
    def attempt(text):
        """One mutated config: it loads and runs, or names file and line."""
        path = "/cfg/mutated.toml"
        try:
            cfg = config.loads(text, path)
        except DataFileError as exc:
            tried["refused"] += 1
            assert exc.path == path and str(exc).startswith(path)
            if exc.field and tomlfile.locate(text, exc.field) is not None:
                assert exc.line is not None, f"{exc} names no line though {exc.field} is in the file"
            if exc.field is None and "syntax" in exc.message:
                assert exc.line is not None
            return
        tried["loaded"] += 1
        _runs_on_mock_hardware(cfg)

    attempt()
    figures.setdefault("Bad input: config files", {})["mutated default configs"] = (
        f"{sum(tried.values())} tried, {tried['refused']} refused with file:line, {tried['loaded']} loaded and ran"
    )


def _runs_on_mock_hardware(cfg) -> None:
    """A config that validates must also start the loop (no crash later, at the table)."""
    from companion.app import App
    from companion.hal import open_hardware
    from companion.runtime.parts import Parts

    with open_hardware(cfg, backend="mock") as hw:
        app = App(Parts(cfg, hw, None, log=lambda s: None))
        for _ in range(3):
            app.tick()
            hw.clock.advance(0.25)  # the title's attract loop has moved on (it steps 16 times a second)
        assert len(hw.pixels.frames) == 3  # a frame pushed at every tick: the lights run


def test_config_check_cli_exits_2_with_one_line(tmp_path):
    tried = 0

    @settings(
        max_examples=max(20, EXAMPLES // 4),
        deadline=None,
        derandomize=not FULL,
        suppress_health_check=list(HealthCheck),
    )
    @given(mutated_config())
    def attempt(text):
        """`companion config --check` on one mutated config."""
        nonlocal tried
        tried += 1
        path = tmp_path / "config.toml"
        path.write_text(text)
        status, out, err = _call(["config", "--check", str(path)])
        assert status in (0, 2)
        if status == 2:
            assert err.count("\n") == 1 and str(path) in err and "Traceback" not in err
        else:
            assert err == "" and out.startswith(f"{path}: ok")

    attempt()
    assert tried > 0


def test_config_check_in_a_real_process_has_no_traceback(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(config.DEFAULT_TOML.replace("fps = 30", 'fps = "fast"'))
    res = subprocess.run(
        [sys.executable, "-m", "companion", "config", "--check", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 2
    line = tomlfile.locate(path.read_text(), "display.fps")
    assert res.stderr.strip().splitlines() == [res.stderr.strip()]
    assert f"{path}:{line}: [display.fps]" in res.stderr and "Traceback" not in res.stderr


# -- card data -----------------------------------------------------------------------------------------
def _export_text() -> str:
    """A valid export with a bit of every section."""
    with tempfile.TemporaryDirectory() as base:
        teach.save_card_grid("I-07", ["A1", "B2"], ["C1", "C3"], name="Last Crusade", base=base)
        teach.save_tracker(3, reserve=11, numbers={("I", "high"): (2, (1, 0))}, base=base)
        teach.save_district("museum", name="Museum", note="relic at dawn", base=base)
        teach.register_tag("04A1B2C3D4E5F6", "I-07", base=base)
        return teach.export_text(base)


def _snapshot(folder: Path) -> dict:
    """Every file below `folder` with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@st.composite
def mutated_toml(draw, text: str) -> str:
    """`text` with one or two random line edits."""
    return _mutated_lines(
        draw,
        text,
        2,
        ["value", "value", "delete", "junk", "rename", "dup"],
        toml_value | st.sampled_from(['["A1", "A1"]', '["Z9"]', '"III-19"', '"$(touch /tmp/x)"']),
        ['"../../etc/passwd"', "red", "'I-99'", "verified", "x"],
        junk_size=16,
    )


def test_card_data_mutations_exit_2_or_import_cleanly(tmp_path, figures):
    good = _export_text()
    shipped = (SHIPPED / "cards.toml").read_text()
    tried = Counter()
    work = tmp_path / "work"
    work.mkdir()
    taught = tmp_path / "taught"
    teach.save_district("church", name="Church", base=taught)  # something that must survive a bad import

    @FAST
    @given(mutated_toml(good) | mutated_toml(shipped))
    def attempt(text):
        """`companion cards check` and an import of one mutated file."""
        path = work / "mutated.toml"
        path.write_text(text)
        status, out, err = _call(["cards", "check", str(path)])
        assert status in (0, 2), err
        assert "Traceback" not in err
        if status == 2:
            assert err.count("\n") == 1 and str(path) in err
        before = _snapshot(taught)
        try:
            teach.import_file(path, base=taught)
            tried["imported"] += 1
        except (DataFileError, teach.TeachError):
            tried["refused"] += 1
            assert _snapshot(taught) == before, "a refused import wrote something"
        else:
            teach.taught(taught)  # what was written reads back without error

    attempt()
    figures.setdefault("Bad input: card data files", {})["mutated exports and card files"] = (
        f"{sum(tried.values())} tried, {tried['refused']} refused unchanged, {tried['imported']} imported"
    )


# -- scenarios -----------------------------------------------------------------------------------------
def _scenario_lines() -> list[list[str]]:
    """The shipped scenarios plus a bot-played Masters game, as lists of lines."""
    out = [p.read_text().splitlines() for p in sorted(SCENARIOS.glob("*.jsonl"))]
    out.append([json.dumps(c) for c in bot_script("masters", 4, 40)])
    return out


@st.composite
def mutated_scenario(draw) -> str:
    """A scenario with random line edits: values, deletions, duplicates, junk, truncation."""
    lines = list(draw(st.sampled_from(_scenario_lines())))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["value", "value", "delete", "dup", "junk", "truncate", "swap"]))
        if kind == "value":
            try:
                cmd = json.loads(lines[i])
            except ValueError:
                continue
            if isinstance(cmd, dict) and cmd:
                key = draw(st.sampled_from(sorted(cmd) + ["extra"]))
                cmd[key] = draw(json_value)
                lines[i] = json.dumps(cmd)
        elif kind == "delete" and len(lines) > 1:
            del lines[i]
        elif kind == "dup":
            lines.insert(i, lines[i])
        elif kind == "junk":
            lines.insert(
                i, draw(st.text(max_size=20) | st.sampled_from(["[]", "{}", "null", '{"cmd": 5}', "NaN"]))
            )
        elif kind == "truncate":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        elif kind == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
    return "\n".join(lines) + "\n"


def test_scenario_mutations_exit_0_1_or_2_without_traceback(tmp_path, figures):
    tried = Counter()
    path = tmp_path / "scenario.jsonl"
    refused = re.compile(
        rf"^{re.escape(str(path))}:(\d+): refused '.*' by rule [^:]+: "
    )  # rule names may have spaces
    broken = re.compile(rf"^companion: {re.escape(str(path))}(:\d+)?: ")

    @FAST
    @given(mutated_scenario())
    def attempt(text):
        """`companion play --script` on one mutated scenario."""
        path.write_text(text)
        status, out, err = _call(["play", "--script", str(path)])
        tried[status] += 1
        assert "Traceback" not in err
        assert status in (0, 1, 2), err
        if status == 1:
            m = refused.match(err)
            assert m and err.count("\n") == 1, f"exit 1 without line and rule: {err!r}"
            assert 1 <= int(m.group(1)) <= text.count("\n")
        elif status == 2:
            assert broken.match(err) and err.count("\n") == 1, f"exit 2 without file:line: {err!r}"
        else:
            assert err == "" and out.startswith("game ")

    attempt()
    figures.setdefault("Bad input: scenarios through companion play", {}).update(
        {
            "mutated scenarios": sum(tried.values()),
            "exit 0": tried[0],
            "exit 1 (line + rule)": tried[1],
            "exit 2 (file:line)": tried[2],
        }
    )


# -- reader bytes --------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["pn532", "lines"])
def test_reader_over_loop_never_raises_and_reads_only_clean_tags(kind, figures):
    tried = 0

    @FAST
    @given(
        st.lists(
            st.binary(max_size=96)
            | st.sampled_from(
                [b"\x00\x00\xff", b"NW TAG 04A1B2C3*00\r\n", b"\n" * 3, b"\x55\x55", b"II-04\r\n"]
            ),
            max_size=30,
        )
    )
    def attempt(chunks):
        """One stream of byte chunks into a fresh reader."""
        nonlocal tried
        tried += 1
        clock, cable = FakeClock(), LoopDevice()
        reader = open_reader(ReaderConfig(kind, "loop://", 115200, 2.0), clock, opener=cable.opener)
        reads = []
        for chunk in chunks:
            cable.port.write(chunk)
            reads += reader.poll()
            clock.advance(0.05)
        ok, why = reader.status
        assert isinstance(ok, bool) and isinstance(why, str)
        sent = b"".join(chunks)
        for r in reads:
            assert 0 < len(r.tag) <= MAX_PAYLOAD and r.tag == r.tag.strip()
            assert all(0x20 <= ord(c) <= 0x7E or c == "\t" for c in r.tag)
            if kind == "lines":
                assert r.tag.encode() in sent
        reader.close()

    attempt()
    figures.setdefault("Bad input: reader bytes", {})[f"{kind} over loop://"] = f"{tried} byte streams"
