"""The vampire mansion: dice per player (priority / room), tie-breaks, room occupancy, the round
clock with its reveal ticks, and the ranking at the end. Rooms sit on the grid as the board says.

While everyone rolls, the buttons show one player at a time ("Player: P2" moves on), so eight
players' dice never bury the screen in buttons.
"""

from __future__ import annotations

from typing import Any, Sequence

from companion.inputs import DISTRICTS, Press
from companion.rules.base import Action
from companion.ui.model import ButtonVM, CellVM, action_button
from companion.ui.screens.base import UIContext
from companion.ui.screens.others.common import (ADJUST, Field, OthersOverScreen, OthersScreen, Param,
                                                board_districts, choice, number, outcome_words)

ROOM_CAPACITY = 2
REVEAL_TICKS = (6, 9)     # shipped default; the screen reads the data file's when it can
SCORE_CARDS = (1, 3, 5)
STEP_WORDS = {"roll": "everyone rolls", "rolloff": "roll-off for a tie", "turn": "turns", "reveal": "role reveal",
              "over": "game over"}


class MansionScreen(OthersScreen):
    """Rolling, roll-offs, turns and reveals."""

    name = "mansion"
    game_id = "mansion"

    def __init__(self, ctx: UIContext) -> None:
        """Read the reveal ticks and room texts once (shipped data; defaults if it cannot be read)."""
        super().__init__(ctx)
        self.player: str | None = None
        self.reveal_ticks, self.summaries = _rules_facts()

    # -- what is shown ---------------------------------------------------------------------------
    def summary(self, s: dict[str, Any]):
        """Clock, dice, order or ranking; rooms, hall, clock and role deck on the grid."""
        title = f"Tick {s.get('tick', 1)} of {s.get('clock_length', 12)}: {STEP_WORDS.get(s.get('step', ''), s.get('step', ''))}"
        lines = [clock_line(s, self.reveal_ticks)]
        if s.get("step") == "reveal":  # the roles are the news: the order and dice wait for the next round
            return title, [*lines, deck_line(s.get("role_deck") or {}), points_line(s)], room_cells(s, self.selected)
        lines.append(dice_line(s))
        if s.get("step") == "turn" and s.get("turn"):
            lines.append(self._turn_line(s))
        elif s.get("step") == "rolloff":
            lines.append("Tie: " + ", ".join(first_tie(s)) + " roll one die each, highest first")
        else:
            lines.append("Order: " + (", ".join(s.get("order") or []) or "set once all have rolled"))
        lines.append(points_line(s))
        return title, lines, room_cells(s, self.selected)

    def _turn_line(self, s: dict[str, Any]) -> str:
        """The player on turn: where they are and the room's text."""
        who = s["turn"]
        p = (s.get("players") or {}).get(who, {})
        room = p.get("room")
        where = "not in a room yet" if room is None else "in the main hall" if room == 0 else \
            f"in {(s.get('rooms') or {}).get(str(room), {}).get('name', room)}: {self.summaries.get(room, '')}"
        return f"{who} wants room {p.get('wanted_room', '-')}, {where}"

    def buttons(self) -> list[ButtonVM]:
        """While rolling: the chosen player's actions and "Player: next"; otherwise all actions."""
        s = self.state()
        if s.get("step") != "roll":
            return self._with_auto(super().buttons())
        who = self.current_player(s)
        mine = [action_button(i, a) for i, a in self.ordered()
                if a.command.get("cmd") != ADJUST and a.command.get("player") in (None, who)]
        return mine + [ButtonVM("who", f"Player: {who} (next)"), ButtonVM("correct", "Correct counts"), ButtonVM("menu", "Menu")]

    def _with_auto(self, buttons: list[ButtonVM]) -> list[ButtonVM]:
        """Roll-off and Take get a one-press default next to the button that asks for values."""
        out = []
        for b in buttons:
            if b.id.startswith("act:") and b.enabled:
                verb = self.actions[int(b.id[4:])].command.get("cmd")
                if verb == "rolloff":
                    out.append(ButtonVM(f"auto:{b.id[4:]}", "Companion rolls"))
                    b = ButtonVM(b.id, "Enter roll-off dice")
                elif verb == "take":
                    out.append(ButtonVM(f"auto:{b.id[4:]}", "Take all cards"))
                    b = ButtonVM(b.id, "Take some cards")
            out.append(b)
        return out

    def current_player(self, s: dict[str, Any]) -> str:
        """The player whose dice the roll step shows: chosen, else the first not yet assigned."""
        seating = list(s.get("seating") or (s.get("players") or {}))
        if self.player in seating:
            return self.player
        players = s.get("players") or {}
        return next((n for n in seating if players.get(n, {}).get("priority") is None), seating[0] if seating else "-")

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
        names = list(s.get("seating") or [])
        if verb == "reroll":
            return [Param(("dice",), "Which dice are rerolled?", "multi", ((0, "First die"), (1, "Second die")))]
        if verb == "take":
            room = (s.get("players") or {}).get(s.get("turn"), {}).get("room")
            here = int((s.get("rooms") or {}).get(str(room), {}).get("cards", 0)) if room else 0
            return [number(("n",), "How many cards are taken?", 0, max(0, here), here)]
        if verb == "store":
            return [Param(("cards",), "Which score cards go into the safe?", "cards",
                          tuple((v, f"{v} point{'s' if v > 1 else ''}") for v in SCORE_CARDS))]
        if verb == "rolloff":
            return [number(("values", n), f"Roll-off die of {n}", 1, 6, 1) for n in first_tie(s)]
        if verb == "claim":
            return [choice(("player",), "Who claims the win?", names),
                    number(("hand_points",), "Points in their hand", 0, 60, 0)]
        if verb == "rank":
            return ([choice(("roles", n), f"Role of {n}", ["human", "vampire"], ["Human", "Vampire"], optional=True) for n in names]
                    + [choice(("first_vampire",), "First vampire", names, optional=True)]
                    + [number(("hand_points", n), f"Hand points of {n}", 0, 60, 0, optional=True) for n in names])
        return super().params(action)

    def seat_actions(self) -> dict[str, int]:
        """A room's district focuses entering that room."""
        rooms = {str(d.get("room")): pos for pos, d in board_districts(self.state()).items() if d.get("represents") == "room"}
        return {rooms[str(a.command["room"])]: i for i, a in enumerate(self.actions)
                if a.command.get("cmd") == "enter" and a.enabled and str(a.command.get("room")) in rooms}

    # -- corrections -----------------------------------------------------------------------------
    def fields(self) -> list[Field]:
        """The tick and every player's Modify tokens and stored points."""
        s = self.state()
        out = [Field("tick", "Clock tick", int(s.get("tick", 1)), 1, int(s.get("clock_length", 12)))]
        for n, p in (s.get("players") or {}).items():
            out += [Field(f"tokens:{n}", f"{n} tokens", int(p.get("tokens", 0))),
                    Field(f"stored:{n}", f"{n} stored", int(p.get("stored", 0)), 0, 99)]
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

    def summary(self, s: dict[str, Any]):
        """Outcome title, places, stored points."""
        ranking = s.get("ranking") or []
        players = s.get("players") or {}
        places = [f"{r['place']}. {r['player']} ({players.get(r['player'], {}).get('stored', 0)} stored)" for r in ranking]
        lines = [f"Ended at tick {s.get('tick', '?')}: {OUTCOMES.get(s.get('outcome'), outcome_words(s.get('outcome')))}"]
        lines.append("Ranking: " + ("; ".join(places) if places else "enter roles to rank"))
        if s.get("vampires") is not None:
            lines.append(f"Vampires revealed: {s['vampires']}")
        return "Game over", lines, room_cells(s, None)


