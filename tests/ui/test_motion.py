"""Motion on the table's own clock (`ctx.now`, set here by hand): the dice roll before they settle, a phase
change crossfades through the city, a new step's countdown ring fills up; each animation's frames at its
start, middle and end differ, its end is the still screen, it lasts at most 400 ms, and then the table
draws nothing more. A page drawn once (screenshots, the screen check) never shows motion."""

import pygame

from companion.inputs import ButtonEvent, Press, VButton
from companion.ui import motion
from companion.ui.model import ButtonVM, GameView, ViewModel
from companion.ui.screens.base import Screen
from companion.ui.table import TableUI

SIZE = (800, 480)


class Shown(Screen):
    """A screen that shows whatever model the test gives it."""

    name = "shown"

    def __init__(self, ctx, vm: ViewModel) -> None:
        """Show `vm`."""
        super().__init__(ctx)
        self.vm = vm

    def body(self) -> ViewModel:
        """The model the test set."""
        return self.vm


def _table(vm: ViewModel, state: dict | None = None):
    """A table showing `vm` (its game in `state`), drawn once at t=0, and its surface."""
    ui = TableUI(SIZE)
    ui.ctx.view = GameView("masters", state or {"game": "masters", "phase": "day"})
    screen = Shown(ui.ctx, vm)
    ui.stack.push(screen)
    surface = pygame.Surface(SIZE)
    assert ui.draw(surface)
    return ui, screen, surface


def _pixels(surface) -> bytes:
    """A frame's pixels, to compare frames."""
    return pygame.image.tobytes(surface, "RGB")


def _still(ui) -> bytes:
    """The screen on show without motion: its model painted as the table paints it (the renderer's
    frame, repainted where the model changed), on a fresh surface."""
    ref = pygame.Surface(SIZE)
    ui.stack.top.paint(ref, ui.model())
    return _pixels(ref)


def _frames(ui, surface, duration: float) -> list[bytes]:
    """The frames drawn at the start, the middle and just after the end of an animation of `duration`
    that began at the table's time now."""
    t0, out = ui.ctx.now, []
    for at in (0.0, duration / 2, duration + 0.001):
        ui.ctx.now = t0 + at
        assert ui.draw(surface)  # a frame is drawn although the model stays the same
        out.append(_pixels(surface))
    return out


def _plays_and_settles(ui, surface, kind: str, duration: float) -> None:
    """Animation `kind` plays from the frame just drawn: three different frames, the last the still screen,
    then no more frames asked for."""
    assert [a.kind for a in ui.motion.playing] == [kind]
    assert duration <= motion.MAX_S <= 0.4
    start = _pixels(surface)
    _, mid, end = _frames(ui, surface, duration)
    assert len({start, mid, end}) == 3
    assert end == _still(ui)
    assert not ui.motion.wants_frame(ui.ctx.now) and not ui.draw(surface)  # nothing moves any more


def _dice(*faces: int, used: tuple[int, ...] = ()) -> tuple:
    """Free dice showing `faces`, then used ones."""
    return tuple((f, False) for f in faces) + tuple((f, True) for f in used)


BUTTONS = (ButtonVM("a", "First"), ButtonVM("b", "Second"))


def _rolled(ui, *faces: int) -> None:
    """The engine's event for a roll, as the loop hands it to the table."""
    ui.update(ui.ctx.view, [{"event": "dice_rolled", "values": list(faces)}], 0.0)


def test_dice_roll_before_they_settle():
    ui, screen, surface = _table(ViewModel("combat", "Fight", ("Dice",), BUTTONS, dice=_dice(3, 5)))
    screen.vm = screen.vm._replace(dice=_dice(1, 6, 2))
    _rolled(ui, 1, 6, 2)
    assert ui.draw(surface)
    _plays_and_settles(ui, surface, "roll", motion.ROLL_S)


def test_dice_that_change_without_a_roll_do_not_tumble():
    """A die used, the dice corrected, the board screen opened over combat: no roll, no motion."""
    ui, screen, surface = _table(ViewModel("combat", "Fight", ("Dice",), BUTTONS, dice=_dice(3, 5, 6)))
    screen.vm = screen.vm._replace(dice=_dice(3, 6, used=(5,)))
    assert ui.draw(surface)
    screen.vm = ViewModel("board", "Board", ("Dice",), BUTTONS, dice=_dice(1, 2, 4))
    assert ui.draw(surface)
    assert not ui.motion.playing and _pixels(surface) == _still(ui)


