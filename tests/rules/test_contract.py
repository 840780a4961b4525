"""The contract every game keeps, run over every game of the catalog: the module a plugin runs against
itself (companion/testing/test_contract.py, `pytest --pyargs companion.testing`), collected here
with what the shipped games add on top: Masters' setups over more tables than its example seats, the
endings each shipped game may have, what a game still takes after its end, and a broken data file
named in the table's language. Game-specific rules stay in each game's own test files.
"""

from __future__ import annotations

import json
import random

import pytest

from companion import cli, i18n
from companion.errors import DataFileError
from companion.gamedata import loader
from companion.rules import load_game
from companion.testing import contract
from companion.testing.contract import play  # noqa: F401 - the bot games other test files play
from companion.testing.test_contract import *  # noqa: F401,F403 - the contract, collected here
from companion.testing.test_contract import GAMES

MASTERS_NAMES = ["Agnieszka", "Imre", "Ishtvan", "Laszlo", "Mila", "Nevena"]
OUTCOMES = {
    "masters": {"victory", "defeat-veil", "defeat-deck"},
    "nosferatu": {"hunters-stake", "hunters-rituals", "evil-bites", "evil-stake"},
    "mansion": {"clock", "points", "all-vampires"},
    "strigoi": {"victory", "defeat"},
}
AFTER_END = {"mansion": ["rank"]}  # what may still be entered once a game is over
BROKEN = {  # one bad value in a game's shipped data file: (the line as shipped, broken), the field, its German words
    "nosferatu": (
        'effect = "remove-night"',
        'effect = "zap"',
        "rituals.time-distortion.effect",
        "muss eines von reveal, remove-night, target, table sein; steht hier: 'zap'",
    ),
    "mansion": (
        "clock_length = 12",
        'clock_length = "long"',
        "clock_length",
        "muss eine ganze Zahl 1..99 sein, steht hier: 'long'",
    ),
    "one-night": (
        "vote_seconds = 5 ",
        "vote_seconds = -1 ",
        "game.vote_seconds",
        "muss eine ganze Zahl 0..3600 sein, steht hier: -1",
    ),
    "strigoi": (
        "wounds_to_fall = 3 ",
        "wounds_to_fall = 0 ",
        "game.wounds_to_fall",
        "muss eine ganze Zahl 1..99 sein, steht hier: 0",
    ),
}


def _masters_setup(game, seed: int, players: int) -> dict:
    """Masters: vampires and a difficulty chosen by the seed, for more tables than its example seats."""
    rng = random.Random(seed)
    return {
        "cmd": "setup",
        "game": "masters",
        "vampires": rng.sample(MASTERS_NAMES, players),
        "difficulty": rng.choice(["easy", "medium", "hard"]),
        "seed": seed,
    }


contract.SETUPS["masters"] = _masters_setup


@pytest.mark.parametrize("game_id", sorted(OUTCOMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_shipped_game_ends_with_one_of_its_endings(game_id, seed):
    session = play(game_id, seed)
    assert session.outcome() in OUTCOMES[game_id]


@pytest.mark.parametrize("game_id", GAMES)
def test_after_the_end_a_game_takes_only_what_it_says(game_id):
    session = play(game_id, 4)
    assert {a.command["cmd"] for a in session.game.actions(session.state)} == set(AFTER_END.get(game_id, []))


@pytest.mark.parametrize("game_id", sorted(BROKEN))
def test_a_broken_data_file_names_file_line_and_field_in_the_tables_language(
    game_id, tmp_path, monkeypatch, capsys
):
    """Every game's data file is checked by the one checker: the same words, in German under German,
    naming file:line [field]; the CLI prints that one line and exits 2."""
    shipped, broken, field, german = BROKEN[game_id]
    text = loader.data_file(game_id).read_text(encoding="utf-8")
    assert text.count(shipped) == 1
    text = text.replace(shipped, broken)
    line = text[: text.index(broken)].count("\n") + 1
    path = tmp_path / "data.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        load_game(game_id, path)
    assert (err.value.path, err.value.line, err.value.field) == (str(path), line, field)
    assert err.value.message.startswith("must be")
    i18n.set_language("de")
    with pytest.raises(DataFileError) as err:
        load_game(game_id, path)
    assert err.value.message == german
    monkeypatch.setenv("COMPANION_LANG", "de")
    monkeypatch.setattr(loader, "data_file", lambda gid: path)  # the game's data file, as `play` reads it
    script = tmp_path / "game.jsonl"
    script.write_text(
        json.dumps({"cmd": "setup", "game": game_id, "players": 4, "seed": 1}) + "\n", encoding="utf-8"
    )
    assert cli.main(["play", "--script", str(script)]) == 2
    assert capsys.readouterr().err.strip() == f"companion: {path}:{line}: [{field}] {german}"
