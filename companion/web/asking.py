"""A phone's request for the loop: what the web thread (companion/web/pages.py) puts in the hub's queue
and waits for, at most REPLY_TIMEOUT_S; the loop's side (companion/web/hub.py) answers it. Apart from
both, so the pages do not import the hub that starts their server.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

REPLY_TIMEOUT_S = 5.0  # a phone request the loop has not answered by then is given up (the table is busy)


class Request:
    """One phone request for the loop: `kind`, its `data`, the `role` that sent it and the `version`
    of the snapshot the phone saw; the loop answers through `reply` (a Future: (status, body))."""

    __slots__ = ("kind", "data", "role", "version", "lang", "reply")

    def __init__(
        self,
        kind: str,
        data: Mapping[str, Any] | None = None,
        role: str = "player",
        version: int | None = None,
        lang: str = "en",
    ):
        """A request (made in the web thread); `reply` is answered by the loop."""
        from concurrent.futures import Future  # (the web thread's import, not the start's)

        self.kind, self.data, self.role, self.version, self.lang = kind, dict(data or {}), role, version, lang
        self.reply = Future()
