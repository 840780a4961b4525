#!/usr/bin/env bash
# The Raspberry Pi install, proven on emulated arm64 (issue #36, point 8): builds Debian arm64
# roots (Bookworm, Trixie) once, then on a fresh copy of one for every run does what the README's
# "Raspberry Pi" section tells a maker to do, with a Pi's device tree faked, and says how each step went.
#
# Usage: tools/pi-emu.sh [--release bookworm|trixie|all] [--board pi4|pi5|zero2w|all] [--quick]
#                        [--steps LIST] [--keep] [--reuse] [--checkout DIR] [--rebuild] [--cache-only]
#                        [--dry-run] [-h]
#   --release R   which Debian release(s) (default: all = bookworm trixie)
#   --board B     which faked board(s) (default: all = pi4 pi5 zero2w); the installer, `make run` and
#                 `make test` run once per release with the first board, the [pi] import check and the
#                 service start once per board
#   --quick       leave out make-test (the whole suite: about 45 minutes under emulation)
#   --steps LIST  only these steps, comma-separated (names below); root and copy always run
#   --keep        leave the run's root in $PI_EMU_RUNS/RELEASE for inspection
#                 (enter it with: sudo chroot $PI_EMU_RUNS/RELEASE/root /bin/bash)
#   --reuse       run the steps on the root a --keep run left, instead of a fresh copy (and keep it):
#                 `--reuse --steps make-test` runs the whole suite where the installer ran,
#                 `--reuse --steps install` runs the installer a second time
#   --checkout DIR  the checkout to install (default: the one this script is in); its files as git
#                 would clone them (tracked and untracked, not ignored), with uncommitted changes
#   --rebuild     build the release's root again instead of taking the cached one
#   --cache-only  build the roots' cache (both stages) when missing, then stop
#   --dry-run     print the steps in order, with what each one runs, and change nothing
#
# Steps, in order, for each release:
#   host       qemu-user-static, mmdebstrap, binfmt_misc with qemu-aarch64 (flags POCF)       (once)
#   root       the cached root (mmdebstrap --architectures=arm64 from Debian's archive; built when missing)
#   copy       a fresh copy of it, made to look like a Raspberry Pi OS card: user `pi` with sudo,
#              /boot/firmware/config.txt and cmdline.txt, the checkout in /home/pi/nightwatch
#   install    as pi in the checkout: `sudo bash systemd/install.sh`, as README.md says
#   installed  what the installer left: the unit, the link, config.txt's block, and nothing in the
#              checkout owned by root
#   unit       `systemd-analyze verify` on the installed unit
#   make-run   as pi: `make run` (its first run installs .venv with the network), to READY=1, SIGTERM
#   make-test  as pi: `make test`, the whole suite (its .venv with the network, the tests without)
# and for each board:
#   pi-import  as the service user: gpiozero, lgpio, board and neopixel_spi import, Blinka names the board
#   service    the unit's ExecStart as the unit runs it, to READY=1 and WATCHDOG=1, then SIGTERM: exit 0
#
# Exit status: 0 every step passed, 1 a step failed (its log is named), 2 bad usage.
#
# Needs: root, a Debian (or Ubuntu) host with apt, Debian's archive and PyPI reachable. The roots are
# cached in $PI_EMU_CACHE (default /var/cache/nightwatch-pi-emu): about 0.5 GB each. A run works on
# a copy in $PI_EMU_RUNS/RELEASE (default $PI_EMU_CACHE/runs; 2-3 GB after the install and make
# test; two runs at once need two of these), its logs stay in $PI_EMU_RUNS/logs/RELEASE. $PI_EMU_MIRROR names another Debian mirror; where PyPI is reached through
# an inspecting proxy, $PI_EMU_CA (default: $PIP_CERT or $SSL_CERT_FILE when set) is the CA bundle
# the root's pip is given (a real Pi needs none). $PI_EMU_PYTEST_ADDOPTS is handed to `make test` as
# PYTEST_ADDOPTS (e.g. "-v": each test's name and result in the log as it runs, "-x").
#
# What emulation cannot give, and how this script stands in for it (a real Pi has none of this):
# - no systemd as PID 1: a `systemctl` in /usr/local/sbin runs the offline verbs (enable, set-default)
#   with --root=/ and skips daemon-reload; daemons are not started by package installs
#   (policy-rc.d); the service step runs the unit's ExecStart itself, with the unit's User, groups,
#   working directory, UMask and Environment, and listens on a NOTIFY_SOCKET as systemd would;
# - no device tree on this PC: the kernel's /proc cannot carry one, so the faked
#   /proc/device-tree/{model,compatible,system/linux,revision} are files under
#   /etc/qemu-binfmt/aarch64 in the root, qemu-user's path prefix: every emulated program that opens
#   /proc/device-tree/... reads them (Blinka, gpiozero, the Makefile, install.sh, the app, doctor);
#   qemu does not redirect access(2), so `[ -r ]` there says no (install.sh's "board: unknown"),
#   and a listing of / or /proc in the root shows only the prefix's entries;
# - qemu answers a process's own /proc/<pid>/stat itself, with its own start time (the journal's
#   lease reads the kernel's /proc/<pid>/task/<pid>/stat instead, which qemu passes through);
# - no /dev/gpiochip0, /dev/spidev0.0, DRM, sound: the app runs degraded (the pi backend naming them);
# - the app runs with no network (`unshare -n`): it announces itself over mDNS.
set -euo pipefail

