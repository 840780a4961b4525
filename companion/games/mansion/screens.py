"""The vampire mansion: dice per player (priority / room), tie-breaks, room occupancy, the round
clock with its reveal ticks, and the ranking at the end. Rooms sit on the grid as the board says.

While everyone rolls, the buttons show one player at a time ("Player: P2" moves on), so eight
players' dice never bury the screen in buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.mansion.narration import outcome_text, room_name
from companion.games.mansion.setup import role_words
from companion.i18n import N_, _, data_name, ngettext
from companion.inputs import DISTRICTS, Press
from companion.narration.words import step_text
from companion.rules.base import Action
from companion.ui import theme
from companion.ui.model import ButtonVM, CellVM, Count, player_chip
from companion.ui.screens.base import UIContext
from companion.ui.screens.others.asked import Param, choice, number
from companion.ui.screens.others.common import ADJUST, Field, OthersOverScreen, OthersScreen, board_districts

ROOM_CAPACITY = 2
REVEAL_TICKS = (6, 9)  # shipped default; the screen reads the data file's when it can
SCORE_CARDS = (1, 3, 5)


class MansionScreen(OthersScreen):
    """Rolling, roll-offs, turns and reveals."""

    name = "mansion"
    game_id = "mansion"
    grouped = {"claim": ("player", N_("A human reaches the target"))}  # (the engine: a claim per player)

    def __init__(self, ctx: UIContext) -> None:
        """Read the reveal ticks and room texts once (shipped data; defaults if it cannot be read)."""
        super().__init__(ctx)
        self.player: str | None = None
        self.reveal_ticks, self.summaries = _rules_facts()

    # -- what is shown ---------------------------------------------------------------------------
    def summary(self, s: dict[str, Any]):
        """Clock, dice, order or ranking; rooms, hall, clock and role deck on the grid."""
        step = s.get("step", "")
        title = _("Tick {tick} of {length}: {step}").format(
            tick=s.get("tick", 1), length=s.get("clock_length", 12), step=step_text("mansion", step)
        )
        lines = [clock_line(s, self.reveal_ticks)]
        if s.get("step") == "reveal":  # the roles are the news: the order and dice wait for the next round
            return (
                title,
                [*lines, deck_line(s.get("role_deck") or {}), points_line(s)],
                room_cells(s, self.selected),
            )
        if s.get("step") != "turn":  # in turns the rooms on the grid show who goes where, the line whose turn
            lines.append(dice_line(s))
        if s.get("step") == "turn" and s.get("turn"):
            lines.append(self._turn_line(s))
        elif s.get("step") == "rolloff":
            lines.append(
                _("Tie: {players} roll one die each, highest first").format(players=", ".join(first_tie(s)))
            )
        else:
            lines.append(
                _("Order: {players}").format(
                    players=", ".join(s.get("order") or []) or _("set once all have rolled")
                )
            )
        lines.append(points_line(s))
        return title, lines, room_cells(s, self.selected)

    def _turn_line(self, s: dict[str, Any]) -> str:
        """The player on turn: where they are and the room's text."""
        who = s["turn"]
        p = (s.get("players") or {}).get(who, {})
        room = p.get("room")
        where = (
            _("not in a room yet")
            if room is None
            else _("in the main hall")
            if room == 0
            else _("in {room}: {text}").format(
                room=data_name((s.get("rooms") or {}).get(str(room), {}).get("name", room)),
                text=data_name(self.summaries.get(room, "")),
            )
        )
        if p.get("wanted_room") in (None, room):  # in the room the die gave: where is enough
            return _("{player} is {where}").format(player=who, where=where)
        return _("{player} wants {room}, {where}").format(
            player=who, room=_room(s, p["wanted_room"]), where=where
        )

    def buttons(self) -> list[ButtonVM]:
        """While rolling: the chosen player's actions and "Player: next"; otherwise all actions."""
        s = self.state()
        if s.get("step") != "roll":
            return self._with_auto(super().buttons())
        who = self.current_player(s)
        mine = self.group_buttons(
            [
                self.button(i, a)
                for i, a in self.ordered()
                if a.command.get("cmd") != ADJUST and a.command.get("player") in (None, who)
            ]
        )
        return mine + [
            ButtonVM("who", _("Player: {player} (next)").format(player=who)),
            ButtonVM("correct", _("Correct counts")),
            ButtonVM("menu", _("Menu")),
        ]

    def _with_auto(self, buttons: list[ButtonVM]) -> list[ButtonVM]:
        """Roll-off and Take get a one-press default next to the button that asks for values."""
        out = []
        for b in buttons:
            if b.id.startswith("act:") and b.enabled:
                verb = self.actions[int(b.id[4:])].command.get("cmd")
                if verb == "rolloff":
                    out.append(ButtonVM(f"auto:{b.id[4:]}", _("Companion rolls")))
                    b = ButtonVM(b.id, _("Enter roll-off dice"))
                elif verb == "take":
                    out.append(ButtonVM(f"auto:{b.id[4:]}", _("Take all cards")))
                    b = ButtonVM(b.id, _("Take some cards"))
            out.append(b)
        return out

    def current_player(self, s: dict[str, Any]) -> str:
        """The player whose dice the roll step shows: chosen, else the first not yet assigned."""
        seating = list(s.get("seating") or (s.get("players") or {}))
        if self.player in seating:
            return self.player
        players = s.get("players") or {}
        return next(
            (n for n in seating if players.get(n, {}).get("priority") is None), seating[0] if seating else "-"
        )

    def activate(self, button_id: str, kind: Press) -> bool:
        """Player cycles who is shown; auto buttons send the action without values."""
        if button_id == "who":
            seating = list(self.state().get("seating") or [])
            if seating:
                now = self.current_player(self.state())
                self.player = seating[(seating.index(now) + 1) % len(seating)]
            return True
        if button_id.startswith("auto:"):
            self.ctx.emit(dict(self.actions[int(button_id[5:])].command))
            return True
        return super().activate(button_id, kind)

    def state_changed(self) -> None:
        """A new roll step starts with the first player who still has to act."""
        super().state_changed()
        s = self.state()
        if self.player and (s.get("players") or {}).get(self.player, {}).get("priority") is not None:
            self.player = None

    # -- parameters ------------------------------------------------------------------------------
    def params(self, action: Action) -> list[Param]:
        """Dice, cards, players, points and roles, as each verb needs them."""
        s = self.state()
        verb = action.command.get("cmd")
        if verb == "reroll":  # (on a turn only the room die: nothing to ask)
            return (
                [
                    Param(
                        ("dice",),
                        _("Which dice are rerolled?"),
                        "multi",
                        ((0, _("First die")), (1, _("Second die"))),
                    )
                ]
                if "dice" in action.needs
                else []
            )
        if verb == "take":
            room = (s.get("players") or {}).get(s.get("turn"), {}).get("room")
            here = int((s.get("rooms") or {}).get(str(room), {}).get("cards", 0)) if room else 0
            return [number(("n",), _("How many cards are taken?"), 0, max(0, here), here)]
        if verb == "store":
            return [
                Param(
                    ("cards",),
                    _("Which score cards go into the safe?"),
                    "cards",
                    tuple((v, ngettext("{n} point", "{n} points", v).format(n=v)) for v in SCORE_CARDS),
                )
            ]
        if verb == "rolloff":
            return [
                number(("values", n), _("Roll-off die of {player}").format(player=n), 1, 6, 1)
                for n in first_tie(s)
            ]
        if verb in ("claim", "rank"):
            return mansion_params(action)
        return super().params(action)

    def seat_actions(self) -> dict[str, int]:
        """A room's district focuses entering that room."""
        rooms = {
            str(d.get("room")): pos
            for pos, d in board_districts(self.state()).items()
            if d.get("represents") == "room"
        }
        return {
            rooms[str(a.command["room"])]: i
            for i, a in enumerate(self.actions)
            if a.command.get("cmd") == "enter" and a.enabled and str(a.command.get("room")) in rooms
        }

    # -- corrections -----------------------------------------------------------------------------
    def fields(self) -> list[Field]:
        """The tick and every player's Modify tokens and stored points."""
        s = self.state()
        out = [Field("tick", _("Clock tick"), int(s.get("tick", 1)), 1, int(s.get("clock_length", 12)))]
        for n, p in (s.get("players") or {}).items():
            out += [
                Field(f"tokens:{n}", _("{player} tokens").format(player=n), int(p.get("tokens", 0))),
                Field(f"stored:{n}", _("{player} stored").format(player=n), int(p.get("stored", 0)), 0, 99),
            ]
        return out

    def correction(self, changes) -> list[dict[str, Any]]:
        """One adjust per player changed, and one for the tick."""
        out: dict[str, dict[str, Any]] = {}
        for key, value in changes.items():
            if key == "tick":
                out.setdefault("", {"cmd": ADJUST})["tick"] = value
            else:
                what, name = key.split(":", 1)
                out.setdefault(name, {"cmd": ADJUST, "player": name})[what] = value
        return list(out.values())


