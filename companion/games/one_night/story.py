"""One Night Ultimate Vampire's story chart (companion/ui/story.py draws it): each timed step's seconds
(extensions included), and the votes each seat received."""

from __future__ import annotations

from companion import palette
from companion.i18n import _
from companion.ui.story import NEUTRAL, Panel, Series, num, seat_names


def chart(states) -> tuple[Panel, ...]:
    """Each timed step's seconds (with extensions); the votes each seat received."""
    steps: dict[str, float] = {}
    for s in states:
        cur = s.get("current") or {}
        secs = num(cur.get("seconds"))
        if cur.get("id") and secs is not None:
            steps[str(cur["id"])] = max(steps.get(str(cur["id"]), 0.0), secs)  # seconds include any extension
    timers = Series(_("seconds"), tuple(steps.values()), NEUTRAL, "square")
    last = states[-1]
    seats = [str(i) for i in range(1, int(num(last.get("players")) or 0) + 1)]
    names = seat_names(last) or seats  # each seat by its player's name (the game API's seats)
    tally: dict[str, float] = {}
    for target in (last.get("votes") or {}).values():
        tally[str(target)] = tally.get(str(target), 0.0) + 1
    votes = Series(_("votes"), tuple(tally.get(seat, 0.0) for seat in seats), palette.VERMILLION, "square")
    numbers = tuple(str(i) for i in range(1, len(steps) + 1))  # the steps' names are in the log; numbers fit
    return (Panel(_("Timers (s)"), _("step"), numbers, (timers,), max([10.0] + list(steps.values())), kind="bar"),
            Panel(_("Votes received"), _("player"), tuple(names), (votes,), max([1.0] + list(votes.values)), kind="bar"))
