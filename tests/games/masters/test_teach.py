"""Teaching: tag registrations, card grids, tracker numbers, districts; private atomic files; export/import."""

import stat

import pytest

from companion import paths
from companion.errors import DataFileError
from companion.gamedata import tomlfile
from companion.games.masters import teach


def test_teach_register_and_lookup_tag():
    assert teach.lookup_tag("04A1B2C3D4E5F6") is None
    tag = teach.register_tag("04:a1:b2:c3:d4:e5:f6", "I-07")
    assert tag == "04A1B2C3D4E5F6"
    assert teach.lookup_tag("04a1b2c3d4e5f6") == "I-07"
    teach.register_tag(tag, "II-03")  # re-registering moves the tag
    assert teach.lookup_tag(tag) == "II-03"
    assert teach.unregister_tag(tag) and teach.lookup_tag(tag) is None


def test_teach_qr_payload_tags_are_kept_as_text():
    teach.register_tag('  card "7" \\ odd  ', "pristine-blood")
    assert teach.lookup_tag('card "7" \\ odd') == "pristine-blood"
    assert teach.key_kind("pristine-blood") == "relic" and teach.key_kind("III-18") == "card"


def test_teach_refuses_bad_tags_and_keys():
    for bad in ("", "x" * 65, "bell\x07"):
        with pytest.raises(teach.TeachError):
            teach.register_tag(bad, "I-01")
    for bad in ("I-19", "IV-01", "Pristine Blood", "../etc/passwd"):
        with pytest.raises(teach.TeachError):
            teach.register_tag("04A1B2C3", bad)
    assert not teach.tags_path().exists()


def test_teach_files_are_private_and_in_private_folders():
    teach.register_tag("04A1B2C3", "I-01")
    teach.save_card_grid("I-01", ["A1"], [], "Curfew")
    for path in (teach.tags_path(), teach.section_path("cards")):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert not [p for p in teach.section_path("cards").parent.iterdir() if p.name.endswith(".tmp")]


def test_teach_card_grid_saved_in_the_shipped_shape():
    entry = teach.save_card_grid("I-07", "c1", ["B1", "A1"], "Last Crusade")
    assert entry == {
        "act": "I",
        "red": ["C1"],
        "blue": ["A1", "B1"],
        "verified": True,
        "name": "Last Crusade",
    }
    doc = tomlfile.load(paths.config_dir() / "masters" / "cards.toml")
    assert doc.data["cards"]["I-07"]["blue"] == ["A1", "B1"]
    teach.save_card_grid("I-07", ["C2"], ["A1", "B1"])  # a new grid keeps the taught name
    assert teach.load_section("cards")["I-07"]["name"] == "Last Crusade"
    assert teach.load_section("cards")["I-07"]["red"] == ["C2"]


@pytest.mark.parametrize(
    "red,blue,words",
    [
        (["A1"], ["A1", "B2"], "cannot be red and blue-gray"),
        ([], ["B2"], "pair"),
        ([], [], "at least one"),
        (["D4"], [], "not on the grid"),
        (["A1", "a1"], [], "twice"),
    ],
)
def test_teach_refuses_impossible_grids(red, blue, words):
    with pytest.raises(teach.TeachError, match=words):
        teach.save_card_grid("II-02", red, blue)
    assert not teach.section_path("cards").exists()


def test_teach_tracker_numbers_merge_per_deck_and_band():
    teach.save_tracker(3, reserve=11, numbers={("I", "high"): (2, (1, 0))})
    teach.save_tracker(3, numbers={("I", "low"): (3, (2, 1)), ("II", "high"): (2, [2, 1])})
    entry = teach.load_section("tracker")["3"]
    assert entry["reserve"] == 11
    assert entry["I"] == {"high": {"red": 2, "blue": [1, 0]}, "low": {"red": 3, "blue": [2, 1]}}
    assert entry["II"]["high"] == {"red": 2, "blue": [2, 1]}
    with pytest.raises(teach.TeachError):
        teach.save_tracker(6, reserve=10)
    with pytest.raises(teach.TeachError):
        teach.save_tracker(3, numbers={("IV", "high"): (1, (1, 1))})