SELF="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")"
TOOLS="$(dirname "$SELF")"
CHECKOUT="$(cd "$TOOLS/.." && pwd)"
CACHE="${PI_EMU_CACHE:-/var/cache/nightwatch-pi-emu}"
RUNS="${PI_EMU_RUNS:-$CACHE/runs}"
ALL_RELEASES=(bookworm trixie)
ALL_BOARDS=(pi4 pi5 zero2w)
RELEASE_STEPS=(install installed unit make-run make-test)
BOARD_STEPS=(pi-import service)
RELEASES=()
BOARDS=()
STEPS=()
QUICK=0
KEEP=0
REBUILD=0
CACHE_ONLY=0
REUSE=0
DRY_RUN=0
# What the root has beside Debian's default (important) set: what a Raspberry Pi OS card has before the README
# begins (sudo for `sudo bash systemd/install.sh`, python3); the installer brings the rest.
INCLUDE="ca-certificates,sudo,python3"
LOGIN_USER=pi
HOME_DIR=/home/pi
REPO_IN_ROOT=/home/pi/nightwatch
NOTIFY_DIR=/run/pi-emu
# The login user's PATH (Debian's /etc/profile for a non-root user).
USER_PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/games:/usr/games
# systemd's PATH for services.
SERVICE_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

say() { printf '%s\n' "$*"; }
die() { printf 'pi-emu: %s\n' "$1" >&2; exit "${2:-1}"; }

usage() { awk 'NR == 1 { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$SELF"; }

# ---------------------------------------------------------------------------------------------------
# Boards: what a Raspberry Pi's firmware puts in the device tree, and what Blinka must call it.

board_model() {
    case "$1" in
        pi4) printf 'Raspberry Pi 4 Model B Rev 1.5' ;;
        pi5) printf 'Raspberry Pi 5 Model B Rev 1.0' ;;
        zero2w) printf 'Raspberry Pi Zero 2 W Rev 1.0' ;;
    esac
}

board_compatible() {
    case "$1" in
        pi4) printf 'raspberrypi,4-model-b\0brcm,bcm2711\0' ;;
        pi5) printf 'raspberrypi,5-model-b\0brcm,bcm2712\0' ;;
        zero2w) printf 'raspberrypi,model-zero-2-w\0brcm,bcm2837\0' ;;
    esac
}

# The revision code (new-style, as /proc/device-tree/system/linux,revision holds it: 4 bytes, big-endian).
board_revision() {
    case "$1" in
        pi4) printf 'c03115' ;;
        pi5) printf 'c04170' ;;
        zero2w) printf '902120' ;;
    esac
}

blinka_board_id() {
    case "$1" in
        pi4) printf 'RASPBERRY_PI_4B' ;;
        pi5) printf 'RASPBERRY_PI_5' ;;
        zero2w) printf 'RASPBERRY_PI_ZERO_2_W' ;;
    esac
}

# ---------------------------------------------------------------------------------------------------
# Arguments

add_list() {  # add_list NAME VALUE ALL...: VALUE ("all" or one of ALL) appended to the array NAME
    local -n into="$1"; local value="$2"; shift 2
    if [ "$value" = all ]; then into+=("$@"); return 0; fi
    local v; for v in "$@"; do [ "$v" = "$value" ] && { into+=("$v"); return 0; }; done
    return 1
}

