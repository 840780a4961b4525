"""The journal of `companion run`: the user's (`--journal PATH`, `--create`), or the demo's throwaway
one in memory. A journal that cannot be opened or only read never locks the table out: the game goes
on unsaved, the banner says so, and the table tries again (companion/runtime/saving.py).
"""

from __future__ import annotations

import sys

from companion import paths
from companion.i18n import _
from companion.narration.words import refusal_text
from companion.storage.faults import JournalError, StorageFault

DEMO_JOURNAL = ":memory:"  # the demo's throwaway journal


def open_journal_for(args, demo: bool, scenario: bool = False):
    """(journal, missing parts): the user's journal, the demo's throwaway one, or None with why.

    A journal that cannot be opened (a folder in its place, a read-only file system with no journal
    yet) or only read (a read-only file system) does not lock the table out: the game goes on unsaved,
    the banner says so, and the table tries again (companion/runtime/saving.py). JournalMissing when
    `--journal` names no journal and `--create` was not given."""
    from companion.storage.opening import JournalMissing, open_journal

    path = DEMO_JOURNAL if demo else args.journal
    if not demo:  # a stop that could not save left its commands in a rescue file: say where, at every start
        from companion.runtime.rescuing import waiting_notes

        for line in waiting_notes(path or str(paths.journal_file())):
            print(f"companion run: {line}", file=sys.stderr, flush=True)
    try:
        journal = open_journal(path, who=who(demo, scenario), create=args.create, probe=not demo)
    except StorageFault as exc:
        where = f"{exc.path}: " if exc.path else ""
        why = exc.detail or refusal_text(exc)
        return None, {
            "journal": _("no journal, games are not saved: {where}{why}").format(where=where, why=why)
        }
    except JournalError as exc:
        if isinstance(exc, JournalMissing):
            raise
        return None, {
            "journal": _("no journal, games are not saved: {where}{why}").format(where="", why=str(exc))
        }
    if journal.notice:  # a damaged journal was moved aside: the log says where (the banner says it short)
        print(f"companion run: {journal.notice}", file=sys.stderr, flush=True)
    if journal.fault is not None:
        print(f"companion run: {refusal_text(journal.fault)} ({journal.path})", file=sys.stderr, flush=True)
    return journal, {}


def who(demo: bool, scenario: bool) -> str:
    """Who this run is, for the leases: `run` for a scenario or the demo, else `table`."""
    return "run" if demo or scenario else "table"


def reopener(args, demo: bool, scenario: bool):
    """Opens the journal again for writing (the table's retry after a fault), or None (the demo's)."""
    if demo:
        return None
    from companion.storage.opening import open_journal

    return lambda: open_journal(args.journal, who=who(demo, scenario), create=args.create, probe=True)
