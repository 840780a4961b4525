"""`companion config`: print the commented default config, or check a config file.

    companion config --default        the default, with a comment on every key
    companion config --check [FILE]   validate FILE (default: the user's config, and then the data the
                                      table taught too); exit 2 on a problem

The config itself (records, defaults, validation) is companion/gamedata/config.py.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion import paths
from companion.cli import help_text
from companion.gamedata import config, tomlfile
from companion.i18n import N_, _, ngettext


def main(argv: list[str]) -> int:
    """`companion config --default | --check [FILE]`."""
    ap = argparse.ArgumentParser(
        prog="companion config", description=_("Print the default config or check a config file.")
    )
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--default", action="store_true", help=_("print the commented default config"))
    g.add_argument(
        "--check",
        nargs="?",
        const="",
        metavar=_("FILE"),
        help=help_text(
            N_("validate FILE (default: {file}, then the data the table taught)"), file=paths.config_file()
        ),
    )
    args = ap.parse_args(argv)
    if args.default:
        sys.stdout.write(config.DEFAULT_TOML)
        return 0
    path = args.check or paths.config_file()
    if not Path(path).exists():
        print(_("{path}: no such file (the defaults apply)").format(path=path))
        return 2 if args.check or _taught_data_skipped() else 0
    cfg = config.load(path)
    print(
        _("{file}: ok ({lights} lights, {buttons} buttons, reader {reader})").format(
            file=cfg.source,
            lights=len(cfg.leds.lights),
            buttons=len(cfg.buttons.pins),
            reader=cfg.reader.type,
        )
    )
    kept = config.kept_pins(tomlfile.load(path).data)
    if kept:  # a partial [buttons.pins] keeps the other buttons where the default wiring has them
        print(
            ngettext(
                "{n} button keeps its default pin: {buttons}",
                "{n} buttons keep their default pins: {buttons}",
                len(kept),
            ).format(n=len(kept), buttons=", ".join(f"{b} {cfg.buttons.pins[b]}" for b in kept))
        )
    return 2 if not args.check and _taught_data_skipped() else 0


def _taught_data_skipped() -> bool:
    """Name every piece of the user's taught data (every game's: its records, its box, its tag
    registrations) that the table skips, on stderr; True if there is one."""
    from companion.gamedata.loader import taught_problems

    problems = taught_problems()
    for skipped in problems:
        print(
            _("companion config: taught data skipped: {problem}").format(problem=skipped.error),
            file=sys.stderr,
        )
    return bool(problems)
