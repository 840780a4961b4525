"""The evening's story: a chart of how a journaled game went, from its commands alone.

`story(commands)` replays a game (setup first, as the journal and scenario files hold it) and turns
its states into a `Chart`: plain frozen data, no pygame. Each game's panels come from its package (its
plugin's `story`, a function of the states, built with the helpers here: `by_round`, `people`,
`seat_names`, `num`, `rounds_left`); a game without one gets the title and its ending. Every series of
a player has that player's colour (companion.palette) and its own marker shape, so a line is told
apart without colour too. companion/ui/chart.py lays a Chart's panels out; the end-of-game card
(companion/ui/endcard.py, drawn by companion/ui/cardview.py) shows them with the game's key moments
(`Step`s in, `Moment`s out: each game's `moments`), on the screens and in `companion journal report`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion import palette
from companion.i18n import _
from companion.narration.words import outcome_text
from companion.storage import position

MARKERS = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "down",
    "cross",
)  # a seat's marker without a shape of its own
SHAPES = MARKERS + ("star", "hexagon", "pentagon")  # every marker companion/ui/chart.py draws
COLOURS = {name: rgb for rgb, name in palette.COLOUR_NAMES.items()}  # a seat's colour name -> RGB
NEUTRAL = (235, 232, 225)  # a series that belongs to nobody (the veil, the clock)


@dataclass(frozen=True)
class Series:
    """One line (or set of bars): its name, one value per x position (None: no value), its look."""

    name: str
    values: tuple[float | None, ...]
    colour: tuple[int, int, int]
    marker: str = "circle"
    player: bool = False  # a player's series: the end card's row of players names it (its legend)


@dataclass(frozen=True)
class Panel:
    """One plot: a title, the x positions' labels, the series, the y range and how to draw them."""

    title: str
    x_title: str
    x_labels: tuple[str, ...]
    series: tuple[Series, ...]
    y_max: float
    kind: str = "line"  # line | bar
    # horizontal marks such as a threshold: (y, label) or (y, label, colour) (default: the focus yellow)
    y_lines: tuple[tuple, ...] = ()


@dataclass(frozen=True)
class Step:
    """One command of a replayed game: the state JSON after it (after setup for the first) and the
    events it made, as dicts (`{"event": kind, ...}`): what a game's key moments are picked from."""

    state: Mapping[str, Any]
    events: tuple[Mapping[str, Any], ...] = ()


@dataclass(frozen=True)
class Moment:
    """A key moment of a game for its end card: one short sentence with names, in the table's
    language, how much it mattered (`weight`: the card keeps the three weightiest), when (`at`: the
    index of its step, so the card tells them in order) and what kind of moment it is (`kind`: of
    one kind the card keeps only the weightiest, so three big hauls do not crowd out the rest)."""

    weight: float
    text: str
    at: int = 0
    kind: str = ""


@dataclass(frozen=True)
class Chart:
    """The whole story: a title, a subtitle (the ending) and one or two panels."""

    title: str
    subtitle: str
    panels: tuple[Panel, ...]


def story(commands: Sequence[Mapping[str, Any]]) -> Chart:
    """The chart of a game given as its commands (setup first); a game still running works too."""
    from companion.storage.session import Session

    session = Session.replay([dict(c) for c in commands])
    states = [session.game.to_json(s) for s in session.states]
    return chart_of(states)


def chart_of(states: Sequence[Mapping[str, Any]]) -> Chart:
    """The chart of a game from its state JSON after setup and after every command (pure)."""
    if not states:
        return Chart(_("No game"), "", ())
    gid = str(states[-1].get("game"))
    states = same_names(gid, states)
    from companion.plugins import get

    game = get(gid)
    panels = game.story(states) if game is not None else None  # the game's own chart
    title = _title(gid)
    if panels is None:
        return Chart(title, _("no chart for this game yet"), ())
    return Chart(title, _ending(states[-1]), panels)


# ---------------------------------------------------------------- what the games' charts share


