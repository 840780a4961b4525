"""The one name rule (companion/rules/names.py): every game's setup, the data files and teaching use it;
names in one Unicode form (NFC), none that looks blank, none that looks like another player's."""

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CommandError, DataFileError
from companion.gamedata import tomlfile
from companion.gamedata.checks import Checks
from companion.i18n import set_language
from companion.narration.words import refusal_text
from companion.rules import load_game
from companion.rules.names import (
    INVISIBLE,
    MAX_NAME,
    TEXT_DIRECTION,
    alike,
    name_problem,
    new_name_problem,
    nfc,
)

# game -> (a setup with five seats' names left to fill, the parameter that lists them)
SETUPS = {
    "nosferatu": ({"cmd": "setup", "game": "nosferatu", "seed": 1}, "names", 5),
    "mansion": ({"cmd": "setup", "game": "mansion", "seed": 1}, "names", 5),
    "one-night": ({"cmd": "setup", "game": "one-night", "seed": 1, "players": 5}, "names", 5),
    "strigoi": ({"cmd": "setup", "game": "strigoi", "seed": 1, "players": 2}, "powerwolves", 2),
}
GAMES = {gid: load_game(gid) for gid in (*SETUPS, "masters")}


def _fine(name) -> bool:
    """The rule, said again the plain way: text, 1..24 characters (composed), all printable, none a
    direction control, none invisible, not starting with a combining mark."""
    return (
        isinstance(name, str)
        and bool(name.strip())
        and len(nfc(name)) <= MAX_NAME
        and all(c.isprintable() and c not in TEXT_DIRECTION and c not in INVISIBLE for c in name)
        and not unicodedata.category(name.strip()[0]).startswith("M")
    )


def _all_fine(names) -> bool:
    """Every name fine, and no two alike (the same as people read them, or by looks)."""
    return all(_fine(n) for n in names) and not any(
        alike(a, b) for i, a in enumerate(names) for b in names[:i]
    )


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Mila", None),
        ("Falk Maria", None),
        ("Zoë", None),
        ("x" * 24, None),
        ("x" * 25, "has 25 characters; at most 24"),
        ("", "a name is a text of 1 to 24 characters"),
        ("   ", "a name is a text of 1 to 24 characters"),
        (7, "a name is a text of 1 to 24 characters, not 7"),
        ("Mi\nla", "(U+000A)"),
        ("Mi\x1b[31mla", "(U+001B)"),
        ("Mi\tla", "(U+0009)"),
        *[(f"A{c}B", f"(U+{ord(c):04X})") for c in sorted(TEXT_DIRECTION)],
        ("\ud800", "(U+D800)"),
        ("a\u00a0b", "(U+00A0)"),
    ],
)
def test_the_name_rule(name, words):
    problem = name_problem(name)
    assert (problem is None) == (words is None)
    if words:
        assert words in problem and "\n" not in problem  # a control character is shown escaped, never raw
        assert not any(c in TEXT_DIRECTION for c in problem)


def test_the_rule_covers_every_direction_control_the_issue_names():
    assert TEXT_DIRECTION == {
        chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)
    }


@pytest.mark.parametrize("game_id", list(SETUPS))
def test_every_game_takes_exactly_the_names_the_rule_takes(game_id):
    game = GAMES[game_id]
    setup, key, seats = SETUPS[game_id]

    @settings(max_examples=60, deadline=None, derandomize=True)
    @given(
        st.lists(
            st.text(max_size=30) | st.sampled_from(["\u202eevil", "x" * 25, "ok", "\x00"]),
            min_size=seats,
            max_size=seats,
            unique=True,
        )
    )
    def attempt(names):
        """One setup with these names: played if every name is fine, else refused naming the parameter."""
        command = dict(setup, **{key: names})
        if _all_fine(names):
            game.setup(game.canonical(None, command))
            return
        with pytest.raises(CommandError) as refused:
            game.setup(game.canonical(None, command))
        assert f"setup: `{key}`" in refused.value.message

    attempt()


def test_masters_vampires_pass_the_rule_before_they_are_looked_up():
    game = GAMES["masters"]
    with pytest.raises(CommandError) as refused:
        game.setup(
            game.canonical(
                None, {"cmd": "setup", "game": "masters", "vampires": ["Mila", "Imre\u202e"], "seed": 1}
            )
        )
    assert (
        "setup: `vampires`: name 'Imre\\u202e' holds a control or text-direction character (U+202E)"
        in refused.value.message
    )


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