OUTCOMES = {"clock": "the clock ran out", "points": "a human reached the target", "all-vampires": "no humans are left"}


def _rules_facts() -> tuple[tuple[int, ...], dict[int, str]]:
    """Reveal ticks and room texts of the shipped rules (defaults if the data cannot be read)."""
    try:
        from companion.rules import load_game

        rules = load_game("mansion").data
        return tuple(rules.reveal_ticks), {i + 1: r.summary for i, r in enumerate(rules.rooms)}
    except Exception:  # a broken data file is reported by the engine; the screen keeps going
        return REVEAL_TICKS, {}



def setup_fields(lo: int, hi: int, default_players: int) -> list:
    """What the mansion's new-game wizard asks after the players: clock length, target, vampires."""
    from companion.ui.screens.others import SetupField

    return [SetupField("clock_length", "Clock", 6, 20, 12), SetupField("target", "Target", 5, 60, 20),
            SetupField("vampires", "Vampires", 1, hi - 1, 1)]


def setup_note(values: dict[str, int]) -> tuple[str, ...]:
    """The wizard's note on the values chosen: the role deck they make."""
    return role_deck_note(values["players"], values.get("vampires", 1))


def role_deck_note(players: int, vampires: int) -> tuple[str, ...]:
    """The wizard's word on the role deck: the rulebook's (4 players, 1 vampire) or our extension."""
    if not 1 <= vampires <= players - 1:
        return (f"Role deck: {vampires} vampires is not possible for {players} players (1 to {players - 1}).",)
    deck = f"Role deck: {vampires} vampire{'s' if vampires > 1 else ''}, {players - vampires} human{'s' if players - vampires > 1 else ''}"
    if (players, vampires) == (4, 1):
        return (f"{deck}, as in the rulebook.",)
    return (f"{deck}: our extension.", "The rulebook sets up 4 players only (1 vampire, 3 humans).")