class MansionOverScreen(OthersOverScreen):
    """The ranking, how the game ended; Rank refines it with the roles shown."""

    name = "mansion-over"
    game_id = "mansion"
    grouped = {"rank": ("first_vampire", N_("Ranking with the first vampire"))}  # (a rank per first vampire)

    def params(self, action: Action) -> list[Param]:
        """The roles shown, the points in hand (and who was the first vampire)."""
        return mansion_params(action)

    def summary(self, s: dict[str, Any]):
        """Outcome title, places, stored points."""
        ranking = s.get("ranking") or []
        players = s.get("players") or {}
        places = [
            _("{place}. {player} ({n} stored)").format(
                place=r["place"], player=r["player"], n=players.get(r["player"], {}).get("stored", 0)
            )
            for r in ranking
        ]
        lines = [
            _("Ended at tick {tick}: {why}").format(
                tick=s.get("tick", "?"), why=outcome_text(s.get("outcome"))
            ),
            _("Ranking: {places}").format(places="; ".join(places) if places else _("enter roles to rank")),
        ]
        if s.get("vampires") is not None:
            lines.append(_("Vampires revealed: {n}").format(n=s["vampires"]))
        return _("Game over"), lines, room_cells(s, None)


def mansion_params(action: Action) -> list[Param]:
    """What a claim or a ranking asks, with what the engine allows: the points in hand (at least what the
    claimant still needs); every player's role (the first vampire's is vampire) and hand."""
    out: list[Param] = []
    for p in action.params:
        if p.name == "hand_points" and not p.parts:
            low = p.low or 0
            out.append(number(("hand_points",), _("Points in their hand"), low, max(60, low + 20), low))
        elif p.name == "roles":
            out += [
                choice(
                    ("roles", q.name),
                    _("Role of {player}").format(player=q.name),
                    list(q.choices),
                    [_(ROLE_WORDS[r]) for r in q.choices],
                    optional=True,
                )
                for q in p.parts
            ]
        elif p.name == "hand_points":
            out += [
                number(
                    ("hand_points", q.name),
                    _("Hand points of {player}").format(player=q.name),
                    0,
                    60,
                    0,
                    optional=True,
                )
                for q in p.parts
            ]
    return out


