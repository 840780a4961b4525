"""How the game ends: the veil reaching 0, the event deck running out, the Blood Moon ritual.

`change_veil` lives here because a veil at 0 ends the game on the spot.
"""

from __future__ import annotations

from companion.errors import N_, Text
from companion.games.masters.rules import events as E
from companion.games.masters.rules.state import VEIL_MAX, MastersState, Outcome, Phase, Step, evolve


def end(s: MastersState, outcome: Outcome, ev: list) -> MastersState:
    """The game is over: no turn, no fight, phase and step "over"."""
    ev.append(E.GameOver(outcome.value))
    return evolve(s, outcome=outcome, phase=Phase.OVER, step=Step.OVER, turn=None, combat=None)


def change_veil(s: MastersState, by: int, why: str, ev: list) -> MastersState:
    """Move the veil by `by` (never above 6); reaching 0 loses the game at once."""
    new = min(VEIL_MAX, s.veil + by)
    if new == s.veil:
        return s
    new = max(0, new)
    ev.append(E.VeilChanged(s.veil, new, why))
    s = evolve(s, veil=new)
    return end(s, Outcome.DEFEAT_VEIL, ev) if new == 0 else s


def ritual_blocker(s: MastersState, pos: str) -> str | None:
    """Why the ritual cannot be performed in `pos` now, or None if it can."""
    missing = [v.name for v in s.vampires if not v.sigil_placed]
    if missing:
        return Text(N_("dread sigils still to place: {missing}"), missing=", ".join(missing))
    away = [v.name for v in s.vampires if v.district != pos]
    if away:
        return Text(N_("all vampires must be here ({away} not)"), away=", ".join(away))
    d = s.at(pos)
    if d.agents:
        return Text(N_("agents are in the district"))
    if d.minions < len(s.vampires):
        return Text(N_("{n} minions needed here, {minions} present"), n=len(s.vampires), minions=d.minions)
    return None
