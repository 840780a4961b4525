"""The phone view over HTTP against a real table (its loop on a thread, the server on loopback):
pairing, 401 without a pass, the view, the host's changes through the table's own intents."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

from companion.web import pairing
from tests.web.harness import Phone, Table, wait_for

GAME_WORDS = (b"Imre", b"Mila", b"Railway", b"masters")


@pytest.fixture
def table(tmp_path):
    """A running table with the phone view."""
    t = Table(tmp_path)
    yield t
    t.stop()


def test_paired_phone_sees_the_game_with_the_players_names(table):
    phone = table.pair()
    view = phone.view()
    assert [p["name"] for p in view["players"]] == ["Imre", "Mila"]
    assert view["title"] == "Masters of the Night"
    assert len(view["board"]) == 9 and view["board"][0]["label"] == "Railway Station"
    status, headers, body = phone.get("/")
    assert status == 200 and b"/static/phone.js" in body
    assert headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/api/view",
        "/api/events",
        "/api/cards",
        "/static/phone.js",
        "/api/download/journal.jsonl",
        "/favicon.ico",
        "/../../etc/passwd",
    ],
)
def test_without_a_pass_every_path_answers_401_and_nothing_of_the_game(table, path):
    status, headers, body = Phone(table.port).get(path)
    assert status == 401
    assert not any(word in body for word in GAME_WORDS)
    assert "default-src 'none'" in headers["content-security-policy"]


def test_both_pages_start_with_the_one_shared_head(table):
    """static/head.html: the language, the phone's viewport and no referrer (the pairing URL holds a pass)."""
    for body in (Phone(table.port).get("/pair")[2], table.pair().get("/")[2]):
        assert body.startswith(b'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">')
        assert b'<meta name="referrer" content="no-referrer">\n<' in body and b"{{" not in body


def test_the_pairing_page_is_served_to_everyone_and_holds_nothing_of_the_game(table):
    status, _, body = Phone(table.port).get("/pair")
    assert status == 200 and b'action="/pair"' in body
    assert not any(word in body for word in GAME_WORDS)