def test_teach_district_name_and_note():
    teach.save_district("museum", name="Museum")
    teach.save_district("museum", note="Relic at dawn if minions lead.")
    assert teach.load_section("districts")["museum"] == {
        "verified": True,
        "name": "Museum",
        "note": "Relic at dawn if minions lead.",
    }
    with pytest.raises(teach.TeachError):
        teach.save_district("Museum Hall", name="x")


def test_teach_export_import_round_trip(tmp_path):
    teach.register_tag("04A1B2C3D4E5F6", "I-07")
    teach.save_card_grid("I-07", ["C1"], ["A1", "B1"], 'Last "Crusade"')
    teach.save_tracker(2, reserve=12, numbers={("III", "low"): (4, (3, 2))})
    teach.save_district("harbour", name="Harbour", note="")
    out = tmp_path / "share" / "taught.toml"
    counts = teach.export_file(out)
    assert counts == {"tags": 1, "cards": 1, "tracker": 1, "districts": 1}
    other = tmp_path / "other-table"
    teach.import_file(out, base=other)
    assert teach.taught(base=other) == teach.taught()


def test_teach_import_merges_and_imported_entries_win(tmp_path):
    teach.save_card_grid("I-01", ["A1"], [], "Ours")
    teach.save_card_grid("I-02", ["B2"], [])
    path = tmp_path / "in.toml"
    path.write_text(
        'format = "nightwatch-taught"\nversion = 1\n[cards."I-01"]\nname = "Theirs"\nred = ["C3"]\n'
    )
    teach.import_file(path)
    cards = teach.load_section("cards")
    assert cards["I-01"]["name"] == "Theirs" and cards["I-01"]["red"] == ["C3"]
    assert cards["I-02"]["red"] == ["B2"]


def test_teach_invalid_import_changes_nothing(tmp_path):
    teach.register_tag("04A1B2C3", "I-01")
    before = teach.tags_path().read_bytes()
    path = tmp_path / "bad.toml"
    path.write_text(
        'format = "nightwatch-taught"\nversion = 1\n[tags]\n"04FFFFFF" = "I-02"\n'
        '[cards."I-03"]\nred = ["A1"]\nblue = ["B1"]\n'
    )
    with pytest.raises(DataFileError) as exc:
        teach.import_file(path)
    assert exc.value.line == 7 and "pair" in exc.value.message
    assert teach.tags_path().read_bytes() == before
    assert not teach.section_path("cards").exists()


