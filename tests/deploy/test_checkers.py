"""The checkers run in CI before the tests (`.ci/run`: `make check`, then `make test`): ruff lints and
checks the format at 110 columns, mypy checks the typed packages, all configured in pyproject.toml;
`make test` runs the suite on every core (pytest-xdist)."""

import re
import tomllib

from tests import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _recipe(target: str) -> list[str]:
    """The command lines of a Makefile target."""
    text = (ROOT / "Makefile").read_text()
    body = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", text, re.M)
    assert body, f"the Makefile has no {target} target"
    return [line.strip() for line in body.group(1).splitlines()]


def test_ci_runs_the_checkers_before_the_tests():
    steps = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert "make check" in steps and "make test" in steps
    assert steps.index("make check") < steps.index("make test")


def test_make_check_runs_ruff_lint_and_format_and_mypy():
    recipe = " ; ".join(_recipe("check"))
    for command in ("ruff check .", "ruff format --check .", "mypy"):
        assert command in recipe, recipe


def test_the_checkers_are_configured_in_pyproject_and_installed_with_dev():
    assert PYPROJECT["tool"]["ruff"]["line-length"] == 110
    assert PYPROJECT["tool"]["mypy"]["files"], "mypy needs the packages it checks"
    dev = " ".join(PYPROJECT["project"]["optional-dependencies"]["dev"])
    for tool in ("ruff", "mypy", "pytest-xdist"):
        assert re.search(rf"\b{tool}\b", dev), f"{tool} is not in the dev extra"


def test_every_package_mypy_checks_exists():
    missing = [f for f in PYPROJECT["tool"]["mypy"]["files"] if not (ROOT / f).exists()]
    assert missing == []


def test_make_test_runs_in_parallel():
    assert any(re.search(r"-m pytest -n \S+", line) for line in _recipe("test")), _recipe("test")


def test_every_module_is_formatted_and_no_line_is_allowed_over_the_limit():
    """No module is left out of the formatter and none may keep long lines: a module that formatting
    would push over the 500-line cap is split instead (tests/test_layout.py)."""
    ruff = PYPROJECT["tool"]["ruff"]
    assert ruff.get("format", {}).get("exclude", []) == []
    assert {f for f, rules in ruff["lint"]["per-file-ignores"].items() if "E501" in rules} == set()
