"""Shared code asks a game's plugin and never guesses (issue #33, "Done when"):

- no shared module names a game's module as a dotted path ("companion.games.masters.screens:X",
  "counter_race.words"): a game is reached through its GamePlugin object only;
- no shared module reads a state field that only one game defines (`state["veil"]`,
  `view.get("tick")`, `"bites" in cell`): the readers ask the plugin (`result`, `stage`,
  `board_lines`, `gauge`, `timed_step`, `phone_cells`). The fields are found by playing every
  installed game, so a new game's own fields are guarded the day it is installed.

"Shared" is everything under companion/ but the games' own packages (companion/games/<game>/).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import companion
from companion.plugins import games
from companion.testing.contract import play

PACKAGE = Path(companion.__file__).resolve().parent
# keys of the documented game API and of the lights' picture (companion/rules/base.py): any game may have them
DOCUMENTED = {
    "game",
    "phase",
    "step",
    "outcome",
    "seats",
    "current_player",
    "board",
    "winners",
    "districts",
    "bar",
    "bar_max",
    "bar_meaning",
    "timer",
    "paused",
}
# a shared module reading a key that happens to be spelt like one game's field, about something else
SAME_WORD = {
    ("companion/gamedata/config.py", "deck"): "the config's [game] deck (digital or physical)",
    ("companion/gamedata/config.py", "start"): "a config LED strip's start index",
    ("companion/controllers/tags.py", "card"): "the teach screen's result: which card a tag is",
    ("companion/web/hostside.py", "card"): "the host phone's teach request: the card's key",
    ("companion/web/phoneview.py", "card"): "an event card's key in the event that drew it (not the state)",
    ("companion/storage/scenario.py", "extra"): "a command error's `extra` parameter (an unknown key typed)",
    ("companion/ui/samples.py", "start"): "the wizard's Start button a sample presses",
}


def shared_files() -> list[Path]:
    """Every Python file of companion/ outside the games' own packages."""
    own = [Path(g.folder()).resolve() for g in games().values() if g.folder()]
    return sorted(p for p in PACKAGE.rglob("*.py") if not any(p.resolve().is_relative_to(d) for d in own))


def game_fields() -> dict[str, str]:
    """State-JSON field -> the one game that defines it (fields of more than one game left out), from
    a played game of each installed game."""
    by_field: dict[str, set[str]] = {}
    for gid in games():
        session = play(gid, 1)
        for state in session.states[:: max(1, len(session.states) // 40)] + [session.state]:
            for key in session.game.view(state):
                by_field.setdefault(key, set()).add(gid)
    return {key: next(iter(ids)) for key, ids in by_field.items() if len(ids) == 1 and key not in DOCUMENTED}


def key_reads(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, key) of every read of a constant key: `x["k"]`, `x.get("k")`, `"k" in x`, and the keys
    a loop walks (`for key in ("k", ...)`)."""
    out = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.ctx, ast.Load)
            and isinstance(node.slice, ast.Constant)
        ):
            out.append((node.lineno, node.slice.value))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("get", "pop")
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            out.append((node.lineno, node.args[0].value))
        elif (
            isinstance(node, ast.Compare)
            and isinstance(node.left, ast.Constant)
            and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops)
        ):
            out.append((node.lineno, node.left.value))
        elif isinstance(node, (ast.For, ast.comprehension)) and isinstance(
            node.iter, (ast.Tuple, ast.List, ast.Set)
        ):
            out += [
                (getattr(node, "lineno", node.iter.lineno), e.value)
                for e in node.iter.elts
                if isinstance(e, ast.Constant)
            ]  # `for key in ("round", "veil"): state.get(key)`
    return [(line, key) for line, key in out if isinstance(key, str)]


def _name(path: Path) -> str:
    """The file as the reports name it: relative to the repo ("companion/app.py"), else its name."""
    return path.relative_to(PACKAGE.parent).as_posix() if path.is_relative_to(PACKAGE.parent) else path.name


def field_reads(files: list[Path], fields: dict[str, str]) -> list[str]:
    """Every read in `files` of a field of `fields`, as "file:line key (game)"."""
    found = []
    for path in files:
        rel = _name(path)
        for line, key in key_reads(ast.parse(path.read_text(encoding="utf-8"))):
            if key in fields and (rel, key) not in SAME_WORD:
                found.append(f"{rel}:{line} {key} ({fields[key]})")
    return found


@pytest.fixture(scope="module")
def fields() -> dict[str, str]:
    return game_fields()


def test_no_shared_module_reads_a_field_only_one_game_defines(fields):
    assert {"veil", "tick", "bites_total", "counter"} <= set(fields)  # the walk found the games' own fields
    assert field_reads(shared_files(), fields) == []


def test_the_field_walk_fails_on_a_shared_read_of_a_games_field(fields, tmp_path):
    """Break it once: the reads the readers used to make, each caught."""
    bad = tmp_path / "reader.py"
    bad.write_text(
        'def line(state, cell):\n    n = state["veil"]\n    t = state.get("tick")\n'
        '    w = [state.get(k) for k in ("phase", "counter")]\n'
        '    return "bites" in cell, n, t, w, state["game"]\n',
        encoding="utf-8",
    )
    found = [entry.partition(" ")[2] for entry in field_reads([bad], fields)]
    assert found == ["veil (masters)", "tick (mansion)", "counter (counter-race)", "bites (nosferatu)"]


def dotted_game_paths(files: list[Path]) -> list[str]:
    """Every dotted path in `files` (code, strings or comments) that names a module of an installed
    game's package: "companion.games.masters.screens:DayScreen", "counter_race.words"."""
    packages = sorted({g.package for g in games().values()}, key=len, reverse=True)
    pattern = re.compile(
        r"(?<![\w/])(?:" + "|".join(re.escape(p) for p in packages) + r")(?:[.:][A-Za-z_]\w*)+"
    )
    found = []
    for path in files:
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            found += [f"{_name(path)}:{number} {m.group(0)}" for m in pattern.finditer(text)]
    return found


def test_no_shared_module_names_a_games_module_as_a_dotted_path():
    assert dotted_game_paths(shared_files()) == []


def test_the_dotted_path_check_finds_one(tmp_path):
    bad = tmp_path / "old_catalog.py"
    bad.write_text('GAME = dict(engine="companion.games.masters.rules.game:MastersGame")\n', encoding="utf-8")
    assert [f.partition(" ")[2] for f in dotted_game_paths([bad])] == [
        "companion.games.masters.rules.game:MastersGame"
    ]
