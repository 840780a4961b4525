"""The names the table used last (companion/controllers/names.py): most recent first, each once, at
most twelve, kept in the state folder with an atomic private write; a broken file is ignored."""

from __future__ import annotations

import json
import os
import stat

from companion.controllers import names


def test_the_last_names_come_first_each_once_and_at_most_twelve():
    assert names.recent() == []
    assert names.remember(["Anna", "Ben"]) == ["Anna", "Ben"]
    assert names.remember(["Cleo", "anna "]) == [
        "Cleo",
        "anna",
        "Ben",
    ]  # Anna again: moved up, spelled as last typed
    many = [f"Guest {i}" for i in range(20)]
    kept = names.remember(many)
    assert kept == many[: names.KEEP] and len(kept) == 12
    assert names.recent() == kept  # read back from the file


def test_the_file_is_private_and_in_the_state_folder():
    names.remember(["Anna"])
    path = names.names_file()
    assert path.parent == names.paths.state_dir()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert json.loads(path.read_text(encoding="utf-8")) == {"names": ["Anna"]}


def test_a_broken_file_is_ignored_and_bad_names_are_left_out():
    path = names.names_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    for text in ("not json", "[1, 2]", '{"names": "Anna"}', '{"names": null}', ""):
        path.write_text(text, encoding="utf-8")
        assert names.recent() == []
    path.write_bytes(b"\xff\xfe\x00")  # not even text
    assert names.recent() == []
    path.write_text(
        json.dumps({"names": ["Anna", 7, "", "P3", "x" * 30, "Ev\u202ea", "Ben"]}), encoding="utf-8"
    )
    assert names.recent() == ["Anna", "Ben"]
    assert names.remember(["Cleo"]) == ["Cleo", "Anna", "Ben"]  # and the next write mends it


def test_a_file_that_cannot_be_written_changes_nothing(tmp_path):
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    (blocked / names.FILE).mkdir()  # a folder where the file should be: the rename over it fails
    assert names.remember(["Anna"], blocked / names.FILE) == []


def test_which_commands_give_names():
    assert names.names_of({"cmd": "setup", "game": "nosferatu", "names": ["Anna", "Ben"]}) == ["Anna", "Ben"]
    assert names.names_of({"cmd": "setup", "game": "nosferatu", "players": 5}) == []
    assert names.names_of({"cmd": "rename", "names": {"P2": "Cleo"}}) == ["Cleo"]
    assert names.names_of({"cmd": "give_stake", "to": "Anna"}) == []
