"""Pictures on the screens (issue 17): counts as token icons, the acting player's colour, die faces,
the AP cost as an icon, the countdown ring, and the end-of-game card on every game-over screen."""

import pygame
import pytest

from companion import palette
from companion.games.masters import samples as masters_samples
from companion.inputs import VButton
from companion.ui import samples, theme
from companion.ui.model import ButtonVM, CellVM, Count, GameView, ViewModel
from companion.ui.render import Renderer
from companion.ui.story import chart_of
from tests.ui.helpers import press, tap

SMALL = (800, 480)


def test_the_board_shows_counts_as_icons_and_each_vampire_in_their_colour(make_ui):
    ui = make_ui()
    ui.update(GameView("masters", masters_samples.masters_state(), masters_samples.night_actions()), (), 0.0)
    vm = ui.view_model()
    cells = {c["pos"]: c for c in vm["grid"]}
    mila = list(palette.colour_of("Mila", ["Imre", "Mila"]))
    b2 = cells["B2"]["counts"]  # 2 hidden, 1 exposed, 1 minion and Mila standing there
    assert {"icon": "agent_hidden", "value": "2", "colour": None, "shape": ""} in b2
    assert {"icon": "agent_exposed", "value": "1", "colour": None, "shape": ""} in b2
    assert {"icon": "minion", "value": "1", "colour": None, "shape": ""} in b2
    assert {"icon": "", "value": "M", "colour": mila, "shape": "square"} in b2
    assert {"icon": "sigil", "value": "", "colour": mila, "shape": "square"} in cells["A2"][
        "counts"
    ]  # Mila's sigil
    assert cells["B2"]["lines"] == [] and not any("Hidden" in ln for c in vm["grid"] for ln in c["lines"])
    # the acting vampire: their colour beside the title, blood, kills and AP as pictures
    assert vm["accent"] == mila
    stats = {c["icon"]: c["value"] for c in vm["stats"]}
    assert stats["blood"] == "3/4" and stats["kill"] == "4" and stats["ap"] == "2" and stats["relic"] == "1"


def test_combat_shows_the_dice_as_faces_with_the_set_aside_ones_used(make_ui):
    ui = make_ui()
    state = masters_samples.combat_state()
    ui.update(GameView("masters", state, masters_samples.combat_actions()), (), 0.0)
    dice = ui.view_model()["dice"]
    assert dice == [[v, False] for v in state["dice"]] + [[v, True] for v in state["dice_used"]]


def test_the_renderer_draws_icons_the_ap_cost_and_the_ring():
    renderer = Renderer(SMALL)
    surface = pygame.Surface(SMALL)
    cell = CellVM("B2", "Old Town", counts=(Count("blood", "3"),))
    vm = ViewModel(
        "x", "Night", buttons=(ButtonVM("a", "Move", cost="1 AP"),), grid=(cell,) * 9, ring=(0.5, "7")
    )
    renderer.render(surface, vm)
    texts = {b.text: b for b in renderer.text_boxes}
    assert "Move" in texts and "Move (1 AP)" not in texts and "1" in texts  # the cost as the AP token and a 1
    assert texts["7"].role == "countdown" and texts["7"].px >= 40  # the ring's numeral is big
    button = next(i.rect for i in renderer.layout(vm) if i.kind == "button")
    ap_yellow = theme.ICON_COLOURS["ap"]
    assert any(
        tuple(surface.get_at((x, y)))[:3] == ap_yellow
        for x in range(button.x, button.right)
        for y in range(button.y, button.bottom)
    )
    blood = theme.ICON_COLOURS["blood"]
    first = next(i.rect for i in renderer.layout(vm) if i.kind == "cell")
    assert any(
        tuple(surface.get_at((x, y)))[:3] == blood
        for x in range(first.x, first.right)
        for y in range(first.y, first.bottom)
    )


def test_masters_game_over_is_the_end_card_with_the_evenings_chart(make_ui):
    view = samples.engine_view("masters", 3, 5, lambda s: s.get("outcome") is not None, limit=2000)
    assert view.state["outcome"] is not None
    ui = make_ui()
    ui.update(view, (), 0.0)
    vm = ui.model()
    assert vm.screen == "over" and vm.title in ("Victory", "Defeat")
    card = vm.card
    assert card.title == "Masters of the Night" and [p.title for p in card.panels] == ["Veil", "Kills"]
    assert card.outcome.startswith("The hunters win" if vm.title == "Defeat" else "The vampires win")
    assert card.ended == "Saturday 14 March 2026, 22:41" and len(card.moments) == 3
    rounds = view.state["round"]
    assert len(card.panels[0].x_labels) == rounds + 1  # every round of the evening, from the loop's commands
    surface = pygame.Surface(SMALL)
    ui.draw(surface, force=True)
    boxes = ui.ctx.renderer.text_boxes
    assert any(b.role == "chart" and b.text == "Masters of the Night" for b in boxes)
    title = next(b for b in boxes if b.role == "title")
    assert title.text == card.outcome and title.px >= 40  # the card's main text: the outcome, in Cinzel


def test_without_the_loops_commands_the_card_grows_from_the_states_the_screen_saw(make_ui):
    view = samples.engine_view("nosferatu", 5, 2, lambda s: s.get("outcome") is not None)
    history = view.info["history"]
    ui = make_ui()
    for state in history[-6:]:
        ui.update(GameView("nosferatu", state, ()), (), 0.0)
    card = ui.model().card
    assert ui.model().screen == "nosferatu-over" and card.title == "Nosferatu"
    seen = chart_of(history[-6:])  # just what this screen saw, not the whole evening
    assert card.panels == seen.panels and card.panels != chart_of(history).panels
    assert card.ended == ""  # no journal said when


@pytest.mark.parametrize("game, players, seed", [("strigoi", 4, 1), ("mansion", 4, 3), ("one-night", 6, 3)])
def test_every_other_game_over_screen_is_its_card_with_the_results_a_press_away(make_ui, game, players, seed):
    ui = make_ui()
    ui.update(samples.engine_view(game, players, seed, lambda s: s.get("outcome") is not None), (), 0.0)
    vm = ui.model()
    assert (
        vm.screen.endswith("-over") and vm.card is not None and vm.card.panels and len(vm.card.moments) == 3
    )
    tap(ui, "results")
    results = ui.model()
    assert results.card is None and results.lines and any(b.id == "card" for b in results.buttons)
    assert bool(results.grid) == (game == "one-night")  # One Night's seats on the grid
    tap(ui, "card")
    assert ui.model().card == vm.card


def test_the_story_screen_shows_the_card_of_the_game_so_far(make_ui):
    ui = make_ui()
    ui.update(samples.engine_view("one-night", 6, 3, lambda s: s.get("step") == "discussion"), (), 0.0)
    press(ui, VButton.MENU)
    tap(ui, "story")
    story = ui.model()
    assert story.screen == "story" and story.card.title == "One Night Ultimate Vampire"
    assert story.card.outcome == "Still running." and not story.card.over
    press(ui, VButton.BACK)
    assert ui.model().screen == "one-night"
