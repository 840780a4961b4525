#!/usr/bin/env bash
# Install the Nightwatch companion as a boot service on Raspberry Pi OS or plain Debian arm64 (Bookworm
# or later; Pi 5, Pi 4, Pi 3, Zero 2 W). Run from a checkout: `sudo bash systemd/install.sh` (or
# `make install-pi`). Safe to run again: a second run changes nothing that is already right.
#
# Usage: install.sh [--dry-run] [--uninstall] [--user NAME] [--login-user NAME] [--prefix DIR] [--no-apt] [--camera] [-h]
#   --dry-run     print every step instead of doing it
#   --uninstall   remove the service, the boot-config block, the venv and /usr/local/bin/companion, and
#                 boot to the desktop again if the install had turned that off (keeps the config in
#                 /etc/companion, the journal in /var/lib/companion and the user)
#   --user NAME   account the service runs as (default: companion; created if missing)
#   --login-user NAME  the person who runs `companion doctor`, `hw-test`, `journal` by hand: put in
#                 the service's group so they read the same config and journal (default: $SUDO_USER)
#   --prefix DIR  where the venv goes (default: /opt/companion; the venv is DIR/venv)
#   --no-apt      skip apt-get (packages already installed, or offline)
#   --camera      the camera card reader too: the [camera] extra (OpenCV) in the venv; the Pi camera's
#                 picamera2 comes from Raspberry Pi OS (python3-picamera2) and the venv sees the
#                 system's packages (it is made with --system-site-packages)
#
# What goes where: config and taught cards in /etc/companion, journal in /var/lib/companion (both
# root/service user : service group, 2770), `companion` on PATH as /usr/local/bin/companion.
#
# A desktop image (Raspberry Pi OS with a display manager such as lightdm) boots to the console
# instead, so the table owns the screen after every reboot: `systemctl set-default multi-user.target`
# (the core of `raspi-config nonint do_boot_behaviour B1`); the target it had is kept and `--uninstall`
# sets it back.
#
# Environment (for tests and unusual layouts): ROOT=/some/dir puts every system path under it
# (/etc, /boot, /opt, /var/lib, /proc); PYTHON picks the interpreter for the venv (python3);
# SRC the source tree to install (default: the checkout this script is in); COMPANION_DEVICE_TREE the
# device tree's `compatible` file (default: /proc/device-tree/compatible under ROOT; `model` is read
# beside it), the same variable the companion and its doctor read.
set -euo pipefail

ROOT="${ROOT:-}"
PYTHON="${PYTHON:-python3}"
SRC="${SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
DEVICE_TREE="${COMPANION_DEVICE_TREE:-$ROOT/proc/device-tree/compatible}"
SERVICE_USER="companion"
PREFIX="/opt/companion"
LOGIN_USER="${SUDO_USER:-}"
DRY_RUN=0
UNINSTALL=0
CODENAME=""     # from /etc/os-release (preflight)
PY_VERSION=""   # of $PYTHON, "3.11"
MACHINE=""      # uname -m
USE_APT=1
CAMERA=0        # --camera: install the [camera] extra
# audio: /dev/snd/* is root:audio 0660, and a boot service has no seat to get it from.
GROUPS_NEEDED=(video render input gpio spi dialout audio)
# SDL's KMSDRM driver (the screen without a desktop) loads libdrm.so.2, libgbm.so.1, libEGL.so.1 and
# libGLESv2.so.2 from the system at run time; the pygame-ce wheel does not bundle them and
# --no-install-recommends does not bring them. GBM and EGL then load Mesa's driver for the card
# (vc4/v3d): on Debian 12 "bookworm" it is in libgl1-mesa-dri, which none of those four pulls in
# (checked: libgbm1 22.3 depends on libc6, libdrm2, libexpat1, libwayland-server0 only; libegl1 on
# libglvnd0 and libegl-mesa0, which does not need it either) -- without it the screen stays black
# ("MESA-LOADER: failed to open vc4"). From Debian 13 "trixie" (Mesa 25) on, the drivers' code is in
# mesa-libgallium and libgl1-mesa-dri keeps thin *_dri.so loaders: both are named (mesa_packages).
# `companion doctor` loads the libraries and opens a GBM device and EGL on the card for real.
APT_DISPLAY=(libegl1 libgles2 libgbm1 libdrm2)
APT_REQUIRED=(python3-venv python3-dev python3-pip build-essential swig alsa-utils "${APT_DISPLAY[@]}")
# Runtime libraries: the aarch64 pygame-ce wheel bundles SDL, but 32-bit (armv7l) builds from
# piwheels link the system SDL. liblgpio-dev (Raspberry Pi OS only) is taken when the archive has it
# and never needed: lgpio builds from its own sources where no wheel fits (see lgpio_needs_build). espeak-ng speaks One Night's narration (without it the narration is on
# screen only). alsa-utils (aplay) is how `companion doctor` plays its test chime.
# python3-picamera2 (Raspberry Pi OS's archive only) drives the Pi camera for the camera card reader.
APT_OPTIONAL=(libsdl2-2.0-0 libsdl2-image-2.0-0 libsdl2-mixer-2.0-0 libsdl2-ttf-2.0-0 espeak-ng python3-picamera2)
BEGIN_MARK="# >>> nightwatch-companion (managed by systemd/install.sh) >>>"
END_MARK="# <<< nightwatch-companion <<<"

