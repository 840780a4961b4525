"""`companion doctor`'s check of one place for files, on an installed Pi.

- `places`: doctor, hw-test and journal read the same config and journal as the service, this user
  may read and open them (the fix: the service's group, or the folders made the group's).
- `path`: `companion` is on PATH.

`PlacesProbe` holds what it reads from the machine; `doctor_pi.PiProbe` inherits it, and the tests
replace single methods the same way as for the other checks.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from companion.cli.doctor_base import INSTALL, SERVICE, UNIT, unit_value
from companion.cli.doctor_base import check as _check
from companion.i18n import _


class PlacesProbe:
    """What the `places` check reads from the machine (mixed into `doctor.Probe`)."""

    def system_install(self) -> bool:
        """Whether the installer's config folder exists (then the system places are the default)."""
        from companion import paths

        return paths.system_install()

    def config_dir(self) -> Path:
        """The config folder commands run here use."""
        from companion import paths

        return paths.config_dir()

    def access(self, path: Path, mode: int) -> bool:
        """os.access for this user (real uid and groups)."""
        return os.access(path, mode)

    def which(self, name: str) -> str | None:
        """`name` found on this user's PATH."""
        return shutil.which(name, path=self.env.get("PATH"))


def check_places(probe, board) -> list:
    """On an installed Pi: this user's commands read the service's config and journal, and may open them."""
    unit = probe.read_text(UNIT)
    mine_cfg, mine_state = probe.config_dir(), probe.state_dir()
    if not board.pi or unit is None:
        return [
            _check(
                "places",
                "OK",
                _("config in {config}, journal in {journal}").format(config=mine_cfg, journal=mine_state),
            )
        ]
    svc_cfg = unit_value(unit, "Environment", "COMPANION_CONFIG_DIR")
    svc_state = unit_value(unit, "Environment", "COMPANION_STATE_DIR")
    out = []
    if (svc_cfg, svc_state) != (str(mine_cfg), str(mine_state)):
        overrides = [v for v in ("COMPANION_CONFIG_DIR", "COMPANION_STATE_DIR") if probe.env.get(v)]
        fix = (
            _("{command}  (and remove it from ~/.profile or ~/.bashrc)").format(
                command=f"unset {' '.join(overrides)}"
            )
            if overrides and probe.system_install()
            else _(
                "{command}  (from the checkout: it makes /etc/companion and moves the config there)"
            ).format(command=INSTALL)
        )
        out.append(
            _check(
                "places",
                "FAIL",
                _(
                    "commands here read config {config} and journal {journal}; "
                    "the service reads {service_config} and {service_journal}"
                ).format(
                    config=mine_cfg, journal=mine_state, service_config=svc_cfg, service_journal=svc_state
                ),
                fix,
            )
        )
        return out
    group, user = unit_value(unit, "Group") or SERVICE, probe.user()
    cfg_file = mine_cfg / "config.toml"
    wanted = ((mine_cfg, os.R_OK | os.X_OK), (cfg_file, os.R_OK), (mine_state, os.R_OK | os.W_OK | os.X_OK))
    blocked = []
    for p, mode in wanted:  # os.path.exists: False, not PermissionError, behind a folder we may not enter
        if (
            os.path.exists(p)
            and not probe.access(p, mode)
            and not any(str(p).startswith(b + "/") for b in blocked)
        ):
            blocked.append(str(p))
    if blocked:
        fix = (
            _("{command}, then log out and back in (or run: newgrp {group})").format(
                command=f"sudo usermod -aG {group} {user}", group=group
            )
            if group not in probe.groups()
            else f"sudo chgrp -R {group} {mine_cfg} {mine_state} && sudo chmod -R g+rwX {mine_cfg} {mine_state} && "
            f"sudo chmod 2770 {mine_cfg} {mine_state}"
        )
        out.append(
            _check(
                "places",
                "FAIL",
                _("{user} cannot open {files} (the service's files)").format(
                    user=user, files=", ".join(blocked)
                ),
                fix,
            )
        )
    else:
        out.append(
            _check(
                "places",
                "OK",
                _("config in {config}, journal in {journal}, as the service").format(
                    config=mine_cfg, journal=mine_state
                ),
            )
        )
    if not probe.which("companion"):
        exe = (unit_value(unit, "ExecStart") or "/opt/companion/venv/bin/companion").split()[0]
        out.append(
            _check(
                "path",
                "WARN",
                _("`companion` is not on PATH"),
                f"sudo ln -sfn {exe} /usr/local/bin/companion",
            )
        )
    return out
