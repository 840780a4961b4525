"""Fixtures of the command tests (doctor's above all)."""

import pytest


@pytest.fixture
def config_dir(tmp_path):
    """The per-test config folder the top conftest points COMPANION_CONFIG_DIR at, made."""
    d = tmp_path / "config"
    d.mkdir()
    return d
