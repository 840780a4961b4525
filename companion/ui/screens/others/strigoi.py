"""Armata Strigoi: Altar and Inferno against this player count's thresholds, wounds, initiative
order, where the Strigoi are, the attack marker and the extra turn, fallen platforms.

The seven rooms sit on the grid as the engine's board maps them (hall B2, north A2, ...; B1 the
Altar, B3 the Inferno); a room's district button answers "which room?" questions.
"""

from __future__ import annotations

from typing import Any

from companion.inputs import DISTRICTS
from companion.rules.base import Action
from companion.ui.model import CellVM, Count
from companion.ui.story import ALTAR, INFERNO
from companion.ui.screens.others.common import (Field, OthersOverScreen, OthersScreen, Param, board_districts,
                                                choice, number, outcome_words)

ROOMS = {"center": "Hall", "n": "North", "ne": "North-east", "se": "South-east", "s": "South", "sw": "South-west",
         "nw": "North-west"}
LETTERS = "ABCDEFX"
REASONS = (("crushed", "Crushed by a platform"), ("ladder", "Last ladder lost"), ("center", "Hit on a centre"),
           ("other", "Other"))
ALTAR_MAX = 5
WOUNDS_TO_FALL = 3
PARTS = {"master": "Master", "apprentice": "Apprentice", "supreme": "Supreme", "tokens": "tokens"}
CARD_TITLES = {"fire_and_forgive": "Fire & Forgive", "fist_by_fist": "Fist by Fist",
               "nighttime_rebel": "Nighttime Rebel", "evil_made_me": "The Evil Made Me Do It",
               "vampires_dont_die": "Vampires Don't Die", "incense_and_iron": "Incense & Iron",
               "all_you_can_bleed": "All You Can Bleed"}
SHORT = {"Apprentice": "Appr.", "Supreme (master)": "Supreme", "Supreme (apprentice)": "Supreme"}  # on a cell
STEP_WORDS = {"initiative": "reveal the Action cards", "turn": "'s turn", "strigoi": ": the Strigoi strikes",
              "curse": "the extra Strigoi turn", "over": "game over"}


class StrigoiScreen(OthersScreen):
    """Initiative, turns, the Strigoi's step and the curse."""

    name = "strigoi"
    game_id = "strigoi"

    def summary(self, s: dict[str, Any]):
        """Title with round and whose turn; blood, order, wounds, Strigoi, marker lines; rooms grid."""
        step = s.get("step", "")
        who = s.get("turn") or ""
        words = STEP_WORDS.get(step, step)
        title = f"Round {s.get('round', 1)}: {who}{words}" if step in ("turn", "strigoi") and who else \
            f"Round {s.get('round', 1)}: {words}"
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
                out.append(number(("cards", w, "initiative"), f"{w}'s card: initiative number", 1, 99, 1))
                out.append(choice(("cards", w, "letter"), f"{w}'s card: direction letter", list(LETTERS)))
            return out
        out = []
        for need in action.needs:
            if need == "strigoi":
                out.append(choice((need,), "Which Strigoi?", in_play(s), [name_of(s, k) for k in in_play(s)]))
            elif need == "wolf":
                out.append(choice((need,), "Which Powerwolf?", wolves, default=s.get("attacked") or s.get("turn")))
            elif need == "hit":
                out.append(Param((need,), "Who was hit by the curse?", "multi", tuple((w, w) for w in wolves), default=[]))
            elif need == "reason":
                out.append(choice((need,), "Why is it lost?", [r for r, _ in REASONS], [t for _, t in REASONS]))
            elif need == "room":
                rooms = [r for r in ROOMS if r != "center" and r not in (s.get("collapsed") or [])]
                out.append(choice((need,), "Which platform turns?", rooms, [ROOMS[r] for r in rooms], seats=room_seats(s)))
            elif need == "steps":
                out.append(number((need,), "Steps clockwise (negative: back)", -5, 5, 1))
            elif need == "colour":
                out.append(choice((need,), "Which encounter token?", ["red", "grey"],
                                  ["Red (Monster or Monk)", "Grey (stronger Monster; a Monk fought)"]))
            elif need == "result":
                out.append(choice((need,), "How did it end?", ["won", "lost", "freed"],
                                  ["Won", "Lost", "Monk set free"]))
            elif need == "blood":
                out.append(choice((need,), "Blood icon on the token?", [False, True], ["No", "Yes"]))
            elif need == "reward":
                out.append(choice((need,), "Reward icon?", ["none", "card", "token"],
                                  ["None", "Axe: a Reward card", "Bat: a Reward token"]))
            elif need == "prevented":
                out.append(number((need,), "Wounds prevented", 0, 9, 0))
            elif need == "n":
                out.append(number((need,), "How many wounds?", 1, 3, 1))
            else:
                out.append(number((need,), f"{need}?", 0, 20, 0))
        return out

    def fields(self) -> list[Field]:
        """Altar, Inferno and every Powerwolf's wounds."""
        s = self.state()
        out = [Field("altar", "Altar", int(s.get("altar", 0)), 0, ALTAR_MAX),
               Field("inferno", "Inferno", int(s.get("inferno", 0)), 0, int(s.get("defeat_need", 5)))]
        out += [Field(f"wounds:{w}", f"Wounds {w}", int(p.get("wounds", 0)), 0, WOUNDS_TO_FALL - 1)
                for w, p in (s.get("powerwolves") or {}).items()]
        out += [Field(f"rewards:{w}", f"Reward cards {w}", int(p.get("rewards", 0)), 0, 30)
                for w, p in (s.get("powerwolves") or {}).items()]
        return out

    def correction(self, changes) -> list[dict[str, Any]]:
        """One adjust command with Altar, Inferno and the changed wounds."""
        if not changes:
            return []
        cmd: dict[str, Any] = {"cmd": "adjust"}
        for key, value in changes.items():
            if key.startswith(("wounds:", "rewards:")):
                group, wolf = key.split(":", 1)
                cmd.setdefault(group, {})[wolf] = value
            else:
                cmd[key] = value
        return [cmd]


