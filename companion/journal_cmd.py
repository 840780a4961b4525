"""companion journal: list, export, delete, undo, redo, check and recover the saved games.

  companion journal list                 every game, newest first: round, phase, whose turn, players, when
  companion journal export ID [FILE]     the game as a scenario file (JSON Lines) for `companion play`
  companion journal delete ID            remove a game for good
  companion journal undo ID [N]          take back the last N commands (kept in history, marked)
  companion journal redo ID [N]          bring back the N earliest undone commands
  companion journal check                PRAGMA quick_check of the journal file
  companion journal report ID --out FILE  the evening's story as a chart: FILE.png or FILE.svg
  companion journal recover FILE         salvage the games of a damaged journal into this one
All take --journal PATH (before or after the action; default: the user's journal).
A game id that is not in the journal: exit status 1, "no game with id N".
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from companion import paths
from companion.gameline import game_line, played_at
from companion.journal import Journal
from companion.rules.catalog import games as known_games

_JOURNAL_HELP = "journal file (default: the user's, ~/.local/state/companion/journal.sqlite3)"


def main(argv: list[str]) -> int:
    """Entry point of `companion journal`."""
    args = _arguments().parse_args(argv)
    path = args.journal or paths.journal_file()
    if args.action == "recover":
        return _recover(args.file, path)
    with Journal(path, check=False) as j:
        if getattr(args, "id", None) is not None and not j.has_game(args.id):
            print(f"companion journal: no game with id {args.id} in {j.path}", file=sys.stderr)
            return 1
        if args.action == "list":
            _list(j)
        elif args.action == "export":
            text = j.export(args.id)
            if args.file:
                Path(args.file).write_text(text, encoding="utf-8")
                print(f"exported game {args.id} ({text.count(chr(10))} commands) to {args.file}")
            else:
                sys.stdout.write(text)
        elif args.action == "delete":
            j.delete(args.id)
            print(f"deleted game {args.id}")
        elif args.action == "undo":
            return _undo(j, args.id, args.n)
        elif args.action == "redo":
            redone = j.redo(args.id, args.n)
            print(f"game {args.id}: redid {len(redone)} command(s)" + _verbs(redone))
            if not redone:
                print(f"game {args.id}: nothing to redo", file=sys.stderr)
                return 1
        elif args.action == "report":
            from companion.ui.story import report_main

            return report_main(j, args.id, args.out)
        elif args.action == "check":
            result = j.quick_check()
            print(f"{j.path}: {result}")
            return 0 if result == "ok" else 1
    return 0


def _arguments() -> argparse.ArgumentParser:
    """The options of `companion journal` and its actions (--journal accepted before or after the action)."""
    ap = argparse.ArgumentParser(prog="companion journal", description="Saved games in the journal.")
    ap.add_argument("--journal", metavar="PATH", help=_JOURNAL_HELP)
    sub = ap.add_subparsers(dest="action", required=True, metavar="ACTION")

    def action(name: str, text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=text, description=text)
        p.add_argument("--journal", metavar="PATH", help=_JOURNAL_HELP, default=argparse.SUPPRESS)
        return p

    action("list", "every game, newest first")
    e = action("export", "the game as a scenario file (JSON Lines) for `companion play`")
    e.add_argument("id", type=int, help="game id (see `companion journal list`)")
    e.add_argument("file", nargs="?", help="write to this file (default: standard output)")
    d = action("delete", "remove a game for good")
    d.add_argument("id", type=int, help="game id")
    for name, text in (("undo", "take back the last N commands of a game (kept in its history)"),
                       ("redo", "bring back the N earliest undone commands of a game")):
        u = action(name, text)
        u.add_argument("id", type=int, help="game id")
        u.add_argument("n", type=_count, nargs="?", default=1, help="how many commands (default 1)")
    action("check", "run SQLite's quick_check on the journal file")
    r = action("recover", "salvage the games of a damaged journal into this one (replayed, kept only if they replay)")
    r.add_argument("file", help="the damaged journal, e.g. journal.sqlite3.corrupt-20260101T120000Z")
    rep = action("report", "the evening's story of a game as a chart (PNG or SVG)")
    rep.add_argument("id", type=int, help="game id")
    rep.add_argument("--out", required=True, metavar="FILE.png|FILE.svg", help="where to write the chart")
    return ap


def _count(text: str) -> int:
    """A command count for undo/redo: 1 or more (argparse usage error otherwise)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {n}")
    return n


def _list(j: Journal) -> None:
    """Print every game, newest first."""
    games = j.games()
    if not games:
        print("no saved games")
    for g in games:  # the game itself: round, phase, whose turn, the players, when it was played
        when = dt.datetime.fromtimestamp(g.updated).strftime("%Y-%m-%d %H:%M")
        print(f"{g.id:4d}  {getattr(known_games().get(g.game), 'title', g.game)}: {game_line(j, g)} — {played_at(g.updated)} ({when})")


def _undo(j: Journal, game_id: int, n: int) -> int:
    """Take back the last `n` commands of a game and say which; 1 when there was nothing to undo."""
    active = j.commands(game_id)
    taken = active[max(1, len(active) - n):]
    count = j.undo(game_id, n)
    if count == 0:
        print(f"game {game_id}: nothing to undo (only its setup is left)", file=sys.stderr)
        return 1
    print(f"game {game_id}: undid {count} command(s)" + _verbs(list(reversed(taken))))
    return 0


def _verbs(commands: list[dict]) -> str:
    """': verb, verb (+N more)' for a short report of which commands were affected."""
    if not commands:
        return ""
    names = [_describe(c) for c in commands[:8]]
    more = f" (+{len(commands) - 8} more)" if len(commands) > 8 else ""
    return ": " + ", ".join(names) + more


def _describe(command: dict) -> str:
    """A command in a few words: its verb and its simple parameters."""
    params = [f"{k}={v}" for k, v in command.items() if k != "cmd" and isinstance(v, (str, int)) and not isinstance(v, bool)]
    return str(command.get("cmd")) + (f" ({', '.join(params[:3])})" if params else "")


def _recover(source: str, path) -> int:
    """`journal recover FILE`: salvage into the journal at `path`, report what was kept and dropped."""
    from companion.journal_recover import recover

    src = Path(source)
    if not src.exists() and not Path(f"{source}-wal").exists():
        print(f"companion journal: {source}: no such file", file=sys.stderr)
        return 1
    if src.resolve() == Path(path).resolve():
        print(f"companion journal: {source} is the journal itself; recover reads a damaged copy into"
              " another journal (the app moves a damaged one aside on start)", file=sys.stderr)
        return 2
    with Journal(path) as j:
        if j.notice:
            print(f"companion journal: {j.notice}", file=sys.stderr)
        report = recover(src, j)
    print(f"read {source} ({', '.join(report.methods)}) into {path}")
    for line in report.kept:
        print(f"kept    {line}")
    for line in report.dropped:
        print(f"dropped {line}")
    print(f"{report.games_kept} game(s) kept, {len(report.dropped)} dropped")
    return 0
