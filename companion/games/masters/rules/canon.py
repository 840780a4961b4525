"""Masters of the Night's canonical forms: what the journal must store of a command for an exact
replay (the card drawn, the dice rolled, the costs read from the sheets). `FILLS` maps a command to
the function that fills it in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.masters.rules import board, day, dice, night, relics
from companion.games.masters.rules import commands as C
from companion.games.masters.rules import events as E
from companion.games.masters.rules.data import MUSEUM, MastersData
from companion.games.masters.rules.handlers import die_index, is_event, relic_costs
from companion.games.masters.rules.state import MastersState, evolve
from companion.rules.commands import Command


def _canon_draw(data, s, cmd: C.Draw) -> C.Draw:
    """The card drawn, its grid and the tracker numbers used at draw time."""
    if not s.deck_acts or board.active_day_effects(data, s):
        return cmd
    key = cmd.card or (s.deck[0] if s.deck else None)
    if key is None:
        return cmd
    card = day.card_for(data, s, key, cmd)
    return evolve(
        cmd,
        card=key,
        name=card.name,
        red=card.red,
        blue=card.blue,
        red_agents=card.red_agents,
        blue_agents=card.blue_agents,
    )


def _canon_reroll(data, s, cmd: C.Reroll) -> C.Reroll:
    """The values rolled by the game's RNG."""
    if cmd.values is not None or s.dice:
        return cmd
    values, _ = dice.roll_values(s)
    return evolve(cmd, values=values)


def _canon_museum(data, s, cmd: C.ResolveDayEffect) -> C.ResolveDayEffect:
    """The relic drawn at the museum and who got it."""
    if s.at(board.check_pos(cmd.district)).key != MUSEUM:
        return cmd
    ev: list = []
    day.resolve_day_effect(data, s, cmd, ev)
    drawn = [e for e in ev if isinstance(e, E.RelicDrawn)]
    return evolve(cmd, relic=drawn[0].relic, to=drawn[0].to) if drawn else cmd


def _canon_die(data, s, cmd: C.UseDie) -> C.UseDie:
    """The die used, by face and index: the default's pick, the die a value or an index names."""
    if s.combat is None:
        return cmd
    i = dice.pick(s, dice.index_of(s, cmd.value, die_index(cmd)), lowest_only=s.combat.day)
    return evolve(cmd, value=s.dice[i], index=i, die=None)


def _canon_event(data, s, cmd):
    """Whether agents added or moved count as an event's (veil rules)."""
    return cmd if cmd.event is not None else evolve(cmd, event=is_event(s, cmd))


def _canon_district(data, s, cmd: C.DistrictEffect) -> C.DistrictEffect:
    """The AP printed on the district."""
    return cmd if cmd.ap is not None else evolve(cmd, ap=night.night_ap(data, s))


def _canon_blood(data, s, cmd: C.BloodAbility) -> C.BloodAbility:
    """The blood cost from the vampire sheet."""
    if cmd.blood is not None:
        return cmd
    name = cmd.vampire or (s.combat.fighter if s.combat else night.actor(s).name)
    return evolve(cmd, blood=data.vampire(name).blood_cost)


def _canon_dark(data, s, cmd: C.DarkAbility) -> C.DarkAbility:
    """The veil cost from the vampire sheet."""
    if cmd.veil is not None:
        return cmd
    name = cmd.vampire or (s.combat.fighter if s.combat else night.actor(s).name)
    return evolve(cmd, veil=data.vampire(name).dark_veil)


def _canon_relic(data, s, cmd: C.UseRelic) -> C.UseRelic:
    """The relic's costs from its card."""
    ap, blood, veil = relic_costs(data.relic(relics.known(data, cmd.relic)), cmd)
    return evolve(cmd, ap=ap, blood=blood, veil=veil)


def _canon_day_combat(data, s, cmd: C.DayCombat) -> C.DayCombat:
    """The fighter the default picks."""
    if cmd.vampire is not None:
        return cmd
    fighters = [v.name for v in s.vampires_in(board.check_pos(cmd.district)) if not v.drained]
    return evolve(cmd, vampire=fighters[0]) if fighters else cmd


FILLS: dict[type, Callable[[MastersData, MastersState, Any], Command]] = {
    C.Draw: _canon_draw,
    C.Reroll: _canon_reroll,
    C.ResolveDayEffect: _canon_museum,
    C.UseDie: _canon_die,
    C.AddAgents: _canon_event,
    C.MoveAgents: _canon_event,
    C.Replace: _canon_event,
    C.DistrictEffect: _canon_district,
    C.BloodAbility: _canon_blood,
    C.DarkAbility: _canon_dark,
    C.UseRelic: _canon_relic,
    C.DayCombat: _canon_day_combat,
}
