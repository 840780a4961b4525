"""Build step: compile the translation catalogs (companion/locale/*/LC_MESSAGES/*.po and each game's,
companion/games/<game>/locale/*/LC_MESSAGES/*.po -> .mo) into the build, never into the source tree.

Everything else lives in pyproject.toml. The .mo files are built, not kept in git, so a wheel or an
sdist-built install on the Pi carries them and the running companion needs no Babel (only the build
does: pyproject.toml's build-system requires it). They are written beside the copied .po files in
the build folder: a build run as root (the installer) leaves nothing of its own in a checkout, and a
checkout's catalogs for `make run` come from `make mo`, as its user (issue #36).
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


def compile_catalogs(source: Path, target: Path) -> list[Path]:
    """Write a .mo under `target` for every .po of a locale folder under source/companion (the shared
    one and each game's), at the same relative place; the written paths."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted((source / "companion").glob("**/locale/*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        mo = (target / po.relative_to(source)).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as f:
            write_mo(f, catalog)
        written.append(mo)
    return written


class BuildWithCatalogs(build_py):
    """build_py that compiles the catalogs into the build folder after copying the package.

    An editable install (`pip install -e`, what `make` does) runs from the source tree, whose
    catalogs `make mo` compiles: nothing is compiled for it here."""

    def run(self):
        """Copy the package, then write the compiled catalogs beside its .po files."""
        super().run()
        if not getattr(self, "editable_mode", False):
            compile_catalogs(Path(__file__).parent, Path(self.build_lib))


setup(cmdclass={"build_py": BuildWithCatalogs})
