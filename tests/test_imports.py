"""Layers without cycles (issue #25, point 5): every module of companion imports alone, no module of
companion (the games' packages included) is in an import cycle, and every import goes down the layers
(docs/architecture.md, "Layers"), function-level imports included."""

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"

# One bare interpreter forks one child per module: each child is a fresh process in which no module
# of companion was ever imported, so a module that only imports after another one (an import cycle
# entered from the wrong end, a missing import) fails there. Forking from a bare interpreter costs a
# fraction of starting one per module; as many children run at once as there are cores.
_FORKER = r"""
import os, sys, traceback
failed, jobs = [], {}

def reap():
    pid, status = os.wait()
    name = jobs.pop(pid)
    if status:
        failed.append(name)

for name in sys.argv[1:]:
    if len(jobs) >= (os.cpu_count() or 2):
        reap()
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            __import__(name)
        except BaseException:
            sys.stderr.write(f"--- import {name}\n{traceback.format_exc()}")
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    jobs[pid] = name
while jobs:
    reap()
print("FAILED " + " ".join(sorted(failed)))
"""


def modules() -> dict[str, Path]:
    """Every module of companion: dotted name -> file."""
    out = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of companion it imports, at the top or inside a function (`from a import b`
    counts as importing a.b when that is a module, else a)."""
    mods = modules()

    def known(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {known(a.name) for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the package, `level - 1` packages up
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
                found |= {
                    f"{base}.{a.name}" if f"{base}.{a.name}" in mods else known(base) for a in node.names
                }
        graph[name] = found - {None, name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles: every strongly connected group of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_every_module_of_companion_imports_alone_in_a_fresh_process():
    """`python -c "import companion.cli.doctor_pi"`, and the same for every other module."""
    names = sorted(modules())
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    res = subprocess.run(
        [sys.executable, "-c", _FORKER, *names],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert res.returncode == 0, res.stderr[-3000:]
    failed = res.stdout.strip().splitlines()[-1].removeprefix("FAILED").split()
    assert failed == [], f"{failed} do not import alone:\n{res.stderr[-3000:]}"
    assert len(names) > 150 and "companion.cli.doctor_pi" in names  # the walk found the package


def test_no_module_of_companion_is_in_an_import_cycle():
    """Every module of companion, the games' packages included, imports in one direction (imports inside
    functions count: a cycle entered from the wrong end fails)."""
    graph = import_graph()
    assert len(graph) > 150 and any(
        m.startswith("companion.games.masters.rules.") for m in graph
    )  # the whole tree
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle_through_a_function_level_import():
    """The walk sees imports inside functions (the doctor cycle hid in them) and reports the cycle."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    walked = import_graph()
    # companion.storage.faults.StorageFault.of imports nothing from sqlitedb any more; sqlitedb imports faults
    assert "companion.storage.faults" in walked["companion.storage.sqlitedb"]
    assert "companion.storage.sqlitedb" not in walked["companion.storage.faults"]


# The layers, lowest first (docs/architecture.md, "Layers"). A module may import its own layer and
# the ones below, never one above. A name is a module and everything under it (the longest name
# wins); "=" marks the module alone. Every folder sits in one layer (`test_every_folder_is_one_layer`).
# The games' catalog (`companion/plugins/`) is at the
# bottom, `GamePlugin` (companion/games/__init__.py, whose defaults read a data file and a catalog) with
# the game data. A game's package (companion/games/<pkg>/...) is at the level of what it uses: its
# `rules/` the rules' layer; its plugin class (its `__init__`) and the rest are its own, and shared
# code never imports them (it asks the catalog for the game's GamePlugin).
LAYERS = (
    ("companion.errors", "companion.records", "companion.palette", "companion.paths", "companion.plugins"),
    ("companion.rules",),
    ("companion.inputs", "companion.i18n"),
    (
        "companion.storage",
        "companion.gamedata",
        "companion.narration",
        "companion.lighting",
        "companion.hal",
        "companion.vision",
        "companion.games=",
    ),
    ("companion.gameline", "companion.runtime", "companion.controllers"),
    ("companion.ui",),
    ("companion.web", "companion.app"),
    ("companion.cli", "companion.__main__", "companion=", "companion.testing"),
)
GAMES = "companion.games."


def layer(module: str, layers=LAYERS) -> int | None:
    """The layer (0: the lowest) of `module`, or None when no layer names it."""
    best = None
    for rank, names in enumerate(layers):
        for name in names:
            if name.endswith("="):
                if module == name[:-1]:
                    return rank
            elif (module == name or module.startswith(name + ".")) and (best is None or len(name) > best[1]):
                best = (rank, len(name))
    return best[0] if best else None


def game_part(module: str) -> str | None:
    """For a module of a game's package: "plugin" (its __init__, the GamePlugin class), "rules"
    (rules/...) or "other"; None for a module outside the games' packages."""
    if not module.startswith(GAMES):
        return None
    parts = module[len(GAMES) :].split(".")
    return "plugin" if len(parts) == 1 else "rules" if parts[1] == "rules" else "other"