def test_a_rolling_die_shows_other_faces_then_its_own():
    faces = [motion.rolling_face(4, 0, k / 8) for k in range(8)]
    assert 4 not in faces and all(a != b for a, b in zip(faces, faces[1:]))
    assert motion.rolling_face(4, 0, 1.0) == 4


def test_a_phase_change_crossfades_through_the_city():
    ui, screen, surface = _table(ViewModel("day", "Day 1", ("The day",), BUTTONS))
    ui.ctx.view = GameView("masters", {"game": "masters", "phase": "night"})
    screen.vm = ViewModel("night", "Night 1", ("The night",), BUTTONS)
    assert ui.draw(surface)
    _plays_and_settles(ui, surface, "phase", motion.PHASE_S)


def test_the_same_phase_or_another_game_does_not_crossfade():
    ui, screen, surface = _table(ViewModel("day", "Day 1", ("The day",), BUTTONS))
    screen.vm = ViewModel("day", "Day 1", ("Another step",), BUTTONS)
    assert ui.draw(surface) and not ui.motion.playing
    ui.ctx.view = GameView("nosferatu", {"game": "nosferatu", "phase": "night"})
    screen.vm = ViewModel("nosferatu", "Night", ("A new game",), BUTTONS)
    assert ui.draw(surface) and not ui.motion.playing


def test_a_new_steps_countdown_ring_fills_up():
    ui, screen, surface = _table(
        ViewModel("one-night", "Night", ("Close your eyes",), BUTTONS, ring=(0.05, "1"))
    )
    screen.vm = screen.vm._replace(lines=("The seer wakes",), ring=(1.0, "30"))
    assert ui.draw(surface)
    _plays_and_settles(ui, surface, "ring", motion.RING_S)


def test_a_ring_kept_for_a_picture_does_not_fill_up():
    """The phones screen keeps the ring's square for its QR code: no numeral, no motion over the code."""
    ui, screen, surface = _table(ViewModel("menu", "Menu", ("Board",), BUTTONS))
    screen.vm = ViewModel("menu", "Phones", ("Scan the code",), BUTTONS, ring=(1.0, ""))
    assert ui.draw(surface) and not ui.motion.playing


def test_the_ring_empties_by_the_degree_without_animating():
    ui, screen, surface = _table(
        ViewModel(
            "one-night", "Night", ("Close your eyes",), BUTTONS, ring=(motion.ring_fraction(20.0, 30.0), "20")
        )
    )
    screen.vm = screen.vm._replace(ring=(motion.ring_fraction(19.9, 30.0), "20"))
    assert ui.draw(surface) and not ui.motion.playing  # a step of the countdown is drawn, not animated
    assert 0 < motion.ring_fraction(20.0, 30.0) - motion.ring_fraction(19.9, 30.0) <= 1 / 360 + 1e-9


def test_a_press_ends_a_running_animation_and_is_handled():
    ui, screen, surface = _table(ViewModel("combat", "Fight", ("Dice",), BUTTONS, dice=_dice(3, 5)))
    screen.vm = screen.vm._replace(dice=_dice(1, 6, 2))
    _rolled(ui, 1, 6, 2)
    ui.draw(surface)
    ui.ctx.now += motion.ROLL_S / 3
    assert ui.motion.playing
    assert ui.handle(ButtonEvent(VButton.NEXT, Press.SHORT, ui.ctx.now, "sim"))
    assert not ui.motion.playing and ui.model().buttons[1].focused
    assert ui.draw(surface) and _pixels(surface) == _still(ui)


def test_a_page_drawn_once_is_the_still_screen():
    """As `companion screenshots` draws a page: a fresh table put on its screen (here after a card was
    drawn and the dice rolled), one forced draw."""
    ui = TableUI(SIZE)
    ui.update(
        None,
        [
            {"event": "card_drawn", "card": "I-01", "name": "Night Patrol", "act": "I", "grid": []},
            {"event": "dice_rolled", "values": [1, 6, 2]},
        ],
        0.0,
    )
    ui.stack.push(Shown(ui.ctx, ViewModel("combat", "Fight", ("Dice",), BUTTONS, dice=_dice(1, 6, 2))))
    surface = pygame.Surface(SIZE)
    ui.draw(surface, force=True)
    assert _pixels(surface) == _still(ui) and not ui.motion.wants_frame(ui.ctx.now)
