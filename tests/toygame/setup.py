"""Counter Race's build step: its catalogs (.po, in git) compiled to the .mo files gettext reads, in
the build folder beside the copied package data (never in the source tree), so an installed Counter
Race speaks German without Babel and a build leaves its checkout as it was."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent
DOMAIN = "nightwatch-counter-race"


class CompileCatalogs(build_py):
    """build_py that then compiles the package's catalogs into the build folder."""

    def run(self):
        """Copy the package, then write each .mo beside its copied .po."""
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the source tree, whose catalogs `make mo` compiles
        for po in sorted((HERE / "counter_race" / "locale").glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
            mo = (Path(self.build_lib) / po.relative_to(HERE)).with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as f, mo.open("wb") as out:
                write_mo(out, read_po(f))


setup(cmdclass={"build_py": CompileCatalogs})
