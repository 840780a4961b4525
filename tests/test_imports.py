"""Layers without cycles (issue #25, point 5): every module of companion imports alone, and the seams
of the shell (the doctor family, gameline and storage, runtime, controllers, the HAL) import in one
direction only, function-level imports included."""

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
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
                found |= {f"{base}.{a.name}" if f"{base}.{a.name}" in mods else known(base) for a in node.names}
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


# The shell's seams (this stage): none of these may be part of an import cycle. The rest of the tree
# (ui/, the rules' catalog, i18n and the words) is the next stage's.
SEAMS = ("companion.app", "companion.gameline", "companion.cli.doctor", "companion.storage", "companion.runtime",
         "companion.controllers", "companion.hal")


def test_every_module_of_companion_imports_alone_in_a_fresh_process():
    """`python -c "import companion.cli.doctor_pi"`, and the same for every other module."""
    names = sorted(modules())
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    res = subprocess.run([sys.executable, "-c", _FORKER, *names], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    failed = res.stdout.strip().splitlines()[-1].removeprefix("FAILED").split()
    assert failed == [], f"{failed} do not import alone:\n{res.stderr[-3000:]}"
    assert len(names) > 150 and "companion.cli.doctor_pi" in names  # the walk found the package


def test_the_shells_seams_are_in_no_import_cycle():
    """The doctor family, gameline and the session, storage, runtime, controllers, the HAL and the app
    import in one direction (function-level imports count: a cycle entered from the wrong end fails)."""
    found = [group for group in cycles(import_graph()) if any(m.startswith(SEAMS) for m in group)]
    assert found == []


def test_the_cycle_finder_finds_a_cycle_through_a_function_level_import():
    """The walk sees imports inside functions (the doctor cycle hid in them) and reports the cycle."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    walked = import_graph()
    # companion.storage.faults.StorageFault.of imports nothing from sqlitedb any more; sqlitedb imports faults
    assert "companion.storage.faults" in walked["companion.storage.sqlitedb"]
    assert "companion.storage.sqlitedb" not in walked["companion.storage.faults"]


# Lower layers never import companion.ui (pygame screens, their words and sounds): the storage, the
# runtime parts, the controllers, the HAL and the game data. Listed: those that still do, with why.
LOWER = ("companion.storage", "companion.runtime", "companion.controllers", "companion.hal", "companion.gamedata",
         "companion.gameline", "companion.cli.doctor")
STILL_IMPORTING_UI = {
    # the rule's words (companion/ui/words.py, no pygame) for a refused scenario line; the words lookup
    # leaves ui/ in the next stage, with the games' own words (issue #25, points 2 and 5)
    "companion.runtime.sources": {"companion.ui.words"},
    # the phase's words for the resume offer's line and `journal list` (likewise)
    "companion.gameline": {"companion.ui.words"},
    # doctor plays the table's own chime (companion/ui/sound.py's synthesiser) to test the speaker
    "companion.cli.doctor_sound": {"companion.ui.sound"},
}


def test_lower_layers_never_import_the_ui():
    graph = import_graph()
    found = {m: {i for i in imports if i == "companion.ui" or i.startswith("companion.ui.")}
             for m, imports in graph.items() if m.startswith(LOWER)}
    found = {m: i for m, i in found.items() if i}
    assert found == STILL_IMPORTING_UI
