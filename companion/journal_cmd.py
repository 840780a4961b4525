"""companion journal: list, export, delete, undo and check the saved games.

  companion journal list                 every game, newest first: round, phase, whose turn, players, when
  companion journal export ID [FILE]     the game as a scenario file (JSON Lines) for `companion play`
  companion journal delete ID            remove a game for good
  companion journal undo ID [N]          take back the last N commands (kept in history, marked)
  companion journal redo ID [N]          bring back undone commands
  companion journal check                PRAGMA quick_check of the journal file
  companion journal report ID --out FILE  the evening's story as a chart: FILE.png or FILE.svg
All take --journal PATH (default: the user's journal).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from companion import paths
from companion.gameline import game_line, played_at
from companion.journal import Journal
from companion.rules import GAMES


def main(argv: list[str]) -> int:
    """Entry point of `companion journal`."""
    ap = argparse.ArgumentParser(prog="companion journal", description="Saved games in the journal.")
    ap.add_argument("--journal", metavar="PATH", help="journal file (default: the user's)")
    sub = ap.add_subparsers(dest="action", required=True)
    sub.add_parser("list")
    e = sub.add_parser("export")
    e.add_argument("id", type=int)
    e.add_argument("file", nargs="?")
    d = sub.add_parser("delete")
    d.add_argument("id", type=int)
    for name in ("undo", "redo"):
        u = sub.add_parser(name)
        u.add_argument("id", type=int)
        u.add_argument("n", type=int, nargs="?", default=1)
    sub.add_parser("check")
    r = sub.add_parser("report")
    r.add_argument("id", type=int)
    r.add_argument("--out", required=True, metavar="FILE.png|FILE.svg")
    args = ap.parse_args(argv)
    with Journal(args.journal or paths.journal_file(), check=False) as j:
        if args.action == "list":
            games = j.games()
            if not games:
                print("no saved games")
            for g in games:  # the game itself: round, phase, whose turn, the players, when it was played
                when = dt.datetime.fromtimestamp(g.updated).strftime("%Y-%m-%d %H:%M")
                print(f"{g.id:4d}  {GAMES.get(g.game, (g.game, g.game))[1]}: {game_line(j, g)} — "
                      f"{played_at(g.updated)} ({when})")
        elif args.action == "export":
            text = j.export(args.id)
            if args.file:
                Path(args.file).write_text(text, encoding="utf-8")
            else:
                sys.stdout.write(text)
        elif args.action == "delete":
            j.delete(args.id)
            print(f"deleted game {args.id}")
        elif args.action == "undo":
            print(f"undid {j.undo(args.id, args.n)} command(s)")
        elif args.action == "redo":
            print(f"redid {len(j.redo(args.id, args.n))} command(s)")
        elif args.action == "report":
            from companion.ui.story import report_main

            return report_main(j, args.id, args.out)
        elif args.action == "check":
            result = j.quick_check()
            print(f"{j.path}: {result}")
            return 0 if result == "ok" else 1
    return 0
