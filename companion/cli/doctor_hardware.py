"""`companion doctor`'s checks of the board and what is wired to it: the kind of machine, gpiozero's
pin factory, the LED strips and their driver stack, the groups that open the devices, config.txt's
SPI and UART settings, and the reader's serial port.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion.cli import doctor_pi
from companion.cli.doctor_base import (
    BOOT_CONFIGS,
    GROUPS,
    INSTALL,
    MODEL,
    Board,
    Check,
    Status,
    boot_settings,
)
from companion.cli.doctor_base import boot_config as _boot_config
from companion.cli.doctor_base import config_name as _config_name
from companion.cli.doctor_probe import Probe
from companion.cli.doctor_software import lgpio_build
from companion.errors import HardwareUnavailable
from companion.i18n import _


def check_board(board: Board) -> Check:
    """Which machine this is."""
    if board.pi:
        return Check("board", Status.OK, board.model)
    return Check(
        "board",
        Status.OK,
        _("not a Raspberry Pi (no {file}): the simulator or mock hardware is used").format(file=MODEL),
    )


def check_pin_factory(probe: Probe, board: Board) -> Check:
    """The gpiozero pin factory the buttons will get (its own order: lgpio, RPi.GPIO, pigpio, native)."""
    name = probe.env.get("GPIOZERO_PIN_FACTORY", "").lower()
    if not name:
        name = next(
            (
                n
                for n, mod in (("lgpio", "lgpio"), ("rpigpio", "RPi.GPIO"), ("pigpio", "pigpio"))
                if probe.has_module(mod)
            ),
            "native",
        )
    if not board.pi:
        return Check(
            "pin-factory",
            Status.OK,
            _("not a Pi: buttons come from keys or the simulator (gpiozero would pick {name})").format(
                name=name
            ),
        )
    if board.pi5 and name != "lgpio":
        fix = (
            _("unset GPIOZERO_PIN_FACTORY (or set it to lgpio)")
            if probe.env.get("GPIOZERO_PIN_FACTORY")
            else lgpio_build(probe.pip())
        )
        return Check(
            "pin-factory",
            Status.FAIL,
            _("{name} cannot drive the Pi 5's GPIO; lgpio is needed").format(name=name),
            fix,
        )
    if name == "native":
        return Check(
            "pin-factory", Status.WARN, _("native fallback: slow edge detection"), lgpio_build(probe.pip())
        )
    if name == "lgpio" and not probe.cwd_writable():
        return Check(
            "pin-factory",
            Status.FAIL,
            _("lgpio needs a writable working directory (it makes a .lgd-nfy* pipe there)"),
            _("cd to a folder you can write (the service runs in /var/lib/companion)"),
        )
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
        return [
            Check("leds", Status.FAIL, exc.why, _led_fix(requested, probe, board)),
            check_led_stack(probe, stack),
        ]
    out = [Check("leds", Status.OK, f"{driver} ({why})")]
    if board.pi and driver in ("spi", "pwm", "pi5pio"):
        out.append(check_led_stack(probe, driver))
    if driver == "spi":
        wrong = [s for s in cfg.leds.strips if s.pin.upper() != "GPIO10"]
        if wrong:
            out.append(
                Check(
                    "leds.pin",
                    Status.WARN,
                    _("the spi driver sends on GPIO10 only; strip {strip!r} says {pin}").format(
                        strip=wrong[0].name, pin=wrong[0].pin
                    ),
                    _('set pin = "GPIO10" under [[leds.strips]] in {file} and wire DIN there').format(
                        file=_config_name(cfg)
                    ),
                )
            )
    return out


def check_led_stack(probe: Probe, driver: str) -> Check:
    """Import every module the LED driver imports, through the HAL's own load_led_stack."""
    from companion.hal.pi import LED_STACK

    err = probe.led_stack(driver)
    if err is None:
        return Check(
            "led-stack",
            Status.OK,
            _("{driver} driver: {modules} load").format(driver=driver, modules=", ".join(LED_STACK[driver])),
        )
    return Check(
        "led-stack",
        Status.FAIL,
        _("{driver} driver: {why}").format(driver=driver, why=err.why),
        err.fix(probe.pip()),
    )


def check_groups(probe: Probe, board: Board) -> Check:
    """Device groups for running without root (the service adds them itself)."""
    if probe.is_root():
        return Check("groups", Status.OK, _("running as root"))
    user, missing = probe.user(), [g for g in GROUPS if g not in probe.groups()]
    if not missing:
        return Check(
            "groups", Status.OK, _("{user} is in {groups}").format(user=user, groups=" ".join(GROUPS))
        )
    if not board.pi:
        return Check(
            "groups",
            Status.OK,
            _("not a Pi: {user} lacks {groups} (only needed on the Pi)").format(
                user=user, groups=" ".join(missing)
            ),
        )
    return Check(
        "groups",
        Status.WARN,
        _("{user} is not in {groups} (the service adds them; needed to run by hand)").format(
            user=user, groups=" ".join(missing)
        ),
        _("{command}  (then log out and back in)").format(
            command=f"sudo usermod -aG {','.join(missing)} {user}"
        ),
    )


def check_boot_config(probe: Probe, board: Board, cfg) -> list[Check]:
    """SPI, core clock, UART and serial console in config.txt / cmdline.txt."""
    path = _boot_config(probe)
    if path is None:
        if board.pi:
            return [
                Check(
                    "boot-config",
                    Status.FAIL,
                    _("no {file} or {other}").format(file=BOOT_CONFIGS[0], other=BOOT_CONFIGS[1]),
                    _("mount the boot partition, then {command}").format(command=INSTALL),
                )
            ]
        return [Check("boot-config", Status.OK, _("no config.txt (not a Pi)"))]
    settings = boot_settings(probe.read_text(path) or "", board.filters)
    out = []
    if cfg.leds.driver in ("auto", "spi"):
        out.append(_boot_spi(settings, path, board))
    if cfg.reader.type == "pn532" and "://" not in cfg.reader.port and "by-id" not in cfg.reader.port:
        out += _boot_uart(probe, settings, path, board, cfg)
    if not out:
        out.append(
            Check("boot-config", Status.OK, _("{file}: nothing needed for this config").format(file=path))
        )
    return out


