"""The screens on real engine states: bot-played games, and whole games played through the UI alone."""

import random

import pytest

from companion.errors import CommandError, RuleViolation
from companion.games.masters.rules import bot
from companion.inputs import ButtonEvent, Press, VButton
from companion.rules import load_game
from companion.ui.input_map import WidgetPress
from companion.ui.model import MORE, GameView
from companion.ui.table import TableUI, route
from tests.ui.helpers import every

SETUP = {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila", "Laszlo"], "difficulty": "easy"}


@pytest.fixture(scope="module")
def game():
    return load_game("masters")


def view(game, state):
    return GameView("masters", game.to_json(state), tuple(game.actions(state)))


def bot_states(game, seed, limit=400):
    """(state, events) along a bot-played game."""
    state, events = game.setup({**SETUP, "seed": seed})
    rng = random.Random(seed)
    out = [(state, events)]
    while game.outcome(state) is None and len(out) < limit:
        state, events = game.apply(state, bot.choose(game, state, rng))
        out.append((state, events))
    return out


def test_every_bot_state_gets_its_screen_and_every_action_a_button(game):
    ui = TableUI((800, 480))
    seen = set()
    for state, events in bot_states(game, 2):
        v = view(game, state)
        ui.update(v, events, 0.1)
        vm = ui.view_model()
        assert vm["screen"] == route(v)
        seen.add(vm["screen"])
        labels = {b["label"] for b in every(vm)}
        for a in v.actions:
            verb = a.command["cmd"]
            if verb == "use_die":
                assert any(b["id"].startswith("die:") for b in every(vm))
            elif (
                verb == "place_agents"
                and v.state["card"]["blue_agents"][0] != v.state["card"]["blue_agents"][1]
            ):
                assert "Place agents" in labels
            else:
                assert any(
                    label == a.label or label.startswith(f"{a.label}: ") for label in labels
                )  # ": Unmask"
    assert {"day", "event", "night", "combat", "over"} <= seen


def test_engine_screens_render_without_cut_text(game):
    import pygame

    ui = TableUI((800, 480))
    surface = pygame.Surface((800, 480))
    shown = set()
    for state, events in bot_states(game, 3):
        v = view(game, state)
        ui.update(v, events, 0.1)
        key = (ui.screen.name, v.state["step"], len(v.actions))
        if key in shown:
            continue
        shown.add(key)
        ui.draw(surface)
        cut = [b.text for b in ui.ctx.renderer.text_boxes if b.fit.cut]
        assert not cut, (key, cut)


def test_night_turn_screen_from_engine(game):
    for state, _ in bot_states(game, 1):
        if game.to_json(state)["step"] == "turn":
            break
    ui = TableUI((800, 480))
    ui.update(view(game, state), (), 0.0)
    vm = ui.view_model()
    j = game.to_json(state)
    who = j["turn"]
    assert vm["title"] == f"Night {j['round']}: {who}, {j['vampires'][who]['ap']} AP"
    greyed = [b for b in every(vm) if not b["enabled"]]
    assert greyed and all(b["why_not"] for b in greyed)
    assert any("kill count" in b["why_not"] for b in greyed)


def _press(ui, kind, ident):
    if kind == "button":
        ui.handle(WidgetPress(ident, Press.SHORT, 0.0))
    else:
        ui.handle(ButtonEvent(VButton.for_district(ident), Press.SHORT, 0.0, "gpio"))


def _ui_step(ui, rng):
    """Press one enabled button of the screen like a person would; fill pickers."""
    vm = ui.view_model()
    if vm["screen"] == "event" and any(b["id"] == "swap" for b in vm["buttons"]):
        cells = [c["pos"] for c in vm["grid"] if c["mark"] == "blue"]
        _press(ui, "district", rng.choice(cells))
    vm = ui.view_model()
    choices = [b["id"] for b in every(vm) if b["enabled"] and b["id"] not in ("menu", "swap", MORE)]
    choice = rng.choice(choices)
    if choice not in [b["id"] for b in vm["buttons"]]:
        _press(ui, "button", MORE)  # behind "More": tap it on the sheet
    _press(ui, "button", choice)
    for _ in range(5):  # a picker may ask a few things
        vm = ui.view_model()
        if vm["screen"] != "picker":
            break
        options = [b["id"] for b in vm["buttons"] if b["id"].split(":")[0] in ("v", "d", "c")]
        if options:
            _press(ui, "button", rng.choice(options))
        elif "board" in vm["lines"][1]:
            _press(ui, "district", rng.choice(["A1", "A2", "B1", "B2", "C3"]))
        _press(ui, "button", "ok")


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_whole_game_played_with_screen_presses_only(game, seed):
    rng = random.Random(seed)
    ui = TableUI((800, 480))
    ui.update(None, (), 0.0)
    ui.handle(WidgetPress("game:masters", Press.SHORT, 0.0))
    for name in ("Imre", "Mila"):
        ui.handle(WidgetPress(f"v:{name}", Press.SHORT, 0.0))
    for w in ("difficulty", "difficulty", "start:digital"):  # Easy (Medium, Hard, Easy), the example deck
        ui.handle(WidgetPress(w, Press.SHORT, 0.0))
    (setup,) = ui.take_results()
    state, events = game.setup(setup)
    accepted = refused = 0
    for _ in range(600):
        ui.update(view(game, state), events, 0.1)
        if game.outcome(state) is not None:
            break
        _ui_step(ui, rng)
        for cmd in ui.take_results():
            assert "cmd" in cmd
            try:
                state, events = game.apply(state, cmd)
                accepted += 1
            except (
                RuleViolation,
                CommandError,
            ) as exc:  # a picker value the rules refuse: shown, nothing changes
                ui.notify(str(exc))
                refused += 1
    assert accepted > 30
    assert refused <= accepted // 5
    assert game.outcome(state) is not None
    assert ui.view_model()["screen"] == "over"