def by_round(
    states: Sequence[Mapping[str, Any]], round_of: Callable[[Mapping[str, Any]], Any]
) -> tuple[tuple[str, ...], list[Mapping[str, Any]]]:
    """The x axis of a game in rounds: the state after setup (round 0), then the last state of each
    round; `round_of(state)` is the round as the game's own state says it (the game's chart passes it)."""
    picked: list[Mapping[str, Any]] = [states[0]]
    labels = ["0"]  # round 0: the table as set up
    for i, s in enumerate(states):
        last = i == len(states) - 1 or round_of(states[i + 1]) != round_of(s)
        if last and i > 0:
            picked.append(s)
            labels.append(str(round_of(s)))
    return tuple(labels), picked


def people(
    names: Sequence[str], picked: Sequence[Mapping], value: Callable[[Mapping, str], Any]
) -> tuple[Series, ...]:
    """One series per person, in seat order, with their colour and marker shape: the seat's own
    (the state's "seats") when it has them, else the palette's colour and a marker of their own."""
    looks = seat_looks(picked[-1] if picked else {}, names)
    return tuple(Series(n, tuple(num(value(s, n)) for s in picked), *looks[n], player=True) for n in names)


def seat_looks(state: Mapping, names: Sequence[str] = ()) -> dict[str, tuple[tuple[int, int, int], str]]:
    """Name -> (colour, marker) of every player: the seats' colour and shape as the state JSON gives
    them ("seats"), else the palette's colour for the name and a marker by seat; `names` (default:
    the seats') in seating order."""
    seats = [p for p in state.get("seats") or () if isinstance(p, Mapping)]
    order = list(names) or [str(p.get("name")) for p in seats]
    colours = palette.player_colours(order)
    by_name = {str(p.get("name")): p for p in seats}
    out = {}
    for i, n in enumerate(order):
        seat = by_name.get(n, {})
        colour = COLOURS.get(str(seat.get("colour")), colours[n])
        shape = seat.get("shape") if seat.get("shape") in SHAPES else MARKERS[i % len(MARKERS)]
        out[n] = (colour, shape)
    return out


def same_names(game: str, states: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The states with every player called by the name the last one gives their seat, as the table
    shows it (a player renamed during the game is one line, not two; an unnamed seat's code is the
    game's default name: companion/narration/seatnames.py)."""
    from companion.narration import seatnames

    return [seatnames.shown(s, names) for s, names in zip(states, renames(game, states))]


def renames(game: str, states: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    """For each state, {name it gives a seat: the name the table shows for that seat at the end}
    (empty where they are the same): what `same_names` swaps, in states and their events alike."""
    from companion.narration import seatnames

    final = seat_names(states[-1])
    final = [seatnames.for_table(game, final).get(n, n) for n in final]
    return [{a: b for a, b in zip(seat_names(s), final) if a != b} for s in states]


def seat_names(state: Mapping) -> list[str]:
    """The players in seating order, as the game API names them in every state JSON ("seats"); none
    when it has no seats (`companion.storage.position.seat_names`, which the journal's line reads too)."""
    return position.seat_names(state) or []


# ---------------------------------------------------------------- helpers


def in_round(n: Any, sentence: str) -> str:
    """`sentence` said of round `n` (the game's own count): "Round 5: Mila is drained." (as it is
    without one)."""
    return _("Round {n}: {what}").format(n=n, what=sentence) if isinstance(n, int) else sentence


def num(value: Any) -> float | None:
    """A number from the state, or None when it is missing or not a number."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def rounds_left(length: float, tick: Any) -> float | None:
    """Rounds left on a clock of `length` at `tick`."""
    t = num(tick)
    return None if t is None else max(0.0, length - t)


def _title(gid: str) -> str:
    """The game's name as the games list gives it."""
    from companion.plugins import games

    game = games().get(gid)
    return game.title if game else gid


def _ending(last: Mapping[str, Any]) -> str:
    """How the game ended (or where it stands), how far it got as its plugin says (`stage`: "round 13")."""
    from companion.narration.words import said
    from companion.plugins import get

    game = get(last.get("game"))
    stage = game.stage(last) if game is not None else None
    where = said(stage, game.id) if stage is not None else ""
    outcome = last.get("outcome")
    if outcome:  # a sentence, never "ended: defeat veil, 13 rounds"
        told = outcome_text(outcome, last.get("game"))
        if not where:
            return _("The game is over: {outcome}.").format(outcome=told)
        return _("Ended in {where}: {outcome}.").format(where=where, outcome=told)  # short: beside the title
    return ", ".join(x for x in (_("still running"), where) if x)
