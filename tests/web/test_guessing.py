"""No guessing the codes (issue 32, finding 3): wrong pairing codes draw on one budget for the whole
server, whatever address they come from, so an attacker with many addresses gets no more tries than
one with a single address. While the budget is spent, typed codes wait for everyone (429, the pairing
page says why), the table's Phones screen says someone is guessing, and passes already held, and the
QR code's token, keep working. The chance of a hit over an evening is computed from the constants and
kept under one in a million here, so nobody loosens a limit by accident."""

from __future__ import annotations

import asyncio

import pytest

from companion.web import guard, pairing
from companion.web.guard import CodeBudget, Limits, hit_chance, most_wrong_codes
from tests.web.harness import Phone, Table, wait_for

ADDRESSES = 2000
FORM = "application/x-www-form-urlencoded"


def test_the_chance_of_a_hit_over_an_evening_is_at_most_one_in_a_million():
    limits = Limits()
    assert guard.EVENING_H == 5.0
    wrong = most_wrong_codes(limits, 5.0)
    assert wrong == limits.code_budget + 5 * 3600 // limits.code_refill_s == 330
    codes = len(pairing.CODE_ALPHABET) ** pairing.CODE_LENGTH
    assert codes == 31**6 == 887_503_681
    chance = hit_chance(limits)
    assert chance == pytest.approx(wrong * 2 / codes, rel=1e-5)  # two live codes, 330 tries: 7.4e-7
    assert chance <= 1e-6, f"{chance:.3g}: the limits let too many wrong codes through in 5 hours"
    assert hit_chance(limits._replace(code_refill_s=30.0)) > 1e-6  # (the bound moves with the constants)


def test_the_budget_pauses_when_spent_and_gives_one_code_back_a_minute():
    now = [0.0]
    budget = CodeBudget(3, 60.0, clock=lambda: now[0])
    assert not budget.paused()
    assert [budget.spend() for _ in range(3)] == [False, False, True]
    assert budget.paused() and budget.wait_s() == pytest.approx(60.0)
    now[0] = 59.0
    assert budget.paused()
    now[0] = 60.0
    assert not budget.paused()
    assert budget.spend() and budget.paused()  # one back, one spent: paused again at once
    now[0] = 60.0 + 3 * 60.0
    assert not budget.paused() and budget.wait_s() == 0.0
    now[0] = 10_000.0  # never more than the budget kept
    assert [budget.spend() for _ in range(3)] == [False, False, True]


async def _guess(port: int, source: str, code: str) -> int:
    """POST one typed code from `source`; the answer's status."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    body = f"code={code}".encode()
    writer.write(
        f"POST /pair HTTP/1.1\r\nHost: t\r\nContent-Type: {FORM}\r\nContent-Length: {len(body)}\r\n"
        f"Connection: close\r\n\r\n".encode()
        + body
    )
    await writer.drain()
    try:
        head = await asyncio.wait_for(reader.readline(), 30)
    finally:
        writer.close()
    return int(head.split()[1])


async def _guesses(port: int, codes: list[str]) -> list[int]:
    """Each code from its own loopback address (127.0.x.y, Linux routes all of 127/8 to lo), 20 at a time."""
    out: list[int] = []
    for first in range(0, len(codes), 20):
        out += await asyncio.gather(
            *(
                _guess(port, f"127.0.{20 + n // 250}.{n % 250 + 1}", codes[n])
                for n in range(first, min(len(codes), first + 20))
            )
        )
    return out


def _wrong_codes(table, n: int) -> list[str]:
    """`n` well-formed codes that open nothing."""
    live = {table.hub.pairing.player.code, table.hub.pairing.host.code}
    out, i = [], 0
    while len(out) < n:
        code = "".join(pairing.CODE_ALPHABET[(i // 31**k) % 31] for k in range(pairing.CODE_LENGTH))
        if code not in live:
            out.append(code)
        i += 7919
    return out


def test_wrong_codes_from_2000_addresses_pause_pairing_by_code_for_everyone(tmp_path):
    from companion.ui.screens.phones import PhonesScreen
    from companion.ui.table import TableUI

    limits = Limits(code_refill_s=10**6)  # nothing given back while the test runs: the count is exact
    table = Table(tmp_path, ui=TableUI((800, 480)), limits=limits)
    try:
        phone = table.pair()  # a pass held before the guessing
        watcher = Phone(table.port, source="127.0.1.9")
        statuses = asyncio.run(_guesses(table.port, _wrong_codes(table, ADDRESSES)))
        assert statuses.count(401) == limits.code_budget  # wrong, each from its own address
        assert statuses.count(429) == ADDRESSES - limits.code_budget  # refused: pairing by code paused
        assert table.hub.counters.code_paused == ADDRESSES - limits.code_budget
        # the right code waits too (no code is looked at while paused), and the page says why
        code = table.hub.pairing.player.code
        status, _, body = watcher.request(
            "POST", "/pair", body=f"code={code}".encode(), headers={"content-type": FORM}
        )
        assert status == 429 and watcher.cookie is None and b"Someone is guessing codes" in body
        # passes already held keep working, and the QR code's token still pairs
        assert phone.view()["players"] and phone.get("/")[0] == 200
        assert table.pair().view()["players"]
        # the table's Phones screen says so (the hub hands it the pause through the loop)
        assert wait_for(lambda: getattr(table.app.ui.ctx.settings.get("phones"), "guessing", False))
        lines = PhonesScreen(table.app.ui.ctx, host=True).body().lines
        assert any("Someone is guessing the code" in line for line in lines)
    finally:
        table.stop()


def test_malformed_codes_cost_only_their_own_address(tmp_path):
    table = Table(tmp_path)
    try:
        statuses = asyncio.run(_guesses(table.port, ["AAAA", "0OOIIL", "x" * 40] * 20))
        assert set(statuses) == {401}
        assert not table.hub.guessing() and table.hub.codes.spent == 0  # they cannot hit: not counted
    finally:
        table.stop()


def _phones_lines(info) -> tuple:
    """The host's Phones screen's lines for a `PhonesInfo`."""
    from companion.ui.render import Renderer
    from companion.ui.screens.base import UIContext
    from companion.ui.screens.phones import PhonesScreen

    return PhonesScreen(UIContext(Renderer((800, 480)), {"phones": info}, None), host=True).body().lines


def test_the_phones_screen_says_someone_is_guessing_only_while_paused():
    from companion.ui.screens.phones import PhonesInfo

    info = PhonesInfo("http://10.0.0.2:8080", "u", "ABC DEF", "h", "GHJ KMN", lambda: None)
    assert not any("guessing" in line for line in _phones_lines(info))
    lines = _phones_lines(info._replace(guessing=True))
    assert "Someone is guessing the code: typed codes wait, the QR code still works." in lines
