"""What the table says when a part is missing: a sentence in the table's language a player can act on.

The loop hands the screens each part's health as (ok, why) (companion/runtime/health.py). `why` is
written for the log, systemd's STATUS= and whoever fixes the table: English, with the OS error, the
port, the file. The screen never shows it as it is: `trouble(part, why)` gives a `Trouble` with a
short `headline` for the banner strip (one line at 800x480 in both languages), an `advice` sentence
for the Details screen (what happened and what to do), and `why` itself, only ever shown behind
Details as the technical details.

What a part's `why` means is read from the words its own code writes (the reader's "reader
disconnected", the storage's FAULT_TEXT, a damaged journal's "journal damaged"); a part or a reason
this module does not know still gets a sentence: something is not working, see Details.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.i18n import N_, _
from companion.records import Named

# part or part/kind -> (headline for the banner, advice for the Details screen)
WORDS: dict[str, tuple[str, str]] = {
    "reader": (
        N_("Card reader unplugged: plug it back in."),
        N_("The card reader is unplugged. Plug it back in; the game goes on."),
    ),
    "reader/other": (
        N_("Card reader not answering: check it."),
        N_("The card reader does not answer. Check its cable; the game goes on."),
    ),
    "leds": (
        N_("No LED strip: the game goes on unlit."),
        N_("The LED strip does not answer. Check its cable and power; the game goes on without lights."),
    ),
    "buttons": (
        N_("Buttons not answering: use the screen."),
        N_("The buttons do not answer. Use the screen instead; the game goes on."),
    ),
    "screen": (
        N_("Screen not answering: check its cable."),
        N_("The screen does not answer. Check its cable; the game goes on."),
    ),
    "journal/full": (
        N_("Not saving: the disk is full."),
        N_(
            "The game is not being saved: the disk is full. Free some space; the game goes on and "
            "is saved again by itself."
        ),
    ),
    "journal/read-only": (
        N_("Not saving: the journal is read-only."),
        N_(
            "The game is not being saved: its storage takes no writes. Check the memory card; "
            "the game goes on."
        ),
    ),
    "journal/io": (
        N_("Not saving: the disk has an error."),
        N_(
            "The game is not being saved: the disk reported an error. Check the memory card; the "
            "game goes on."
        ),
    ),
    "journal/cannot-open": (
        N_("Not saving: the journal will not open."),
        N_(
            "The game is not being saved: the journal cannot be opened. The game goes on; "
            "see the technical details."
        ),
    ),
    "journal/damaged": (
        N_("Not saving: the journal is damaged."),
        N_(
            "The game is not being saved: the journal file is damaged. The game goes on; see "
            "the technical details."
        ),
    ),
    "journal/busy": (
        N_("Not saving: another program holds the journal."),
        N_(
            "The game is not being saved: another program keeps the journal locked. Close it; "
            "the game goes on."
        ),
    ),
    "journal/moved": (
        N_("A damaged journal was put aside."),
        N_(
            "The journal was damaged. It was kept aside and a new one started; its games can "
            "be recovered (see the technical details)."
        ),
    ),
    "journal": (
        N_("Not saving this game: see Details."),
        N_("This game is not being saved. Resume it from the title screen; the technical details say why."),
    ),
    "safe-mode": (
        N_("Safe mode after failed starts."),
        N_(
            "The table started in safe mode after several failed starts. Play on; the technical "
            "details say what failed."
        ),
    ),
    "taught data": (
        N_("Some taught cards were skipped."),
        N_(
            "Some of the cards taught at this table could not be read and are skipped. Teach "
            "them again; the game goes on."
        ),
    ),
    "": (
        N_("Something is not working: see Details."),
        N_("A part of the table is not working. The game goes on; the technical details say which."),
    ),
}


class Trouble(Named):
    """One missing part as the table says it: `headline` and `advice` in the table's language, `why`
    the technical details (as the part wrote them)."""

    part: str
    headline: str
    advice: str
    why: str


def kind_of(part: str, why: str) -> str:
    """The WORDS key for `part` failing with `why` (as the part wrote it, or with the part's name in
    front as `companion.ui.table.banners` puts it)."""
    why = why[len(part) + 2 :] if why.startswith(f"{part}: ") else why
    if part == "reader":
        return "reader" if "disconnected" in why else "reader/other"
    if part == "journal":
        from companion.storage.faults import CARD_READ_ONLY, FAULT_TEXT

        for kind, text in [*FAULT_TEXT.items(), ("read-only", CARD_READ_ONLY)]:
            if any(
                why == t or why.startswith(f"{t}; ") for t in (text, _(text))
            ):  # "; 12 moves not saved yet"
                return f"journal/{kind}"
        return "journal/moved" if why.startswith("journal damaged") else "journal"
    return part if part in WORDS else ""


def trouble(part: str, why: str) -> Trouble:
    """The Trouble of `part` failing with `why`, worded in the table's language now."""
    headline, advice = WORDS[kind_of(part, why)]
    return Trouble(part, _(headline), _(advice), why)


def troubles(status: Mapping[str, str]) -> list[Trouble]:
    """The Troubles of the table's banners (part -> why, as `companion.ui.table.banners` gives them)."""
    ranked = sorted(status.items(), key=lambda item: FIRST.index(item[0]) if item[0] in FIRST else len(FIRST))
    return [trouble(part, why) for part, why in ranked]


# Which banner a player reads first: losing the game's record matters most, then what they touch.
FIRST = ("journal", "safe-mode", "reader", "buttons", "screen", "leds")
