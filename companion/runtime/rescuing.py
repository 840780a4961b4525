"""A stop never drops a command: what `companion run` does with unsaved commands when it ends.

The table plays on "not saving" when the journal cannot be written (companion/runtime/saving.py). When
it then stops (SIGTERM from `systemctl stop` or a reboot, Ctrl-C, a closed ssh session, the loop's
own end), `on_stop`:

1. tries one last save (`Saving.last_try`: the journal in hand, a short lock wait, so the stop stays
   inside companion/runtime/stopping.py's GRACE_S);
2. if the journal still refuses, writes the game to a rescue file in the first writable place of the
   documented list (companion/storage/rescue.py) and says where and how many, on stderr (the system
   log, under systemd): `companion journal rescue FILE` puts them back once the card is writable;
3. if no place takes the file, says how many commands are lost, and where it tried.

Either way the run's exit status is then UNSAVED_EXIT (1): the stop was orderly, the game was not
kept where it belongs. At the next start `waiting_notes` names the rescue files still waiting.
"""

from __future__ import annotations

import time
from pathlib import Path

from companion.i18n import _, ngettext

UNSAVED_EXIT = 1
MEMORY_PLACES = ("/run", "/dev/shm")  # emptied at every boot: the stop's message says to copy the file off


def on_stop(app, journal_path: str | None, where: list[Path] | None = None) -> tuple[int | None, list[str]]:
    """After the loop: (exit status to use instead of the loop's, or None; the lines to say). `where`:
    the rescue places (default: companion/storage/rescue.py's `places`)."""
    from companion.storage import rescue

    session = app.session
    n = app.saving.unsaved if session is not None else 0
    if n == 0:
        return None, []
    why = app.saving.banner or ""
    if app.saving.last_try():
        return None, [
            _("saved on the way out: game {id}, {n} moves that were not saved are now").format(
                id=session.game_id, n=n
            )
        ]
    path = getattr(app.journal, "path", None) or journal_path
    where = rescue.places(path) if where is None else where
    moves = ngettext("{n} move was not saved", "{n} moves were not saved", n).format(n=n)
    data = rescue.record(session, path, why, n)
    written, refused = rescue.write(data, where)
    tried = "; ".join(f"{folder}: {reason}" for folder, reason in refused)
    if written is None:
        return UNSAVED_EXIT, [
            _("{moves} ({why}) and no rescue file could be written ({tried}): they are lost").format(
                moves=moves, why=why, tried=tried or _("no place to try")
            )
        ]
    lines = [
        _(
            "{moves} ({why}): kept in {file}; once the journal can be written again, put them back with"
            " `companion journal rescue {file}`"
        ).format(moves=moves, why=why, file=written)
    ]
    if str(written).startswith(MEMORY_PLACES):
        lines.append(
            _(
                "{folder} is emptied at the next boot: copy {file} to a USB stick or another computer"
                " before you restart the Pi"
            ).format(folder=written.parent, file=written.name)
        )
    return UNSAVED_EXIT, lines


def waiting_notes(journal_path: str | None, where: list[Path] | None = None) -> list[str]:
    """One line per rescue file waiting to be put back, for the start's log (and doctor)."""
    from companion.storage import rescue

    lines = []
    for path in rescue.find(rescue.places(journal_path) if where is None else where):
        seen = rescue.summary(path)
        if seen is None:
            lines.append(
                _("a rescue file is waiting in {file}: `companion journal rescue {file}`").format(file=path)
            )
            continue
        n, written = seen
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(written))
        lines.append(
            ngettext(
                "{n} move from {when} is waiting in {file}: `companion journal rescue {file}`",
                "{n} moves from {when} are waiting in {file}: `companion journal rescue {file}`",
                n,
            ).format(n=n, when=when, file=path)
        )
    return lines