def deck_line(deck: dict[str, Any]) -> str:
    """`Roles: 2 vampires, 4 humans (ours)` for the game screen."""
    v, h = deck.get("vampires", 1), deck.get("humans", 0)
    where = "" if deck.get("rulebook") else " (ours)"
    return f"Roles: {v} vampire{'s' * (v != 1)}, {h} human{'s' * (h != 1)}{where}"


def clock_line(s: dict[str, Any], reveal_ticks: Sequence[int]) -> str:
    """`Roles shown at tick 6 next (then 9)`: the clock itself is in the title and on the grid."""
    tick = int(s.get("tick", 1))
    left = [t for t in reveal_ticks if t >= tick]
    if not left:
        return "Roles: no reveal left"
    then = f" (then {', '.join(map(str, left[1:]))})" if left[1:] else ""
    return f"Roles shown at tick {left[0]}{then}"


def dice_line(s: dict[str, Any]) -> str:
    """Each player's priority/room (or raw dice before assigning), roll-off dice in brackets."""
    bits = []
    for name in s.get("seating") or (s.get("players") or {}):
        p = (s.get("players") or {}).get(name, {})
        if p.get("priority") is not None:
            text = f"{name} {p['priority']}/{p.get('wanted_room', '-')}"
        elif p.get("dice"):
            text = f"{name} rolled {' '.join(map(str, p['dice']))}"
        else:
            text = f"{name} -"
        if p.get("tiebreak"):
            text += f" [{' '.join(map(str, p['tiebreak']))}]"
        bits.append(text)
    return "Priority/room: " + ", ".join(bits)


def points_line(s: dict[str, Any]) -> str:
    """Stored points of the players who have any (a row of zeros says nothing; the Modify tokens are
    in the players' hands)."""
    players = s.get("players") or {}
    some = [f"{n} {p.get('stored', 0)}" for n, p in players.items() if p.get("stored")]
    return f"Safe (target {s.get('target', 20)}): " + (", ".join(some) or "nothing yet")


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
        if kind == "room":
            occ = list(d.get("occupants") or [])
            lines = (", ".join(occ) or "empty", f"{len(occ)}/{ROOM_CAPACITY}, {d.get('cards', 0)} cards")
            mark = "active" if turn_room == d.get("room") and occ else "red" if len(occ) >= ROOM_CAPACITY else "blue" if occ else ""
            cells.append(CellVM(pos, f"{d.get('room')} {d.get('name', '')}", lines, mark, pos == selected))
        elif kind == "hall":
            occ = list(d.get("occupants") or [])
            who = ", ".join(occ) if len(occ) <= 3 else f"{len(occ)} players"  # a full hall: its count
            cells.append(CellVM(pos, "Main hall", (who or "empty",), "", pos == selected))
        elif kind == "clock":
            cells.append(CellVM(pos, "Clock", (f"tick {s.get('tick', 1)}/{s.get('clock_length', 12)}",),
                                "vampire", pos == selected))
        elif kind == "roles":
            v = d.get("vampires")
            cells.append(CellVM(pos, "Roles", ("not shown" if v is None else f"{v} vampires",),
                                "combat" if s.get("step") == "reveal" else "", pos == selected))
        else:
            cells.append(CellVM(pos, "", (), "", pos == selected))
    return cells
