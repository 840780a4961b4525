"""Masters of the Night on a phone: its state has no `board` picture (its scene reads the districts,
vampires and veil), so the phone view (companion/web/phoneview.py) asks this for its 3x3 cells."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.i18n import _, data_name
from companion.inputs import DISTRICTS
from companion.web.phoneview import MOOD_COLOURS, marks


def board(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Masters of the Night: each district's name, agents, minions and sigil, and who stands there."""
    districts, vampires = state["districts"], state["vampires"]
    seats = {str(s.get("name")): s for s in state.get("seats") or [] if isinstance(s, Mapping)}
    out = []
    for pos in DISTRICTS:
        d = districts.get(pos) or {}
        hidden, exposed, minions = d.get("agents_hidden", 0), d.get("agents_exposed", 0), d.get("minions", 0)
        lines = []
        if hidden or exposed:
            lines.append(_("agents {hidden}+{exposed}").format(hidden=hidden, exposed=exposed))
        if minions:
            lines.append(_("minions {n}").format(n=minions))
        if d.get("sigil"):
            lines.append(_("sigil: {name}").format(name=d["sigil"]))
        here = [
            n
            for n, v in vampires.items()
            if isinstance(v, Mapping) and v.get("district") == pos and not v.get("drained")
        ]
        danger = (hidden or exposed) > minions
        out.append(
            {
                "pos": pos,
                "label": data_name(str(d.get("name") or pos)),
                "lines": lines,
                "colour": MOOD_COLOURS["danger" if danger else "night" if minions else "occupied"],
                "level": 0.8,
                "marks": marks(seats.get(n) or {"name": n} for n in here),
            }
        )
    return out
