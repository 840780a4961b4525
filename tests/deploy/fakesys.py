"""A fake Raspberry Pi root and fake system commands, so the real installer runs here unprivileged.

`FakePi(tmp_path)` builds `root/` (boot/firmware/config.txt, cmdline.txt, proc/device-tree/model,
etc/os-release) and `bin/` with stand-ins for apt-get, useradd, groupadd, usermod, getent, id,
chown, systemctl, uname and python3. Every stand-in appends its command line to `calls.log`; users and
groups live in small text files so a second run can see what the first one created. `systemctl
set-default T` links the fake root's default.target as the real one does. `FakePi(..., codename=,
machine=, python=)` fakes the release, `uname -m` and `python3 --version`; `desktop=True` a desktop
image (lightdm enabled as display-manager.service, graphical.target the default). With
`FAKE_REAL_BUILD=1` in `run`'s env the venv's `pip install DIR[pi]` really builds DIR (`pip wheel
--no-deps`, from PyPI's setuptools) instead of only logging it; `run(script=...)` runs another copy of
install.sh (a checkout elsewhere).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
INSTALLER = REPO / "systemd" / "install.sh"

CONFIG_TXT = """\
# For more options and information see
# http://rptl.io/configtxt
dtparam=audio=on
camera_auto_detect=1
display_auto_detect=1
auto_initramfs=1
dtoverlay=vc4-kms-v3d
max_framebuffers=2

[cm4]
otg_mode=1

[all]
"""
CMDLINE_TXT = (
    "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait\n"
)


def installer_boot_block() -> str:
    """The config.txt lines install.sh's `boot_block` appends (read from the script, markers left out)."""
    heredoc = INSTALLER.read_text().split("boot_block() {\n    cat <<EOF\n", 1)[1].split("\nEOF\n", 1)[0]
    return "".join(line + "\n" for line in heredoc.splitlines() if not line.startswith("$"))


_LOG = 'echo "$(basename "$0") $*" >> "$FAKE_STATE/calls.log"'
_STUBS = {
    # FAKE_APT_MISSING=NAME: the archive does not have NAME (as apt says for plain Debian's liblgpio-dev)
    "apt-get": f'{_LOG}\nfor a; do if [ "$a" = "$FAKE_APT_MISSING" ]; then '
    'echo "E: Unable to locate package $a" >&2; exit 100; fi; done\n',
    # set-default: what systemd does (a link in /etc/systemd/system), inside the fake root
    "systemctl": f'{_LOG}\nif [ "$1" = set-default ]; then mkdir -p "$ROOT/etc/systemd/system"; '
    'ln -sfn "/lib/systemd/system/$2" "$ROOT/etc/systemd/system/default.target"; fi\n',
    "uname": 'if [ "$1" = -m ]; then echo "$FAKE_MACHINE"; else exec /bin/uname "$@"; fi\n',
    "chown": f"{_LOG}\n",
    "useradd": f'{_LOG}\nfor last; do :; done\necho "$last" >> "$FAKE_STATE/passwd"\n',
    "groupadd": f'{_LOG}\nfor last; do :; done\necho "$last" >> "$FAKE_STATE/group"\n',
    # usermod -aG g1,g2 NAME
    "usermod": f'{_LOG}\nfor g in $(echo "$2" | tr , " "); do echo "$3 $g" >> "$FAKE_STATE/members"; done\n',
    "getent": 'f="$FAKE_STATE/$1"; [ -f "$f" ] && grep -qx "$2" "$f" && echo "$2:x:999:" && exit 0; exit 2\n',
    "id": 'if [ "$1" = -nG ]; then grep -qx "$2" "$FAKE_STATE/passwd" 2>/dev/null || exit 1; '
    'awk -v u="$2" \'$1 == u {printf "%s ", $2}\' "$FAKE_STATE/members" 2>/dev/null; echo; exit 0; fi\n'
    'exec /usr/bin/id "$@"\n',
}

# python3 stand-in: `-m venv DIR` makes a venv whose python logs pip calls and whose `companion`
# runs the real package from this checkout; anything else runs the real interpreter.
_PYTHON = f"""\
if [ "$1" = -m ] && [ "$2" = venv ]; then
  {_LOG}
  mkdir -p "$3/bin"
  cat > "$3/bin/python" <<'PY'
#!/bin/sh
echo "venv-python $*" >> "$FAKE_STATE/calls.log"
if [ "$1" = -m ] && [ "$2" = pip ]; then
  [ "$3" = show ] && exit 1
  for last; do :; done
  if [ -n "$FAKE_REAL_BUILD" ] && [ "$3" = install ] && [ "$last" != "${{last%"[pi]"}}" ]; then
    # build the folder pip was given, as pip does (in place), without installing anything
    PYTHONPATH= exec "$REAL_PYTHON" -m pip wheel --no-deps --quiet -w "$FAKE_STATE/wheels" "${{last%"[pi]"}}"
  fi
  exit 0
fi
exec "$REAL_PYTHON" "$@"
PY
  cat > "$3/bin/companion" <<'PY'
#!/bin/sh
echo "companion $*" >> "$FAKE_STATE/calls.log"
exec "$REAL_PYTHON" -m companion "$@"
PY
  chmod +x "$3/bin/python" "$3/bin/companion"
  exit 0
fi
if [ "$1" = --version ]; then echo "Python $FAKE_PY_VERSION"; exit 0; fi
exec "$REAL_PYTHON" "$@"
"""


