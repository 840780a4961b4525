"""The host's "Rename players" on the phone (companion/web/hostside.py `rename`): new names by seat go to
the table as the game's `rename` command, journaled like a press; a bad or duplicate name is refused in
the phone's language and changes nothing; players' passes cannot rename, and a game whose players are
its characters (Masters' vampires) offers no form and refuses the request."""

from __future__ import annotations

import pytest

from companion.storage.journal import Journal
from tests.web.harness import Phone, Table, wait_for

NAMED = {"cmd": "setup", "game": "nosferatu", "names": ["Anna", "Ben", "Cleo", "Dmitri", "Eva"], "seed": 3}


@pytest.fixture
def table(tmp_path, request):
    """A running table with the phone view, playing the setup the test names (`NAMED` by default)."""
    t = Table(tmp_path, setup=getattr(request, "param", NAMED))
    yield t
    t.stop()


def _host(table, lang: str = "en") -> Phone:
    """The host's phone, paired, in `lang`."""
    phone = Phone(table.port, lang=lang)
    from urllib.parse import urlsplit

    assert phone.get(urlsplit(table.hub.url("host")).path)[0] == 303
    return phone


def _journaled(table, tmp_path) -> list[dict]:
    """The commands of the table's game as its journal holds them (read beside the table's loop)."""
    with Journal(tmp_path / "journal.sqlite3", readonly=True) as journal:
        return journal.commands(table.app.session.game_id)


def _names(phone: Phone) -> list[str]:
    """The players as the phone shows them, in seating order."""
    return [p["name"] for p in phone.view()["players"]]


def test_the_host_renames_a_player_through_the_journal(table, tmp_path):
    host = _host(table)
    view = host.view()
    assert view["renames"] is True and _names(host) == NAMED["names"]
    assert all(p["shape"] for p in view["players"])  # a shape beside the colour on the phone too
    status, _, body = host.change("/api/rename", {"names": {"1": "Greta", "3": "Dmitri"}, "gv": view["gv"]})
    assert status == 200, body
    assert wait_for(lambda: _names(host)[1] == "Greta")
    assert _names(host) == ["Anna", "Greta", "Cleo", "Dmitri", "Eva"]
    assert _journaled(table, tmp_path)[-1] == {
        "cmd": "rename",
        "names": {"Ben": "Greta"},
    }  # only the changed name, journaled
    assert any("Ben is now called Greta." in line for line in host.view()["log"])


def test_a_duplicate_name_is_refused_in_the_phones_language_and_changes_nothing(table, tmp_path):
    host = _host(table, "de")
    gv = host.view()["gv"]
    status, _, body = host.change("/api/rename", {"names": {"0": "ben"}, "gv": gv})
    assert status == 409 and "bereits" in body.decode(), body
    status, _, body = host.change("/api/rename", {"names": {"0": "P4"}, "gv": gv})
    assert status == 409 and "Platz ohne Namen" in body.decode(), body
    for bad in ({"names": {"9": "Ida"}}, {"names": ["Ida"]}, {"names": {}}, {"names": {"0": 7}}):
        assert host.change("/api/rename", {**bad, "gv": gv})[0] == 400, bad
    assert _names(host) == NAMED["names"]
    assert [c["cmd"] for c in _journaled(table, tmp_path)] == ["setup"]


def test_a_players_pass_cannot_rename(table):
    phone = table.pair()
    status, _, _ = phone.change("/api/rename", {"names": {"0": "Ida"}, "gv": phone.view()["gv"]})
    assert status == 404 and _names(phone) == NAMED["names"]


@pytest.mark.parametrize(
    "table", [{"cmd": "setup", "game": "nosferatu", "players": 5, "seed": 3}], indirect=True
)
def test_an_old_game_without_names_shows_default_names_and_renames_the_seat(table, tmp_path):
    host = _host(table)
    shown = _names(host)
    assert shown[0] == "Hutter" and not any(n.startswith("P") and n[1:].isdigit() for n in shown)
    status, _, body = host.change("/api/rename", {"names": {"0": "Anna"}, "gv": host.view()["gv"]})
    assert status == 200, body
    assert wait_for(lambda: _names(host)[0] == "Anna")
    assert _journaled(table, tmp_path)[-1] == {"cmd": "rename", "names": {"P1": "Anna"}}


@pytest.mark.parametrize("table", [None], indirect=True)
def test_no_game_no_rename(table):
    host = _host(table)
    assert host.change("/api/rename", {"names": {"0": "Ida"}, "gv": host.view()["gv"]})[0] == 404


def test_masters_vampires_keep_their_names(tmp_path):
    table = Table(tmp_path)  # Masters of the Night: the players are Imre and Mila
    try:
        host = _host(table)
        view = host.view()
        assert view["renames"] is False
        status, _, body = host.change("/api/rename", {"names": {"0": "Anna"}, "gv": view["gv"]})
        assert status == 409 and "characters" in body.decode()
        assert _names(host) == ["Imre", "Mila"]
    finally:
        table.stop()
