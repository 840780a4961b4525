"""One Night Ultimate Vampire in the table's language: the event log's lines, the roles' names and
the narrator's words (the data's `prompt_de`/`close_de`, the day's prompts from the catalog; the
winning teams' words are companion.narration.words'). `narration_for(item)` picks what the narrator says
for an engine event, a list of them or the state JSON (pure); companion/narration/speech.py says it.

The engine writes its words in English (companion/games/one_night/rules/script.py: the day's four steps;
the data file: every night step); they are translated here, at the edge. `DAY_PROMPTS` repeats the
engine's day prompts as catalog entries (tests/narration/test_narrate_de.py fails when they drift apart).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from companion.i18n import N_, _, data_name, ngettext, pgettext
from companion.narration.words import outcome_text

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


def _seats(seats, names: Sequence[str] = ()) -> str:
    """`Ben, Dora` (`nobody` for none): the seats by their players' names (`names`, seat 1 first)."""
    return ", ".join(_named_seats(list(seats or ()), names)) or _("nobody")


def _tally(tally: Mapping[str, int], names: Sequence[str] = ()) -> str:
    """`Ben: 3 votes, Dora: 1 vote`."""
    return ", ".join(
        _named_seats([int(seat)], names)[0] + ": " + ngettext("{n} vote", "{n} votes", n).format(n=n)
        for seat, n in tally.items()
    ) or _("no votes")


def _step_started(e) -> str:
    """The step's prompt, with its time when it counts down."""
    words = step_words(e["step"], e["prompt"])
    if e.get("seconds"):
        return ngettext("{prompt} ({n} second)", "{prompt} ({n} seconds)", e["seconds"]).format(
            prompt=words, n=e["seconds"]
        )
    return words


LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "game_set_up": lambda e: ngettext(
        "Cards dealt to {players} player: {roles}. The night has {steps} steps.",
        "Cards dealt to {players} players: {roles}. The night has {steps} steps.",
        e["players"],
    ).format(players=e["players"], roles=", ".join(role_name(r) for r in e["roles"]), steps=e["steps"]),
    "step_started": _step_started,
    "step_ended": lambda e: step_words(e["step"], e["close"]) if e.get("close") else _("Step over."),
    "paused": lambda e: _("The narrator holds."),
    "resumed": lambda e: _("The narrator goes on."),
    "timer_extended": lambda e: ngettext(
        "{seconds} more second for this step ({total} in all).",
        "{seconds} more seconds for this step ({total} in all).",
        e["seconds"],
    ).format(seconds=e["seconds"], total=e["total"]),
    "votes_counted": lambda e: _("Votes: {tally}. Most votes: {leaders}.").format(
        tally=_tally(e["tally"], e.get("names") or ()), leaders=_seats(e["leaders"], e.get("names") or ())
    ),
    "revealed": lambda e: _("Cards shown. Died: {killed}. Winners: {winners} ({teams}).").format(
        killed=_seats(e["killed"], e.get("names") or ()),
        winners=_seats(e["winners"], e.get("names") or ()),
        teams=outcome_text("+".join(e["teams"])) or _("nobody"),
    ),
    "step_adjusted": lambda e: _("Correction: the narrator goes to step {step}.").format(step=e["step"]),
    "game_over": lambda e: (
        _("*** Game over, winners: {teams}. ***").format(teams=outcome_text(e["outcome"]))
        if e["outcome"] != "no-winner"
        else _("*** Game over: nobody wins. ***")
    ),
}


# ---------------------------------------------------------------- what to say


def narration_for(item: Any, names: Sequence[str] = ()) -> str:
    """The words to speak for a One Night event dict, a list of them (joined in order: the closing
    line of a step, then the next prompt), or the state JSON (the current step's prompt, or the
    verdict once over). `names` are the seats' names, seat 1 first; "" when there is nothing to say."""
    if isinstance(item, Mapping) and "event" in item:
        return _for_event(item, names or tuple(item.get("names") or ()))
    if isinstance(item, Mapping) and item.get("game") == "one-night":
        return _for_state(item)
    if isinstance(item, (list, tuple)):
        return " ".join(text for text in (narration_for(e, names) for e in item) if text)
    return ""


