"""What every part of `companion doctor` shares: a check's record, the machine's fixed places, and the
readers of the files they all look at (config.txt, the service's unit, a probe child's answer).

The doctor family imports in one direction only (tests/test_imports.py walks it):

    doctor_base, doctor_journal_files  <-  doctor_screen, doctor_sound, doctor_places, doctor_journal
                 <-  doctor_pi
                 <-  doctor_probe  <-  doctor_software, doctor_hardware  <-  doctor

so each module imports alone (`python -c "import companion.cli.doctor_pi"`), and none of them
imports one that imports it back. This module imports nothing of the companion at its top.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from enum import Enum

GROUPS = ("video", "render", "input", "gpio", "spi", "dialout", "audio")
BOOT_CONFIGS = ("/boot/firmware/config.txt", "/boot/config.txt")
UNIT = "/etc/systemd/system/companion.service"
SPIDEV = "/dev/spidev0.0"
INSTALL = "sudo bash systemd/install.sh"
SERVICE = "companion"
MODEL = "/proc/device-tree/model"
# soname -> Debian package; SDL loads these by name (see the strings in pygame-ce's bundled libSDL2)
KMSDRM_LIBS = {
    "libEGL.so.1": "libegl1",
    "libGLESv2.so.2": "libgles2",
    "libgbm.so.1": "libgbm1",
    "libdrm.so.2": "libdrm2",
}


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


def check(name: str, status: str, detail: str, fix: str = "") -> Check:
    """A Check from a status name ("OK", "WARN", "FAIL")."""
    return Check(name, Status(status), detail, fix)


def first_problem(name: str, problems: list[tuple[str, str]], ok_detail: str) -> Check:
    """A FAIL naming every problem (the first fix first), or OK."""
    if not problems:
        return Check(name, Status.OK, ok_detail)
    return Check(
        name, Status.FAIL, "; ".join(p for p, _fix in problems), " && ".join(f for _why, f in problems)
    )


@dataclass(frozen=True)
class Board:
    """What kind of machine this is, read once."""

    model: str  # "" when not a Raspberry Pi
    pi5: bool
    filters: frozenset  # config.txt [filters] that apply to this board

    @property
    def pi(self) -> bool:
        """A Raspberry Pi."""
        return bool(self.model)


def board_of(probe) -> Board:
    """Read the device tree model once (the probe's `device_tree`: /proc/device-tree, or the folder of
    $COMPANION_DEVICE_TREE)."""
    model = probe.device_tree("model") or ""  # beside the compatible file ($COMPANION_DEVICE_TREE)
    if "raspberry pi" not in model.lower():
        return Board("", False, frozenset({"all"}))
    compatible = probe.device_tree("compatible") or ""
    pi5 = "bcm2712" in compatible or re.search(r"Raspberry Pi (5|500)|Compute Module 5", model) is not None
    return Board(model, pi5, frozenset({"all", *_model_filters(model, pi5)}))


def _model_filters(model: str, pi5: bool) -> set[str]:
    """config.txt [filters] that match this board's model string."""
    if pi5:
        return (
            {"pi5", "pi500"} if "500" in model else {"pi5", "cm5"} if "Compute Module" in model else {"pi5"}
        )
    table = (
        ("Zero 2", {"pi02", "pi0w", "pi0"}),
        ("Zero W", {"pi0w", "pi0"}),
        ("Zero", {"pi0"}),
        ("400", {"pi4", "pi400"}),
        ("Compute Module 4", {"pi4", "cm4"}),
        ("Pi 4", {"pi4"}),
        ("Pi 3 Model B Plus", {"pi3", "pi3+"}),
        ("Pi 3 Model A Plus", {"pi3", "pi3+"}),
        ("Compute Module 3", {"pi3", "cm3"}),
        ("Pi 3", {"pi3"}),
        ("Pi 2", {"pi2"}),
    )
    return next((f for key, f in table if key in model), {"pi1"})


def boot_config(probe) -> str | None:
    """The config.txt this board boots with (Bookworm's /boot/firmware first), or None."""
    return next((p for p in BOOT_CONFIGS if probe.exists(p)), None)


def boot_settings(text: str, filters: frozenset) -> dict[str, str]:
    """Effective `key=value` settings of config.txt for this board (dtparams as `dtparam:name`)."""
    out: dict[str, str] = {}
    active = True
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            name = line[1:-1].strip().lower()
            # model filters only apply to their board; other filters (gpio, EDID...) may: assume they do
            active = name in filters or (name != "none" and not re.fullmatch(r"(pi|cm)\w*\+?", name))
            continue
        if not active or "=" not in line:
            continue
        key, value = (s.strip() for s in line.split("=", 1))
        if key == "dtparam":
            for param in value.split(","):
                pname, _eq, pval = param.partition("=")
                out[f"dtparam:{pname.strip()}"] = pval.strip() or "on"
        elif key == "dtoverlay":  # "dtoverlay=spi0-0cs,no_miso" -> {"dtoverlay:spi0-0cs": "no_miso"}
            name, _sep, params = value.partition(",")
            out[f"dtoverlay:{name.strip()}"] = params.replace(" ", "") or "on"
        else:
            out[key] = value
    return out


def config_name(cfg) -> str:
    """Where the user should edit the config."""
    if cfg.source != "<defaults>":
        return cfg.source
    from companion import paths

    return str(paths.config_file())


def child_answer(res: subprocess.CompletedProcess, key: str) -> tuple[str | None, str]:
    """What a probe script run in a child process answered on its last line: (value, '') for
    `key=value`; (None, why) for `error=why`, anything else, or no output (then the exit code and
    the end of stderr)."""
    lines = res.stdout.strip().splitlines()
    last = lines[-1] if lines else f"no answer (exit {res.returncode}): {res.stderr.strip()[-200:]}"
    if last.startswith(f"{key}="):
        return last[len(key) + 1 :], ""
    return None, last.removeprefix("error=")


def unit_value(unit: str, key: str, var: str | None = None) -> str | None:
    """The last `key=` value of the unit (for Environment=, the value of `var`), or None."""
    value = None
    for line in unit.splitlines():
        k, sep, v = line.strip().partition("=")
        if not sep or k != key:
            continue
        if var is None:
            value = v.strip()
        elif v.startswith(var + "="):
            value = v[len(var) + 1 :].strip()
    return value


def service_groups(probe, unit: str) -> tuple[str, set[str]]:
    """(the service's user, every group its process gets: the user's own, Group= and SupplementaryGroups=)."""
    user = unit_value(unit, "User") or SERVICE
    groups = set(probe.user_groups(user))
    groups |= {g for g in (unit_value(unit, "Group"),) if g}
    groups |= set((unit_value(unit, "SupplementaryGroups") or "").split())
    return user, groups
