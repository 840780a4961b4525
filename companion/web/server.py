"""The phone view's web thread: uvicorn serving the pages (companion/web/pages.py) in the table process.

`serve(hub)` is the thread's whole life. It starts from the loop's first frame (companion/web/hub.py),
so uvicorn, Starlette and zeroconf load after READY and never on the start path. It opens the
listening socket itself, so a port in use is said in our words ("port 8080 is in use") and the table
plays on without phones; uvicorn then serves on that socket with our guarded protocol
(companion/web/guard.py), its access log off (a pairing URL holds a token) and its own logging
silenced (a flood of malformed requests would otherwise fill the system log with warnings).
"""

from __future__ import annotations

import asyncio
import logging
import socket
import sys

from companion.errors import N_
from companion.web import guard

LIMITS = guard.Limits()
SWITCH_S = 0.001


def serve(hub) -> None:
    """Listen on `hub.bind` and serve until `hub.close()`; a failure to listen is said, not raised."""
    from companion.i18n import _  # (our own words to stderr: read-only lookups of the table's catalog)

    limits = hub.limits or LIMITS
    # The web thread and the loop share the GIL: a thread that wants it back waits up to the switch
    # interval (5 ms by default) for the one holding it. The loop must not wait on the web thread's
    # parsing, so it gets the GIL back within 1 ms (a little more switching, only while both run).
    sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_S))

    try:
        sock = listen(*hub.bind)
    except OSError as exc:
        hub.failed = listen_problem(hub.bind, exc)
        hub.say(_("phone view: off ({why})").format(why=_(hub.failed[0]).format(**hub.failed[1])))
        hub.ready.set()
        return
    try:
        asyncio.run(_serve(hub, sock, limits))
    except Exception as exc:  # noqa: BLE001 - the table plays on without phones
        hub.say(_("phone view: stopped ({why})").format(why=type(exc).__name__))
    finally:
        sock.close()


async def _serve(hub, sock: socket.socket, limits: guard.Limits) -> None:
    """uvicorn on `sock`, the pages, and the mDNS announcement while it runs."""
    import uvicorn

    from companion.web.pages import Pages

    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [logging.NullHandler()]
        logger.propagate = False
    counters = guard.Counters()
    pages = Pages(hub, limits, counters)
    loop = asyncio.get_running_loop()
    hub.counters = counters
    hub.client_log.every_s = limits.log_every_s
    hub.client_log.schedule = lambda delay, fn: loop.call_soon_threadsafe(loop.call_later, delay, fn)
    hub.notify = lambda: loop.call_soon_threadsafe(pages.changed.set)
    config = uvicorn.Config(
        pages,
        http=guard.protocol(limits, counters),
        ws="none",
        lifespan="off",
        access_log=False,
        log_config=None,
        log_level="warning",
        server_header=False,
        proxy_headers=False,
        date_header=False,
        timeout_keep_alive=int(limits.idle_s),
        timeout_graceful_shutdown=1,
        limit_concurrency=limits.max_connections + 16,
        h11_max_incomplete_event_size=limits.head_bytes,
        loop="asyncio",
        interface="asgi3",
    )
    stop = asyncio.Event()

    class Server(uvicorn.Server):
        """uvicorn's server without its 10-a-second housekeeping tick (it only serves the Date header
        and max-requests, both off here): it waits for the stop instead, so an idle table's web
        thread never wakes."""

        async def main_loop(self) -> None:
            """Serve until `hub.close()`."""
            await stop.wait()

    server = Server(config)
    hub.stop_server = lambda: loop.call_soon_threadsafe(stop.set)
    port = sock.getsockname()[1]
    hub.started(server, port, address_for(hub.bind[0]))
    announcer = None
    if hub.announce and not is_loopback(hub.bind[0]):
        from companion.web.mdns import Announcer

        announcer = Announcer(hub.mdns_name, port, address_for(hub.bind[0]), hub.say)
        await announcer.start()
    try:
        await server.serve(sockets=[sock])
    finally:
        if announcer is not None:
            await announcer.stop()


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port (IPv6 for an address with a colon)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


def listen_problem(bind: tuple[str, int], exc: OSError) -> tuple[str, dict]:
    """Why listening failed, as (words, values) in our own words (never the system's error text)."""
    import errno

    host, port = bind
    if exc.errno == errno.EADDRINUSE:
        return N_(
            "port {port} is in use: another program listens there; give another with --web HOST:PORT"
        ), {"port": port}
    if exc.errno in (errno.EACCES, errno.EPERM):
        return N_("port {port} needs root: give one from 1024 up"), {"port": port}
    if exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT) or isinstance(exc, socket.gaierror):
        return N_("{host} is not an address of this machine"), {"host": host}
    return N_("cannot listen on {host}:{port}"), {"host": host, "port": port}


def is_loopback(host: str) -> bool:
    """Whether `host` is a loopback address (no mDNS announcement there)."""
    return host in ("localhost", "::1") or host.startswith("127.")


def address_for(host: str) -> str:
    """The address a phone reaches us at: the one listened on, or for 0.0.0.0 / :: this machine's
    first non-loopback IPv4 address (from its interfaces; nothing is sent), else the host name."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    try:
        import ifaddr  # (zeroconf's own dependency: the interfaces and their addresses)

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ip.ip.startswith(("127.", "169.254.")):
                    return ip.ip
    except Exception:  # noqa: BLE001 - no interface list: the name still works with mDNS
        pass
    return socket.gethostname()
