"""`companion doctor`: check this machine's setup and say, for each problem, the command that fixes it.

Usage: companion doctor [--json] [--config FILE]

One line per check, `OK|WARN|FAIL name: detail`, and a `fix:` line under each problem. `--json`
prints the same as one JSON object. Exit status 0 when nothing FAILs, 1 otherwise.

Everything doctor reads from the machine goes through a `Probe` (doctor_probe.py: files under a root folder,
environment, user and groups, installed packages, the SDL driver, the journal), so tests run it
"on a Pi" and "on a broken Pi" on any PC. Doctor changes nothing: the journal is opened read-only
(its checks, and fixes that lose no game, are doctor_journal.py).
"""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import asdict
from pathlib import Path

from companion.cli import doctor_journal, doctor_pi
from companion.cli.doctor_base import (BOOT_CONFIGS, GROUPS, INSTALL, MODEL, SPIDEV, UNIT, Board, Check, Status,
                                       board_of, boot_config as _boot_config, boot_settings,
                                       config_name as _config_name, first_problem as _first_problem)
from companion.cli.doctor_probe import Probe
from companion.errors import DataFileError, HardwareUnavailable, describe
from companion import paths
from companion.cli import help_text
from companion.i18n import N_, _, ngettext

__all__ = ["BOOT_CONFIGS", "GROUPS", "INSTALL", "SPIDEV", "UNIT", "Check", "Probe", "Status", "boot_settings",
           "main", "report_json", "report_text", "run_checks"]

MIN_PYTHON = (3, 11)
MIN_VERSIONS = {"pyserial": "3.5", "gpiozero": "2.0.1.post3"}
PI_PACKAGES = {"lgpio": "lgpio", "adafruit-blinka": "board", "adafruit-circuitpython-neopixel-spi": "neopixel_spi"}


def run_checks(probe: Probe) -> list[Check]:
    """Every check, in the order a maker would fix things."""
    board = board_of(probe)
    checks = [check_python(probe), check_pygame(probe), *check_packages(probe, board), check_board(board)]
    cfg_check, cfg = check_config(probe)
    checks += [check_pin_factory(probe, board), *check_leds(probe, board, cfg), check_groups(probe, board),
               *check_boot_config(probe, board, cfg), check_serial(probe, board, cfg),
               *check_display(probe, board, cfg), *doctor_pi.checks(probe, board, cfg), cfg_check, check_game_data(probe), *check_games(probe),
               *doctor_journal.checks(probe), *check_service(probe, board)]
    return checks


def check_python(probe: Probe) -> Check:
    """Python new enough for tomllib and our typing."""
    v = probe.python_version()
    text = ".".join(map(str, v))
    if v[:2] >= MIN_PYTHON:
        return Check("python", Status.OK, text)
    return Check("python", Status.FAIL, _("{version} is older than 3.11").format(version=text),
                 _("use Raspberry Pi OS Bookworm or later (Python 3.11), then re-run {command}").format(command=INSTALL))


def check_pygame(probe: Probe) -> Check:
    """pygame-ce, and never together with plain pygame (they overwrite each other's files)."""
    ce, old, pip = probe.dist_version("pygame-ce"), probe.dist_version("pygame"), probe.pip()
    if ce and old:
        return Check("pygame", Status.FAIL, _("pygame {old} and pygame-ce {ce} are both installed; they overwrite each other").format(old=old, ce=ce),
                     f"{pip} uninstall -y pygame pygame-ce && {pip} install pygame-ce")
    if old:
        return Check("pygame", Status.FAIL, _("pygame {old} instead of pygame-ce (no KMSDRM on the Pi)").format(old=old),
                     f"{pip} uninstall -y pygame && {pip} install pygame-ce")
    if not ce:
        return Check("pygame", Status.FAIL, _("pygame-ce is not installed"), f"{pip} install pygame-ce")
    return Check("pygame", Status.OK, f"pygame-ce {ce}")


