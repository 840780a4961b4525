"""The one name rule (companion/rules/names.py): every game's setup, the data files and teaching use it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CommandError, DataFileError
from companion.gamedata import tomlfile
from companion.gamedata.checks import Checks
from companion.i18n import set_language
from companion.narration.words import refusal_text
from companion.rules import load_game
from companion.rules.names import MAX_NAME, TEXT_DIRECTION, name_problem

# game -> (a setup with five seats' names left to fill, the parameter that lists them)
SETUPS = {
    "nosferatu": ({"cmd": "setup", "game": "nosferatu", "seed": 1}, "names", 5),
    "mansion": ({"cmd": "setup", "game": "mansion", "seed": 1}, "names", 5),
    "one-night": ({"cmd": "setup", "game": "one-night", "seed": 1, "players": 5}, "names", 5),
    "strigoi": ({"cmd": "setup", "game": "strigoi", "seed": 1, "players": 2}, "powerwolves", 2),
}
GAMES = {gid: load_game(gid) for gid in (*SETUPS, "masters")}


def _fine(name) -> bool:
    """The rule, said again the plain way: text, 1..24 characters, all printable, none a direction control."""
    return (isinstance(name, str) and bool(name.strip()) and len(name) <= MAX_NAME
            and all(c.isprintable() and c not in TEXT_DIRECTION for c in name))


@pytest.mark.parametrize(("name", "words"), [
    ("Mila", None), ("Falk Maria", None), ("Zoë", None), ("x" * 24, None),
    ("x" * 25, "has 25 characters; at most 24"),
    ("", "a name is a text of 1 to 24 characters"), ("   ", "a name is a text of 1 to 24 characters"),
    (7, "a name is a text of 1 to 24 characters, not 7"),
    ("Mi\nla", "(U+000A)"), ("Mi\x1b[31mla", "(U+001B)"), ("Mi\tla", "(U+0009)"),
    *[(f"A{c}B", f"(U+{ord(c):04X})") for c in sorted(TEXT_DIRECTION)],
    ("\ud800", "(U+D800)"), ("a\u00a0b", "(U+00A0)"),
])
def test_the_name_rule(name, words):
    problem = name_problem(name)
    assert (problem is None) == (words is None)
    if words:
        assert words in problem and "\n" not in problem  # a control character is shown escaped, never raw
        assert not any(c in TEXT_DIRECTION for c in problem)


def test_the_rule_covers_every_direction_control_the_issue_names():
    assert TEXT_DIRECTION == {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)}


@pytest.mark.parametrize("game_id", list(SETUPS))
def test_every_game_takes_exactly_the_names_the_rule_takes(game_id):
    game = GAMES[game_id]
    setup, key, seats = SETUPS[game_id]

    @settings(max_examples=60, deadline=None, derandomize=True)
    @given(st.lists(st.text(max_size=30) | st.sampled_from(["\u202eevil", "x" * 25, "ok", "\x00"]),
                    min_size=seats, max_size=seats, unique=True))
    def attempt(names):
        """One setup with these names: played if every name is fine, else refused naming the parameter."""
        command = dict(setup, **{key: names})
        if all(_fine(n) for n in names):
            game.setup(game.canonical(None, command))
            return
        with pytest.raises(CommandError) as refused:
            game.setup(game.canonical(None, command))
        assert f"setup: `{key}`" in refused.value.message

    attempt()


def test_masters_vampires_pass_the_rule_before_they_are_looked_up():
    game = GAMES["masters"]
    with pytest.raises(CommandError) as refused:
        game.setup(game.canonical(None, {"cmd": "setup", "game": "masters", "vampires": ["Mila", "Imre\u202e"], "seed": 1}))
    assert "setup: `vampires`: name 'Imre\\u202e' holds a control or text-direction character (U+202E)" in refused.value.message


def test_a_refused_name_reads_in_german():
    set_language("de")
    problem = name_problem("x" * 30)
    assert refusal_text(problem) != str(problem) and "24" in refusal_text(problem)


def test_checks_name_points_at_the_line_of_a_bad_name():
    doc = tomlfile.loads('[districts.docks]\nname = "Do\\u202ecks"\n', "d.toml")
    with pytest.raises(DataFileError) as bad:
        Checks(doc).name("districts.docks.name", doc.data["districts"]["docks"]["name"])
    assert (bad.value.line, bad.value.field) == (2, "districts.docks.name") and "U+202E" in bad.value.message
    assert Checks(doc).name("x", "Docks") == "Docks"


def test_the_letter_wheel_stops_at_the_rule_s_length():
    from companion.games.masters.box import NAME_MAX

    assert NAME_MAX == MAX_NAME == 24
