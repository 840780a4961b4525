"""`companion doctor`: check this machine's setup and say, for each problem, the command that fixes it.

Usage: companion doctor [--json] [--config FILE]

One line per check, `OK|WARN|FAIL name: detail`, and a `fix:` line under each problem. `--json`
prints the same as one JSON object. Exit status 0 when nothing FAILs, 1 otherwise.

The checks live by topic: doctor_software.py (Python, pygame, packages), doctor_hardware.py (the
board, pins, LEDs, groups, config.txt, the serial port), doctor_pi.py (the installed Pi: screen,
sound, places), doctor_journal.py; this module keeps the display, the config, the games' data and
the service, and the report.

Everything doctor reads from the machine goes through a `Probe` (doctor_probe.py: files under a root folder,
environment, user and groups, installed packages, the SDL driver, the journal), so tests run it
"on a Pi" and "on a broken Pi" on any PC. Doctor changes nothing: the journal is opened read-only
(its checks, and fixes that lose no game, are doctor_journal.py).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path

from companion import paths
from companion.cli import doctor_hardware, doctor_journal, doctor_pi, doctor_software, help_text
from companion.cli.doctor_base import (
    BOOT_CONFIGS,
    GROUPS,
    INSTALL,
    SPIDEV,
    UNIT,
    Board,
    Check,
    Status,
    board_of,
    boot_settings,
)
from companion.cli.doctor_probe import Probe
from companion.errors import DataFileError, describe
from companion.i18n import N_, _, ngettext

__all__ = [
    "BOOT_CONFIGS",
    "GROUPS",
    "INSTALL",
    "SPIDEV",
    "UNIT",
    "Check",
    "Probe",
    "Status",
    "boot_settings",
    "main",
    "report_json",
    "report_text",
    "run_checks",
]


def run_checks(probe: Probe) -> list[Check]:
    """Every check, in the order a maker would fix things."""
    board = board_of(probe)
    sw, hw = doctor_software, doctor_hardware
    checks = [
        sw.check_python(probe),
        sw.check_pygame(probe),
        *sw.check_packages(probe, board),
        hw.check_board(board),
    ]
    cfg_check, cfg = check_config(probe)
    checks += [
        hw.check_pin_factory(probe, board),
        *hw.check_leds(probe, board, cfg),
        hw.check_groups(probe, board),
        *hw.check_boot_config(probe, board, cfg),
        hw.check_serial(probe, board, cfg),
        *check_display(probe, board, cfg),
        *doctor_pi.checks(probe, board, cfg),
        cfg_check,
        check_game_data(probe),
        *check_games(probe),
        *doctor_journal.checks(probe),
        *check_service(probe, board),
    ]
    return checks


def check_display(probe: Probe, board: Board, cfg) -> list[Check]:
    """The SDL video driver pygame picks (no window is opened)."""
    if cfg.display.mode == "headless":
        return [Check("display", Status.OK, _("display.mode = headless: no screen used"))]
    out = []
    if board.pi and not probe.glob("/dev/dri/card*"):
        have = doctor_pi.boot_setting(probe, board, "dtoverlay:vc4-kms-v3d")
        out.append(
            Check(
                "display.drm",
                Status.FAIL,
                _("no /dev/dri/card*: the KMS graphics driver is off"),
                _(
                    "sudo reboot  ({file} already has dtoverlay=vc4-kms-v3d; if no card comes, look at "
                    "`dmesg | grep -i -e vc4 -e drm`)"
                ).format(file=have)
                if have
                else _("add dtoverlay=vc4-kms-v3d to config.txt and reboot"),
            )
        )
    wanted = probe.env.get("SDL_VIDEODRIVER", "")
    if board.pi and not wanted and probe.exists(UNIT):  # a login shell: the service sets its own driver
        return out + [
            Check(
                "display",
                Status.OK,
                _("SDL_VIDEODRIVER unset here; the service sets it (display.open tests that driver)"),
            )
        ]
    driver, err = probe.sdl_video_driver()
    if driver is None:
        if not board.pi:
            return out + [
                Check(
                    "display",
                    Status.WARN,
                    _("no video driver ({why}); `companion run` will be headless").format(why=err),
                    _('run it where a display is, or set display.mode = "headless"'),
                )
            ]
        return out + [
            Check(
                "display",
                Status.FAIL,
                _("SDL could not start {driver}: {why}").format(driver=wanted or _("any driver"), why=err),
                _("{groups}; a desktop on that screen: {console}; export SDL_VIDEODRIVER=kmsdrm").format(
                    groups=f"sudo usermod -aG video,render,input {probe.user()}",
                    console="sudo systemctl set-default multi-user.target && sudo reboot",
                ),
            )
        ]
    if driver in ("offscreen", "dummy") and wanted != driver:
        status = Status.FAIL if board.pi else Status.WARN
        return out + [
            Check(
                "display",
                status,
                _("pygame picked {driver!r}: a black screen, no error").format(driver=driver),
                _("export SDL_VIDEODRIVER=kmsdrm  (the service sets it)")
                if board.pi
                else _("run from a desktop session (DISPLAY or WAYLAND_DISPLAY set)"),
            )
        ]
    if board.pi and not wanted:
        return out + [
            Check(
                "display",
                Status.WARN,
                _("pygame picks {driver}, SDL_VIDEODRIVER is unset").format(driver=driver),
                _("export SDL_VIDEODRIVER=kmsdrm  (the service sets it)"),
            )
        ]
    return out + [Check("display", Status.OK, _("pygame picks {driver}").format(driver=driver))]


def check_config(probe: Probe):
    """The user's config file; returns (check, config to use for the other checks)."""
    try:
        cfg = probe.load_config()
    except DataFileError as exc:
        where = _("line {line} of {file}").format(line=exc.line, file=exc.path) if exc.line else exc.path
        field = _(" (key {key})").format(key=exc.field) if exc.field else ""
        from companion.paths import NO_ACCESS

        fix = (
            _("{command}, then log out and back in").format(
                command=f"sudo usermod -aG companion {probe.user()}"
            )
            if exc.message == NO_ACCESS
            else _("edit {where}{key}, then check it with `companion config --check {file}`").format(
                where=where, key=field, file=exc.path
            )
        )
        return (Check("config", Status.FAIL, str(exc), fix), probe.default_config())
    summary = _("{file}: {lights} lights, {buttons} buttons, reader {reader}").format(
        file=cfg.source, lights=len(cfg.leds.lights), buttons=len(cfg.buttons.pins), reader=cfg.reader.type
    )
    return Check("config", Status.OK, summary), cfg


