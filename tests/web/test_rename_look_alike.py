"""The host phone's rename (companion/web/hostside.py) goes through the one name rule: a name that
looks like another player's or looks blank is refused in words and changes nothing (issue 32,
finding 11: the host phone's rename took them)."""

from __future__ import annotations

import json

from tests.web.test_rename import NAMED, _host, _journaled, _names, table  # noqa: F401  (the fixture)


def test_the_host_phone_refuses_look_alike_and_blank_names(table, tmp_path):  # noqa: F811
    host = _host(table)
    gv = host.view()["gv"]
    for new, words in (
        ("\u0410nna", "looks like"),
        ("\uff21nna", "looks like"),
        ("\u3164", "looks blank"),
        ("\u2800", "looks blank"),
        ("\u0301" * 24, "combining mark"),
    ):
        status, _, body = host.change("/api/rename", {"names": {"1": new}, "gv": gv})
        assert status == 409 and words in json.loads(body)["error"], (new, body)
    assert _names(host) == NAMED["names"]
    assert [c["cmd"] for c in _journaled(table, tmp_path)] == ["setup"]


def test_a_seat_is_plain_digits_and_a_name_typed_decomposed_is_the_same_name(table, tmp_path):  # noqa: F811
    host = _host(table)
    gv = host.view()["gv"]
    for seat in ("\u00b2", "\u0661", "1_0", " 1", "-1"):  # digits to str.isdigit or int(), no seat
        status, _, body = host.change("/api/rename", {"names": {seat: "Greta"}, "gv": gv})
        assert status == 400 and "by seat" in json.loads(body)["error"], (seat, status, body)
    status, body = _rename(host, {"0": "Zo\u00eb"})
    assert status == 200, body
    status, body = _rename(host, {"0": "Zoe\u0308"})
    assert status == 200, body  # her own name, typed decomposed: nothing changed, not "already their names"
    assert [c["cmd"] for c in _journaled(table, tmp_path)] == ["setup", "rename"]


def _rename(host, names: dict) -> tuple[int, bytes]:
    """A rename as the page sends it: with the view it saw; when the table moved on meanwhile ("The table
    changed first": its loop publishes a new view now and then), look again and try once more."""
    for _ in range(5):
        status, _, body = host.change("/api/rename", {"names": names, "gv": host.view()["gv"]})
        if status != 409 or "changed first" not in json.loads(body)["error"]:
            break
    return status, body
