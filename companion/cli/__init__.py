"""companion: the Nightwatch board-game companion.

The help text is USAGE below (it is printed in the table's language, companion/i18n.py).
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Callable
from enum import IntEnum
from typing import Any

from companion.errors import N_, DataFileError

USAGE = N_("""Usage: companion <command> [options]

Commands:
  run        start the table app (Pi hardware, simulator window, or headless demo)
  play       apply a scenario file headless and print the final state
  journal    saved games: list, export, delete, undo, redo, check, recover, rescue, report
{games}  hw-test    walk through every light and button of the board (for makers)
  camera     `camera test`: what the card camera sees and reads (for makers)
  doctor     check this machine's setup and say how to fix what is wrong
  config     print the default config (`companion config --default`) or check one
  games      list the games this companion serves
  screenshots  render every screen to PNG; --check tests that the text reads from a chair

Run `companion <command> --help` for the options of one command.
Exit status: 0 ok, 1 refused or failed, 2 bad input file or usage.""")


class ExitStatus(IntEnum):
    """What `companion` returns to the shell."""

    OK = 0
    FAILED = 1
    BAD_INPUT = 2


# Subcommand -> "module:function". Modules are imported only when their command runs, so
# `companion --help` stays instant and a missing optional library hurts only its own command. A game
# adds commands of its own (its plugin's `commands`, e.g. `companion cards`): `game_commands()`.
COMMANDS: dict[str, str] = {
    "run": "companion.cli.run:main",
    "play": "companion.cli.play:main",
    "journal": "companion.cli.journal:main",
    "hw-test": "companion.cli.hwtest:main",
    "camera": "companion.cli.camera:main",
    "doctor": "companion.cli.doctor:main",
    "config": "companion.cli.config:main",
    "games": "companion.cli:games",
    "screenshots": "companion.ui.screenshots:main",
}


def game_commands() -> dict[str, tuple[Any, str]]:
    """Subcommand -> (main(argv), N_() help line) of every game's own commands (its plugin's
    `commands()`; the shared commands keep their names: a game's command of the same name is not offered)."""
    from companion.plugins import games

    return {
        name: target
        for g in games().values()
        for name, target in g.commands().items()
        if name not in COMMANDS
    }


def usage() -> str:
    """The help text in the table's language, with the games' commands in their place."""
    from companion.i18n import _

    extra = "".join(
        f"  {name:10s} {_(help_line)}\n" for name, (_target, help_line) in game_commands().items()
    )
    return _(USAGE).format(games=extra)


def games(argv: list[str]) -> int:
    """`companion games`: the games this companion serves, described in the table's language; a game
    plugin that was skipped (it does not import, or its plugin is not sound) is named on stderr
    with why, and the status is 1."""
    import argparse

    from companion.i18n import _
    from companion.narration.words import refusal_text
    from companion.plugins import games, problems, unplayable

    argparse.ArgumentParser(
        prog="companion games", description=_("List the games this companion serves.")
    ).parse_args(argv)

    for gid, game in games().items():  # the title as printed on the box, the line in the table's language
        print(f"{gid:10s} {game.title}" + (f": {_(game.blurb)}" if game.blurb else ""))
    for problem in problems():
        print(
            _("companion games: skipped {name} ({dist}): {why}").format(
                name=problem.name, dist=problem.dist, why=refusal_text(problem.why)
            ),
            file=sys.stderr,
        )
    broken = unplayable()  # found, but its engine or bot does not load or lacks the game API
    for problem in broken:
        print(
            _("companion games: {name} ({dist}) cannot be played: {why}").format(
                name=problem.name, dist=problem.dist, why=refusal_text(problem.why)
            ),
            file=sys.stderr,
        )
    return ExitStatus.FAILED if problems() or broken else ExitStatus.OK


def number_arg(
    convert: Callable[[str], Any], fits: Callable[[Any], bool], not_a: str, out_of_range: str
) -> Callable[[str], Any]:
    """An argparse `type` for a number option: `convert(text)` if the value `fits`, else a usage error
    saying `not_a` (it is no number) or `out_of_range`, N_() templates over `{text}` and `{n}` (the value)."""

    def check(text: str) -> Any:
        import argparse

        from companion.i18n import _

        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_(not_a).format(text=text)) from None
        if not fits(value):
            raise argparse.ArgumentTypeError(_(out_of_range).format(text=text, n=value))
        return value

    return check