def check_game_data(probe: Probe) -> Check:
    """Shipped and taught game data load; an ImportError here means a broken install."""
    try:
        return Check("game-data", Status.OK, probe.load_game_data())
    except DataFileError as exc:
        return Check(
            "game-data",
            Status.FAIL,
            str(exc),
            _("fix or remove {file}, then run `companion cards check`").format(file=exc.path),
        )
    except ImportError as exc:
        return Check(
            "game-data",
            Status.WARN,
            _("not checked: {why}").format(why=exc),
            _("reinstall the package: {command}").format(command=INSTALL),
        )
    except Exception as exc:  # a loader bug must not stop the other checks
        return Check(
            "game-data",
            Status.FAIL,
            describe(exc),
            _("report this with the output of `companion doctor --json`"),
        )


def check_games(probe: Probe) -> list[Check]:
    """Every game plugin that was skipped (`companion games`), with its package and why; none: OK."""
    from companion.narration.words import refusal_text

    ids, skipped, broken = probe.games()
    if not skipped and not broken:
        return [Check("games", Status.OK, ", ".join(ids))]
    fix = _("reinstall {dist} (or remove it: {pip} uninstall {dist})")
    return [
        Check(
            "games",
            Status.WARN,
            _("{dist}: {name} skipped: {why}").format(dist=p.dist, name=p.name, why=refusal_text(p.why)),
            fix.format(dist=p.dist, pip=probe.pip()),
        )
        for p in skipped
    ] + [
        Check(
            "games",
            Status.WARN,
            _("{dist}: {name} cannot be played: {why}").format(
                dist=p.dist, name=p.name, why=refusal_text(p.why)
            ),
            fix.format(dist=p.dist, pip=probe.pip()),
        )
        for p in broken
    ]


def check_service(probe: Probe, board: Board) -> list[Check]:
    """On a Pi: the boot service is installed; and whether recent starts kept failing."""
    from companion.runtime.startguard import SAFE_MODE_AFTER

    out = []
    if board.pi:
        if probe.exists(UNIT):
            out.append(Check("service", Status.OK, _("{file} installed").format(file=UNIT)))
        else:
            out.append(Check("service", Status.WARN, _("the boot service is not installed"), INSTALL))
    failures = probe.start_failures()
    if failures:
        out.append(
            Check(
                "starts",
                Status.WARN,
                ngettext(
                    "the last start never came up ({limit} in a row: safe mode)",
                    "the last {n} starts never came up ({limit} in a row: safe mode)",
                    failures,
                ).format(n=failures, limit=SAFE_MODE_AFTER),
                _(
                    "journalctl -u companion -b  (read why), fix it, then restart: sudo systemctl restart companion"
                ),
            )
        )
    return out


def report_text(checks: list[Check]) -> str:
    """The human report: one line per check, a fix line under each problem, a summary."""
    lines = []
    for c in checks:
        lines.append(f"{c.status.value:<4} {c.name}: {c.detail}")
        if c.fix and c.status is not Status.OK:
            lines.append(_("     fix: {fix}").format(fix=c.fix))
    counts = {s: sum(c.status is s for c in checks) for s in Status}
    lines.append(
        _("doctor: {fail} FAIL, {warn} WARN, {ok} OK").format(
            fail=counts[Status.FAIL], warn=counts[Status.WARN], ok=counts[Status.OK]
        )
    )
    return "\n".join(lines)


def report_json(checks: list[Check]) -> str:
    """The machine report: {"ok": bool, "checks": [{name, status, detail, fix}]}."""
    items = [{**asdict(c), "status": c.status.value} for c in checks]
    return json.dumps({"ok": not any(c.status is Status.FAIL for c in checks), "checks": items}, indent=2)


def main(argv: list[str], probe: Probe | None = None) -> int:
    """`companion doctor [--json] [--config FILE]`: 0 when nothing fails, 1 otherwise."""
    ap = argparse.ArgumentParser(
        prog="companion doctor", description=_("Check this machine's setup and say how to fix it.")
    )
    ap.add_argument("--json", action="store_true", help=_("print one JSON object instead of text"))
    ap.add_argument(
        "--config",
        metavar=_("FILE"),
        help=help_text(N_("check this config file instead of {file}"), file=paths.config_file()),
    )
    ap.add_argument(
        "--journal",
        metavar=_("PATH"),
        help=help_text(N_("check this journal file instead of {file}"), file=paths.journal_file()),
    )
    args = ap.parse_args(argv)
    probe = probe or Probe(config_path=args.config)
    if args.journal:
        probe.journal_file = lambda: Path(args.journal)
    checks = run_checks(probe)
    print(report_json(checks) if args.json else report_text(checks))
    return 1 if any(c.status is Status.FAIL for c in checks) else 0