def check_packages(probe: Probe, board: Board) -> list[Check]:
    """pyserial and gpiozero versions, and on a Pi the `[pi]` extra."""
    pip, problems = probe.pip(), []
    seen = []
    for dist, minimum in MIN_VERSIONS.items():
        have = probe.dist_version(dist)
        if have is None:
            problems.append((_("{package} missing").format(package=dist), f"{pip} install '{dist}>={minimum}'"))
        elif _version_key(have) < _version_key(minimum):
            problems.append((_("{package} {have} is older than {minimum}").format(package=dist, have=have, minimum=minimum), f"{pip} install --upgrade '{dist}>={minimum}'"))
        else:
            seen.append(f"{dist} {have}")
    out = [_first_problem("packages", problems, ", ".join(seen))]
    if board.pi:
        missing = [d for d, mod in PI_PACKAGES.items() if not probe.has_module(mod)]
        if missing:
            out.append(Check("pi-packages", Status.FAIL, _("missing: {packages}").format(packages=", ".join(missing)),
                             _("{command}  (in the checkout), or {install}").format(
                                 command=f"{_lgpio_build(pip)} && {pip} install '.[pi]'", install=INSTALL)))
        elif probe.dist_version("RPi.GPIO") and probe.dist_version("rpi-lgpio"):
            out.append(Check("pi-packages", Status.FAIL, _("RPi.GPIO and rpi-lgpio are both installed (same module name)"),
                             f"{pip} uninstall -y RPi.GPIO rpi-lgpio && {pip} install rpi-lgpio"))
        else:
            out.append(Check("pi-packages", Status.OK, ", ".join(PI_PACKAGES)))
    return out


def check_board(board: Board) -> Check:
    """Which machine this is."""
    if board.pi:
        return Check("board", Status.OK, board.model)
    return Check("board", Status.OK, _("not a Raspberry Pi (no {file}): the simulator or mock hardware is used").format(file=MODEL))


def check_pin_factory(probe: Probe, board: Board) -> Check:
    """The gpiozero pin factory the buttons will get (its own order: lgpio, RPi.GPIO, pigpio, native)."""
    name = probe.env.get("GPIOZERO_PIN_FACTORY", "").lower()
    if not name:
        name = next((n for n, mod in (("lgpio", "lgpio"), ("rpigpio", "RPi.GPIO"), ("pigpio", "pigpio"))
                     if probe.has_module(mod)), "native")
    if not board.pi:
        return Check("pin-factory", Status.OK,
                     _("not a Pi: buttons come from keys or the simulator (gpiozero would pick {name})").format(name=name))
    if board.pi5 and name != "lgpio":
        fix = (_("unset GPIOZERO_PIN_FACTORY (or set it to lgpio)") if probe.env.get("GPIOZERO_PIN_FACTORY")
               else _lgpio_build(probe.pip()))
        return Check("pin-factory", Status.FAIL, _("{name} cannot drive the Pi 5's GPIO; lgpio is needed").format(name=name), fix)
    if name == "native":
        return Check("pin-factory", Status.WARN, _("native fallback: slow edge detection"),
                     _lgpio_build(probe.pip()))
    if name == "lgpio" and not probe.cwd_writable():
        return Check("pin-factory", Status.FAIL, _("lgpio needs a writable working directory (it makes a .lgd-nfy* pipe there)"),
                     _("cd to a folder you can write (the service runs in /var/lib/companion)"))
    return Check("pin-factory", Status.OK, name)


def check_leds(probe: Probe, board: Board, cfg) -> list[Check]:
    """The LED driver the app will pick, with the same rules as the HAL."""
    from companion.hal.pi import choose_led_driver

    requested = cfg.leds.driver
    try:
        driver, why = choose_led_driver(requested, probe)
    except HardwareUnavailable as exc:
        if not board.pi:
            return [Check("leds", Status.OK, _("not a Pi: LEDs are simulated"))]
        stack = requested if requested in ("spi", "pwm", "pi5pio") else "spi"
        return [Check("leds", Status.FAIL, exc.why, _led_fix(requested, probe, board)), check_led_stack(probe, stack)]
    out = [Check("leds", Status.OK, f"{driver} ({why})")]
    if board.pi and driver in ("spi", "pwm", "pi5pio"):
        out.append(check_led_stack(probe, driver))
    if driver == "spi":
        wrong = [s for s in cfg.leds.strips if s.pin.upper() != "GPIO10"]
        if wrong:
            out.append(Check("leds.pin", Status.WARN, _("the spi driver sends on GPIO10 only; strip {strip!r} says {pin}").format(
                strip=wrong[0].name, pin=wrong[0].pin),
                _('set pin = "GPIO10" under [[leds.strips]] in {file} and wire DIN there').format(file=_config_name(cfg))))
    return out


