"""`companion doctor`'s checks of the installed Pi: screen, sound, one place for files, the Pi 5 UART.

- `display.libs`: the libraries SDL's KMSDRM driver loads at run time (libEGL, libGLESv2, libgbm,
  libdrm) load with ctypes; the apt line that brings the missing ones.
- `display.open`: a real `pygame.display.set_mode` on the service's video driver (kmsdrm on a Pi) in a
  child process with a time limit, so a hung driver cannot hang doctor. Skipped while the service
  runs (it holds the screen), but its status line is read: "no screen" there is a FAIL.
- `display.gbm`, `boot.target`: companion/cli/doctor_screen.py (a GBM device and EGL on the card;
  no desktop login holding the screen after a reboot).
- `sound`, `sound.play`, `speech`: companion/cli/doctor_sound.py.
- `backend`: on a Pi, the backend `companion run` picks and the Pi's devices it lacks (/dev/gpiochip0,
  /dev/spidev0.0), with a fix that follows config.txt (a reboot when SPI is already on there).
- `places`, `path`: companion/cli/doctor_places.py (commands read the service's config and journal).
- `uart.pi5`: on a Pi 5 the reader's port is not the debug connector (`/dev/serial0` -> ttyAMA10).
- `boot.spi-cs`: with SPI on, buttons on GPIO7/8 need `dtoverlay=spi0-0cs` (GPIO9: `,no_miso`).

`PiProbe` holds what these checks read from the machine; `doctor.Probe` inherits it (and the screen
and sound probes), and the tests replace single methods the same way as for the other checks.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion.cli import doctor_screen, doctor_sound
from companion.cli.doctor_base import (
    BOOT_CONFIGS,
    INSTALL,
    KMSDRM_LIBS,
    SERVICE,
    UNIT,
    boot_config,
    boot_settings,
    child_answer,
    config_name,
    service_groups,
    unit_value,
)
from companion.cli.doctor_base import check as _check
from companion.cli.doctor_places import PlacesProbe, check_places
from companion.i18n import _

__all__ = [
    "KMSDRM_LIBS",
    "PiProbe",
    "boot_setting",
    "checks",
    "child_answer",
    "service_groups",
    "spi_fix",
]  # (the last two: doctor_base's)

DISPLAY_TIMEOUT_S = 30.0  # importing pygame on a Zero 2 W takes a few seconds; KMSDRM may hang forever
PI5_GPIO_UART = "/dev/ttyAMA0"  # UART0 on GPIO14/15 with dtoverlay=uart0-pi5
PI5_DEBUG_UART = "ttyAMA10"  # what /dev/serial0 points at on a Pi 5: the 3-pin debug connector
# Opens the screen as the service does (full screen, native size) and says what it got. Run in a child
# process so a display driver that hangs or crashes cannot take doctor with it.
_OPEN_SCRIPT = (
    "import pygame\n"
    "try:\n"
    "    pygame.display.init()\n"
    "    s = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)\n"
    "    print('opened=%s %dx%d' % ((pygame.display.get_driver(),) + s.get_size()))\n"
    "    pygame.display.quit()\n"
    "except Exception as exc:\n"
    "    print('error=' + str(exc))\n"
)


class PiProbe(PlacesProbe):
    """What the Pi checks read from the machine (mixed into `doctor.Probe`: `self.path`, `self.env`;
    what `places` reads is doctor_places' `PlacesProbe`)."""

    def load_library(self, soname: str) -> str:
        """'' when the shared library loads (as SDL would dlopen it), else the loader's error."""
        import ctypes

        try:
            ctypes.CDLL(soname)
        except OSError as exc:
            return str(exc)
        return ""

    def open_display(self, driver: str | None, timeout: float = DISPLAY_TIMEOUT_S) -> tuple[str | None, str]:
        """('driver WxH', '') after a real full-screen set_mode in a child process, or (None, why)."""
        env = {**self.env, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        if driver:
            env["SDL_VIDEODRIVER"] = driver
        try:
            res = subprocess.run(
                [sys.executable, "-c", _OPEN_SCRIPT], env=env, capture_output=True, text=True, timeout=timeout
            )
        except subprocess.TimeoutExpired:
            return None, f"set_mode did not return within {timeout:g} s (the display driver hangs)"
        except OSError as exc:
            return None, f"could not start the test: {exc}"
        return child_answer(res, "opened")

    def service_state(self) -> tuple[bool, str]:
        """(whether the companion service is running, its STATUS= line)."""
        try:
            active = (
                subprocess.run(["systemctl", "is-active", "--quiet", SERVICE], timeout=10).returncode == 0
            )
            if not active:
                return False, ""
            res = subprocess.run(
                ["systemctl", "show", SERVICE, "-p", "StatusText", "--value"],
                capture_output=True,
                text=True,
                timeout=10,
            )
            return True, res.stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            return False, ""

    def file_group(self, p: str) -> tuple[str, int]:
        """(group name, permission bits) of a file or device."""
        import grp

        st = os.stat(self.path(p))
        try:
            name = grp.getgrgid(st.st_gid).gr_name
        except KeyError:
            name = str(st.st_gid)
        return name, st.st_mode & 0o777

    def user_groups(self, user: str) -> set[str]:
        """The groups `user` belongs to (its own and the supplementary ones); empty if no such user."""
        import grp
        import pwd

        try:
            gid = pwd.getpwnam(user).pw_gid
            gids = os.getgrouplist(user, gid)
        except (KeyError, OSError):
            return set()
        names = set()
        for g in gids:
            try:
                names.add(grp.getgrgid(g).gr_name)
            except KeyError:
                pass
        return names

    def try_open(self, p: str) -> str:
        """'' when this process can open the device for reading and writing, else why not."""
        try:
            fd = os.open(self.path(p), os.O_RDWR | os.O_NONBLOCK)
        except OSError as exc:
            return exc.strerror or str(exc)
        os.close(fd)
        return ""


def checks(probe, board, cfg) -> list:
    """The Pi checks (this module's, the screen's and the sound's), in the order a maker would fix things."""
    return [
        *check_backend(probe, board, cfg),
        *check_kmsdrm_libs(probe, board, cfg),
        *doctor_screen.check_gbm(probe, board, cfg),
        check_display_open(probe, board, cfg),
        *doctor_screen.check_boot_target(probe, board, cfg),
        *doctor_sound.checks(probe, board, cfg),
        *check_places(probe, board),
        *check_uart_pi5(probe, board, cfg),
        *check_spi_cs(probe, board, cfg),
    ]


def boot_setting(probe, board, key: str) -> str | None:
    """The config.txt that already sets `key` ("dtparam:spi", "dtoverlay:vc4-kms-v3d") on for this
    board, or None: a fix then says "reboot" instead of appending the line a second time."""
    path = boot_config(probe)
    if path is None:
        return None
    value = boot_settings(probe.read_text(path) or "", board.filters).get(key)
    return path if value is not None and value not in ("off", "false", "no", "0") else None


def spi_fix(probe, board) -> str:
    """How /dev/spidev0.0 comes: a reboot when config.txt already has dtparam=spi=on (the line is read
    at boot only), else the line appended and a reboot."""
    have = boot_setting(probe, board, "dtparam:spi")
    if have:
        return _("sudo reboot  ({file} already has dtparam=spi=on; it takes effect at boot)").format(
            file=have
        )
    path = boot_config(probe) or BOOT_CONFIGS[0]
    return f"printf '[all]\\ndtparam=spi=on\\n' | sudo tee -a {path} && sudo reboot"


def check_backend(probe, board, cfg) -> list:
    """On a Pi: the backend `companion run` picks and the Pi's devices it lacks (a container or a unit
    with PrivateDevices=yes hides /dev/gpiochip0; SPI off hides /dev/spidev0.0). The table then runs
    the `pi` backend with those parts missing, never the mock in silence."""
    if not board.pi:
        return []
    from companion.hal import choose_backend

    try:
        name, why = choose_backend(None, cfg.hal, probe.env, probe)
    except ValueError as exc:
        return [_check("backend", "FAIL", str(exc), _("set hal.backend to auto, pi, sim or mock"))]
    missing = probe.missing_devices() if name == "pi" else []
    if not missing:
        return [_check("backend", "OK", f"{name} ({why})")]
    fixes = []
    if "/dev/gpiochip0" in missing:
        fixes.append(
            _("run it on the Pi itself: a container, or a unit with PrivateDevices=yes, hides /dev/gpiochip0")
        )
    if "/dev/spidev0.0" in missing:
        fixes.append(spi_fix(probe, board))
    return [
        _check(
            "backend",
            "FAIL",
            _("{backend} ({why}): the table runs without {devices}").format(
                backend=name, why=why, devices=", ".join(missing)
            ),
            "; ".join(fixes),
        )
    ]


def check_kmsdrm_libs(probe, board, cfg) -> list:
    """On a Pi: the libraries SDL's KMSDRM driver loads are there and load."""
    if not board.pi or cfg.display.mode == "headless":
        return []
    missing = {so: pkg for so, pkg in KMSDRM_LIBS.items() if probe.load_library(so)}
    if missing:
        return [
            _check(
                "display.libs",
                "FAIL",
                _("the screen driver (KMSDRM) cannot load {libraries}").format(libraries=", ".join(missing)),
                f"sudo apt install {' '.join(dict.fromkeys(missing.values()))}",
            )
        ]
    return [_check("display.libs", "OK", _("{libraries} load").format(libraries=", ".join(KMSDRM_LIBS)))]


def check_display_open(probe, board, cfg):
    """A real full-screen set_mode on the driver the service uses (kmsdrm on a Pi)."""
    if cfg.display.mode == "headless":
        return _check("display.open", "OK", _("display.mode = headless: no screen used"))
    if board.pi:
        active, status = probe.service_state()
        if active:
            if "no screen" in status.lower():
                return _check(
                    "display.open",
                    "FAIL",
                    _("the service runs without a screen ({status})").format(status=status),
                    _(
                        "{command}  (doctor then opens the screen itself and says why it fails); "
                        "afterwards: {restart}"
                    ).format(
                        command="sudo systemctl stop companion && companion doctor",
                        restart="sudo systemctl start companion",
                    ),
                )
            return _check(
                "display.open",
                "OK",
                _("not opened here: the running service holds the screen")
                + (f" ({status})" if status else ""),
            )
    driver = _service_driver(probe) if board.pi else probe.env.get("SDL_VIDEODRIVER") or None
    opened, err = probe.open_display(driver)
    if opened:
        return _check("display.open", "OK", _("set_mode opened {screen}").format(screen=opened))
    if not board.pi:
        return _check(
            "display.open",
            "WARN",
            _("set_mode failed on {driver}: {why}").format(driver=driver or _("the default driver"), why=err),
            _('run it where a display is, or set display.mode = "headless"'),
        )
    return _check(
        "display.open",
        "FAIL",
        _("set_mode failed on {driver}: {why}").format(driver=driver, why=err),
        _display_fix(probe, err),
    )


def check_uart_pi5(probe, board, cfg) -> list:
    """On a Pi 5: the PN532's port is GPIO14/15's UART, not the debug connector behind /dev/serial0."""
    port = cfg.reader.port
    if not board.pi5 or cfg.reader.type != "pn532" or "://" in port or "by-id" in port:
        return []
    target = _resolve(probe, port)
    boot = boot_config(probe) or BOOT_CONFIGS[0]
    settings = boot_settings(probe.read_text(boot) or "", board.filters)
    overlay = "dtoverlay:uart0-pi5" in settings or settings.get("dtparam:uart0") == "on"
    add_overlay = (
        "" if overlay else f"printf '[pi5]\\ndtoverlay=uart0-pi5\\n[all]\\n' | sudo tee -a {boot} && "
    )
    config_file = config_name(cfg)
    set_port = f"sudo sed -i '/^\\[reader\\]/,/^\\[/ s#^port = .*#port = \"{PI5_GPIO_UART}\"#' {config_file}"
    if Path(target).name == PI5_DEBUG_UART or (port == "/dev/serial0" and Path(target).name != "ttyAMA0"):
        return [
            _check(
                "uart.pi5",
                "FAIL",
                _("on a Pi 5 {port} is the 3-pin debug connector, not the PN532 on GPIO14/15").format(
                    port=port + (" -> " + target if target != port else "")
                ),
                f"{add_overlay}{set_port} && sudo reboot",
            )
        ]
    if Path(target).name == "ttyAMA0" and not overlay:
        return [
            _check(
                "uart.pi5",
                "FAIL",
                _("{port} is on GPIO14/15 only with dtoverlay=uart0-pi5, which {file} lacks").format(
                    port=port, file=boot
                ),
                f"{add_overlay}sudo reboot",
            )
        ]
    return [_check("uart.pi5", "OK", _("{port} is the GPIO14/15 UART").format(port=port))]


def check_spi_cs(probe, board, cfg) -> list:
    """With SPI on, buttons on GPIO7/8 (SPI0's chip selects) need dtoverlay=spi0-0cs, on GPIO9 (MISO)
    its no_miso too: otherwise SPI0 holds those pins and the buttons cannot open them."""
    if not board.pi:
        return []
    boot = boot_config(probe)
    settings = boot_settings(probe.read_text(boot) or "", board.filters) if boot else {}
    if settings.get("dtparam:spi", "off") not in ("on", "true", "yes", "1"):
        return []
    pins = {pin.upper(): name for name, pin in cfg.buttons.pins.items()}
    overlay = settings.get("dtoverlay:spi0-0cs")
    claimed = ["GPIO7", "GPIO8"] if overlay is None else []
    if overlay is None or "no_miso" not in overlay.split(","):
        claimed.append("GPIO9")
    hit = [f"{pins[p]} ({p})" for p in claimed if p in pins]
    if not hit:
        return [
            _check(
                "boot.spi-cs",
                "OK",
                _("dtoverlay=spi0-0cs in {file}: GPIO7 and GPIO8 are free for buttons").format(file=boot)
                if overlay is not None
                else _("no button on SPI0's pins GPIO7-9"),
            )
        ]
    line = "dtoverlay=spi0-0cs,no_miso" if any("GPIO9" in h for h in hit) else "dtoverlay=spi0-0cs"
    fix = (
        f"sudo sed -i 's/^dtoverlay=spi0-0cs$/{line}/' {boot} && sudo reboot"
        if overlay is not None
        else f"printf '[all]\\n{line}\\n' | sudo tee -a {boot} && sudo reboot"
    )
    return [
        _check(
            "boot.spi-cs",
            "FAIL",
            _("SPI0 holds the pins of {buttons}: those buttons cannot work").format(buttons=", ".join(hit)),
            _("{command}  (or re-run {install})").format(command=fix, install=INSTALL),
        )
    ]


# --- private helpers -------------------------------------------------------------------------


def _service_driver(probe) -> str:
    """The SDL video driver the service is given (kmsdrm unless the unit says otherwise)."""
    unit = probe.read_text(UNIT) or ""
    return unit_value(unit, "Environment", "SDL_VIDEODRIVER") or "kmsdrm"


def _display_fix(probe, err: str) -> str:
    """The fix for a screen that does not open, from SDL's words."""
    low = err.lower()
    if "egl" in low or "gbm" in low or "gles" in low:
        return "sudo apt install --no-install-recommends " + " ".join(
            [*KMSDRM_LIBS.values(), *doctor_screen.mesa_packages(probe.os_codename())]
        )
    if "did not return" in low:
        return _(
            "plug the screen in and power it before the Pi, then sudo reboot; "
            "check `ls /dev/dri` and `dmesg | grep -i drm`"
        )
    user = probe.user()
    return _(
        "{command} (log in again); a desktop on the screen: {console}; "
        "plug the screen in before boot; dtoverlay=vc4-kms-v3d in config.txt"
    ).format(command=f"sudo usermod -aG video,render,input {user}", console=doctor_screen.SET_CONSOLE_BOOT)


def _resolve(probe, port: str) -> str:
    """The device a port path finally names (symlinks followed inside the probe's root)."""
    p, seen = port, 0
    while seen < 10:
        full = probe.path(p)
        if not full.is_symlink():
            return p
        link = os.readlink(full)
        p = link if link.startswith("/") else str(Path(p).parent / link)
        seen += 1
    return p
