"""The phone view's address, `[web] listen` in the config and `companion run --listen`: "[HOST:]PORT".
Here, below the web side, so the config checks it without loading anything of the web."""

from __future__ import annotations

from companion.i18n import _

DEFAULT_PORT = 8080


def parse_bind(text: str, default_host: str = "0.0.0.0") -> tuple[str, int]:
    """ "[HOST:]PORT" -> (host, port); ValueError with our words for anything else."""
    text = str(text).strip()
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = default_host, text
    host = host.strip("[]") or default_host
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(
            _("not a port: {port!r} (give PORT or HOST:PORT, e.g. 8080 or 127.0.0.1:8080)").format(port=port)
        )
    if any(c.isspace() for c in host) or len(host) > 253:
        raise ValueError(_("not a host: {host!r}").format(host=host))
    return host, int(port)
