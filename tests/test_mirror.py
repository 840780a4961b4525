"""The tests mirror the package (docs/architecture.md): a test of companion/storage is in tests/storage, of
a game's package in tests/games/<game>, of a top-level module (companion/i18n.py) in tests/test_i18n.py.
Besides those, only the suites that test the whole have folders of their own."""

from pathlib import Path

from tests import ROOT

TESTS = ROOT / "tests"
PACKAGE = ROOT / "companion"
# suites of the whole: the installed system, the reliability suite, the toy game's own distribution
WHOLE = {"deploy", "reliability", "toygame"}
# test modules under tests/ itself that check the whole tree, not one module
TREE_CHECKS = {
    "test_imports.py",
    "test_layout.py",
    "test_mirror.py",
    "test_docs.py",
    "test_shared_names.py",
    "test_plugin_boundaries.py",
    "test_toygame.py",
    "test_coin_game.py",
}


def _test_folders() -> list[Path]:
    """Every folder under tests/ (outside the suites of the whole) that holds a test module."""
    return sorted(
        {
            p.parent
            for p in TESTS.rglob("test_*.py")
            if p.parent != TESTS and p.relative_to(TESTS).parts[0] not in WHOLE
        }
    )


def test_every_test_folder_is_named_after_what_it_tests():
    wrong = []
    for folder in _test_folders():
        rel = folder.relative_to(TESTS)
        twin = PACKAGE.joinpath(*rel.parts)
        if not ((twin / "__init__.py").is_file() or twin.with_suffix(".py").is_file()):
            wrong.append(rel.as_posix())
    assert wrong == [], f"test folders with no package of that name under companion/: {wrong}"


def test_test_modules_beside_the_folders_test_a_top_level_module_or_the_tree():
    loose = [
        p.name
        for p in TESTS.glob("test_*.py")
        if p.name not in TREE_CHECKS and not (PACKAGE / p.name.removeprefix("test_")).is_file()
    ]
    assert loose == [], f"put these beside the package they test: {loose}"


def test_every_test_folder_is_a_package():
    """Two folders may hold test modules of the same name (tests/rules/test_catalog.py and
    tests/games/test_catalog.py): pytest tells them apart by their packages."""
    missing = [f.relative_to(TESTS).as_posix() for f in _test_folders() if not (f / "__init__.py").is_file()]
    assert missing == []
