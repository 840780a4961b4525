"""What the board lights show for Armata Strigoi (a pure function of the state).

The seven hex rooms sit on the districts given in the data (flower: hall B2, north A2, north-east
A3, south-east C3, south C2, south-west C1, north-west A1); B1 is the Altar and B3 the Inferno. The
veil bar shows the blood points on the Altar.
"""

from __future__ import annotations

from typing import Any

from companion.games.strigoi.rules.data import StrigoiData
from companion.games.strigoi.rules.state import State

ALTAR, INFERNO = "B1", "B3"


def board_view(data: StrigoiData, state: State) -> dict[str, Any]:
    """For each district what it stands for, its mood and intensity; the bar; the phase."""
    districts: dict[str, dict[str, Any]] = {}
    where = {v.room: v.id for v in state.strigoi if v.id in state.in_play}
    for room in data.fortress.rooms.values():
        districts[room.light] = _room_light(state, room.id, room.platform, where.get(room.id))
    districts[ALTAR] = {
        "represents": "altar",
        "mood": "dawn" if state.altar >= state.attack_need else "occupied",
        "intensity": round(state.altar / data.altar_max, 3),
    }
    districts[INFERNO] = {
        "represents": "inferno",
        "mood": "danger",
        "intensity": round(min(1.0, state.inferno / state.defeat_need), 3),
    }
    phase = "over" if state.outcome else ("dusk" if state.supreme else "night")
    return {"districts": dict(sorted(districts.items())), "bar": min(6, state.altar), "phase": phase}


def _room_light(state: State, rid: str, platform: bool, strigoi: str | None) -> dict[str, Any]:
    """One room: danger where a Strigoi stands, off where the platform fell, dim night elsewhere."""
    represents = f"room {rid}"
    if strigoi is not None:
        return {"represents": represents, "mood": "danger", "intensity": 1.0, "strigoi": strigoi}
    if platform and rid in state.collapsed:
        return {"represents": represents, "mood": "off", "intensity": 0.0}
    return {"represents": represents, "mood": "night", "intensity": 0.3 if platform else 0.2}