def check_led_stack(probe: Probe, driver: str) -> Check:
    """Import every module the LED driver imports, through the HAL's own load_led_stack."""
    from companion.hal.pi import LED_STACK

    err = probe.led_stack(driver)
    if err is None:
        return Check("led-stack", Status.OK, _("{driver} driver: {modules} load").format(
            driver=driver, modules=", ".join(LED_STACK[driver])))
    return Check("led-stack", Status.FAIL, _("{driver} driver: {why}").format(driver=driver, why=err.why), err.fix(probe.pip()))


def check_groups(probe: Probe, board: Board) -> Check:
    """Device groups for running without root (the service adds them itself)."""
    if probe.is_root():
        return Check("groups", Status.OK, _("running as root"))
    user, missing = probe.user(), [g for g in GROUPS if g not in probe.groups()]
    if not missing:
        return Check("groups", Status.OK, _("{user} is in {groups}").format(user=user, groups=" ".join(GROUPS)))
    if not board.pi:
        return Check("groups", Status.OK, _("not a Pi: {user} lacks {groups} (only needed on the Pi)").format(
            user=user, groups=" ".join(missing)))
    return Check("groups", Status.WARN, _("{user} is not in {groups} (the service adds them; needed to run by hand)").format(
        user=user, groups=" ".join(missing)),
        _("{command}  (then log out and back in)").format(command=f"sudo usermod -aG {','.join(missing)} {user}"))


def check_boot_config(probe: Probe, board: Board, cfg) -> list[Check]:
    """SPI, core clock, UART and serial console in config.txt / cmdline.txt."""
    path = _boot_config(probe)
    if path is None:
        if board.pi:
            return [Check("boot-config", Status.FAIL, _("no {file} or {other}").format(file=BOOT_CONFIGS[0], other=BOOT_CONFIGS[1]),
                          _("mount the boot partition, then {command}").format(command=INSTALL))]
        return [Check("boot-config", Status.OK, _("no config.txt (not a Pi)"))]
    settings = boot_settings(probe.read_text(path) or "", board.filters)
    out = []
    if cfg.leds.driver in ("auto", "spi"):
        out.append(_boot_spi(settings, path, board))
    if cfg.reader.type == "pn532" and "://" not in cfg.reader.port and "by-id" not in cfg.reader.port:
        out += _boot_uart(probe, settings, path, board, cfg)
    if not out:
        out.append(Check("boot-config", Status.OK, _("{file}: nothing needed for this config").format(file=path)))
    return out


def check_serial(probe: Probe, board: Board, cfg) -> Check:
    """Serial ports present and the configured reader port among them."""
    found = ([p for p in ("/dev/serial0", "/dev/ttyAMA0") if probe.exists(p)] + probe.glob("/dev/serial/by-id/*"))
    listing = ", ".join(found) or _("none")
    port, kind = cfg.reader.port, cfg.reader.type
    if kind == "none":
        return Check("serial", Status.OK, _("no reader configured; ports found: {ports}").format(ports=listing))
    if "://" in port:
        return Check("serial", Status.OK, _("{kind} on {port} (a pyserial URL)").format(kind=kind, port=port))
    if probe.exists(port):
        if re.fullmatch(r"/dev/tty(ACM|USB)\d+", port):
            better = next((p for p in found if "by-id" in p), None)
            return Check("serial", Status.WARN, _("{port} may change number when replugged").format(port=port),
                         _('set port = "{port}" under [reader]').format(port=better) if better
                         else _("use the /dev/serial/by-id/... name of the reader"))
        return Check("serial", Status.OK, _("{kind} on {port}; ports found: {ports}").format(kind=kind, port=port, ports=listing))
    by_id = [p for p in found if "by-id" in p]
    if by_id:
        fix = _('set port = "{port}" under [reader] in {file}').format(port=by_id[0], file=_config_name(cfg))
    elif kind == "pn532":
        fix = _("enable the UART: add enable_uart=1 to config.txt and reboot (or {command})").format(command=INSTALL)
    else:
        fix = _("plug the reader in, then look at `ls -l /dev/serial/by-id/`")
    return Check("serial", Status.FAIL, _("reader port {port} not found; ports found: {ports}").format(port=port, ports=listing), fix)