def test_the_keyboard_stops_at_the_rule_s_length():
    from companion.ui.screens.keyboard import NAME_MAX

    assert NAME_MAX == MAX_NAME == 24


# -- the look of a name (issue 32, finding 11) ---------------------------------------------------------
BARE_MARKS = "".join(chr(c) for c in range(0x0300, 0x0318))  # 24 combining marks with no letter


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("\u3164", "looks blank"),
        ("\u2800", "looks blank"),
        ("\u115f\u1160", "looks blank"),
        ("\uffa0 \u3164", "looks blank"),
        ("\u034f", "looks blank"),
        ("Anna\u3164", "holds an invisible character (U+3164)"),
        ("Ben\u2800x", "(U+2800)"),
        (BARE_MARKS, "starts with a combining mark (U+0300)"),
        ("\u0308Zoe", "starts with a combining mark"),
        (" \u0301a", "starts with a combining mark"),
    ],
)
def test_a_name_that_looks_blank_is_refused_saying_why(name, words):
    problem = name_problem(name)
    assert problem is not None and words in problem


@pytest.mark.parametrize(
    "name",
    [
        "Zoë",
        "Zoe\u0308",
        "Jörg",
        "Ana María",
        "王秀英",
        "李",
        "Νίκος",
        "Ελένη",
        "Anna ❤️",
        "Søren",
        "Đorđe",
        "Nguyễn Thị",
        "Ṣẹ̀gun",
        "x" * 23 + "e\u0308",
    ],
)
def test_everyday_names_are_taken(name):
    assert (
        name_problem(name) is None
        and new_name_problem(name, ["Anna", "Hanna"] if name != "Anna" else ()) is None
    )


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("Anna", "Hanna"),
        ("Ann", "Anna"),
        ("Jörg", "Jorg"),
        ("Νίκος", "Nikos"),
        ("Lea", "Léa"),
        ("王秀英", "王秀"),
    ],
)
def test_names_that_differ_to_the_eye_may_sit_together(name, other):
    assert new_name_problem(name, [other]) is None and not alike(name, other)


@pytest.mark.parametrize(
    ("name", "other", "words"),
    [
        ("Zoe\u0308", "Zoë", "'Zoë' is already at this table"),  # decomposed beside composed: one name
        ("\u0410nna", "Anna", "'\u0410nna' looks like 'Anna', already at this table"),  # Cyrillic А
        ("\uff21nna", "Anna", "'\uff21nna' looks like 'Anna', already at this table"),  # fullwidth Ａ
        ("\u0430nna", "anna", "looks like 'anna'"),
        ("Ａｎｎａ", "ANNA", "looks like 'ANNA'"),
        ("Ηera", "Hera", "looks like 'Hera'"),  # Greek capital eta
    ],
)
def test_a_name_like_another_players_is_refused_naming_both(name, other, words):
    problem = new_name_problem(name, [other])
    assert problem is not None and words in problem


@pytest.mark.parametrize("game_id", list(SETUPS))
def test_every_game_s_setup_refuses_look_alike_and_blank_names(game_id):
    game = GAMES[game_id]
    setup, key, seats = SETUPS[game_id]
    others = ["Ben", "Cleo", "Dmitri", "Eva"][: seats - 2]
    for pair, words in (
        (["Anna", "\u0410nna"], "looks like 'Anna'"),
        (["Zoë", "Zoe\u0308"], "'Zoë' is already"),
        (["Anna", "\u3164"], "looks blank"),
        (["Anna", BARE_MARKS], "combining mark"),
    ):
        with pytest.raises(CommandError) as refused:
            game.setup(game.canonical(None, dict(setup, **{key: [*pair, *others]})))
        assert f"setup: `{key}`" in refused.value.message and words in refused.value.message


def test_masters_refuses_look_alike_vampires():
    game = GAMES["masters"]
    with pytest.raises(CommandError, match="looks like 'Mila'"):
        game.canonical(
            None, {"cmd": "setup", "game": "masters", "vampires": ["Mila", "M\u0456la"], "seed": 1}
        )


