"""Tell systemd how the app is doing: the sd_notify protocol in a few lines, no package needed.

systemd (`Type=notify`) passes a Unix datagram socket in `$NOTIFY_SOCKET`; a message is newline
separated `KEY=value` pairs (`READY=1`, `STATUS=...`, `WATCHDOG=1`). A leading `@` means a Linux
abstract-namespace socket. Outside systemd the variable is unset and every call is a no-op, so the
app calls these unconditionally. The watchdog interval comes from `$WATCHDOG_USEC` (and applies to
us only when `$WATCHDOG_PID` is unset or is our pid); send `watchdog()` every interval / 2 from
the main loop itself, so a hung loop gets restarted.
"""

from __future__ import annotations

import os


def notify(**fields) -> bool:
    """Send `KEY=value` fields to systemd (`notify(READY=1, STATUS="up")`); True if sent."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address or not fields:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]  # abstract namespace: leading NUL instead of '@'
    message = "\n".join(f"{key}={value}" for key, value in fields.items()).encode("utf-8")
    import socket  # only under systemd: keeps the import off every other start-up

    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.sendto(message, address)
    except OSError:
        return False  # systemd gone or socket unreachable: never crash the table for this
    return True


def ready(status: str = "") -> bool:
    """Startup finished (screen, LEDs and reader are up or marked missing)."""
    return notify(READY=1, STATUS=status) if status else notify(READY=1)


def status(text: str) -> bool:
    """A one-line state shown by `systemctl status` (e.g. "degraded: no reader")."""
    return notify(STATUS=text.replace("\n", " "))


def stopping(status: str = "") -> bool:
    """The app is shutting down on purpose (`status`: why, e.g. "stopping: SIGTERM")."""
    return notify(STOPPING=1, STATUS=status.replace("\n", " ")) if status else notify(STOPPING=1)


def watchdog() -> bool:
    """Still alive: call from the main loop at least every watchdog_interval() / 2 seconds."""
    return notify(WATCHDOG=1)


def watchdog_interval() -> float | None:
    """The watchdog timeout in seconds that systemd expects of this process, or None."""
    usec = os.environ.get("WATCHDOG_USEC", "")
    pid = os.environ.get("WATCHDOG_PID", "")
    if pid and (not pid.isdigit() or int(pid) != os.getpid()):
        return None  # the watchdog belongs to another process (e.g. our parent shell)
    if not usec.isdigit() or int(usec) == 0:
        return None
    return int(usec) / 1_000_000