ROLE_WORDS = {"human": N_("Human"), "vampire": N_("Vampire")}


def _rules_facts() -> tuple[tuple[int, ...], dict[int, str]]:
    """Reveal ticks and room texts of the shipped rules (defaults if the data cannot be read)."""
    try:
        from companion.rules import load_game

        rules = load_game("mansion").data
        return tuple(rules.reveal_ticks), {i + 1: r.summary for i, r in enumerate(rules.rooms)}
    except Exception:  # a broken data file is reported by the engine; the screen keeps going
        return REVEAL_TICKS, {}


def deck_line(deck: dict[str, Any]) -> str:
    """`Roles: 2 vampires, 4 humans (ours)` for the game screen."""
    v, h = deck.get("vampires", 1), deck.get("humans", 0)
    words = role_words(v, h)
    return (
        _("Roles: {roles}").format(roles=words)
        if deck.get("rulebook")
        else _("Roles: {roles} (ours)").format(roles=words)
    )


def clock_line(s: dict[str, Any], reveal_ticks: Sequence[int]) -> str:
    """`Roles shown at tick 6 next (then 9)`: the clock itself is in the title and on the grid."""
    tick = int(s.get("tick", 1))
    left = [t for t in reveal_ticks if t >= tick]
    if not left:
        return _("Roles: no reveal left")
    if left[1:]:
        return _("Roles shown at tick {tick} (then {ticks})").format(
            tick=left[0], ticks=", ".join(map(str, left[1:]))
        )
    return _("Roles shown at tick {tick}").format(tick=left[0])


def dice_line(s: dict[str, Any]) -> str:
    """Each player's priority/room (or raw dice before assigning), roll-off dice in brackets."""
    bits = []
    for name in s.get("seating") or (s.get("players") or {}):
        p = (s.get("players") or {}).get(name, {})
        priority = p.get("priority")
        if p.get("tiebreak"):
            priority = _("{priority}, roll-off {dice}").format(
                priority=priority, dice=" ".join(map(str, p["tiebreak"]))
            )
        if p.get("priority") is not None and p.get("wanted_room") is not None:
            text = _("{player}: {room} ({priority})").format(
                player=name, room=_room(s, p["wanted_room"]), priority=priority
            )
        elif p.get("priority") is not None:
            text = _("{player} ({priority})").format(player=name, priority=priority)
        elif p.get("dice"):
            text = _("{player} rolled {dice}").format(player=name, dice=" ".join(map(str, p["dice"])))
        else:
            text = _("{player} not yet").format(player=name)
        bits.append(text)
    return _("Rooms wanted (priority): {players}.").format(players=", ".join(bits))


