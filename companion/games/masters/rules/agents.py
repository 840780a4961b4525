"""Agents on the board: placement from an event card's grid, adding/moving/removing, exposing,
and the veil arithmetic that goes with event placements.

Veil rule for events: once per district that receives agents while holding a minion or a non-drained
vampire (checked where the agents really appear), and once per agent the reserve could not supply.
While an event card is being resolved these decreases wait in the state's veil queue; the card's end
(`resolve_card`) applies them.
"""

from __future__ import annotations

from companion.errors import N_, RuleViolation
from companion.games.masters.rules import board, endgame
from companion.games.masters.rules import events as E
from companion.games.masters.rules.state import SHORT_LEADER, Card, MastersState, evolve


def add(s: MastersState, pos: str, n: int, exposed: bool, event: bool, ev: list) -> MastersState:
    """Put `n` agents from the reserve into `pos`; events note the veil decreases they cause."""
    if n < 0:
        raise RuleViolation("agents", N_("cannot add a negative number of agents"))
    placed = min(n, s.reserve.agents)
    if placed:
        if event and board.watched(s, pos):
            s = _note_district(s, pos, ev)
        d = s.at(pos)
        d = (
            evolve(d, agents_exposed=d.agents_exposed + placed)
            if exposed
            else evolve(d, agents_hidden=d.agents_hidden + placed)
        )
        s = evolve(s.with_district(d), reserve=evolve(s.reserve, agents=s.reserve.agents - placed))
        ev.append(E.AgentsPlaced(pos, placed, exposed))
    missing = n - placed
    if missing:
        ev.append(E.AgentsMissing(pos, missing))
        if event:
            s = _missing(s, missing, ev)
    return s


def move(
    s: MastersState, src: str, dst: str, n: int, exposed: bool | None, event: bool, ev: list
) -> MastersState:
    """Move agents between districts; they keep their side (hidden first unless `exposed` says)."""
    if src == dst:
        raise RuleViolation("move agents", N_("source and destination are the same district"))
    hidden, shown = _split(s.at(src), n, exposed, "move agents")
    if event and board.watched(s, dst):
        s = _note_district(s, dst, ev)
    a, b = s.at(src), s.at(dst)
    s = s.with_district(
        evolve(a, agents_hidden=a.agents_hidden - hidden, agents_exposed=a.agents_exposed - shown)
    )
    s = s.with_district(
        evolve(b, agents_hidden=b.agents_hidden + hidden, agents_exposed=b.agents_exposed + shown)
    )
    ev.append(E.AgentsMoved(src, dst, n))
    return s


def remove(
    s: MastersState, pos: str, n: int, exposed: bool | None, ev: list, by: str | None = None
) -> MastersState:
    """Agents back to the reserve (exposed ones first unless `exposed` says which)."""
    hidden, shown = _split(s.at(pos), n, exposed, "remove agents", exposed_first=True)
    d = s.at(pos)
    s = s.with_district(
        evolve(d, agents_hidden=d.agents_hidden - hidden, agents_exposed=d.agents_exposed - shown)
    )
    ev.append(E.AgentsRemoved(pos, n, by))
    return evolve(s, reserve=evolve(s.reserve, agents=s.reserve.agents + n))


def expose(s: MastersState, pos: str, ev: list) -> MastersState:
    """Flip every hidden agent of `pos` to its exposed side."""
    d = s.at(pos)
    if d.agents_hidden:
        ev.append(E.AgentsExposed(pos, d.agents_hidden))
        s = s.with_district(evolve(d, agents_hidden=0, agents_exposed=d.agents))
    return s


def queue_or_apply(s: MastersState, n: int, why: str, ev: list) -> MastersState:
    """An event's veil decrease: queued while a card is resolved, applied at once otherwise."""
    if s.card is None:
        return endgame.change_veil(s, -n, why, ev)
    ev.append(E.VeilQueued(n, why))
    return evolve(s, veil_text=s.veil_text + n)


def cell_numbers(card: Card, split: dict[str, int] | None) -> dict[str, int]:
    """Agents per grid cell of the card: red cells the red number, blue cells by split or equal."""
    out = {p: card.red_agents for p in card.red}
    if not card.blue:
        return out
    if card.needs_split:
        if split is None:
            raise RuleViolation(
                "place agents", N_("the blue-gray numbers differ: choose which cell gets which")
            )
        if set(split) != set(card.blue) or sorted(split.values()) != sorted(card.blue_agents):
            raise RuleViolation(
                "place agents",
                N_("give {blue_agents_0} and {blue_agents_1} to the blue-gray cells {blue}"),
                blue_agents_0=card.blue_agents[0],
                blue_agents_1=card.blue_agents[1],
                blue=" and ".join(card.blue),
            )
        out.update(split)
    else:
        out.update({p: card.blue_agents[0] for p in card.blue})
    return out


