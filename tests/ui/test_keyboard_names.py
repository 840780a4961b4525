"""The on-screen keyboard offers the names used before (issue #34, point 6): a group of letters
opened, the names going on with one of its letters come first, the first focused, and one press
takes the name whole. Presses counted with the same key events a player gives (Tab, Enter, 1..9)."""

import pytest

from companion.inputs import ButtonEvent, Press, VButton
from companion.ui.samples import _named_game
from companion.ui.screens.keyboard import KeyboardScreen
from companion.ui.table import TableUI

# twelve names the table used (the most the app remembers), the most recent first: Greta is the tenth,
# so not one of the names page's nine one-press choices
RECENT = ["Anna", "Ben", "Cleo", "Dmitri", "Eva", "Finn", "Jan", "Karl", "Lena", "Greta", "Gregor", "Mia"]


def _names_page():
    """The table on the names page of the first game that takes names, nobody named yet."""
    gid = _named_game()
    ui = TableUI((800, 480))
    ui.ctx.settings["recent_names"] = list(RECENT)
    ui.update(None, (), 0.0, {})
    ui.screen.activate(f"game:{gid}", Press.SHORT)
    ui.screen.activate("start", Press.SHORT)
    assert ui.screen.name == "names"
    return ui


class Keys:
    def __init__(self, ui):
        self.ui, self.presses = ui, 0

    def key(self, button: VButton) -> None:
        self.presses += 1
        self.ui.handle(ButtonEvent(button, Press.SHORT, 0.0, "keyboard"))

    def focused(self) -> str:
        return next(b.id for b in self.ui.screen.model().buttons if b.focused)

    def choose(self, button_id: str) -> None:
        for _ in range(30):
            if self.focused() == button_id:
                break
            self.key(VButton.NEXT)
        assert self.focused() == button_id
        self.key(VButton.CONFIRM)


def _seated(ui) -> str:
    return ui.screen.model().lines[1]


def test_a_name_used_before_takes_four_presses_from_the_names_page():
    """Type a name (Next, Confirm), the group G H I (its district key), Greta (focused): 4 presses;
    with Next and Confirm alone 6. Typed letter by letter it took 25."""
    ui = _names_page()
    assert "Greta" not in [b.label for b in ui.screen.model().buttons]  # not a one-press choice here
    keys = Keys(ui)
    keys.choose("type")
    assert ui.screen.name == "keyboard"
    keys.key(VButton.for_district("A3"))  # G H I
    vm = ui.screen.model()
    assert [b.label for b in vm.buttons[:2]] == ["Greta", "Gregor"] and keys.focused() == "p:0"
    # then the letters, capitals first (names used before only: the game's default names are the names
    # page's, and differ by language)
    assert [b.label for b in vm.buttons[2:]] == ["G", "H", "I", "Back to the letters"]
    keys.key(VButton.CONFIRM)
    assert ui.screen.name == "names" and _seated(ui).startswith("Seating: Greta")
    assert keys.presses == 4

    ui = _names_page()
    keys = Keys(ui)
    keys.choose("type")
    keys.choose("g:2")  # Next to G H I, Confirm
    keys.key(VButton.CONFIRM)
    assert _seated(ui).startswith("Seating: Greta") and keys.presses == 6


def test_the_names_offered_go_on_with_the_letters_typed():
    ui = TableUI((800, 480))
    ui.update(None, (), 0.0)
    kb = KeyboardScreen(
        ui.ctx, "Name", "", done=lambda name: None, names=["Greta", "Gregor", "Hugo", "Ida", "greg"]
    )
    ui.ctx.stack.push(kb)
    kb.activate("g:2", Press.SHORT)
    assert kb.predicted() == ["Greta", "Gregor", "Hugo"]  # at most three, in the order given, each once
    kb.activate("k:G", Press.SHORT)
    kb.activate("g:5", Press.SHORT)  # P Q R S after "G": Gr...
    assert kb.predicted() == ["Greta", "Gregor", "greg"]
    assert [b.label for b in kb.model().buttons][3:7] == ["p", "q", "r", "s"]  # small letters after a capital
    kb.activate("groups", Press.SHORT)
    kb.activate("g:0", Press.SHORT)  # A B C after "G": nobody
    assert kb.predicted() == [] and kb.model().buttons[0].id == "k:A"


def test_a_name_offered_but_refused_keeps_the_keyboard_open_with_it():
    ui = TableUI((800, 480))
    ui.update(None, (), 0.0)
    kb = KeyboardScreen(
        ui.ctx, "Name", "", done=lambda name: "someone is called that already", names=["Greta"]
    )
    ui.ctx.stack.push(kb)
    kb.activate("g:2", Press.SHORT)
    kb.activate("p:0", Press.SHORT)
    assert ui.ctx.stack.top is kb and kb.text == "Greta" and kb.group is None


def test_undo_takes_the_last_letter_back_on_the_keyboard():
    """Undo (Backspace on a PC) is Delete here, never the game's undo under the keyboard."""
    ui = _names_page()
    keys = Keys(ui)
    keys.choose("type")
    for pos in ("C2", "C2"):  # W X Y Z: no name used here starts so, the letter W is focused
        keys.key(VButton.for_district(pos))
        keys.key(VButton.CONFIRM)
    assert ui.screen.text == "Ww"
    keys.key(VButton.UNDO)
    assert ui.screen.name == "keyboard" and ui.screen.text == "W"


def _keypad(size, lang="en", text="Ann"):
    """The keyboard's first page once `text` is typed, at `size` in `lang`: the buttons it shows."""
    from companion import i18n

    with i18n.in_language(lang):
        ui = TableUI(size)
        ui.update(None, (), 0.0)
        kb = KeyboardScreen(ui.ctx, "Name 3 of 5", text, {})
        ui.ctx.stack.push(kb)
        return kb, [b.id for b in kb.model().buttons]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_delete_done_and_cancel_are_one_press_away_on_the_first_page(size, lang):
    """Issue #34: once a letter is typed, Delete and Cancel were behind "More". The keypad's nine
    groups (in the district buttons' places) and Delete, Done, Cancel all show on the first page."""
    kb, shown = _keypad(size, lang)
    assert shown == [f"g:{i}" for i in range(9)] + ["del", "done", "back"]  # nothing behind "More"
    kb.activate("del", Press.SHORT)
    assert kb.text == "An"


def test_a_big_done_would_push_delete_and_cancel_behind_more(monkeypatch):
    """Break it once: a big primary (as Done was) takes a row, and keys go behind "More"."""
    from companion.ui.model import MORE

    monkeypatch.setattr(KeyboardScreen, "has_primary", True)
    kb, shown = _keypad((800, 480))
    assert MORE in shown and not {"del", "back"} <= set(shown)


def test_a_groups_letters_page_keeps_its_big_first_choice():
    kb, _shown = _keypad((800, 480), text="G")
    kb.activate("g:5", Press.SHORT)
    assert kb.model().buttons[0].primary and kb.model().buttons[0].id == "k:P"
