"""What Nosferatu's data file (companion/games/nosferatu/data/rules.toml) may hold, and `parse`, which checks
it with the one checker (`companion.gamedata.checks`) and builds the engine's `Rules`:

    min_players, max_players, bites_to_win, small_game_players, small_game_bites, rituals_to_win, night_cards
    [rituals.<key>]  name, name_de, effect = reveal|remove-night|target|table, summary, summary_de, verified

Every number is required: the data file is the one place they live. Pure: the loader reads the file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.gamedata.checks import Checks, flag, one_of, table, text, whole
from companion.games.nosferatu.rules.state import EFFECTS, Ritual, Rules
from companion.i18n import _, ngettext

if TYPE_CHECKING:
    from companion.gamedata.tomlfile import TomlDoc

NUMBERS = (
    "min_players",
    "max_players",
    "bites_to_win",
    "small_game_players",
    "small_game_bites",
    "rituals_to_win",
    "night_cards",
)
FIELDS = {**{key: whole(1, 99) for key in NUMBERS}, "rituals": table}
RITUAL = {
    "name": text(),
    "name_de": text(),
    "effect": one_of(*EFFECTS),
    "summary": text(500),
    "summary_de": text(500),
    "verified": flag,
}


def parse(doc: TomlDoc) -> Rules:
    """The rules of the already-read data file; DataFileError (file, line, field) if a value is bad."""
    v = Checks(doc)
    top = v.record("", doc.data, FIELDS)
    numbers = {key: top.get(key) for key in NUMBERS}
    rituals = tuple(_ritual(v, key, entry) for key, entry in top.get("rituals").items())
    if numbers["rituals_to_win"] > len(rituals):
        raise v.error(
            "rituals_to_win",
            ngettext("only {n} ritual is listed", "only {n} rituals are listed", len(rituals)).format(
                n=len(rituals)
            ),
        )
    if numbers["night_cards"] < numbers["max_players"]:  # the Clock holds one Night card per player
        raise v.error(
            "night_cards", _("a Clock for {n} players needs {n} Night cards").format(n=numbers["max_players"])
        )
    return Rules(rituals=rituals, **numbers)


def _ritual(v: Checks, key: str, entry) -> Ritual:
    """One [rituals.<key>] table."""
    r = v.record(f"rituals.{key}", entry, RITUAL)
    r.check()
    return Ritual(key, r.get("name"), r.get("effect"), r.get("summary"))
