"""`companion doctor`'s screen checks beyond the libraries: a real GBM device on the card, and who owns
the display after a reboot.

- `display.gbm`: on a Pi, a child process opens the DRM card node the screen hangs on, makes a GBM
  device on it (`gbm_create_device(fd)`, as SDL's KMSDRM driver does) and initialises EGL through it
  (`eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR, ...)` + `eglInitialize`). Both load Mesa's driver for
  the card (vc4/v3d), which comes in `libgl1-mesa-dri` (Debian 12 "bookworm"; from Debian 13
  "trixie" on, its code lives in `mesa-libgallium`), a package none of libegl1, libgles2, libgbm1
  and libdrm2 pulls in on bookworm: loading those four libraries (`display.libs`) proves nothing
  about it. A failure names the package.
- `boot.target`: a desktop image starts a display manager (lightdm) at boot, which holds the
  screen; `systemctl stop lightdm` lasts until the next reboot, `systemctl set-default
  multi-user.target` (what `raspi-config nonint do_boot_behaviour B1` runs) survives it.

`ScreenProbe` holds what these checks read from the machine (mixed into `doctor.Probe`).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import PurePosixPath

from companion.cli.doctor_base import INSTALL, KMSDRM_LIBS, child_answer
from companion.cli.doctor_base import check as _check
from companion.i18n import _

GBM_TIMEOUT_S = 30.0  # a driver that hangs must not hang doctor
SYSTEMD_DIRS = ("/etc/systemd/system", "/lib/systemd/system", "/usr/lib/systemd/system")
GRAPHICAL = "graphical.target"
SOFTWARE_DRIVERS = ("kms_swrast", "swrast", "llvmpipe", "softpipe")  # Mesa without the card's own driver
SET_CONSOLE_BOOT = "sudo systemctl set-default multi-user.target && sudo reboot"
# Opens the card, makes a GBM device and initialises EGL on it, and says what it got. Errors are
# answered as `error=KIND:DETAIL` in our words (no Python exception text reaches the user).
_GBM_SCRIPT = r"""
import ctypes, errno, os, sys

def answer(key, text):
    print(key + "=" + text)
    sys.exit(0)

libs = {}
for so in ("libgbm.so.1", "libEGL.so.1"):
    try:
        libs[so] = ctypes.CDLL(so)
    except OSError:
        answer("error", "lib:" + so)
gbm, egl = libs["libgbm.so.1"], libs["libEGL.so.1"]
try:
    fd = os.open(sys.argv[1], os.O_RDWR | os.O_CLOEXEC)
except OSError as exc:
    answer("error", "open:" + errno.errorcode.get(exc.errno, "?"))
gbm.gbm_create_device.restype = ctypes.c_void_p
gbm.gbm_create_device.argtypes = [ctypes.c_int]
gbm.gbm_device_get_backend_name.restype = ctypes.c_char_p
gbm.gbm_device_get_backend_name.argtypes = [ctypes.c_void_p]
gbm.gbm_device_destroy.argtypes = [ctypes.c_void_p]
dev = gbm.gbm_create_device(fd)
if not dev:
    answer("error", "gbm:")
backend = (gbm.gbm_device_get_backend_name(dev) or b"?").decode("ascii", "replace")
egl.eglGetPlatformDisplay.restype = ctypes.c_void_p
egl.eglGetPlatformDisplay.argtypes = [ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p]
egl.eglInitialize.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
egl.eglQueryString.restype = ctypes.c_char_p
egl.eglQueryString.argtypes = [ctypes.c_void_p, ctypes.c_int]
egl.eglTerminate.argtypes = [ctypes.c_void_p]
dpy = egl.eglGetPlatformDisplay(0x31D7, dev, None)  # EGL_PLATFORM_GBM_KHR
major, minor = ctypes.c_int(), ctypes.c_int()
if not dpy or not egl.eglInitialize(dpy, ctypes.byref(major), ctypes.byref(minor)):
    answer("error", "egl:0x%04x" % egl.eglGetError())
