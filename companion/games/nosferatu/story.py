"""Nosferatu's story chart (companion/ui/story.py draws it): the Clock's Nights left per round, and
each player's Bites per round against the bites that win."""

from __future__ import annotations

from companion.i18n import _
from companion.ui.story import NEUTRAL, Panel, Series, by_round, num, people


def chart(states) -> tuple[Panel, ...]:
    """Nights left on the Clock per round; Bites per player per round."""
    labels, picked = by_round(states)
    last = states[-1]
    names = [n for n in last.get("players") or [] if n != last.get("renfield")]
    left = tuple(num((s.get("clock") or {}).get("nights_left")) for s in picked)
    clock = Series(_("Nights left"), left, NEUTRAL, "diamond")
    bites = people(names, picked, lambda s, n: (s.get("bites") or {}).get(n))
    goal = num(last.get("bites_to_win")) or 5
    top_clock = max([1.0] + [v for v in clock.values if v is not None])
    return (Panel(_("Clock"), _("round"), labels, (clock,), top_clock),
            Panel(_("Bites"), _("round"), labels, bites, goal, y_lines=((goal, _("goal")),)))
