"""Nosferatu in the table's language: the event log's lines and the words for how a game ended.

The engine's values are English keys (`night`, `hunter`, `evil-bites`) and the English names of
the data file (`Holy Water`); they are put into words here, at the edge.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import N_, _, data_name, ngettext
from companion.narration.narrate import plain
from companion.narration.words import outcome_words

OUTCOMES = {
    "hunters-stake": N_("the Hunters staked the Vampire"),
    "hunters-rituals": N_("the Hunters cast 5 Rituals"),
    "evil-bites": N_("the Vampire's bites won"),
    "evil-stake": N_("a Hunter was staked"),
}
CHARACTERS = {"vampire": N_("the Vampire"), "hunter": N_("a Hunter")}


def outcome_text(outcome: str | None) -> str:
    """How the game ended, in words (an unknown outcome as the engine names it)."""
    return _(OUTCOMES[outcome]) if outcome in OUTCOMES else outcome_words(outcome)


def character_text(character: str | None) -> str:
    """`hunter` -> `a Hunter` in the current language."""
    return _(CHARACTERS[character]) if character in CHARACTERS else str(character or "")


def _ritual(e) -> str:
    """`Ritual Holy Water cast on P5 (5 Night cards in the Clock).`"""
    name = data_name(e["name"])
    if e.get("target") and e.get("character"):
        text = _("Ritual {name} cast: {target} is {character}.").format(
            name=name, target=e["target"], character=character_text(e["character"])
        )
    elif e.get("target"):
        text = _("Ritual {name} cast on {target}.").format(name=name, target=e["target"])
    else:
        text = _("Ritual {name} cast.").format(name=name)
    return text + " " + _nights(e["nights"])


def _nights(n: int) -> str:
    """`(5 Night cards in the Clock pile)`."""
    return ngettext("({n} Night card in the Clock pile)", "({n} Night cards in the Clock pile)", n).format(
        n=n
    )


LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "game_set_up": lambda e: (
        _("Seats: {players}; Renfield is {renfield}. {bites} bites win for the Vampire.").format(
            players=", ".join(e["players"]), renfield=e["renfield"], bites=e["bites_to_win"]
        )
        + " "
        + _nights(e["nights"])
    ),
    "stake_given": lambda e: _("=== Round {round}: {by} hands the stake to {to}, who starts ===").format(
        round=e["round"], by=e["by"], to=e["to"]
    ),
    "clock_shuffled": lambda e: _("Renfield shuffles the Clock pile.") + " " + _nights(e["nights"]),
    "turn_played": lambda e: _("{player} gives Renfield a card and discards one.").format(player=e["player"]),
    "clock_revealed": lambda e: (
        _("Renfield turns over Dawn!")
        if e["card"] == "dawn"
        else _("Renfield turns over a Night card.") + " " + _nights(e["nights_left"])
    ),
    "round_ended": lambda e: (
        _("Round {round} ends at Dawn.") if e["by"] == "dawn" else _("Round {round} ends with a Night card.")
    ).format(round=e["round"]),
    "bitten": lambda e: ngettext(
        "{player} is bitten: {bites} Bite in front of them, {total} in all.",
        "{player} is bitten: {bites} Bites in front of them, {total} in all.",
        e["bites"],
    ).format(player=e["player"], bites=e["bites"], total=e["total"]),
    "night_added": lambda e: (
        ngettext("{n} Night card joins the Clock pile", "{n} Night cards join the Clock pile", e["n"]).format(
            n=e["n"]
        )
        + " "
        + _nights(e["nights"])
    ),
    "ritual_cast": _ritual,
    "round_resolved": lambda e: _("Renfield has carried out the cards of round {round}.").format(
        round=e["round"]
    ),
    "stake_used": lambda e: _("{holder} uses the stake on {target}: {character}!").format(
        holder=e["holder"], target=e["target"], character=character_text(e["character"])
    ),
    "stake_spared": lambda e: _("{holder} keeps the stake unused.").format(holder=e["holder"]),
    "adjusted": lambda e: (
        _("Correction: ") + "; ".join(f"{plain(k)} {plain(v)}" for k, v in (e.get("changes") or {}).items())
    ),
    "game_over": lambda e: _("*** Game over: {outcome}. ***").format(outcome=outcome_text(e["outcome"])),
}
