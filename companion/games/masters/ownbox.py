"""The first game with your own Masters of the Night box: what the table has taught so far.

The shipped card grids and tracker numbers are examples (`verified = false`), so a table playing
with its own cards teaches the box as it plays (README.md, "Game data"): the new-game wizard offers
"your physical deck" first, walks through the veil tracker's numbers once before the first draw,
and asks for each card's grid the first time that card is drawn. This module answers the questions
those screens ask (how many cards are taught, is this tracker side taught, which deck to offer
first); it only reads the taught files (`companion.gamedata.teach`), the loop saves what is taught.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import CompanionError
from companion.i18n import _

CARDS_IN_BOX = 54  # 18 event cards in each of the decks I, II and III
CARDS_PER_ACT = 18
DECK_MODES = ("physical", "digital")


def taught_grids() -> set[str]:
    """Keys of the cards whose grid the table has taught (a taught name alone does not count).
    A broken taught file counts as nothing taught here: loading the game data says what is wrong."""
    from companion.games.masters import teach

    try:
        cards = teach.load_section("cards")
    except CompanionError:
        return set()
    return {key for key, entry in cards.items() if "red" in entry or "blue" in entry}


def progress_line(taught: int | None = None) -> str:
    """ "Cards taught: 17 of 54" (counted now unless `taught` is given)."""
    n = len(taught_grids()) if taught is None else taught
    return _("Cards taught: {n} of {total}").format(n=n, total=CARDS_IN_BOX)


def nothing_taught() -> bool:
    """Neither a card grid nor a tracker side has been taught yet."""
    from companion.games.masters import teach

    try:
        return not taught_grids() and not teach.load_section("tracker")
    except CompanionError:
        return False


def tracker_taught(vampires: int) -> bool:
    """The table has copied its tracker's side for `vampires` vampires."""
    from companion.games.masters import teach

    try:
        return str(vampires) in teach.load_section("tracker")
    except CompanionError:
        return True  # a broken file: don't ask again over it (the loader names the problem)


def deck_order(settings: Mapping[str, Any]) -> tuple[str, ...]:
    """The deck choices of the wizard, the one offered first at the front.

    Your physical deck comes first on a Pi (`settings["pi"]`: the pi hardware backend), when the
    config asks for it (`deck = "physical"`), and whenever nothing is taught yet (the example deck
    would draw made-up cards); otherwise the digital deck (taught data makes it a real deck)."""
    physical = bool(settings.get("pi")) or settings.get("deck") == "physical" or nothing_taught()
    return DECK_MODES if physical else tuple(reversed(DECK_MODES))


def trackers_in_use() -> dict[int, dict[str, Any]]:
    """Vampire count -> {"reserve", "numbers": {"I.high": [red, blue1, blue2], ...}} in use now
    (taught or shipped), the shape the tracker screens take."""
    from companion.games.masters.loader import load_masters

    data = load_masters()
    return {
        t.vampires: {
            "reserve": t.reserve,
            "numbers": {f"{act}.{band}": [n.red, *n.blue] for act, band, n in t.numbers},
        }
        for t in data.trackers
    }


def box_cards() -> list[dict[str, Any]]:
    """Every card slot as {key, act, name, red, blue, taught}, in key order."""
    from companion.games.masters.loader import load_masters

    taught = taught_grids()
    return [
        {
            "key": c.key,
            "act": c.act,
            "name": c.name,
            "red": list(c.red),
            "blue": list(c.blue),
            "taught": c.key in taught,
        }
        for c in load_masters().cards
    ]


def free_key(cards: list[Mapping[str, Any]], act: str, drawn=()) -> str | None:
    """The first card slot of `act` not taught yet and not drawn in this game (a new card's key)."""
    known = {c["key"] for c in cards if c.get("taught")} | set(drawn)
    for n in range(1, CARDS_PER_ACT + 1):
        key = f"{act}-{n:02d}"
        if key not in known:
            return key
    return None


def grid_text(red, blue, names: Mapping[str, str] | None = None) -> str:
    """ "red: Cathedral; blue-gray: Hospital, Museum" for a card's grid: each cell by the name of the
    district lying there (`names`: position -> name, the game in hand's layout); a cell with no
    district named (no game yet) by its grid position, the one name the box has for it then."""
    names = names or {}
    parts = []
    if red:
        parts.append(_("red: {cells}").format(cells=", ".join(names.get(p) or p for p in red)))
    if blue:
        parts.append(_("blue-gray: {cells}").format(cells=", ".join(names.get(p) or p for p in blue)))
    return "; ".join(parts) or _("no cells")


def district_names(state: Mapping[str, Any]) -> dict[str, str]:
    """Position -> the district's name in the table's language, for the game in `state` (empty
    without a game: the card's grid then has no names)."""
    from companion.i18n import data_name

    districts = state.get("districts") if isinstance(state, Mapping) else None
    if not isinstance(districts, Mapping):
        return {}
    return {
        pos: data_name(str(d.get("name") or ""))
        for pos, d in districts.items()
        if isinstance(d, Mapping) and d.get("name")
    }


def untaught_name(card: Mapping[str, Any]) -> bool:
    """The card has no name of its own: taught by its grid alone (stored as "Card I-01") or unnamed."""
    name = str(card.get("name") or "")
    return not name or name == f"Card {card.get('key')}"


def card_words(card: Mapping[str, Any], names: Mapping[str, str] | None = None) -> str:
    """A card as a player knows it: its name, or for one taught without a name its grid ("Red:
    Docks; blue-gray: Museum, Asylum", by `names` as `grid_text`); never its slot's code."""
    from companion.i18n import data_name

    if not untaught_name(card):
        return data_name(str(card["name"]))
    grid = grid_text(card.get("red") or (), card.get("blue") or (), names)
    return grid[:1].upper() + grid[1:]