def help_text(template: str, **values) -> str:
    """An option's help, `template` (an N_() text) in the table's language naming real paths, e.g. the
    default config or journal as companion/paths.py resolves them (COMPANION_*_DIR, the system places,
    XDG_CONFIG_HOME / XDG_STATE_HOME); a `%` in a path doubled, as argparse formats help with `%`."""
    from companion.i18n import _

    return _(template).format(**{name: str(value).replace("%", "%%") for name, value in values.items()})


def _choose_language() -> None:
    """The table's language for this command: COMPANION_LANG, then the config's `language`, then
    the system locale. A config that does not load is left to the command that reads it."""
    from companion import i18n

    configured = "auto"
    if not os.environ.get("COMPANION_LANG"):
        try:
            from companion.gamedata import config

            configured = config.load().language
        except Exception:  # noqa: BLE001 - `companion config --check` and `run` report a broken file
            configured = "auto"
    i18n.set_language(i18n.choose(configured))


def main(argv: list[str] | None = None) -> int:
    """Entry point: dispatch to a subcommand and turn any error into one line and a status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pygame's hello line would pollute stdout
    from companion import i18n
    from companion.cli import argparse_words
    from companion.i18n import _

    if argv[:1] != ["run"]:
        _choose_language()
    else:  # `run` loads its config anyway and sets the language from it (cold start): its help and
        i18n.set_language(i18n.choose())  # usage errors come first, in COMPANION_LANG or the locale's

    argparse_words.install()  # argparse's "usage:", "options" and errors in the table's language too

    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage())
        return ExitStatus.OK if argv else ExitStatus.BAD_INPUT
    if argv[0] in ("-V", "--version"):
        from companion import __version__

        print(f"companion {__version__}")
        return ExitStatus.OK
    name, rest = argv[0], argv[1:]
    target = COMMANDS.get(name) or game_commands().get(name, (None,))[0]
    if target is None:
        print(
            _("companion: unknown command {name!r} (see `companion --help`)").format(name=name),
            file=sys.stderr,
        )
        return ExitStatus.BAD_INPUT
    from companion import paths

    paths.use_shared_umask()  # on an installed Pi, files we make stay usable by the service's group
    quiet_gc = name == "run" and gc.isenabled()
    if quiet_gc:  # a cold start makes ~100k objects and frees few: no collections until READY (cli/run.py)
        gc.disable()
    try:
        func = (
            target
            if callable(target)
            else getattr(importlib.import_module(target.split(":")[0]), target.split(":")[1])
        )
        status = int(func(rest))
        sys.stdout.flush()  # a closed pipe shows here, inside the try, not at interpreter exit
        return status
    except DataFileError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return ExitStatus.BAD_INPUT
    except BrokenPipeError:  # `companion journal list | head -1`: the reader left; end quietly
        _quiet_stdout()
        return ExitStatus.FAILED
    except KeyboardInterrupt:
        return ExitStatus.FAILED
    except Exception as exc:  # the table never sees a traceback unless DEBUG is set
        if os.environ.get("DEBUG"):
            raise
        print(f"companion {name}: {describe(exc)}", file=sys.stderr)
        return ExitStatus.FAILED
    finally:
        if quiet_gc:
            gc.enable()


def describe(exc: BaseException) -> str:
    """An error in words, without Python's class names (`FileNotFoundError: [Errno 2] ...`)."""
    if isinstance(exc, OSError) and exc.strerror:
        where = exc.filename if exc.filename is not None else ""
        return f"{where}: {exc.strerror.lower()}" if where else exc.strerror.lower()
    from companion.i18n import _

    return str(exc) or _("an unexpected error (run with DEBUG=1 to see where)")


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush into a closed pipe stays silent
    (the recipe of the Python docs, "Note on SIGPIPE")."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