class FakePi:
    """A temp root that looks like Raspberry Pi OS, plus fake commands on PATH."""

    def __init__(
        self,
        base: Path,
        model: str = "Raspberry Pi 4 Model B Rev 1.5",
        soc: str = "brcm,bcm2711",
        codename: str = "bookworm",
        machine: str = "aarch64",
        python: str = "3.11.2",
        desktop: bool = False,
    ):
        """Lay out the fake root under `base` (`soc`: the SoC named in /proc/device-tree/compatible;
        `codename`, `machine`, `python`: the release, `uname -m` and `python3 --version` the installer sees;
        `desktop`: lightdm enabled and graphical.target the default)."""
        self.base = base
        self.machine, self.python = machine, python
        self.root = base / "root"
        self.state = base / "fakestate"
        self.bin = base / "bin"
        for d in (
            self.root / "boot" / "firmware",
            self.root / "proc" / "device-tree",
            self.root / "etc",
            self.state,
            self.bin,
        ):
            d.mkdir(parents=True, exist_ok=True)
        self.config_txt.write_text(CONFIG_TXT)
        self.cmdline_txt.write_text(CMDLINE_TXT)
        (self.root / "proc" / "device-tree" / "model").write_bytes(model.encode() + b"\0")
        (self.root / "proc" / "device-tree" / "compatible").write_bytes(
            b"raspberrypi,model\0" + soc.encode() + b"\0"
        )
        (self.root / "etc" / "os-release").write_text(f"ID=debian\nVERSION_CODENAME={codename}\n")
        if desktop:
            units = self.root / "etc" / "systemd" / "system"
            units.mkdir(parents=True)
            (units / "display-manager.service").symlink_to("/lib/systemd/system/lightdm.service")
            (units / "default.target").symlink_to("/lib/systemd/system/graphical.target")
        (self.state / "group").write_text("video\nrender\ninput\ndialout\n")  # gpio, spi missing
        for name, body in {**_STUBS, "python3": _PYTHON}.items():
            path = self.bin / name
            path.write_text("#!/bin/sh\n" + body)
            path.chmod(0o755)

    @property
    def config_txt(self) -> Path:
        """The fake /boot/firmware/config.txt."""
        return self.root / "boot" / "firmware" / "config.txt"

    @property
    def cmdline_txt(self) -> Path:
        """The fake /boot/firmware/cmdline.txt."""
        return self.root / "boot" / "firmware" / "cmdline.txt"

    @property
    def default_target(self) -> Path:
        """The fake root's /etc/systemd/system/default.target link."""
        return self.root / "etc" / "systemd" / "system" / "default.target"

    @property
    def unit(self) -> Path:
        """Where the installer puts the unit inside the fake root."""
        return self.root / "etc" / "systemd" / "system" / "companion.service"

    @property
    def config_toml(self) -> Path:
        """Where the installer puts the config inside the fake root."""
        return self.root / "etc" / "companion" / "config.toml"

    def add_user(self, name: str) -> None:
        """An existing account (e.g. the login user `pi`)."""
        with open(self.state / "passwd", "a") as f:
            f.write(name + "\n")

    def run(
        self, *args: str, env: dict | None = None, script: Path = INSTALLER, timeout: float = 60
    ) -> subprocess.CompletedProcess:
        """Run the real install.sh (`script`: the one of another checkout) against this root; the
        calls log starts empty each time."""
        (self.state / "calls.log").write_text("")
        env = {
            **(env or {}),
            "PATH": f"{self.bin}:/usr/bin:/bin",
            "ROOT": str(self.root),
            "FAKE_STATE": str(self.state),
            "REAL_PYTHON": sys.executable,
            "PYTHONPATH": str(REPO),
            "HOME": str(self.base),
            "LANG": "C.UTF-8",
            "FAKE_MACHINE": self.machine,
            "FAKE_PY_VERSION": self.python,
        }
        return subprocess.run(
            ["bash", str(script), *args], env=env, capture_output=True, text=True, timeout=timeout
        )

    def calls(self) -> list[str]:
        """Fake commands run by the last `run`, one line each."""
        return (self.state / "calls.log").read_text().splitlines()

    def snapshot(self) -> dict[str, str]:
        """Every file under the root (path -> sha256), to prove what changed."""
        out = {}
        for dirpath, _dirs, files in os.walk(self.root):
            for f in files:
                p = Path(dirpath) / f
                # links (e.g. /usr/local/bin/companion) point at absolute paths outside the fake root
                data = os.readlink(p).encode() if p.is_symlink() else p.read_bytes()
                out[str(p.relative_to(self.root))] = hashlib.sha256(data).hexdigest()
        return out
