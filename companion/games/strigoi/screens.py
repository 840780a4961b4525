"""Armata Strigoi: Altar and Inferno against this player count's thresholds, wounds, initiative
order, where the Strigoi are, the attack marker and the extra turn, fallen platforms.

The seven rooms sit on the grid as the engine's board maps them (hall B2, north A2, ...; B1 the
Altar, B3 the Inferno); a room's district button answers "which room?" questions.
"""

from __future__ import annotations

from typing import Any

from companion.games.strigoi.story import ALTAR, INFERNO
from companion.i18n import N_, _, data_name, ngettext
from companion.inputs import DISTRICTS
from companion.narration.words import outcome_words, step_text
from companion.rules.base import Action
from companion.ui.model import CellVM, Count
from companion.ui.screens.others.asked import Param, choice, from_engine, number
from companion.ui.screens.others.common import Field, OthersOverScreen, OthersScreen, board_districts

ROOMS = {
    "center": N_("Hall"),
    "n": N_("North"),
    "ne": N_("North-east"),
    "se": N_("South-east"),
    "s": N_("South"),
    "sw": N_("South-west"),
    "nw": N_("North-west"),
}
LETTERS = "ABCDEFX"
REASONS = (
    ("crushed", N_("Crushed by a platform")),
    ("ladder", N_("Last ladder lost")),
    ("center", N_("Hit on a centre")),
    ("other", N_("Other")),
)
ALTAR_MAX = 5
# optional values the screen asks anyway (left out, the engine's default would do the wrong thing at
# a real table); the others (a physical Strigoi token, a lost counterattack...) are left to the engine
ASKED_TOO = frozenset({"blood", "reward", "n", "prevented", "reason", "steps", "wolf", "hit"})
WOUNDS_TO_FALL = 3
PARTS = {
    "master": N_("Master"),
    "apprentice": N_("Apprentice"),
    "supreme": N_("Supreme"),
    "tokens": N_("tokens"),
}
CARD_TITLES = {
    "fire_and_forgive": "Fire & Forgive",
    "fist_by_fist": "Fist by Fist",
    "nighttime_rebel": "Nighttime Rebel",
    "evil_made_me": "The Evil Made Me Do It",
    "vampires_dont_die": "Vampires Don't Die",
    "incense_and_iron": "Incense & Iron",
    "all_you_can_bleed": "All You Can Bleed",
}


class StrigoiScreen(OthersScreen):
    """Initiative, turns, the Strigoi's step and the curse."""

    name = "strigoi"
    game_id = "strigoi"

    def summary(self, s: dict[str, Any]):
        """Title with round and whose turn; blood, order, wounds, Strigoi, marker lines; rooms grid."""
        step = s.get("step", "")
        who = s.get("turn") or ""
        n = s.get("round", 1)
        if step == "turn" and who:
            title = _("Round {n}: {player}'s turn").format(n=n, player=who)
        elif step == "strigoi" and who:
            title = _("Round {n}: {player}: the Strigoi strikes").format(n=n, player=who)
        else:
            title = _("Round {n}: {step}").format(n=n, step=step_text("strigoi", step))
        return title, info_lines(s), room_cells(s, self.selected)

    def pictures(self, s: dict[str, Any]) -> dict[str, Any]:
        """Whose turn, in their colour."""
        return strigoi_pictures(s)

    def params(self, action: Action) -> list[Param]:
        """Powerwolves, Strigoi, rooms (district buttons), numbers and the initiative cards."""
        s = self.state()
        wolves = list(s.get("powerwolves") or {})
        verb = action.command.get("cmd")
        if verb == "initiative":
            out = []
            for w in wolves:
                out.append(
                    number(
                        ("cards", w, "initiative"),
                        _("{wolf}'s card: initiative number").format(wolf=w),
                        1,
                        99,
                        1,
                    )
                )
                out.append(
                    choice(
                        ("cards", w, "letter"),
                        _("{wolf}'s card: direction letter").format(wolf=w),
                        list(LETTERS),
                    )
                )
            return out
        out = []
        for p in action.params:  # what the engine needs, and the optional values the table usually gives
            need = p.name
            if (p.optional and need not in ASKED_TOO) or (verb == "reward" and need == "n"):
                continue  # (a Reward is one card unless said otherwise)
            if need == "strigoi":
                out.append(
                    choice((need,), _("Which Strigoi?"), in_play(s), [name_of(s, k) for k in in_play(s)])
                )
            elif need == "wolf":
                allowed = list(p.choices) or wolves  # (heal: only the wounded)
                default = next((w for w in (s.get("attacked"), s.get("turn")) if w in allowed), None)
                out.append(choice((need,), _("Which Powerwolf?"), allowed, default=default))
            elif need == "hit":
                out.append(
                    Param(
                        (need,),
                        _("Who was hit by the curse?"),
                        "multi",
                        tuple((w, w) for w in wolves),
                        default=[],
                    )
                )
            elif need == "reason":
                out.append(
                    choice((need,), _("Why is it lost?"), [r for r, t in REASONS], [_(t) for r, t in REASONS])
                )
            elif need == "room":
                rooms = [r for r in ROOMS if r != "center" and r not in (s.get("collapsed") or [])]
                out.append(
                    choice(
                        (need,),
                        _("Which platform turns?"),
                        rooms,
                        [_(ROOMS[r]) for r in rooms],
                        seats=room_seats(s),
                    )
                )
            elif need == "steps":
                out.append(number((need,), _("Steps clockwise (negative: back)"), -5, 5, 1))
            elif need == "colour":
                out.append(
                    choice(
                        (need,),
                        _("Which encounter token?"),
                        ["red", "grey"],
                        [_("Red (Monster or Monk)"), _("Grey (stronger Monster; a Monk fought)")],
                    )
                )
            elif need == "blood":
                out.append(choice((need,), _("Blood icon on the token?"), [False, True], [_("No"), _("Yes")]))
            elif need == "reward":
                out.append(
                    choice(
                        (need,),
                        _("Reward icon?"),
                        ["none", "card", "token"],
                        [_("None"), _("Axe: a Reward card"), _("Bat: a Reward token")],
                    )
                )
            elif need == "prevented":
                out.append(number((need,), _("Wounds prevented"), 0, 9, 0))
            elif need == "n":
                out.append(number((need,), _("How many wounds?"), 1, 3, 1))
            else:
                out += from_engine(p)
        return out

    def fields(self) -> list[Field]:
        """Altar, Inferno and every Powerwolf's wounds."""
        s = self.state()
        out = [
            Field("altar", _("Altar"), int(s.get("altar", 0)), 0, ALTAR_MAX),
            Field("inferno", _("Inferno"), int(s.get("inferno", 0)), 0, int(s.get("defeat_need", 5))),
        ]
        out += [
            Field(
                f"wounds:{w}",
                _("Wounds {wolf}").format(wolf=w),
                int(p.get("wounds", 0)),
                0,
                WOUNDS_TO_FALL - 1,
            )
            for w, p in (s.get("powerwolves") or {}).items()
        ]
        out += [
            Field(f"rewards:{w}", _("Reward cards {wolf}").format(wolf=w), int(p.get("rewards", 0)), 0, 30)
            for w, p in (s.get("powerwolves") or {}).items()
        ]
        return out