def upward(graph: dict[str, set[str]], layers=LAYERS) -> list[str]:
    """Every import that breaks the layers, as "a (layer) -> b (layer)" lines; a module no layer names
    is listed too (a new package must be placed)."""

    def rank(module: str) -> int | None:
        return 1 if game_part(module) == "rules" else layer(module, layers)

    wrong = []
    for module, imports in sorted(graph.items()):
        own = game_part(module)
        if own in (
            "plugin",
            "other",
        ):  # a game's class, screens, words: checked for cycles, and by the rule below
            continue
        if rank(module) is None:
            wrong.append(f"{module}: in no layer")
            continue
        for target in sorted(imports):
            if own is None and game_part(target) in ("plugin", "rules", "other"):
                wrong.append(f"{module} -> {target}: shared code imports a game's own module")
            elif rank(target) is None or rank(target) > rank(module):  # a game's "other" module: no rank
                wrong.append(f"{module} ({rank(module)}) -> {target} ({rank(target)})")
    return wrong


def test_every_import_goes_down_the_layers():
    """Lower layers never import higher ones: storage, the game data, the HAL, the runtime and the
    controllers never import `ui`; nothing but the app and the CLI imports the web side; only the CLI,
    the top, may import everything (cli/run.py builds the UI, doctor plays the table's chime)."""
    assert upward(import_graph()) == []


def test_the_layer_check_fails_on_an_upward_import():
    """Break the property once: a storage module importing the UI, a shared module importing a game's
    screens, an unplaced package and a game's rules reaching into the UI are each reported."""
    graph = {
        "companion.storage.x": {"companion.ui.words", "companion.i18n"},
        "companion.ui.y": {"companion.storage.x"},
        "companion.gameline": {"companion.games.toy.screens"},
        "companion.newpkg.z": set(),
        "companion.games.toy.rules.engine": {"companion.ui.y", "companion.rules.base"},
        "companion.games.toy.screens": {"companion.ui.y", "companion.games.toy.rules.engine"},
    }
    assert upward(graph) == [
        "companion.gameline -> companion.games.toy.screens: shared code imports a game's own module",
        "companion.games.toy.rules.engine (1) -> companion.ui.y (5)",
        "companion.newpkg.z: in no layer",
        "companion.storage.x (3) -> companion.ui.words (5)",
    ]
    assert layer("companion.web") == 6 and layer("companion.web.hub") == 6 and layer("companion") == 7
    assert layer("companion.plugins") == 0 and layer("companion.games") == 3


# -- folders: the arrows between the packages' folders ------------------------------------------------


def unit(module: str) -> str:
    """The folder a module lives in, as a unit of the folder graph: the top folder under companion/
    ("companion.storage" for companion/storage/journal.py), a game's own package
    ("companion.games.masters"), or the module itself for a file right in companion/."""
    parts = module.split(".")
    if parts[:2] == ["companion", "games"] and len(parts) > 2:
        return ".".join(parts[:3])
    path = modules()[module]
    depth = len(path.relative_to(PACKAGE).parts)
    return ".".join(parts[:2]) if depth > 1 else module


def folder_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Folder -> the folders its modules import (function-level imports included)."""
    out: dict[str, set[str]] = {}
    for module, imports in graph.items():
        out.setdefault(unit(module), set()).update(unit(t) for t in imports)
    return {k: v - {k} for k, v in out.items()}


def mixed_folders(graph: dict[str, set[str]], layers=LAYERS) -> list[str]:
    """The folders (not a game's package) whose modules sit in more than one layer."""
    by_folder: dict[str, set] = {}
    for module in graph:
        if game_part(module) is None:
            by_folder.setdefault(unit(module), set()).add(layer(module, layers))
    return sorted(f"{f}: layers {sorted(r, key=str)}" for f, r in by_folder.items() if len(r) > 1)


def test_every_folder_is_one_layer():
    """A folder is one layer: no package keeps a module that sits higher or lower than the rest of it
    (the games' catalog once sat in games/ beside the games, the web's address parser in web/)."""
    assert mixed_folders(import_graph()) == []


def test_no_folder_imports_upward():
    """The folders import in one direction: collapsed to its folders (a game's package counts as its
    own), the import graph has no cycle, so no lower folder imports a higher one."""
    folders = folder_graph(import_graph())
    assert "companion.games.masters" in folders and "companion.storage" in folders
    assert cycles(folders) == []


def test_the_folder_check_fails_on_an_upward_folder_arrow():
    """Break it once: a catalog kept in games/ that the rules import, while a game there imports the rules."""
    graph = {
        "companion.games.masters.rules.game": {"companion.rules.base"},
        "companion.rules.base": {"companion.errors"},
        "companion.rules": {"companion.games.masters"},
        "companion.games.masters": {"companion.games.masters.rules.game"},
        "companion.errors": set(),
    }
    assert cycles(folder_graph(graph)) == [["companion.games.masters", "companion.rules"]]
    assert mixed_folders(
        {"companion.web": set(), "companion.web.hub": set()}, layers=(("companion.web=",), ("companion.web",))
    ) == ["companion.web: layers [0, 1]"]
