"""Masters of the Night's story chart (companion/ui/story.py draws it): the veil at the end of each
round, and each vampire's kill count per round."""

from __future__ import annotations

from companion.i18n import _
from companion.ui.story import NEUTRAL, Panel, Series, by_round, num, people, seat_names


def chart(states) -> tuple[Panel, ...]:
    """Veil per round; kills per round, per vampire."""
    labels, picked = by_round(states)
    names = seat_names(states[-1])
    veil = Series(_("veil"), tuple(num(s.get("veil")) for s in picked), NEUTRAL, "diamond")
    kills = people(names, picked, lambda s, n: ((s.get("vampires") or {}).get(n) or {}).get("kills"))
    top = max([6.0] + [v for k in kills for v in k.values if v is not None])
    return (Panel(_("Veil"), _("round"), labels, (veil,), 6),
            Panel(_("Kills"), _("round"), labels, kills, top))