def _for_event(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """Words for one event."""
    kind = event.get("event")
    if kind == "step_started":
        return _text(step_words(event.get("step"), event.get("prompt")))
    if kind == "step_ended":
        return _text(step_words(event.get("step"), event.get("close")))
    if kind == "votes_counted":
        return _votes_line(event.get("leaders"), names)
    if kind == "revealed":
        return _verdict_line(event.get("killed"), event.get("teams"), names)
    if kind == "timer_extended":
        return _("{time} more to talk.").format(time=_duration(event.get("seconds")))
    if kind == "paused":
        return _("Hold still. The night waits.")
    if kind == "resumed":
        return _("We go on.")
    return ""


def _for_state(state: Mapping[str, Any]) -> str:
    """Words for where a state stands."""
    names = tuple(p.get("name") for p in state.get("seats") or () if isinstance(p, Mapping)) or tuple(
        state.get("names") or ()
    )
    result = state.get("result")
    if isinstance(result, Mapping):
        return _verdict_line(result.get("killed"), result.get("teams"), names)
    current = state.get("current")
    return _text(step_words(current.get("id"), current.get("prompt"))) if isinstance(current, Mapping) else ""


def _votes_line(leaders: Any, names: Sequence[str]) -> str:
    """Who has the most votes."""
    seats = _named_seats(leaders, names)
    if not seats:
        return ""
    if len(seats) == 1:
        return _("{seat} has the most votes.").format(seat=seats[0])
    return _("{seats} are tied with the most votes.").format(seats=_join(seats))


def _verdict_line(killed: Any, teams: Any, names: Sequence[str]) -> str:
    """Who dies and who wins."""
    dead = _named_seats(killed, names)
    deaths = (
        _("Nobody dies.")
        if not dead
        else ngettext("{seats} dies.", "{seats} die.", len(dead)).format(seats=_join(dead))
    )
    won = [_team_word(t) for t in teams or () if isinstance(t, str)]
    if not won:
        return deaths + " " + _("Nobody wins.")
    return (
        deaths
        + " "
        + ngettext("The {teams} team wins.", "The {teams} teams win.", len(won)).format(teams=_join(won))
    )


def _team_word(team: str) -> str:
    """A team as spoken before "team" ("vampire", "apprentice assassin"), in the current language."""
    words = {
        "villager": pgettext("team", "villager"),
        "vampire": pgettext("team", "vampire"),
        "werewolf": pgettext("team", "werewolf"),
        "tanner": pgettext("team", "tanner"),
        "assassin": pgettext("team", "assassin"),
        "apprentice-assassin": pgettext("team", "apprentice assassin"),
    }
    return words.get(team, team.replace("-", " "))


def _named_seats(seats: Any, names: Sequence[str]) -> list[str]:
    """Seat numbers as their players' names (`names`, seat 1 first); a seat the setup named no one on,
    or one without a known name, by the game's default name for it (companion/narration/seatnames.py)."""
    from companion.narration import seatnames

    shown = seatnames.for_table("one-night", names)
    defaults = seatnames.default_names("one-night")
    out = []
    for s in seats if isinstance(seats, (list, tuple)) else ():
        if isinstance(s, int) and not isinstance(s, bool):
            name = (
                str(names[s - 1])
                if 1 <= s <= len(names) and names[s - 1]
                else defaults[(s - 1) % len(defaults)]
            )
            out.append(shown.get(name, name))
    return out


def _join(words: Iterable[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    words = list(words)
    return (
        words[0]
        if len(words) == 1
        else _("{some} and {last}").format(some=", ".join(words[:-1]), last=words[-1])
    )


def _duration(seconds: Any) -> str:
    """Seconds as spoken time: "One minute", "90 seconds", "Two minutes"."""
    s = int(seconds) if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) else 0
    if s > 0 and s % 60 == 0:
        minutes = s // 60
        spoken = (_("One"), _("Two"), _("Three"), _("Four"), _("Five"))
        count = spoken[minutes - 1] if minutes <= 5 else str(minutes)
        return ngettext("{count} minute", "{count} minutes", minutes).format(count=count)
    return ngettext("{n} second", "{n} seconds", s).format(n=s)


def _text(value: Any) -> str:
    """A prompt from the engine as one clean line."""
    return " ".join(value.split()) if isinstance(value, str) else ""


SPOKEN = (
    "votes_counted",
    "revealed",
)  # the events said aloud as they are accepted (the step timer says the prompts)


def spoken(event: Mapping[str, Any]) -> str:
    """The words said aloud for an accepted command's event: the vote's count and the verdict
    (the plugin's `speech`); "" for any other event."""
    return narration_for(event) if event.get("event") in SPOKEN else ""


def ambience(state: Mapping[str, Any]) -> bool:
    """Whether the night's masking noise plays: from dusk through the night, while eyes are closed
    (the plugin's `ambience`)."""
    return state.get("phase") in ("dusk", "night")
