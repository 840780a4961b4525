"""companion.gamedata.checks: the one validator of config, game data and teaching."""

import pytest

from companion.errors import DataFileError
from companion.gamedata import tomlfile
from companion.gamedata.checks import Checks, whole


def _record(text: str, rules):
    doc = tomlfile.loads(text, "x.toml")
    return Checks(doc).record("tile", doc.data["tile"], rules)


def test_a_record_checks_each_field_once_however_often_it_is_asked_for():
    asked = []

    def counted(v, key, value):
        asked.append(key)
        return whole(0, 9)(v, key, value)

    r = _record("[tile]\nap = 3\n", {"ap": counted})
    r.check()
    assert r.get("ap") == r.get("ap") == 3 and asked == ["tile.ap"]


def test_a_record_names_file_line_and_field_of_a_bad_value_and_refuses_unknown_fields():
    with pytest.raises(DataFileError) as bad:
        _record("[tile]\n\nap = 12\n", {"ap": whole(0, 9)}).check()
    assert "x.toml" in str(bad.value) and ":3" in str(bad.value) and "tile.ap" in str(bad.value)
    with pytest.raises(DataFileError, match="unknown key 'colour'"):
        _record("[tile]\ncolour = 'red'\n", {"ap": whole(0, 9)})
    assert _record("[tile]\n", {"ap": whole(0, 9)}).get("ap", 1) == 1


def test_a_name_field_is_held_to_the_one_name_rule_with_its_line():
    """`name` (a Record rule) and `Checks.name`: the rule of companion/rules/names.py, file:line:field."""
    from companion.gamedata.checks import name

    rules = {"name": name}
    assert _record('[tile]\nname = "Docks"\n', rules).get("name") == "Docks"
    for text, words in (
        ('"x"', None),
        ('"' + "x" * 25 + '"', "has 25 characters; at most 24"),
        ('"Do\\u202ecks"', "(U+202E)"),
        ('"Do\\ncks"', "(U+000A)"),
        ('""', "1 to 24 characters"),
        ("7", "not 7"),
    ):
        record = _record(f"[tile]\n\nname = {text}\n", rules)
        if words is None:
            assert record.get("name") == "x"
            continue
        with pytest.raises(DataFileError) as bad:
            record.get("name")
        assert (bad.value.line, bad.value.field) == (3, "tile.name") and words in bad.value.message
