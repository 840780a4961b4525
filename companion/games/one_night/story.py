"""One Night Ultimate Vampire's story (companion/ui/story.py, its end card companion/ui/endcard.py): the
chart of the votes each player received and each timed step's seconds (extensions included), the
evening's key moments, and the card's picture."""

from __future__ import annotations

from companion.i18n import _, ngettext
from companion.ui.story import NEUTRAL, Moment, Panel, Series, num, seat_looks, seat_names


def chart(states) -> tuple[Panel, ...]:
    """The votes each player received (a bar in their colour); each timed step's seconds (with extensions)."""
    steps: dict[str, float] = {}
    for s in states:
        cur = s.get("current") or {}
        secs = num(cur.get("seconds"))
        if cur.get("id") and secs is not None:
            steps[str(cur["id"])] = max(steps.get(str(cur["id"]), 0.0), secs)  # seconds include any extension
    timers = Series(_("seconds"), tuple(steps.values()), NEUTRAL, "square")
    last = states[-1]
    count = int(num(last.get("players")) or 0)
    seats = [str(i) for i in range(1, count + 1)]
    tally: dict[str, float] = {}
    for target in (last.get("votes") or {}).values():
        tally[str(target)] = tally.get(str(target), 0.0) + 1
    names = seat_names(last) if len(seat_names(last)) == count else seats  # (story() gives seats their names)
    looks = seat_looks(last, names)
    votes = tuple(
        Series(
            name,
            tuple(tally.get(seat, 0.0) if k == i else None for k in range(count)),
            *looks[name],
            player=True,
        )
        for i, (seat, name) in enumerate(zip(seats, names))
    )
    numbers = tuple(str(i) for i in range(1, len(steps) + 1))  # the steps' names are in the log; numbers fit
    return (
        Panel(
            _("Votes received"),
            _("player"),
            tuple(names),
            votes,
            max([1.0] + list(tally.values())),
            kind="bar",
        ),
        Panel(_("Timers (s)"), _("step"), numbers, (timers,), max([10.0] + list(steps.values())), kind="bar"),
    )


def art(state) -> tuple[str, str]:
    """The end card's picture: the village at dawn, the night over."""
    return ("village", "dawn")


def backdrop(state) -> tuple[str, str]:
    """The picture behind the title bar while playing: the village at dusk while the cards are dealt,
    by night while the roles wake, by day for the discussion and the vote, at dawn once it is over."""
    if state.get("outcome") is not None:
        return art(state)
    phase = state.get("phase")
    return ("village", {"setup": "dusk", "dusk": "dusk", "night": "night", "dawn": "dawn"}.get(phase, "day"))


def moments(steps) -> list[Moment]:
    """The evening's key moments: the vote, what the dead really were, the longer discussion."""
    from companion.games.one_night.narration import role_name
    from companion.games.one_night.words import seat_name

    out: list[Moment] = []
    extra = 0
    for i, step in enumerate(steps):
        s = step.state
        for e in step.events:
            kind = e.get("event")
            if kind == "votes_counted":
                tally = {str(k): v for k, v in (e.get("tally") or {}).items()}
                leaders = [seat_name(s, k) for k in e.get("leaders") or ()]
                most = max(tally.values(), default=0)
                if leaders:
                    out.append(
                        Moment(
                            10,
                            ngettext(
                                "The vote: {names} with {n} vote.", "The vote: {names} with {n} votes.", most
                            ).format(names=", ".join(leaders), n=most),
                            i,
                        )
                    )
            elif kind == "revealed":
                winners = [seat_name(s, k) for k in e.get("winners") or ()]
                if winners:
                    out.append(Moment(8, _("Winners: {names}.").format(names=", ".join(winners)), i))
                cards = (s.get("result") or {}).get("cards") or {}
                for k in e.get("killed") or ():
                    if str(k) in cards:
                        out.append(
                            Moment(
                                9,
                                _("Card of {name}: {role}.").format(
                                    name=seat_name(s, k), role=role_name(cards[str(k)])
                                ),
                                i,
                            )
                        )
            elif kind == "paused":
                out.append(Moment(1, _("The narrator holds the night for a moment."), i))
            elif kind == "timer_extended":
                extra += int(e.get("seconds") or 0)
                out = [m for m in out if m.weight != 5]
                out.append(
                    Moment(5, _("The table talked {seconds} seconds longer.").format(seconds=extra), i)
                )
    return out
