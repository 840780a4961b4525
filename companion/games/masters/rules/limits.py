"""Per-vampire limits: the blood maximum and how many relics a kill count allows."""

from __future__ import annotations

from companion.games.masters.rules.data import MastersData
from companion.games.masters.rules.state import BLOOD_MAX, Vampire

RELIC_KILLS = ((5, 2), (2, 1))  # kill count reached -> relics allowed


def max_blood(data: MastersData, v: Vampire) -> int:
    """4, or more while holding a relic that raises it (Pristine Blood: 6)."""
    best = BLOOD_MAX
    for key in v.relics:
        info = data.relic(key)
        if info is not None and info.max_blood > best:
            best = info.max_blood
    return best


def relic_limit(kills: int) -> int:
    """Relics a vampire may hold: 1 from kill count 2, 2 from kill count 5."""
    for needed, allowed in RELIC_KILLS:
        if kills >= needed:
            return allowed
    return 0
