"""companion journal: list, export, delete, undo, redo, check and recover the saved games.

  companion journal list                 every game, newest first: round, phase, whose turn, players, when
  companion journal export ID [FILE]     the game as a scenario file (JSON Lines) for `companion play`
  companion journal delete ID            remove a game for good
  companion journal undo ID [N]          take back the last N commands (kept in history, marked)
  companion journal redo ID [N]          bring back the N earliest undone commands
  companion journal check                PRAGMA quick_check of the file, and every game replayed
  companion journal report ID --out FILE  the evening's story as a chart: FILE.png or FILE.svg
  companion journal recover FILE         salvage the games of a damaged journal into this one
  companion journal rescue FILE [--as-new]  put back the commands a stop could not save (a rescue file)
All take --journal PATH (before or after the action; default: the user's journal); it must name an
existing journal (`--create` makes a new one there, for the actions that write).
A game id that is not in the journal: exit status 1, "no game with id N".

list, export, report and check only read: the journal is opened read-only, so they never block the
table and work on a read-only file system too (they say so). delete, undo and redo write one game:
while another live process holds it (the table plays it, a `companion run` writes it) they change
nothing and say who has it, exit status 1 (companion/storage/lease.py).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from companion import paths
from companion.cli import help_text, number_arg
from companion.gameline import game_line, played_at
from companion.i18n import N_, _, ngettext
from companion.inputs import MAX_ID, whole_number
from companion.narration.words import refusal_text
from companion.plugins import games as known_games
from companion.storage.journal import Journal, JournalError
from companion.storage.opening import JournalMissing, open_journal, open_reader, read_only_note

READERS = ("list", "export", "report", "check")  # opened read-only

_CREATE_HELP = N_("make a new journal at --journal PATH if there is none (delete, undo, redo, recover)")


def main(argv: list[str]) -> int:
    """Entry point of `companion journal`."""
    args = _arguments().parse_args(argv)
    path = args.journal or paths.journal_file()
    if args.action == "recover":
        return _recover(args.file, path, args.journal is None or args.create)
    if args.action == "rescue":
        from companion.cli.journal_rescue import rescue_main

        return rescue_main(args.file, args.journal, args.as_new, getattr(args, "create", False))
    try:
        if args.action in READERS:
            if args.journal is None and not Path(path).exists() and args.action == "list":
                print(_("no saved games"))
                return 0
            j = open_reader(path)
            note = read_only_note(j)
            if note:
                print(f"companion journal: {_(note).format(path=j.path)}", file=sys.stderr)
        else:
            j = open_journal(args.journal, who="journal", create=args.create)
    except JournalError as exc:
        return refused("journal", exc)
    with j:
        if getattr(args, "id", None) is not None and not j.has_game(args.id):
            print(
                _("companion journal: no game with id {id} in {file}").format(id=args.id, file=j.path),
                file=sys.stderr,
            )
            return 1
        try:
            return _act(j, args)
        except JournalError as exc:  # another program holds the game; the disk refused the write
            return refused("journal", exc)


def refused(command: str, exc: JournalError) -> int:
    """Say on stderr why `companion <command>` could not use the journal; its exit status: 2 when
    `--journal PATH` names no journal (a usage mistake), else 1."""
    print(f"companion {command}: {refusal_text(exc)}", file=sys.stderr)
    return 2 if isinstance(exc, JournalMissing) else 1


def _act(j: Journal, args) -> int:
    """Run one action on the open journal; its exit status."""
    if args.action == "list":
        _list(j)
    elif args.action == "export":
        text = j.export(args.id)
        if args.file:
            Path(args.file).write_text(text, encoding="utf-8")
            n = text.count(chr(10))
            print(
                ngettext(
                    "exported game {id} ({n} command) to {file}",
                    "exported game {id} ({n} commands) to {file}",
                    n,
                ).format(id=args.id, n=n, file=args.file)
            )
        else:
            sys.stdout.write(text)
    elif args.action == "delete":
        j.delete(args.id)
        print(_("deleted game {id}").format(id=args.id))
    elif args.action == "undo":
        return _undo(j, args.id, args.n)
    elif args.action == "redo":
        redone = j.redo(args.id, args.n)
        if not redone:
            print(_("game {id}: nothing to redo").format(id=args.id), file=sys.stderr)
            return 1
        print(
            ngettext("game {id}: redid {n} command", "game {id}: redid {n} commands", len(redone)).format(
                id=args.id, n=len(redone)
            )
            + _verbs(redone)
        )
    elif args.action == "report":
        from companion.ui.cardview import report_main

        return report_main(j, args.id, args.out)
    elif args.action == "check":
        return _check(j)
    return 0


def _check(j: Journal) -> int:
    """`journal check`: SQLite's quick_check, then every game replayed; 1 when anything is wrong."""
    from companion.storage.session import Session

    result = j.quick_check()
    print(f"{j.path}: {result}")
    broken = 0
    for info in sorted(j.games(), key=lambda g: g.id) if result == "ok" else ():
        try:
            Session.replay(j.commands(info.id))
        except Exception as exc:  # noqa: BLE001 - whatever stops a replay makes the game broken: say which
            broken += 1
            print(_("game {id}: does not replay: {why}").format(id=info.id, why=refusal_text(exc)))
    if result == "ok":
        print(
            ngettext("{n} game replays", "{n} games replay", len(j.games()) - broken).format(
                n=len(j.games()) - broken
            )
            + (ngettext(", {n} does not", ", {n} do not", broken).format(n=broken) if broken else "")
        )
    return 0 if result == "ok" and not broken else 1


