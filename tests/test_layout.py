"""The shell's shape (docs/architecture.md): few top-level modules, and the HAL above the config."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "companion"


def _imports(path: Path) -> set[str]:
    """Every module `path` imports, at the top or inside a function."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_companion_has_at_most_ten_top_level_modules():
    modules = sorted(p.name for p in ROOT.glob("*.py"))
    assert len(modules) <= 10, f"{len(modules)} modules beside the packages: {modules}"


def test_game_data_and_config_never_import_the_hal():
    """hal/ reads the config; the config never reaches back into hal/ (no import cycle)."""
    for path in (ROOT / "gamedata").glob("*.py"):
        bad = sorted(m for m in _imports(path) if m == "companion.hal" or m.startswith("companion.hal."))
        assert not bad, f"{path.name} imports {bad}"


def test_no_module_of_companion_is_over_500_lines():
    long = sorted(
        (len(p.read_text(encoding="utf-8").splitlines()), str(p.relative_to(ROOT)))
        for p in ROOT.rglob("*.py")
    )
    assert [f for f in long if f[0] > 500] == [], long[-3:]
