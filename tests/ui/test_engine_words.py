"""Words the engines fill in (outcome ids, One Night's teams and steps, the mansion's room texts, the
Strigoi) show in the table's language on the screens, while the engines stay English."""

import pytest

from companion import i18n
from companion.games.one_night import screens as one_night
from companion.games.strigoi import screens as strigoi
from companion.narration import words
from companion.rules import load_game
from companion.ui.samples import engine_view
from companion.ui.table import TableUI


@pytest.fixture
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


KNOWN = [
    "victory",
    "defeat",
    "defeat-veil",
    "defeat-deck",
    "hunters-stake",
    "hunters-rituals",
    "evil-bites",
    "evil-stake",
    "clock",
    "points",
    "all-vampires",
    "no-winner",
    "villager",
    "werewolf",
    "vampire",
    "tanner",
    "assassin",
    "apprentice-assassin",
]


@pytest.mark.parametrize("outcome", KNOWN)
def test_an_outcome_reads_as_its_own_words_in_english(outcome):
    """English reads as before the lookup: the id's words."""
    assert words.outcome_text(outcome) == outcome.replace("-", " ")


@pytest.mark.parametrize("outcome", KNOWN)
def test_an_outcome_is_german_in_german(outcome, german):
    assert words.outcome_text(outcome) != outcome.replace("-", " ")


def test_one_nights_winning_teams_are_joined_in_the_language(german):
    assert words.outcome_words("villager+tanner") == "Dorfbewohner und Gerber"
    i18n.set_language("en")
    assert words.outcome_words("villager+tanner") == "Villager and tanner"


def test_an_unknown_outcome_still_shows_as_words(german):
    assert words.outcome_words("dawn-of-the-dead") == "Dawn of the dead"


def test_the_story_chart_names_the_ending_in_german(german):
    from companion.ui.story import chart_of

    view = engine_view("strigoi", 4, 1, lambda s: s.get("outcome") is not None)
    subtitle = chart_of(view.info["history"]).subtitle
    assert subtitle.startswith("Ende in Runde ") and "Niederlage" in subtitle


def test_every_one_night_step_has_a_german_name(german):
    """The "Go to a step" picker names steps, not the engine's ids."""
    steps = [s.id for s in load_game("one-night").data.steps] + [
        "discussion",
        "vote-countdown",
        "vote",
        "reveal",
    ]
    german_names = {s: one_night.step_name(s) for s in steps}
    i18n.set_language("en")
    english_names = {s: one_night.step_name(s) for s in steps}
    same = {"Renfield", "Gremlin"}  # roles called alike in both languages (the data file's name_de)
    assert [s for s in steps if german_names[s] == english_names[s] and german_names[s] not in same] == []
    assert (
        german_names["count"] == "Der Graf"
        and german_names["doppelganger-count"] == "Doppelgänger als Der Graf"
    )
    assert len(set(german_names.values())) == len(steps)  # two steps never share a name


def test_the_mansions_room_action_is_the_rooms_german_text(german):
    """A room's own action is labelled with the data file's summary_de."""
    for seed in range(1, 30):
        view = engine_view(
            "mansion",
            4,
            seed,
            lambda s: s["step"] == "turn" and s["turn"] and s["players"][s["turn"]]["room"] not in (None, 0),
        )
        if any(a.command.get("cmd") == "room_action" for a in view.actions):
            break
    action = next(a for a in view.actions if a.command.get("cmd") == "room_action")
    rooms = {r.summary: r for r in load_game("mansion").data.rooms}
    assert str(action.label) in rooms  # the engine stays English
    ui = TableUI((800, 480))
    ui.update(view, (), 0.0)
    labels = [b.label for b in ui.screen.buttons()]
    assert i18n.data_name(str(action.label)) in labels and str(action.label) not in labels


def test_the_strigoi_are_named_as_in_the_german_rulebook(german):
    s = {"strigoi": {"master": {"room": "n"}, "apprentice": {"room": "s", "supreme": True}}}
    assert strigoi.name_of(s, "master") == "Meister-Strigoi"
    assert strigoi.name_of(s, "apprentice") == "Oberster (Lehrling)"
    assert strigoi.name_of(s, "apprentice", short=True) == "Oberster"


def _needs() -> set[str]:
    """Every parameter (`Action.params`, needed or optional) the engines' actions have over a few bot
    games of each game of the catalog."""
    from companion.errors import CompanionError
    from companion.rules import GAMES
    from companion.storage.session import Session
    from tests.reliability.helpers import bot_script

    found = set()
    for game in GAMES:
        for seed in range(3):
            script = bot_script(game, seed, 300)
            session, _events = Session.new(script[0])
            for command in script[1:]:
                found.update(p.name for a in session.actions() for p in a.params)
                try:
                    session.submit(command)
                except CompanionError:
                    pass
    return found


def test_every_need_of_every_game_has_a_word(german):
    """A picker never asks "wounds?" with the engine's id: each parameter has its word (German here)."""
    needs = _needs()
    assert len(needs) > 25 and {n for need in needs for n in need.split("|")} - words.known_needs() == set()
    assert (
        words.need_question("wounds") == "Verletzungen?"
        and words.need_question("hand_points") == "Punkte auf der Hand?"
    )
    assert words.need_question("bites|rituals") == "Bisse / Rituale?"  # one of them (an adjust's)
    assert words.need_question("moon_phase") == "moon phase?"  # a newer engine's need still shows