def test_teach_import_refuses_foreign_files(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text('[cards."I-01"]\nred = ["A1"]\n')
    with pytest.raises(DataFileError, match="not a Nightwatch export"):
        teach.import_file(path)


def test_teach_broken_taught_file_names_file_and_line():
    teach.save_card_grid("I-01", ["A1"], [])
    path = teach.section_path("cards")
    path.write_text('[cards."I-01"]\nact = "I"\nred = ["A1"]\ncolour = "red"\n')
    with pytest.raises(DataFileError) as exc:
        teach.load_section("cards")
    assert exc.value.path == str(path) and exc.value.line == 4 and "colour" in exc.value.message


def test_teach_dumps_quotes_and_escapes():
    text = tomlfile.dumps({"tags": {"a b": 'q"\\', "x\x01": "y"}})
    assert tomlfile.loads(text).data == {"tags": {"a b": 'q"\\', "x\x01": "y"}}


@pytest.mark.parametrize(
    ("section", "text", "line", "field", "words"),
    [
        (
            "tracker",
            "[tracker.3]\nreserve = 40\n",
            2,
            "tracker.3.reserve",
            "must be a whole number 1..12, got 40",
        ),
        (
            "tracker",
            "[tracker.3.I]\nhigh = { red = true, blue = [1, 0] }\n",
            2,
            "tracker.3.I.high.red",
            "whole number 0..6",
        ),
        ("tracker", "[tracker.7]\nreserve = 9\n", 1, "tracker.7", "vampire count"),
        (
            "districts",
            "[districts.museum]\nnight_ap = 3\n",
            2,
            "districts.museum.night_ap",
            "whole number 1..2, got 3",
        ),
        (
            "districts",
            '[districts.museum]\n\nname = ""\n',
            3,
            "districts.museum.name",
            "a name is a text of 1 to 24 characters",
        ),
        (
            "districts",
            '[districts.museum]\nname = "Museum\\u202e"\n',
            2,
            "districts.museum.name",
            "text-direction character (U+202E)",
        ),
        (
            "vampires",
            "[vampires.Abcdefghijklmnopqrstuvwxyz]\nblood_cost = 1\n",
            1,
            "vampires.Abcdefghijklmnopqrstuvwxyz",
            "has 26 characters; at most 24",
        ),
        (
            "districts",
            '[districts.museum]\neffect = "dusk"\n',
            2,
            "districts.museum.effect",
            "must be one of day, night, both",
        ),
        ("cards", '[cards."I-03"]\nred = ["Z9"]\n', 2, "cards.I-03.red", "not on the grid"),
        ("cards", '[cards."I-03"]\nact = "II"\n', 2, "cards.I-03.act", "does not match"),
        ("cards", '[cards."I-03"]\nnote = 7\n', 2, "cards.I-03.note", "must be text, got 7"),
        (
            "relics",
            "[relics.bone-flute]\nblood = 7\n",
            2,
            "relics.bone-flute.blood",
            "whole number 0..6, got 7",
        ),
    ],
)
def test_teaching_and_loading_refuse_a_taught_file_alike(tmp_path, section, text, line, field, words):
    """One validator: a taught file that the loader skips (and refuses when strict), teaching refuses
    too (checking it or loading it as taught data), with the same file, line, field and message."""
    from companion.games.masters.loader import load_masters

    path = teach.section_path(section)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    refusals = []
    attempts = [lambda: load_masters(path.parent, strict=True)]
    if section != "vampires":  # (the table teaches no vampire; the loader reads a taught vampires.toml)
        attempts += [lambda: teach.check_file(path), lambda: teach.load_section(section)]
    for attempt in attempts:
        with pytest.raises(DataFileError) as exc:
            attempt()
        refusals.append((exc.value.path, exc.value.line, exc.value.field, exc.value.message))
    skipped: list = []
    load_masters(path.parent, problems=skipped)
    refusals.append(tuple((s.error.path, s.error.line, s.error.field, s.error.message) for s in skipped)[0])
    assert len(set(refusals)) == 1 and not skipped[0].whole
    assert refusals[0][:3] == (str(path), line, field) and words in refusals[0][3]


def test_a_taught_file_teaching_accepts_loads():
    """Every field teaching writes is one the loader takes (partial entries over the shipped records)."""
    from companion.games.masters.loader import load_masters

    teach.save_card_grid("II-07", ["B2"], ["A3", "C1"], "Night Patrol", note="")
    teach.save_tracker(4, reserve=10, numbers={("II", "low"): (2, (1, 1))})
    teach.save_district("docks", name="Docks", note="Two actions by night.")
    data = load_masters(teach.base_dir() / "masters")
    assert data.card("II-07").name == "Night Patrol" and data.card("II-07").source == "taught"
    assert next(t for t in data.trackers if t.vampires == 4).reserve == 10


@pytest.mark.parametrize(
    ("save", "message"),
    [
        (lambda: teach.save_tracker(3, reserve=40), "reserve: must be a whole number 1..12, got 40"),
        (
            lambda: teach.save_tracker(3, numbers={("I", "high"): (True, (1, 0))}),
            "red: must be a whole number 0..6, got True",
        ),
        (
            lambda: teach.save_district("docks", name="  "),
            "district name: a name is a text of 1 to 24 characters, not ''",
        ),
        (
            lambda: teach.save_district("docks", name="D" * 25),
            "district name: name 'DDDDDDDDDDDDDDDDDDDDDDDD...' has 25 characters; at most 24",
        ),
        (
            lambda: teach.save_district("docks", name="Do\u202ecks"),
            "district name: name 'Do\\u202ecks' holds a control or "
            "text-direction character (U+202E); only printable characters",
        ),
        (
            lambda: teach.save_card_grid("I-01", ["A1"], [], name="x" * 41),
            "card name: must be at most 40 printable characters",
        ),
    ],
)
def test_typed_values_are_checked_by_the_same_validator(save, message):
    """What the table types is refused in the words a file is: the field, then what it must be."""
    with pytest.raises(teach.TeachError) as exc:
        save()
    assert str(exc.value) == message
    assert not teach.section_path("tracker").exists() and not teach.section_path("districts").exists()
