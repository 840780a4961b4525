"""Broken taught data never stops a game: a bad record is named (file:line:field) and skipped, a file
that is not TOML is skipped whole; `cards list` and `config --check` name them (issue 23, point 9)."""

import json
from pathlib import Path

import pytest

from companion import cli
from companion.gamedata.loader import TAUGHT_PART, banner_line, taught_problems
from companion.games.masters import teach
from companion.games.masters.loader import load_masters
from tests import SCENARIOS

BAD_CARD = '\n[cards."I-08"]\nred = ["Z9"]\n'  # appended after a good taught card


def _bad_card() -> Path:
    """A taught I-07 (good) and I-08 (a cell off the grid) in the user's cards.toml."""
    teach.save_card_grid("I-07", ["A1", "B2"], ["C1", "C3"], name="Last Crusade")
    path = teach.section_path("cards")
    path.write_text(path.read_text() + BAD_CARD)
    assert path.read_text().splitlines().index('red = ["Z9"]') + 1 == 11  # the line every report names
    return path


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    """`companion ARGV` in this process: (status, stdout, stderr)."""
    status = cli.main(argv)
    out = capsys.readouterr()
    return int(status), out.out, out.err


def test_one_bad_taught_card_is_skipped_and_named_the_rest_is_used():
    path = _bad_card()
    skipped: list = []
    data = load_masters(problems=skipped)
    assert data.card("I-07").source == "taught" and data.card("I-07").red == ("A1", "B2")
    assert data.card("I-08").source == "shipped"  # the shipped example stays in its slot
    [only] = skipped
    assert (only.error.path, only.error.line, only.error.field, only.whole) == (
        str(path),
        11,
        "cards.I-08.red",
        False,
    )
    assert "not on the grid" in only.error.message


def test_cards_list_names_a_bad_card_and_lists_the_rest(capsys):
    path = _bad_card()
    status, out, err = _run(["cards", "list"], capsys)
    assert status == 0
    assert [line for line in out.splitlines() if " I-07 " in line][0].split()[-2:] == ["taught", "-"]
    assert err.splitlines() == [
        f"companion cards: skipped: {path}:11: [cards.I-08.red] red cell 'Z9' is not on the grid (A1 .. C3)"
    ]


def test_a_taught_file_that_is_not_toml_is_skipped_whole_but_cards_list_and_config_check_exit_2(capsys):
    teach.save_district("museum", name="Museum of Night")
    districts = teach.section_path("districts")
    districts.write_text("name = [\n")
    skipped: list = []
    assert load_masters(problems=skipped).district("museum").source == "shipped"
    assert [s.whole for s in skipped] == [True] and skipped[0].error.path == str(districts)
    status, out, err = _run(["cards", "list"], capsys)
    assert status == 2 and "I-01" in out and f"skipped: {districts}:" in err and "TOML syntax error" in err
    status, out, err = _run(["config", "--check"], capsys)
    assert status == 2 and "(the defaults apply)" in out
    assert err.splitlines()[0].startswith(f"companion config: taught data skipped: {districts}:")


def test_config_check_names_every_skipped_piece_of_taught_data(capsys):
    cards = _bad_card()
    box = teach.base_dir() / "strigoi" / "box.toml"
    box.parent.mkdir()
    box.write_text("[strigoi.master]\nexistence = 99\n")
    teach.tags_path().write_text('[tags]\n"04A1B2C3D4E5F6" = "I-07"\n"04A1B2C3D4E5F7" = "not a key"\n')
    status, _out, err = _run(["config", "--check"], capsys)
    assert status == 2
    lines = err.splitlines()
    assert [line.split(": [")[0] for line in lines] == [  # game by game (Masters' tags are its own)
        f"companion config: taught data skipped: {cards}:11",
        f"companion config: taught data skipped: {teach.tags_path()}:3",
        f"companion config: taught data skipped: {box}:2",
    ]
    assert teach.lookup_tag("04A1B2C3D4E5F6") == "I-07"  # the good registration still reads
    assert len(taught_problems("masters")) == 1 and len(taught_problems("strigoi")) == 1


def test_config_check_is_quiet_about_taught_data_that_loads(capsys):
    teach.save_card_grid("I-07", ["A1"], [])
    status, out, err = _run(["config", "--check"], capsys)
    assert status == 0 and err == ""


def test_play_runs_a_scenario_over_a_bad_taught_card_and_says_what_it_skipped(tmp_path):
    """In a real process: the warning reaches stderr (journald under systemd), stdout stays the JSON."""
    import os
    import subprocess
    import sys

    path = _bad_card()
    done = subprocess.run(
        [sys.executable, "-m", "companion", "play", "--script", str(SCENARIOS / "masters.jsonl"), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ),
    )
    assert done.returncode == 0 and json.loads(done.stdout)["game"] == "masters"
    assert (
        f"skipped: {path}:11: [cards.I-08.red] red cell 'Z9'" in done.stderr
        and "Traceback" not in done.stderr
    )


def test_the_demo_runs_over_a_taught_file_that_is_not_toml(capsys, caplog):
    teach.section_path("tracker").parent.mkdir(parents=True)
    teach.section_path("tracker").write_text("\x00 not toml")
    status, _out, err = _run(["run", "--demo", "--headless", "--seed", "3", "--frames", "40"], capsys)
    assert status == 0, err
    assert any("tracker.toml:1: TOML syntax error" in r.getMessage() for r in caplog.records)


def test_the_table_shows_a_banner_while_taught_data_is_skipped_and_drops_it_once_fixed(tmp_path):
    import pygame

    from companion.ui.table import TableUI
    from tests.app.helpers import SETUP, make_app

    path = _bad_card()
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.start(setup=SETUP)
    assert app.session is not None  # the game started over the bad card
    app.clock.advance(1.1)
    app.tick()
    assert app.ui.view_model()["banner"] == [
        "Some taught cards were skipped."
    ]  # the file and line: behind Details
    why = "taught data skipped: cards.toml:11 red cell 'Z9' is not on the grid (A1 .. C3)"
    assert app.ui.ctx.status[TAUGHT_PART] == why
    assert app.missing[TAUGHT_PART] == why and why in app.lines
    path.write_text(path.read_text().replace('"Z9"', '"B3"'))
    app.games.data_changed("masters")  # (what saving taught data does)
    app.clock.advance(1.1)
    app.tick()
    assert TAUGHT_PART not in app.missing and not app.ui.view_model()["banner"]


def test_the_banner_line_counts_what_else_is_skipped():
    teach.section_path("cards").parent.mkdir(parents=True)
    teach.section_path("cards").write_text('[cards."I-08"]\nred = ["Z9"]\n[cards."I-09"]\nblue = ["A1"]\n')
    line = banner_line(taught_problems("masters"))
    assert line.startswith("taught data skipped: cards.toml:2 red cell 'Z9'") and line.endswith(
        " (and 1 more)"
    )


@pytest.mark.parametrize(
    "text", ['[cards."I-08"]\ncolour = "red"\n', '[cards."I-08"]\nred = "A1"\n', "[cards]\nI-08 = 5\n"]
)
def test_an_unknown_key_a_wrong_type_or_a_card_that_is_no_table_is_skipped(text):
    teach.section_path("cards").parent.mkdir(parents=True)
    teach.section_path("cards").write_text(text)
    skipped: list = []
    assert load_masters(problems=skipped).card("I-08").source == "shipped"
    assert len(skipped) == 1 and skipped[0].error.field.startswith("cards.I-08") and skipped[0].error.line