say() { printf '%s\n' "$*"; }
die() { printf 'install.sh: %s\n' "$1" >&2; exit "${2:-1}"; }

# usage: the comment block at the top of this file (up to the first line of code).
usage() { awk 'NR == 1 { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "${BASH_SOURCE[0]}"; }

parse_args() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --dry-run) DRY_RUN=1 ;;
            --uninstall) UNINSTALL=1 ;;
            --no-apt) USE_APT=0 ;;
            --camera) CAMERA=1 ;;
            --user) [ $# -ge 2 ] || die "--user needs a name" 2; SERVICE_USER="$2"; shift ;;
            --user=*) SERVICE_USER="${1#--user=}" ;;
            --login-user) [ $# -ge 2 ] || die "--login-user needs a name" 2; LOGIN_USER="$2"; shift ;;
            --login-user=*) LOGIN_USER="${1#--login-user=}" ;;
            --prefix) [ $# -ge 2 ] || die "--prefix needs a directory" 2; PREFIX="$2"; shift ;;
            --prefix=*) PREFIX="${1#--prefix=}" ;;
            -h|--help) usage; exit 0 ;;
            *) die "unknown option '$1' (see --help)" 2 ;;
        esac
        shift
    done
    [[ "$SERVICE_USER" =~ ^[a-z_][a-z0-9_-]*$ ]] || die "bad user name '$SERVICE_USER'" 2
    # the service runs unprivileged (SPI LEDs, GPIO, serial and KMSDRM need groups, not root)
    [ "$SERVICE_USER" != root ] || die "the service must not run as root: pick another --user (default: companion)" 2
    [ "$LOGIN_USER" != root ] || LOGIN_USER=""
    [ -z "$LOGIN_USER" ] || [[ "$LOGIN_USER" =~ ^[a-z_][a-z0-9_-]*$ ]] || die "bad login user name '$LOGIN_USER'" 2
    [[ "$PREFIX" = /* ]] || die "--prefix must be an absolute path, got '$PREFIX'" 2
    PREFIX="${PREFIX%/}"
    VENV="$PREFIX/venv"
    STATE_DIR="/var/lib/companion"
    CONFIG_DIR="/etc/companion"
    BIN_LINK="/usr/local/bin/companion"
    UNIT_PATH="$ROOT/etc/systemd/system/companion.service"
}

# shown CMD...: the command line as a shell would need it typed (quotes only where needed).
shown() {
    local a out=()
    for a in "$@"; do
        if [[ "$a" =~ ^[A-Za-z0-9_./=:,+@%-]+$ ]]; then out+=("$a"); else out+=("$(printf '%q' "$a")"); fi
    done
    printf '%s' "${out[*]}"
}

# run CMD...: do it, or print it under --dry-run.
run() {
    if [ "$DRY_RUN" = 1 ]; then say "  would run: $(shown "$@")"; else say "  + $(shown "$@")"; "$@"; fi
}

# write_file PATH: replace PATH's content with stdin only when it differs (writes through symlinks,
# so /boot/config.txt -> /boot/firmware/config.txt stays a link).
write_file() {
    local path="$1" new
    new="$(cat; printf x)"; new="${new%x}"
    if [ -f "$path" ] && [ "$(cat "$path"; printf x)" = "${new}x" ]; then
        say "  unchanged: $path"; return 0
    fi
    if [ "$DRY_RUN" = 1 ]; then
        say "  would write: $path"
        if [ -f "$path" ]; then
            diff -u "$path" <(printf '%s' "$new") | tail -n +3 | sed 's/^/    | /' || true
        else
            printf '%s' "$new" | sed 's/^/    | /'
        fi
        return 0
    fi
    mkdir -p "$(dirname "$path")"
    if [ -f "$path" ] && [ ! -e "$path.nightwatch-backup" ]; then cp -p "$path" "$path.nightwatch-backup"; fi
    printf '%s' "$new" > "$path"
    say "  wrote: $path"
}

preflight() {
    if [ -z "$ROOT" ] && [ "$DRY_RUN" = 0 ] && [ "$(id -u)" != 0 ]; then
        die "run as root: sudo bash systemd/install.sh (or --dry-run to see the steps)"
    fi
    local model; model="$(dirname "$DEVICE_TREE")/model"
    if [ -r "$model" ]; then say "board: $(tr -d '\0' < "$model")"; else say "board: unknown (no device tree: not a Raspberry Pi?)"; fi
    if [ -r "$ROOT/etc/os-release" ]; then
        # shellcheck disable=SC1091
        CODENAME="$(. "$ROOT/etc/os-release"; printf '%s' "${VERSION_CODENAME:-}")"
        case "$CODENAME" in buster|bullseye) say "warning: $CODENAME is older than Bookworm; untested" ;; esac
    fi
    PY_VERSION="$("$PYTHON" --version 2>&1 | sed -n 's/^Python \([0-9]*\.[0-9]*\).*/\1/p')"
    MACHINE="$(uname -m)"
    say "system: ${CODENAME:-unknown release}, Python ${PY_VERSION:-?}, $MACHINE"
}

# mesa_packages: Mesa's DRI/gallium drivers for this release (see APT_DISPLAY; the same rule as
# companion/cli/doctor_screen.py's mesa_packages, and a test keeps the two equal).
mesa_packages() {
    case "$CODENAME" in
        ""|buster|bullseye|bookworm) printf '%s\n' libgl1-mesa-dri ;;
        *) printf '%s\n' libgl1-mesa-dri mesa-libgallium ;;
    esac
}

