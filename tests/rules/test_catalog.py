"""The game descriptors: every path one names resolves to what its registry expects, discovery finds
the five games in their order, and finding them loads no engine, screen or light."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.gamedata.loader import data_file
from companion.rules import catalog, load_game
from companion.rules.base import Engine

IDS = ["masters", "nosferatu", "mansion", "one-night", "strigoi"]


def test_catalog_finds_the_five_games_in_their_order():
    assert list(catalog.games()) == IDS
    assert sorted(catalog.game_ids()) == sorted(IDS)  # the ids the config checks, known without importing


@pytest.mark.parametrize("gid", IDS)
def test_catalog_every_path_a_descriptor_names_resolves(gid):
    g = catalog.info(gid)
    assert load_game(gid).id == gid and issubclass(catalog.resolve(g.engine), Engine)
    assert callable(catalog.bot(gid).choose)
    scene = catalog.resolve(g.scene)
    assert callable(scene.plan) and callable(scene.react)
    for name, where in g.screens.items():
        assert catalog.resolve(where).name == name  # the table keeps base screens by name
    for hook in (g.route, g.wizard, g.setup_fields, g.setup_note, g.start, g.story, g.parse, g.load):
        assert hook is None or callable(catalog.resolve(hook))
    assert g.narration is None or isinstance(catalog.resolve(g.narration), dict)
    if g.data is not None:
        assert data_file(gid).is_file()


def test_catalog_teaching_belongs_to_the_game_whose_box_it_teaches():
    assert [catalog.teacher(k) for k in ("card", "tracker", "districts", "box")] == \
        ["masters", "masters", "masters", "strigoi"]
    assert catalog.teacher("nothing") is None


def test_catalog_finding_the_games_loads_no_engine_screen_light_or_pygame():
    code = ("import sys\nfrom companion.rules import catalog\nbefore = set(sys.modules)\ncatalog.games()\n"
            "print(' '.join(sorted(set(sys.modules) - before)))\n")
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split())
    assert "companion.rules.strigoi" in loaded  # the packages really were looked at
    heavy = {m for m in loaded if m.split(".")[0] == "pygame" or m.startswith(("companion.lighting", "companion.ui"))
             or m.endswith((".engine", ".game", ".bot", ".board"))}
    assert heavy == set()


def test_catalog_a_package_without_a_descriptor_is_named(tmp_path, monkeypatch):
    import companion.rules

    (tmp_path / "stray").mkdir()
    (tmp_path / "stray" / "__init__.py").write_text('"""Not a game."""\n')
    monkeypatch.setattr(companion.rules, "__path__", [*companion.rules.__path__, str(tmp_path)])
    try:
        with pytest.raises(RuntimeError, match=r"companion\.rules\.stray must declare GAME = GameInfo\(id='stray'"):
            catalog.games()
    finally:
        sys.modules.pop("companion.rules.stray", None)


def test_finding_the_games_loads_no_game_data_or_state_module():
    """Finding the games is on the way to the first screen: it imports each game's light `__init__`
    only, not its data or state classes (measured: 21 ms of the cold start when it did)."""
    code = ("import sys; from companion.rules import catalog; catalog.games(); "
            "print(sorted(m for m in sys.modules if m.startswith('companion.rules.') and m.count('.') >= 3))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
