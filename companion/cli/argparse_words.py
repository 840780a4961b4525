"""argparse's own words ("usage:", "options", its usage errors) in the table's language.

argparse looks its texts up with `from gettext import gettext as _, ngettext`: the module-level
functions of the standard `gettext`, which read gettext's default text domain in the language of
the environment, not our catalog in the language the companion chose (COMPANION_LANG, the config).
`install()` points those two names of the argparse module at companion.i18n's lookups, so every
`companion ... --help` and every usage error follows the table's language; the messages below are
argparse's msgids (Lib/argparse.py of Python 3.11 to 3.13: Bookworm has 3.11, Trixie 3.13; word for
word), listed here so `pybabel extract` puts them in our catalog (tests/cli/test_cli.py checks the list
against the running Python's argparse and the others). A message a newer argparse adds stays English
until it is listed here.
"""

from __future__ import annotations

import argparse

from companion import i18n
from companion.i18n import N_, ngettext

MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("subcommands"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("not allowed with argument %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("unexpected option string: %s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_('argument "-" with mode %r'),
    # a programmer's mistakes in building a parser (listed so the whole of argparse speaks German)
    N_(".__call__() not defined"),
    N_("'required' is an invalid argument for positionals"),
    N_("mutually exclusive arguments must be optional"),
    N_("cannot merge actions - two groups are named %r"),
    N_("invalid option string %(option)r: must start with a character %(prefix_chars)r"),
    N_("dest= is required for options like %r"),
    N_("invalid conflict_resolution value: %r"),
    N_("cannot have multiple subparser arguments"),
    N_("conflicting subparser: %s"),
    N_("conflicting subparser alias: %s"),
    N_("%r is not callable"),
    # added by Python 3.13 (Debian Trixie's Python): headings, warnings, deprecations, defaults, --version
    N_("%(heading)s:"),
    N_("%(prog)s: warning: %(message)s\n"),
    N_("argument '%(argument_name)s' is deprecated"),
    N_("command '%(parser_name)s' is deprecated"),
    N_("option '%(option)s' is deprecated"),
    N_(" (default: %(default)s)"),
    N_("show program's version number and exit"),
)
SAME_IN_GERMAN = ("%(heading)s:",)  # a format only: the heading inside is translated where it is made


def plural_messages(n: int) -> tuple[str, ...]:
    """argparse's two plural messages for count `n` in the current language (written out here so
    `pybabel extract` finds both forms)."""
    return (
        ngettext("expected %s argument", "expected %s arguments", n),
        ngettext("conflicting option string: %s", "conflicting option strings: %s", n),
    )


def install() -> None:
    """Make argparse speak through our catalog, in whatever language is current when it speaks."""
    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]