# lgpio_needs_build: true when PyPI has no lgpio wheel for this Python on this board. Checked on PyPI:
# lgpio 0.2.2.0 has aarch64 wheels for CPython 3.9-3.12 only (3.13 finds just a placeholder 0.0.0.2),
# so Trixie's Python 3.13 builds it, on 64-bit and on 32-bit (armv7l, whose Bookworm wheels come from
# piwheels). lgpio's own build then compiles its bundled C sources into the module when PYPI=1 is set
# (`PYPI=1 pip install --no-binary lgpio lgpio`): it needs swig and build-essential (required below),
# not liblgpio-dev, which only Raspberry Pi OS's archive has -- plain Debian arm64 (Debian's own Pi
# images, Bookworm and Trixie) installs the same way. Seen built and imported on Trixie arm64 with
# no liblgpio (issue #36).
lgpio_needs_build() {
    case "$MACHINE" in aarch64|armv7l) ;; *) return 1 ;; esac
    [ -n "$PY_VERSION" ] && [ "${PY_VERSION#3.}" -ge 13 ] 2> /dev/null
}

step_apt() {
    say "== packages"
    if [ "$USE_APT" = 0 ]; then say "  skipped (--no-apt)"; return 0; fi
    local required=("${APT_REQUIRED[@]}") optional=(liblgpio-dev "${APT_OPTIONAL[@]}") pkg
    mapfile -t -O "${#required[@]}" required < <(mesa_packages)
    run apt-get update
    run apt-get install -y --no-install-recommends "${required[@]}" \
        || die "apt-get could not install ${required[*]}"
    for pkg in "${optional[@]}"; do
        run apt-get install -y --no-install-recommends "$pkg" || say "  note: $pkg not available; continuing"
    done
}

