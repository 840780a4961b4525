"""systemd's side of `Type=notify`, for tools/pi-emu.sh: start a command, wait for READY=1 on a
NOTIFY_SOCKET, then (optionally) a WATCHDOG=1, stop it with SIGTERM and say how it went.

Usage: python3 pi_emu_notify.py --socket PATH [--ready-timeout S] [--stop-timeout S] [--watchdog S]
                                [--stop main|sender] -- CMD...

The socket is bound at PATH (a datagram socket, as systemd's), writable by every user, so a service
user can send; the command is told its name by the caller (NOTIFY_SOCKET=...). `--stop main` sends
SIGTERM to the command started (a unit's main process: the command must exec down to it) and, as
NotifyAccess=main, ignores messages from other processes; `--stop sender` sends it to the process that
sent READY=1 (`make run`: the app under make). Prints one line per event with its time since the
start, then a summary line "pi-emu-note: ..."; exit 0 when READY=1 came in time (and WATCHDOG=1 when
asked) and the command then exited 0 within the stop timeout, else 1; 2 for bad usage. The command's
own output goes where ours goes. Whatever is left of the command's process group is killed at the end.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import struct
import subprocess
import sys
import time

CREDENTIALS = struct.Struct("3i")  # struct ucred: pid, uid, gid


def main(argv: list[str]) -> int:
    """Run the command to READY=1 and a clean stop; the exit status says whether it went so."""
    parser = argparse.ArgumentParser(prog="pi_emu_notify.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--socket", required=True)
    parser.add_argument("--ready-timeout", type=float, default=90)
    parser.add_argument("--stop-timeout", type=float, default=10)
    parser.add_argument(
        "--watchdog", type=float, default=0, help="wait for WATCHDOG=1 within this many seconds"
    )
    parser.add_argument("--stop", choices=("main", "sender"), default="main")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args(argv)

    try:
        os.unlink(args.socket)
    except FileNotFoundError:
        pass
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(args.socket)
    os.chmod(args.socket, 0o666)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)

    start = time.monotonic()
    proc = subprocess.Popen(args.command, start_new_session=True)
    try:
        return _watch(args, sock, proc, start)
    finally:
        _end_group(proc)
        sock.close()
        os.unlink(args.socket)


def _watch(args, sock, proc, start) -> int:
    """READY=1, then WATCHDOG=1 when asked, SIGTERM, the exit: each in its time, or exit 1 saying which."""

    def since() -> str:
        return f"{time.monotonic() - start:.1f} s"

    ready_at = watchdog_at = None
    sender = None
    status = ""
    while ready_at is None or (args.watchdog and watchdog_at is None):
        deadline = start + args.ready_timeout if ready_at is None else ready_at + args.watchdog
        left = deadline - time.monotonic()
        if proc.poll() is not None:
            print(
                f"pi-emu-note: exited {proc.returncode} after {since()} before "
                f"{'READY=1' if ready_at is None else 'WATCHDOG=1'}{'; STATUS=' + status if status else ''}"
            )
            return 1
        if left <= 0:
            what = "READY=1" if ready_at is None else "WATCHDOG=1"
            print(
                f"pi-emu-note: no {what} within {args.ready_timeout if ready_at is None else args.watchdog:g} s"
                f"{'; STATUS=' + status if status else ''}"
            )
            return 1
        sock.settimeout(min(left, 0.5))
        try:
            data, ancillary, _flags, _addr = sock.recvmsg(4096, socket.CMSG_SPACE(CREDENTIALS.size))
        except TimeoutError:
            continue
        pid = _sender_pid(ancillary)
        if args.stop == "main" and pid is not None and pid != proc.pid:
            print(f"[{since()}] ignored (NotifyAccess=main): pid {pid} sent {data[:80]!r}", flush=True)
            continue
        for line in data.decode(errors="replace").splitlines():
            key, _, value = line.partition("=")
            if key == "READY" and value == "1" and ready_at is None:
                ready_at, sender = time.monotonic(), pid
                print(f"[{since()}] READY=1 from pid {pid}", flush=True)
            elif key == "WATCHDOG" and value == "1" and watchdog_at is None:
                watchdog_at = time.monotonic()
                print(f"[{since()}] WATCHDOG=1", flush=True)
            elif key == "STATUS":
                status = value
                print(f"[{since()}] STATUS={value}", flush=True)
            elif key not in ("WATCHDOG",):
                print(f"[{since()}] {line}", flush=True)

    target = proc.pid if args.stop == "main" or sender is None else sender
    stop_at = time.monotonic()
    os.kill(target, signal.SIGTERM)
    print(f"[{since()}] SIGTERM to pid {target}", flush=True)
    try:
        code = proc.wait(timeout=args.stop_timeout)
    except subprocess.TimeoutExpired:
        print(
            f"pi-emu-note: READY=1 after {ready_at - start:.1f} s, but still running "
            f"{args.stop_timeout:g} s after SIGTERM"
        )
        return 1
    stopped = time.monotonic() - stop_at
    parts = [f"READY=1 after {ready_at - start:.1f} s"]
    if watchdog_at is not None:
        parts.append(f"WATCHDOG=1 after {watchdog_at - start:.1f} s")
    parts.append(f"SIGTERM: exit {code} after {stopped:.1f} s")
    if status:
        parts.append(f"STATUS={status}")
    print("pi-emu-note: " + ", ".join(parts))
    return 0 if code == 0 else 1


def _sender_pid(ancillary) -> int | None:
    """The sending process's id from SCM_CREDENTIALS, as systemd checks NotifyAccess=."""
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS and len(data) >= CREDENTIALS.size:
            return CREDENTIALS.unpack(data[: CREDENTIALS.size])[0]
    return None


def _end_group(proc: subprocess.Popen) -> None:
    """Whatever is left of the command's own process group (started by us) is killed."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
