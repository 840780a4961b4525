"""`companion doctor`: check this machine's setup and say, for each problem, the command that fixes it.

Usage: companion doctor [--json] [--config FILE]

One line per check, `OK|WARN|FAIL name: detail`, and a `fix:` line under each problem. `--json`
prints the same as one JSON object. Exit status 0 when nothing FAILs, 1 otherwise.

Everything doctor reads from the machine goes through a `Probe` (doctor_probe.py: files under a root folder,
environment, user and groups, installed packages, the SDL driver, the journal), so tests run it
"on a Pi" and "on a broken Pi" on any PC. Doctor changes nothing: the journal is opened read-only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from dataclasses import asdict, dataclass
from enum import Enum
from pathlib import Path

from companion.cli.doctor_probe import MODEL, Board, Probe, board_of, boot_settings
from companion.errors import DataFileError, HardwareUnavailable, describe

GROUPS = ("video", "render", "input", "gpio", "spi", "dialout", "audio")
MIN_PYTHON = (3, 11)
MIN_VERSIONS = {"pyserial": "3.5", "gpiozero": "2.0.1.post3"}
PI_PACKAGES = {"lgpio": "lgpio", "adafruit-blinka": "board", "adafruit-circuitpython-neopixel-spi": "neopixel_spi"}
BOOT_CONFIGS = ("/boot/firmware/config.txt", "/boot/config.txt")
UNIT = "/etc/systemd/system/companion.service"
SPIDEV = "/dev/spidev0.0"
FREE_FAIL = 50 * 2**20
FREE_WARN = 500 * 2**20
INSTALL = "sudo bash systemd/install.sh"
# Run in a child process so a display driver that hangs or crashes cannot take doctor with it.
class Status(str, Enum):
    """How one check came out."""

    OK = "OK"
    WARN = "WARN"
    FAIL = "FAIL"


@dataclass(frozen=True)
class Check:
    """One line of the report: a name, a status, what was seen and, for a problem, the fix."""

    name: str
    status: Status
    detail: str
    fix: str = ""


def run_checks(probe: Probe) -> list[Check]:
    """Every check, in the order a maker would fix things."""
    from companion.cli import doctor_pi

    board = board_of(probe)
    checks = [check_python(probe), check_pygame(probe), *check_packages(probe, board), check_board(board)]
    cfg_check, cfg = check_config(probe)
    checks += [check_pin_factory(probe, board), *check_leds(probe, board, cfg), check_groups(probe, board),
               *check_boot_config(probe, board, cfg), check_serial(probe, board, cfg),
               *check_display(probe, board, cfg), *doctor_pi.checks(probe, board, cfg), cfg_check, check_game_data(probe),
               *check_journal(probe), check_space(probe), *check_service(probe, board)]
    return checks


def check_python(probe: Probe) -> Check:
    """Python new enough for tomllib and our typing."""
    v = probe.python_version()
    text = ".".join(map(str, v))
    if v[:2] >= MIN_PYTHON:
        return Check("python", Status.OK, text)
    return Check("python", Status.FAIL, f"{text} is older than 3.11",
                 "use Raspberry Pi OS Bookworm or later (Python 3.11), then re-run " + INSTALL)


def check_pygame(probe: Probe) -> Check:
    """pygame-ce, and never together with plain pygame (they overwrite each other's files)."""
    ce, old, pip = probe.dist_version("pygame-ce"), probe.dist_version("pygame"), probe.pip()
    if ce and old:
        return Check("pygame", Status.FAIL, f"pygame {old} and pygame-ce {ce} are both installed; they overwrite each other",
                     f"{pip} uninstall -y pygame pygame-ce && {pip} install pygame-ce")
    if old:
        return Check("pygame", Status.FAIL, f"pygame {old} instead of pygame-ce (no KMSDRM on the Pi)",
                     f"{pip} uninstall -y pygame && {pip} install pygame-ce")
    if not ce:
        return Check("pygame", Status.FAIL, "pygame-ce is not installed", f"{pip} install pygame-ce")
    return Check("pygame", Status.OK, f"pygame-ce {ce}")


def check_packages(probe: Probe, board: Board) -> list[Check]:
    """pyserial and gpiozero versions, and on a Pi the `[pi]` extra."""
    pip, problems = probe.pip(), []
    seen = []
    for dist, minimum in MIN_VERSIONS.items():
        have = probe.dist_version(dist)
        if have is None:
            problems.append((f"{dist} missing", f"{pip} install '{dist}>={minimum}'"))
        elif _version_key(have) < _version_key(minimum):
            problems.append((f"{dist} {have} is older than {minimum}", f"{pip} install --upgrade '{dist}>={minimum}'"))
        else:
            seen.append(f"{dist} {have}")
    out = [_first_problem("packages", problems, ", ".join(seen))]
    if board.pi:
        missing = [d for d, mod in PI_PACKAGES.items() if not probe.has_module(mod)]
        if missing:
            out.append(Check("pi-packages", Status.FAIL, f"missing: {', '.join(missing)}",
                             f"sudo apt install swig python3-dev liblgpio-dev && {pip} install '.[pi]'  (in the checkout), or {INSTALL}"))
        elif probe.dist_version("RPi.GPIO") and probe.dist_version("rpi-lgpio"):
            out.append(Check("pi-packages", Status.FAIL, "RPi.GPIO and rpi-lgpio are both installed (same module name)",
                             f"{pip} uninstall -y RPi.GPIO rpi-lgpio && {pip} install rpi-lgpio"))
        else:
            out.append(Check("pi-packages", Status.OK, ", ".join(PI_PACKAGES)))
    return out


def check_board(board: Board) -> Check:
    """Which machine this is."""
    if board.pi:
        return Check("board", Status.OK, board.model)
    return Check("board", Status.OK, f"not a Raspberry Pi (no {MODEL}): the simulator or mock hardware is used")


def check_pin_factory(probe: Probe, board: Board) -> Check:
    """The gpiozero pin factory the buttons will get (its own order: lgpio, RPi.GPIO, pigpio, native)."""
    name = probe.env.get("GPIOZERO_PIN_FACTORY", "").lower()
    if not name:
        name = next((n for n, mod in (("lgpio", "lgpio"), ("rpigpio", "RPi.GPIO"), ("pigpio", "pigpio"))
                     if probe.has_module(mod)), "native")
    if not board.pi:
        return Check("pin-factory", Status.OK, f"not a Pi: buttons come from keys or the simulator (gpiozero would pick {name})")
    if board.pi5 and name != "lgpio":
        fix = ("unset GPIOZERO_PIN_FACTORY (or set it to lgpio)" if probe.env.get("GPIOZERO_PIN_FACTORY")
               else f"sudo apt install swig python3-dev liblgpio-dev && {probe.pip()} install lgpio")
        return Check("pin-factory", Status.FAIL, f"{name} cannot drive the Pi 5's GPIO; lgpio is needed", fix)
    if name == "native":
        return Check("pin-factory", Status.WARN, "native fallback: slow edge detection",
                     f"sudo apt install swig python3-dev liblgpio-dev && {probe.pip()} install lgpio")
    if name == "lgpio" and not probe.cwd_writable():
        return Check("pin-factory", Status.FAIL, "lgpio needs a writable working directory (it makes a .lgd-nfy* pipe there)",
                     "cd to a folder you can write (the service runs in /var/lib/companion)")
    return Check("pin-factory", Status.OK, name)


def check_leds(probe: Probe, board: Board, cfg) -> list[Check]:
    """The LED driver the app will pick, with the same rules as the HAL."""
    from companion.hal.pi import choose_led_driver

    requested = cfg.leds.driver
    try:
        driver, why = choose_led_driver(requested, probe)
    except HardwareUnavailable as exc:
        if not board.pi:
            return [Check("leds", Status.OK, "not a Pi: LEDs are simulated")]
        stack = requested if requested in ("spi", "pwm", "pi5pio") else "spi"
        return [Check("leds", Status.FAIL, exc.why, _led_fix(requested, probe)), check_led_stack(probe, stack)]
    out = [Check("leds", Status.OK, f"{driver} ({why})")]
    if board.pi and driver in ("spi", "pwm", "pi5pio"):
        out.append(check_led_stack(probe, driver))
    if driver == "spi":
        wrong = [s for s in cfg.leds.strips if s.pin.upper() != "GPIO10"]
        if wrong:
            out.append(Check("leds.pin", Status.WARN, f"the spi driver sends on GPIO10 only; strip {wrong[0].name!r} says {wrong[0].pin}",
                             f'set pin = "GPIO10" under [[leds.strips]] in {_config_name(cfg)} and wire DIN there'))
    return out


def check_led_stack(probe: Probe, driver: str) -> Check:
    """Import every module the LED driver imports, through the HAL's own load_led_stack."""
    from companion.hal.pi import LED_STACK

    err = probe.led_stack(driver)
    if err is None:
        return Check("led-stack", Status.OK, f"{driver} driver: {', '.join(LED_STACK[driver])} load")
    return Check("led-stack", Status.FAIL, f"{driver} driver: {err.why}", err.fix(probe.pip()))


def check_groups(probe: Probe, board: Board) -> Check:
    """Device groups for running without root (the service adds them itself)."""
    if probe.is_root():
        return Check("groups", Status.OK, "running as root")
    user, missing = probe.user(), [g for g in GROUPS if g not in probe.groups()]
    if not missing:
        return Check("groups", Status.OK, f"{user} is in {' '.join(GROUPS)}")
    if not board.pi:
        return Check("groups", Status.OK, f"not a Pi: {user} lacks {' '.join(missing)} (only needed on the Pi)")
    return Check("groups", Status.WARN, f"{user} is not in {' '.join(missing)} (the service adds them; needed to run by hand)",
                 f"sudo usermod -aG {','.join(missing)} {user}  (then log out and back in)")


def check_boot_config(probe: Probe, board: Board, cfg) -> list[Check]:
    """SPI, core clock, UART and serial console in config.txt / cmdline.txt."""
    path = _boot_config(probe)
    if path is None:
        if board.pi:
            return [Check("boot-config", Status.FAIL, f"no {' or '.join(BOOT_CONFIGS)}", "mount the boot partition, then " + INSTALL)]
        return [Check("boot-config", Status.OK, "no config.txt (not a Pi)")]
    settings = boot_settings(probe.read_text(path) or "", board.filters)
    out = []
    if cfg.leds.driver in ("auto", "spi"):
        out.append(_boot_spi(settings, path, board))
    if cfg.reader.type == "pn532" and "://" not in cfg.reader.port and "by-id" not in cfg.reader.port:
        out += _boot_uart(probe, settings, path, board, cfg)
    if not out:
        out.append(Check("boot-config", Status.OK, f"{path}: nothing needed for this config"))
    return out


def check_serial(probe: Probe, board: Board, cfg) -> Check:
    """Serial ports present and the configured reader port among them."""
    found = ([p for p in ("/dev/serial0", "/dev/ttyAMA0") if probe.exists(p)] + probe.glob("/dev/serial/by-id/*"))
    listing = ", ".join(found) or "none"
    port, kind = cfg.reader.port, cfg.reader.type
    if kind == "none":
        return Check("serial", Status.OK, f"no reader configured; ports found: {listing}")
    if "://" in port:
        return Check("serial", Status.OK, f"{kind} on {port} (a pyserial URL)")
    if probe.exists(port):
        if re.fullmatch(r"/dev/tty(ACM|USB)\d+", port):
            better = next((p for p in found if "by-id" in p), None)
            return Check("serial", Status.WARN, f"{port} may change number when replugged",
                         f'set port = "{better}" under [reader]' if better else "use the /dev/serial/by-id/... name of the reader")
        return Check("serial", Status.OK, f"{kind} on {port}; ports found: {listing}")
    by_id = [p for p in found if "by-id" in p]
    if by_id:
        fix = f'set port = "{by_id[0]}" under [reader] in {_config_name(cfg)}'
    elif kind == "pn532":
        fix = "enable the UART: add enable_uart=1 to config.txt and reboot (or " + INSTALL + ")"
    else:
        fix = "plug the reader in, then look at `ls -l /dev/serial/by-id/`"
    return Check("serial", Status.FAIL, f"reader port {port} not found; ports found: {listing}", fix)


def check_display(probe: Probe, board: Board, cfg) -> list[Check]:
    """The SDL video driver pygame picks (no window is opened)."""
    if cfg.display.mode == "headless":
        return [Check("display", Status.OK, "display.mode = headless: no screen used")]
    out = []
    if board.pi and not probe.glob("/dev/dri/card*"):
        out.append(Check("display.drm", Status.FAIL, "no /dev/dri/card*: the KMS graphics driver is off",
                         "add dtoverlay=vc4-kms-v3d to config.txt and reboot"))
    wanted = probe.env.get("SDL_VIDEODRIVER", "")
    if board.pi and not wanted and probe.exists(UNIT):  # a login shell: the service sets its own driver
        return out + [Check("display", Status.OK, "SDL_VIDEODRIVER unset here; the service sets it (display.open tests that driver)")]
    driver, err = probe.sdl_video_driver()
    if driver is None:
        if not board.pi:
            return out + [Check("display", Status.WARN, f"no video driver ({err}); `companion run` will be headless",
                                "run it where a display is, or set display.mode = \"headless\"")]
        return out + [Check("display", Status.FAIL, f"SDL could not start {wanted or 'any driver'}: {err}",
                            f"sudo usermod -aG video,render,input {probe.user()}; stop any desktop on that screen "
                            "(sudo systemctl stop lightdm); export SDL_VIDEODRIVER=kmsdrm")]
    if driver in ("offscreen", "dummy") and wanted != driver:
        status = Status.FAIL if board.pi else Status.WARN
        return out + [Check("display", status, f"pygame picked {driver!r}: a black screen, no error",
                            "export SDL_VIDEODRIVER=kmsdrm  (the service sets it)" if board.pi
                            else "run from a desktop session (DISPLAY or WAYLAND_DISPLAY set)")]
    if board.pi and not wanted:
        return out + [Check("display", Status.WARN, f"pygame picks {driver}, SDL_VIDEODRIVER is unset",
                            "export SDL_VIDEODRIVER=kmsdrm  (the service sets it)")]
    return out + [Check("display", Status.OK, f"pygame picks {driver}")]


def check_config(probe: Probe):
    """The user's config file; returns (check, config to use for the other checks)."""
    try:
        cfg = probe.load_config()
    except DataFileError as exc:
        where = f"line {exc.line} of {exc.path}" if exc.line else exc.path
        field = f" (key {exc.field})" if exc.field else ""
        from companion.paths import NO_ACCESS

        fix = (f"sudo usermod -aG companion {probe.user()}, then log out and back in" if exc.message == NO_ACCESS
               else f"edit {where}{field}, then check it with `companion config --check {exc.path}`")
        return (Check("config", Status.FAIL, str(exc), fix),
                probe.default_config())
    summary = f"{cfg.source}: {len(cfg.leds.lights)} lights, {len(cfg.buttons.pins)} buttons, reader {cfg.reader.type}"
    return Check("config", Status.OK, summary), cfg


def check_game_data(probe: Probe) -> Check:
    """Shipped and taught game data load; an ImportError here means a broken install."""
    try:
        return Check("game-data", Status.OK, probe.load_game_data())
    except DataFileError as exc:
        return Check("game-data", Status.FAIL, str(exc), f"fix or remove {exc.path}, then run `companion cards check`")
    except ImportError as exc:
        return Check("game-data", Status.WARN, f"not checked: {exc}", "reinstall the package: " + INSTALL)
    except Exception as exc:  # a loader bug must not stop the other checks
        return Check("game-data", Status.FAIL, describe(exc), "report this with the output of `companion doctor --json`")


def check_journal(probe: Probe) -> list[Check]:
    """State folder writable; journal passes `PRAGMA quick_check` (opened read-only)."""
    state, journal, user = probe.state_dir(), probe.journal_file(), probe.user()
    out = []
    if probe.writable(state):
        out.append(Check("state-dir", Status.OK, f"{state} writable"))
    else:
        out.append(Check("state-dir", Status.FAIL, f"{state} is not writable by {user}",
                         _state_fix(state, user)))
    if not os.path.exists(journal):  # not Path.exists: a folder we may not enter must not stop doctor
        out.append(Check("journal", Status.OK, f"no journal yet ({journal} is made by the first game)"))
        return out + _journal_aside(journal)
    result = probe.quick_check(journal)
    if result == "ok":
        out.append(Check("journal", Status.OK, f"{journal}: quick_check ok"))
    else:
        out.append(Check("journal", Status.FAIL, f"{journal}: {result}",
                         f"sudo systemctl stop companion; cp -a {state} {state}.bak; "
                         f"sqlite3 {journal} .recover | sqlite3 {journal}.recovered && mv {journal}.recovered {journal}"))
    return out + _journal_aside(journal)


def _journal_aside(journal: Path) -> list[Check]:
    """A warning naming `companion journal recover` for damaged journals the app moved aside."""
    aside = sorted({str(p).removesuffix("-wal").removesuffix("-shm") for p in journal.parent.glob(f"{journal.name}.corrupt-*")})
    if not aside:
        return []
    return [Check("journal-aside", Status.WARN, f"{len(aside)} damaged journal(s) kept aside, newest {aside[-1]}",
                  f"companion journal recover {aside[-1]}  (once its games are back, the file may go)")]


def check_space(probe: Probe) -> Check:
    """Free space where the journal lives."""
    state = probe.state_dir()
    free = probe.free_bytes(state)
    text = f"{free / 2**20:.0f} MiB free for {state}"
    fix = "sudo apt clean && sudo journalctl --vacuum-size=50M  (and remove old files)"
    if free < FREE_FAIL:
        return Check("disk-space", Status.FAIL, text, fix)
    if free < FREE_WARN:
        return Check("disk-space", Status.WARN, text, fix)
    return Check("disk-space", Status.OK, text)


def check_service(probe: Probe, board: Board) -> list[Check]:
    """On a Pi: the boot service is installed; and whether recent starts kept failing."""
    from companion.runtime.startguard import SAFE_MODE_AFTER

    out = []
    if board.pi:
        if probe.exists(UNIT):
            out.append(Check("service", Status.OK, f"{UNIT} installed"))
        else:
            out.append(Check("service", Status.WARN, "the boot service is not installed", INSTALL))
    failures = probe.start_failures()
    if failures:
        out.append(Check("starts", Status.WARN, f"the last {failures} start(s) never came up ({SAFE_MODE_AFTER} in a row: safe mode)",
                         "journalctl -u companion -b  (read why), fix it, then restart: sudo systemctl restart companion"))
    return out


def report_text(checks: list[Check]) -> str:
    """The human report: one line per check, a fix line under each problem, a summary."""
    lines = []
    for c in checks:
        lines.append(f"{c.status.value:<4} {c.name}: {c.detail}")
        if c.fix and c.status is not Status.OK:
            lines.append(f"     fix: {c.fix}")
    counts = {s: sum(c.status is s for c in checks) for s in Status}
    lines.append(f"doctor: {counts[Status.FAIL]} FAIL, {counts[Status.WARN]} WARN, {counts[Status.OK]} OK")
    return "\n".join(lines)


def report_json(checks: list[Check]) -> str:
    """The machine report: {"ok": bool, "checks": [{name, status, detail, fix}]}."""
    items = [{**asdict(c), "status": c.status.value} for c in checks]
    return json.dumps({"ok": not any(c.status is Status.FAIL for c in checks), "checks": items}, indent=2)


def main(argv: list[str], probe: Probe | None = None) -> int:
    """`companion doctor [--json] [--config FILE]`: 0 when nothing fails, 1 otherwise."""
    ap = argparse.ArgumentParser(prog="companion doctor", description="Check this machine's setup and say how to fix it.")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    ap.add_argument("--config", metavar="FILE", help="check this config file instead of the user's")
    ap.add_argument("--journal", metavar="PATH", help="check this journal file instead of the user's")
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
        return Check("boot.spi", Status.FAIL, f"SPI is off in {path} (the LEDs use GPIO10 / SPI MOSI)",
                     f"printf '[all]\\ndtparam=spi=on\\n' | sudo tee -a {path} && sudo reboot  (or {INSTALL})")
    if "pi4" in board.filters and settings.get("core_freq_min") != "500":
        return Check("boot.spi", Status.WARN, "Pi 4 without core_freq_min=500: LED colours may flicker",
                     f"printf '[pi4]\\ncore_freq_min=500\\n[all]\\n' | sudo tee -a {path} && sudo reboot")
    if board.filters & {"pi3", "pi02"} and settings.get("core_freq") != "250":
        section = "pi02" if "pi02" in board.filters else "pi3"
        return Check("boot.spi", Status.WARN, "core_freq=250 not set: the SPI clock wanders with the core clock",
                     f"printf '[{section}]\\ncore_freq=250\\n[all]\\n' | sudo tee -a {path} && sudo reboot")
    return Check("boot.spi", Status.OK, f"dtparam=spi=on in {path}")


def _boot_uart(probe: Probe, settings: dict, path: str, board: Board, cfg) -> list[Check]:
    """UART on for the PN532, and no login console on it."""
    out = []
    if settings.get("enable_uart") != "1":
        out.append(Check("boot.uart", Status.FAIL, f"enable_uart=1 missing in {path} (PN532 on GPIO14/15)",
                         f"printf '[all]\\nenable_uart=1\\n' | sudo tee -a {path} && sudo reboot"))
    else:
        out.append(Check("boot.uart", Status.OK, f"enable_uart=1 in {path}"))
    cmdline = str(Path(path).with_name("cmdline.txt"))
    text = probe.read_text(cmdline) or ""
    console = re.search(r"console=(serial0|ttyAMA0|ttyS0)(,\d+)?", text)
    if console:
        out.append(Check("boot.console", Status.FAIL, f"{cmdline} puts a login console on the reader's UART ({console.group(0)})",
                         f"sudo sed -i 's/{console.group(0)} \\?//' {cmdline} && sudo reboot"))
    return out


def _led_fix(requested: str, probe: Probe) -> str:
    """The fix for an LED driver that cannot start."""
    if requested == "pwm":
        return 'set driver = "spi" under [leds] and move the data wire to GPIO10 (no root needed)'
    if requested == "pi5pio":
        return "sudo apt update && sudo apt full-upgrade && sudo reboot  (kernel with the Pi 5 PIO driver), or use driver = \"spi\""
    path = _boot_config(probe) or BOOT_CONFIGS[0]
    return f"printf '[all]\\ndtparam=spi=on\\n' | sudo tee -a {path} && sudo reboot  (or sudo raspi-config nonint do_spi 0)"


def _boot_config(probe: Probe) -> str | None:
    """The config.txt this board boots with (Bookworm's /boot/firmware first), or None."""
    return next((p for p in BOOT_CONFIGS if probe.exists(p)), None)


def _config_name(cfg) -> str:
    """Where the user should edit the config."""
    if cfg.source != "<defaults>":
        return cfg.source
    from companion import paths

    return str(paths.config_file())


def _state_fix(state: Path, user: str) -> str:
    """Make the state folder writable: the service's shared folder by its group, a private one by its owner."""
    from companion import paths

    if paths.shared(state):  # never chown the service's folder to a login user: the service would lose it
        return f"sudo usermod -aG companion {user}, then log out and back in (or: newgrp companion)"
    return f"sudo mkdir -p {state} && sudo chown -R {user}: {state}"


def _first_problem(name: str, problems: list[tuple[str, str]], ok_detail: str) -> Check:
    """A FAIL naming every problem (the first fix first), or OK."""
    if not problems:
        return Check(name, Status.OK, ok_detail)
    return Check(name, Status.FAIL, "; ".join(p for p, _ in problems), " && ".join(f for _, f in problems))


def _version_key(version: str) -> tuple[int, ...]:
    """Numbers of a version string, for comparing ("2.0.1.post3" -> (2, 0, 1, 3))."""
    return tuple(int(n) for n in re.findall(r"\d+", version))
