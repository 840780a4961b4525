"""The menu: what the table may do now, for the screen and the physical buttons.

Night actions are all listed with their cost; the ones the rules forbid are greyed out with the reason
the engine would give ("kill count 4 needed", "no agents exposed", "2 AP needed"). Every value the
table still chooses is a `Param` with the values the engine accepts now; where one choice changes what
another may be (the blue-gray split and who goes short, a museum relic's holder and what is
discarded, a relic exchange), each first choice is an action of its own.
"""

from __future__ import annotations

from itertools import combinations

from companion.errors import N_, Text
from companion.games.masters.rules import agents, board, combat, night, relics
from companion.games.masters.rules.data import MUSEUM, MastersData
from companion.games.masters.rules.limits import relic_limit
from companion.games.masters.rules.state import DeckMode, MastersState, Step
from companion.rules import POSITIONS
from companion.rules.base import Action, Param

# The labels are short on purpose: the More sheet shows a night's every action at once, three to a
# row in two lines each, the action's picture beside them and its cost as pictures after them.
NIGHT_MENU = (
    ("expose", Text(N_("Expose agents")), Text(N_("1 AP"))),
    ("fight", Text(N_("Fight exposed agents")), Text(N_("1 AP"))),
    ("recruit", Text(N_("Recruit a minion")), Text(N_("2 AP, veil +1"))),
    ("district_effect", Text(N_("District's night effect")), ""),
    ("blood_ability", Text(N_("Blood ability")), ""),
    ("hunt", Text(N_("Hunt")), Text(N_("1 AP, +1 blood"))),
    ("exchange_relics", Text(N_("Exchange relics")), Text(N_("0 AP"))),
    ("wild_hunt", Text(N_("Start a wild hunt")), Text(N_("1 AP, veil -1"))),
    ("dark_ability", Text(N_("Dark ability")), ""),
    ("sigillate", Text(N_("Sigillate")), Text(N_("1 AP, 1 minion"))),
    ("ritual", Text(N_("Blood Moon ritual")), Text(N_("1 AP"))),
)


def actions(data: MastersData, s: MastersState) -> list[Action]:
    """Every action of the current step, enabled or not."""
    return STEP_MENUS.get(s.step, _nothing)(data, s)


def _nothing(data: MastersData, s: MastersState) -> list[Action]:
    """The game is over: nothing to do."""
    return []


def _day_effects(data: MastersData, s: MastersState) -> list[Action]:
    """Resolve each active day effect (the museum's relic: who gets it, what goes over the limit), then draw."""
    active = board.active_day_effects(data, s)
    out = []
    for pos in active:
        command = {"cmd": "resolve_day_effect", "district": pos}
        label = Text(N_("Resolve {name} ({pos})"), name=data.district(s.at(pos).key).name, pos=pos)
        museum = s.at(pos).key == MUSEUM and s.relic_deck
        if museum and relics.needs_discard(s):
            out += _museum_discards(data, s, command, label)
            continue
        params = (_vampire_param("to", _roomy(s), optional=True),) if museum and _roomy(s) else ()
        out.append(Action(command, label, params=params))
    card = Param("card", "card", *_undrawn(data, s)) if s.deck_mode is DeckMode.PHYSICAL else None
    why = Text(N_("resolve the active day effects first")) if active else None
    out.append(
        Action(
            {"cmd": "draw"}, Text(N_("Draw the event card")), "", why is None, why, (card,) if card else ()
        )
    )
    return out


def _museum_discards(data: MastersData, s: MastersState, command: dict, label: str) -> list[Action]:
    """Every vampire who may hold a relic is at the limit: one action per holder, who names the relic to discard."""
    found = s.relic_deck[0]
    out = []
    for v in s.vampires:
        if relic_limit(v.kills) > 0:
            held = v.relics + (found,)
            names = tuple(data.relic(r).name for r in held)
            out.append(
                Action(
                    {**command, "to": v.name},
                    Text(N_("{action}: to {name}"), action=label, name=v.name),
                    params=(Param("discard", "card", held, names),),
                )
            )
    return out


