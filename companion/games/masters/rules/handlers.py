"""Masters of the Night's handlers: one per verb, most a line over the concept modules (day, night,
agents, combat, dice, relics); `HANDLERS` is the table `game.MastersGame` dispatches through. A handler
returns a new state or raises, so a refused command changes nothing.
"""

from __future__ import annotations

from companion.errors import N_, CommandError, RuleViolation
from companion.games.masters.rules import adjust as adjust_mod
from companion.games.masters.rules import agents, board, combat, day, dice, endgame, night, relics, tokens
from companion.games.masters.rules import commands as C
from companion.games.masters.rules import events as E
from companion.games.masters.rules.state import MastersState, Step, evolve
from companion.rules.base import Handler


def is_event(s: MastersState, cmd) -> bool:
    """Whether a token change counts as an event card's: as the command says, else while a card is resolved."""
    return cmd.event if cmd.event is not None else s.card is not None


def relic_costs(info, cmd: C.UseRelic) -> tuple[int, int, int]:
    """AP, blood and veil a relic use costs: the command's values, else the relic card's."""
    return (
        info.ap if cmd.ap is None else cmd.ap,
        info.blood if cmd.blood is None else cmd.blood,
        info.veil if cmd.veil is None else cmd.veil,
    )


def _add_agents(data, s, cmd: C.AddAgents, ev):
    """Agents from the reserve; an event's (default while a card is resolved) follow the veil rules."""
    event = is_event(s, cmd)
    return agents.add(s, board.check_pos(cmd.district), cmd.n, cmd.exposed, event, ev)


def _move_agents(data, s, cmd: C.MoveAgents, ev):
    """Agents between districts."""
    event = is_event(s, cmd)
    return agents.move(
        s, board.check_pos(cmd.from_, "from"), board.check_pos(cmd.to, "to"), cmd.n, cmd.exposed, event, ev
    )


def _remove_agents(data, s, cmd: C.RemoveAgents, ev):
    """Agents back to the reserve, kills to `by`."""
    pos = board.check_pos(cmd.district)
    if cmd.by is not None and cmd.by not in s.order:
        raise CommandError(N_("remove_agents: {by!r} is not playing"), by=cmd.by)
    s = agents.remove(s, pos, cmd.n, cmd.exposed, ev, by=cmd.by)
    return tokens.add_kills(s, cmd.by, cmd.n, ev) if cmd.by else s


def _replace(data, s, cmd: C.Replace, ev):
    """Agents become minions or minions agents; an empty reserve follows the FAQ."""
    pos = board.check_pos(cmd.district)
    if cmd.n < 1:
        raise RuleViolation("replace", N_("at least one token"))
    if cmd.what == "agent":
        s = agents.remove(s, pos, cmd.n, None, ev)
        return tokens.place_minions(s, pos, cmd.n, ev)  # no minion left: the agent just goes
    if cmd.what == "minion":
        event = is_event(s, cmd)
        s = tokens.remove_minions(s, pos, cmd.n, ev)
        return agents.add(
            s, pos, cmd.n, exposed=False, event=event, ev=ev
        )  # missing agents: veil -1 if an event
    raise CommandError(N_('replace: what must be "agent" or "minion"'))


def _add_minions(data, s, cmd: C.AddMinions, ev):
    """Minions from the reserve by an effect (no veil change); refused if the reserve lacks them."""
    if not 1 <= cmd.n <= s.reserve.minions:
        raise RuleViolation(
            "add_minions", N_("{minions} minion(s) in the reserve"), minions=s.reserve.minions
        )
    return tokens.place_minions(s, board.check_pos(cmd.district), cmd.n, ev)


