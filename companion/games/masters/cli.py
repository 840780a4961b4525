"""`companion cards`: list, check, teach, export and import event-card data.

    companion cards list [--act I|II|III]
    companion cards check FILE
    companion cards teach I-07 --red A1,B2 --blue C1,C3 [--name "Last Crusade"] [--tag 04A1B2C3D4E5F6]
    companion cards teach --tag 04BB11223344 --relic pristine-blood
    companion cards teach --tracker 3 --reserve 15 --numbers I.high=2:1,0 --numbers I.low=3:2,1
    companion cards teach --district museum --name "Museum" --note "Relic at dawn when minions lead"
    companion cards teach I-07 --photo card.jpg [--photo another.jpg]
    companion cards identify PHOTO [PHOTO ...] [--json] [--grid-box X0,Y0,X1,Y1]
    companion cards export FILE
    companion cards import FILE

Exit status: 0 ok, 2 bad input or a broken file (file:line:key on one line).
"""

from __future__ import annotations

import argparse
import re
import sys

from companion.errors import CommandError, DataFileError
from companion.games.masters import teach
from companion.i18n import N_, _, data_name

EXIT_OK = 0
EXIT_BAD = 2


def main(argv: list[str]) -> int:
    """Run one `companion cards` subcommand; errors become one line and exit status 2."""
    ap = _parser()
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:  # argparse already printed the usage line
        return EXIT_OK if exc.code == 0 else EXIT_BAD
    try:
        return args.run(args)
    except (CommandError, DataFileError) as exc:
        print(f"companion cards: {exc}", file=sys.stderr)
        return EXIT_BAD


def _parser() -> argparse.ArgumentParser:
    """The argument parser with one sub-parser per action."""
    from companion import paths
    from companion.cli import help_text

    ap = argparse.ArgumentParser(
        prog="companion cards",
        description=help_text(
            N_(
                "`companion cards`: list, check, teach, export and import event-card data. "
                "Taught data is kept in {folder}."
            ),
            folder=paths.config_dir(),
        ),
    )
    sub = ap.add_subparsers(dest="action", required=True)
    p = sub.add_parser("list", help=_("list the event cards: act, key, name, verified/taught, tag"))
    p.add_argument("--act", choices=teach.ACTS, help=_("only this act"))
    p.set_defaults(run=_list)
    p = sub.add_parser("check", help=_("validate a data file or an export (file:line:key errors)"))
    p.add_argument("file", metavar=_("FILE"))
    p.set_defaults(run=_check)
    p = sub.add_parser("teach", help=_("teach a card grid, register a tag, tracker numbers, a district"))
    p.add_argument("key", nargs="?", metavar=_("KEY"), help=_("card key, e.g. I-07"))
    p.add_argument("--red", metavar=_("CELLS"), help=_("red cells, e.g. A1,B2"))
    p.add_argument("--blue", metavar=_("CELLS"), help=_("the two blue-gray cells, e.g. C1,C3"))
    p.add_argument("--name", metavar=_("NAME"), help=_("the printed name (card or district)"))
    p.add_argument("--note", metavar=_("NOTE"), help=_("our short note (card or district)"))
    p.add_argument(
        "--tag",
        metavar=_("TAG"),
        help=_("register this tag id (NFC UID hex or QR payload) for the card/relic"),
    )
    p.add_argument("--relic", metavar=_("RELIC"), help=_("relic key to register --tag for"))
    p.add_argument(
        "--tracker", type=int, metavar=_("VAMPIRES"), help=_("teach tracker numbers for this vampire count")
    )
    p.add_argument("--reserve", type=int, metavar=_("AGENTS"), help=_("agent reserve printed on the tracker"))
    p.add_argument(
        "--numbers",
        action="append",
        default=[],
        metavar=_("ACT.BAND=RED:B1,B2"),
        help=_("e.g. I.high=2:1,0 (repeat for each deck and band)"),
    )
    p.add_argument(
        "--district", metavar=_("DISTRICT"), help=_("district key to name or annotate, e.g. museum")
    )
    p.add_argument(
        "--photo",
        action="append",
        default=[],
        metavar=_("FILE"),
        help=_("a photo of the card, for the camera to know it by sight (repeatable)"),
    )
    p.set_defaults(run=_teach)
    p = sub.add_parser("identify", help=_("which taught card each photo shows, and its grid"))
    p.add_argument("files", nargs="+", metavar=_("FILE"))
    p.add_argument("--json", action="store_true", help=_("one JSON object per photo and line"))
    p.add_argument(
        "--grid-box",
        metavar=_("X0,Y0,X1,Y1"),
        help=_("where the grid is on the upright card, as fractions (default: [camera] grid_box)"),
    )
    p.set_defaults(run=_identify)
    p = sub.add_parser("export", help=_("write all taught data and tags to one TOML file"))
    p.add_argument("file", metavar=_("FILE"))
    p.set_defaults(run=_export)
    p = sub.add_parser("import", help=_("merge an exported file into this table's taught data"))
    p.add_argument("file", metavar=_("FILE"))
    p.set_defaults(run=_import)
    return ap