# step_lgpio: on a Python with no lgpio wheel, lgpio built from its own sources before the [pi]
# extra asks for it (which then finds it installed); see lgpio_needs_build.
step_lgpio() {
    lgpio_needs_build || return 0
    say "  Python $PY_VERSION on $MACHINE: no lgpio wheel on PyPI, so lgpio is built from its own C sources (swig, build-essential)"
    run env PYPI=1 "$ROOT$VENV/bin/python" -m pip install --quiet --no-binary lgpio "lgpio>=0.2" \
        || die "lgpio did not build: swig and build-essential are needed (sudo apt install swig build-essential python3-dev)"
}

step_user() {
    say "== user $SERVICE_USER and groups ${GROUPS_NEEDED[*]}"
    if getent passwd "$SERVICE_USER" > /dev/null; then
        say "  user exists: $SERVICE_USER"
    else
        run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "Nightwatch companion" "$SERVICE_USER"
    fi
    local g have missing=()
    have=" $(id -nG "$SERVICE_USER" 2> /dev/null || true) "
    for g in "${GROUPS_NEEDED[@]}"; do
        getent group "$g" > /dev/null || run groupadd --system "$g"
        [[ "$have" == *" $g "* ]] || missing+=("$g")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        run usermod -aG "$(IFS=,; printf '%s' "${missing[*]}")" "$SERVICE_USER"
    else
        say "  already in all groups"
    fi
    step_login_user
}

# The login user joins the service's group: it reads the config and opens the journal that the
# service uses (both 2770 root/service user : service group), without sudo and without owning them.
step_login_user() {
    if [ -z "$LOGIN_USER" ]; then
        say "  no login user (run with sudo, or --login-user NAME): add yours with sudo usermod -aG $SERVICE_USER NAME"
        return 0
    fi
    [ "$LOGIN_USER" != "$SERVICE_USER" ] || return 0
    if ! getent passwd "$LOGIN_USER" > /dev/null; then
        say "  note: login user $LOGIN_USER does not exist; skipped"; return 0
    fi
    if [[ " $(id -nG "$LOGIN_USER" 2> /dev/null || true) " == *" $SERVICE_USER "* ]]; then
        say "  $LOGIN_USER is already in group $SERVICE_USER"
    else
        run usermod -aG "$SERVICE_USER" "$LOGIN_USER"
        say "  $LOGIN_USER joins group $SERVICE_USER at the next login (or run: newgrp $SERVICE_USER)"
    fi
}

step_venv() {
    say "== venv $VENV with the [pi] extra"
    "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "$PYTHON is older than 3.11; Raspberry Pi OS Bookworm ships 3.11"
    # --system-site-packages: picamera2 is an apt package (python3-picamera2), not on PyPI; the
    # venv's own packages still come first. A venv made before this line gets the same switch.
    if [ -x "$ROOT$VENV/bin/python" ]; then
        say "  venv exists"
        if grep -q '^include-system-site-packages = false' "$ROOT$VENV/pyvenv.cfg" 2> /dev/null; then
            run sed -i 's/^include-system-site-packages = false/include-system-site-packages = true/' "$ROOT$VENV/pyvenv.cfg"
        fi
    else
        run "$PYTHON" -m venv "$ROOT$VENV" --system-site-packages
    fi
    run "$ROOT$VENV/bin/python" -m pip install --quiet --upgrade pip
    # Never both pygame and pygame-ce: they overwrite each other's files silently, so when plain
    # pygame is there, remove both and let the install below bring pygame-ce back whole.
    if "$ROOT$VENV/bin/python" -m pip show --quiet pygame > /dev/null 2>&1; then
        run "$ROOT$VENV/bin/python" -m pip uninstall --quiet --yes pygame pygame-ce
    fi
    step_lgpio
    stage_source
    if [ "$CAMERA" = 1 ]; then
        run "$ROOT$VENV/bin/python" -m pip install --quiet "$STAGE[pi,camera]"
    else
        run "$ROOT$VENV/bin/python" -m pip install --quiet "$STAGE[pi]"
    fi
    step_path
}