vendor = (egl.eglQueryString(dpy, 0x3053) or b"?").decode("ascii", "replace")  # EGL_VENDOR
driver = "?"
egl.eglGetProcAddress.restype = ctypes.c_void_p
egl.eglGetProcAddress.argtypes = [ctypes.c_char_p]
name_of = egl.eglGetProcAddress(b"eglGetDisplayDriverName")  # EGL_MESA_query_driver
if name_of:
    driver = (ctypes.CFUNCTYPE(ctypes.c_char_p, ctypes.c_void_p)(name_of)(dpy) or b"?").decode("ascii", "replace")
egl.eglTerminate(dpy)
gbm.gbm_device_destroy(dev)
os.close(fd)
answer("opened", "driver %s (GBM %s, EGL %d.%d %s)" % (driver, backend, major.value, minor.value, vendor))
"""


class ScreenProbe:
    """What the screen checks read from the machine (mixed into `doctor.Probe`: `self.path`, `self.env`)."""

    def gbm_open(self, card: str, timeout: float = GBM_TIMEOUT_S) -> tuple[str | None, str]:
        """('GBM drm, EGL 1.4 Mesa Project', '') when a GBM device and EGL open on `card`, else
        (None, 'KIND:DETAIL') with KIND lib, open, gbm, egl, hung or child; Mesa's own complaint
        about a driver it could not load is added as ' [mesa:NAME]'."""
        env = {**self.env, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        try:
            res = subprocess.run(
                [sys.executable, "-c", _GBM_SCRIPT, str(self.path(card))],
                env=env,
                capture_output=True,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired:
            return None, f"hung:{timeout:g}"
        except OSError:
            return None, "child:"
        opened, why = child_answer(res, "opened")
        if opened:
            return opened, ""
        if not re.match(r"(lib|open|gbm|egl):", why):
            why = f"child:{res.returncode}"
        missing = re.search(r"MESA-LOADER: failed to open (\w+)", res.stderr)
        return None, why + (f" [mesa:{missing.group(1)}]" if missing else "")

    def os_codename(self) -> str:
        """VERSION_CODENAME from /etc/os-release ('' when unknown)."""
        text = self.read_text("/etc/os-release") or ""
        found = re.search(r'^VERSION_CODENAME="?([a-z]+)"?\s*$', text, re.M)
        return found.group(1) if found else ""

    def unit_link(self, name: str) -> str | None:
        """Where the systemd unit link `name` points (the first of /etc, /lib, /usr/lib that has
        it), as a unit name; None when none has it. `default.target` is the boot target
        (`systemctl set-default` writes /etc's), `display-manager.service` the enabled desktop login."""
        import os

        for folder in SYSTEMD_DIRS:
            link = self.path(f"{folder}/{name}")
            if link.is_symlink():
                return PurePosixPath(os.readlink(link)).name
        return None


def mesa_packages(codename: str) -> list[str]:
    """The Debian packages with Mesa's DRI/gallium drivers (vc4, v3d) for this release.

    Checked in Debian's package lists: on bookworm `libgl1-mesa-dri` (22.3) holds vc4_dri.so and
    v3d_dri.so, and neither libgbm1 nor libegl-mesa0 depends on it. On trixie (Mesa 25) the
    `*_dri.so` in `libgl1-mesa-dri` are thin loaders and the drivers themselves are in
    `mesa-libgallium` (libgallium-25.x.so); naming both is right whichever pulls which.
    systemd/install.sh installs the same list (tests/deploy checks they agree)."""
    if codename in ("", "buster", "bullseye", "bookworm"):
        return ["libgl1-mesa-dri"]
    return ["libgl1-mesa-dri", "mesa-libgallium"]


def checks(probe, board, cfg) -> list:
    """The checks of this module, in the order a maker would fix things."""
    return [*check_gbm(probe, board, cfg), *check_boot_target(probe, board, cfg)]


def check_gbm(probe, board, cfg) -> list:
    """On a Pi: a GBM device and EGL open on the card the screen hangs on (Mesa's driver loads)."""
    if not board.pi or cfg.display.mode == "headless":
        return []
    card = display_card(probe)
    if card is None:
        return []  # doctor's display.drm already says that no card is there
    opened, why = probe.gbm_open(card)
    mesa = " ".join(mesa_packages(probe.os_codename()))
    install = f"sudo apt install --no-install-recommends {mesa}"
    if opened and opened.split()[1] in SOFTWARE_DRIVERS:
        return [
            _check(
                "display.gbm",
                "WARN",
                _("{card}: {what}: Mesa draws in software, its vc4/v3d driver did not load").format(
                    card=card, what=opened
                ),
                _("{command}; dtoverlay=vc4-kms-v3d in config.txt").format(command=install),
            )
        ]
    if opened:
        return [_check("display.gbm", "OK", _("{card}: {what}").format(card=card, what=opened))]
    kind, _sep, rest = why.partition(":")
    detail, hint = rest.split(" [mesa:", 1) if " [mesa:" in rest else (rest, "")
    if hint:
        hint = " " + _("(Mesa could not load its {driver} driver)").format(driver=hint.rstrip("]"))
    if kind == "lib":
        return [
            _check(
                "display.gbm",
                "FAIL",
                _("{library} does not load").format(library=detail),
                f"sudo apt install --no-install-recommends {KMSDRM_LIBS.get(detail, 'libgbm1')} {mesa}",
            )
        ]
    if kind == "open":
        words = {
            "ENOENT": _("it is gone"),
            "EACCES": _("no permission"),
            "EPERM": _("no permission"),
            "EBUSY": _("it is busy"),
        }.get(detail, detail)
        fix = (
            _("{command} (log in again)").format(command=f"sudo usermod -aG video,render {probe.user()}")
            if detail in ("EACCES", "EPERM")
            else _("plug the screen in before the Pi and reboot: sudo reboot")
        )
        return [
            _check("display.gbm", "FAIL", _("cannot open {card}: {why}").format(card=card, why=words), fix)
        ]
    if kind in ("gbm", "egl"):
        what = (
            _("no GBM device on {card}{mesa}: Mesa's DRI driver is missing")
            if kind == "gbm"
            else _("EGL does not start on {card} ({code}){mesa}: Mesa's DRI driver is missing")
        )
        return [_check("display.gbm", "FAIL", what.format(card=card, code=detail, mesa=hint), install)]
    if kind == "hung":
        return [
            _check(
                "display.gbm",
                "FAIL",
                _("opening {card} did not return within {s} s").format(card=card, s=detail),
                _(
                    "plug the screen in and power it before the Pi, then sudo reboot; check `dmesg | grep -i drm`"
                ),
            )
        ]
    return [
        _check(
            "display.gbm",
            "FAIL",
            _("the GBM test on {card} ended without an answer (exit {code}){mesa}").format(
                card=card, code=detail, mesa=hint
            ),
            install,
        )
    ]


def check_boot_target(probe, board, cfg) -> list:
    """On a Pi: no desktop login takes the screen at boot (a display manager on graphical.target)."""
    if not board.pi or cfg.display.mode == "headless":
        return []
    manager, target = probe.unit_link("display-manager.service"), probe.unit_link("default.target")
    if manager and target == GRAPHICAL:
        return [
            _check(
                "boot.target",
                "FAIL",
                _("{manager} starts the desktop at every boot and holds the screen").format(manager=manager),
                _("{command}  (or re-run {install}; `--uninstall` brings the desktop back)").format(
                    command=SET_CONSOLE_BOOT, install=INSTALL
                ),
            )
        ]
    if manager:
        return [
            _check(
                "boot.target",
                "OK",
                _("{manager} is installed, the boot goes to {target}: the screen is the table's").format(
                    manager=manager, target=target or "?"
                ),
            )
        ]
    return [_check("boot.target", "OK", _("no desktop login at boot"))]


def display_card(probe) -> str | None:
    """The DRM card the screen hangs on: the first /dev/dri/cardN with a connector in
    /sys/class/drm (cardN-HDMI-A-1, cardN-DSI-1: on a Pi 4/5 the vc4 card; v3d's has none), else
    the first card; None without one."""
    cards = probe.glob("/dev/dri/card*")
    wired = {re.sub(r"-.*$", "", PurePosixPath(p).name) for p in probe.glob("/sys/class/drm/card*-*")}
    return next((c for c in cards if PurePosixPath(c).name in wired), cards[0] if cards else None)
