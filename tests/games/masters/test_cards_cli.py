"""`companion cards`: list, check, teach, export, import through the real entry point."""

from companion import cli
from companion.games.masters import teach


def test_cards_teach_grid_and_tag_from_the_command_line(capsys):
    code = cli.main(
        [
            "cards",
            "teach",
            "I-07",
            "--red",
            "A1,B2",
            "--blue",
            "C1,C3",
            "--tag",
            "04A1B2C3D4E5F6",
            "--name",
            "Last Crusade",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "card I-07: red A1,B2, blue C1,C3" in out and "tag 04A1B2C3D4E5F6 -> I-07" in out
    assert teach.lookup_tag("04A1B2C3D4E5F6") == "I-07"
    assert teach.load_section("cards")["I-07"]["name"] == "Last Crusade"


def test_cards_teach_bad_cell_is_exit_2_and_one_line(capsys):
    assert cli.main(["cards", "teach", "I-07", "--red", "A1,D9"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "D9" in err
    assert not teach.section_path("cards").exists()


def test_cards_teach_relic_tag_tracker_and_district(capsys):
    assert cli.main(["cards", "teach", "--tag", "04BB1122", "--relic", "pristine-blood"]) == 0
    assert (
        cli.main(
            [
                "cards",
                "teach",
                "--tracker",
                "4",
                "--reserve",
                "11",
                "--numbers",
                "I.high=2:1,0",
                "--numbers",
                "III.low=4:3,3",
            ]
        )
        == 0
    )
    assert cli.main(["cards", "teach", "--district", "museum", "--name", "Museum"]) == 0
    assert teach.lookup_tag("04BB1122") == "pristine-blood"
    assert teach.load_section("tracker")["4"]["III"]["low"] == {"red": 4, "blue": [3, 3]}
    assert teach.load_section("districts")["museum"]["name"] == "Museum"
    assert cli.main(["cards", "teach", "--tracker", "4", "--numbers", "I.mid=1:1,1"]) == 2
    assert cli.main(["cards", "teach", "--tag", "04BB1122"]) == 2
    assert cli.main(["cards", "teach"]) == 2


def test_cards_teach_refuses_tracker_numbers_the_card_data_would_not_load():
    """What teaching accepts, the Masters data loader accepts: a reserve over the box's 12 agents or
    7 agents in one cell is refused (exit 2) and nothing is written, so no game is locked out."""
    from companion.games.masters.loader import load_masters

    assert cli.main(["cards", "teach", "--tracker", "3", "--reserve", "13"]) == 2
    assert cli.main(["cards", "teach", "--tracker", "3", "--numbers", "I.high=7:0,0"]) == 2
    assert cli.main(["cards", "teach", "--tracker", "3", "--numbers", "I.low=1:0,9"]) == 2
    assert "3" not in teach.load_section("tracker")
    assert cli.main(["cards", "teach", "--tracker", "3", "--reserve", "12", "--numbers", "I.high=6:6,6"]) == 0
    assert load_masters().tracker(3).reserve == 12


def test_cards_list_shows_taught_cards_and_tags(capsys):
    cli.main(["cards", "teach", "II-03", "--red", "B2", "--name", "Night Raid", "--tag", "QR-II-03"])
    capsys.readouterr()
    assert cli.main(["cards", "list", "--act", "II"]) == 0
    lines = capsys.readouterr().out.splitlines()
    row = next(line for line in lines if " II-03 " in line)
    assert row.split()[0] == "II" and "Night Raid" in row and "taught" in row and row.endswith("QR-II-03")
    assert all(not line.startswith("I ") for line in lines[1:])


def test_cards_check_counts_a_good_file(tmp_path, capsys):
    # a bad one is named by file:line:key: tests/cli/test_cli.py, test_a_bad_file_is_exit_2_naming_file_line_field
    good = tmp_path / "good.toml"
    good.write_text('[cards."I-01"]\nred = ["A1"]\n[tags]\n"04A1B2C3" = "I-01"\n')
    assert cli.main(["cards", "check", str(good)]) == 0
    assert "ok (1 card, 1 tag)" in capsys.readouterr().out


def test_cards_check_syntax_error_and_missing_file(tmp_path, capsys):
    bad = tmp_path / "x.toml"
    bad.write_text("[cards\n")
    assert cli.main(["cards", "check", str(bad)]) == 2
    assert f"{bad}:1:" in capsys.readouterr().err
    assert cli.main(["cards", "check", str(tmp_path / "nope.toml")]) == 2


def test_cards_export_then_import_elsewhere(tmp_path, monkeypatch, capsys):
    cli.main(["cards", "teach", "III-18", "--red", "C3", "--blue", "A2,A3", "--tag", "04CC0000"])
    out = tmp_path / "share.toml"
    assert cli.main(["cards", "export", str(out)]) == 0
    mine = teach.taught()
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "friend"))
    assert teach.taught()["cards"] == {}
    assert cli.main(["cards", "import", str(out)]) == 0
    assert teach.taught() == mine
    assert "imported" in capsys.readouterr().out


def test_cards_usage_error_is_exit_2(capsys):
    assert cli.main(["cards"]) == 2
    assert cli.main(["cards", "frobnicate"]) == 2
