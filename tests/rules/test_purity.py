"""The rules engines are pure, for every game of the catalog: no I/O, no clock, no hardware, no global
randomness.

An `ast` scan of every module of the shared core (`companion/rules/**`) and of each game's rules
package (the package its engine lives in, found through the catalog: a game's plugin is scanned too)
- imports at module level and inside functions, calls to `open`, file reads and writes, module-level
`random` - plus one subprocess that imports every game's rules and checks what came along. No module
there imports the I/O edge: a game's data is read by its plugin's loader (`GamePlugin.load`,
or the generic `companion.gamedata.loader.load_data`), outside its rules, which
`GamePlugin.engine` calls when a game is made.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import companion.plugins as catalog
import companion.rules
from companion.gamedata import tomlfile
from companion.gamedata.loader import data_file
from companion.games import GamePlugin
from companion.rules import load_game

RULES = Path(companion.rules.__file__).resolve().parent


def rules_package(game) -> str:
    """The package a game's engine lives in: its pure rules."""
    return game.engine_class().__module__.rpartition(".")[0]


def rules_folder(game) -> Path:
    """The folder of a game's rules package."""
    return Path(importlib.import_module(rules_package(game)).__file__).parent


# stdlib and third-party modules the pure core never imports (the top-level name is enough)
FORBIDDEN = frozenset(
    {
        "pygame",
        "gpiozero",
        "serial",
        "sqlite3",
        "time",
        "datetime",
        "os",
        "pathlib",
        "io",
        "socket",
        "subprocess",
        "threading",
        "tomllib",
    }
)
# our own I/O edge: the loader, the folders, the file reader (a type-only import of these is fine)
EDGE = frozenset({"companion.gamedata.loader", "companion.paths", "companion.gamedata.tomlfile"})
LOADER = "companion.gamedata.loader"
FILE_METHODS = frozenset({"read_text", "write_text", "read_bytes", "write_bytes"})