def _list(args) -> int:
    """Print one line per card: act, key, name, status, tag. Taught data that does not pass its checks
    is named on stderr and left out, as the table leaves it out; a taught file broken as a whole
    (not TOML) makes the exit status 2."""
    from companion.gamedata.loader import Skipped

    problems: list = []
    cards = card_rows(problems)
    bad_tags: list = []
    try:
        tags = teach.load_tags(problems=bad_tags)
    except DataFileError as exc:
        tags, problems = {}, problems + [Skipped(exc, True)]
    problems += [Skipped(exc) for exc in bad_tags]
    by_key: dict[str, list[str]] = {}
    for tag, key in tags.items():
        by_key.setdefault(key, []).append(tag)
    act, key, name, status, tag = _("act"), _("key"), _("name"), _("status"), _("tag")  # the column heads
    print(f"{act:4s} {key:7s} {name:28s} {status:9s} {tag}")
    for row in cards:
        if args.act and row["act"] != args.act:
            continue
        tag = ",".join(sorted(by_key.get(row["key"], []))) or "-"
        print(
            f"{row['act']:4s} {row['key']:7s} {data_name(row['name'])[:28]:28s} {_(row['status']):9s} {tag}"
        )
    for skipped in problems:
        print(_("companion cards: skipped: {problem}").format(problem=skipped.error), file=sys.stderr)
    return EXIT_BAD if any(s.whole for s in problems) else EXIT_OK


def card_rows(problems: list | None = None) -> list[dict]:
    """Every known card (shipped and taught), sorted by act then number, with its status:
    "taught" (the table entered it), "verified" (shipped and checked) or "example". Taught data that
    is skipped goes to `problems` (`companion.gamedata.loader.Skipped`)."""
    from companion.games.masters.loader import load_masters  # reads the data files: only when listing

    rows = [
        {
            "act": card.act,
            "key": card.key,
            "name": card.name or "",
            "status": N_("taught")
            if card.source == "taught"
            else N_("verified")
            if card.verified
            else N_("example"),
        }
        for card in load_masters(problems=[] if problems is None else problems).cards
    ]
    acts = {a: i for i, a in enumerate(teach.ACTS)}
    return sorted(rows, key=lambda r: (acts[r["act"]], r["key"]))


def _check(args) -> int:
    """Validate one file."""
    print(teach.check_file(args.file))
    return EXIT_OK


def _teach(args) -> int:
    """Apply every teaching option given."""
    did = []
    if args.tracker is not None:
        numbers = dict(_numbers(n) for n in args.numbers)
        teach.save_tracker(args.tracker, reserve=args.reserve, numbers=numbers or None)
        did.append(_("tracker for {n} vampires").format(n=args.tracker))
    if args.district:
        teach.save_district(args.district, name=args.name, note=args.note)
        did.append(_("district {district}").format(district=args.district))
    if args.key and (args.red is not None or args.blue is not None):
        entry = teach.save_card_grid(args.key, args.red or [], args.blue or [], args.name, note=args.note)
        did.append(
            _("card {card}: red {red}, blue {blue}").format(
                card=args.key, red=",".join(entry["red"]) or "-", blue=",".join(entry["blue"]) or "-"
            )
        )
    if args.tag:
        key = args.relic or args.key
        if not key:
            raise CommandError(_("--tag needs a card key (I-07) or --relic KEY to register it for"))
        tag = teach.register_tag(args.tag, key)
        did.append(_("tag {tag} -> {key}").format(tag=tag, key=key))
    if args.photo:
        if not args.key:
            raise CommandError(_("--photo needs the card key it shows (I-07)"))
        from companion.games.masters import sight

        for tag in sight.teach_photos(args.key, args.photo):
            did.append(_("picture {tag} -> {key}").format(tag=tag, key=args.key))
    if not did:
        raise CommandError(_("nothing to teach: give --red/--blue, --tag, --tracker, --district or --photo"))
    for line in did:
        print(_("taught {what}").format(what=line))
    return EXIT_OK


def _identify(args) -> int:
    """Identify each photo: one JSON object per line (--json), else one line of words."""
    from companion.games.masters import sight

    for row in sight.identify_files(args.files, args.grid_box):
        if args.json:
            import json

            print(json.dumps(row), flush=True)
        else:
            grid = row["grid"]
            cells = (
                ""
                if grid is None
                else "  red {red}  blue {blue}".format(
                    red=",".join(grid["red"]) or "-", blue=",".join(grid["blue"]) or "-"
                )
            )
            print(f"{row['file']}: {row['card'] or _('a new card')} ({row['score']:.2f}){cells}")
    return EXIT_OK


def _numbers(text: str) -> tuple[tuple[str, str], tuple[int, tuple[int, int]]]:
    """Parse `I.high=2:1,0` into (("I", "high"), (2, (1, 0)))."""
    m = re.fullmatch(r"\s*(I|II|III)\.(high|low)\s*=\s*(\d+)\s*:\s*(\d+)\s*,\s*(\d+)\s*", text)
    if not m:
        raise CommandError(
            _("--numbers {text!r}: write ACT.BAND=RED:BLUE1,BLUE2, e.g. I.high=2:1,0").format(text=text)
        )
    return (m.group(1), m.group(2)), (int(m.group(3)), (int(m.group(4)), int(m.group(5))))


def _export(args) -> int:
    """Write the export file."""
    counts = teach.export_file(args.file)
    print(_("exported to {file}: {what}").format(file=args.file, what=teach.summary(counts)))
    return EXIT_OK


def _import(args) -> int:
    """Merge an export into the user's data."""
    counts = teach.import_file(args.file)
    print(_("imported {file}: {what}").format(file=args.file, what=teach.summary(counts)))
    return EXIT_OK
