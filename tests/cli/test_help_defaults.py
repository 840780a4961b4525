"""Help texts say what the commands really do: every `journal` action on `companion --help`, and the
default config, journal and taught-data places as companion/paths.py resolves them (issue 23, point 10)."""

import pytest

from companion import cli, paths

HELP_PATHS = [  # (command, what its help names)
    (["run"], ("config", "journal")),
    (["play"], ("journal",)),
    (["journal"], ("journal",)),
    (["journal", "list"], ("journal",)),
    (["journal", "recover"], ("journal",)),
    (["cards"], ("taught",)),
    (["config"], ("config",)),
    (["doctor"], ("config", "journal")),
    (["hw-test"], ("config",)),
]


def _help(argv, capsys) -> str:
    """The help of `companion <argv>` without white space (argparse wraps long paths, also at their hyphens)."""
    try:
        cli.main([*argv, "--help"])
    except SystemExit:
        pass
    return "".join(capsys.readouterr().out.split())


def test_the_journal_line_names_every_journal_action(capsys):
    from companion.cli.journal import _arguments

    sub = next(a for a in _arguments()._actions if a.dest == "action")
    assert cli.main(["--help"]) == 0
    (line,) = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  journal ")]
    assert set(sub.choices) == {
        "list",
        "export",
        "delete",
        "undo",
        "redo",
        "check",
        "recover",
        "rescue",
        "report",
    }
    assert all(action in line for action in sub.choices), line


@pytest.mark.parametrize("place", ["xdg", "system", "override"])
@pytest.mark.parametrize("argv, named", HELP_PATHS, ids=[" ".join(a) for a, _ in HELP_PATHS])
def test_help_names_the_real_default_places(tmp_path, monkeypatch, capsys, place, argv, named):
    if place != "override":
        monkeypatch.delenv("COMPANION_CONFIG_DIR")
        monkeypatch.delenv("COMPANION_STATE_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    # the installer's places (/etc/companion, /var/lib/companion), moved into the test for every case: on a
    # Pi where the installer ran, /etc/companion exists and would be the default (issue #36)
    monkeypatch.setattr(paths, "SYSTEM_CONFIG_DIR", tmp_path / "etc")
    monkeypatch.setattr(paths, "SYSTEM_STATE_DIR", tmp_path / "var-lib")
    if place == "system":  # made by the installer: its presence marks a system install
        (tmp_path / "etc").mkdir()
    expected = {
        "xdg": (tmp_path / "xdg-config" / "companion", tmp_path / "xdg-state" / "companion"),
        "system": (tmp_path / "etc", tmp_path / "var-lib"),
        "override": (tmp_path / "config", tmp_path / "state"),
    }[place]
    text = _help(argv, capsys)
    wanted = {
        "config": expected[0] / "config.toml",
        "journal": expected[1] / "journal.sqlite3",
        "taught": expected[0],
    }
    for what in named:
        assert str(wanted[what]) in text, (what, text)
    assert "~/." not in text
