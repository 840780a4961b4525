"""One Night Ultimate Vampire's own words (companion/narration/words.py looks here first): its steps (a role's
step by the role's name), its endings and winning teams, the rules its engine names in a refusal, what
its actions ask for. Translated in the game's own catalog (the roles' names: the data file's `name_de`)."""

from __future__ import annotations

from companion.i18n import N_, NP_, _

# The seats' default names, in seat order: what the table calls a seat the setup named no one on (a
# game journaled before the table asked for names; companion/narration/seatnames.py): the villagers.
SEAT_NAMES = (N_("Anka"), N_("Bogdan"), N_("Dorin"), N_("Elena"), N_("Ilinca"), N_("Luca"), N_("Mara"), N_("Radu"),
              N_("Sorin"), N_("Vera"))

# the steps of the state JSON (`step`) that are not one role's, as a title or a position line says them
STEPS = {"dusk-begins": N_("Night falls"), "vampires": N_("Vampires"), "view-marks": N_("Everyone sees their Mark"),
         "lovers": N_("Lovers"), "werewolves": N_("Werewolves"), "masons": N_("Masons"), "dawn": N_("Dawn"),
         "discussion": N_("Discussion"), "vote-countdown": N_("Vote countdown"), "vote": N_("Vote"),
         "reveal": N_("Reveal")}
# what an action's parameters are, for a picker's question
NEEDS = {"votes": N_("Votes"), "marks": N_("Marks"), "killed": N_("Who died")}


def step_text(step: str) -> str:
    """A role's step by the role (`seer` -> `Seer`, `doppelganger-seer` -> `Doppelganger as Seer`)."""
    from companion.games.one_night.narration import role_name  # it reads the role data

    if step.startswith("doppelganger-"):
        return _("Doppelganger as {role}").format(role=role_name(step[len("doppelganger-"):]))
    return role_name(step)
# how a game ended (context "outcome"): nobody, or the winning teams (the data's `team`), joined.
OUTCOMES = {"no-winner": NP_("outcome", "no winner"), "villager": NP_("outcome", "villager"),
            "werewolf": NP_("outcome", "werewolf"), "vampire": NP_("outcome", "vampire"),
            "tanner": NP_("outcome", "tanner"), "assassin": NP_("outcome", "assassin"),
            "apprentice-assassin": NP_("outcome", "apprentice assassin")}
# the rules the engine names in a refusal, by the key's words (context "rule").
RULES = {"next": NP_("rule", "next"), "pause": NP_("rule", "pause"), "paused": NP_("rule", "paused"),
         "resume": NP_("rule", "resume"), "extend": NP_("rule", "extend"), "roles": NP_("rule", "roles"),
         "vote": NP_("rule", "vote")}