def check_serial(probe: Probe, board: Board, cfg) -> Check:
    """Serial ports present and the configured reader port among them."""
    found = [p for p in ("/dev/serial0", "/dev/ttyAMA0") if probe.exists(p)] + probe.glob(
        "/dev/serial/by-id/*"
    )
    listing = ", ".join(found) or _("none")
    port, kind = cfg.reader.port, cfg.reader.type
    if kind == "none":
        return Check(
            "serial", Status.OK, _("no reader configured; ports found: {ports}").format(ports=listing)
        )
    if "://" in port:
        return Check("serial", Status.OK, _("{kind} on {port} (a pyserial URL)").format(kind=kind, port=port))
    if probe.exists(port):
        if re.fullmatch(r"/dev/tty(ACM|USB)\d+", port):
            better = next((p for p in found if "by-id" in p), None)
            return Check(
                "serial",
                Status.WARN,
                _("{port} may change number when replugged").format(port=port),
                _('set port = "{port}" under [reader]').format(port=better)
                if better
                else _("use the /dev/serial/by-id/... name of the reader"),
            )
        return Check(
            "serial",
            Status.OK,
            _("{kind} on {port}; ports found: {ports}").format(kind=kind, port=port, ports=listing),
        )
    by_id = [p for p in found if "by-id" in p]
    if by_id:
        fix = _('set port = "{port}" under [reader] in {file}').format(port=by_id[0], file=_config_name(cfg))
    elif kind == "pn532":
        fix = _("enable the UART: add enable_uart=1 to config.txt and reboot (or {command})").format(
            command=INSTALL
        )
    else:
        fix = _("plug the reader in, then look at `ls -l /dev/serial/by-id/`")
    return Check(
        "serial",
        Status.FAIL,
        _("reader port {port} not found; ports found: {ports}").format(port=port, ports=listing),
        fix,
    )


def _boot_spi(settings: dict, path: str, board: Board) -> Check:
    """SPI on, and the core clock pinned where SPI follows it."""
    if settings.get("dtparam:spi", "off") not in ("on", "true", "yes", "1"):
        return Check(
            "boot.spi",
            Status.FAIL,
            _("SPI is off in {file} (the LEDs use GPIO10 / SPI MOSI)").format(file=path),
            _("{command}  (or {install})").format(
                command=f"printf '[all]\\ndtparam=spi=on\\n' | sudo tee -a {path} && sudo reboot",
                install=INSTALL,
            ),
        )
    if "pi4" in board.filters and settings.get("core_freq_min") != "500":
        return Check(
            "boot.spi",
            Status.WARN,
            _("Pi 4 without core_freq_min=500: LED colours may flicker"),
            f"printf '[pi4]\\ncore_freq_min=500\\n[all]\\n' | sudo tee -a {path} && sudo reboot",
        )
    if board.filters & {"pi3", "pi02"} and settings.get("core_freq") != "250":
        section = "pi02" if "pi02" in board.filters else "pi3"
        return Check(
            "boot.spi",
            Status.WARN,
            _("core_freq=250 not set: the SPI clock wanders with the core clock"),
            f"printf '[{section}]\\ncore_freq=250\\n[all]\\n' | sudo tee -a {path} && sudo reboot",
        )
    return Check("boot.spi", Status.OK, _("dtparam=spi=on in {file}").format(file=path))


def _boot_uart(probe: Probe, settings: dict, path: str, board: Board, cfg) -> list[Check]:
    """UART on for the PN532, and no login console on it."""
    out = []
    if settings.get("enable_uart") != "1":
        out.append(
            Check(
                "boot.uart",
                Status.FAIL,
                _("enable_uart=1 missing in {file} (PN532 on GPIO14/15)").format(file=path),
                f"printf '[all]\\nenable_uart=1\\n' | sudo tee -a {path} && sudo reboot",
            )
        )
    else:
        out.append(Check("boot.uart", Status.OK, _("enable_uart=1 in {file}").format(file=path)))
    cmdline = str(Path(path).with_name("cmdline.txt"))
    text = probe.read_text(cmdline) or ""
    console = re.search(r"console=(serial0|ttyAMA0|ttyS0)(,\d+)?", text)
    if console:
        out.append(
            Check(
                "boot.console",
                Status.FAIL,
                _("{file} puts a login console on the reader's UART ({console})").format(
                    file=cmdline, console=console.group(0)
                ),
                f"sudo sed -i 's/{console.group(0)} \\?//' {cmdline} && sudo reboot",
            )
        )
    return out


def _led_fix(requested: str, probe: Probe, board: Board) -> str:
    """The fix for an LED driver that cannot start."""
    if requested == "pwm":
        return _('set driver = "spi" under [leds] and move the data wire to GPIO10 (no root needed)')
    if requested == "pi5pio":
        return _('{command}  (kernel with the Pi 5 PIO driver), or use driver = "spi"').format(
            command="sudo apt update && sudo apt full-upgrade && sudo reboot"
        )
    if doctor_pi.boot_setting(probe, board, "dtparam:spi"):
        return doctor_pi.spi_fix(probe, board)  # SPI is on in config.txt: the boot has not read it yet
    return _("{command}  (or {other})").format(
        command=doctor_pi.spi_fix(probe, board), other="sudo raspi-config nonint do_spi 0"
    )
