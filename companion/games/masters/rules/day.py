"""The day phase: day district effects, drawing the event card, placing its agents, resolving it.

Order: (leading token passed, see flow.begin_round) -> active day effects resolved in the order the
table chooses -> draw -> agents placed from the card's grid at the current veil band -> the card's
text entered as commands -> resolve_card applies the queued veil decreases -> agents hunt.
"""

from __future__ import annotations

from companion.errors import N_, CommandError, RuleViolation
from companion.games.masters.rules import agents, board, endgame, relics
from companion.games.masters.rules import events as E
from companion.games.masters.rules.commands import AbilityCard, Draw, PlaceAgents, ResolveDayEffect
from companion.games.masters.rules.data import MUSEUM, POSITIONS, Band, MastersData
from companion.games.masters.rules.state import Card, DeckMode, MastersState, Outcome, Step, evolve


def resolve_day_effect(data: MastersData, s: MastersState, cmd: ResolveDayEffect, ev: list) -> MastersState:
    """Mark an active day effect resolved; the museum's relic is drawn and given here."""
    pos = board.check_pos(cmd.district)
    if pos not in board.active_day_effects(data, s):
        if pos in s.day_resolved:
            raise RuleViolation("day effect", N_("{pos}: already resolved"), pos=pos)
        raise RuleViolation(
            "day effect", N_("{pos}: not active now (needs more minions than agents, or a sigil)"), pos=pos
        )
    key = s.at(pos).key
    if key == MUSEUM:
        s = relics.draw(data, s, cmd.relic, cmd.to, cmd.discard, ev)
    ev.append(E.DayEffectResolved(pos, key))
    return evolve(s, day_resolved=s.day_resolved + (pos,))


def draw(data: MastersData, s: MastersState, cmd: Draw, ev: list) -> MastersState:
    """Reveal the event card and place its agents (or wait for the blue-gray split)."""
    pending = board.active_day_effects(data, s)
    if pending:
        raise RuleViolation(
            "draw", N_("resolve the active day effects first: {pending}"), pending=", ".join(pending)
        )
    if not s.deck_acts:
        return endgame.end(s, Outcome.DEFEAT_DECK, ev)
    key, s = _take_card(s, cmd.card)
    card = card_for(data, s, key, cmd)
    ev.append(E.CardDrawn(card.key, card.name, card.act, tuple(card.grid().items())))
    s = evolve(s, card=card, drawn=s.drawn + (key,), veil_districts=(), veil_missing=0, veil_text=0)
    split = dict(cmd.split) if cmd.split is not None else None
    undecided = (card.needs_split and split is None) or (
        cmd.agents_to is None and agents.short_choice(s, split) is not None
    )
    if undecided:  # the table chooses first: the blue-gray split, or who goes short
        _check_redirect(data, s, cmd.redirect)
        return evolve(s, step=Step.PLACE_AGENTS)
    return _place(data, s, cmd.split, cmd.redirect, cmd.agents_to, ev)


def place_agents(data: MastersData, s: MastersState, cmd: PlaceAgents, ev: list) -> MastersState:
    """The table chose which blue-gray cell gets which number and/or who goes short: place the agents."""
    return _place(data, s, cmd.split, cmd.redirect, cmd.agents_to, ev)


def resolve_card(s: MastersState, ev: list) -> MastersState:
    """The card's text is done: queued veil decreases now, then the card leaves unless attached."""
    card = s.card
    assert card is not None
    n = s.veil_pending
    s = evolve(s, veil_districts=(), veil_missing=0, veil_text=0)
    if n:
        s = endgame.change_veil(s, -n, f"event {card.name}", ev)
        if s.outcome is not None:
            return evolve(s, card=None)
    if not attached_to(s, card.key):
        ev.append(E.CardDiscarded(card.key))
    return evolve(s, card=None, step=Step.HUNT, hunted=())


def ability_card(data: MastersData, s: MastersState, cmd: AbilityCard, ev: list) -> MastersState:
    """An event card drawn for an ability: it is discarded unresolved, only its grid is reported."""
    if not s.deck_acts:
        raise RuleViolation("ability", N_("the event deck is empty"))
    key, s = _take_card(s, cmd.card)
    info = data.card(key)
    grid = tuple(info.grid().items()) if info else ()
    ev.append(E.AbilityCardDrawn(key, grid))
    return evolve(s, drawn=s.drawn + (key,))


