"""companion play: apply a scenario headless and print the final state.

  companion play --script FILE.jsonl [--json] [--narrate] [--journal PATH]
  companion play --resume [ID] [--script MORE.jsonl] [--json] [--narrate] [--journal PATH]

A scenario is JSON Lines of commands, first line `{"cmd": "setup", "game": ...}` (docs/masters.md).
With --json the final state object (exactly the documented state JSON) is the only thing on stdout.
A refused command stops the run: exit status 1, its line number, the rule that refused it, and the
step and whose turn it was, on stderr. With --narrate every command is printed with what it did
(cards, agents, fights, veil) and, at the end, the moves open now (on stderr when --json is given). A line that is not a JSON command: exit status 2 with file:line.
With --journal every accepted command is also written to that journal (default: none for --script,
the user's journal for --resume), so the game can be resumed at the table.
"""

from __future__ import annotations

import argparse
import json
import sys

from companion import narrate, paths
from companion.errors import CommandError, RuleViolation
from companion.journal import Journal, JournalError, load_scenario, read_scenario
from companion.session import Session


def main(argv: list[str]) -> int:
    """Entry point of `companion play`."""
    ap = argparse.ArgumentParser(prog="companion play", description=__doc__.split("\n\n")[0])
    ap.add_argument("--script", metavar="FILE", help="scenario file (JSON Lines); - for stdin")
    ap.add_argument("--resume", nargs="?", const=-1, type=int, metavar="ID", help="continue a journaled game (default: the last unfinished)")
    ap.add_argument("--json", action="store_true", help="print only the final state JSON")
    ap.add_argument("--journal", metavar="PATH", help="journal file to write to / resume from")
    ap.add_argument("--narrate", action="store_true", help="print what each command did and, at the end, the legal moves")
    args = ap.parse_args(argv)
    tell = _teller(args)
    if args.script is None and args.resume is None:
        ap.print_usage(sys.stderr)
        print("companion play: give --script FILE or --resume", file=sys.stderr)
        return 2

    lines: list[tuple[int, dict]] = []
    source = args.script or ""
    if args.script:
        lines = (read_scenario(sys.stdin.read().splitlines(), "<stdin>") if args.script == "-"
                 else load_scenario(args.script))

    journal = None
    if args.journal or args.resume is not None:
        journal = Journal(args.journal or paths.journal_file())
        if journal.notice:
            print(f"companion play: {journal.notice}", file=sys.stderr)
    try:
        if args.resume is not None:
            session = Session.resume(journal, None if args.resume == -1 else args.resume)
            rest = lines
        else:
            no, setup = lines[0]
            try:
                session, events = Session.new(setup, journal=journal)
            except (RuleViolation, CommandError) as exc:
                return _refused(source, no, setup, exc)
            tell(no, setup, events, session.game.id)
            rest = lines[1:]
        for no, cmd in rest:
            try:
                events = session.submit(cmd)
            except (RuleViolation, CommandError) as exc:
                return _refused(source, no, cmd, exc, session.view())
            tell(no, cmd, events, session.game.id)
        state = session.view()
        if args.narrate:
            _legal_moves(session, state, sys.stderr if args.json else sys.stdout)
    except JournalError as exc:
        print(f"companion play: {exc}", file=sys.stderr)
        return 1
    finally:
        if journal is not None:
            journal.close()
    if args.json:
        json.dump(state, sys.stdout, sort_keys=False)
        sys.stdout.write("\n")
    else:
        print(summary(state))
    return 0


def summary(state: dict) -> str:
    """A short human-readable summary of a final state (any game)."""
    head = [f"game {state.get('game')}"]
    for key in ("round", "phase", "step", "veil", "outcome", "leading", "turn", "winner"):
        if key in state and state[key] is not None:
            head.append(f"{key} {state[key]}")
    lines = [", ".join(head)]
    districts = state.get("districts")
    if isinstance(districts, dict):
        for pos, d in districts.items():
            lines.append(
                f"  {pos} {d.get('name', ''):20s} agents {d.get('agents_hidden', 0)}h/{d.get('agents_exposed', 0)}e"
                f"  minions {d.get('minions', 0)}" + (f"  sigil {d['sigil']}" if d.get("sigil") else "")
            )
    vampires = state.get("vampires")
    if isinstance(vampires, dict):
        for name, v in vampires.items():
            lines.append(
                f"  {name:10s} in {v.get('district')} blood {v.get('blood')} kills {v.get('kills')}"
                + (" DRAINED" if v.get("drained") else "")
            )
    return "\n".join(lines)


def _refused(source: str, no: int, cmd: dict, exc: Exception, state: dict | None = None) -> int:
    """Report a refused command with its line and rule, and where the game stood; exit status 1."""
    rule = getattr(exc, "rule", "command")
    why = getattr(exc, "message", str(exc))
    at = f" (at {narrate.where(state)})" if state else ""
    print(f"{source or '<resume>'}:{no}: refused {cmd.get('cmd')!r} by rule {rule}: {why}{at}", file=sys.stderr)
    return 1


def _teller(args):
    """`tell(line_no, command, events, game_id)`: the --narrate lines (nothing without --narrate)."""
    if not args.narrate:
        return lambda no, cmd, events, game: None
    out = sys.stderr if args.json else sys.stdout

    def tell(no: int, cmd: dict, events: list, game: str) -> None:
        print(f"{no}: {narrate.command_text(cmd)}", file=out)
        for text in narrate.lines(events, game):
            print(f"    {text}", file=out)

    return tell


def _legal_moves(session: Session, state: dict, out) -> None:
    """Where the game stands and the moves open now (greyed ones with the rule that forbids them)."""
    print(f"Now: {narrate.where(state)}", file=out)
    moves = narrate.legal_moves(session.actions())
    print("Legal moves:" if moves else "No moves: the game is over.", file=out)
    for text in moves:
        print(text, file=out)
