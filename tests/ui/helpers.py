"""Small helpers the UI tests share: a button press, a tap, a button found by its label, and the
English-fallback check of German screens (whole English texts and English words in German ones)
(tests/ui/test_german_screens.py, tests/app/test_german_games.py)."""

import re
from functools import lru_cache

from companion.inputs import ButtonEvent, Press
from companion.narration import seatnames
from companion.plugins import games as seatnames_games
from companion.ui.input_map import WidgetPress


def press(ui, button, kind=Press.SHORT):
    """A press of virtual button `button` as the GPIO buttons send it; True if a screen used it."""
    return ui.handle(ButtonEvent(button, kind, 0.0, "gpio"))


def tap(ui, widget, kind=Press.SHORT):
    """A touch on the on-screen button `widget`; True if a screen used it."""
    return ui.handle(WidgetPress(widget, kind, 0.0))


def every(vm):
    """Every button of a view model dict: those on show and those behind its "More" button."""
    return vm["buttons"] + vm.get("more", [])


def button(vm, label):
    """The button labelled `label` in a view model dict (on show or behind "More")."""
    return next(b for b in every(vm) if b["label"] == label)


PEOPLE = (
    "Agnieszka",
    "Imre",
    "Ishtvan",
    "Laszlo",
    "Mila",
    "Nevena",
    "Charles",
    "Matthew",
    "Attila",
    "Falk",
    "Maria",
)
# The players the samples and bot games name, and every game's default names for unnamed seats
# (companion/narration/seatnames.py): people's names, alike in both languages.
PLAYERS = (
    "Anna",
    "Ben",
    "Cleo",
    "Dmitri",
    "Eva",
    "Finn",
    "Greta",
    "Hugo",
    "Ida",
    "Jan",
    *seatnames.FALLBACK,
    *(n for g in seatnames_games() for n in seatnames.default_names(g)),
)
TITLES = tuple(
    g.title for g in __import__("companion.plugins", fromlist=["games"]).games().values()
)  # every game's
# Texts that are the same in both languages, so finding them on a German screen is no fallback.
SAME_IN_BOTH = (
    r"[\d\s/+\-%:.,()x]*",  # numbers, counts, percentages, clock times
    r"[A-C][1-3]( .*)?",  # a grid position (and what stands there)
    # words both languages spell alike, marker letters, act numerals
    r"Nightwatch|OK|Museum|Altar|Inferno|Pause|Start|Renfield|Gremlin|Omen|[A-Z]|I{1,3}",
    r"(Altar|Inferno): [\d\s\->]+",  # a count on the Correct screen (old -> new)
    rf"({'|'.join(TITLES)}):?",
    r"Renfield( x\d+)?",  # a role called by its name in both languages
    # players (a ranking place, a room's guests)
    rf"(\d+\. )?({'|'.join((*PEOPLE[:-2], *PLAYERS))}|Falk Maria|P\d(, P\d)*)",
    rf"({'|'.join(PLAYERS)})(, ({'|'.join(PLAYERS)}))+",  # the players at a table, in seating order
    r"([A-ZÄÖÜ][a-zäöüß'\-]*)?_",  # a name being typed on the keyboard
    r"[A-Za-zÄÖÜäöü'\-]( [A-Za-zÄÖÜäöü'\-])*",  # the keyboard's letter groups ("A B C", "d e f") and letters
    r"Round \d+, night, Mila's turn: Imre, Mila",  # the resume sample's journal line is made in English
)


def same_in_both(text: str) -> bool:
    """A text both languages write alike (SAME_IN_BOTH)."""
    return any(re.fullmatch(p, text) for p in SAME_IN_BOTH)


WORD = re.compile(r"[^\W\d_]{2,}")  # a word: two letters or more (single letters are markers: A1, P3)
ADDRESS = re.compile(r"(https?://)?[\w.-]+:\d+(/\S*)?")  # nightwatch.local:8080/pair: alike in both languages


def words(text: str) -> set[str]:
    """The words of a text, in lower case (`Mila's turn` -> {"mila", "turn"}); an address has none."""
    return {w.lower() for w in WORD.findall(ADDRESS.sub(" ", text))}


@lru_cache(maxsize=1)
def german_words() -> frozenset[str]:
    """Every word our German writes: the German catalogs' translations and the data files' German
    fields (`name_de`, `note_de`, ...). A word outside this set is no word of our German."""
    from babel.messages.pofile import read_po

    from companion import i18n
    from tests.games.test_catalog import CATALOGS  # the shared catalog and every game's

    texts = []
    for po in CATALOGS:
        with po.open("rb") as f:
            texts += [
                s
                for m in read_po(f)
                if m.id
                for s in ((m.string,) if isinstance(m.string, str) else m.string)
            ]
    texts += i18n._read_data_names().get("de", {}).values()
    texts += [*PEOPLE, *PLAYERS, *TITLES]  # names, in German as in English
    return frozenset(w for t in texts for w in words(t))


def english_fallbacks(german, english) -> list[str]:
    """Texts shown in German that are the English ones, or that carry an English word: a word the
    English run shows that no German text of ours has (`Runde 2: pass the stake`); texts both
    languages write alike (SAME_IN_BOTH) are none."""
    english = set(english)
    english_only = set().union(*map(words, english)) - german_words()
    return [t for t in german if (t in english or words(t) & english_only) and not same_in_both(t)]


def name_players(ui) -> list[str]:
    """On the wizard's names page: give every seat the first one-press name (the names the table
    used last, then the game's default names), then go on (start, or One Night's roles); the names."""
    assert ui.view_model()["screen"] == "names"
    while any(b["id"] == "n:0" for b in ui.view_model()["buttons"]):
        tap(ui, "n:0")
    line = ui.view_model()["lines"][0]
    tap(ui, "finish")
    return line.split(": ", 1)[1].split(", ")
