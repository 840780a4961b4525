"""One Night Ultimate Vampire in the table's language: the event log's lines, the roles' names and
the narrator's words (the data's `prompt_de`/`close_de`, the day's prompts from the catalog; the
winning teams' words are companion.ui.words').

The engine writes its words in English (companion/rules/one_night/script.py: the day's four steps;
the data file: every night step); they are translated here, at the edge. `DAY_PROMPTS` repeats the
engine's day prompts as catalog entries (tests/core/test_narrate_de.py fails when they drift apart).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Mapping

from companion.i18n import N_, _, data_name, ngettext
from companion.ui.words import outcome_text

DAY_PROMPTS = {
    "discussion": N_("Day breaks. Talk it over: who among you has fangs? The vote comes when time is up."),
    "vote-countdown": N_("Ready to point: three... two... one... everyone point at a player now!"),
    "vote": N_("Keep pointing. Enter on the screen whom each player points at."),
    "reveal": N_("Turn your cards and Marks face up and enter them to see who wins."),
}


@lru_cache(maxsize=1)
def _role_names() -> dict[str, str]:
    """Role id -> its English name in the shipped data file (`count` -> `The Count`); {} when the file
    cannot be read (the engine reports it)."""
    from companion.errors import CompanionError
    from companion.rules import load_game

    try:
        return {rid: r.name for rid, r in load_game("one-night").data.roles.items()}
    except CompanionError:
        return {}


def role_name(role_id: str) -> str:
    """`count` -> `The Count` (`Der Graf` in German: the data's name_de); `everyone` for the whole
    table's steps; an unknown id in words."""
    if role_id == "everyone":
        return _("Everyone")
    return data_name(_role_names().get(str(role_id)) or str(role_id).replace("-", " ").title())


def step_words(step_id: str | None, text: Any) -> str:
    """A step's prompt or closing line in the current language: a night step's from the data file
    (`prompt_de`), a day step's from the catalog; anything else as the engine gave it."""
    if not isinstance(text, str):
        return ""
    if DAY_PROMPTS.get(str(step_id)) == text:
        return _(text)
    return data_name(text)


def _seats(seats) -> str:
    """`Seat 2, Seat 4` (`nobody` for none)."""
    return ", ".join(_("Seat {n}").format(n=s) for s in seats or ()) or _("nobody")


def _tally(tally: Mapping[str, int]) -> str:
    """`Seat 2: 3 votes, Seat 4: 1 vote`."""
    return ", ".join(_("Seat {n}").format(n=seat) + ": " + ngettext("{n} vote", "{n} votes", n).format(n=n)
                     for seat, n in tally.items()) or _("no votes")


def _step_started(e) -> str:
    """The step's prompt, with its time when it counts down."""
    words = step_words(e["step"], e["prompt"])
    if e.get("seconds"):
        return ngettext("{prompt} ({n} second)", "{prompt} ({n} seconds)", e["seconds"]).format(prompt=words, n=e["seconds"])
    return words


LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "game_set_up": lambda e: ngettext(
        "Cards dealt to {players} player: {roles}. The night has {steps} steps.",
        "Cards dealt to {players} players: {roles}. The night has {steps} steps.", e["players"]).format(
        players=e["players"], roles=", ".join(role_name(r) for r in e["roles"]), steps=e["steps"]),
    "step_started": _step_started,
    "step_ended": lambda e: step_words(e["step"], e["close"]) if e.get("close") else _("Step over."),
    "paused": lambda e: _("The narrator holds."),
    "resumed": lambda e: _("The narrator goes on."),
    "timer_extended": lambda e: ngettext("{seconds} more second for this step ({total} in all).",
                                         "{seconds} more seconds for this step ({total} in all).",
                                         e["seconds"]).format(seconds=e["seconds"], total=e["total"]),
    "votes_counted": lambda e: _("Votes: {tally}. Most votes: {leaders}.").format(tally=_tally(e["tally"]), leaders=_seats(e["leaders"])),
    "revealed": lambda e: _("Cards shown. Died: {killed}. Winners: {winners} ({teams}).").format(
        killed=_seats(e["killed"]), winners=_seats(e["winners"]), teams=outcome_text("+".join(e["teams"])) or _("nobody")),
    "step_adjusted": lambda e: _("Correction: the narrator goes to step {step}.").format(step=e["step"]),
    "game_over": lambda e: _("*** Game over, winners: {teams}. ***").format(teams=outcome_text(e["outcome"]))
    if e["outcome"] != "no-winner" else _("*** Game over: nobody wins. ***"),
}