class StrigoiOverScreen(OthersOverScreen):
    """Victory (the Supreme fell) or defeat (the Inferno filled)."""

    name = "strigoi-over"
    game_id = "strigoi"

    def summary(self, s: dict[str, Any]):
        """The outcome, the final blood and wounds."""
        head = {"victory": "Victory: the Supreme Strigoi falls", "defeat": "Defeat: the Inferno is full"}
        title = head.get(s.get("outcome"), f"Game over: {outcome_words(s.get('outcome'))}")
        wounds = ", ".join(f"{w} {p.get('wounds', 0)}/{WOUNDS_TO_FALL}" for w, p in (s.get("powerwolves") or {}).items())
        lines = [f"Rounds played: {s.get('round', 1)}; Altar {s.get('altar', 0)}/{ALTAR_MAX}, "
                 f"Inferno {s.get('inferno', 0)}/{s.get('defeat_need', '?')}", f"Wounds: {wounds}"]
        return title, lines, room_cells(s, None)


def strigoi_pictures(s: dict[str, Any]) -> dict[str, Any]:
    """The acting Powerwolf's colour beside the title."""
    from companion import palette

    who = s.get("turn")
    wolves = list(s.get("order") or s.get("powerwolves") or {})
    return {"accent": palette.colour_of(who, wolves) if who else None}


def in_play(s: dict[str, Any]) -> list[str]:
    """Strigoi keys still in the fortress (not defeated, standing in a room)."""
    return [k for k, v in (s.get("strigoi") or {}).items() if not v.get("defeated") and v.get("room")]


def name_of(s: dict[str, Any], key: str) -> str:
    """`master` -> `Master` (or `Supreme (apprentice)` once it walks)."""
    v = (s.get("strigoi") or {}).get(key, {})
    return f"Supreme ({key})" if v.get("supreme") else key.capitalize()


def info_lines(s: dict[str, Any]) -> list[str]:
    """Blood and thresholds, initiative order, wounds, Strigoi, marker and platforms."""
    wolves = s.get("powerwolves") or {}
    order = []
    for w in s.get("order") or []:
        now = "*" if w == s.get("turn") else ""
        wounds = (wolves.get(w) or {}).get("wounds", 0)
        order.append(f"{now}{w} {wounds}/{WOUNDS_TO_FALL}")  # the cards' numbers made this order
    marker = "on" if s.get("attack_marker") else "off (extra turn)"
    fallen = ", ".join(ROOMS.get(r, r) for r in s.get("collapsed") or [])
    # Altar and Inferno (and the attack threshold) are on the grid, the Strigoi stand in their rooms
    return [
        ("Order, wounds: " + ", ".join(order)) if order else
        "Wounds: " + ", ".join(f"{w} {p.get('wounds', 0)}/{WOUNDS_TO_FALL}" for w, p in wolves.items()),
        f"Attack marker {marker}" + (f"; fallen: {fallen}" if fallen else ""),
        *earned_lines(s), *example_line(s),
    ]


def example_line(s: dict[str, Any]) -> list[str]:
    """The example-values line in the first round: which Strigoi values are the shipped examples, not
    your box's (a new game asks for them)."""
    parts = [PARTS.get(p, p) for p in s.get("example_values") or []]
    if not parts or int(s.get("round") or 1) > 1:  # said in the first round; later the lines are the game's
        return []
    return [f"Example values: {', '.join(parts)}"]


def earned_lines(s: dict[str, Any]) -> list[str]:
    """The Advanced Action cards earned so far, the newest first: who took which card."""
    awards = list(s.get("awards") or [])
    if not awards:
        return []
    newest = awards[-1]
    out = [f"Earned: {newest['wolf']} takes {CARD_TITLES.get(newest['card'], newest['card'])}"]
    if len(awards) > 1:
        counts: dict[str, int] = {}
        for a in awards:
            counts[a["wolf"]] = counts.get(a["wolf"], 0) + 1
        out.append("Advanced: " + ", ".join(f"{w} {n}" for w, n in counts.items()))
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
    where = {v.get("room"): SHORT.get(name_of(s, k), name_of(s, k)) for k, v in (s.get("strigoi") or {}).items() if not v.get("defeated") and v.get("room")}
    cells = []
    for pos in DISTRICTS:
        kind = str(districts.get(pos, {}).get("represents", ""))
        if kind.startswith("room "):
            room = kind[5:]
            fallen = room in (s.get("collapsed") or [])
            lines = ("fallen",) if fallen else (where[room],) if room in where else ()
            title = ROOMS.get(room, room)
            mark = "done" if fallen else "combat" if room in where else ""
            cells.append(CellVM(pos, title, lines, mark, pos == selected))
        elif kind == "altar":
            cells.append(CellVM(pos, "Altar", ("attack now" if s.get("can_attack") else f"attack {s.get('attack_need', '?')}",),
                                "active" if s.get("can_attack") else "blue", pos == selected,
                                (Count("blood_point", f"{s.get('altar', 0)}/{ALTAR_MAX}", ALTAR),)))
        elif kind == "inferno":
            cells.append(CellVM(pos, "Inferno", (), "red", pos == selected,
                                (Count("blood_point", f"{s.get('inferno', 0)}/{s.get('defeat_need', '?')}", INFERNO),)))
        else:
            cells.append(CellVM(pos, "", (), "", pos == selected))
    return cells