# stage_source: a copy of the checkout in a fresh temporary folder (STAGE), which pip builds in. pip
# builds a local folder in place: run as root on the checkout itself, it would leave build/, the
# .egg-info and the compiled catalogs there owned by root, and the login user's `make run`, `make test`
# and `git clean` would then fail on them. The copy leaves out what a build or a venv made (and .git);
# it is removed when the installer ends, however it ends.
STAGE=""
stage_source() {
    if [ "$DRY_RUN" = 1 ]; then
        STAGE="/tmp/companion-src.XXXXXX"
        say "  would copy $SRC to $STAGE (without .git, .venv, build/, *.egg-info, *.mo) and build there"
        return 0
    fi
    STAGE="$(mktemp -d "${TMPDIR:-/tmp}/companion-src.XXXXXX")"
    trap 'rm -rf "$STAGE"' EXIT
    tar -C "$SRC" --exclude=.git --exclude=.venv --exclude=build --exclude='*.egg-info' --exclude=__pycache__ \
        --exclude='*.mo' --exclude=.pytest_cache --exclude=.hypothesis -cf - . \
        | tar -C "$STAGE" --no-same-owner -xf - || die "could not copy $SRC to $STAGE"
    say "  copied $SRC to $STAGE: pip builds there, the checkout stays as it is"
}

# `companion` on PATH for every user: a link to the venv's script (so sudo is not needed to find it).
step_path() {
    local link="$ROOT$BIN_LINK" target="$VENV/bin/companion"
    if [ -L "$link" ] && [ "$(readlink "$link")" = "$target" ]; then say "  unchanged: $link -> $target"; return 0; fi
    [ ! -e "$link" ] || [ -L "$link" ] || die "$link exists and is not a link; move it away and run again"
    run mkdir -p "$(dirname "$link")"
    run ln -sfn "$target" "$link"
}

# pi5: the device tree names the BCM2712 (Pi 5, Pi 500, CM5).
pi5() { tr '\0' '\n' < "$DEVICE_TREE" 2> /dev/null | grep -q bcm2712; }

# The reader's UART on GPIO14/15: /dev/serial0 everywhere but on a Pi 5, where serial0 is the 3-pin
# debug connector and GPIO14/15 are /dev/ttyAMA0 (with dtoverlay=uart0-pi5, in the boot block).
uart_port() { if pi5; then printf /dev/ttyAMA0; else printf /dev/serial0; fi; }

step_state() {
    say "== config in $CONFIG_DIR, journal in $STATE_DIR (group $SERVICE_USER, 2770)"
    local dir="$ROOT$CONFIG_DIR" conf="$ROOT$CONFIG_DIR/config.toml" old="$ROOT$STATE_DIR/config" port
    port="$(uart_port)"
    run mkdir -p "$dir" "$ROOT$STATE_DIR"
    if [ -f "$old/config.toml" ] && [ ! -e "$conf" ]; then
        # earlier installs kept the config beside the journal: move it (and taught cards) to one place
        run cp -a "$old/." "$dir/"
        run rm -rf "$old"
    fi
    if [ -f "$conf" ]; then
        say "  keeping your config: $conf"
        # A config kept from an older install may no longer pass (e.g. buttons on the audio pins 12/13
        # of the old default pin map): say so now, with its file:line:field, not at the next boot.
        local problem
        if [ "$DRY_RUN" = 0 ] && ! problem="$("$ROOT$VENV/bin/companion" config --check "$conf" 2>&1)"; then
            say "  warning: your config does not pass \`companion config --check\`; the service will not start until it does:"
            printf '%s\n' "$problem" | sed 's/^/    /'
            say "  fix it there (hardware/README.md, \"Pinout\", says what moved), or move it aside and run the installer again for a new default"
        fi
        if [ "$port" != /dev/serial0 ] && grep -q '^port = "/dev/serial0"' "$conf"; then
            say "  note: on this Pi 5 /dev/serial0 is the debug connector: set port = \"$port\" under [reader]"
        fi
    elif [ "$DRY_RUN" = 1 ]; then
        say "  would write the default config to $conf (reader port $port)"
    else
        "$ROOT$VENV/bin/companion" config --default \
            | sed "s#^port = \"/dev/serial0\"#port = \"$port\"#" > "$conf.tmp" && mv "$conf.tmp" "$conf"
        say "  wrote default config: $conf (reader port $port)"
    fi
    run chown -R "root:$SERVICE_USER" "$dir"
    run chown -R "$SERVICE_USER:$SERVICE_USER" "$ROOT$STATE_DIR"
    # group members read and write, nobody else; setgid keeps files made later in the group
    run chmod -R u+rwX,g+rwX,o-rwx "$dir" "$ROOT$STATE_DIR"
    run find "$dir" "$ROOT$STATE_DIR" -type d -exec chmod 2770 {} +
}

