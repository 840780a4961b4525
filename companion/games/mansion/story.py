"""The Vampire Mansion's story chart (companion/ui/story.py draws it): the rounds left on the round
clock, and each player's stored points per round against the target."""

from __future__ import annotations

from companion.i18n import _
from companion.ui.story import NEUTRAL, Panel, Series, by_round, num, people, rounds_left, seat_names


def chart(states) -> tuple[Panel, ...]:
    """Rounds left on the round clock; stored points per player per round."""
    labels, picked = by_round(states)
    last = states[-1]
    names = seat_names(last)
    length = num(last.get("clock_length")) or 12
    left = Series(_("rounds left"), tuple(rounds_left(length, s.get("tick")) for s in picked), NEUTRAL, "diamond")
    stored = people(names, picked, lambda s, n: ((s.get("players") or {}).get(n) or {}).get("stored"))
    target = num(last.get("target")) or 20
    return (Panel(_("Round clock"), _("round"), labels, (left,), length),
            Panel(_("Stored points"), _("round"), labels, stored, target, y_lines=((target, _("target")),)))
