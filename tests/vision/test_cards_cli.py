"""`companion cards teach KEY --photo`, `cards identify --json` and the faces in an export."""

import json

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from companion import cli  # noqa: E402
from companion.games.masters import teach  # noqa: E402
from companion.vision import store, synth  # noqa: E402


def _write(tmp_path, name, face, seed, hard=False):
    path = tmp_path / name
    cv2.imwrite(str(path), synth.photo(face, np.random.default_rng(seed), hard=hard)[0])
    return str(path)


def test_teach_from_photos_then_identify_as_json_lines(tmp_path, capsys, deck, faces):
    assert cli.main(["cards", "teach", "I-07", "--photo", _write(tmp_path, "a.jpg", faces["T-03"], 1)]) == 0
    assert cli.main(["cards", "teach", "II-02", "--photo", _write(tmp_path, "b.jpg", faces["T-05"], 2)]) == 0
    assert teach.lookup_tag("SIGHT-I-07") == "I-07"
    capsys.readouterr()
    files = [_write(tmp_path, "c.jpg", faces["T-03"], 3), _write(tmp_path, "d.jpg", faces["T-12"], 4)]
    assert cli.main(["cards", "identify", *files, "--json", "--grid-box", "0.22,0.60,0.78,0.86"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["file"] for r in rows] == files
    assert rows[0]["card"] == "I-07" and rows[1]["card"] is None
    assert set(rows[0]) == {"file", "card", "score", "grid", "ms"}
    assert rows[0]["grid"] == deck[2]["grid"]


def test_identify_without_a_grid_box_reads_no_grid(tmp_path, capsys, faces):
    assert cli.main(["cards", "identify", _write(tmp_path, "x.jpg", faces["T-01"], 5), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["grid"] is None


def test_a_file_that_is_no_photo_is_named(tmp_path, capsys):
    bad = tmp_path / "notes.txt"
    bad.write_text("hello")
    assert cli.main(["cards", "identify", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "notes.txt" in err and "not an image" in err


def test_a_photo_without_a_card_is_refused_by_teach(tmp_path, capsys):
    table = tmp_path / "table.png"
    cv2.imwrite(str(table), np.full((480, 640, 3), 90, np.uint8))
    assert cli.main(["cards", "teach", "I-07", "--photo", str(table)]) == 2
    assert "no card found" in capsys.readouterr().err


def test_a_bad_grid_box_is_refused(tmp_path, capsys, faces):
    assert (
        cli.main(["cards", "identify", _write(tmp_path, "y.jpg", faces["T-01"], 6), "--grid-box", "1,2"]) == 2
    )
    assert "--grid-box" in capsys.readouterr().err


def test_faces_travel_in_an_export(tmp_path, faces, monkeypatch):
    assert cli.main(["cards", "teach", "I-07", "--photo", _write(tmp_path, "a.jpg", faces["T-03"], 1)]) == 0
    out = tmp_path / "box.toml"
    assert cli.main(["cards", "export", str(out)]) == 0
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "other-table"))
    assert store.load_faces() == {}
    assert cli.main(["cards", "import", str(out)]) == 0
    assert list(store.load_faces()) == ["SIGHT-I-07"] and teach.lookup_tag("SIGHT-I-07") == "I-07"
