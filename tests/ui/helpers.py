"""Small helpers the UI tests share: a button press, a tap, a button found by its label, and the
English-fallback check of German screens (tests/ui/test_german_screens.py, tests/app/test_german_games.py)."""

import re

from companion.inputs import ButtonEvent, Press
from companion.ui.input_map import WidgetPress


def press(ui, button, kind=Press.SHORT):
    """A press of virtual button `button` as the GPIO buttons send it; True if a screen used it."""
    return ui.handle(ButtonEvent(button, kind, 0.0, "gpio"))


def tap(ui, widget, kind=Press.SHORT):
    """A touch on the on-screen button `widget`; True if a screen used it."""
    return ui.handle(WidgetPress(widget, kind, 0.0))


def button(vm, label):
    """The button labelled `label` in a view model dict."""
    return next(b for b in vm["buttons"] if b["label"] == label)


# Texts that are the same in both languages, so finding them on a German screen is no fallback.
SAME_IN_BOTH = (
    r"[\d\s/+\-%:.,()x]*",  # numbers, counts, percentages, clock times
    r"[A-C][1-3]( .*)?",  # a grid position (and what stands there)
    r"Nightwatch|OK|Museum|Altar|Inferno|Pause|Start|Renfield|Gremlin|Omen|[A-Z]|I{1,3}",  # words both languages spell alike, marker letters, act numerals
    r"(Altar|Inferno): [\d\s\->]+",  # a count on the Correct screen (old -> new)
    r"(Masters of the Night|Nosferatu|The Vampire Mansion|One Night Ultimate Vampire|Armata Strigoi):?",
    r"Renfield( x\d+)?",  # a role called by its name in both languages
    r"(\d+\. )?(Agnieszka|Imre|Ishtvan|Laszlo|Mila|Nevena|Charles|Matthew|Attila|Falk Maria|P\d(, P\d)*)",  # players (a ranking place, a room's guests)
    r"Round \d+, night, Mila's turn: Imre, Mila",  # the resume sample's journal line is made in English
)


def same_in_both(text: str) -> bool:
    """A text both languages write alike (SAME_IN_BOTH)."""
    return any(re.fullmatch(p, text) for p in SAME_IN_BOTH)


def english_fallbacks(german, english) -> list[str]:
    """Texts shown in German that are also shown in English and are not the same in both languages."""
    english = set(english)
    return [t for t in german if t in english and not same_in_both(t)]