def _roomy(s: MastersState) -> tuple[str, ...]:
    """Vampires who may take a museum relic without discarding one."""
    return tuple(v.name for v in s.vampires if len(v.relics) < relic_limit(v.kills))


def _undrawn(data: MastersData, s: MastersState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(keys, names) of the known event cards not drawn yet (a physical deck: the table names its card)."""
    cards = [c for c in data.cards if c.key not in s.drawn]
    return tuple(c.key for c in cards), tuple(c.name for c in cards)


def _vampire_param(name: str, names: tuple[str, ...], optional: bool = False) -> Param:
    """A parameter naming one of the vampires `names`."""
    return Param(name, "player", names, optional=optional)


def _place_agents(data: MastersData, s: MastersState) -> list[Action]:
    """Place the card's agents: one action per way to give the blue-gray numbers, each with the leader's
    choice of which cells get the last agents of the reserve when it runs short."""
    card = s.card
    if not card.needs_split:
        return [_placing(data, s, {"cmd": "place_agents"}, None)]
    first, second = card.blue_agents
    out = []
    for high, low in (card.blue, card.blue[::-1]):
        split = {high: first, low: second}
        out.append(_placing(data, s, {"cmd": "place_agents", "split": split}, split))
    return out


def _placing(data: MastersData, s: MastersState, command: dict, split: dict[str, int] | None) -> Action:
    """One way to place the card's agents: its label and the choices still open."""
    params = []
    parts = []
    if split is not None:
        cells = " / ".join(f"{pos} {n}" for pos, n in split.items())
        parts.append(
            Text(
                N_("Place {first} and {second} agents on {cells}"),
                first=s.card.blue_agents[0],
                second=s.card.blue_agents[1],
                cells=cells,
            )
        )
    short = agents.short_choice(s, split)
    if short is not None:
        cells, left = short
        params.append(
            Param(
                "agents_to",
                "district",
                parts=tuple(Param(pos, "number", low=0, high=n) for pos, n in cells.items()),
                total=left,
            )
        )
        parts.append(
            Text(N_("{left} left for {total}, the leader picks"), left=left, total=sum(cells.values()))
        )
    redirect = _redirect(data, s, split)
    if redirect is not None:
        params.append(redirect)
    if split is not None:
        label = parts[0] if len(parts) == 1 else Text(N_("{split}; {short}"), split=parts[0], short=parts[1])
    else:
        label = Text(N_("Place agents ({cells})"), cells=parts[0]) if parts else Text(N_("Place the agents"))
    return Action(command, label, params=tuple(params))


def _redirect(data: MastersData, s: MastersState, split: dict[str, int] | None) -> Param | None:
    """Where a card cell's agents may appear instead: districts holding a placed relic that allows it."""
    targets = tuple(
        d.pos
        for d in s.districts
        if any((info := data.relic(r)) is not None and info.redirects_agents for r in d.relics)
    )
    if not targets:
        return None
    cells = tuple(agents.cell_numbers(s.card, split))
    return Param(
        "redirect",
        "district",
        optional=True,
        parts=tuple(Param(cell, "district", targets, optional=True) for cell in cells),
    )


def _card_effect(data: MastersData, s: MastersState) -> list[Action]:
    """Attach a continuing card (to a district or a vampire), then finish the card."""
    out = []
    if s.card.continuing and not _attached(s, s.card.key):
        to = Param("to", "choice", POSITIONS + s.order)
        out.append(
            Action(
                {"cmd": "attach_card", "card": s.card.key},
                Text(N_("Keep {name} in play"), name=s.card.name)
                if _named(s.card)
                else Text(N_("Keep the new card in play")),
                params=(to,),
            )
        )
    cost = Text(N_("veil -{veil_pending}"), veil_pending=s.veil_pending) if s.veil_pending else ""
    out.append(
        Action(
            {"cmd": "resolve_card"},
            Text(N_("{name} is resolved"), name=s.card.name)
            if _named(s.card)
            else Text(N_("The new card is resolved")),
            cost,
        )
    )
    return out


def _named(card) -> bool:
    """Whether `card` has a name of its own: a card of the table's box taught by its grid alone is
    stored as "Card I-01", which the screens never show (its code means nothing at the table)."""
    return bool(card.name) and card.name != f"Card {card.key}"


def _attached(s: MastersState, key: str) -> bool:
    """Whether the card already lies on a district or with a vampire."""
    return any(key in d.cards for d in s.districts) or any(key in v.cards for v in s.vampires)


def _hunt(data: MastersData, s: MastersState) -> list[Action]:
    """One day combat per district where agents attack."""
    out = []
    for pos in board.hunts_due(s):
        for v in s.vampires_in(pos):
            if not v.drained:
                out.append(
                    Action(
                        {"cmd": "day_combat", "district": pos, "vampire": v.name},
                        Text(N_("Agents attack {name} in {pos}"), name=v.name, pos=pos),
                    )
                )
    return out


def _turn(data: MastersData, s: MastersState) -> list[Action]:
    """Every night action of the turn vampire with its cost and, if refused, why."""
    v = night.actor(s)
    out = []
    minions = s.at(v.district).minions
    along = (Param("minions", "number", low=0, high=minions, optional=True),) if minions else ()
    for pos in board.neighbours(v.district):
        why = night.why_not(data, s, "move")
        out.append(
            Action(
                {"cmd": "move", "to": pos},
                Text(N_("Move to {district}"), district=data.district(s.at(pos).key).name, pos=pos),
                Text(N_("1 AP")),
                why is None,
                why,
                along,
            )
        )
    for verb, label, cost in NIGHT_MENU:
        ap = night.night_ap(data, s) if verb == "district_effect" else None
        why = night.why_not(data, s, verb, ap)
        cost = cost or _cost(data, s, verb, ap)
        trades = _trades(data, s) if verb == "exchange_relics" and why is None else ()
        if trades:
            out += trades
            continue
        if verb == "exchange_relics" and why is None:
            why = Text(N_("no exchange keeps both within their relic limits"))
        out.append(Action({"cmd": verb}, label, cost, why is None, why))
    out.append(
        Action(
            {"cmd": "end_turn"},
            Text(N_("End {name}'s turn"), name=v.name),
            Text(N_("{ap} AP left"), ap=v.ap) if v.ap else "",
        )
    )
    return out


def _trades(data: MastersData, s: MastersState) -> list[Action]:
    """Every relic exchange the turn vampire may make with another vampire in its district (0 AP): the
    relics given and taken, each keeping both within their relic limits."""
    v = night.actor(s)
    out = []
    for other in s.vampires_in(v.district):
        if other.name == v.name:
            continue
        for give in _subsets(v.relics):
            for take in _subsets(other.relics):
                if (give or take) and _within(v, give, take) and _within(other, take, give):
                    label = _trade_label(data, other.name, give, take)
                    out.append(
                        Action(
                            {
                                "cmd": "exchange_relics",
                                "with": other.name,
                                "give": list(give),
                                "take": list(take),
                            },
                            label,
                            Text(N_("0 AP")),
                        )
                    )
    return out


def _subsets(items: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every subset of `items`, the empty one first, in their order."""
    return [c for n in range(len(items) + 1) for c in combinations(items, n)]


def _within(v, lose: tuple[str, ...], gain: tuple[str, ...]) -> bool:
    """Whether the vampire may end up with its relics less `lose` plus `gain` (never more than before
    when already over its limit)."""
    held = len(v.relics) - len(lose) + len(gain)
    return held <= relic_limit(v.kills) or held <= len(v.relics)


def _trade_label(data: MastersData, other: str, give: tuple[str, ...], take: tuple[str, ...]) -> str:
    """ "Give the Urn to Mila", "Take the Mirror from Mila" or "Swap ... with Mila"."""
    named = lambda keys: ", ".join(data.relic(k).name for k in keys)  # noqa: E731
    if give and take:
        return Text(
            N_("Swap {give} for {take} with {other}"), give=named(give), take=named(take), other=other
        )
    if give:
        return Text(N_("Give {give} to {other}"), give=named(give), other=other)
    return Text(N_("Take {take} from {other}"), take=named(take), other=other)


def _combat(data: MastersData, s: MastersState) -> list[Action]:
    """Sacrifice, use a die, reroll or hand over."""
    c = s.combat
    out = []
    if not (c.started or c.ability_paid) and s.at(c.district).minions:  # one at a time, as often as there are
        out.append(
            Action(
                {"cmd": "sacrifice", "minions": 1},
                Text(N_("Sacrifice a minion")),
                Text(N_("1 minion: 1 agent removed")),
            )
        )
    fighter = s.vampire(c.fighter)
    if fighter.drained and not c.ability_paid:  # (an ability paid for the picked die resolves first)
        for name in combat.candidates(s):
            out.append(Action({"cmd": "hand_over", "vampire": name}, Text(N_("{name} fights on"), name=name)))
        return out
    if s.dice:
        label = Text(N_("Use a die (lowest)")) if c.day else Text(N_("Use a die (any)"))
        faces = tuple(sorted(set(s.dice)))
        faces = faces[:1] if c.day else faces
        die = Param(
            "value",
            "die",
            faces,
            tuple(Text(N_("Die {n}: {effect}"), n=f, effect=_die_effect(f)) for f in faces),
        )
        out.append(
            Action(
                {"cmd": "use_die"}, label, Text(N_("{dice_left} to go"), dice_left=c.dice_left), params=(die,)
            )
        )
    else:
        # (the table may send the values of its own dice, the game's README.md: any whole numbers, clamped to 1..6)
        out.append(Action({"cmd": "reroll"}, Text(N_("Roll all dice")), Text(N_("reserve empty"))))
    info = data.vampire(c.fighter)
    if info.combat_ability:  # Laszlo: after picking a die, as often as he pays (FAQ)
        why = night.CHECKS["blood_ability"](data, s, fighter)
        out.append(
            Action(
                {"cmd": "blood_ability"},
                Text(N_("Blood ability")),
                Text(
                    N_("{blood_cost} blood ({blood_ability})"),
                    blood_cost=info.blood_cost,
                    blood_ability=info.blood_ability,
                ),
                why is None,
                why,
            )
        )
        need = night.KILLS["dark_ability"]
        why = None if fighter.kills >= need else Text(N_("kill count {need} needed"), need=need)
        out.append(
            Action(
                {"cmd": "dark_ability"},
                Text(N_("Dark ability")),
                Text(
                    N_("veil -{dark_veil} ({dark_ability})"),
                    dark_veil=info.dark_veil,
                    dark_ability=info.dark_ability,
                ),
                why is None,
                why,
            )
        )
    return out


def _die_effect(value: int) -> str:
    """What a die does in a fight: 1-2 the agent stays and the fighter bleeds, 3-4 a kill for a blood,
    5-6 a clean kill (before any ability shifts it)."""
    if value <= 2:
        return Text(N_("agent stays, -1 blood"))
    return Text(N_("kill, -1 blood")) if value <= 4 else Text(N_("kill"))


def _cost(data: MastersData, s: MastersState, verb: str, ap: int | None) -> str:
    """Cost text for actions whose cost comes from the data."""
    v = night.actor(s)
    info = data.vampire(v.name)
    if verb == "district_effect":
        return Text(N_("{ap} AP"), ap=ap)
    if verb == "blood_ability":
        return Text(
            N_("0 AP, {blood_cost} blood ({blood_ability})"),
            blood_cost=info.blood_cost,
            blood_ability=info.blood_ability,
        )
    if verb == "dark_ability":
        return Text(
            N_("0 AP, veil -{dark_veil} ({dark_ability})"),
            dark_veil=info.dark_veil,
            dark_ability=info.dark_ability,
        )
    return ""


STEP_MENUS = {
    Step.DAY_EFFECTS: _day_effects,
    Step.PLACE_AGENTS: _place_agents,
    Step.CARD_EFFECT: _card_effect,
    Step.HUNT: _hunt,
    Step.TURN: _turn,
    Step.COMBAT: _combat,
}
