"""Shared modules name no game: everything a game has lives in its package (companion/games/<game>/).

Every Python module of companion/ outside the games' packages is scanned (with `ast`) for each game of
the catalog - its id, its package's name, its title, in any case - in its code: identifiers (names,
attributes, functions, classes, parameters, imports) and string constants. Docstrings and comments
may mention a game as an example; code may not, except where ALLOWED says why (a config default).
A sixth game, a plugin, is checked the same way: its names must not appear in shared code either.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.plugins import games

ROOT = Path(__file__).resolve().parents[1]
COMPANION = ROOT / "companion"

# (module, game name) -> (how many times it may appear, why). Nothing else may name a game.
ALLOWED = {
    ("companion/gamedata/config.py", "masters"): (
        2,
        "the config's default game (`game.default`): a config default may name one",
    ),
    ("companion/gamedata/config_records.py", "masters"): (
        1,
        "the default of `GameConfig.default`, the same default",
    ),
    ("companion/gamedata/config_text.py", "masters"): (
        1,
        "the commented default config names the default game",
    ),
    # TEMPORARY: the shared illustrations include the mansion's; the screens stage (#26) moves each
    # game's own art into its package and removes these two entries.
    ("companion/ui/assets/__init__.py", "mansion"): (1, "the mansion's illustration (temporary)"),
    ("companion/ui/assets/sheet.py", "mansion"): (2, "the mansion's illustration's caption (temporary)"),
    ("companion/ui/scenery.py", "mansion"): (
        1,
        "where the mansion illustration's roof line sits (a picture's name)",
    ),
}


def game_names() -> dict[str, set[str]]:
    """Game id -> the words that name it in code: id, package name (both spellings), title."""
    out = {}
    for gid, game in games().items():
        last = game.package.rpartition(".")[2]
        out[gid] = {
            w.lower() for w in (gid, gid.replace("-", "_"), last, last.replace("_", "-"), game.title) if w
        }
    return out


def shared_modules() -> list[Path]:
    """Every module of companion/ outside the games' own packages."""
    own = [Path(g.folder()).resolve() for g in games().values()]
    return sorted(p for p in COMPANION.rglob("*.py") if not any(p.resolve().is_relative_to(d) for d in own))


def _docstrings(tree: ast.AST) -> set[int]:
    """id() of every docstring constant (module, class, function)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                out.add(id(first.value))
    return out


def _texts(tree: ast.AST):
    """(line, text) of every identifier and string constant in the code (docstrings left out)."""
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name):
            yield line, node.id
        elif isinstance(node, ast.Attribute):
            yield line, node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield line, node.name
        elif isinstance(node, ast.arg):
            yield line, node.arg
        elif isinstance(node, ast.keyword) and node.arg:
            yield line, node.arg
        elif isinstance(node, ast.alias):
            yield line, node.name
            if node.asname:
                yield line, node.asname
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield line, node.module
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            yield line, node.value


def named_games(source: str, names: dict[str, set[str]]) -> list[tuple[int, str, str]]:
    """(line, game id, the text naming it) for every identifier or string of `source` naming a game."""
    found = []
    for line, text in _texts(ast.parse(source)):
        low = text.lower()
        found += [(line, gid, text) for gid, words in names.items() if any(w in low for w in words)]
    return found


def test_no_shared_module_names_a_game_in_its_code():
    names = game_names()
    counts: dict[tuple[str, str], int] = {}
    unexpected = []
    for path in shared_modules():
        rel = path.relative_to(ROOT).as_posix()
        for line, gid, text in named_games(path.read_text(encoding="utf-8"), names):
            counts[rel, gid] = counts.get((rel, gid), 0) + 1
            if (rel, gid) not in ALLOWED:
                unexpected.append(f"{rel}:{line}: names {gid}: {text[:60]!r}")
    assert unexpected == []
    over = {k: n for k, n in counts.items() if k in ALLOWED and n > ALLOWED[k][0]}
    assert over == {}, "more than ALLOWED says: a new mention"
    assert all(k in counts for k in ALLOWED), "an ALLOWED entry no longer needed: remove it"


def test_every_game_of_the_catalog_is_looked_for_and_its_package_left_out():
    names = game_names()
    assert set(names) == set(games()) and all(len(w) >= 3 for words in names.values() for w in words)
    scanned = {p.relative_to(COMPANION).parts[0] for p in shared_modules()}
    assert {"app.py", "ui", "narration", "lighting", "rules", "cli", "games"} <= scanned
    assert not any(
        p.resolve().is_relative_to(Path(g.folder()).resolve())
        for g in games().values()
        for p in shared_modules()
    )


@pytest.mark.parametrize(
    "source, hit",
    [
        ("from companion.games.nosferatu import scene\n", "companion.games.nosferatu"),
        ("def masters_screen(s):\n    return 1\n", "masters_screen"),
        ("class MastersWizard:\n    pass\n", "MastersWizard"),
        ("x = {'game': 'one-night'}\n", "one-night"),
        ("def f(strigoi_box=1):\n    pass\n", "strigoi_box"),
        ("y = _('in a Masters of the Night game')\n", "in a Masters of the Night game"),
        ("z = obj.one_night\n", "one_night"),
    ],
)
def test_the_scan_finds_a_game_named_in_code(source, hit):
    found = named_games(source, game_names())
    assert found and found[0][2] == hit, found


def test_the_scan_lets_docstrings_and_comments_name_a_game():
    source = (
        '"""Like Masters of the Night."""\n\n\n'
        'def f():\n    """The mansion\'s clock."""\n    return 1  # strigoi\n'
    )
    assert named_games(source, game_names()) == []
