"""Shared fixtures: every test runs with private config/state folders and the dummy SDL drivers."""

import json
import os
import sys

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("COMPANION_HAL", "mock")

# Every property test, whatever it sets itself: no per-example deadline (a deadline is a timed unit
# test; speed targets live in benchmarks/) and no "too slow" health check on generating data (both
# fail on a busy 2-core machine, not on a wrong property). The other health checks stay: they catch
# tests that are wrong (a filter that rejects everything, data too large).
settings.register_profile("nightwatch", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("nightwatch")


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path, tmp_path_factory, monkeypatch):
    """Point the config and state folders at a temporary place: tests never touch ~/.config. Rescue
    files and the unsaved status go to a folder of their own (never the machine's /var/tmp or /dev/shm),
    beside tmp_path, which stays as the test made it."""
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("COMPANION_RESCUE_PLACES", str(tmp_path_factory.mktemp("run")))
    yield


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Every test starts in English whatever this machine's locale says (child processes too);
    German tests set COMPANION_LANG=de or call `i18n.set_language("de")` themselves."""
    from companion import i18n

    monkeypatch.setenv("COMPANION_LANG", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# The reliability suite's figures (tests/reliability/conftest.py) are written once per run, into the
# repository (RELIABILITY.md): in a parallel run (pytest-xdist, `make test`) each worker hands its own to
# the controller, which merges them and writes the file alone, so no two processes write it.
RELIABILITY = "tests.reliability.conftest"


def pytest_sessionfinish(session):
    """A worker: its figures go out with its results. The controller, or a run in one process: the report."""
    reliability = sys.modules.get(RELIABILITY)
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["reliability_figures"] = json.dumps(reliability._FIGURES if reliability else {})
    elif reliability is not None:
        reliability.write_report()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """A worker of a parallel run has finished: its reliability figures join the controller's."""
    figures = json.loads(getattr(node, "workeroutput", {}).get("reliability_figures", "{}"))
    if figures:
        import importlib

        importlib.import_module(RELIABILITY).merge(figures)
