"""`pip install .` ships every game whole: its package, data files, catalogs (compiled by the build)
and page, and the entry points that register it.

The build is run as pip runs it, without the network: setup.py's build_py (which compiles the .po
catalogs to .mo, setup.py) and egg_info (the metadata, entry_points.txt included) over a copy of the
source without any .mo file, with the venv's setuptools. The built tree is then imported on its own
(its metadata first on the path) and must list every game.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from companion.games import games, package_dir

ROOT = Path(__file__).resolve().parents[2]


def _build(tmp_path: Path) -> tuple[Path, Path]:
    """(the built library folder, the folder holding its metadata) of a build of a copy of the source."""
    src = tmp_path / "src"
    shutil.copytree(ROOT / "companion", src / "companion", ignore=shutil.ignore_patterns("__pycache__", "*.mo", "*.pyc"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    lib, meta = tmp_path / "lib", tmp_path / "meta"
    meta.mkdir()
    subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(lib), "egg_info", "--egg-base", str(meta)],
                   cwd=src, check=True, capture_output=True, text=True)
    return lib, meta


def test_a_built_package_ships_every_games_files_catalogs_and_entry_points(tmp_path):
    lib, meta = _build(tmp_path)
    built = {p.relative_to(lib).as_posix() for p in lib.rglob("*") if p.is_file()}
    assert "companion/locale/de/LC_MESSAGES/companion.mo" in built  # compiled by the build, not copied
    for game in games().values():
        if not game.package.startswith("companion."):
            continue  # a plugin installed beside ours (the toy game): its own build ships its files
        folder = Path(package_dir(game))
        rel = folder.relative_to(ROOT).as_posix()
        shipped = [p for p in folder.rglob("*") if p.is_file() and p.suffix in (".toml", ".po", ".md")]
        assert shipped, game.id
        missing = [p.relative_to(ROOT).as_posix() for p in shipped if p.relative_to(ROOT).as_posix() not in built]
        assert missing == [], game.id
        assert f"{rel}/locale/de/LC_MESSAGES/{game.domain}.mo" in built, game.id
    (info,) = meta.glob("*.egg-info")
    text = (info / "entry_points.txt").read_text()
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["nightwatch.games"]
    assert all(f"{name} = {value}" in text for name, value in declared.items())

    # the built copy on its own finds its games through its own metadata and speaks their German
    env = dict(os.environ, PYTHONPATH=os.pathsep.join((str(meta), str(lib))), COMPANION_LANG="de")
    code = ("import companion, companion.games as c, companion.i18n as i; i.set_language('de'); "
            "print(companion.__file__); print(' '.join(c.games())); print(i._('pass the stake'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path, env=env)
    where, ids, german = out.stdout.splitlines()
    assert Path(where).is_relative_to(lib) and ids.split() == list(games()) and german == "Pflock weitergeben"
