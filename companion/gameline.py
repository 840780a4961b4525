"""One line that says which game a journaled game is: "Round 3, night, Mila's turn: Imre, Mila".

Used by `companion journal list` and by the resume offer (companion/ui/screens/menus.py), so a
table recognises its evening by the game itself (how far, phase, whose turn, the players; who won) and by
when it was played ("Tuesday 21:40"), not by a count of commands. No pygame here.

The players and whose turn it is come from the game API's keys of every state JSON ("seats" from
`players()`, "current_player" from `current_player()`, companion/rules/base.py), never from a game's
own fields: how far a game is ("round 3") its plugin says (`GamePlugin.stage`), and who won the
journal kept (`winners`, from `GamePlugin.result`). What the journal keeps of a game's position, and how
older positions name their players,
is companion/storage/position.py's: the session writes it, this module only reads it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from companion.i18n import N_, _, ngettext
from companion.narration import seatnames
from companion.narration.words import outcome_text, phase_text, said
from companion.storage.position import legacy_players, position, seat_names

__all__ = ["describe", "game_line", "played_at", "players", "position", "resume_offer"]  # position: storage's

WEEKDAYS = (
    N_("Monday"),
    N_("Tuesday"),
    N_("Wednesday"),
    N_("Thursday"),
    N_("Friday"),
    N_("Saturday"),
    N_("Sunday"),
)
# our own month table (strftime's %b follows the C locale, English whatever the table speaks)
MONTHS = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)


def describe(state: Mapping[str, Any], game: str | None = None) -> str:
    """The game's position from its state JSON (or the position a journal kept of it) of `game`
    (default: the state's "game"): how far it is (its plugin's `stage`), phase or step, whose turn,
    players; once it is over, who won (or how it ended, in the game's words). A seat the setup named
    no one on is named as the table shows it (companion/narration/seatnames.py)."""
    from companion.plugins import get

    gid = game or state.get("game")
    plugin = get(gid)
    found = legacy_players(state)
    names = seatnames.for_table(
        gid, seat_names(state) or (found[1] if found and not isinstance(found[1], int) else ())
    )
    state = seatnames.shown(dict(state), names)
    bits = []
    if state.get("outcome"):
        done = plugin.result(state) if plugin is not None and "winners" not in state else None
        winners = [str(w) for w in (state.get("winners") or (done.winners if done is not None else ()))]
        bits.append(
            ngettext("over: {names} won", "over: {names} won", len(winners)).format(names=", ".join(winners))
            if winners
            else _("over ({outcome})").format(outcome=outcome_text(state["outcome"], gid))
        )
    stage = plugin.stage(state) if plugin is not None else None
    if stage is not None:
        bits.append(said(stage, gid))
    if not state.get("outcome"):
        phase = state.get("phase") or state.get("step")
        if phase:
            bits.append(phase_text(phase, gid))
        turn = state.get("current_player")
        if isinstance(turn, str) and turn:
            bits.append(_("{player}'s turn").format(player=turn))
    head = ", ".join(bits)
    head = head[:1].upper() + head[1:]
    people = players(state)
    return (
        _("{position}: {players}").format(position=head, players=people)
        if head and people
        else head or people
    )


def players(state: Mapping[str, Any]) -> str:
    """The players in seating order as text ("Imre, Mila"; "6 players" in an older position that
    kept only their number)."""
    names = seat_names(state)
    if names is not None:
        return ", ".join(names)
    found = legacy_players(state)
    if found is None:
        return ""
    value = found[1]
    return (
        ngettext("{n} player", "{n} players", value).format(n=value)
        if isinstance(value, int)
        else ", ".join(value)
    )


def played_at(t: float, now: float | None = None) -> str:
    """When a game was last played, as a table says it: "today 21:40", "yesterday 21:40",
    "Tuesday 21:40" within a week, else "12 Mar 21:40" (local time)."""
    when = dt.datetime.fromtimestamp(t)
    today = dt.datetime.fromtimestamp(now).date() if now is not None else dt.date.today()
    days = (today - when.date()).days
    clock = when.strftime("%H:%M")
    if days == 0:
        return _("today {time}").format(time=clock)
    if days == 1:
        return _("yesterday {time}").format(time=clock)
    if 1 < days < 7:
        return _("{weekday} {time}").format(weekday=_(WEEKDAYS[when.weekday()]), time=clock)
    day = _("{day} {month} {time}").format(day=when.day, month=_(MONTHS[when.month - 1]), time=clock)
    return day if when.year == today.year else _("{date} {year}").format(date=day, year=when.year)


def game_line(journal, info) -> str:
    """The line of a journaled game (`info` from `Journal.games()`), from the position the journal
    keeps (no replay: the resume offer is on screen before the engine loads), else from its replayed
    last state; a game that no longer replays (its data changed) says how many commands it has."""
    import json

    from companion.errors import CompanionError

    try:
        kept = json.loads(info.position) if info.position else None
    except ValueError:  # damaged text: replay instead
        kept = None
    if isinstance(kept, dict):
        return describe(kept, info.game)
    from companion.storage.session import Session

    try:
        session = Session.replay(journal.commands(info.id))
        return describe(session.view(), info.game)
    except (CompanionError, ValueError, KeyError, IndexError):
        return ngettext(
            "{n} command (it no longer replays)", "{n} commands (it no longer replays)", info.commands
        ).format(n=info.commands)


def resume_offer(journal, info, now: float | None = None) -> dict[str, Any]:
    """What the resume screen shows (`TableUI.offer_resume`): id, game, the game's line and when, how
    many moves it has and when it began (a wide screen shows those too)."""
    return {
        "id": info.id,
        "game": info.game,
        "summary": game_line(journal, info),
        "when": played_at(info.updated, now),
        "moves": max(0, info.commands - 1),  # the setup is not a move
        "started": played_at(info.created, now),
    }