boot_dir() {
    if [ -f "$ROOT/boot/firmware/config.txt" ]; then printf '%s' "$ROOT/boot/firmware"
    elif [ -f "$ROOT/boot/config.txt" ]; then printf '%s' "$ROOT/boot"
    fi
}

# spi0-0cs, checked in raspberrypi/linux (arch/arm/boot/dts/overlays/spi0-0cs-overlay.dts and the
# overlays README): it empties SPI0's cs-gpios and its chip-select pin group (GPIO8 CE0, GPIO7 CE1)
# and disables only spidev1 (/dev/spidev0.1): /dev/spidev0.0, which the LED driver writes, stays.
# Its `no_miso` parameter would free GPIO9 (MISO) too; the default pin map does not use GPIO9, so
# the plain overlay is written and doctor names `,no_miso` when a button is put there. On a Pi 5 the
# overlay empties the BCM283x property `brcm,pins`, while RP1's chip-select group (rp1.dtsi,
# rp1_spi0_cs_gpio7) is written with generic `pins`/`function`: whether GPIO7/8 really come free there
# has not been seen yet (`companion hw-test` shows it; hardware/README.md, "What has run").
boot_block() {
    cat <<EOF
$BEGIN_MARK
[all]
# SPI for the LED chain on GPIO10 (MOSI): no root needed, no clash with audio.
dtparam=spi=on
# The LEDs need no chip select: GPIO7 and GPIO8 stay free for buttons (/dev/spidev0.0 remains).
dtoverlay=spi0-0cs
# UART on GPIO14/15 for the PN532 reader (the serial console is removed from cmdline.txt).
enable_uart=1
# Keep the SPI clock steady: it follows the core clock on these boards.
[pi4]
core_freq_min=500
[pi3]
core_freq=250
[pi02]
core_freq=250
# Pi 5: /dev/serial0 is the debug connector; this puts UART0 (/dev/ttyAMA0) on GPIO14/15.
[pi5]
dtoverlay=uart0-pi5
[all]
$END_MARK
EOF
}

# without_block FILE: FILE's text minus our marked block.
without_block() {
    awk -v b="$BEGIN_MARK" -v e="$END_MARK" '$0 == b {skip = 1; next} $0 == e {skip = 0; next} !skip' "$1"
}

step_boot() {
    say "== boot config (SPI, UART, core clock)"
    local dir; dir="$(boot_dir)"
    if [ -z "$dir" ]; then say "  no config.txt under $ROOT/boot: not a Raspberry Pi? skipped"; return 0; fi
    { without_block "$dir/config.txt"; boot_block; } | write_file "$dir/config.txt"
    if [ -f "$dir/cmdline.txt" ]; then
        # The PN532 needs the UART to itself: drop a serial login console from the kernel line.
        sed -E 's/(^| )console=(serial0|ttyAMA0|ttyS0)(,[0-9]+)?( |$)/\1\4/g; s/  +/ /g; s/^ //' \
            "$dir/cmdline.txt" | write_file "$dir/cmdline.txt"
    fi
}

