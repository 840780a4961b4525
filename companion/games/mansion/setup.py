"""The vampire mansion's new-game wizard: what it asks after the players (the clock's length, the
target, the vampires) and its word on the role deck those make."""

from __future__ import annotations

from companion.i18n import N_, _, ngettext


def setup_fields(lo: int, hi: int, default_players: int) -> list:
    """What the mansion's new-game wizard asks after the players: clock length, target, vampires."""
    from companion.ui.screens.others import SetupField

    return [
        SetupField("clock_length", N_("Clock"), 6, 20, 12),
        SetupField("target", N_("Target"), 5, 60, 20),
        SetupField("vampires", N_("Vampires"), 1, hi - 1, 1),
    ]


def setup_note(values: dict[str, int]) -> tuple[str, ...]:
    """The wizard's note on the values chosen: the role deck they make."""
    return role_deck_note(values["players"], values.get("vampires", 1))


def role_deck_note(players: int, vampires: int) -> tuple[str, ...]:
    """The wizard's word on the role deck: the rulebook's (4 players, 1 vampire) or our extension."""
    if not 1 <= vampires <= players - 1:
        return (
            _("Role deck: {vampires} vampires is not possible for {players} players (1 to {most}).").format(
                vampires=vampires, players=players, most=players - 1
            ),
        )
    deck = role_words(vampires, players - vampires)
    if (players, vampires) == (4, 1):
        return (_("Role deck: {roles}, as in the rulebook.").format(roles=deck),)
    return (
        _("Role deck: {roles}: our extension.").format(roles=deck),
        _("The rulebook sets up 4 players only (1 vampire, 3 humans)."),
    )


def role_words(vampires: int, humans: int) -> str:
    """`2 vampires, 4 humans`."""
    return ", ".join(
        (
            ngettext("{n} vampire", "{n} vampires", vampires).format(n=vampires),
            ngettext("{n} human", "{n} humans", humans).format(n=humans),
        )
    )