def _arguments() -> argparse.ArgumentParser:
    """The options of `companion journal` and its actions (--journal accepted before or after the action)."""
    ap = argparse.ArgumentParser(prog="companion journal", description=_("Saved games in the journal."))
    journal_help = help_text(N_("journal file (default: {file})"), file=paths.journal_file())
    ap.add_argument("--journal", metavar=_("PATH"), help=journal_help)
    sub = ap.add_subparsers(dest="action", required=True, metavar=_("ACTION"))

    ap.add_argument("--create", action="store_true", help=_(_CREATE_HELP))

    def action(name: str, text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=text, description=text)
        p.add_argument("--journal", metavar=_("PATH"), help=journal_help, default=argparse.SUPPRESS)
        if name not in READERS:
            p.add_argument("--create", action="store_true", help=_(_CREATE_HELP), default=argparse.SUPPRESS)
        return p

    action("list", _("every game, newest first"))
    e = action("export", _("the game as a scenario file (JSON Lines) for `companion play`"))
    e.add_argument("id", type=game_id, help=_("game id (see `companion journal list`)"))
    e.add_argument(
        "file", nargs="?", metavar=_("FILE"), help=_("write to this file (default: standard output)")
    )
    d = action("delete", _("remove a game for good"))
    d.add_argument("id", type=game_id, help=_("game id"))
    for name, text in (
        ("undo", _("take back the last N commands of a game (kept in its history)")),
        ("redo", _("bring back the N earliest undone commands of a game")),
    ):
        u = action(name, text)
        u.add_argument("id", type=game_id, help=_("game id"))
        u.add_argument("n", type=_count, nargs="?", default=1, help=_("how many commands (default 1)"))
    action("check", _("run SQLite's quick_check on the journal file and replay every game"))
    r = action(
        "recover",
        _("salvage the games of a damaged journal into this one (replayed, kept only if they replay)"),
    )
    r.add_argument(
        "file",
        metavar=_("FILE"),
        help=_("the damaged journal, e.g. journal.sqlite3.corrupt-20260101T120000Z"),
    )
    # -- rescue: companion/cli/journal_rescue.py --
    rs = action("rescue", _("put back the commands a stop could not save, from its rescue file"))
    rs.add_argument(
        "file", metavar=_("FILE"), help=_("the rescue file the stop named, e.g. companion-rescue-....json")
    )
    rs.add_argument(
        "--as-new",
        action="store_true",
        help=_("save the rescued game as a new game when its game moved on since"),
    )
    # -- end of rescue --
    rep = action("report", _("the evening's story of a game as a chart (PNG or SVG)"))
    rep.add_argument("id", type=game_id, help=_("game id"))
    rep.add_argument(
        "--out", required=True, metavar=_("FILE.png|FILE.svg"), help=_("where to write the chart")
    )
    return ap


# undo/redo: how many commands, 1 or more, written in plain digits (companion/inputs.py `whole_number`:
# no "1_0", "+1" or other scripts' digits); SQLite counts in 64-bit INTEGERs, so no more than MAX_ID
_count = number_arg(
    whole_number,
    lambda n: 1 <= n <= MAX_ID,
    N_("not a whole number: {text!r}"),
    N_("must be 1 to 9223372036854775807, not {n}"),
)
# a game id: SQLite keeps ids as 64-bit INTEGERs, so a larger number can name no game (and cannot be asked for)
game_id = number_arg(
    whole_number,
    lambda n: 1 <= n <= MAX_ID,
    N_("not a whole number: {text!r}"),
    N_("no game has id {n}: game ids run from 1 to 9223372036854775807"),
)


