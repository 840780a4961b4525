"""The Armata Strigoi screen: the encounter picker, the Advanced Action cards earned, the refusal of a
second encounter and the example-values line."""

from companion.rules import load_game
from companion.ui.model import GameView
from companion.ui.table import TableUI
from tests.ui.helpers import button, tap

SETUP = {
    "cmd": "setup",
    "game": "strigoi",
    "players": 2,
    "seed": 1,
    "start": {"master": "n", "apprentice": "s"},
}
CARDS = {
    "cmd": "initiative",
    "cards": {"Attila": {"initiative": 10, "letter": "A"}, "Falk Maria": {"initiative": 20, "letter": "B"}},
}


def _ui(game, state):
    """The table UI showing `state`."""
    ui = TableUI((800, 480))
    ui.update(GameView("strigoi", game.to_json(state), tuple(game.actions(state))), (), 0.0)
    return ui


def _state(*commands):
    """The game after `commands`."""
    game = load_game("strigoi")
    state, _ = game.setup(SETUP)
    for c in commands:
        state, _ = game.apply(state, c)
    return game, state


def _act(ui, label):
    """Touch the action button labelled `label`."""
    tap(ui, button(ui.view_model(), label)["id"])


def test_strigoi_encounter_picker_asks_token_blood_and_reward():
    """A won encounter (the engine's action for a win: the lost one and a Monk set free are their own)."""
    game, state = _state(CARDS)
    ui = _ui(game, state)
    _act(ui, "Encounter token fought")
    answers = {"Which encounter token?": "o:1", "Blood icon on the token?": "o:1", "Reward icon?": "o:1"}
    while answers:  # each question: pick the option, then OK
        vm = ui.view_model()
        assert vm["screen"] == "pick"
        question = next(q for q in answers if vm["lines"][0].startswith(q))
        tap(ui, answers.pop(question))
        tap(ui, "ok")
    (command,) = ui.take_results()
    assert command == {"cmd": "encounter", "colour": "grey", "result": "won", "blood": True, "reward": "card"}


def test_strigoi_screen_announces_the_card_earned():
    game, state = _state(CARDS, {"cmd": "encounter", "colour": "red"})
    lines = _ui(game, state).view_model()["lines"]
    assert "Earned: Attila takes Fire & Forgive" in lines
    game, state = _state(
        CARDS,
        {"cmd": "encounter", "colour": "red"},
        {"cmd": "end_turn"},
        {"cmd": "encounter", "colour": "grey"},
    )
    lines = _ui(game, state).view_model()["lines"]
    assert "Earned: Falk Maria takes Fist by Fist" in lines and "Advanced: Attila 1, Falk Maria 1" in lines


def test_strigoi_screen_greys_a_second_encounter_with_the_rule():
    game, state = _state(CARDS, {"cmd": "blood"})
    vm = _ui(game, state).view_model()
    for label in ("Encounter token fought", "Blood point to the Altar"):
        b = button(vm, label)
        assert not b["enabled"] and "one encounter per turn" in b["why_not"]