def place_card(
    s: MastersState,
    split: dict[str, int] | None,
    redirect: dict[str, str],
    agents_to: dict[str, int] | None,
    ev: list,
) -> MastersState:
    """Place the card's agents hidden (red cells first, in grid order), redirected where asked; when the
    reserve runs short, `agents_to` says which cells get the agents left (the leader's choice)."""
    card = s.card
    assert card is not None
    needs = _needs(card, split)
    given = _allocation(s, needs, agents_to)
    placements: dict[str, int] = {}
    for cell, n in needs.items():
        target = redirect.get(cell, cell)
        s = add(s, target, given.get(cell, 0), exposed=False, event=True, ev=ev)
        missing = n - given.get(cell, 0)
        if missing:
            ev.append(E.AgentsMissing(target, missing))
            s = _missing(s, missing, ev)
        if s.outcome is not None:
            return s
        placements[target] = placements.get(target, 0) + given.get(cell, 0)
    card = evolve(card, placements=tuple(placements.items()), placed=True)
    return evolve(s, card=card)


def short_choice(s: MastersState, split: dict[str, int] | None = None) -> tuple[dict[str, int], int] | None:
    """(agents each grid cell needs, agents left) when the leader must choose who goes short, else None.

    A choice exists when the reserve holds some agents but fewer than the card asks for, and at least
    two cells ask for agents. Which blue-gray cell gets which number does not change that.
    """
    card = s.card
    if card is None or s.short_agents != SHORT_LEADER:
        return None
    if split is None and card.needs_split:
        split = dict(zip(card.blue, card.blue_agents))
    needs = _needs(card, split)
    left = s.reserve.agents
    if left == 0 or sum(needs.values()) <= left or len(needs) < 2:
        return None
    return needs, left


def _needs(card: Card, split: dict[str, int] | None) -> dict[str, int]:
    """Agents per grid cell that asks for any, red cells first, in the card's order."""
    return {cell: n for cell, n in cell_numbers(card, split).items() if n > 0}


def _allocation(s: MastersState, needs: dict[str, int], agents_to: dict[str, int] | None) -> dict[str, int]:
    """Agents each cell really gets: all it needs, or, when the reserve runs short, the leader's choice.

    With no choice to make (one cell, or nothing left), and in games journaled before the leader chose,
    the cells take what is left in the card's order.
    """
    left, total = s.reserve.agents, sum(needs.values())
    if agents_to is None:
        if short_choice(s, None) is not None and total > left:
            raise RuleViolation(
                "place agents",
                N_(
                    "only {left} agent(s) left for {total}: the leading vampire chooses which districts get them "
                    "(give agents_to {{cell: n}} over {needs})"
                ),
                left=left,
                total=total,
                needs=", ".join(needs),
            )
        out = {}
        for cell, n in needs.items():
            out[cell] = min(n, left)
            left -= out[cell]
        return out
    if total <= left:
        raise RuleViolation(
            "place agents",
            N_("the reserve holds {left} agents, enough for every cell: nothing to choose"),
            left=left,
        )
    for cell, n in agents_to.items():
        if cell not in needs:
            raise RuleViolation(
                "place agents",
                N_("{cell} gets no agents from this card (cells: {needs})"),
                cell=cell,
                needs=", ".join(needs),
            )
        if not 0 <= n <= needs[cell]:
            raise RuleViolation(
                "place agents", N_("{cell} can get 0 to {needs} agents"), cell=cell, needs=needs[cell]
            )
    if sum(agents_to.values()) != left:
        raise RuleViolation(
            "place agents", N_("give out exactly the {left} agent(s) left in the reserve"), left=left
        )
    return dict(agents_to)


def _note_district(s: MastersState, pos: str, ev: list) -> MastersState:
    """Queue the once-per-district veil decrease for agents appearing where they are noticed."""
    if s.card is None:
        return endgame.change_veil(s, -1, f"agents appeared in {pos}", ev)
    if pos in s.veil_districts:
        return s
    ev.append(E.VeilQueued(1, f"agents appeared in {pos}"))
    return evolve(s, veil_districts=s.veil_districts + (pos,))


def _missing(s: MastersState, n: int, ev: list) -> MastersState:
    """Queue (or apply) a veil decrease per agent the reserve could not supply."""
    if s.card is None:
        return endgame.change_veil(s, -n, "no agents left in the reserve", ev)
    ev.append(E.VeilQueued(n, "no agents left in the reserve"))
    return evolve(s, veil_missing=s.veil_missing + n)


def _split(d, n: int, exposed: bool | None, rule: str, exposed_first: bool = False) -> tuple[int, int]:
    """How many hidden and exposed agents to take from `d` for `n` agents."""
    if n <= 0:
        raise RuleViolation(rule, N_("at least one agent"))
    if exposed is True:
        if n > d.agents_exposed:
            raise RuleViolation(
                rule,
                N_("only {agents_exposed} exposed agent(s) in {pos}"),
                agents_exposed=d.agents_exposed,
                pos=d.pos,
            )
        return 0, n
    if exposed is False:
        if n > d.agents_hidden:
            raise RuleViolation(
                rule,
                N_("only {agents_hidden} hidden agent(s) in {pos}"),
                agents_hidden=d.agents_hidden,
                pos=d.pos,
            )
        return n, 0
    if n > d.agents:
        raise RuleViolation(rule, N_("only {agents} agent(s) in {pos}"), agents=d.agents, pos=d.pos)
    if exposed_first:
        shown = min(n, d.agents_exposed)
        return n - shown, shown
    hidden = min(n, d.agents_hidden)
    return hidden, n - hidden