class StrigoiOverScreen(OthersOverScreen):
    """Victory (the Supreme fell) or defeat (the Inferno filled)."""

    name = "strigoi-over"
    game_id = "strigoi"

    def summary(self, s: dict[str, Any]):
        """The outcome, the final blood and wounds."""
        outcome = s.get("outcome")
        title = (
            _(OUTCOMES[outcome])
            if outcome in OUTCOMES
            else _("Game over: {outcome}").format(outcome=outcome_words(outcome))
        )
        wounds = ", ".join(
            f"{w} {p.get('wounds', 0)}/{WOUNDS_TO_FALL}" for w, p in (s.get("powerwolves") or {}).items()
        )
        lines = [
            _("Rounds played: {n}; Altar {altar}/{altar_max}, Inferno {inferno}/{defeat_need}").format(
                n=s.get("round", 1),
                altar=s.get("altar", 0),
                altar_max=ALTAR_MAX,
                inferno=s.get("inferno", 0),
                defeat_need=s.get("defeat_need", "?"),
            ),
            _("Wounds: {wounds}").format(wounds=wounds),
        ]
        return title, lines, room_cells(s, None)


OUTCOMES = {"victory": N_("Victory: the Supreme Strigoi falls"), "defeat": N_("Defeat: the Inferno is full")}


def strigoi_pictures(s: dict[str, Any]) -> dict[str, Any]:
    """The acting Powerwolf's colour beside the title."""
    from companion import palette

    who = s.get("current_player")
    seating = [p["name"] for p in s.get("seats") or ()]  # the game API's players: the colour of the seat, as
    return {
        "accent": palette.colour_of(who, seating) if who else None
    }  # in the story chart (not the round's order)


def in_play(s: dict[str, Any]) -> list[str]:
    """Strigoi keys still in the fortress (not defeated, standing in a room)."""
    return [k for k, v in (s.get("strigoi") or {}).items() if not v.get("defeated") and v.get("room")]


def name_of(s: dict[str, Any], key: str, short: bool = False) -> str:
    """`master` -> `Master` (or `Supreme (apprentice)` once it walks; `short` for a cell: `Appr.`,
    `Supreme`), in the current language (the rulebook's Meister-Strigoi, Lehrling, Oberster ...)."""
    v = (s.get("strigoi") or {}).get(key, {})
    if v.get("supreme"):
        return _("Supreme") if short else _("Supreme ({strigoi})").format(strigoi=_(PARTS.get(key, key)))
    if short:  # the data's names are too long for a cell (Meister-Strigoi)
        return _("Appr.") if key == "apprentice" else _(PARTS.get(key, key))
    return data_name(key.capitalize())  # the data file's Master / Apprentice (name_de)


