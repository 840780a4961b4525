"""The Vampire Mansion in the table's language: the event log's lines.

The engine names rooms by number (1..6 in the data file's order, 0 the main hall) or by key
(`coat-room`); the lines name them as the data file does (`name_de` in German).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from companion.i18n import N_, _, data_name, ngettext
from companion.narration.narrate import plain
from companion.narration.words import outcome_words

OUTCOMES = {
    "clock": N_("the clock ran out"),
    "points": N_("a human reached the target"),
    "all-vampires": N_("no humans are left"),
}
WHAT = {"priority": N_("priority"), "room": N_("room")}


@lru_cache(maxsize=1)
def _rooms() -> tuple[tuple[str, str], ...]:
    """(key, English name) of the shipped rooms, in the data file's order (read once)."""
    from companion.rules import load_game

    return tuple((r.key, r.name) for r in load_game("mansion").data.rooms)


def room_name(room: int | str) -> str:
    """Room 3 or `coat-room` -> its name in the current language; 0 -> the main hall."""
    if room == 0:
        return _("the main hall")
    for i, (key, name) in enumerate(_rooms(), start=1):
        if room in (i, key):
            return data_name(name)
    return _("room {room}").format(room=room)


def outcome_text(outcome: str | None) -> str:
    """Why the game ended, in words."""
    return _(OUTCOMES[outcome]) if outcome in OUTCOMES else outcome_words(outcome)


def _ranking(ranking) -> str:
    """`1. P1, 2. P2`."""
    return ", ".join(f"{place}. {player}" for player, place in ranking)


def _entered(e) -> str:
    """Where a player went, and why not where the die said."""
    text = _("{player} enters {room}").format(player=e["player"], room=room_name(e["room"]))
    if e.get("trade_with"):
        text += _(" and trades with {other}").format(other=e["trade_with"])
    if e.get("redirected"):
        text += _(" ({wanted} was full)").format(wanted=room_name(e["wanted"]))
    return text + "."


LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "game_set_up": lambda e: ngettext(
        "{players} enter the mansion; the round clock has {n} tick.",
        "{players} enter the mansion; the round clock has {n} ticks.",
        e["clock_length"],
    ).format(players=", ".join(e["players"]), n=e["clock_length"]),
    "round_started": lambda e: _("=== Tick {tick}: a card on every room ===").format(tick=e["tick"]),
    "dice_rolled": lambda e: _("{player} rolls {dice}.").format(
        player=e["player"], dice=" ".join(map(str, e["dice"]))
    ),
    "dice_assigned": lambda e: _("{player}: priority {priority}, {room}.").format(
        player=e["player"], priority=e["priority"], room=room_name(e["room"])
    ),
    "token_spent": lambda e: _(
        "{player} spends a Modify token: {what} becomes {value} ({tokens} left)."
    ).format(
        player=e["player"],
        what=_(WHAT[e["what"]]) if e["what"] in WHAT else e["what"],
        value=e["value"],
        tokens=e["tokens"],
    ),
    "tie_found": lambda e: _("Tie: {players} must roll off.").format(players=", ".join(e["players"])),
    "rolled_off": lambda e: _("Roll-off: {values}.").format(
        values=", ".join(f"{p} {v}" for p, v in e["values"].items())
    ),
    "order_set": lambda e: _("Turn order: {order}.").format(order=", ".join(e["order"])),
    "room_entered": _entered,
    "cards_taken": lambda e: ngettext(
        "{player} takes {n} card from {room} ({left} left).",
        "{player} takes {n} cards from {room} ({left} left).",
        e["n"],
    ).format(player=e["player"], n=e["n"], room=room_name(e["room"]), left=e["left"]),
    "room_acted": lambda e: _("{player} uses {room}.").format(player=e["player"], room=room_name(e["room"])),
    "points_stored": lambda e: _("{player} puts {points} points in the safe ({stored} stored).").format(
        player=e["player"], points=e["points"], stored=e["stored"]
    ),
    "turn_ended": lambda e: _("{player} ends the turn.").format(player=e["player"]),
    "roles_revealed": lambda e: _("Roles shown at tick {tick}: vampires {vampires}, humans {humans}.").format(
        tick=e["tick"], vampires=e["vampires"], humans=e["humans"]
    ),
    "points_claimed": lambda e: _("{player} shows {total} points!").format(
        player=e["player"], total=e["total"]
    ),
    "adjusted": lambda e: (
        _("Correction: ") + "; ".join(f"{plain(k)} {plain(v)}" for k, v in (e.get("changes") or {}).items())
    ),
    "game_over": lambda e: _("*** Game over: {why}. ***").format(why=outcome_text(e["outcome"])),
    "ranked": lambda e: _("Final ranking: {ranking}.").format(ranking=_ranking(e["ranking"])),
}
