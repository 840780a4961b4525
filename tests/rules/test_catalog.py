"""The games' catalog: the shipped games register through the `nightwatch.games` entry points as any
plugin would, every GamePlugin answers what its registry expects, finding them loads
no engine, screen or light (nor importlib.metadata), and a plugin that is broken is reported with its
reason and skipped while the rest go on."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

import companion.plugins as catalog
from companion import cli
from companion.games import GamePlugin
from companion.narration.words import refusal_text
from companion.plugins import entrypoints
from companion.rules import load_game
from companion.rules.base import Engine

ROOT = Path(__file__).resolve().parents[2]
DECLARED = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["nightwatch.games"]
IDS = list(catalog.games())


def test_catalog_the_shipped_games_are_the_entry_points_pyproject_declares_in_their_order():
    shipped = [gid for gid, g in catalog.games().items() if g.package.startswith("companion.")]
    assert (
        sorted(shipped) == sorted(DECLARED) and len(DECLARED) >= 5
    )  # (and any plugin installed beside them)
    assert all(catalog.info(gid).package == DECLARED[gid].partition(":")[0] for gid in DECLARED)
    assert all(
        type(catalog.info(gid)).__name__ == DECLARED[gid].partition(":")[2] for gid in DECLARED
    )  # names the class
    orders = [g.order for g in catalog.games().values()]
    assert orders == sorted(orders)
    assert sorted(catalog.game_ids()) == sorted(
        catalog.games()
    )  # the ids the config checks, known without importing
    assert catalog.problems() == ()


@pytest.mark.parametrize("gid", IDS)
def test_catalog_every_game_answers_what_the_companion_asks(gid):
    g = catalog.info(gid)
    assert isinstance(g, GamePlugin)
    assert load_game(gid).id == gid and issubclass(g.engine_class(), Engine)
    assert callable(catalog.bot(gid).choose)
    scene = g.scene()
    assert scene is None or (callable(scene.plan) and callable(scene.react))
    for name, screen in g.screens().items():
        assert screen.name == name  # the table keeps base screens by name
    for name in g.intents:
        assert callable(g.intent(name)), name
    for kind in g.teaching:
        assert g.tool(kind) is not None or kind == "box", kind
    for main, help_line in g.commands().values():
        assert callable(main) and help_line
    assert isinstance(g.narration(), dict)
    for module in (g.words(), g.samples(), g.cards()):
        assert module is None or module.__name__.startswith(g.package + ".")
    if g.data is not None:
        assert Path(g.data_path()).is_file()
    assert Path(g.folder()).is_dir()


def test_catalog_teaching_belongs_to_the_game_whose_box_it_teaches():
    assert [getattr(catalog.teacher(k), "id", None) for k in ("card", "tracker", "districts", "box")] == [
        "masters",
        "masters",
        "masters",
        "strigoi",
    ]
    assert catalog.teacher("nothing") is None


def test_catalog_finding_the_games_loads_no_engine_screen_light_pygame_or_importlib_metadata():
    code = (
        "import sys\nimport companion.plugins as catalog\nbefore = set(sys.modules)\ncatalog.games()\n"
        "print(' '.join(sorted(set(sys.modules) - before)))\n"
    )
    loaded = set(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
    )
    assert {catalog.info(gid).package for gid in IDS} <= loaded  # the descriptors really were imported
    heavy = {
        m
        for m in loaded
        if m.split(".")[0] == "pygame"
        or m.startswith(("companion.lighting", "companion.ui", "importlib.metadata"))
        or (m.endswith((".engine", ".game", ".bot", ".board", ".rules")) and m != "companion.rules")
    }
    assert heavy == set()


def test_finding_the_games_loads_no_game_data_or_state_module():
    """Finding the games is on the way to the first screen: it imports each game's light `__init__`
    only, not its rules, data or state classes (measured: 21 ms of the cold start when it did)."""
    code = (
        "import sys; import companion.plugins as catalog; catalog.games(); "
        "print(sorted(m for m in sys.modules if m.startswith('companion.games.') and m.count('.') >= 3))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_catalog_an_installed_copy_finds_the_games_without_the_source_tree_on_the_path(tmp_path):
    """The venv's own install of this repo (`pip install -e`, as `make` does it) declares the games
    in its dist-info: a process started elsewhere (no repo root, no egg-info on sys.path) finds them."""
    code = "import companion.plugins as c; print(' '.join(c.games()), len(c.problems()))"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path, env=env
    )
    assert out.stdout.split() == [*IDS, "0"]


# -- the entry-point reader ---------------------------------------------------------------------------


def _dist(folder: Path, name: str, text: str, meta: str = ".dist-info") -> Path:
    """A distribution's metadata folder in `folder` with an entry_points.txt of `text`."""
    where = folder / (
        f"{name.replace('-', '_')}-1.0{meta}" if meta == ".dist-info" else f"{name.replace('-', '_')}{meta}"
    )
    where.mkdir(parents=True)
    (where / "entry_points.txt").write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return where