def attached_to(s: MastersState, key: str) -> str | None:
    """Where a continuing card lies (a position or a vampire's name), or None."""
    for d in s.districts:
        if key in d.cards:
            return d.pos
    for v in s.vampires:
        if key in v.cards:
            return v.name
    return None


def card_for(data: MastersData, s: MastersState, key: str, cmd: Draw) -> Card:
    """The card in play: its grid and tracker numbers from the command if given, else from the data."""
    info = data.card(key)
    if info is None and cmd.red is None:
        raise CommandError(
            N_("unknown event card {key!r}: teach its grid first or give red/blue cells"), key=key
        )
    act = info.act if info else key.split("-", 1)[0]
    red = tuple(cmd.red) if cmd.red is not None else info.red
    blue = tuple(cmd.blue or ()) if cmd.red is not None else info.blue
    _check_grid(red, blue)
    if cmd.red_agents is not None and cmd.blue_agents is not None:
        red_n, blue_n = cmd.red_agents, tuple(cmd.blue_agents)
        if len(blue_n) != 2 or min((red_n,) + blue_n) < 0:
            raise CommandError(N_("draw: red_agents is a number and blue_agents two numbers, none negative"))
    else:
        nums = data.tracker(len(s.vampires)).agents(act, Band.of(s.veil))
        red_n, blue_n = nums.red, nums.blue
    name = cmd.name or (info.name if info else key)
    continuing = info.continuing if info else False
    return Card(key, name, act, red, blue, red_n, (blue_n[0], blue_n[1]), continuing)


def _take_card(s: MastersState, key: str | None) -> tuple[str, MastersState]:
    """Take a card off the event deck: the top one, or the one the table names."""
    if s.deck_mode is DeckMode.DIGITAL:
        if key is None:
            key = s.deck[0]
        if key not in s.deck:
            raise RuleViolation("draw", N_("card {key} is not in the event deck"), key=key)
        i = s.deck.index(key)
        return key, evolve(
            s, deck=s.deck[:i] + s.deck[i + 1 :], deck_acts=s.deck_acts[:i] + s.deck_acts[i + 1 :]
        )
    if key is None:
        raise CommandError(N_("physical deck: name the card drawn (card)"))
    if key in s.drawn:
        raise RuleViolation("draw", N_("card {key} was already drawn"), key=key)
    return key, evolve(s, deck_acts=s.deck_acts[1:])


def _place(data: MastersData, s: MastersState, split, redirect, agents_to, ev: list) -> MastersState:
    """Place the card's agents and wait for its text."""
    targets = _check_redirect(data, s, redirect)
    given = dict(agents_to) if agents_to is not None else None
    s = agents.place_card(s, dict(split) if split is not None else None, targets, given, ev)
    return s if s.outcome is not None else evolve(s, step=Step.CARD_EFFECT)


def _check_redirect(data: MastersData, s: MastersState, redirect) -> dict[str, str]:
    """Cell -> position where its agents appear instead: only into a district holding a relic that allows it."""
    out = dict(redirect or ())
    for cell, target in out.items():
        board.check_pos(cell, "redirect cell")
        board.check_pos(target, "redirect target")
        if not any(
            (info := data.relic(r)) is not None and info.redirects_agents for r in s.at(target).relics
        ):
            raise RuleViolation(
                "redirect", N_("no placed relic in {target} lets agents appear there instead"), target=target
            )
    return out


def _check_grid(red: tuple[str, ...], blue: tuple[str, ...]) -> None:
    """Grid cells are positions, none both red and blue, and at most two blue-gray cells."""
    for p in red + blue:
        if p not in POSITIONS:
            raise CommandError(N_("card grid cell {p!r} is not a position A1..C3"), p=p)
    if set(red) & set(blue) or len(set(red)) != len(red) or len(set(blue)) != len(blue):
        raise CommandError(N_("a card grid cell is either red or blue-gray, once"))
    if len(blue) > 2:
        raise CommandError(N_("a card has at most two blue-gray cells"))
