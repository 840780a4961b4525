"""Shipped Masters data and the user's taught overlay: loading, merging, and errors that name file:line:key."""

from __future__ import annotations

import pytest

from companion.errors import DataFileError
from companion.games.masters.loader import load_masters
from companion.games.masters.rules.data import Band
from companion.rules import load_game


def test_masters_data_shipped_counts():
    """54 event cards (18 per act), 13 relics, 9 districts, 6 vampires, trackers for 2-5 vampires."""
    data = load_masters()
    assert len(data.cards) == 54 and all(len(data.cards_of(a)) == 18 for a in ("I", "II", "III"))
    assert len(data.relics) == 13 and len(data.districts) == 9 and len(data.trackers) == 4
    assert {v.name for v in data.vampires} == {"Agnieszka", "Imre", "Ishtvan", "Laszlo", "Mila", "Nevena"}
    assert data.relic("pristine-blood").max_blood == 6 and data.relic("distortion-timepiece").once_per_round
    assert data.relic("funerary-urn").placeable and data.relic("funerary-urn").redirects_agents
    assert all(r.source == "shipped" for r in data.cards)


def test_masters_data_last_crusade_numbers_match_the_rulebook():
    """3 vampires, deck II, veil 4-6: 2 agents per red cell and a blue-gray pair of 1 and 0."""
    nums = load_masters().tracker(3).agents("II", Band.HIGH)
    assert (nums.red, nums.blue) == (2, (1, 0))


def test_masters_data_user_overlay_wins_and_is_marked_taught(tmp_path):
    """A user card grid replaces the shipped one field by field; other fields stay."""
    user = tmp_path / "masters"
    user.mkdir()
    (user / "cards.toml").write_text('[cards."I-03"]\nred = ["B2"]\nblue = ["A1", "C3"]\nverified = true\n')
    (user / "tracker.toml").write_text("[tracker.2]\nreserve = 7\n")
    data = load_masters(user)
    card = data.card("I-03")
    assert card.red == ("B2",) and card.blue == ("A1", "C3") and card.verified and card.source == "taught"
    assert card.name == load_masters().card("I-03").name
    assert data.tracker(2).reserve == 7 and data.tracker(2).source == "taught"
    assert data.card("I-04").source == "shipped"


def test_masters_data_user_dir_defaults_to_the_config_folder(tmp_path, monkeypatch):
    """load_game("masters") reads taught data from COMPANION_CONFIG_DIR/masters."""
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path))
    (tmp_path / "masters").mkdir()
    (tmp_path / "masters" / "districts.toml").write_text('[districts.docks]\nname = "Harbour"\n')
    game = load_game("masters")
    state, _ = game.setup(
        {
            "cmd": "setup",
            "game": "masters",
            "vampires": ["Imre", "Mila"],
            "seed": 3,
            "districts": {
                "A2": "docks",
                "A3": "museum",
                "B1": "asylum",
                "B2": "cathedral",
                "B3": "hospital",
                "C1": "nightclub",
                "C2": "newspaper",
                "C3": "police-station",
            },
        }
    )
    assert game.to_json(state)["districts"]["A2"]["name"] == "Harbour"


def _refused(tmp_path, name, text):
    """The DataFileError of a taught file `<name>.toml` holding `text`: what the loader skips and
    names (the game goes on without it), and raises when strict (`companion doctor`)."""
    user = tmp_path / "masters"
    user.mkdir(exist_ok=True)
    (user / f"{name}.toml").write_text(text)
    with pytest.raises(DataFileError) as err:
        load_masters(user, strict=True)
    skipped: list = []
    load_masters(user, problems=skipped)
    assert [str(s.error) for s in skipped] == [str(err.value)]
    return err.value


@pytest.mark.parametrize(
    ("text", "line", "field"),
    [
        ('[cards."I-03"]\nname = "x"\nred = ["Z9"]\n', 3, "cards.I-03.red"),
        ('[cards."I-03"]\nblue = ["A1"]\n', 2, "cards.I-03.blue"),
        ('[cards."I-03"]\n\ncontinuing = "yes"\n', 3, "cards.I-03.continuing"),
        ('[cards."I-03"]\nsmell = 1\n', 2, "cards.I-03.smell"),
        ('[cards."IV-01"]\nname = "x"\n', 1, "cards.IV-01"),
        ('[cards."I-40"]\nred = ["A1"]\n', 1, "cards.I-40"),
    ],
)
def test_masters_data_bad_user_card_names_file_line_and_key(tmp_path, text, line, field):
    """Each broken taught card is a DataFileError pointing at the offending line and key."""
    err = _refused(tmp_path, "cards", text)
    assert err.path.endswith("cards.toml") and err.line == line and err.field == field


def test_masters_data_bad_tracker_and_syntax_errors(tmp_path):
    """Out-of-range numbers and TOML syntax errors are both DataFileErrors with a line."""
    err = _refused(tmp_path, "tracker", "[tracker.3]\nreserve = 40\n")
    assert (err.line, err.field) == (2, "tracker.3.reserve") and "1..12" in err.message
    err = _refused(tmp_path, "tracker", "[tracker.3]\nreserve = \n")
    assert err.line == 2 and "syntax" in err.message


def test_masters_data_effect_must_be_day_night_or_both(tmp_path):
    """A district effect outside day/night/both is refused with its line."""
    err = _refused(tmp_path, "districts", '[districts.museum]\n\neffect = "dusk"\n')
    assert (err.line, err.field) == (3, "districts.museum.effect")


@pytest.mark.parametrize("numbers", ["red = true, blue = [1, 0]", "red = 2, blue = [true, 0]"])
def test_masters_data_tracker_numbers_are_not_booleans(tmp_path, numbers):
    """TOML true/false are not agent numbers, even though Python counts them as ints."""
    err = _refused(tmp_path, "tracker", f"[tracker.3.I]\nhigh = {{ {numbers} }}\n")
    assert err.path.endswith("tracker.toml") and "0..6" in err.message


@pytest.mark.parametrize("key", ["I-00", "I-19", "III-99"])
def test_masters_data_refuses_card_keys_teaching_refuses(tmp_path, key):
    """One card-key rule: a key teaching refuses (no card 0, at most 18 a deck) is refused by the
    loader too, naming the key's line, even when the record is otherwise complete."""
    from companion.games.masters import teach

    user = tmp_path / "masters"
    user.mkdir()
    (user / "cards.toml").write_text(
        f'[cards."{key}"]\nact = "{key.split("-")[0]}"\nname = "x"\nred = ["B2"]\n'
        'blue = ["A3", "C1"]\nverified = false\n'
    )
    with pytest.raises(teach.TeachError):
        teach.save_card_grid(key, ["B2"], ["A3", "C1"], base=tmp_path / "taught")
    with pytest.raises(DataFileError) as err:
        load_masters(user, strict=True)
    assert err.value.line == 1 and err.value.field == f"cards.{key}"
