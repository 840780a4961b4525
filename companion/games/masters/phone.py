"""Masters of the Night on a phone: its state has no `board` picture (its scene reads the districts,
vampires and veil), so the phone view (companion/web/phoneview.py) asks this for its 3x3 cells."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.i18n import N_, _, data_name
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
        lines = []  # the counts as the table draws them: a token picture beside each number
        shown = (
            (hidden, "agent-hidden", N_("hidden agents")),
            (exposed, "agent-exposed", N_("exposed agents")),
        )
        shown += ((minions, "minion", N_("minions")),)
        found = [count(icon, n, label) for n, icon, label in shown if n]
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
                "counts": found,
                "colour": MOOD_COLOURS["danger" if danger else "night" if minions else "occupied"],
                "level": 0.8,
                "marks": marks(seats.get(n) or {"name": n} for n in here),
            }
        )
    return out


def count(icon: str, n: Any, label: str) -> dict[str, str]:
    """One number for the phone with its token picture (companion/web/tokens.py) and its words."""
    return {"icon": icon, "n": str(n), "label": _(label)}


def counts(state: Mapping[str, Any]) -> dict[str, Any]:
    """The veil, and each vampire's blood, kills and (on their turn) action points, as the table's
    player strip shows them (companion/games/masters/view.py `vampire_counts`)."""
    veil = state.get("veil")
    players = {}
    for name, v in (state.get("vampires") or {}).items():
        if not isinstance(v, Mapping):
            continue
        mine = [
            count("blood", f"{v.get('blood', 0)}/{v.get('max_blood', 4)}", N_("blood")),
            count("kill", v.get("kills", 0), N_("kills")),
        ]
        if name == state.get("turn") and state.get("phase") == "night":
            mine.append(count("ap", v.get("ap", 0), N_("action points")))
        players[str(name)] = mine
    return {"game": [count("veil", veil, N_("veil"))] if isinstance(veil, int) else [], "players": players}
