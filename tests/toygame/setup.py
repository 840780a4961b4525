"""Counter Race's build step: its catalogs (.po, in git) compiled to the .mo files gettext reads,
before the package data is copied, so an installed Counter Race speaks German without Babel."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LOCALE = Path(__file__).parent / "counter_race" / "locale"


class CompileCatalogs(build_py):
    """build_py that first runs `pybabel compile` over the package's locale folder."""

    def run(self):
        from babel.messages.frontend import CommandLineInterface

        CommandLineInterface().run(["pybabel", "-q", "compile", "-d", str(LOCALE), "-D", "nightwatch-counter-race"])
        super().run()


setup(cmdclass={"build_py": CompileCatalogs})
