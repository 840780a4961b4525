"""Nosferatu: the Clock pile, whose turn, the stake holder, bites and rituals; seats on the grid.

Seats go round the grid edge as the engine's board says (the game's README.md); a district button
picks that player (and focuses the action that names them, e.g. "stake to P3").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.nosferatu.narration import character_text, outcome_text
from companion.i18n import N_, _, data_name, ngettext
from companion.inputs import DISTRICTS
from companion.narration.words import step_text
from companion.rules.base import Action
from companion.ui.model import CellVM, Count, player_chip
from companion.ui.screens.others.asked import Param, choice, from_engine
from companion.ui.screens.others.common import Field, OthersOverScreen, OthersScreen, board_districts

CHARACTER_WORDS = {"vampire": N_("Vampire"), "hunter": N_("Hunter")}
PLAYER_KEYS = ("to", "target", "player")


class NosferatuScreen(OthersScreen):
    """One screen for every step; the lines and buttons follow the step."""

    name = "nosferatu"
    game_id = "nosferatu"

    def summary(self, s: dict[str, Any]) -> tuple[str, Sequence[str], Sequence[CellVM]]:
        """Title with the step, the Clock, turn/holder, bites, rituals; seats and the Clock on the grid."""
        step = s.get("step", "")
        title = _("Round {n}: {step}").format(n=s.get("round", 1), step=step_text("nosferatu", step))
        return title, info_lines(s), seat_cells(s, self.selected)

    grouped = {
        "cast": ("target", N_("Reveal a card with a Ritual"))
    }  # (a revealing Ritual: one action per player)

    def params(self, action: Action) -> list[Param]:
        """Players come from seats (district buttons), characters from two buttons; the engine says which
        players and characters are possible."""
        s = self.state()
        seats = {pos: d.get("name") for pos, d in board_districts(s).items() if d.get("represents") == "seat"}
        out = []
        for p in action.params:
            if p.optional:
                continue
            if p.kind == "player":
                allowed = list(p.choices)
                out.append(
                    choice(
                        (p.name,),
                        _("Which player?"),
                        allowed,
                        seats={pos: n for pos, n in seats.items() if n in allowed},
                    )
                )
            elif p.name == "character":
                out.append(
                    choice(
                        (p.name,),
                        _("What is that card?"),
                        list(p.choices),
                        [_(CHARACTER_WORDS[c]) for c in p.choices],
                    )
                )
            else:
                out += from_engine(p)
        return out

    def seat_actions(self) -> dict[str, int]:
        """A seat's district focuses the enabled action naming that player."""
        names = {
            d.get("name"): pos
            for pos, d in board_districts(self.state()).items()
            if d.get("represents") == "seat"
        }
        out: dict[str, int] = {}
        for i, a in enumerate(self.actions):
            who = next((a.command[k] for k in PLAYER_KEYS if k in a.command), None)
            if a.enabled and who in names:
                out.setdefault(names[who], i)
        return out

    def fields(self) -> list[Field]:
        """Nights in the Clock and each player's bites."""
        s = self.state()
        clock = s.get("clock") or {}
        out = [Field("nights", _("Nights in the Clock"), int(clock.get("nights", 0)), 0, 20)]
        out += [
            Field(f"bites:{p}", _("Bites {player}").format(player=p), int(n), 0, 10)
            for p, n in (s.get("bites") or {}).items()
        ]
        return out


class NosferatuOverScreen(OthersOverScreen):
    """Who won and how: stake, rituals or bites."""

    name = "nosferatu-over"
    game_id = "nosferatu"

    def summary(self, s: dict[str, Any]) -> tuple[str, Sequence[str], Sequence[CellVM]]:
        """The outcome as the title, the final tallies below."""
        known = ", ".join(f"{p}: {character_text(c)}" for p, c in (s.get("known") or {}).items()) or _("none")
        lines = [
            _("Rounds played: {n}").format(n=s.get("round", 1)),
            *info_lines(s)[2:4],
            _("Cards shown: {cards}").format(cards=known),
        ]
        return (
            _("Game over: {outcome}").format(outcome=outcome_text(s.get("outcome"))),
            lines,
            seat_cells(s, None),
        )


def info_lines(s: dict[str, Any]) -> list[str]:
    """Clock, turn and holder, bites, rituals, this round's cards."""
    clock = s.get("clock") or {}
    left = int(clock.get("nights_left", 0)) + (1 if clock.get("dawn_left") else 0)
    dawn = _("Dawn not yet") if clock.get("dawn_left") else _("Dawn is out")
    bites = s.get("bites") or {}
    bitten = ", ".join(
        ngettext("{player} once", "{player} {n} times", n).format(player=p, n=n)
        for p, n in bites.items()
        if n
    ) or _("nobody yet")
    rituals = s.get("rituals") or {}
    used = ", ".join(ritual_name(r) for r in rituals.get("used", [])) or _("none")
    return [
        _("Clock: {n} cards left; {dawn}").format(n=left, dawn=dawn),
        who_line(s),
        _("{n} of {goal} bites: {bitten}.").format(
            n=s.get("bites_total", 0), goal=s.get("bites_to_win", 5), bitten=bitten
        ),
        _("Rituals {n} of {goal}: {used}").format(
            n=len(rituals.get("used", [])), goal=rituals.get("to_win", 5), used=used
        ),
    ]


def who_line(s: dict[str, Any]) -> str:
    """Whose turn it is, who holds the stake, who is Renfield: sentences, leaving out what nobody is."""
    said = [
        text.format(player=s[key])
        for key, text in (
            ("turn", _("{player}'s turn.")),
            ("holder", _("{player} holds the stake.")),
            ("renfield", _("{player} is Renfield.")),
        )
        if s.get(key)
    ]
    return " ".join(said) or _("Nobody's turn yet.")


def ritual_name(key: str) -> str:
    """`time-distortion` -> `Time Distortion` (in the current language: the data's name_de)."""
    return data_name(key.replace("-", " ").title())


def seat_cells(s: dict[str, Any], selected: str | None) -> list[CellVM]:
    """Seats with stake, bites and turn; B2 the Clock."""
    cells = []
    districts = board_districts(s)
    for pos in DISTRICTS:
        d = districts.get(pos, {})
        kind = d.get("represents")
        if kind == "seat":
            name = d.get("name", "")
            lines = []
            if d.get("holder"):
                lines.append(_("stake"))
            if name == s.get("renfield"):
                lines.append("Renfield")
            mark = (
                "vampire"
                if name == s.get("turn")
                else "red"
                if d.get("bites")
                else "active"
                if d.get("holder")
                else ""
            )
            cells.append(
                CellVM(
                    pos,
                    name,
                    tuple(lines),
                    mark,
                    pos == selected,
                    (Count("bite", str(d.get("bites", 0))),),
                    player_chip(s, name),
                )
            )  # the seat's shape and colour before the name
        elif kind == "clock":
            dawn = d.get("mood") == "dawn"
            cells.append(
                CellVM(
                    pos,
                    _("Clock"),
                    (_("Dawn!"),) if dawn else (),
                    "active" if dawn else "blue",
                    pos == selected,
                    (Count("clock", str(d.get("cards_left", 0))),),
                )
            )
        else:
            cells.append(CellVM(pos, "", (), "", pos == selected))
    return cells
