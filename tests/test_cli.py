"""The entry point: dispatch, exit codes, one-line errors."""

from companion import cli, config


def test_help_lists_every_command(capsys):
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in cli.COMMANDS:
        assert name in out


def test_unknown_command_is_usage_error(capsys):
    assert cli.main(["frobnicate"]) == 2
    assert "unknown command" in capsys.readouterr().err


def test_config_default_round_trips(capsys):
    assert cli.main(["config", "--default"]) == 0
    text = capsys.readouterr().out
    cfg = config.loads(text)
    assert cfg.leds.lights["district.C3"].start == 72
    assert cfg.buttons.pins["district.A1"] == "GPIO17"


def test_bad_config_names_file_line_field(tmp_path, capsys):
    bad = tmp_path / "c.toml"
    bad.write_text("[leds]\ndriver = \"spi\"\nbrightness = 1.5\n")
    assert cli.main(["config", "--check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:3:" in err and "leds.brightness" in err


def test_config_overlapping_pixels_refused(tmp_path):
    import pytest

    from companion.errors import DataFileError

    text = config.DEFAULT_TOML.replace('"veil.0" = { strip = "main", start = 81', '"veil.0" = { strip = "main", start = 80')
    with pytest.raises(DataFileError) as exc:
        config.loads(text, "x.toml")
    assert "already used" in str(exc.value) and exc.value.line is not None


def test_games_lists_the_five_games(capsys):
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    for gid in ("masters", "nosferatu", "mansion", "one-night", "strigoi"):
        assert gid in out


def test_play_setup_naming_no_game_is_refused_with_its_line(tmp_path, capsys):
    script = tmp_path / "s.jsonl"
    for game in ('[]', '{"x": 1}', '7', '"chess"'):
        script.write_text('{"cmd": "setup", "game": ' + game + ', "players": 5, "seed": 1}\n')
        assert cli.main(["play", "--script", str(script)]) == 1
        err = capsys.readouterr().err
        assert f"{script}:1: refused 'setup'" in err and "unknown game" in err


def test_unclosed_quote_names_the_line_it_starts_on(tmp_path, capsys):
    bad = tmp_path / "c.toml"
    bad.write_text('[display]\nwidth = 800\n\'\nheight = 480\nfps = 30\n')
    assert cli.main(["config", "--check", str(bad)]) == 2
    assert f"{bad}:3:" in capsys.readouterr().err