def _parents(tree: ast.AST) -> dict[int, ast.AST]:
    """id(node) -> its parent node, for every node of the tree."""
    return {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _ancestors(node: ast.AST, parents: dict[int, ast.AST]) -> list[ast.AST]:
    """The nodes enclosing `node`, innermost first."""
    out = []
    while id(node) in parents:
        node = parents[id(node)]
        out.append(node)
    return out


def _type_checking_only(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """True if `node` sits in an `if TYPE_CHECKING:` block (it never runs)."""
    for up in _ancestors(node, parents):
        test = up.test if isinstance(up, ast.If) else None
        if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
            return True
        if isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING":
            return True
    return False


def _imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    """Full names a statement imports (`from companion import paths` counts as companion.paths)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    module = node.module or ""
    if module == "companion":
        return [f"companion.{a.name}" for a in node.names]
    return [module]


def _import_problems(node: ast.Import | ast.ImportFrom, parents: dict[int, ast.AST]) -> list[str]:
    """What one import statement brings in that the pure core must not."""
    out = []
    for name in _imported(node):
        top = name.split(".")[0]
        if top in FORBIDDEN:
            out.append(f"imports {name}")
        elif name in EDGE and not _type_checking_only(node, parents):
            out.append(f"imports {name}")
    if isinstance(node, ast.ImportFrom) and node.module == "random":
        out.extend(f"imports {a.name} from random" for a in node.names if a.name != "Random")
    return out


def _random_aliases(tree: ast.AST) -> set[str]:
    """Names the module `random` is bound to (`import random`, `import random as rnd`)."""
    return {
        a.asname or a.name
        for n in ast.walk(tree)
        if isinstance(n, ast.Import)
        for a in n.names
        if a.name == "random"
    }


def _call_problems(node: ast.Call) -> list[str]:
    """I/O or unseeded randomness done by one call."""
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if isinstance(func, ast.Name) and name == "open":
        return ["calls open()"]
    if isinstance(func, ast.Attribute) and name in FILE_METHODS:
        return [f"calls .{name}()"]
    if name in ("__import__", "import_module") and node.args and isinstance(node.args[0], ast.Constant):
        target = str(node.args[0].value)
        if target.split(".")[0] in FORBIDDEN or target in EDGE:
            return [f"imports {target} dynamically"]
    if name == "Random" and not node.args and not node.keywords:
        return ["calls Random() without a seed"]
    return []


def problems_in(source: str) -> list[str]:
    """Every purity problem of one module's source, as 'line N: what'."""
    tree = ast.parse(source)
    parents = _parents(tree)
    aliases = _random_aliases(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found += [(node.lineno, p) for p in _import_problems(node, parents)]
        elif isinstance(node, ast.Call):
            found += [(node.lineno, p) for p in _call_problems(node)]
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr != "Random"
        ):
            found.append((node.lineno, f"uses the global random.{node.attr}"))
    return [f"line {line}: {what}" for line, what in sorted(found)]


def _rules_modules() -> list[Path]:
    """Every Python module of the shared core (companion/rules) and of every game's rules package."""
    folders = [RULES, *(rules_folder(g) for g in catalog.games().values())]
    return sorted({p for folder in folders for p in folder.rglob("*.py")})


# Exceptions by file name, and why (none now).
ALLOWED: dict[str, set[str]] = {}


def test_purity_every_rules_module_is_free_of_io_clock_hardware_and_global_random():
    files = _rules_modules()
    for game in catalog.games().values():  # every game's rules really are scanned
        assert any(p.parent == rules_folder(game) for p in files), game.id
    problems = [
        f"{p} {msg}"
        for p in files
        for msg in problems_in(p.read_text(encoding="utf-8"))
        if msg.partition(": ")[2] not in ALLOWED.get(p.name, ())
    ]
    assert problems == []


def test_purity_each_game_reads_its_data_outside_its_rules():
    for game in catalog.games().values():
        own_load = type(game).load is not GamePlugin.load
        method = type(game).load if own_load else type(game).parse
        source = inspect.getsource(method)  # the plugin's load (or parse) imports no module of its rules
        assert f"{rules_package(game)}." not in source, game.id
        assert own_load or type(game).parse is not GamePlugin.parse, (
            game.id
        )  # the generic loader needs a parser


def test_purity_importing_every_game_loads_no_io_hardware_or_clock_module():
    packages = [rules_package(g) for g in catalog.games().values()]
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import pkgutil\n"
        f"for name in {packages!r}:\n"
        "    package = __import__(name, fromlist=['_'])\n"
        "    for m in pkgutil.iter_modules(package.__path__, package.__name__ + '.'):\n"
        "        __import__(m.name)\n"
        "print(' '.join(sorted(set(sys.modules) - before)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert {p + ".engine" for p in packages} & loaded or {
        p + ".game" for p in packages
    } & loaded  # really imported
    heavy = {m for m in loaded if m.split(".")[0] in FORBIDDEN or m in EDGE}
    assert heavy == set()


def _parsed(game) -> object:
    """The parsed data a game object holds (`rules` or `data`)."""
    return getattr(game, "rules", None) or game.data


@pytest.mark.parametrize("game_id", [g.id for g in catalog.games().values() if g.data is not None])
def test_purity_a_game_takes_parsed_data_or_reads_a_path_doc_or_dict_through_gamedata(game_id, tmp_path):
    def make_game(data=None):
        return load_game(game_id, data)

    text = data_file(game_id).read_text(encoding="utf-8")
    shipped = _parsed(make_game())
    path = tmp_path / "data.toml"
    path.write_text(text, encoding="utf-8")
    assert _parsed(make_game(path)) == shipped
    assert _parsed(make_game(str(path))) == shipped
    assert _parsed(make_game(tomlfile.loads(text))) == shipped
    assert _parsed(make_game(tomllib.loads(text))) == shipped
    assert _parsed(make_game(shipped)) is shipped
    with pytest.raises(TypeError):
        make_game(42)


BAD_SNIPPETS = [
    *[(f"import {m}\n", f"imports {m}") for m in sorted(FORBIDDEN)],
    *[(f"def f():\n    import {m}\n", f"imports {m}") for m in sorted(FORBIDDEN)],
    ("from os.path import join\n", "imports os.path"),
    ("import serial.tools.list_ports\n", "imports serial.tools.list_ports"),
    ("from companion import paths\n", "imports companion.paths"),
    ("from companion.gamedata.tomlfile import load\n", "imports companion.gamedata.tomlfile"),
    ("from companion.gamedata.loader import load_mansion\n", "imports companion.gamedata.loader"),
    (
        "def helper():\n    from companion.gamedata.loader import load_mansion\n",
        "imports companion.gamedata.loader",
    ),
    ("from random import choice\n", "imports choice from random"),
    ("import random\nx = random.random()\n", "uses the global random.random"),
    ("import random\nrandom.shuffle([])\n", "uses the global random.shuffle"),
    ("import random as rnd\npick = rnd.choice\n", "uses the global random.choice"),
    ("import random\nrng = random.Random()\n", "calls Random() without a seed"),
    ("from random import Random\nrng = Random()\n", "calls Random() without a seed"),
    ("def f(p):\n    return open(p).read()\n", "calls open()"),
    ("def f(p):\n    return p.read_text()\n", "calls .read_text()"),
    ("import importlib\nimportlib.import_module('pygame')\n", "imports pygame dynamically"),
    ("t = __import__('time')\n", "imports time dynamically"),
]


@pytest.mark.parametrize("source, expected", BAD_SNIPPETS)
def test_purity_checker_catches_each_forbidden_thing(source, expected):
    problems = problems_in(source)
    assert len(problems) == 1 and problems[0].endswith(expected), problems


def test_purity_checker_exempts_no_function_from_the_io_edge():
    source = "def make_game(data=None):\n    from companion.gamedata.loader import load_x\n    return load_x(data)\n"
    assert problems_in(source) == ["line 2: imports companion.gamedata.loader"]
    paths = "def make_game(data=None):\n    from companion import paths\n"
    assert problems_in(paths) == ["line 2: imports companion.paths"]


def test_purity_checker_allows_seeded_random_and_type_only_imports():
    source = (
        "from __future__ import annotations\n"
        "import random\n"
        "from random import Random\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from companion.gamedata.tomlfile import TomlDoc\n"
        "def draw(seed: int, doc: TomlDoc, rng: random.Random) -> int:\n"
        "    a = random.Random(f'{seed}:1').randrange(6)\n"
        "    return a + Random(seed).randint(1, 6) + rng.randint(1, 6)\n"
    )
    assert problems_in(source) == []


def test_purity_checker_reports_the_line_of_each_problem():
    source = "import math\n\n\ndef f():\n    import time\n    return open('x')\n"
    assert problems_in(source) == ["line 5: imports time", "line 6: calls open()"]