def _room(s: dict[str, Any], room: Any) -> str:
    """A room by its name (the state's, else the shipped one; 0 the main hall), never its number."""
    name = (s.get("rooms") or {}).get(str(room), {}).get("name")
    return data_name(str(name)) if name else room_name(room)


def points_line(s: dict[str, Any]) -> str:
    """Stored points of the players who have any (a row of zeros says nothing; the Modify tokens are
    in the players' hands)."""
    players = s.get("players") or {}
    some = [f"{n} {p.get('stored', 0)}" for n, p in players.items() if p.get("stored")]
    return _("Safe (target {target}): {points}").format(
        target=s.get("target", 20), points=", ".join(some) or _("nothing yet")
    )


def first_tie(s: dict[str, Any]) -> list[str]:
    """The first group of players with equal priority, room and roll-offs (who must roll off)."""
    groups: dict[tuple, list[str]] = {}
    players = s.get("players") or {}
    named = [(n, players[n]) for n in s.get("seating") or players if n in players]
    for n, p in sorted(named, key=lambda np: _order_key(np[1])):
        groups.setdefault(_order_key(p), []).append(n)
    return next((g for g in groups.values() if len(g) > 1), [])


def _order_key(p: dict[str, Any]) -> tuple:
    """Lower priority, lower room, then higher roll-off dice first (as the engine orders)."""
    return (p.get("priority") or 0, p.get("wanted_room") or 0, tuple(-v for v in p.get("tiebreak") or ()))


def room_cells(s: dict[str, Any], selected: str | None) -> list[CellVM]:
    """Rooms with occupants (capacity 2) and cards; the hall, the round clock and the role deck."""
    districts = board_districts(s)
    turn_room = (s.get("players") or {}).get(s.get("turn"), {}).get("room")
    cells = []
    for pos in DISTRICTS:
        d = districts.get(pos, {})
        kind = d.get("represents")
        if (
            kind == "room"
        ):  # its die face (the number the dice choose it by), its name, who is in it, its cards
            occ = list(d.get("occupants") or [])
            cards = int(d.get("cards", 0))
            mark = (
                "active"
                if turn_room == d.get("room") and occ
                else "red"
                if len(occ) >= ROOM_CAPACITY
                else "blue"
                if occ
                else ""
            )
            counts = (
                ((Count(f"die{d['room']}", "", theme.TEXT),) if 1 <= int(d.get("room") or 0) <= 6 else ())
                + ((Count("token.room-card", str(cards), theme.TEXT),) if cards else ())
                + tuple(player_chip(s, p) for p in occ)
            )
            cells.append(
                CellVM(
                    pos,
                    data_name(d.get("name", "")) or str(d.get("room", "")),
                    (),
                    mark,
                    pos == selected,
                    counts=counts,
                )
            )
        elif kind == "hall":  # who waits there: each player's chip (their shape, colour and initial)
            occ = list(d.get("occupants") or [])
            cells.append(
                CellVM(
                    pos, _("Main hall"), (), "", pos == selected, counts=tuple(player_chip(s, p) for p in occ)
                )
            )
        elif kind == "clock":  # the clock's hand as a picture, the tick against the clock's length
            cells.append(
                CellVM(
                    pos,
                    _("Clock"),
                    (
                        _("{tick} of {length}").format(
                            tick=s.get("tick", 1), length=s.get("clock_length", 12)
                        ),
                    ),
                    "vampire",
                    pos == selected,
                    counts=(Count("token.clock", "", theme.ICON_COLOURS["clock"]),),
                )
            )
        elif kind == "roles":
            v = d.get("vampires")
            cells.append(
                CellVM(
                    pos,
                    _("Roles"),
                    (
                        _("not shown")
                        if v is None
                        else ngettext("{n} vampire", "{n} vampires", v).format(n=v),
                    ),
                    "combat" if s.get("step") == "reveal" else "",
                    pos == selected,
                )
            )
        else:
            cells.append(CellVM(pos, "", (), "", pos == selected))
    return cells