def check_display(probe: Probe, board: Board, cfg) -> list[Check]:
    """The SDL video driver pygame picks (no window is opened)."""
    if cfg.display.mode == "headless":
        return [Check("display", Status.OK, _("display.mode = headless: no screen used"))]
    out = []
    if board.pi and not probe.glob("/dev/dri/card*"):
        have = doctor_pi.boot_setting(probe, board, "dtoverlay:vc4-kms-v3d")
        out.append(Check("display.drm", Status.FAIL, _("no /dev/dri/card*: the KMS graphics driver is off"),
                         _("sudo reboot  ({file} already has dtoverlay=vc4-kms-v3d; if no card comes, look at "
                           "`dmesg | grep -i -e vc4 -e drm`)").format(file=have) if have
                         else _("add dtoverlay=vc4-kms-v3d to config.txt and reboot")))
    wanted = probe.env.get("SDL_VIDEODRIVER", "")
    if board.pi and not wanted and probe.exists(UNIT):  # a login shell: the service sets its own driver
        return out + [Check("display", Status.OK, _("SDL_VIDEODRIVER unset here; the service sets it (display.open tests that driver)"))]
    driver, err = probe.sdl_video_driver()
    if driver is None:
        if not board.pi:
            return out + [Check("display", Status.WARN, _("no video driver ({why}); `companion run` will be headless").format(why=err),
                                _('run it where a display is, or set display.mode = "headless"'))]
        return out + [Check("display", Status.FAIL, _("SDL could not start {driver}: {why}").format(
            driver=wanted or _("any driver"), why=err),
            _("{groups}; a desktop on that screen: {console}; export SDL_VIDEODRIVER=kmsdrm").format(
                groups=f"sudo usermod -aG video,render,input {probe.user()}",
                console="sudo systemctl set-default multi-user.target && sudo reboot"))]
    if driver in ("offscreen", "dummy") and wanted != driver:
        status = Status.FAIL if board.pi else Status.WARN
        return out + [Check("display", status, _("pygame picked {driver!r}: a black screen, no error").format(driver=driver),
                            _("export SDL_VIDEODRIVER=kmsdrm  (the service sets it)") if board.pi
                            else _("run from a desktop session (DISPLAY or WAYLAND_DISPLAY set)"))]
    if board.pi and not wanted:
        return out + [Check("display", Status.WARN, _("pygame picks {driver}, SDL_VIDEODRIVER is unset").format(driver=driver),
                            _("export SDL_VIDEODRIVER=kmsdrm  (the service sets it)"))]
    return out + [Check("display", Status.OK, _("pygame picks {driver}").format(driver=driver))]


def check_config(probe: Probe):
    """The user's config file; returns (check, config to use for the other checks)."""
    try:
        cfg = probe.load_config()
    except DataFileError as exc:
        where = _("line {line} of {file}").format(line=exc.line, file=exc.path) if exc.line else exc.path
        field = _(" (key {key})").format(key=exc.field) if exc.field else ""
        from companion.paths import NO_ACCESS

        fix = (_("{command}, then log out and back in").format(command=f"sudo usermod -aG companion {probe.user()}")
               if exc.message == NO_ACCESS
               else _("edit {where}{key}, then check it with `companion config --check {file}`").format(
                   where=where, key=field, file=exc.path))
        return (Check("config", Status.FAIL, str(exc), fix),
                probe.default_config())
    summary = _("{file}: {lights} lights, {buttons} buttons, reader {reader}").format(
        file=cfg.source, lights=len(cfg.leds.lights), buttons=len(cfg.buttons.pins), reader=cfg.reader.type)
    return Check("config", Status.OK, summary), cfg


