"""Colour is never the only mark of a player (issue #26, point 3): every seat has a shape as well
as a colour, the same in every game (seat i: colour i, shape i), drawn on the screens' chips, the
charts and the phones; a chosen toggle has a tick; a sigil carries its owner's shape; minions are
no longer the pink next to Mila's colour."""

from __future__ import annotations

import itertools

import pygame
import pytest

import companion.plugins as catalog
from companion import palette
from companion.rules import load_game
from companion.ui import theme
from companion.ui.model import ButtonVM, CellVM, Count, ViewModel, player_chip
from companion.ui.render import Renderer, draw_shape
from tests.reliability.helpers import setup_of
from tests.ui.test_palette import seen_distance

SIZE = 24  # a chip's size at 800x480: where shapes must still be told apart


def _mask(shape: str, size: int = SIZE) -> set[tuple[int, int]]:
    """The pixels `shape` covers, drawn as the screens draw it in a size x size box."""
    surface = pygame.Surface((size, size))
    surface.fill((0, 0, 0))
    draw_shape(surface, shape, pygame.Rect(0, 0, size, size), (255, 255, 255), 0)
    return {(x, y) for x in range(size) for y in range(size) if surface.get_at((x, y))[0] > 128}


def test_there_is_a_shape_for_each_of_eight_seats_and_they_stay_apart_when_small():
    assert len(set(palette.SHAPES)) == len(palette.SHAPES) >= 8
    masks = {s: _mask(s) for s in palette.SHAPES}
    for a, b in itertools.combinations(palette.SHAPES, 2):
        apart = len(masks[a] ^ masks[b]) / len(masks[a] | masks[b])
        assert apart >= 0.25, f"{a} and {b} share {1 - apart:.0%} of their pixels"
    assert all(len(m) > SIZE * SIZE * 0.2 for m in masks.values())  # each is big enough to see


def test_a_hexagon_would_not_pass_beside_the_circle():
    """The check above can fail: a hexagon is too close to a disc at chip size."""
    import math

    r = max(x for x, _y in palette.shape_points("circle")) * 0.95 * SIZE / 2  # the disc's radius as drawn
    hexagon = [
        (SIZE / 2 + r * math.cos(k * math.pi / 3), SIZE / 2 + r * math.sin(k * math.pi / 3)) for k in range(6)
    ]
    surface = pygame.Surface((SIZE, SIZE))
    surface.fill((0, 0, 0))
    pygame.draw.polygon(surface, (255, 255, 255), hexagon)
    hexa = {(x, y) for x in range(SIZE) for y in range(SIZE) if surface.get_at((x, y))[0] > 128}
    circle = _mask("circle")
    assert len(hexa ^ circle) / len(hexa | circle) < 0.25


@pytest.mark.parametrize("game_id", catalog.game_ids())
def test_every_game_gives_seat_i_colour_i_and_shape_i(game_id):
    game = load_game(game_id)
    state, _ = game.setup(setup_of(game, 4))
    seats = game.to_json(state)["seats"]
    assert [s["shape"] for s in seats] == [palette.shape_of(i) for i in range(len(seats))]
    assert len({(s["colour"], s["shape"]) for s in seats}) == len(seats)
    if game_id != "masters":  # (Masters' vampires keep their own colours)
        assert [s["colour"] for s in seats] == [
            palette.COLOUR_NAMES[palette.PLAYER_COLOURS[i]] for i in range(len(seats))
        ]


