"""companion journal rescue FILE [--as-new]: put back the commands a stop could not save.

A table that was stopped while "not saving" wrote its game to a rescue file (companion/runtime/
rescuing.py, companion/storage/rescue.py). Once the card is writable again this writes them into the
journal in one transaction, the way the table's own retry does (`Journal.sync`):

- onto the same game when the journal still holds exactly what the table knew when it stopped saving;
- refused (exit 1) when that game moved on since (someone played or undid it; it was deleted): which
  game and what changed are said, and `--as-new` then saves the rescued game as a new game beside it,
  so the players choose; nothing is merged behind their backs;
- a game that never reached the journal is saved as a new game.

Only once the commands are committed (fsynced) is the file renamed `<FILE>.done`: kept, never deleted.
Putting the same file back twice adds nothing (the journal already holds the game: exit 0).
Exit status: 0 put back (or already there), 1 refused (the game moved on, another program holds it,
the journal cannot be written yet), 2 bad input (no such file, not a rescue file, too big; the file is
named).
"""

from __future__ import annotations

import sys
from pathlib import Path

from companion.i18n import _, ngettext
from companion.narration.words import refusal_text


def rescue_main(source: str, journal: str | None, as_new: bool = False, create: bool = False) -> int:
    """`journal rescue FILE`: its exit status."""
    from companion.storage import rescue
    from companion.storage.faults import JournalError
    from companion.storage.opening import JournalMissing, open_journal

    path = Path(source)
    if path.name.endswith(rescue.DONE):
        print(
            _("companion journal: {file} was put back already (its name ends in {done})").format(
                file=source, done=rescue.DONE
            ),
            file=sys.stderr,
        )
        return 1
    try:
        data = rescue.load(path)
    except rescue.RescueError as exc:
        print(f"companion journal: {refusal_text(exc)}", file=sys.stderr)
        return 2
    target = journal if journal is not None else data.get("journal")
    try:
        j = open_journal(target, who="journal", create=create)
    except JournalMissing as exc:
        print(f"companion journal: {refusal_text(exc)}", file=sys.stderr)
        return 2
    except JournalError as exc:
        print(
            _(
                "companion journal: {why}; the rescue file {file} is kept: try again once the journal can be"
                " written"
            ).format(why=refusal_text(exc), file=source),
            file=sys.stderr,
        )
        return 1
    with j:
        if j.readonly:
            print(
                _(
                    "companion journal: {file}: the journal can only be read now ({why}); the rescue file is kept:"
                    " try again once it can be written"
                ).format(file=j.path, why=refusal_text(j.fault)),
                file=sys.stderr,
            )
            return 1
        try:
            game_id, how = rescue.put_back(j, data, as_new=as_new)
        except rescue.RescueError as exc:
            print(
                _("companion journal: {file}: {why}").format(file=source, why=refusal_text(exc)),
                file=sys.stderr,
            )
            return 2
        except JournalError as exc:  # moved on, held by another, the disk still refuses
            print(
                _("companion journal: {file} not put back: {why}").format(file=source, why=refusal_text(exc)),
                file=sys.stderr,
            )
            return 1
    n = len(data["commands"]) - 1
    text = {
        "same": ngettext(
            "put back game {id}: {n} command after its setup, {moves} from the rescue file",
            "put back game {id}: {n} commands after its setup, {moves} from the rescue file",
            n,
        ),
        "new": ngettext(
            "saved as new game {id}: {n} command after its setup, {moves} from the rescue file",
            "saved as new game {id}: {n} commands after its setup, {moves} from the rescue file",
            n,
        ),
        "already": _("game {id} already holds everything in the rescue file: nothing to add"),
    }[how]
    print(text.format(id=game_id, n=n, moves=int(data.get("unsaved") or 0)))
    try:
        done = rescue.mark_done(path)
    except OSError as exc:
        print(
            _(
                "companion journal: the game is saved, but {file} could not be marked done ({why}): delete it"
                " yourself"
            ).format(file=source, why=exc.strerror or exc),
            file=sys.stderr,
        )
        return 0
    print(_("the rescue file is kept as {file}").format(file=done))
    return 0