def check_game_data(probe: Probe) -> Check:
    """Shipped and taught game data load; an ImportError here means a broken install."""
    try:
        return Check("game-data", Status.OK, probe.load_game_data())
    except DataFileError as exc:
        return Check("game-data", Status.FAIL, str(exc),
                     _("fix or remove {file}, then run `companion cards check`").format(file=exc.path))
    except ImportError as exc:
        return Check("game-data", Status.WARN, _("not checked: {why}").format(why=exc),
                     _("reinstall the package: {command}").format(command=INSTALL))
    except Exception as exc:  # a loader bug must not stop the other checks
        return Check("game-data", Status.FAIL, describe(exc), _("report this with the output of `companion doctor --json`"))


def check_games(probe: Probe) -> list[Check]:
    """Every game plugin that was skipped (`companion games`), with its package and why; none: OK."""
    from companion.narration.words import refusal_text

    ids, skipped, broken = probe.games()
    if not skipped and not broken:
        return [Check("games", Status.OK, ", ".join(ids))]
    fix = _("reinstall {dist} (or remove it: {pip} uninstall {dist})")
    return [Check("games", Status.WARN, _("{dist}: {name} skipped: {why}").format(dist=p.dist, name=p.name, why=refusal_text(p.why)),
                  fix.format(dist=p.dist, pip=probe.pip())) for p in skipped] + \
           [Check("games", Status.WARN, _("{dist}: {name} cannot be played: {why}").format(dist=p.dist, name=p.name, why=refusal_text(p.why)),
                  fix.format(dist=p.dist, pip=probe.pip())) for p in broken]


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
        out.append(Check("starts", Status.WARN, ngettext(
            "the last start never came up ({limit} in a row: safe mode)",
            "the last {n} starts never came up ({limit} in a row: safe mode)", failures).format(n=failures, limit=SAFE_MODE_AFTER),
            _("journalctl -u companion -b  (read why), fix it, then restart: sudo systemctl restart companion")))
    return out


def report_text(checks: list[Check]) -> str:
    """The human report: one line per check, a fix line under each problem, a summary."""
    lines = []
    for c in checks:
        lines.append(f"{c.status.value:<4} {c.name}: {c.detail}")
        if c.fix and c.status is not Status.OK:
            lines.append(_("     fix: {fix}").format(fix=c.fix))
    counts = {s: sum(c.status is s for c in checks) for s in Status}
    lines.append(_("doctor: {fail} FAIL, {warn} WARN, {ok} OK").format(
        fail=counts[Status.FAIL], warn=counts[Status.WARN], ok=counts[Status.OK]))
    return "\n".join(lines)


def report_json(checks: list[Check]) -> str:
    """The machine report: {"ok": bool, "checks": [{name, status, detail, fix}]}."""
    items = [{**asdict(c), "status": c.status.value} for c in checks]
    return json.dumps({"ok": not any(c.status is Status.FAIL for c in checks), "checks": items}, indent=2)


def main(argv: list[str], probe: Probe | None = None) -> int:
    """`companion doctor [--json] [--config FILE]`: 0 when nothing fails, 1 otherwise."""
    ap = argparse.ArgumentParser(prog="companion doctor", description=_("Check this machine's setup and say how to fix it."))
    ap.add_argument("--json", action="store_true", help=_("print one JSON object instead of text"))
    ap.add_argument("--config", metavar=_("FILE"), help=help_text(N_("check this config file instead of {file}"),
                                                                  file=paths.config_file()))
    ap.add_argument("--journal", metavar=_("PATH"), help=help_text(N_("check this journal file instead of {file}"),
                                                                   file=paths.journal_file()))
    args = ap.parse_args(argv)
    probe = probe or Probe(config_path=args.config)
    if args.journal:
        probe.journal_file = lambda: Path(args.journal)
    checks = run_checks(probe)
    print(report_json(checks) if args.json else report_text(checks))
    return 1 if any(c.status is Status.FAIL for c in checks) else 0