def test_reader_takes_only_its_group_and_the_first_distribution_of_a_name(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    _dist(
        first,
        "pebbles-game",
        """
        [console_scripts]
        pebbles = pebbles_game.cli:main

        [nightwatch.games]
        pebbles = pebbles_game:Pebbles [extra]
        # a comment
        dice = dice_pkg
        """,
    )
    _dist(
        second, "pebbles_game", "[nightwatch.games]\nold = old_pebbles:Pebbles\n"
    )  # an older copy further down
    _dist(second, "other", "[nightwatch.games]\nother = other_pkg:Other\n", meta=".egg-info")
    (second / "not-a-folder.dist-info").write_text("")
    eps = entrypoints.read([str(first), str(tmp_path / "gone"), str(second)])
    assert [(e.name, e.value, e.dist) for e in eps] == [
        ("pebbles", "pebbles_game:Pebbles", "pebbles-game"),
        ("dice", "dice_pkg", "pebbles-game"),
        ("other", "other_pkg:Other", "other"),
    ]
    assert (eps[0].module, eps[0].attr, eps[1].attr) == ("pebbles_game", "Pebbles", "")


def test_reader_reads_our_own_distribution_first(tmp_path):
    _dist(tmp_path, "aardvark-games", "[nightwatch.games]\nmasters = aardvark:Masters\n")
    _dist(tmp_path, entrypoints.HOME, "[nightwatch.games]\nmasters = companion.games.masters:Masters\n")
    assert [e.dist for e in entrypoints.read([str(tmp_path)])] == [entrypoints.HOME, "aardvark-games"]


# -- broken plugins -------------------------------------------------------------------------------------

GOOD = """
from companion.games import GamePlugin


class Pebbles(GamePlugin):
    id = "{id}"
    title = "Pebbles"
    order = 60

    def engine_class(self):
        from pebbles_x.engine import Nothing
        return Nothing
"""
NOENGINE = """
from companion.games import GamePlugin


class Pebbles(GamePlugin):
    id = "noengine"
    title = "Pebbles"
    order = 60
"""
BROKEN = {  # package -> (its __init__.py, the entry point's line, what the report says)
    "gone_pkg": (None, "gone = gone_pkg:Pebbles", "module gone_pkg is not installed"),
    "raising_pkg": (
        "raise RuntimeError('the board is upside down')\n",
        "raising = raising_pkg:Pebbles",
        "importing raising_pkg failed: the board is upside down",
    ),
    "syntax_pkg": ("def (:\n", "syntax = syntax_pkg:Pebbles", "line 1 is not Python"),
    "nogame_pkg": ("X = 1\n", "nogame = nogame_pkg:Pebbles", "nogame_pkg:Pebbles is no GamePlugin class"),
    "misnamed_pkg": (
        GOOD.format(id="pebbles"),
        "misnamed = misnamed_pkg:Pebbles",
        "its class says id pebbles, its entry point misnamed",
    ),
    "clash_pkg": (
        GOOD.format(id="masters"),
        "masters = clash_pkg:Pebbles",
        "the game id masters is taken by nightwatch-companion",
    ),
    "badid_pkg": (
        GOOD.format(id="Bad_Id"),
        "Bad_Id = badid_pkg:Pebbles",
        "the game id Bad_Id is not lower-case words",
    ),
    "noengine_pkg": (NOENGINE, "noengine = noengine_pkg:Pebbles", "the game noengine names no engine"),
}


@pytest.fixture
def broken_plugins(tmp_path, monkeypatch):
    """Eight broken game plugins, each a package and a dist-info folder in one folder on sys.path."""
    site = tmp_path / "site"
    lines = ["[nightwatch.games]"]
    for package, (init, line, _why) in BROKEN.items():
        if init is not None:
            (site / package).mkdir(parents=True)
            (site / package / "__init__.py").write_text(textwrap.dedent(init), encoding="utf-8")
        lines.append(line)
    _dist(site, "broken-games", "\n".join(lines) + "\n")
    monkeypatch.syspath_prepend(str(site))
    yield site
    for package in BROKEN:
        sys.modules.pop(package, None)


def test_broken_plugins_are_each_reported_with_why_and_skipped(broken_plugins):
    found = catalog.problems()
    assert [p.dist for p in found] == ["broken-games"] * len(BROKEN)
    for problem, (_init, line, why) in zip(found, BROKEN.values()):
        assert problem.name == line.split(" = ")[0] and why in refusal_text(problem.why), (problem, why)
    assert list(catalog.games()) == IDS  # the shipped games are all there, the masters one is ours


def test_get_one_game_answers_as_the_whole_discovery_does(broken_plugins, monkeypatch):
    # get() on the way to READY imports only the asked game; it must keep what games() would keep,
    # also where a plugin declares a shipped game's id (clash_pkg says "masters") or is broken.
    monkeypatch.setattr(catalog, "_cache", None)
    asked = [*IDS, *(line.split(" = ")[0] for _init, line, _why in BROKEN.values()), "nope", None]
    alone = {gid: catalog.get(gid) for gid in asked}
    assert "clash_pkg" not in sys.modules  # masters was found in our own distribution's file alone
    whole = catalog.games()
    for gid in asked:
        assert alone[gid] is whole.get(gid), gid  # the very same instance
    assert type(alone["masters"]).__module__ == "companion.games.masters"


def test_home_reads_only_our_own_distribution(tmp_path):
    _dist(tmp_path / "a", "aardvark-games", "[nightwatch.games]\nmasters = aardvark:Masters\n")
    _dist(tmp_path / "b", entrypoints.HOME, "[nightwatch.games]\nmasters = companion.games.masters:Masters\n")
    _dist(tmp_path / "c", entrypoints.HOME, "[nightwatch.games]\nold = old:Old\n")  # an older copy
    path = [str(tmp_path / x) for x in "abc"]
    assert entrypoints.home(path) == entrypoints.read(path)[:1]
    assert entrypoints.home([str(tmp_path / "a")]) == ()


def test_companion_games_names_a_skipped_plugin_and_its_reason_and_fails(broken_plugins, capsys):
    assert cli.main(["games"]) == 1
    out, err = capsys.readouterr()
    assert [line.split()[0] for line in out.splitlines()] == IDS
    assert "companion games: skipped gone (broken-games): module gone_pkg is not installed" in err
    assert err.count("skipped") == len(BROKEN) and "Traceback" not in err and "Error" not in err


def test_doctor_warns_about_each_skipped_plugin_with_its_package(broken_plugins, capsys):
    from companion.cli import doctor
    from companion.cli.doctor_probe import Probe

    checks = [c for c in doctor.check_games(Probe()) if c.name == "games"]
    assert [c.status for c in checks] == [doctor.Status.WARN] * len(BROKEN)
    assert "broken-games: raising skipped: importing raising_pkg failed: the board is upside down" in [
        c.detail for c in checks
    ]
    assert all("broken-games" in c.fix for c in checks)


def test_the_table_starts_with_broken_plugins_installed(broken_plugins, tmp_path):
    import pygame

    from companion.ui.table import TableUI
    from tests.app.helpers import make_app

    app = make_app(tmp_path, ui=TableUI((800, 480)), surface=pygame.Surface((800, 480)))
    app.start()
    app.tick()
    assert [b["id"] for b in app.ui.view_model()["buttons"] if b["id"].startswith("game:")] == [
        f"game:{g}" for g in IDS
    ]


def test_a_plugin_whose_engine_does_not_import_is_refused_in_words_and_reported(
    tmp_path, monkeypatch, capsys
):
    from companion.errors import CommandError

    site = tmp_path / "site"
    (site / "pebbles_x").mkdir(parents=True)
    (site / "pebbles_x" / "__init__.py").write_text(GOOD.format(id="pebbles"), encoding="utf-8")
    _dist(site, "pebbles-x", "[nightwatch.games]\npebbles = pebbles_x:Pebbles\n")
    monkeypatch.syspath_prepend(str(site))
    try:
        assert "pebbles" in catalog.games()
        with pytest.raises(
            CommandError, match="the game pebbles does not load: No module named 'pebbles_x.engine'"
        ):
            load_game("pebbles")
        assert cli.main(["games"]) == 1  # listed, and named as one that cannot be played
        out, err = capsys.readouterr()
        assert (
            "pebbles" in out
            and "companion games: pebbles (pebbles-x) cannot be played: it does not load: " in err
        )
        from companion.cli import doctor
        from companion.cli.doctor_probe import Probe

        (row,) = [c for c in doctor.check_games(Probe()) if c.status is doctor.Status.WARN]
        assert row.detail.startswith("pebbles-x: pebbles cannot be played") and "pebbles-x" in row.fix
        assert [
            c.name for c in doctor.run_checks(Probe()) if c.name == "game-data"
        ]  # the others' data is still checked
    finally:
        sys.modules.pop("pebbles_x", None)


def test_verify_names_what_a_game_lacks(monkeypatch):
    game = catalog.info(IDS[0])
    assert catalog.verify(game) is None and catalog.unplayable() == ()
    from companion.records import Named

    monkeypatch.setattr(type(game), "engine_class", lambda self: Named)
    assert "lacks setup, apply" in catalog.verify(game)
    other = catalog.info(IDS[1])
    monkeypatch.setattr(type(other), "engine_class", lambda self: load_game(IDS[2]).__class__)
    assert "says id" in catalog.verify(other)
    monkeypatch.undo()
    import companion.errors

    monkeypatch.setattr(type(game), "bot", lambda self: companion.errors)
    assert "no choose" in catalog.verify(game)


def test_discovery_follows_sys_path(broken_plugins, monkeypatch):
    assert len(catalog.problems()) == len(BROKEN)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(broken_plugins)])
    assert catalog.problems() == () and list(catalog.games()) == IDS
