"""`pip install .` ships every game whole: its package, data files, catalogs (compiled by the build)
and page, and the entry points that register it; and no build of the repository's distributions
warns of anything (issue #36: setuptools' "project.license as a TOML table is deprecated ... By
2027-Feb-18 ... your builds will no longer be supported", the toy game's "Package would be ignored").

Each distribution (the companion, tests/toygame) is built as the installer's pip builds it: `pip
wheel --no-deps -v` with build isolation, so the build gets the newest setuptools>=77 and Babel from
PyPI, as a fresh Pi does, and the warnings a future setuptools prints show up here first. The build
runs over a copy of the source without any .mo file; the wheel is then unpacked and imported on its
own. Without PyPI (offline) the builds cannot get their build requirements: the tests skip, saying so.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from companion.plugins import games

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "toygame"
WARNING = re.compile(r"deprecat|would be ignored|BuildBackendWarning", re.I)
OFFLINE = (
    "NewConnectionError",
    "Network is unreachable",
    "Temporary failure in name resolution",
    "No matching distribution found for setuptools",
    "Could not find a version that satisfies the requirement setuptools",
)
NO_BUILD = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo", "build", "*.egg-info")


def pip_wheel(src: Path, out: Path) -> str:
    """Build `src` into a wheel in `out` as pip does for an install; pip's whole (verbose) output.
    Skips the test when PyPI cannot be reached for the build requirements."""
    res = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "--no-cache-dir", "-w", str(out), str(src)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PIP_NO_INPUT": "1"},
    )
    text = res.stdout + res.stderr
    if res.returncode != 0 and any(word in text for word in OFFLINE):
        pytest.skip(
            "the build needs PyPI for setuptools>=77 and Babel (build isolation), and PyPI cannot be reached"
        )
    assert res.returncode == 0, text[-4000:]
    return text


def source_copy(base: Path, folder: Path, files: tuple[str, ...], package: str) -> Path:
    """A copy of a distribution's source (`package` folder and `files`) without build output or .mo files."""
    src = base / "src"
    shutil.copytree(folder / package, src / package, ignore=NO_BUILD)
    for name in files:
        shutil.copy(folder / name, src / name)
    return src


def unpack(wheels: Path, into: Path) -> Path:
    """The one wheel in `wheels`, unpacked into `into`."""
    (wheel,) = wheels.glob("*.whl")
    with zipfile.ZipFile(wheel) as z:
        z.extractall(into)
    return into


@pytest.fixture(scope="module")
def companion_build(tmp_path_factory):
    """(source copy, unpacked wheel, pip's output) of the companion's build."""
    base = tmp_path_factory.mktemp("companion-build")
    src = source_copy(base, ROOT, ("setup.py", "pyproject.toml", "README.md", "LICENSE"), "companion")
    out = pip_wheel(src, base / "wheels")
    return src, unpack(base / "wheels", base / "lib"), out


@pytest.fixture(scope="module")
def toy_build(tmp_path_factory):
    """(source copy, unpacked wheel, pip's output) of the toy game's build (a plugin's own distribution)."""
    base = tmp_path_factory.mktemp("toy-build")
    src = source_copy(base, TOY, ("setup.py", "pyproject.toml", "LICENSE"), "counter_race")
    out = pip_wheel(src, base / "wheels")
    return src, unpack(base / "wheels", base / "lib"), out


def test_a_built_package_ships_every_games_files_catalogs_and_entry_points(companion_build, tmp_path):
    src, lib, _out = companion_build
    built = {p.relative_to(lib).as_posix() for p in lib.rglob("*") if p.is_file()}
    assert "companion/locale/de/LC_MESSAGES/companion.mo" in built  # compiled by the build, not copied
    for game in games().values():
        if not game.package.startswith("companion."):
            continue  # a plugin installed beside ours (the toy game): its own build ships its files
        folder = Path(game.folder())
        rel = folder.relative_to(ROOT).as_posix()
        shipped = [p for p in folder.rglob("*") if p.is_file() and p.suffix in (".toml", ".po", ".md")]
        assert shipped, game.id
        missing = [
            p.relative_to(ROOT).as_posix() for p in shipped if p.relative_to(ROOT).as_posix() not in built
        ]
        assert missing == [], game.id
        assert f"{rel}/locale/de/LC_MESSAGES/{game.domain}.mo" in built, game.id
    (info,) = lib.glob("*.dist-info")
    text = (info / "entry_points.txt").read_text()
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"][
        "nightwatch.games"
    ]
    assert all(f"{name} = {value}" in text for name, value in declared.items())

    # the built copy on its own finds its games through its own metadata and speaks their German
    env = dict(os.environ, PYTHONPATH=str(lib), COMPANION_LANG="de")
    code = (
        "import companion, companion.plugins as c, companion.i18n as i; i.set_language('de'); "
        "print(companion.__file__); print(' '.join(c.games())); print(i._('pass the stake'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path, env=env
    )
    where, ids, german = out.stdout.splitlines()
    assert Path(where).is_relative_to(lib) and ids.split() == list(games()) and german == "Pflock weitergeben"


@pytest.mark.parametrize("which", ["companion", "toy"])
def test_a_build_compiles_catalogs_into_the_build_not_the_source(which, companion_build, toy_build):
    src, lib, _out = companion_build if which == "companion" else toy_build
    package = src / ("companion" if which == "companion" else "counter_race")
    assert (
        sorted(p.relative_to(src).as_posix() for p in package.rglob("*.mo")) == []
    )  # none beside the .po files
    assert list(lib.rglob("*.mo")), "the wheel carries the compiled catalogs"


@pytest.mark.parametrize("which", ["companion", "toy"])
def test_a_build_prints_no_deprecation_or_ignored_package_warning(which, companion_build, toy_build):
    _src, _lib, out = companion_build if which == "companion" else toy_build
    assert [line.strip() for line in out.splitlines() if WARNING.search(line)] == []


@pytest.mark.parametrize("which", ["companion", "toy"])
def test_every_distribution_declares_its_licence_the_pep_639_way(which, companion_build, toy_build):
    folder = ROOT if which == "companion" else TOY
    doc = tomllib.loads((folder / "pyproject.toml").read_text())
    assert doc["project"]["license"] == "MIT" and doc["project"]["license-files"] == ["LICENSE*"]
    assert "setuptools>=77" in doc["build-system"]["requires"]
    assert (folder / "LICENSE").is_file()
    _src, lib, _out = companion_build if which == "companion" else toy_build
    (info,) = lib.glob("*.dist-info")
    metadata = (info / "METADATA").read_text()
    assert (
        "License-Expression: MIT" in metadata.splitlines()
        and "License-File: LICENSE" in metadata.splitlines()
    )


def test_the_toy_games_data_folders_are_in_its_wheel(toy_build):
    _src, lib, _out = toy_build
    built = {p.relative_to(lib).as_posix() for p in lib.rglob("*") if p.is_file()}
    assert {
        "counter_race/data/rules.toml",
        "counter_race/locale/de/LC_MESSAGES/nightwatch-counter-race.po",
        "counter_race/locale/de/LC_MESSAGES/nightwatch-counter-race.mo",
    } <= built