def _list(j: Journal) -> None:
    """Print every game, newest first."""
    from companion.storage.recover import dated_from_file

    games = j.games()
    if not games:
        print(_("no saved games"))
    guessed = dated_from_file(j) if games else set()  # recovered games whose own dates were lost
    for g in games:  # the game itself: round, phase, whose turn, the players, when it was played
        when = dt.datetime.fromtimestamp(g.updated).strftime("%Y-%m-%d %H:%M")
        if g.created in guessed:
            when = _("{date}, date from the file").format(date=when)
        print(
            f"{g.id:4d}  {getattr(known_games().get(g.game), 'title', g.game)}: {game_line(j, g)} "
            f"— {played_at(g.updated)} ({when})"
        )


def _undo(j: Journal, game_id: int, n: int) -> int:
    """Take back the last `n` commands of a game and say which; 1 when there was nothing to undo."""
    active = j.commands(game_id)
    taken = active[max(1, len(active) - n) :]
    count = j.undo(game_id, n)
    if count == 0:
        print(_("game {id}: nothing to undo (only its setup is left)").format(id=game_id), file=sys.stderr)
        return 1
    print(
        ngettext("game {id}: undid {n} command", "game {id}: undid {n} commands", count).format(
            id=game_id, n=count
        )
        + _verbs(list(reversed(taken)))
    )
    return 0


def _verbs(commands: list[dict]) -> str:
    """': verb, verb (+N more)' for a short report of which commands were affected."""
    if not commands:
        return ""
    names = [_describe(c) for c in commands[:8]]
    more = _(" (+{n} more)").format(n=len(commands) - 8) if len(commands) > 8 else ""
    return ": " + ", ".join(names) + more


def _describe(command: dict) -> str:
    """A command in a few words: its verb and its simple parameters."""
    params = [
        f"{k}={v}"
        for k, v in command.items()
        if k != "cmd" and isinstance(v, (str, int)) and not isinstance(v, bool)
    ]
    return str(command.get("cmd")) + (f" ({', '.join(params[:3])})" if params else "")


def not_a_journal_file(src: Path) -> str | None:
    """Why `src` cannot be a damaged journal, in words, or None: it is no regular file (`/dev/zero`,
    a pipe: recover would read it for ever), or its first page shows neither SQLite's header nor a
    table page where the header's page starts (a text, a photo). Looked at without reading more than
    one page, without waiting on a FIFO. A damaged header alone passes: its first page is still there."""
    import os
    import stat

    if not src.exists():
        return None  # only its -wal is left: recover reads that
    try:
        fd = os.open(src, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return _("not a regular file (a device, a pipe or a socket); give the path of a journal file")
            head = os.read(fd, 108)
        finally:
            os.close(fd)
    except OSError:
        return None  # unreadable: recover says so in its own words
    page = head[100:108]  # the first page's b-tree header, after the 100-byte file header
    looks = head.startswith(b"SQLite format 3\x00") or (
        len(page) == 8 and page[0] in (2, 5, 10, 13) and page[7] <= 60
    )
    if not looks and not Path(f"{src}-wal").exists():
        return _("not an SQLite file (no journal, not even a damaged one); nothing to recover")
    return None


def _recover(source: str, path, create: bool = True) -> int:
    """`journal recover FILE`: salvage into the journal at `path` (made only if `create`), report what
    was kept and dropped."""
    from companion.storage.recover import recover

    src = Path(source)
    if not src.exists() and not Path(f"{source}-wal").exists():
        print(_("companion journal: {file}: no such file").format(file=source), file=sys.stderr)
        return 2  # a usage mistake, as every other missing file
    why = not_a_journal_file(src)
    if why is not None:
        print(_("companion journal: {file}: {why}").format(file=source, why=why), file=sys.stderr)
        return 2
    if src.resolve() == Path(path).resolve():
        print(
            _(
                "companion journal: {file} is the journal itself; recover reads a damaged copy into"
                " another journal (the app moves a damaged one aside on start)"
            ).format(file=source),
            file=sys.stderr,
        )
        return 2
    try:
        j = open_journal(path, who="journal", create=create)
    except JournalError as exc:
        return refused("journal", exc)
    with j:
        if j.notice:
            print(f"companion journal: {j.notice}", file=sys.stderr)
        report = recover(src, j)
    print(
        _("read {file} ({methods}) into {journal}").format(
            file=source, methods=", ".join(report.methods), journal=path
        )
    )
    for line in report.kept:
        print(_("kept    {game}").format(game=line))
    for line in report.dropped:
        print(_("dropped {game}").format(game=line))
    print(
        ngettext(
            "{kept} game kept, {dropped} dropped", "{kept} games kept, {dropped} dropped", report.games_kept
        ).format(kept=report.games_kept, dropped=len(report.dropped))
    )
    return 0