@pytest.mark.parametrize("game_id", list(SETUPS))
def test_a_decomposed_name_is_stored_composed_and_an_old_journal_with_one_still_replays(game_id):
    from companion.storage.session import Session

    game = GAMES[game_id]
    setup, key, seats = SETUPS[game_id]
    names = ["Zoe\u0308", "Jo\u0308rg", "Ben", "Cleo", "Dmitri"][:seats]
    old = dict(setup, **{key: names})
    canon = game.canonical(None, old)
    assert canon[key][:2] == ["Zoë", "Jörg"]  # what the journal now stores: NFC
    fresh, old_journal = (
        Session.replay([canon]),
        Session.replay([old]),
    )  # an old journal stored the text as typed
    assert fresh.view() == old_journal.view()
    assert [p["name"] for p in old_journal.view()["seats"]][:2] == ["Zoë", "Jörg"]
    if game_id in (
        "nosferatu",
        "mansion",
        "one-night",
    ):  # a later command that names the player as typed then
        renamed = Session.replay([old, {"cmd": "rename", "names": {"Zoe\u0308": "Zoya"}}])
        assert [p["name"] for p in renamed.view()["seats"]][0] == "Zoya"


def test_a_scenario_with_look_alike_names_is_a_broken_file(tmp_path):
    from companion.storage.scenario import load_scenario

    path = tmp_path / "s.jsonl"
    path.write_text(
        '{"cmd": "setup", "game": "nosferatu", "names": ["Anna", "\u0410nna", "B", "C", "D"], "seed": 1}\n',
        encoding="utf-8",
    )
    with pytest.raises(DataFileError) as bad:
        load_scenario(str(path))
    assert bad.value.field == "names" and "looks like 'Anna'" in bad.value.message


def test_the_confusables_table_is_read_only_when_names_are_compared():
    import subprocess
    import sys

    code = (
        "import sys, companion.rules.names as n, companion.rules.commands; "
        "assert 'companion.rules.confusables' not in sys.modules; n.name_problem('Anna'); "
        "assert 'companion.rules.confusables' not in sys.modules; n.new_name_problem('Anna', ['Ben']); "
        "assert 'companion.rules.confusables' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_rename_refuses_a_look_alike_or_blank_name_and_takes_a_decomposed_one_composed():
    from companion.storage.session import Session

    session = Session.replay(
        [{"cmd": "setup", "game": "nosferatu", "names": ["Anna", "Ben", "Cleo", "Dmitri", "Eva"], "seed": 1}]
    )
    for new, words in (
        ("\u0410nna", "looks like 'Anna'"),
        ("\uff21nna", "looks like 'Anna'"),
        ("\u2800", "looks blank"),
        ("\u0301" * 24, "combining mark"),
    ):
        with pytest.raises(CommandError) as refused:
            session.submit({"cmd": "rename", "names": {"Ben": new}})
        assert words in refused.value.message
    session.submit({"cmd": "rename", "names": {"Ben": "Zoe\u0308"}})
    assert session.commands[-1] == {"cmd": "rename", "names": {"Ben": "Zoë"}}  # the canonical command: NFC
    assert [p["name"] for p in session.view()["seats"]][1] == "Zoë"


def test_the_confusables_table_is_unicode_s_whole_table():
    from companion.rules import confusables, names

    table = names._read_table()
    assert len(table) == 6311 and "13.0.0" in confusables.SOURCE  # confusables.txt's MA lines, every one
    assert table[0x0410] == "A" and table[0xFF21] == "A" and table[ord("m")] == "rn"
    assert table[0x0430] == "a" and table[ord("0")] == "O" and table[0x1D41A] == "a"


@pytest.mark.parametrize("game_id", list(SETUPS))
def test_a_game_saved_before_the_rule_grew_still_replays_with_its_look_alike_and_blank_names(game_id):
    """The stricter rule holds new commands (`canonical`); a journal holds commands the table took
    then, so a replay (resume, undo, `journal check`, recover) takes them as they are."""
    from companion.storage.session import Session

    game = GAMES[game_id]
    setup, key, seats = SETUPS[game_id]
    saved = dict(setup, **{key: ["Anna", "\u0410nna", "Ben\u3164", "Cleo", "Dmitri"][:seats]})
    with pytest.raises(CommandError):
        game.canonical(None, saved)  # refused as a new game
    old = Session.replay([saved])  # replayed as the game it was
    assert [p["name"] for p in old.view()["seats"]][:2] == ["Anna", "\u0410nna"]
    if game_id in ("nosferatu", "mansion", "one-night"):
        renamed = Session.replay([saved, {"cmd": "rename", "names": {"Ben\u3164": "\uff21nna"}}])
        assert "\uff21nna" in [p["name"] for p in renamed.view()["seats"]]
        with pytest.raises(CommandError, match="looks like"):
            old.submit({"cmd": "rename", "names": {"Ben\u3164": "\uff21nna"}})
