"""One place for config and one for state on an installed Pi, shared by the service and its group."""

import os
import stat

import pytest

from companion import paths
from companion.storage.journal import Journal
from tests.deploy.fakesys import REPO


@pytest.fixture
def system(tmp_path, monkeypatch):
    """A machine set up by the installer: the system places live under tmp_path, no overrides set."""
    etc, var = tmp_path / "etc" / "companion", tmp_path / "var" / "lib" / "companion"
    monkeypatch.setattr(paths, "SYSTEM_CONFIG_DIR", etc)
    monkeypatch.setattr(paths, "SYSTEM_STATE_DIR", var)
    monkeypatch.delenv("COMPANION_CONFIG_DIR")
    monkeypatch.delenv("COMPANION_STATE_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home" / ".config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "home" / ".local" / "state"))
    return etc, var


def test_installed_pi_uses_the_system_places_by_default(system, tmp_path):
    etc, var = system
    assert paths.config_dir() == tmp_path / "home" / ".config" / "companion"  # no install yet: XDG
    etc.mkdir(parents=True)  # what the installer makes
    assert paths.config_file() == etc / "config.toml"
    assert paths.journal_file() == var / "journal.sqlite3"


def test_overrides_still_win_on_an_installed_pi(system, monkeypatch, tmp_path):
    etc, _ = system
    etc.mkdir(parents=True)
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "elsewhere"))
    assert paths.config_dir() == tmp_path / "elsewhere"


def test_the_unit_and_the_commands_name_the_same_places():
    unit = (REPO / "systemd" / "companion.service").read_text()
    assert f"Environment=COMPANION_CONFIG_DIR={paths.SYSTEM_CONFIG_DIR}\n" in unit
    assert f"Environment=COMPANION_STATE_DIR={paths.SYSTEM_STATE_DIR}\n" in unit
    assert f"WorkingDirectory={paths.SYSTEM_STATE_DIR}\n" in unit


def _mode(p):
    return stat.S_IMODE(os.stat(p).st_mode)


def test_shared_places_are_group_readable_and_writable(system, tmp_path):
    etc, var = system
    etc.mkdir(parents=True)
    paths.write_private(etc / "masters" / "taught.toml", "x = 1\n")
    assert _mode(etc / "masters") == 0o2770 and _mode(etc / "masters" / "taught.toml") == 0o660
    with Journal(paths.journal_file()):
        pass
    assert _mode(var) == 0o2770 and _mode(var / "journal.sqlite3") & 0o770 == 0o660
    # a user's own places stay private
    home = tmp_path / "home" / "private"
    paths.write_private(home / "f.toml", "x = 1\n")
    assert _mode(home) == 0o700 and _mode(home / "f.toml") == 0o600


def test_shared_umask_lets_the_group_write_sqlite_side_files(system):
    etc, _ = system
    old = os.umask(0o022)
    try:
        paths.use_shared_umask()
        assert os.umask(0o022) == 0o022  # no install: unchanged
        etc.mkdir(parents=True)
        paths.use_shared_umask()
        assert os.umask(0o022) == 0o007  # group may write, others get nothing
    finally:
        os.umask(old)


def test_every_command_gets_the_shared_umask_on_an_installed_pi(system):
    from companion import cli

    etc, _ = system
    etc.mkdir(parents=True)
    old = os.umask(0o022)
    try:
        assert cli.main(["games"]) == 0
        assert os.umask(0o022) == 0o007
    finally:
        os.umask(old)


def _locked(monkeypatch, folder):
    """Behave as for a user outside the service's group: entering `folder` is refused.

    (Tests may run as root, which ignores modes, so the refusal is simulated where Python meets it.)
    """
    from pathlib import Path

    real_exists, real_access = Path.exists, os.access

    def exists(self, *a, **k):
        if str(self).startswith(str(folder) + "/"):
            raise PermissionError(13, "Permission denied", str(self))
        return real_exists(self, *a, **k)

    monkeypatch.setattr(Path, "exists", exists)
    monkeypatch.setattr(
        os.path, "exists", lambda p: False if str(p).startswith(str(folder) + "/") else real_exists(Path(p))
    )
    monkeypatch.setattr(
        os, "access", lambda p, m, **k: not str(p).startswith(str(folder)) and real_access(p, m, **k)
    )


def test_a_user_outside_the_group_is_told_to_join_not_shown_a_traceback(system, monkeypatch, capsys):
    from companion import cli
    from companion.gamedata import config

    etc, _ = system
    etc.mkdir(parents=True)
    (etc / "config.toml").write_text("")
    _locked(monkeypatch, etc)
    with pytest.raises(config.DataFileError) as exc:
        config.load()
    assert "sudo usermod -aG companion" in str(exc.value)
    assert cli.main(["hw-test", "--backend", "mock", "--lights-only"]) == 2
    err = capsys.readouterr().err
    assert "usermod -aG companion" in err and "PermissionError" not in err


def test_doctor_outside_the_group_names_the_fix(system, monkeypatch, tmp_path):
    from companion.cli import doctor
    from tests.cli.test_doctor import FakeProbe, _by_name, _pi

    etc, var = system
    etc.mkdir(parents=True)
    (etc / "config.toml").write_text("")
    root = _pi(tmp_path / "root", unit_dirs=(etc, var))

    class Outsider(FakeProbe):
        def access(self, path, mode):
            return os.access(path, mode)

    _locked(monkeypatch, etc)
    checks = _by_name(doctor.run_checks(Outsider(root, groups=doctor.GROUPS)))
    assert checks["places"].status is doctor.Status.FAIL and checks["places"].fix.startswith(
        "sudo usermod -aG companion pi"
    )
    assert checks["config"].fix.startswith("sudo usermod -aG companion pi")
