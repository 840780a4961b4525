"""New-game wizards of the four other games: they ask what each engine's setup takes, in its ranges,
and the setup they send is one the engine accepts."""

import pytest

from companion.inputs import VButton
from companion.narration.seatnames import default_names
from companion.rules import load_game
from companion.ui.table import TableUI
from tests.ui.helpers import every, name_players, press, tap


def wizard(game_id):
    ui = TableUI((800, 480))
    ui.update(None, (), 0.0)
    tap(ui, f"game:{game_id}")
    return ui


def button(vm, bid):
    return next(b for b in vm["buttons"] if b["id"] == bid)


@pytest.mark.parametrize(
    "game_id, lo, hi", [("nosferatu", 5, 8), ("mansion", 2, 8), ("one-night", 3, 10), ("strigoi", 2, 5)]
)
def test_others_wizard_players_stay_in_the_engines_range(game_id, lo, hi):
    ui = wizard(game_id)
    for _ in range(12):
        press(ui, VButton.VEIL_DOWN)
    assert button(ui.view_model(), "f:players")["label"] == f"Players: {lo}"
    for _ in range(12):
        press(ui, VButton.VEIL_UP)
    assert button(ui.view_model(), "f:players")["label"] == f"Players: {hi}"
    assert f"({lo} to {hi} players)" in ui.view_model()["lines"][0]


@pytest.mark.parametrize("game_id", ["nosferatu", "mansion", "strigoi"])
def test_others_wizard_setup_is_accepted_by_the_engine(game_id):
    ui = wizard(game_id)
    tap(ui, "f:seed")
    press(ui, VButton.VEIL_UP)
    tap(ui, "start")
    if game_id == "strigoi":  # the box's Strigoi values are asked first while examples are in use
        assert ui.view_model()["screen"] == "strigoi-box"
        tap(ui, "examples")
    else:  # the players' names, the game's default names here
        assert name_players(ui) == list(default_names(game_id)[: len(ui.screen.names)])
    (setup,) = ui.take_results()
    assert setup["cmd"] == "setup" and setup["game"] == game_id and setup["seed"] == 2
    assert setup.get("names") == (
        None if game_id == "strigoi" else list(default_names(game_id)[: setup["players"]])
    )
    state, events = load_game(game_id).setup(setup)
    assert events


def test_others_mansion_wizard_sends_clock_and_target_only_when_changed():
    ui = wizard("mansion")
    tap(ui, "f:clock_length")
    press(ui, VButton.VEIL_DOWN)
    press(ui, VButton.VEIL_DOWN)
    tap(ui, "start")
    names = name_players(ui)
    assert ui.take_results() == [
        {"cmd": "setup", "game": "mansion", "players": 4, "seed": 1, "names": names, "clock_length": 10}
    ]
    game = load_game("mansion")
    assert (
        game.to_json(
            game.setup({"cmd": "setup", "game": "mansion", "players": 4, "seed": 1, "clock_length": 10})[0]
        )["clock_length"]
        == 10
    )


def test_others_one_night_roles_need_players_plus_three():
    ui = wizard("one-night")
    press(ui, VButton.VEIL_DOWN)  # 3 players
    tap(ui, "start")
    name_players(ui)
    vm = ui.view_model()
    assert vm["screen"] == "roles" and vm["lines"][0] == "3 players: choose 6 roles, 0 chosen."
    assert button(vm, "start")["label"] == "Start (seed picks)" and button(vm, "start")["enabled"]
    press(ui, VButton.DISTRICT_A2)  # vampire
    vm = ui.view_model()
    assert not button(vm, "start")["enabled"] and button(vm, "start")["why_not"] == "choose 6 roles (1 now)"
    assert vm["focused"] == "r:vampire"
    press(ui, VButton.VEIL_UP)  # the focused role's count: 2 vampires (its copies)
    press(ui, VButton.VEIL_UP)  # no third copy
    assert button(ui.view_model(), "r:vampire")["label"] == "Vampire x2"
    for pos in (VButton.DISTRICT_B2, VButton.DISTRICT_C1, VButton.DISTRICT_C3):  # renfield, cupid, priest
        press(ui, pos)
    tap(ui, "page")
    page2 = [b["id"] for b in every(ui.view_model()) if b["id"].startswith("r:")][:9]
    assert "r:vampire" not in page2
    press(ui, VButton.DISTRICT_A1)  # first role of page 2
    tap(ui, "start")
    (setup,) = ui.take_results()
    assert setup["players"] == 3 and len(setup["roles"]) == 6
    assert setup["roles"][:2] == ["vampire", "vampire"] and page2[0][2:] in setup["roles"]
    state, _ = load_game("one-night").setup(setup)


def test_others_one_night_role_button_wraps_back_to_none():
    ui = wizard("one-night")
    tap(ui, "start")
    name_players(ui)
    for _ in range(3):  # two copies, then none again
        press(ui, VButton.DISTRICT_A2)
    assert button(ui.view_model(), "r:vampire")["label"] == "Vampire"
    assert ui.view_model()["lines"][0].endswith("0 chosen.")


def test_others_one_night_seed_picks_roles_when_none_chosen():
    ui = wizard("one-night")
    tap(ui, "start")
    names = name_players(ui)
    tap(ui, "start")
    assert ui.take_results() == [
        {"cmd": "setup", "game": "one-night", "players": 4, "seed": 1, "names": names}
    ]


def test_others_one_night_back_from_roles_returns_to_players():
    ui = wizard("one-night")
    tap(ui, "start")
    tap(ui, "back")
    assert ui.view_model()["screen"] == "wizard"


def test_others_mansion_wizard_says_the_role_deck_for_other_counts_is_our_extension():
    ui = wizard("mansion")
    lines = ui.view_model()["lines"]
    assert "Role deck: 1 vampire, 3 humans, as in the rulebook." in lines  # 4 players: the rulebook's
    press(ui, VButton.VEIL_UP)  # 5 players
    lines = ui.view_model()["lines"]
    assert "Role deck: 1 vampire, 4 humans: our extension." in lines
    assert any("rulebook sets up 4 players only" in line for line in lines)
    tap(ui, "f:vampires")
    press(ui, VButton.VEIL_UP)  # the table sets 2 vampires
    assert "Role deck: 2 vampires, 3 humans: our extension." in ui.view_model()["lines"]
    tap(ui, "start")
    name_players(ui)
    (setup,) = ui.take_results()
    assert setup["players"] == 5 and setup["vampires"] == 2
    game = load_game("mansion")
    assert game.to_json(game.setup(setup)[0])["role_deck"]["vampires"] == 2


def test_others_mansion_wizard_flags_an_impossible_role_deck():
    ui = wizard("mansion")
    for _ in range(6):
        press(ui, VButton.VEIL_DOWN)  # 2 players
    tap(ui, "f:vampires")
    press(ui, VButton.VEIL_UP)  # 2 vampires for 2 players
    assert any("not possible for 2 players" in line for line in ui.view_model()["lines"])
