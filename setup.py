"""Build step: compile the translation catalogs (companion/locale/*/LC_MESSAGES/*.po and each game's,
companion/games/<game>/locale/*/LC_MESSAGES/*.po -> .mo).

Everything else lives in pyproject.toml. The .mo files are built, not kept in git, so a wheel or an
sdist-built install on the Pi carries them and the running companion needs no Babel (only the build
does: pyproject.toml's build-system requires it).
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


def compile_catalogs(root: Path) -> list[Path]:
    """Write a .mo next to every .po of a locale folder under root/companion (the shared one and each
    game's); the written paths."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted((root / "companion").glob("**/locale/*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as f:
            write_mo(f, catalog)
        written.append(mo)
    return written


class BuildWithCatalogs(build_py):
    """build_py that compiles the catalogs first, so package-data picks up the .mo files."""

    def run(self):
        compile_catalogs(Path(__file__).parent)
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogs})
