"""One Night Ultimate Vampire's own words (companion/narration/words.py looks here first): its steps (a role's
step by the role's name), its endings and winning teams, the rules its engine names in a refusal, what
its actions ask for. Translated in the game's own catalog (the roles' names: the data file's `name_de`)."""

from __future__ import annotations

from companion.i18n import N_, NP_, _, ngettext, rule_words

# The seats' default names, in seat order: what the table calls a seat the setup named no one on (a
# game journaled before the table asked for names; companion/narration/seatnames.py): the villagers.
SEAT_NAMES = (
    N_("Anka"),
    N_("Bogdan"),
    N_("Dorin"),
    N_("Elena"),
    N_("Ilinca"),
    N_("Luca"),
    N_("Mara"),
    N_("Radu"),
    N_("Sorin"),
    N_("Vera"),
)

# the steps of the state JSON (`step`) that are not one role's, as a title or a position line says them
STEPS = {
    "dusk-begins": N_("Night falls"),
    "vampires": N_("Vampires"),
    "view-marks": N_("Everyone sees their Mark"),
    "lovers": N_("Lovers"),
    "werewolves": N_("Werewolves"),
    "masons": N_("Masons"),
    "dawn": N_("Dawn"),
    "discussion": N_("Discussion"),
    "vote-countdown": N_("Vote countdown"),
    "vote": N_("Vote"),
    "reveal": N_("Reveal"),
}
# what an action's parameters are, for a picker's question
NEEDS = {"votes": N_("Votes"), "marks": N_("Marks"), "killed": N_("Who died")}


def step_text(step: str) -> str:
    """A role's step by the role (`seer` -> `Seer`, `doppelganger-seer` -> `Doppelganger as Seer`)."""
    from companion.games.one_night.narration import role_name  # it reads the role data

    if step.startswith("doppelganger-"):
        return _("Doppelganger as {role}").format(role=role_name(step[len("doppelganger-") :]))
    return role_name(step)


# how a game ended (context "outcome"): nobody, or the winning teams (the data's `team`), joined.
OUTCOMES = {
    "no-winner": NP_("outcome", "no winner"),
    "villager": NP_("outcome", "villager"),
    "werewolf": NP_("outcome", "werewolf"),
    "vampire": NP_("outcome", "vampire"),
    "tanner": NP_("outcome", "tanner"),
    "assassin": NP_("outcome", "assassin"),
    "apprentice-assassin": NP_("outcome", "apprentice assassin"),
}
# the rules the engine names in a refusal (context "rule"), keyed by their own words (i18n.rule_words).
RULES = rule_words(
    NP_("rule", "next"),
    NP_("rule", "pause"),
    NP_("rule", "paused"),
    NP_("rule", "resume"),
    NP_("rule", "extend"),
    NP_("rule", "roles"),
    NP_("rule", "vote"),
)


def seat_name(state: dict, seat) -> str:
    """Seat `seat` (1 first) by its player's name, as the game API's seats give it."""
    seats = state.get("seats") or []
    i = int(seat) - 1
    return str(seats[i].get("name")) if 0 <= i < len(seats) else _("Seat {n}").format(n=seat)


def outcome_sentence(state: dict) -> str:
    """How the game ended, in one sentence for its end card: "The vampire team wins: the vote killed Bram."."""
    from companion.narration.words import outcome_text

    result = state.get("result") or {}
    teams = [t for t in result.get("teams") or () if t]
    killed = ", ".join(seat_name(state, k) for k in result.get("killed") or ())
    if state.get("outcome") == "no-winner" or not teams:
        return (
            _("Nobody wins: the vote killed {seats}.").format(seats=killed)
            if killed
            else _("Nobody wins: nobody died at the vote.")
        )
    names = outcome_text("+".join(teams), "one-night")
    if killed:
        return ngettext(
            "The {teams} team wins: the vote killed {seats}.",
            "The {teams} teams win: the vote killed {seats}.",
            len(teams),
        ).format(teams=names, seats=killed)
    return ngettext(
        "The {teams} team wins: nobody died at the vote.",
        "The {teams} teams win: nobody died at the vote.",
        len(teams),
    ).format(teams=names)
