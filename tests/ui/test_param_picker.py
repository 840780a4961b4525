"""The parameter picker asks what the engine's action says it still needs (`Action.params`): the kind
of each value and the values allowed now. It never guesses a kind from a name, and never reads a
game's fields (the states here have no dice, no vampires, no deck)."""

from companion.errors import N_, Text
from companion.inputs import VButton
from companion.rules.base import Action, Param
from companion.ui.model import GameView
from tests.ui.helpers import button, press, tap

STATE = {
    "game": "nogame",
    "phase": "night",
    "step": "turn",
    "outcome": None,
    "seats": [],
    "current_player": None,
}


def _picker(make_ui, *params, command=None):
    """The table on the generic screen of a state without game fields, the one action's picker open."""
    ui = make_ui()
    action = Action(command or {"cmd": "act"}, "Act", params=tuple(params))
    ui.update(GameView("nogame", dict(STATE), (action,)), (), 0.0)
    tap(ui, "act:0")
    assert ui.view_model()["screen"] == "picker"
    return ui


def test_a_die_is_picked_among_the_values_the_engine_allows_with_its_labels(make_ui):
    die = Param("value", "die", (2, 5), (Text(N_("Die {n}: {effect}"), n=2, effect=Text(N_("kill"))), "five"))
    ui = _picker(make_ui, die)
    labels = [b["label"] for b in ui.view_model()["buttons"]]
    assert labels[:3] == [
        "OK",
        "Die 2: kill",
        "five",
    ]  # OK the primary; nothing from a "dice" field: there is none
    tap(ui, "c:1")
    tap(ui, "ok")
    assert ui.take_results() == [{"cmd": "act", "value": 5}]


def test_a_district_outside_the_allowed_ones_does_not_answer(make_ui):
    ui = _picker(make_ui, Param("to", "district", ("A2", "B1")))
    press(ui, VButton.DISTRICT_C3)  # not allowed: nothing chosen
    assert not button(ui.view_model(), "OK")["enabled"]
    press(ui, VButton.DISTRICT_B1)
    press(ui, VButton.CONFIRM)
    assert ui.take_results() == [{"cmd": "act", "to": "B1"}]


def test_a_number_stays_in_its_range_and_optional_values_are_not_asked(make_ui):
    ui = _picker(make_ui, Param("n", "number", low=2, high=3), Param("extra", "number", optional=True))
    assert "Chosen: 2." in ui.view_model()["lines"][1]  # starts at the lowest allowed
    for _ in range(5):
        press(ui, VButton.VEIL_UP)
    tap(ui, "ok")
    assert ui.take_results() == [{"cmd": "act", "n": 3}]


def test_an_object_is_asked_part_by_part_named_by_its_keys_labels(make_ui):
    votes = Param(
        "votes",
        "player",
        ("1", "2"),
        ("Ann", "Bob"),
        parts=(Param("1", "player", (2,), ("Bob",)), Param("2", "player", (1,), ("Ann",))),
    )
    ui = _picker(make_ui, votes)
    assert "Ann" in ui.view_model()["lines"][0]  # seat "1" asked by its player's name
    tap(ui, "ok")  # a single allowed value is chosen already
    assert "Bob" in ui.view_model()["lines"][0]
    tap(ui, "ok")
    assert ui.take_results() == [{"cmd": "act", "votes": {"1": 2, "2": 1}}]


def test_a_list_takes_between_its_fewest_and_most_values(make_ui):
    ui = _picker(make_ui, Param("cards", "card", (1, 3, 5), many=(1, 2), repeat=True))
    assert not button(ui.view_model(), "OK")["enabled"]  # at least one
    for _ in range(3):
        tap(ui, "c:2")
    tap(ui, "ok")
    assert ui.take_results() == [{"cmd": "act", "cards": [5, 5]}]  # at most two