def info_lines(s: dict[str, Any]) -> list[str]:
    """Blood and thresholds, initiative order, wounds, Strigoi, marker and platforms."""
    wolves = s.get("powerwolves") or {}
    order = []
    for w in s.get("order") or []:  # the cards' numbers made this order
        wounds = (wolves.get(w) or {}).get("wounds", 0)
        order.append(f"{w} {wounds}")  # whose turn it is: the title says
    marker = _("Attack marker on") if s.get("attack_marker") else _("Attack marker off (extra turn)")
    fallen = ", ".join(room_name(r) for r in s.get("collapsed") or [])
    # Altar and Inferno (and the attack threshold) are on the grid, the Strigoi stand in their rooms
    return [
        _("Wounds (of {most}), in turn order: {wolves}.").format(most=WOUNDS_TO_FALL, wolves=", ".join(order))
        if order
        else _("Wounds: {wounds}.").format(
            wounds="; ".join(
                ngettext(
                    "{wolf} {n} wound of {most}", "{wolf} {n} wounds of {most}", p.get("wounds", 0)
                ).format(wolf=w, n=p.get("wounds", 0), most=WOUNDS_TO_FALL)
                for w, p in wolves.items()
            )
        ),
        _("{marker}; fallen: {rooms}").format(marker=marker, rooms=fallen) if fallen else marker,
        *earned_lines(s),
        *example_line(s),
    ]


def room_name(room: str) -> str:
    """A room key (`ne`) as the screen names it (`North-east`), in the current language."""
    return _(ROOMS[room]) if room in ROOMS else room


def example_line(s: dict[str, Any]) -> list[str]:
    """The example-values line in the first round: which Strigoi values are the shipped examples, not
    your box's (a new game asks for them)."""
    parts = [_(PARTS[p]) if p in PARTS else p for p in s.get("example_values") or []]
    if not parts or int(s.get("round") or 1) > 1:  # said in the first round; later the lines are the game's
        return []
    return [_("Example values: {parts}").format(parts=", ".join(parts))]


def earned_lines(s: dict[str, Any]) -> list[str]:
    """The Advanced Action cards earned so far, the newest first: who took which card."""
    awards = list(s.get("awards") or [])
    if not awards:
        return []
    newest = awards[-1]
    out = [
        _("Earned: {wolf} takes {card}").format(
            wolf=newest["wolf"], card=CARD_TITLES.get(newest["card"], newest["card"])
        )
    ]
    if len(awards) > 1:
        counts: dict[str, int] = {}
        for a in awards:
            counts[a["wolf"]] = counts.get(a["wolf"], 0) + 1
        out.append(_("Advanced: {counts}").format(counts=", ".join(f"{w} {n}" for w, n in counts.items())))
    return out


def room_seats(s: dict[str, Any]) -> dict[str, str]:
    """District -> room key, for the rooms that still stand (not the hall)."""
    out = {}
    for pos, d in board_districts(s).items():
        kind = str(d.get("represents", ""))
        room = kind[5:] if kind.startswith("room ") else None
        if room and room != "center" and room not in (s.get("collapsed") or []):
            out[pos] = room
    return out


def room_cells(s: dict[str, Any], selected: str | None) -> list[CellVM]:
    """Rooms with their Strigoi, fallen platforms, the Altar (blood of 5, the attack threshold) and
    the Inferno (blood of the defeat threshold) as blood points."""
    districts = board_districts(s)
    where = {
        v.get("room"): name_of(s, k, short=True)
        for k, v in (s.get("strigoi") or {}).items()
        if not v.get("defeated") and v.get("room")
    }
    cells = []
    for pos in DISTRICTS:
        kind = str(districts.get(pos, {}).get("represents", ""))
        if kind.startswith("room "):
            room = kind[5:]
            fallen = room in (s.get("collapsed") or [])
            lines = (_("fallen"),) if fallen else (where[room],) if room in where else ()
            title = room_name(room)
            mark = "done" if fallen else "combat" if room in where else ""
            cells.append(CellVM(pos, title, lines, mark, pos == selected))
        elif kind == "altar":
            cells.append(
                CellVM(
                    pos,
                    _("Altar"),
                    (
                        _("attack now")
                        if s.get("can_attack")
                        else _("attack {n}").format(n=s.get("attack_need", "?")),
                    ),
                    "active" if s.get("can_attack") else "blue",
                    pos == selected,
                    (Count("blood_point", f"{s.get('altar', 0)}/{ALTAR_MAX}", ALTAR),),
                )
            )
        elif kind == "inferno":
            cells.append(
                CellVM(
                    pos,
                    _("Inferno"),
                    (),
                    "red",
                    pos == selected,
                    (Count("blood_point", f"{s.get('inferno', 0)}/{s.get('defeat_need', '?')}", INFERNO),),
                )
            )
        else:
            cells.append(CellVM(pos, "", (), "", pos == selected))
    return cells
