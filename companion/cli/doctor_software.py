"""`companion doctor`'s checks of the software under the companion: Python's version, pygame and its
SDL, and the packages a Pi backend needs at their lowest working versions (with the pip line that
brings them).
"""

from __future__ import annotations

import re

from companion.cli.doctor_base import INSTALL, Board, Check, Status
from companion.cli.doctor_base import first_problem as _first_problem
from companion.cli.doctor_probe import Probe
from companion.i18n import _

MIN_PYTHON = (3, 11)
MIN_VERSIONS = {"pyserial": "3.5", "gpiozero": "2.0.1.post3"}
PI_PACKAGES = {
    "lgpio": "lgpio",
    "adafruit-blinka": "board",
    "adafruit-circuitpython-neopixel-spi": "neopixel_spi",
}


def check_python(probe: Probe) -> Check:
    """Python new enough for tomllib and our typing."""
    v = probe.python_version()
    text = ".".join(map(str, v))
    if v[:2] >= MIN_PYTHON:
        return Check("python", Status.OK, text)
    return Check(
        "python",
        Status.FAIL,
        _("{version} is older than 3.11").format(version=text),
        _("use Raspberry Pi OS Bookworm or later (Python 3.11), then re-run {command}").format(
            command=INSTALL
        ),
    )


def check_pygame(probe: Probe) -> Check:
    """pygame-ce, and never together with plain pygame (they overwrite each other's files)."""
    ce, old, pip = probe.dist_version("pygame-ce"), probe.dist_version("pygame"), probe.pip()
    if ce and old:
        return Check(
            "pygame",
            Status.FAIL,
            _("pygame {old} and pygame-ce {ce} are both installed; they overwrite each other").format(
                old=old, ce=ce
            ),
            f"{pip} uninstall -y pygame pygame-ce && {pip} install pygame-ce",
        )
    if old:
        return Check(
            "pygame",
            Status.FAIL,
            _("pygame {old} instead of pygame-ce (no KMSDRM on the Pi)").format(old=old),
            f"{pip} uninstall -y pygame && {pip} install pygame-ce",
        )
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
            problems.append(
                (_("{package} missing").format(package=dist), f"{pip} install '{dist}>={minimum}'")
            )
        elif _version_key(have) < _version_key(minimum):
            problems.append(
                (
                    _("{package} {have} is older than {minimum}").format(
                        package=dist, have=have, minimum=minimum
                    ),
                    f"{pip} install --upgrade '{dist}>={minimum}'",
                )
            )
        else:
            seen.append(f"{dist} {have}")
    out = [_first_problem("packages", problems, ", ".join(seen))]
    if board.pi:
        missing = [d for d, mod in PI_PACKAGES.items() if not probe.has_module(mod)]
        if missing:
            out.append(
                Check(
                    "pi-packages",
                    Status.FAIL,
                    _("missing: {packages}").format(packages=", ".join(missing)),
                    _("{command}  (in the checkout), or {install}").format(
                        command=f"{lgpio_build(pip)} && {pip} install '.[pi]'", install=INSTALL
                    ),
                )
            )
        elif probe.dist_version("RPi.GPIO") and probe.dist_version("rpi-lgpio"):
            out.append(
                Check(
                    "pi-packages",
                    Status.FAIL,
                    _("RPi.GPIO and rpi-lgpio are both installed (same module name)"),
                    f"{pip} uninstall -y RPi.GPIO rpi-lgpio && {pip} install rpi-lgpio",
                )
            )
        else:
            out.append(Check("pi-packages", Status.OK, ", ".join(PI_PACKAGES)))
    return out


def lgpio_build(pip: str) -> str:
    """lgpio built from its own C sources (PYPI=1: no liblgpio-dev, which only Raspberry Pi OS ships),
    as systemd/install.sh does where PyPI has no wheel; works on every Debian and every Python."""
    return f"sudo apt install swig python3-dev build-essential && PYPI=1 {pip} install --no-binary lgpio 'lgpio>=0.2'"


def _version_key(version: str) -> tuple[int, ...]:
    """Numbers of a version string, for comparing ("2.0.1.post3" -> (2, 0, 1, 3))."""
    return tuple(int(n) for n in re.findall(r"\d+", version))