def _attach(data, s, cmd: C.AttachCard, ev):
    """Keep the event card in play on a district or a vampire."""
    if s.card is None or cmd.card != s.card.key:
        raise RuleViolation("attach_card", N_("only the event card being resolved can be attached"))
    if day.attached_to(s, cmd.card):
        raise RuleViolation("attach_card", N_("{card} is already attached"), card=cmd.card)
    ev.append(E.CardAttached(cmd.card, cmd.to))
    if cmd.to in s.order:
        v = s.vampire(cmd.to)
        return s.with_vampire(evolve(v, cards=v.cards + (cmd.card,)))
    d = s.at(board.check_pos(cmd.to, "to"))
    return s.with_district(evolve(d, cards=d.cards + (cmd.card,)))


def _discard_card(data, s, cmd: C.DiscardCard, ev):
    """An attached card leaves play (its condition was met)."""
    where = day.attached_to(s, cmd.card)
    if where is None:
        raise RuleViolation("discard_card", N_("{card} is not attached anywhere"), card=cmd.card)
    ev.append(E.CardDiscarded(cmd.card))
    if where in s.order:
        v = s.vampire(where)
        return s.with_vampire(evolve(v, cards=tuple(c for c in v.cards if c != cmd.card)))
    d = s.at(where)
    return s.with_district(evolve(d, cards=tuple(c for c in d.cards if c != cmd.card)))


def _veil(data, s, cmd: C.Veil, ev):
    """An effect moves the veil: increases at once, decreases after the event card if one is resolved."""
    if cmd.by >= 0:
        return endgame.change_veil(s, cmd.by, "an effect", ev)
    return agents.queue_or_apply(s, -cmd.by, "an effect", ev)


def _day_combat(data, s, cmd: C.DayCombat, ev):
    """Agents attack by day (hunt step), or a card starts a day fight (card-effect step)."""
    pos = board.check_pos(cmd.district)
    if s.step is Step.HUNT and pos not in board.hunts_due(s):
        raise RuleViolation(
            "day combat", N_("no day combat due in {pos} (a non-drained vampire and 3+ agents)"), pos=pos
        )
    fighters = [v.name for v in s.vampires_in(pos) if not v.drained]
    name = cmd.vampire or (fighters[0] if fighters else None)
    if name not in fighters:
        raise RuleViolation(
            "day combat", N_("{value} is not a non-drained vampire in {pos}"), value=name or "nobody", pos=pos
        )
    return combat.start(s, pos, name, day=True, back=s.step, ev=ev)


def _use_die(data, s, cmd: C.UseDie, ev):
    """One die in the fight, named by its face `value` (or by `index`; `die` is the old name of `index`)."""
    return combat.use_die(data, s, dice.index_of(s, cmd.value, die_index(cmd)), cmd.shift, ev)


def die_index(cmd: C.UseDie) -> int | None:
    """The index a use_die gives: `index`, or `die` from journals written before `value` existed."""
    if cmd.die is not None and cmd.index is not None:
        raise CommandError(N_("use_die: die is the old name of index: give one of them"))
    return cmd.index if cmd.index is not None else cmd.die


def _hand_over(data, s, cmd: C.HandOver, ev):
    """Another vampire takes over the fight."""
    return combat.hand_over(s, cmd.vampire, ev)


def _end_combat(data, s, cmd, ev):
    """The table ends the fight."""
    return combat.finish(s, ev)


def _set_ap(data, s, cmd: C.SetAp, ev):
    """An effect sets a vampire's AP (and from now on with `each_round`)."""
    if cmd.vampire not in s.order:
        raise CommandError(N_("set_ap: {vampire!r} is not playing"), vampire=cmd.vampire)
    if not 0 <= cmd.ap <= 9:
        raise RuleViolation("set_ap", N_("AP go from 0 to 9"))
    v = s.vampire(cmd.vampire)
    v = evolve(v, ap=cmd.ap, base_ap=cmd.ap if cmd.each_round else v.base_ap)
    ev.append(E.APSet(v.name, cmd.ap))
    return s.with_vampire(v)


def _give_relic(data, s, cmd: C.GiveRelic, ev):
    """A relic to a vampire by an effect."""
    if cmd.vampire not in s.order:
        raise CommandError(N_("give_relic: {vampire!r} is not playing"), vampire=cmd.vampire)
    return relics.give(data, s, cmd.relic, cmd.vampire, cmd.discard, ev)


