"""The evening's story: a chart of how a journaled game went, from its commands alone.

`story(commands)` replays a game (setup first, as the journal and scenario files hold it) and turns
its states into a `Chart`: plain frozen data, no pygame. Each game's panels come from its package (its
descriptor's `story`, a function of the states, built with the helpers here: `by_round`, `people`,
`seat_names`, `num`, `rounds_left`; the records `Chart`, `Panel`, `Series` are companion/ui/chart.py's,
named here too); a game without one gets the title and its ending. Every series of
a player has that player's colour (companion.palette) and its own marker shape, so a line is told
apart without colour too. companion/ui/chart.py draws a Chart as PNG, SVG or into a
rect of a screen; `write_report` is what `companion journal report ID --out FILE` calls.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from companion import palette
from companion.i18n import _, ngettext
from companion.narration.words import outcome_text
from companion.ui.chart import MARKERS, NEUTRAL, Chart, Panel, Series  # noqa: F401  (the games build with them)


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
    from companion.games import games, resolve

    game = games().get(gid)
    make = resolve(game.story) if game is not None and game.story else None  # the game's descriptor names it
    title = _title(gid)
    if make is None:
        return Chart(title, _("no chart for this game yet"), ())
    return Chart(title, _ending(states[-1]), make(states))


def write_report(commands: Sequence[Mapping[str, Any]], out: str | Path, size: tuple[int, int] = (1200, 720)) -> Path:
    """Write the game's chart to `out`: PNG or SVG by its suffix (ValueError for another)."""
    from companion.ui import chart as draw

    path = Path(out)
    suffix = path.suffix.lower()
    if suffix not in (".png", ".svg"):
        raise ValueError(f"{out}: give a file ending in .png or .svg")
    model = story(commands)
    if suffix == ".svg":
        path.write_text(draw.to_svg(model, size), encoding="utf-8")
    else:
        draw.to_png(model, path, size)
    return path


def report_main(journal, game_id: int, out: str) -> int:
    """`companion journal report ID --out FILE`: write the chart; exit 0, 1 (no such game or it no
    longer replays) or 2 (a file type other than .png/.svg), with a one-line message."""
    import sys

    from companion.errors import CompanionError

    if Path(out).suffix.lower() not in (".png", ".svg"):
        print(f"companion journal report: {out}: give a file ending in .png or .svg", file=sys.stderr)
        return 2
    try:
        path = write_report(journal.commands(game_id), out)
    except CompanionError as exc:
        print(f"companion journal report: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"companion journal report: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"wrote {path}")
    return 0


# ---------------------------------------------------------------- what the games' charts share


def by_round(states: Sequence[Mapping[str, Any]]) -> tuple[tuple[str, ...], list[Mapping[str, Any]]]:
    """The x axis of a game in rounds: the state after setup (round 0), then the last state of each round."""
    picked: list[Mapping[str, Any]] = [states[0]]
    labels = ["0"]  # round 0: the table as set up
    for i, s in enumerate(states):
        last = i == len(states) - 1 or states[i + 1].get("round") != s.get("round")
        if last and i > 0:
            picked.append(s)
            labels.append(str(s.get("round")))
    return tuple(labels), picked


def people(names: Sequence[str], picked: Sequence[Mapping],
            value: Callable[[Mapping, str], Any]) -> tuple[Series, ...]:
    """One series per person, in seat order, with their colour and a marker of their own."""
    colours = palette.player_colours(names)
    return tuple(Series(n, tuple(num(value(s, n)) for s in picked), colours[n], MARKERS[i % len(MARKERS)])
                 for i, n in enumerate(names))


def seat_names(state: Mapping) -> list[str]:
    """The players in seating order, as the game API names them in every state JSON ("seats")."""
    return [p["name"] for p in state.get("seats") or ()]


# ---------------------------------------------------------------- helpers


def num(value: Any) -> float | None:
    """A number from the state, or None when it is missing or not a number."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def rounds_left(length: float, tick: Any) -> float | None:
    """Rounds left on a clock of `length` at `tick`."""
    t = num(tick)
    return None if t is None else max(0.0, length - t)


def _title(gid: str) -> str:
    """The game's name as the games list gives it."""
    from companion.games import games

    game = games().get(gid)
    return game.title if game else gid


def _ending(last: Mapping[str, Any]) -> str:
    """How the game ended (or where it stands)."""
    outcome = last.get("outcome")
    rounds = ngettext("{n} round", "{n} rounds", last["round"]).format(n=last["round"]) if isinstance(last.get("round"), int) else ""
    if outcome:  # a sentence, never "ended: defeat veil, 13 rounds"
        said = outcome_text(outcome, last.get("game"))
        if not isinstance(last.get("round"), int):
            return _("The game is over: {outcome}.").format(outcome=said)
        return _("Ended in round {n}: {outcome}.").format(n=last["round"], outcome=said)  # short: beside the title
    return ", ".join(x for x in (_("still running"), _("round {n}").format(n=last["round"]) if rounds else "") if x)
