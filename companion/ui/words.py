"""The engines' own words in the table's language: how a game ended.

The rules engines stay pure and English: their state JSON names the ending with an id
(`evil-bites`, `all-vampires`, One Night's winning teams joined by `+`, `villager+tanner`). The
screens and the story chart show it through `outcome_words`, which looks each id up here (the
English words are the id's own, so English reads as before); an id nobody listed comes back as its
words, so a newer engine still shows.
"""

from __future__ import annotations

from companion.i18n import _, pgettext


def _known() -> dict[str, str]:
    """Outcome id (any game) or One Night team -> its words now (context "outcome": `clock` here is
    the ending, not the thing on the board)."""
    return {
        "victory": pgettext("outcome", "victory"),
        "defeat": pgettext("outcome", "defeat"),
        "defeat-veil": pgettext("outcome", "defeat veil"),
        "defeat-deck": pgettext("outcome", "defeat deck"),
        "hunters-stake": pgettext("outcome", "hunters stake"),
        "hunters-rituals": pgettext("outcome", "hunters rituals"),
        "evil-bites": pgettext("outcome", "evil bites"),
        "evil-stake": pgettext("outcome", "evil stake"),
        "clock": pgettext("outcome", "clock"),
        "points": pgettext("outcome", "points"),
        "all-vampires": pgettext("outcome", "all vampires"),
        "no-winner": pgettext("outcome", "no winner"),
        # One Night's teams (companion/data/one_night/roles.toml `team`), as the winners
        "villager": pgettext("outcome", "villager"),
        "werewolf": pgettext("outcome", "werewolf"),
        "vampire": pgettext("outcome", "vampire"),
        "tanner": pgettext("outcome", "tanner"),
        "assassin": pgettext("outcome", "assassin"),
        "apprentice-assassin": pgettext("outcome", "apprentice assassin"),
    }


def outcome_text(outcome: str | None) -> str:
    """`evil-bites` -> `evil bites`, `villager+tanner` -> `villager and tanner` (in the current
    language; an unknown id as its words)."""
    known = _known()
    parts = [known.get(p, p.replace("-", " ")) for p in str(outcome or "").split("+")]
    text = parts[0]
    for part in parts[1:]:
        text = _("{first} and {second}").format(first=text, second=part)
    return text


def outcome_words(outcome: str | None) -> str:
    """The same with a capital first letter, for a title: `Evil bites`."""
    text = outcome_text(outcome)
    return text[:1].upper() + text[1:]
