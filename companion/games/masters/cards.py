"""Masters of the Night's event cards as the card reader sees them (its plugin's `cards`): a tag
read is looked up in the registrations (`teach.tags_path()`), a known card is drawn, an unknown one
is taught on the New card screen from the catalogue of known cards."""

from __future__ import annotations


def lookup_tag(tag: str) -> str | None:
    """The card (or relic) key registered for `tag`, or None; a broken tags file raises CompanionError."""
    from companion.games.masters import teach

    return teach.lookup_tag(tag)


def register_tag(tag: str, key: str) -> str:
    """Register `tag` for card or relic `key`; TeachError (a CompanionError) for bad input."""
    from companion.games.masters import teach

    return teach.register_tag(tag, key)


def catalogue() -> list[dict]:
    """Known event cards as {key, name, act, red, blue, taught}, for the New card screen (a new card
    goes to its act's first place not `taught`; CompanionError: data not loaded)."""
    from companion.games.masters.loader import load_masters
    from companion.games.masters.ownbox import taught_grids

    taught = taught_grids()
    return [
        {
            "key": c.key,
            "name": c.name,
            "act": c.act,
            "red": list(c.red),
            "blue": list(c.blue),
            "taught": c.key in taught,
        }
        for c in load_masters().cards
    ]


def grid_differs(key: str, grid) -> str | None:
    """A line naming card `key` when the grid a camera read from it ({"red", "blue"}) is not the grid
    taught for it (shipped or taught), else None."""
    from companion.games.masters.loader import load_masters
    from companion.i18n import _, data_name

    card = next((c for c in load_masters().cards if c.key == key), None)
    if card is None or (set(grid["red"]), set(grid["blue"])) == (set(card.red), set(card.blue)):
        return None
    return _("The printed grid of {card} differs from the one taught: check the card.").format(
        card=data_name(card.name) or key
    )


def command(key: str) -> dict:
    """The command a read card sends: draw it."""
    return {"cmd": "draw", "card": key}


def grids() -> list[dict]:
    """Every card slot with its grid, shipped or taught, for the host's phone (teaching by tapping)."""
    from companion.games.masters.ownbox import box_cards

    return box_cards()


def export_text() -> str:
    """Everything the table taught, as one file another table imports (`companion cards export`)."""
    from companion.games.masters import teach

    return teach.export_text()