def test_a_player_called_like_a_vampire_keeps_the_seat_colour_outside_masters():
    game = load_game("nosferatu")
    state, _ = game.setup(
        {"cmd": "setup", "game": "nosferatu", "names": ["Ann", "Mila", "Bo", "Cy", "Di"], "seed": 1}
    )
    assert game.to_json(state)["seats"][1]["colour"] == "sky blue"  # seat 2's, not Mila the vampire's purple
    masters = load_game("masters")
    state, _ = masters.setup({"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "seed": 1})
    assert [s["colour"] for s in masters.to_json(state)["seats"]] == ["vermillion", "reddish purple"]


def test_a_chip_is_the_players_shape_in_their_colour():
    state = {
        "seats": [
            {"name": "Anna", "colour": "orange", "seat": 0, "shape": "circle"},
            {"name": "Ben", "colour": "sky blue", "seat": 1, "shape": "square"},
        ]
    }
    assert player_chip(state, "Ben") == Count("", "B", palette.SKY_BLUE, "square")
    assert player_chip(state, "Ben", icon="sigil") == Count("sigil", "", palette.SKY_BLUE, "square")
    assert player_chip(state, "Ben", dim=True).colour == tuple(c // 3 for c in palette.SKY_BLUE)


def _drawn(vm: ViewModel) -> pygame.Surface:
    """`vm` painted at 800x480."""
    surface = pygame.Surface((800, 480))
    Renderer((800, 480)).render(surface, vm)
    return surface


def test_two_players_of_one_colour_still_differ_on_the_board():
    """Seat 9 repeats seat 1's colour: the chips differ by shape (and initial)."""
    cells = (
        CellVM("A1", "", counts=(Count("", "", palette.ORANGE, "circle"),)),
        CellVM("A2", "", counts=(Count("", "", palette.ORANGE, "star"),)),
    )
    surface = _drawn(ViewModel("x", "x", grid=cells))
    boxes = Renderer((800, 480)).layout(ViewModel("x", "x", grid=cells))
    a, b = (pygame.Rect(it.rect) for it in boxes if it.kind == "cell")
    pixels = [
        {
            (x - r.x, y - r.y)
            for x in range(r.x, r.right)
            for y in range(r.y, r.bottom)
            if tuple(surface.get_at((x, y)))[:3] == palette.ORANGE
        }
        for r in (a, b)
    ]
    assert pixels[0] and pixels[1] and pixels[0] != pixels[1]


def test_a_chosen_toggle_is_marked_by_more_than_its_colour():
    on, off = ButtonVM("v:Mila", "Mila", selected=True), ButtonVM("v:Mila", "Mila")
    with_tick, without = (
        _drawn(ViewModel("w", "w", buttons=(on,))),
        _drawn(ViewModel("w", "w", buttons=(off,))),
    )
    rect = next(
        it.rect
        for it in Renderer((800, 480)).layout(ViewModel("w", "w", buttons=(on,)))
        if it.kind == "button"
    )
    text_pixels = [
        sum(
            1
            for x in range(rect.x, rect.x + 40)
            for y in range(rect.y, rect.bottom)
            if tuple(s.get_at((x, y)))[:3] == theme.TEXT
        )
        for s in (with_tick, without)
    ]
    assert text_pixels[0] > 30 and text_pixels[1] == 0  # a tick in the text's colour at the left


def test_minions_are_far_from_every_players_colour():
    minion = theme.ICON_COLOURS["minion"]
    for colour in palette.PLAYER_COLOURS:
        for vision in ("normal", "deuteranopia", "protanopia"):
            assert seen_distance(minion, colour, vision) >= 15, (colour, vision)
    assert seen_distance((190, 120, 200), palette.REDDISH_PURPLE, "normal") < 15  # the old pink was not


def test_a_sigil_shows_its_owners_shape():
    from companion.games.masters import samples
    from companion.games.masters.view import district_counts

    state = samples.masters_state()
    pos = next(p for p, d in state["districts"].items() if d.get("sigil"))
    owner = state["districts"][pos]["sigil"]
    sigil = next(c for c in district_counts(state, pos) if c.icon == "sigil")
    seat = next(s for s in state["seats"] if s["name"] == owner)
    assert sigil.shape == seat["shape"] and sigil.colour == palette.COLOURS[seat["colour"]]
