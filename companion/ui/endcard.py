"""The end-of-game card: what it says, from a game's journaled commands (companion/ui/cardview.py draws it).

`card_of(commands, ended_at)` replays the game with its events (`replay`) and gathers, in the
table's language: the game's title and illustration, when it ended, the players by name with their
colour and shape, the outcome in one sentence, the evening's chart and three key moments. Each game
says its own part through its plugin: `result` (the winners and the ending in one sentence),
`story` (the chart's panels), `moments` ((steps) -> Moments) and `art` ((state) -> (illustration,
time of day)). A game that says nothing gets the plugin's defaults: "<winner> wins." from the
state's `winners` (else "The game is over: <outcome>."), no chart, a plain backdrop, and as moments
the first, the middle and the last line of its narration.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from companion.i18n import _, pgettext
from companion.records import Named
from companion.ui.story import Panel, Step, chart_of, renames, seat_looks

MOMENTS = 3  # how many key moments a card tells


class Seat(Named):
    """A player as the card shows them: name, colour, marker shape, and whether the game put them out."""

    name: str
    colour: tuple[int, int, int]
    shape: str
    out: bool = False


class Card(Named):
    """Everything an end-of-game card says (plain data: no pygame; a screen compares two by value).

    `art` is (illustration, time of day) or None (a plain backdrop); `ended` the date and time in
    words ("" when not known); `moments` in the order they happened, `ranks` how weighty each is (0:
    the weightiest; a card short of room keeps the weightiest); `over` whether the game has ended."""

    game: str
    title: str
    art: tuple[str, str] | None
    ended: str
    seats: tuple[Seat, ...]
    outcome: str
    panels: tuple[Panel, ...]
    moments: tuple[str, ...]
    ranks: tuple[int, ...] = ()
    over: bool = True


def card_of(commands: Sequence[Mapping[str, Any]], ended_at: float | None = None) -> Card:
    """The card of a game given as its commands (setup first); `ended_at` the time of its last
    command (seconds since the epoch, the journal's `at`). CompanionError when they do not replay."""
    return card_from(replay(commands), ended_at)


def replay(commands: Sequence[Mapping[str, Any]]) -> list[Step]:
    """The game's steps: the state after setup and after each command, with the events each made.
    A command that no longer applies raises JournalError, as a resumed game's would."""
    from companion.errors import CompanionError
    from companion.rules import game_of_setup, load_game
    from companion.storage.journal import JournalError

    commands = [dict(c) for c in commands]
    game = load_game(game_of_setup(commands[0]))
    state, events = game.setup(commands[0])
    steps = [Step(game.to_json(state), tuple(e.to_dict() for e in events))]
    for i, cmd in enumerate(commands[1:], start=2):
        try:
            state, events = game.apply(state, cmd)
        except CompanionError as exc:
            raise JournalError(f"command {i} of the saved game no longer applies: {exc}") from None
        steps.append(Step(game.to_json(state), tuple(e.to_dict() for e in events)))
    return steps


def card_from(steps: Sequence[Step], ended_at: float | None = None) -> Card:
    """The card of a game from its replayed steps (the states alone do too: then fewer moments)."""
    from companion.plugins import get

    gid = str(steps[-1].state.get("game"))
    steps = shown_names(gid, steps)
    last = steps[-1].state
    info = get(gid)
    art = info.art(last) if info is not None else None
    looks = seat_looks(last)
    seats = tuple(
        Seat(str(p.get("name")), *looks[str(p.get("name"))], out=bool(p.get("out")))
        for p in last.get("seats") or ()
        if isinstance(p, Mapping)
    )
    moments, ranks = key_moments(gid, steps)
    return Card(
        gid,
        info.title if info else gid,
        tuple(art) if art else None,
        when(ended_at),
        seats,
        outcome_sentence(last),
        chart_of([s.state for s in steps]).panels,
        moments,
        ranks,
        last.get("outcome") is not None,
    )


def shown_names(gid: str, steps: Sequence[Step]) -> list[Step]:
    """The steps with every player called as the table shows them at the end, states and events alike:
    a player renamed during the game by their last name, an unnamed seat's code by the game's default
    name (companion/narration/seatnames.py), never "P1"."""
    from companion.narration import seatnames

    return [
        Step(seatnames.shown(step.state, names), seatnames.shown(step.events, names)) if names else step
        for step, names in zip(steps, renames(gid, [step.state for step in steps]))
    ]


def outcome_sentence(state: Mapping[str, Any]) -> str:
    """How the game ended, in one sentence of the game's words (its plugin's `result`, naming the
    winners); a game still running says so."""
    from companion.narration.words import outcome_text, said
    from companion.plugins import get

    game = get(state.get("game"))
    done = game.result(state) if game is not None else None
    if done is not None:
        return said(done.sentence, game.id)
    stage = game.stage(state) if game is not None and state.get("outcome") is None else None
    if stage is not None:  # how far it is, as the game says it ("round 3")
        return _("Still running: {where}.").format(where=said(stage, game.id))
    if state.get("outcome") is None:
        return _("Still running.")
    return _("The game is over: {outcome}.").format(
        outcome=outcome_text(state.get("outcome"), state.get("game"))
    )


def key_moments(gid: str, steps: Sequence[Step]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Three key moments in the order they happened, and the rank of each (0: the weightiest): the
    game's weightiest (its `moments`), made up to three from its narration (the first, the middle
    and the last line) when it has fewer."""
    from companion.plugins import get

    game = get(gid)
    found = sorted(
        sorted((m for m in (game.moments(steps) if game is not None else ()) if m.text), key=lambda m: m.at),
        key=lambda m: -m.weight,
    )
    kinds: set[str] = set()
    best = []
    for m in found:  # weightiest first; of one kind only the first
        if m.kind and m.kind in kinds:
            continue
        kinds.add(m.kind)
        best.append(m)
    best = best[:MOMENTS]
    ranked = [(m.at, m.text) for m in best]  # weightiest first
    for at, line in _narrated(gid, steps):
        if len(ranked) >= MOMENTS:
            break
        if line not in (t for _a, t in ranked):
            ranked.append((at, line))
    order = sorted(range(len(ranked)), key=lambda k: ranked[k][0])  # chronological; k is each one's rank
    return tuple(ranked[k][1] for k in order), tuple(order)


def _narrated(gid: str, steps: Sequence[Step]) -> list[tuple[int, str]]:
    """(step, line) of the narration's first, middle and last line of the game (corrections left
    out), tidied."""
    from companion.narration.narrate import line

    lines = [
        (i, _tidy(line(e, gid)))
        for i, s in enumerate(steps)
        for e in s.events
        if e.get("event") != "adjusted"
    ]
    lines = [(i, t) for i, t in lines if t]
    if len(lines) <= MOMENTS:
        return lines
    return [lines[0], lines[len(lines) // 2], lines[-1]]


def _tidy(text: str) -> str:
    """A log line without its decoration ("*** ... ***", "=== ... ===", leading spaces)."""
    return text.strip().strip("*=-").strip()


# ---------------------------------------------------------------- when


def when(at: float | None) -> str:
    """The date and time `at` (seconds since the epoch, local time) in the table's language:
    "Saturday 14 March 2026, 22:41" ("Samstag, 14. März 2026, 22:41"); "" when not known."""
    if at is None:
        return ""
    t = dt.datetime.fromtimestamp(at)
    return _("{weekday} {day} {month} {year}, {time}").format(
        weekday=_weekdays()[t.weekday()],
        day=t.day,
        month=_months()[t.month - 1],
        year=t.year,
        time=t.strftime("%H:%M"),
    )


def _months() -> tuple[str, ...]:
    """The months' names in the table's language (context "month": "May" is no verb here)."""
    return (
        pgettext("month", "January"),
        pgettext("month", "February"),
        pgettext("month", "March"),
        pgettext("month", "April"),
        pgettext("month", "May"),
        pgettext("month", "June"),
        pgettext("month", "July"),
        pgettext("month", "August"),
        pgettext("month", "September"),
        pgettext("month", "October"),
        pgettext("month", "November"),
        pgettext("month", "December"),
    )


def _weekdays() -> tuple[str, ...]:
    """The weekdays' names in the table's language, Monday first."""
    return (
        pgettext("weekday", "Monday"),
        pgettext("weekday", "Tuesday"),
        pgettext("weekday", "Wednesday"),
        pgettext("weekday", "Thursday"),
        pgettext("weekday", "Friday"),
        pgettext("weekday", "Saturday"),
        pgettext("weekday", "Sunday"),
    )