def _place_relic(data, s, cmd: C.PlaceRelic, ev):
    """The turn vampire puts a placeable relic into its district."""
    v = night.actor(s)
    return relics.place(data, s, v.name, cmd.relic, cmd.district, ev)


def _use_relic(data, s, cmd: C.UseRelic, ev):
    """The turn vampire (in a night fight also the fighter) uses a relic, paying its AP, blood and veil."""
    v = s.vampire(_relic_user(s, cmd))
    info = data.relic(relics.known(data, cmd.relic))
    ap, blood, veil = relic_costs(info, cmd)
    if v.drained:
        raise RuleViolation("use_relic", N_("drained"))
    if min(ap, blood, veil) < 0:
        raise RuleViolation("use_relic", N_("costs cannot be negative"))
    if v.ap < ap or v.blood < blood:
        raise RuleViolation("use_relic", N_("needs {ap} AP and {blood} blood"), ap=ap, blood=blood)
    s = relics.use(data, s, v.name, cmd.relic, ev)
    s = s.with_vampire(evolve(s.vampire(v.name), ap=v.ap - ap))
    s = tokens.set_blood(data, s, v.name, v.blood - blood, ev)
    return endgame.change_veil(s, -veil, f"relic {info.name}", ev) if veil else s


def _relic_user(s: MastersState, cmd: C.UseRelic) -> str:
    """Who uses a relic: relics work only at night, on the vampire's turn or, in a night fight, the fighter."""
    if s.combat is not None and s.combat.day:
        raise RuleViolation("use_relic", N_("relics are used during the night phase, not in a day fight"))
    allowed = (s.turn,) if s.combat is None else tuple(dict.fromkeys((s.combat.fighter, s.turn)))
    name = cmd.vampire or allowed[0]
    if name not in s.order:
        raise CommandError(N_("use_relic: {name!r} is not playing"), name=name)
    if name not in allowed:
        raise RuleViolation(
            "use_relic",
            N_("only {allowed} may use a relic now"),
            allowed=" or ".join(n for n in allowed if n),
        )
    return name


HANDLERS: dict[type, Handler] = {
    C.ResolveDayEffect: day.resolve_day_effect,
    C.Draw: day.draw,
    C.PlaceAgents: day.place_agents,
    C.ResolveCard: lambda data, s, cmd, ev: day.resolve_card(s, ev),
    C.AbilityCard: day.ability_card,
    C.AddAgents: _add_agents,
    C.MoveAgents: _move_agents,
    C.RemoveAgents: _remove_agents,
    C.Replace: _replace,
    C.AddMinions: _add_minions,
    C.Expose: night.expose,
    C.AttachCard: _attach,
    C.DiscardCard: _discard_card,
    C.Veil: _veil,
    C.DayCombat: _day_combat,
    C.Sacrifice: lambda data, s, cmd, ev: combat.sacrifice(s, cmd.minions, ev),
    C.UseDie: _use_die,
    C.Reroll: lambda data, s, cmd, ev: dice.reroll(s, cmd.values, ev),
    C.HandOver: _hand_over,
    C.EndCombat: _end_combat,
    C.Move: night.move,
    C.Fight: night.fight,
    C.Recruit: night.recruit,
    C.DistrictEffect: night.district_effect,
    C.BloodAbility: night.blood_ability,
    C.Hunt: night.hunt,
    C.ExchangeRelics: night.exchange_relics,
    C.WildHunt: night.wild_hunt,
    C.DarkAbility: night.dark_ability,
    C.Sigillate: night.sigillate,
    C.Ritual: night.ritual,
    C.EndTurn: night.end_turn,
    C.SetAp: _set_ap,
    C.GiveRelic: _give_relic,
    C.DiscardRelic: lambda data, s, cmd, ev: relics.discard_relic(data, s, cmd.relic, ev),
    C.PlaceRelic: _place_relic,
    C.UseRelic: _use_relic,
    C.Adjust: adjust_mod.adjust,
}
