"""Armata Strigoi's story chart (companion/ui/story.py draws it): the Altar's and the Inferno's blood
points per round against their marks, and each Powerwolf's wounds per round."""

from __future__ import annotations

from companion import palette
from companion.i18n import _
from companion.ui.story import Panel, Series, by_round, num, people, seat_names

ALTAR = (200, 20, 30)  # the Altar's blood, on the chart and the screens
INFERNO = palette.ORANGE


def chart(states) -> tuple[Panel, ...]:
    """Altar and Inferno blood points per round; each Powerwolf's wounds per round."""
    labels, picked = by_round(states)
    last = states[-1]
    blood = (Series(_("Altar"), tuple(num(s.get("altar")) for s in picked), ALTAR, "circle"),
             Series(_("Inferno"), tuple(num(s.get("inferno")) for s in picked), INFERNO, "triangle"))
    names = seat_names(last)
    wounds = people(names, picked, lambda s, n: ((s.get("powerwolves") or {}).get(n) or {}).get("wounds"))
    needs = ((num(last.get("attack_need")), _("Altar: attack")), (num(last.get("defeat_need")), _("Inferno: defeat")))
    marks = tuple(m for m in needs if m[0])
    top = max([5.0] + [v for b in blood for v in b.values if v is not None])
    return (Panel(_("Blood points"), _("round"), labels, blood, top, y_lines=marks),
            Panel(_("Wounds"), _("round"), labels, wounds, 3))
