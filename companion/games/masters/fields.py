"""What a Masters of the Night record may hold: the fields of each data file and their rules, once.

The loader (`companion.gamedata.loader`) checks the shipped and taught records with these rules as it
builds the game data; teaching (`companion.gamedata.teach`) checks taught files and exports with the
same rules before anything is written, so a file teaching accepts always loads. A taught entry holds
only what was taught (every field optional); the loader requires what a record cannot do without.

    tracker.toml    [tracker.<2..5>] reserve, verified, I/II/III = {high = {red, blue = [a, b]}, low = {...}}
    districts.toml  [districts.<key>] name, name_de, effect = day|night|both, night_ap = 1|2, note, verified
    vampires.toml   [vampires.<Name>] blood_ability, blood_note, blood_cost, dark_ability, dark_note, dark_veil,
                    combat_ability, verified
    cards.toml      [cards."<I|II|III>-NN"] act, name, name_de, red = [cells], blue = [two cells or none],
                    continuing, note, verified
    relics.toml     [relics.<key>] name, name_de, note, max_blood, once_per_round, placeable, redirects_agents,
                    ap, blood, veil, verified
Each text a player reads (name, note and the abilities' names and notes) has its German twin, `name_de`,
`note_de`, `blood_ability_de`, ... (companion.i18n.TRANSLATED_FIELDS; the screens pick them by language).
"""

from __future__ import annotations

import re

from companion.gamedata.checks import Checks, Record, flag, name, one_of, pair, text, whole
from companion.games.masters.rules.data import (
    ACTS,
    CARD_KEY,
    POSITIONS,
    TRACKER_CELL_MAX,
    TRACKER_RESERVE,
    VAMPIRE_COUNTS,
    AgentNumbers,
    Band,
)
from companion.i18n import N_, _

BANDS = tuple(b.value for b in Band)  # ("high", "low"): veil 4-6 and veil 1-3
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")  # district and relic keys: lower-case words joined by "-"
NAME, NOTE = text(), text(allow_empty=True)


def cells_problem(cells: list, colour: str) -> str | None:
    """What is wrong with a list of grid cells of one colour ("red", "blue"), or None."""
    for c in cells:
        if c not in POSITIONS:
            return _("{colour} cell {cell!r} is not on the grid (A1 .. C3)").format(colour=_(colour), cell=c)
    for i, c in enumerate(cells):
        if c in cells[:i]:
            return _("{colour} cell {cell} is listed twice").format(colour=_(colour), cell=c)
    return None


def grid_problem(red: list, blue: list, card: str) -> str | None:
    """What is wrong with a card's grid (its blue-gray cells, the field at fault), or None: no cell
    both colours, blue-gray cells come as a pair, at least one cell marked."""
    both = set(red) & set(blue)
    if both:
        return _("card {card}: cell {cell} cannot be red and blue-gray at once").format(
            card=card, cell=sorted(both)[0]
        )
    if len(blue) not in (0, 2):
        return _("card {card}: blue-gray cells come in a pair, got {n}").format(card=card, n=len(blue))
    if not red and not blue:
        return _("card {card}: mark at least one red or blue-gray cell").format(card=card)
    return None


def _cells(v: Checks, key: str, value) -> list:
    """A list of grid cells, none twice."""
    problem = cells_problem(v.kind(key, value, list), key.rsplit(".", 1)[-1])
    if problem:
        raise v.error(key, problem)
    return value


def _numbers(v: Checks, key: str, value) -> AgentNumbers:
    """One band of a deck: { red = n, blue = [a, b] }."""
    r = v.record(
        key,
        value,
        {
            "red": whole(0, TRACKER_CELL_MAX),  # blue: the two blue-gray numbers of a cell
            "blue": pair(0, TRACKER_CELL_MAX, N_("must be a pair of numbers, e.g. [1, 0]")),
        },
    )
    return AgentNumbers(r.get("red"), r.get("blue"))


def _deck(v: Checks, key: str, value) -> dict[str, AgentNumbers]:
    """The numbers of one deck (I, II, III): high and/or low."""
    r = v.record(key, value, {band: _numbers for band in BANDS})
    return {band: r.get(band) for band in BANDS if band in r}


FIELDS = {
    "tracker": {"reserve": whole(*TRACKER_RESERVE), "verified": flag, **{act: _deck for act in ACTS}},
    "districts": {
        "name": name,
        "name_de": name,
        "effect": one_of("day", "night", "both"),
        "night_ap": whole(1, 2),
        "note": NOTE,
        "note_de": NOTE,
        "verified": flag,
    },
    "vampires": {
        "blood_ability": NAME,
        "blood_ability_de": NAME,
        "blood_note": NOTE,
        "blood_note_de": NOTE,
        "blood_cost": whole(1, 6),
        "dark_ability": NOTE,
        "dark_ability_de": NOTE,
        "dark_note": NOTE,
        "dark_note_de": NOTE,
        "dark_veil": whole(0, 6),
        "combat_ability": flag,
        "verified": flag,
    },
    "cards": {
        "act": one_of(*ACTS),
        "name": NAME,
        "name_de": NAME,
        "red": _cells,
        "blue": _cells,
        "continuing": flag,
        "note": NOTE,
        "note_de": NOTE,
        "verified": flag,
    },
    "relics": {
        "name": NAME,
        "name_de": NAME,
        "note": NOTE,
        "note_de": NOTE,
        "max_blood": whole(0, 9),
        "once_per_round": flag,
        "placeable": flag,
        "redirects_agents": flag,
        "ap": whole(0, 9),
        "blood": whole(0, 6),
        "veil": whole(0, 6),
        "verified": flag,
    },
}
KEYS = {  # section -> (what a record's key must be, the message when it is not)
    "tracker": (
        lambda k: k.isdigit() and int(k) in VAMPIRE_COUNTS,
        lambda: _("tracker key is the vampire count, one of {counts}").format(counts=VAMPIRE_COUNTS),
    ),
    "districts": (SLUG.match, lambda: _("district key must be lower-case words joined by '-'")),
    "cards": (CARD_KEY.match, lambda: _("card key must look like I-01 .. III-18")),
    "relics": (SLUG.match, lambda: _("relic key must be lower-case words joined by '-'")),
}


def record(v: Checks, section: str, key: str, table) -> Record:
    """One record of a section (`cards`, "I-07"): its key, its fields and, for a card, its grid checked."""
    where = f"{section}.{key}"
    v.table(where, table)
    key_ok, message = KEYS.get(section, (None, None))
    if key_ok and not key_ok(key):
        raise v.error(where, message())
    if section == "vampires":  # a vampire's key is its name, as the setup and the screens use it
        v.name(where, key)
    r = v.record(where, table, FIELDS[section])
    r.check()
    if section == "cards":
        _check_card(key, r)
    return r


def entries(v: Checks, section: str, table) -> dict:
    """The checked records of one section table (as they are): key -> fields."""
    return {key: record(v, section, key, e).table for key, e in v.table(section, table).items()}


def _check_card(key: str, r: Record) -> None:
    """A card's act is its key's, and a grid it names is a possible one."""
    act = key.split("-")[0]
    if r.get("act", act) != act:
        raise r.error(
            "act", _("act {act!r} does not match the key {key!r}").format(act=r.get("act"), key=key)
        )
    if "red" in r or "blue" in r:
        problem = grid_problem(r.get("red", []), r.get("blue", []), key)
        if problem:
            raise r.error("blue", problem)
