"""The proof that a game is one installable package (issue #25): Counter Race (tests/toygame), a
distribution of its own that `make test` installs into the test venv with a plain `pip install`, is
found, played, translated and drawn like the shipped games, and the catalog-wide tests cover it.

These tests fail when the toy game is not installed: the suite is meant to run with it (`make test`,
and so CI). tests/rules/test_sixth_game.py keeps its own point: a game written into a temporary
folder at run time, with nothing installed at all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import companion
import companion.plugins as catalog
from companion import cli, i18n
from companion.storage.session import Session

ROOT = Path(__file__).resolve().parent.parent
TOY = "counter-race"


def test_the_toy_game_is_installed_from_its_own_distribution_not_from_this_tree():
    found = {ep.name: ep for ep in catalog.entry_points()}
    assert TOY in catalog.games() and found[TOY].value == "counter_race:CounterRacePlugin"
    assert "nightwatch-counter-race" in found[TOY].dist or "nightwatch_counter_race" in found[TOY].dist
    folder = Path(catalog.info(TOY).folder())
    assert not folder.is_relative_to(ROOT / "tests"), (
        folder
    )  # the installed copy (site-packages), not tests/toygame
    assert (
        folder / "locale" / "de" / "LC_MESSAGES" / "nightwatch-counter-race.mo"
    ).is_file()  # its build compiled it
    assert (folder / "data" / "rules.toml").is_file()
    shared = [
        p
        for p in Path(companion.__file__).parent.rglob("*.py")
        if "counter" in p.read_text(encoding="utf-8").lower()
        and "race" in p.read_text(encoding="utf-8").lower()
        and TOY in p.read_text(encoding="utf-8")
    ]
    assert shared == []  # nothing of the companion names it


def test_the_toy_game_speaks_german_from_its_own_catalog():
    blurb = catalog.info(TOY).blurb
    i18n.set_language("de")
    try:
        assert i18n._(blurb) == "abwechselnd 1 oder 2 zum Zähler addieren; wer ihn zum Ziel bringt, gewinnt"
    finally:
        i18n.set_language("en")


def test_the_toy_game_plays_from_a_script_with_its_narration_and_replays(tmp_path, capsys):
    commands = [{"cmd": "setup", "game": TOY, "players": 2}] + [{"cmd": "add", "n": 2}] * 5
    script = tmp_path / "race.jsonl"
    script.write_text("".join(json.dumps(c) + "\n" for c in commands), encoding="utf-8")
    journal = tmp_path / "journal.sqlite3"
    assert (
        cli.main(
            ["play", "--script", str(script), "--journal", str(journal), "--create", "--json", "--narrate"]
        )
        == 0
    )
    out, err = capsys.readouterr()
    end = json.loads(out)
    assert end["counter"] == 10 and end["winner"] == "P1" and end["outcome"] == "goal"
    # its own narration line, the unnamed second seat by its default name (the engine's JSON keeps "P1")
    assert "Billie adds 2: the counter is at 4." in err
    assert Session.replay(commands).view() == end


def _collected(*files: str) -> str:
    """The node ids pytest collects from `files` (a child process: collection imports the modules)."""
    res = subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "--collect-only", "-q", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
    return res.stdout


def test_the_catalog_wide_tests_cover_the_toy_game():
    """The contract, journal equals replay, the screens, German completeness, the refusal and rule
    words, narration and purity iterate the installed games: the toy game is among them."""
    wanted = [
        "tests/rules/test_contract.py::test_every_game_has_the_shared_shape",
        "tests/rules/test_contract.py::test_replaying_the_journal_gives_the_live_game_back",
        "tests/rules/test_contract.py::test_enabled_actions_take_every_allowed_value_and_refuse_the_others",
        "tests/rules/test_purity.py::test_purity_a_game_takes_parsed_data_or_reads_a_path_doc_or_dict_through_gamedata",
        "tests/games/test_catalog.py::test_catalog_is_complete_and_keeps_every_placeholder",
        "tests/ui/test_render.py::test_screen_renders_readable_and_nothing_is_cut",
        "tests/ui/test_german_screens.py::test_no_english_fallback_in_german",
        "tests/ui/test_refusal_words.py::test_every_games_malformed_and_step_bound_refusals_have_no_engine_word_in_german",
        "tests/ui/test_rule_words.py::test_every_rule_key_of_a_game_has_words_in_its_words_or_the_shared_ones",
        "tests/narration/test_narrate_games.py::test_every_event_of_every_game_reads_in_words_and_as_its_own_game",
        "tests/reliability/test_bad_input.py::test_engine_random_commands_raise_only_rule_errors_and_change_nothing",
    ]
    ids = _collected(*sorted({w.partition("::")[0] for w in wanted})).splitlines()
    missing = [w for w in wanted if not any(i.startswith(w + "[") and TOY in i for i in ids)]
    assert missing == []


def test_the_toy_games_screens_render_in_english_and_german_and_pass_the_screen_check(tmp_path, capsys):
    """`companion screenshots --only counter-race ...`: the generic screen mid-race and at the goal."""
    argv = [
        "screenshots",
        "--out",
        str(tmp_path),
        "--only",
        TOY,
        "--only",
        f"{TOY}-over",
        "--size",
        "800x480",
        "--size",
        "1024x600",
        "--lang",
        "en",
        "--lang",
        "de",
        "--check",
    ]
    assert cli.main(argv) == 0, capsys.readouterr()
    assert len(list(tmp_path.glob(f"{TOY}*.png"))) == 8


def test_the_picker_asks_for_a_number_in_words_not_the_parameters_key():
    """Counter Race's Add has a parameter `n`: the picker asks for a "number" (the shared NEEDS' word),
    never "choose n"."""
    from companion.rules import load_game
    from companion.ui.screens.tools import questions

    game = load_game(TOY)
    state, _events = game.setup({"cmd": "setup", "game": TOY, "players": 2})
    (add,) = game.legal_actions(state)
    assert [called for _path, _param, called in questions(add.params)] == ["number"]