# unit_link NAME: the unit the link NAME points at (/etc/systemd/system first, as systemd reads it).
unit_link() {
    local d
    for d in /etc/systemd/system /lib/systemd/system /usr/lib/systemd/system; do
        if [ -L "$ROOT$d/$1" ]; then basename "$(readlink "$ROOT$d/$1")"; return 0; fi
    done
}

# A desktop image starts its display manager (lightdm) on graphical.target and it holds the screen:
# boot to the console instead (the desktop stays installed: `sudo systemctl isolate graphical.target`
# starts it once). The target it had is kept beside the venv for --uninstall.
step_boot_target() {
    say "== boot target (the table owns the screen)"
    local manager target note="$ROOT$PREFIX/installer-default-target"
    manager="$(unit_link display-manager.service)"
    target="$(unit_link default.target)"
    if [ -z "$manager" ]; then say "  no desktop login is enabled: nothing to change"; return 0; fi
    if [ "$target" != graphical.target ]; then
        say "  $manager is enabled, but the boot goes to ${target:-?}: it does not start"; return 0
    fi
    printf '%s\n' "$target" | write_file "$note"
    run systemctl set-default multi-user.target
    say "  $manager no longer starts at boot; --uninstall brings the desktop back"
}

render_unit() {
    local protect_home="yes"
    case "$PREFIX/" in /home/*|/root/*) protect_home="read-only" ;; esac
    sed -e "s#@USER@#$SERVICE_USER#g" -e "s#@VENV@#$VENV#g" -e "s#@PROTECT_HOME@#$protect_home#g" \
        "$SRC/systemd/companion.service"
}

step_unit() {
    say "== service"
    render_unit | write_file "$UNIT_PATH"
    run systemctl daemon-reload
    run systemctl enable companion.service
}

# The boot target the install replaced, set back (only a plain *.target name is taken from the note).
restore_boot_target() {
    local note="$ROOT$PREFIX/installer-default-target" target
    [ -f "$note" ] || return 0
    target="$(head -n 1 "$note")"
    if [[ "$target" =~ ^[A-Za-z0-9_.@-]+\.target$ ]]; then
        run systemctl set-default "$target"
        say "  the boot goes to $target again (the desktop starts after the next reboot)"
    else
        say "  note: $note does not name a boot target; left as it is"
    fi
    run rm -f "$note"
}

uninstall() {
    say "== uninstall"
    run systemctl disable --now companion.service || true
    if [ -f "$UNIT_PATH" ]; then run rm -f "$UNIT_PATH"; else say "  no unit at $UNIT_PATH"; fi
    run systemctl daemon-reload
    local dir; dir="$(boot_dir)"
    if [ -n "$dir" ] && grep -qxF "$BEGIN_MARK" "$dir/config.txt"; then
        without_block "$dir/config.txt" | write_file "$dir/config.txt"
    fi
    restore_boot_target
    if [ -d "$ROOT$VENV" ]; then run rm -rf "$ROOT$VENV"; fi
    if [ -L "$ROOT$BIN_LINK" ] && [ "$(readlink "$ROOT$BIN_LINK")" = "$VENV/bin/companion" ]; then
        run rm -f "$ROOT$BIN_LINK"
    fi
    say "kept: $CONFIG_DIR (your config), $STATE_DIR (your journal) and the user $SERVICE_USER."
    say "The serial console stays off; \`sudo raspi-config\` turns it back on."
}

main() {
    parse_args "$@"
    [ "$DRY_RUN" = 1 ] && say "dry run: nothing will be changed"
    preflight
    if [ "$UNINSTALL" = 1 ]; then uninstall; return 0; fi
    step_apt
    step_user
    step_venv
    step_state
    step_boot
    step_boot_target
    step_unit
    say "done. Reboot once so the boot settings (and your new group) apply: sudo reboot; then check with:"
    say "  companion doctor; systemctl status companion; journalctl -u companion -b"
    say "first power-up checklist: hardware/README.md"
}

main "$@"