parse_args() {
    local steps=""
    while [ $# -gt 0 ]; do
        case "$1" in
            --release|--board|--steps|--checkout)
                [ $# -ge 2 ] || die "$1 needs a value (see --help)" 2
                set -- "$1=$2" "${@:3}"; continue ;;
            --release=*) add_list RELEASES "${1#*=}" "${ALL_RELEASES[@]}" \
                || die "unknown release '${1#*=}': bookworm, trixie or all" 2 ;;
            --board=*) add_list BOARDS "${1#*=}" "${ALL_BOARDS[@]}" \
                || die "unknown board '${1#*=}': pi4, pi5, zero2w or all" 2 ;;
            --steps=*) steps="${1#*=}" ;;
            --checkout=*) CHECKOUT="${1#*=}" ;;
            --quick) QUICK=1 ;;
            --keep) KEEP=1 ;;
            --rebuild) REBUILD=1 ;;
            --cache-only) CACHE_ONLY=1 ;;
            --reuse) REUSE=1; KEEP=1 ;;
            --dry-run) DRY_RUN=1 ;;
            -h|--help) usage; exit 0 ;;
            *) die "unknown option '$1' (see --help)" 2 ;;
        esac
        shift
    done
    [ ${#RELEASES[@]} -gt 0 ] || RELEASES=("${ALL_RELEASES[@]}")
    [ ${#BOARDS[@]} -gt 0 ] || BOARDS=("${ALL_BOARDS[@]}")
    mapfile -t RELEASES < <(printf '%s\n' "${RELEASES[@]}" | awk '!seen[$0]++')
    mapfile -t BOARDS < <(printf '%s\n' "${BOARDS[@]}" | awk '!seen[$0]++')
    if [ -n "$steps" ]; then
        local s
        for s in ${steps//,/ }; do
            case " ${RELEASE_STEPS[*]} ${BOARD_STEPS[*]} " in
                *" $s "*) STEPS+=("$s") ;;
                *) die "unknown step '$s': ${RELEASE_STEPS[*]} ${BOARD_STEPS[*]}" 2 ;;
            esac
        done
    else
        STEPS=("${RELEASE_STEPS[@]}" "${BOARD_STEPS[@]}")
    fi
    if [ "$QUICK" = 1 ]; then
        local kept=() s; for s in "${STEPS[@]}"; do [ "$s" = make-test ] || kept+=("$s"); done; STEPS=("${kept[@]}")
    fi
    [ -d "$CHECKOUT" ] && [ -f "$CHECKOUT/systemd/install.sh" ] \
        || die "--checkout: $CHECKOUT is not a checkout of the companion (no systemd/install.sh)" 2
    CHECKOUT="$(cd "$CHECKOUT" && pwd)"
    [[ "$CACHE" = /* ]] || die "PI_EMU_CACHE must be an absolute path, got '$CACHE'" 2
    [[ "$RUNS" = /* ]] || die "PI_EMU_RUNS must be an absolute path, got '$RUNS'" 2
}

wanted() { case " ${STEPS[*]} " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# ---------------------------------------------------------------------------------------------------
# Step lines: one per step, "RELEASE/BOARD  step  ok|FAILED  time  what".

STEP_START=0
STEP_LABEL=""
FAILED=0

now() { date +%s.%N; }

step_begin() {  # step_begin LABEL: the start of the step's line (its end comes from step_end)
    STEP_LABEL="$1"; STEP_START="$(now)"
    printf '%-30s ' "$STEP_LABEL"
}

step_end() {  # step_end ok|FAILED|skipped [NOTE]
    local took; took="$(awk -v a="$STEP_START" -v b="$(now)" 'BEGIN { s = b - a; if (s < 60) printf "%.1f s", s; else printf "%d min %02d s", s / 60, s % 60 }')"
    printf '%-8s %-12s %s\n' "$1" "$took" "${2:-}"
    [ "$1" != FAILED ] || FAILED=1
}

# run_step LABEL LOG NOTE CMD...: the step's command with its output in LOG; on failure the log's
# last lines and its path. The command runs in a subshell with `set -e` in force (in an `if` bash
# would ignore it inside functions too): any command of a step that fails, fails the step.
run_step() {
    local label="$1" log="$2" note="$3" rc=0; shift 3
    step_begin "$label"
    ( set -e; "$@" ) > "$log" 2>&1 || rc=$?
    if [ "$rc" = 0 ]; then
        step_end ok "$note$(step_summary "$log")"
        return 0
    fi
    step_end FAILED "$note"
    say "  last lines of $log:"
    tail -n 25 "$log" | sed 's/^/  | /'
    return 1
}

# step_summary LOG: the lines a step marks with "pi-emu-note:" for the report, after the note.
step_summary() {
    local notes; notes="$(sed -n 's/^pi-emu-note: //p' "$1" | paste -sd ';' -)"
    [ -z "$notes" ] || printf ' (%s)' "$notes"
}

# ---------------------------------------------------------------------------------------------------
# The host: tools and binfmt_misc.

mirror() {
    if [ -n "${PI_EMU_MIRROR:-}" ]; then printf '%s' "$PI_EMU_MIRROR"; return 0; fi
    local url
    url="$(cat /etc/apt/sources.list.d/*.sources 2> /dev/null | awk '/^URIs:/ { u = $2 } /^Suites:/ && u != "" && $0 !~ /-security/ { print u; exit }')"
    [ -n "$url" ] || url="$(awk '$1 == "deb" && $0 !~ /security/ { print $2; exit }' /etc/apt/sources.list 2> /dev/null)"
    case "$url" in *debian*) printf '%s' "$url" ;; *) printf '%s' http://deb.debian.org/debian ;; esac
}

host_check() {
    [ "$(id -u)" = 0 ] || die "run as root (mmdebstrap, chroot and mounts need it): sudo $0 ..."
    local missing=() tool
    for tool in mmdebstrap qemu-aarch64-static unshare chroot setpriv ip python3; do
        command -v "$tool" > /dev/null || missing+=("$tool")
    done
    [ ${#missing[@]} = 0 ] || die "missing on this machine: ${missing[*]} (apt-get install qemu-user-static mmdebstrap binfmt-support)"
    binfmt_register
}

# qemu-aarch64 in binfmt_misc with the flags POCF: F opens qemu once at registration, so it runs
# inside any root; C and O take the credentials from the binary run, not from qemu, so set-uid
# programs such as sudo work ("sudo: effective uid is not 0" without them); P keeps argv[0].
BINFMT=/proc/sys/fs/binfmt_misc
binfmt_register() {
    [ -e "$BINFMT/register" ] || mount -t binfmt_misc binfmt_misc "$BINFMT" \
        || die "could not mount binfmt_misc on $BINFMT"
    local entry="$BINFMT/qemu-aarch64" flags
    if [ -e "$entry" ]; then
        flags="$(sed -n 's/^flags: //p' "$entry")"
        if grep -qx enabled "$entry" && grep -q 'interpreter .*qemu-aarch64-static' "$entry" \
            && [[ "$flags" == *P* && "$flags" == *O* && "$flags" == *C* && "$flags" == *F* ]]; then
            return 0
        fi
        say "pi-emu: qemu-aarch64 in binfmt_misc has flags '$flags'; registering it again with POCF"
        printf -- '-1' > "$entry"
    fi
    printf '%s' ':qemu-aarch64:M::\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:/usr/bin/qemu-aarch64-static:POCF' \
        > "$BINFMT/register" || die "could not register qemu-aarch64 in binfmt_misc"
}

# ---------------------------------------------------------------------------------------------------
# The cached root: mmdebstrap builds it into CACHE/RELEASE/root.new (apt resolves and downloads on
# the host, natively; only the packages' maintainer scripts run under qemu), renamed to root once
# complete. debootstrap's second stage ran its own perl resolver under qemu, about a minute a step:
# Trixie's had not finished after 62 min on a busy 2-core VM, where mmdebstrap took 12 min.

bootstrap_command() {  # bootstrap_command RELEASE DIR: the command, one word per line
    printf '%s\n' mmdebstrap --mode=root --architectures=arm64 --variant=important \
        "--include=$INCLUDE" "$1" "$2" "$(mirror)"
}

build_root() {  # build_root RELEASE
    local dir="$CACHE/$1" cmd=()
    rm -rf "$dir/root.new"
    [ "$REBUILD" = 0 ] || rm -rf "$dir/root"
    mkdir -p "$dir"
    mapfile -t cmd < <(bootstrap_command "$1" "$dir/root.new")
    # binfmt's F flag: qemu was opened at registration, so the root needs no copy of it
    "${cmd[@]}"
    chroot "$dir/root.new" uname -m | grep -qx aarch64 || { say "uname -m in the root is not aarch64"; return 1; }
    printf '%s\nbuilt %s\n' "${cmd[*]}" "$(date -u '+%F %T UTC')" > "$dir/root.new/etc/pi-emu-root"
    rm -rf "$dir/root"
    mv "$dir/root.new" "$dir/root"
}

# ---------------------------------------------------------------------------------------------------
# A run's root: mounts (all in this private mount namespace, so they end with it), a Pi OS look.

ROOT=""
RUN=""
LOGS=""

mount_root() {
    mount -t proc proc "$ROOT/proc"
    mount -t sysfs -o ro sysfs "$ROOT/sys"
    # Its own /dev with the usual nodes, not the host's (nothing in the root reaches the host's disks).
    mount -t tmpfs -o mode=0755,size=16m,nosuid dev "$ROOT/dev"
    mknod -m 666 "$ROOT/dev/null" c 1 3; mknod -m 666 "$ROOT/dev/zero" c 1 5
    mknod -m 666 "$ROOT/dev/full" c 1 7; mknod -m 666 "$ROOT/dev/random" c 1 8
    mknod -m 666 "$ROOT/dev/urandom" c 1 9; mknod -m 666 "$ROOT/dev/tty" c 5 0
    mkdir -m 755 "$ROOT/dev/pts"; mkdir -m 1777 "$ROOT/dev/shm"
    mount -t devpts -o newinstance,ptmxmode=0666,mode=0620,gid=5 devpts "$ROOT/dev/pts"
    ln -s pts/ptmx "$ROOT/dev/ptmx"
    mount -t tmpfs -o mode=1777,nosuid,nodev shm "$ROOT/dev/shm"
    ln -s /proc/self/fd "$ROOT/dev/fd"; ln -s /proc/self/fd/0 "$ROOT/dev/stdin"
    ln -s /proc/self/fd/1 "$ROOT/dev/stdout"; ln -s /proc/self/fd/2 "$ROOT/dev/stderr"
    mount -t tmpfs -o mode=0755,nosuid,nodev,size=256m run "$ROOT/run"
    mkdir -m 1777 "$ROOT/run/lock"
    # what a booted system's /run has from PID 1: systemd-analyze run by a user stops without it
    # ("Failed to create directory '/run/systemd/': Permission denied")
    mkdir -m 0755 "$ROOT/run/systemd"
    mkdir -m 0755 "$ROOT$NOTIFY_DIR"
    hostname raspberrypi
}

# fake_board BOARD: the device tree a Raspberry Pi's firmware gives, where qemu-user looks first.
fake_board() {
    local dt="$ROOT/etc/qemu-binfmt/aarch64/proc/device-tree" rev
    rm -rf "$dt"; mkdir -p "$dt/system"
    { board_model "$1"; printf '\0'; } > "$dt/model"
    board_compatible "$1" > "$dt/compatible"
    rev="$(board_revision "$1")"
    printf "\\x${rev:0:2}\\x${rev:2:2}\\x${rev:4:2}" | { printf '\0'; cat; } > "$dt/system/linux,revision"
}

uid_of() { awk -F: -v u="$1" '$1 == u { print $3 }' "$ROOT/etc/passwd"; }
gid_of() { awk -F: -v g="$1" '$1 == g { print $3 }' "$ROOT/etc/group"; }

# The copy made to look like a Raspberry Pi OS card where the README begins: the first user with
# password-less sudo, the boot partition's two files, the checkout cloned by that user.
pi_os_look() {
    local groups=() g
    cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
    printf 'raspberrypi\n' > "$ROOT/etc/hostname"
    printf '127.0.0.1\tlocalhost\n127.0.1.1\traspberrypi\n::1\tlocalhost ip6-localhost ip6-loopback\n' > "$ROOT/etc/hosts"
    # No systemd runs here: package scripts must not start daemons that outlive the run.
    printf '#!/bin/sh\n# pi-emu: no daemons start in this emulated root (no systemd as PID 1)\nexit 101\n' > "$ROOT/usr/sbin/policy-rc.d"
    chmod 755 "$ROOT/usr/sbin/policy-rc.d"
    install -m 755 "$TOOLS/pi-emu-systemctl" "$ROOT/usr/local/sbin/systemctl"
    for g in adm dialout cdrom sudo audio video plugdev games users input render netdev; do
        grep -q "^$g:" "$ROOT/etc/group" && groups+=("$g")
    done
    chroot "$ROOT" useradd --create-home --shell /bin/bash --groups "$(IFS=,; printf '%s' "${groups[*]}")" "$LOGIN_USER"
    printf '%s ALL=(ALL) NOPASSWD: ALL\n' "$LOGIN_USER" > "$ROOT/etc/sudoers.d/010_pi-nopasswd"
    chmod 440 "$ROOT/etc/sudoers.d/010_pi-nopasswd"
    mkdir -p "$ROOT/boot/firmware"
    cat > "$ROOT/boot/firmware/config.txt" <<'EOF'
# For more options and information see
# http://rptl.io/configtxt
# Some settings may impact device functionality. See link above for details

# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on

# Enable audio (loads snd_bcm2835)
dtparam=audio=on

# Automatically load overlays for detected cameras
camera_auto_detect=1

# Automatically load overlays for detected DSI displays
display_auto_detect=1

# Automatically load initramfs files, if found
auto_initramfs=1

# Enable DRM VC4 V3D driver
dtoverlay=vc4-kms-v3d
max_framebuffers=2

# Don't have the firmware create an initial video= setting in cmdline.txt.
# Use the kernel's default instead.
disable_fw_kms_setup=1

# Run in 64-bit mode
arm_64bit=1

# Disable compensation for displays with overscan
disable_overscan=1

# Run as fast as firmware supports
arm_boost=1

[cm4]
# Enable host mode on the 2711 built-in XHCI USB controller.
# This line should be removed if the legacy DWC2 controller is required
# (e.g. for USB device mode) or if USB support is not required.
otg_mode=1

[cm5]
dtoverlay=dwc2,dr_mode=host

[all]
EOF
    printf 'console=serial0,115200 console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4 fsck.repair=yes rootwait quiet splash plymouth.ignore-serial-consoles\n' \
        > "$ROOT/boot/firmware/cmdline.txt"
    host_ca
    copy_checkout
}

# Where PyPI is reached through an inspecting proxy, the root's pip needs this machine's CA bundle.
host_ca() {
    local ca="${PI_EMU_CA:-${PIP_CERT:-${SSL_CERT_FILE:-}}}"
    [ -n "$ca" ] && [ -f "$ca" ] || return 0
    cp "$ca" "$ROOT/etc/ssl/certs/pi-emu-host-ca.pem"
    printf '[global]\n# pi-emu: this machine reaches PyPI through a proxy with its own CA (a real Pi needs none)\ncert = /etc/ssl/certs/pi-emu-host-ca.pem\n' \
        > "$ROOT/etc/pip.conf"
    say "pi-emu-note: pip in the root trusts $ca"
}

# The checkout as a clone of it has it (tracked and untracked files, not the ignored ones: no .venv,
# build/ or compiled catalogs), owned by the login user.
copy_checkout() {
    local dest="$ROOT$REPO_IN_ROOT"
    mkdir -p "$dest"
    if git -C "$CHECKOUT" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
        (cd "$CHECKOUT" && git ls-files -z --cached --others --exclude-standard --deduplicate \
            | tar --null --ignore-failed-read -T - -cf - 2> /dev/null) | tar -C "$dest" -xf -
    else
        tar -C "$CHECKOUT" --exclude=.git --exclude=.venv --exclude=build --exclude='*.egg-info' \
            --exclude=__pycache__ --exclude='*.mo' -cf - . | tar -C "$dest" -xf -
    fi
    chown -R "$(uid_of "$LOGIN_USER"):$(gid_of "$LOGIN_USER")" "$ROOT$HOME_DIR"
}

# ---------------------------------------------------------------------------------------------------
# Running things in the root.

# as_login CMD: CMD in bash as the login user, in the checkout, with a login's environment; the
# groups are read from /etc/group now, as after logging in again.
as_login() {
    chroot "$ROOT" /usr/bin/setpriv --reuid="$LOGIN_USER" --regid="$LOGIN_USER" --init-groups \
        /usr/bin/env -i HOME="$HOME_DIR" USER="$LOGIN_USER" LOGNAME="$LOGIN_USER" SHELL=/bin/bash \
        PATH="$USER_PATH" LANG=C.UTF-8 TERM=dumb ${NOTIFY:+NOTIFY_SOCKET=$NOTIFY} \
        ${PI_EMU_PYTEST_ADDOPTS:+PYTEST_ADDOPTS="$PI_EMU_PYTEST_ADDOPTS"} \
        /bin/bash -lc "cd $REPO_IN_ROOT && $1"
}

# offline CMD...: CMD in a network namespace of its own, only the loopback up.
offline() { unshare -n -- sh -c 'ip link set lo up && exec "$@"' offline "$@"; }

# unit_value KEY: the installed unit's last KEY= line's value.
UNIT=/etc/systemd/system/companion.service
unit_value() { sed -n "s/^$1=//p" "$ROOT$UNIT" | tail -n 1; }

seconds() {  # seconds VALUE: systemd's time span ("90", "90s", "1min 30s") in seconds
    awk -v v="$1" 'BEGIN { n = split(v, a, " "); t = 0
        for (i = 1; i <= n; i++) { x = a[i]; u = x; sub(/^[0-9.]+/, "", u); sub(/[a-z]+$/, "", x)
            t += x * (u == "min" ? 60 : u == "h" ? 3600 : u == "ms" ? 0.001 : 1) }
        print t }'
}

# ---------------------------------------------------------------------------------------------------
# The steps.

do_install() {
    as_login "sudo bash systemd/install.sh"
}

do_installed() {  # do_installed BOARD
    local bad=0 owned port=/dev/serial0
    [ "$1" != pi5 ] || port=/dev/ttyAMA0
    [ -f "$ROOT$UNIT" ] || { say "no unit at $UNIT"; bad=1; }
    [ -L "$ROOT/usr/local/bin/companion" ] || { say "no /usr/local/bin/companion link"; bad=1; }
    [ -L "$ROOT/etc/systemd/system/multi-user.target.wants/companion.service" ] \
        || { say "companion.service is not enabled (no multi-user.target.wants link)"; bad=1; }
    grep -q '^dtparam=spi=on' "$ROOT/boot/firmware/config.txt" || { say "config.txt has no dtparam=spi=on"; bad=1; }
    ! grep -q 'console=serial0' "$ROOT/boot/firmware/cmdline.txt" || { say "cmdline.txt still has the serial console"; bad=1; }
    owned="$(find "$ROOT$REPO_IN_ROOT" -uid 0 -printf "%P\n" | head -n 20)" || true
    if [ -n "$owned" ]; then say "owned by root in the checkout (make as $LOGIN_USER fails on these):"; say "$owned"; bad=1; fi
    say "pi-emu-note: $(find "$ROOT$REPO_IN_ROOT" -uid 0 | wc -l) files owned by root in the checkout"
    grep -q "^port = \"$port\"" "$ROOT/etc/companion/config.toml" \
        || { say "the config's reader port is not $port, this board's UART on GPIO14/15"; bad=1; }
    say "pi-emu-note: reader port $port"
    # qemu-user takes the faked device tree for opens and stats, not for access(2): bash's `[ -r ]`
    # does not see it (emulation only; on a Pi the installer names the board)
    if grep -q '^board: unknown' "$LOGS/install.log" 2> /dev/null; then
        say "pi-emu-note: the installer said 'board: unknown' (emulation: its [ -r ] test is access(2), which qemu does not redirect)"
    fi
    return "$bad"
}

do_unit() {
    chroot "$ROOT" /usr/bin/env -i PATH="$SERVICE_PATH" LANG=C.UTF-8 SYSTEMD_LOG_LEVEL=notice \
        systemd-analyze verify "$UNIT"
}

# make_prerequisites TARGET: what `make TARGET` needs before its recipe, as this Makefile says on
# this board ("run: .venv/.installed-pi mo"): made with the network, so the recipe runs without.
make_prerequisites() {
    as_login "make -pnq $1 2> /dev/null | sed -n 's/^$1: *//p' | head -n 1"
}

# prerequisites_online TARGET: make what `make TARGET` needs first, as the login user, with the network.
prerequisites_online() {
    local pre
    pre="$(make_prerequisites "$1")" || true
    [ -n "$pre" ] || { say "make -p names no prerequisites of $1"; return 1; }
    say "pi-emu: make $pre (with the network)"
    as_login "make $pre"
}

do_make_run() {
    prerequisites_online run || return 1
    say "pi-emu: make run (no network), to READY=1, then SIGTERM"
    local limit; limit="$(seconds "$(unit_value TimeoutStartSec)")"
    python3 "$TOOLS/pi_emu_notify.py" --socket "$ROOT$NOTIFY_DIR/make-run" --ready-timeout "${limit:-90}" \
        --stop-timeout "$(seconds "$(unit_value TimeoutStopSec)")" --stop sender \
        -- env NOTIFY="$NOTIFY_DIR/make-run" bash "$SELF" __as-login-offline "$ROOT" "make run"
}

do_make_test() {
    prerequisites_online test || return 1
    say "pi-emu: make test (no network: tests that need PyPI skip)"
    local rc=0
    offline bash "$SELF" __as-login "$ROOT" "make test" || rc=$?
    sed -n 's/^=* \(.* in [0-9.]*s.*\) =*$/pi-emu-note: \1/p' "$LOGS/make-test.log" 2> /dev/null | tail -n 1 || true
    if [ "$rc" != 0 ]; then
        sed -n 's/^FAILED \([^ ]*\).*/pi-emu-note: failed: \1/p' "$LOGS/make-test.log" 2> /dev/null | head -n 20 || true
        # Known under qemu-user only: everything runs 5-20x slower, and a loaded host more so; the app
        # gives itself 1.8 s to close after SIGTERM (companion/runtime/stopping.py) and then leaves.
        if grep -q "stopping took longer than" "$LOGS/make-test.log" 2> /dev/null; then
            say "pi-emu-note: emulation only: a stop took longer than the app's own budget after SIGTERM (qemu-user runs the app many times slower than a Pi)"
        fi
    fi
    return "$rc"
}

# The [pi] stack as the service runs it: its user and groups, in its working directory (lgpio makes
# a pipe there), Blinka's own board detection reading the faked device tree.
do_pi_import() {
    local board="$1" user group dir
    user="$(unit_value User)"; group="$(unit_value Group)"; dir="$(unit_value WorkingDirectory)"
    chroot "$ROOT" /usr/bin/setpriv --reuid="$user" --regid="$group" \
        --groups="$(unit_value SupplementaryGroups | tr ' ' ,)" \
        /usr/bin/env -i HOME="$dir" PATH="$SERVICE_PATH" LANG=C.UTF-8 \
        /bin/sh -c "cd $dir && exec /opt/companion/venv/bin/python -" <<EOF
import sys
from importlib.metadata import version
import gpiozero, lgpio
import board, neopixel_spi
from adafruit_blinka.agnostic import board_id, detector
print("pi-emu-note: Blinka %s: %s (chip %s); gpiozero %s, lgpio %s, neopixel_spi %s" % (
    version("Adafruit-Blinka"), board_id, detector.chip.id, version("gpiozero"), version("lgpio"),
    version("adafruit-circuitpython-neopixel-spi")))
if board_id != "$(blinka_board_id "$board")":
    sys.exit("Blinka took this $(board_model "$board") for %s" % board_id)
EOF
}

# The unit's ExecStart as systemd would start it: its User, Group, SupplementaryGroups,
# WorkingDirectory, UMask and Environment, systemd's own variables (NOTIFY_SOCKET, WATCHDOG_USEC,
# WATCHDOG_PID, HOME, USER), its RuntimeDirectory, and the sandboxing that decides where it may write
# (ProtectSystem=strict with ReadWritePaths= and StateDirectory=, PrivateTmp=, ProtectHome=,
# NoNewPrivileges=; see sandbox). The other hardening lines are not applied.
do_service() {
    local user group dir umask exec env=() line uid gid runtime
    user="$(unit_value User)"; group="$(unit_value Group)"; dir="$(unit_value WorkingDirectory)"
    umask="$(unit_value UMask)"; exec="$(unit_value ExecStart)"
    while IFS= read -r line; do env+=("$line"); done < <(sed -n 's/^Environment=//p' "$ROOT$UNIT")
    uid="$(uid_of "$user")"; gid="$(gid_of "$group")"
    runtime="$(unit_value RuntimeDirectory)"
    if [ -n "$runtime" ]; then
        mkdir -p "$ROOT/run/$runtime"; chown "$uid:$gid" "$ROOT/run/$runtime"
        chmod "$(unit_value RuntimeDirectoryMode)" "$ROOT/run/$runtime"
    fi
    local watchdog usec groups inner nnp=""
    [ "$(unit_value NoNewPrivileges)" != yes ] || nnp=--no-new-privs
    watchdog="$(seconds "$(unit_value WatchdogSec)")"
    usec="$(awk -v s="$watchdog" 'BEGIN { printf "%d", s * 1000000 }')"
    groups="$(unit_value SupplementaryGroups | tr ' ' ,)"
    # sh's $$ is the main process: it execs env, setpriv and ExecStart in turn (WATCHDOG_PID)
    inner="umask ${umask:-0022} && cd $(printf '%q' "$dir") && exec /usr/bin/env -i $(printf '%q ' \
        PATH="$SERVICE_PATH" LANG=C.UTF-8 HOME="$dir" USER="$user" LOGNAME="$user" SHELL=/usr/sbin/nologin \
        NOTIFY_SOCKET="$NOTIFY_DIR/service" WATCHDOG_USEC="$usec")WATCHDOG_PID=\$\$ $(printf '%q ' "${env[@]}") \
/usr/bin/setpriv --reuid=$user --regid=$group --groups=$groups $nnp -- $exec"
    local writable=("/var/lib/$(unit_value StateDirectory)") p
    for p in $(unit_value ReadWritePaths); do writable+=("${p#-}"); done
    say "pi-emu: $exec as $user ($groups) in $dir, no network; writable: ${writable[*]} /run /dev/shm, private /tmp"
    say "pi-emu: sh -c '$inner'"
    python3 "$TOOLS/pi_emu_notify.py" --socket "$ROOT$NOTIFY_DIR/service" \
        --ready-timeout "$(seconds "$(unit_value TimeoutStartSec)")" \
        --stop-timeout "$(seconds "$(unit_value TimeoutStopSec)")" --watchdog "$watchdog" --stop main \
        -- unshare -n -m --propagation private -- bash "$SELF" __sandbox "$ROOT" "${writable[*]}" "$inner" \
        "$(unit_value PrivateTmp)" "$(unit_value ProtectHome)"
}

# sandbox ROOT WRITABLE INNER PRIVATE_TMP PROTECT_HOME (in the service's own network and mount
# namespaces): what the unit's
# ProtectSystem=strict, ReadWritePaths=, StateDirectory=, PrivateTmp= and ProtectHome=yes leave
# writable, then INNER in the root. This is the main process: it execs down to ExecStart.
sandbox() {
    local root="$1" inner="$3" p
    ip link set lo up
    mount --rbind "$root" "$root"
    mount -o remount,bind,ro "$root"
    # a bind mount starts with its source mount's flags (read-only here): made writable again
    for p in $2; do
        [ -d "$root$p" ] || continue
        mount --bind "$root$p" "$root$p"
        mount -o remount,bind,rw "$root$p"
    done
    if [ "$4" = yes ]; then
        mount -t tmpfs -o mode=1777,nosuid,nodev tmp "$root/tmp"
        mount -t tmpfs -o mode=1777,nosuid,nodev vartmp "$root/var/tmp"
    fi
    case "$5" in
        yes) mount -t tmpfs -o ro,mode=0755 nohome "$root/home"; mount -t tmpfs -o ro,mode=0700 noroot "$root/root" ;;
        read-only) mount --bind "$root/home" "$root/home"; mount -o remount,bind,ro "$root/home" ;;
    esac
    exec chroot "$root" /bin/sh -c "$inner"
}

# reap_root: processes still running in the root once its steps are done (none should be: a
# daemon a package started, a child the app left behind), named and ended by their ids.
reap_root() {
    local pid root left=0
    for pid in $(ls /proc | grep -E '^[0-9]+$'); do
        root="$(readlink "/proc/$pid/root" 2> /dev/null)" || continue
        [ "$root" = "$ROOT" ] || continue
        say "left running in the root: pid $pid: $(tr '\0' ' ' < "/proc/$pid/cmdline" 2> /dev/null)"
        kill -KILL "$pid" 2> /dev/null || true
        left=1
    done
    return "$left"
}

# ---------------------------------------------------------------------------------------------------
# One release, inside its own mount namespace (the script runs itself there: `__release`).

release_main() {
    local rel="$1" first="${BOARDS[0]}" board
    RUN="$RUNS/$rel"; ROOT="$RUN/root"; LOGS="$RUNS/logs/$rel"
    mount --make-rprivate /
    # a fresh run starts its logs afresh; a --reuse run adds to those of the run it continues
    [ "$REUSE" = 1 ] || rm -rf "$LOGS"
    mkdir -p "$LOGS"

    # root: the cache (built now when missing or --rebuild; one builder at a time)
    mkdir -p "$CACHE/$rel"
    exec 9> "$CACHE/$rel/lock"
    flock 9
    if [ "$REBUILD" = 1 ] || [ ! -f "$CACHE/$rel/root/etc/pi-emu-root" ]; then
        run_step "$rel root" "$LOGS/root.log" "mmdebstrap --architectures=arm64 $rel, cached in $CACHE/$rel" \
            build_root "$rel" || return 1
    else
        step_begin "$rel root"; step_end ok "cached: $(sed -n 2p "$CACHE/$rel/root/etc/pi-emu-root")"
    fi
    flock -u 9
    [ "$CACHE_ONLY" = 0 ] || return 0

    # copy: a fresh root for this run (or the one a --keep run left)
    if [ "$REUSE" = 1 ]; then
        run_step "$rel reuse" "$LOGS/reuse.log" "the root a --keep run left in $RUN" reuse_root "$first" || return 1
    else
        run_step "$rel copy" "$LOGS/copy.log" "fresh copy in $RUN, Pi OS look, checkout $CHECKOUT" \
            fresh_root "$rel" "$first" || return 1
    fi

    if wanted install; then
        run_step "$rel/$first install" "$LOGS/install.log" "sudo bash systemd/install.sh" do_install || return 1
    fi
    if wanted installed; then run_step "$rel/$first installed" "$LOGS/installed.log" "" do_installed "$first" || return 1; fi
    # The steps below need the install, not each other: a failure is reported and the others still run.
    if wanted unit; then run_step "$rel unit" "$LOGS/unit.log" "systemd-analyze verify" do_unit || true; fi
    if wanted make-run; then
        run_step "$rel/$first make-run" "$LOGS/make-run.log" "make run as $LOGIN_USER" do_make_run || true
    fi
    if wanted make-test; then
        run_step "$rel/$first make-test" "$LOGS/make-test.log" "make test as $LOGIN_USER" do_make_test || true
    fi
    for board in "${BOARDS[@]}"; do
        fake_board "$board"
        if wanted pi-import; then
            run_step "$rel/$board pi-import" "$LOGS/pi-import-$board.log" "" do_pi_import "$board" || true
        fi
        if wanted service; then
            run_step "$rel/$board service" "$LOGS/service-$board.log" "ExecStart" do_service || true
        fi
    done
    fake_board "$first"
    if ! reap_root > "$LOGS/left.log"; then
        step_begin "$rel left running"; step_end FAILED "$(paste -sd ';' "$LOGS/left.log")"
    fi
}

fresh_root() {  # fresh_root RELEASE FIRST_BOARD
    clear_run
    mkdir -p "$RUN"
    cp -a "$CACHE/$1/root" "$ROOT"
    mount_root
    fake_board "$2"
    pi_os_look
    say "pi-emu-note: $(du -sxh "$ROOT" | cut -f1)"
}

reuse_root() {  # reuse_root FIRST_BOARD
    [ -d "$ROOT$REPO_IN_ROOT" ] || { say "no root left by a --keep run in $RUN"; return 1; }
    clear_processes
    mount_root
    fake_board "$1"
    cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
}

# clear_processes: processes still running in the run's root (ours: started there by an earlier
# run), ended by their ids.
clear_processes() {
    local pid root
    for pid in $(ls /proc | grep -E '^[0-9]+$'); do
        root="$(readlink "/proc/$pid/root" 2> /dev/null)" || continue
        [ "$root" != "$ROOT" ] || kill -KILL "$pid" 2> /dev/null || true
    done
}

# clear_run: the last run's root gone. Its processes (ours, started in that root) are ended first,
# by their ids; a mount still under it (only a namespace of ours that is still alive) stops us.
clear_run() {
    [ -d "$RUN" ] || return 0
    clear_processes
    if grep -q " $RUN/" /proc/self/mountinfo; then say "something is still mounted under $RUN"; return 1; fi
    rm -rf "$RUN"
}

# ---------------------------------------------------------------------------------------------------
# Dry run: every step in order, and what it runs.

dry_run() {
    local rel board first="${BOARDS[0]}"
    say "dry run: nothing is changed. Cache: $CACHE; checkout: $CHECKOUT; mirror: $(mirror)"
    say "host: qemu-user-static, mmdebstrap, binfmt_misc qemu-aarch64 POCF"
    for rel in "${RELEASES[@]}"; do
        say "$rel root: $(bootstrap_command "$rel" "$CACHE/$rel/root" | paste -sd " ") (when not cached)"
        if [ "$REUSE" = 1 ]; then say "$rel reuse: $RUNS/$rel/root as a --keep run left it"
        else say "$rel copy: cp -a $CACHE/$rel/root $RUNS/$rel/root; user $LOGIN_USER, config.txt, cmdline.txt, checkout in $REPO_IN_ROOT"; fi
        wanted install && say "$rel/$first install: as $LOGIN_USER in $REPO_IN_ROOT: sudo bash systemd/install.sh"
        wanted installed && say "$rel/$first installed: unit, link, config.txt, cmdline.txt, nothing in the checkout owned by root"
        wanted unit && say "$rel unit: systemd-analyze verify $UNIT"
        wanted make-run && say "$rel/$first make-run: as $LOGIN_USER: make run (prerequisites with the network; the app without) to READY=1, SIGTERM, exit 0"
        wanted make-test && say "$rel/$first make-test: as $LOGIN_USER: make test (prerequisites with the network; the suite without)"
        for board in "${BOARDS[@]}"; do
            wanted pi-import && say "$rel/$board pi-import: as the service user: import gpiozero, lgpio, board, neopixel_spi; Blinka says $(blinka_board_id "$board")"
            wanted service && say "$rel/$board service: ExecStart as the unit says, no network, to READY=1 and WATCHDOG=1, SIGTERM, exit 0"
        done
    done
    if [ "$KEEP" = 1 ]; then say "kept afterwards: $RUNS/RELEASE/root"; fi
}

# ---------------------------------------------------------------------------------------------------

main() {
    case "${1:-}" in
        __release) shift; local rel="$1"; shift; parse_args "$@"; release_main "$rel"; exit "$FAILED" ;;
        __as-login-offline) ROOT="$2"; offline bash "$SELF" __as-login "$ROOT" "$3"; exit ;;
        __as-login) ROOT="$2"; as_login "$3"; exit ;;
        __fake-board) ROOT="$2"; fake_board "$3"; exit ;;
        __sandbox) shift; sandbox "$@" ;;  # for tests/deploy/test_pi_emu.py
    esac
    parse_args "$@"
    if [ "$DRY_RUN" = 1 ]; then dry_run; exit 0; fi
    host_check
    local rel rc=0 this began ended
    mkdir -p "$CACHE"
    step_begin "host"; step_end ok "qemu $(qemu-aarch64-static --version | sed -n '1s/.*version \([^ ]*\).*/\1/p'), binfmt qemu-aarch64 POCF"
    for rel in "${RELEASES[@]}"; do
        began="$(now)"
        # the release's own mount and host-name namespaces: every mount ends with it, however it ends
        this=0
        unshare --mount --uts --propagation private -- bash "$SELF" __release "$rel" "$@" || this=1
        ended="$(now)"
        if [ "$KEEP" = 1 ] && [ "$CACHE_ONLY" = 0 ]; then say "$rel: kept $RUNS/$rel/root (mounts are gone; chroot into it to look)"
        else RUN="$RUNS/$rel"; ROOT="$RUN/root"; clear_run || this=1; fi
        [ "$this" = 0 ] || rc=1
        say "$rel: $([ "$this" = 0 ] && echo passed || echo FAILED) in $(awk -v a="$began" -v b="$ended" 'BEGIN { printf "%d min %02d s", (b - a) / 60, (b - a) % 60 }'); logs in $RUNS/logs/$rel"
    done
    exit "$rc"
}

main "$@"