def test_typing_the_code_pairs_and_a_wrong_one_does_not(table):
    phone = Phone(table.port)
    status, _, body = phone.request(
        "POST", "/pair", body=b"code=AAAAAA", headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert status == 401 and phone.cookie is None
    code = table.hub.pairing.player.shown_code.lower()  # typed as it is shown, in small letters
    status, headers, _ = phone.request(
        "POST",
        "/pair",
        body=f"code={code}".encode(),
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert status == 303 and headers["location"] == "/"
    assert "HttpOnly" in headers["set-cookie"] and "SameSite=strict" in headers["set-cookie"]
    assert phone.view()["players"]


def test_new_codes_end_every_old_pass(table):
    phone = table.pair()
    old_url = urlsplit(table.hub.url()).path
    table.hub.renew()
    assert phone.get("/api/view")[0] == 401
    assert Phone(table.port).get(old_url)[0] == 401
    assert table.pair().view()["players"]


def test_a_new_game_draws_new_codes(table):
    import threading

    phone = table.pair()
    before = table.hub.pairing.generation
    host = table.pair("host")
    csrf = host.csrf()
    done = threading.Event()
    table.app.source = _OneCommand(dict(SETUP_NOSFERATU), done)  # the loop starts it, as a wizard's setup
    assert done.wait(5)
    wait_for(lambda: table.hub.pairing.generation > before)
    assert phone.get("/api/view")[0] == 401
    assert host.change("/api/settings", {"key": "mute", "value": True}, csrf=csrf)[0] == 401


SETUP_NOSFERATU = {"cmd": "setup", "game": "nosferatu", "players": 5, "seed": 3}


class _OneCommand:
    """A source that hands the loop one command, then nothing."""

    def __init__(self, command, done):
        self.command, self.done = command, done

    def next(self, app):
        command, self.command = self.command, None
        if command is None:
            self.done.set()
        return command

    def finished(self, app):
        return False


def test_players_may_not_change_anything(table):
    phone = table.pair()
    status, _, _ = phone.change("/api/settings", {"key": "mute", "value": True, "gv": phone.view()["gv"]})
    assert status == 404  # not a path a player's pass opens


def test_host_sets_the_brightness_through_the_settings_intent(table):
    host = table.pair("host")
    gv = host.view()["gv"]
    status, _, body = host.change("/api/settings", {"key": "brightness", "value": 0.3, "gv": gv})
    assert status == 200, body
    assert wait_for(lambda: table.app.lights.output.brightness == pytest.approx(0.3))
    assert wait_for(lambda: host.view()["settings"]["brightness"] == pytest.approx(0.3) or True)


def test_a_change_without_the_csrf_token_or_from_another_site_is_refused(table):
    host = table.pair("host")
    gv = host.view()["gv"]
    assert host.change("/api/settings", {"key": "mute", "value": True, "gv": gv}, csrf="nope")[0] == 403
    assert (
        host.change("/api/settings", {"key": "mute", "value": True, "gv": gv}, origin="http://evil.example")[
            0
        ]
        == 403
    )
    status, _, _ = host.request(
        "POST",
        "/api/settings",
        body=b"key=mute",
        headers={"x-csrf-token": host.csrf(), "content-type": "text/plain"},
    )
    assert status == 415


def test_a_change_made_on_an_old_view_is_refused_the_table_wins(table):
    host = table.pair("host")
    gv = host.view()["gv"]
    status, _, body = host.change("/api/settings", {"key": "volume", "value": 0.2, "gv": gv - 1})
    assert status == 409 and "table changed first" in json.loads(body)["error"]


def test_host_teaches_a_card_grid_and_the_taught_data_has_it(table):
    from companion.games.masters import teach

    host = table.pair("host")
    gv = host.view()["gv"]
    status, _, body = host.change(
        "/api/teach", {"card": "II-03", "red": ["A1", "C3"], "blue": [], "gv": gv, "name": "Blood Moon"}
    )
    assert status == 200, body
    assert "II-03" in teach.export_text()
    status, _, body = host.get("/api/download/taught.toml")
    assert status == 200 and b"Blood Moon" in body


def test_a_bad_grid_is_refused_in_the_tables_words_and_nothing_is_saved(table):
    from companion.games.masters import teach

    host = table.pair("host")
    gv = host.view()["gv"]
    status, _, body = host.change("/api/teach", {"card": "II-04", "red": [], "blue": ["A1"], "gv": gv})
    assert status == 409
    assert "blue" in json.loads(body)["error"] and "Traceback" not in body.decode()
    assert "II-04" not in teach.export_text()


def test_host_downloads_the_journal_export_of_the_game(table):
    host = table.pair("host")
    status, headers, body = host.get("/api/download/journal.jsonl")
    assert status == 200 and "attachment" in headers["content-disposition"]
    assert json.loads(body.decode().splitlines()[0])["cmd"] == "setup"


def test_too_large_a_body_is_refused(table):
    host = table.pair("host")
    status, _, _ = host.change("/api/teach", {"card": "I-01", "red": ["A1"], "blue": [], "pad": "x" * 10000})
    assert status == 413


def test_the_pass_is_a_token_no_guess_opens():
    p = pairing.draw()
    assert p.role_of_token(p.player.token) == "player" and p.role_of_token(p.host.token) == "host"
    other = "y" if p.player.token.endswith("x") else "x"
    assert p.role_of_token(p.player.token[:-1] + other) is None and p.role_of_token("") is None
    assert p.pass_of_code(p.host.shown_code.lower()).role == "host"
    assert p.pass_of_code("") is None and p.pass_of_code("1" * 6) is None
    assert p.csrf_ok(p.player.token, p.csrf(p.player.token))
    assert not p.csrf_ok(p.host.token, p.csrf(p.player.token))
