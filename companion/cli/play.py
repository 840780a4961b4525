"""companion play: apply a scenario headless and print the final state.

  companion play --script FILE.jsonl [--json] [--narrate] [--journal PATH [--create]]
  companion play --resume [ID] [--script MORE.jsonl] [--json] [--narrate] [--journal PATH]

A scenario is JSON Lines of commands, first line `{"cmd": "setup", "game": ...}` (companion/games/masters/README.md).
With --json the final state object (exactly the documented state JSON) is the only thing on stdout.
A refused command stops the run: exit status 1, its line number, the rule that refused it, and the
step and whose turn it was, on stderr. With --narrate every command is printed with what it did
(cards, agents, fights, veil) and, at the end, the moves open now (on stderr when --json is given). A line
that is not a JSON command: exit status 2 with file:line.
With --journal every accepted command is also written to that journal (default: none for --script,
the user's journal for --resume), so the game can be resumed at the table. `--journal PATH` must name
an existing journal unless `--create` is given. The game is held while it plays (one writer per game):
a game another program holds (the table) is not touched, exit 1. A command the journal cannot save
(a full disk, a read-only file system) stops it with exit 1; the commands before it are saved.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace

from companion import paths
from companion.cli import help_text
from companion.cli.journal import game_id, refused
from companion.errors import N_, CommandError, RuleViolation
from companion.i18n import _
from companion.narration import narrate, seatnames
from companion.narration.words import phase_text, refusal_text, rule_text, step_text
from companion.storage.journal import JournalError
from companion.storage.opening import open_journal
from companion.storage.scenario import load_scenario, read_stdin
from companion.storage.session import Session
from companion.storage.store import store_for


def main(argv: list[str]) -> int:
    """Entry point of `companion play`."""
    ap = argparse.ArgumentParser(
        prog="companion play",
        description=_("companion play: apply a scenario headless and print the final state."),
    )
    ap.add_argument("--script", metavar=_("FILE"), help=_("scenario file (JSON Lines); - for stdin"))
    ap.add_argument(
        "--resume",
        nargs="?",
        const=-1,
        type=game_id,
        metavar="ID",
        help=_("continue a journaled game (default: the last unfinished)"),
    )
    ap.add_argument("--json", action="store_true", help=_("print only the final state JSON"))
    ap.add_argument(
        "--journal",
        metavar=_("PATH"),
        help=help_text(
            N_("journal file to write to / resume from (default: none for --script, {file} for --resume)"),
            file=paths.journal_file(),
        ),
    )
    ap.add_argument(
        "--create", action="store_true", help=_("make a new journal at --journal PATH if there is none")
    )
    ap.add_argument(
        "--narrate",
        action="store_true",
        help=_("print what each command did and, at the end, the legal moves"),
    )
    args = ap.parse_args(argv)
    tell = _teller(args)
    if args.script is None and args.resume is None:
        ap.print_usage(sys.stderr)
        print(_("companion play: give --script FILE or --resume"), file=sys.stderr)
        return 2

    lines: list[tuple[int, dict]] = []
    source = args.script or ""
    if args.script:
        lines = read_stdin() if args.script == "-" else load_scenario(args.script)

    journal = None
    if args.journal or args.resume is not None:
        try:
            journal = open_journal(args.journal, who="play", create=args.create)
        except JournalError as exc:
            return refused("play", exc)
        if journal.notice:
            print(f"companion play: {journal.notice}", file=sys.stderr)
    try:
        if args.resume is not None:
            session = Session.resume(journal, None if args.resume == -1 else args.resume)
            rest = lines
        else:
            no, setup = lines[0]
            try:
                session, events = Session.new(setup, store=store_for(journal))  # in memory without --journal
            except (RuleViolation, CommandError) as exc:
                return _refused(source, no, setup, exc)
            tell(no, setup, events, session)
            rest = lines[1:]
        for no, cmd in rest:
            try:
                events = session.submit(cmd)
            except (RuleViolation, CommandError) as exc:
                return _refused(source, no, cmd, exc, session.view())
            tell(no, cmd, events, session)
        state = session.view()
        if args.narrate:
            _legal_moves(session, state, sys.stderr if args.json else sys.stdout)
    except (
        JournalError
    ) as exc:  # another program holds the game, a command not saved, a game that no longer replays
        return refused("play", exc)
    finally:
        if journal is not None:
            journal.close()  # its lease goes back with it
    if args.json:
        json.dump(state, sys.stdout, sort_keys=False)
        sys.stdout.write("\n")
    else:  # (the JSON keeps the engine's names; the summary is read: an unnamed seat by its shown name)
        print(
            summary(seatnames.shown(state, seatnames.for_table(state.get("game"), state.get("seats") or ())))
        )
    return 0


# The summary's labels (the values are the game API's, in the game's words).
SUMMARY_LABELS = {"game": N_("game"), "phase": N_("phase"), "step": N_("step")}


def summary(state: dict) -> str:
    """A short human-readable summary of a state (any game), in the table's language: the game, how
    far it is (its plugin's `stage`), its phase and step while it runs, then the game's headline (whose
    turn, or how it ended, naming the
    winners) and the lines its plugin gives (`summary_lines`)."""
    from companion.narration.words import said
    from companion.plugins import get

    game = state.get("game")
    plugin = get(game)
    head = [f"{_(SUMMARY_LABELS['game'])} {game}"]  # the id `companion games` lists
    stage = plugin.stage(state) if plugin is not None else None
    if stage is not None:
        head.append(said(stage, game))
    if state.get("outcome") is None:
        words = {"phase": lambda phase: phase_text(phase, game), "step": lambda step: step_text(game, step)}
        head += [
            f"{_(SUMMARY_LABELS[key])} {words[key](state[key])}"
            for key in ("phase", "step")
            if state.get(key)
        ]
    if plugin is None:
        return ", ".join(head)
    head.append(said(plugin.headline(state), game))
    return "\n".join([", ".join(head), *(said(line, game) for line in plugin.summary_lines(state))])


def _refused(source: str, no: int, cmd: dict, exc: Exception, state: dict | None = None) -> int:
    """Report a refused command with its line and rule, and where the game stood; exit status 1."""
    rule = getattr(exc, "rule", None)  # a key (`end_turn`), in the table's words (`Zug beenden`)
    game = (state or cmd).get("game")
    rule = rule_text(rule, game) if rule else _("command")
    if state:  # the players as the narration names them (an unnamed seat's code by the game's default name)
        state = seatnames.shown(state, seatnames.for_table(state.get("game"), state.get("seats") or ()))
    at = _(" (at {where})").format(where=narrate.where(state)) if state else ""
    why = refusal_text(exc, game)  # the game tells its step ids apart
    print(
        _("{file}:{line}: refused {command!r} by rule {rule}: {why}").format(
            file=source or "<resume>", line=no, command=cmd.get("cmd"), rule=rule, why=why
        )
        + at,
        file=sys.stderr,
    )
    return 1


def _teller(args):
    """`tell(line_no, command, events, session)`: the --narrate lines (nothing without --narrate): the
    command as the script has it, then what it did, an unnamed seat by the name the table shows it."""
    if not args.narrate:
        return lambda no, cmd, events, session: None
    out = sys.stderr if args.json else sys.stdout
    shown: dict[str, str] = {}

    def tell(no: int, cmd: dict, events: list, session: Session) -> None:
        shown.update(seatnames.for_table(session.game.id, session.view().get("seats") or ()))
        print(f"{no}: {narrate.command_text(cmd)}", file=out)
        told = seatnames.shown([e.to_dict() for e in events], shown)
        for text in narrate.lines(told, session.game.id, session.view()):  # districts by their names
            print(f"    {text}", file=out)

    return tell


def _legal_moves(session: Session, state: dict, out) -> None:
    """Where the game stands and the moves open now (greyed ones with the rule that forbids them)."""
    names = seatnames.for_table(session.game.id, state.get("seats") or ())
    print(_("Now: {where}").format(where=narrate.where(seatnames.shown(state, names))), file=out)
    moves = narrate.legal_moves(
        [
            replace(a, label=seatnames.shown(a.label, names), why_not=seatnames.shown(a.why_not, names))
            for a in session.actions()
        ]
    )  # (each command as it is typed: the engine's names)
    print(_("Legal moves:") if moves else _("No moves: the game is over."), file=out)
    for text in moves:
        print(text, file=out)