# --- private helpers -------------------------------------------------------------------------


def _boot_spi(settings: dict, path: str, board: Board) -> Check:
    """SPI on, and the core clock pinned where SPI follows it."""
    if settings.get("dtparam:spi", "off") not in ("on", "true", "yes", "1"):
        return Check("boot.spi", Status.FAIL, _("SPI is off in {file} (the LEDs use GPIO10 / SPI MOSI)").format(file=path),
                     _("{command}  (or {install})").format(
                         command=f"printf '[all]\\ndtparam=spi=on\\n' | sudo tee -a {path} && sudo reboot", install=INSTALL))
    if "pi4" in board.filters and settings.get("core_freq_min") != "500":
        return Check("boot.spi", Status.WARN, _("Pi 4 without core_freq_min=500: LED colours may flicker"),
                     f"printf '[pi4]\\ncore_freq_min=500\\n[all]\\n' | sudo tee -a {path} && sudo reboot")
    if board.filters & {"pi3", "pi02"} and settings.get("core_freq") != "250":
        section = "pi02" if "pi02" in board.filters else "pi3"
        return Check("boot.spi", Status.WARN, _("core_freq=250 not set: the SPI clock wanders with the core clock"),
                     f"printf '[{section}]\\ncore_freq=250\\n[all]\\n' | sudo tee -a {path} && sudo reboot")
    return Check("boot.spi", Status.OK, _("dtparam=spi=on in {file}").format(file=path))


def _boot_uart(probe: Probe, settings: dict, path: str, board: Board, cfg) -> list[Check]:
    """UART on for the PN532, and no login console on it."""
    out = []
    if settings.get("enable_uart") != "1":
        out.append(Check("boot.uart", Status.FAIL, _("enable_uart=1 missing in {file} (PN532 on GPIO14/15)").format(file=path),
                         f"printf '[all]\\nenable_uart=1\\n' | sudo tee -a {path} && sudo reboot"))
    else:
        out.append(Check("boot.uart", Status.OK, _("enable_uart=1 in {file}").format(file=path)))
    cmdline = str(Path(path).with_name("cmdline.txt"))
    text = probe.read_text(cmdline) or ""
    console = re.search(r"console=(serial0|ttyAMA0|ttyS0)(,\d+)?", text)
    if console:
        out.append(Check("boot.console", Status.FAIL, _("{file} puts a login console on the reader's UART ({console})").format(
            file=cmdline, console=console.group(0)),
                         f"sudo sed -i 's/{console.group(0)} \\?//' {cmdline} && sudo reboot"))
    return out


def _lgpio_build(pip: str) -> str:
    """lgpio built from its own C sources (PYPI=1: no liblgpio-dev, which only Raspberry Pi OS ships),
    as systemd/install.sh does where PyPI has no wheel; works on every Debian and every Python."""
    return f"sudo apt install swig python3-dev build-essential && PYPI=1 {pip} install --no-binary lgpio 'lgpio>=0.2'"


def _led_fix(requested: str, probe: Probe, board: Board) -> str:
    """The fix for an LED driver that cannot start."""
    if requested == "pwm":
        return _('set driver = "spi" under [leds] and move the data wire to GPIO10 (no root needed)')
    if requested == "pi5pio":
        return _('{command}  (kernel with the Pi 5 PIO driver), or use driver = "spi"').format(
            command="sudo apt update && sudo apt full-upgrade && sudo reboot")
    if doctor_pi.boot_setting(probe, board, "dtparam:spi"):
        return doctor_pi.spi_fix(probe, board)  # SPI is on in config.txt: the boot has not read it yet
    return _("{command}  (or {other})").format(command=doctor_pi.spi_fix(probe, board), other="sudo raspi-config nonint do_spi 0")


def _version_key(version: str) -> tuple[int, ...]:
    """Numbers of a version string, for comparing ("2.0.1.post3" -> (2, 0, 1, 3))."""
    return tuple(int(n) for n in re.findall(r"\d+", version))
