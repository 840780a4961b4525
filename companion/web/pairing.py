"""Pairing, not passwords: the random tokens and short codes that let a phone see the table.

A `Pairing` holds two passes, one for the players (read-only) and one for the host (who may teach
cards, change settings and download the exports). Each pass is a long random token, carried by the
URL in the QR code (`/pair/<token>`), and a short code to type on the pairing page when a camera
cannot read the QR code. A new `Pairing` is drawn at each new game and from the table's Phones
screen; the old tokens stop working at once (the web side reads the one `Pairing` in force).

Checks compare in constant time (`hmac.compare_digest`), so a guess learns nothing from how long the
answer took. The CSRF token a page sends back with every change is an HMAC of the pass's token under
a secret of this pairing: it is only known to a page that was served with the pass.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import NamedTuple

# A short code's letters: no 0/O, 1/I/L, so a code read aloud or off a small screen is typed right.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6  # 31^6: about 887 million codes; the web side allows few wrong ones, from all
# addresses together (companion/web/guard.py `CodeBudget`, `hit_chance`)
TOKEN_BYTES = 24  # 192 random bits in the URL
ROLES = ("player", "host")


class Pass(NamedTuple):
    """One role's way in: `token` (URL-safe text in the QR code's URL) and `code` (typed, e.g. "K7PQ4X")."""

    role: str
    token: str
    code: str

    @property
    def shown_code(self) -> str:
        """The code as the table shows it: two groups of three ("K7P Q4X")."""
        return f"{self.code[:3]} {self.code[3:]}"


class Pairing(NamedTuple):
    """The passes in force: players and host, numbered by `generation` (1 for the first)."""

    player: Pass
    host: Pass
    secret: bytes
    generation: int

    def role_of_token(self, token: str | None) -> str | None:
        """ "player", "host" or None for a token (from the URL or the cookie)."""
        if not token or len(token) > 64:
            return None
        found = None
        for p in (self.player, self.host):  # both compared every time: the same work whatever matches
            if hmac.compare_digest(p.token.encode(), token.encode("utf-8", "replace")):
                found = p.role
        return found

    def pass_of_code(self, code: str | None) -> Pass | None:
        """The pass a typed code opens (spaces, dashes and case ignored), or None."""
        typed = normal_code(code)
        found = None
        for p in (self.player, self.host):
            if hmac.compare_digest(p.code.encode(), typed.encode()):
                found = p
        return found if typed else None

    def csrf(self, token: str) -> str:
        """The CSRF token for pages served with `token`: changes go through only with it."""
        return hmac.new(self.secret, token.encode(), hashlib.sha256).hexdigest()[:32]

    def csrf_ok(self, token: str | None, sent: str | None) -> bool:
        """Whether `sent` is the CSRF token of `token`."""
        if not token or not sent or len(sent) > 64:
            return False
        return hmac.compare_digest(self.csrf(token).encode(), sent.encode("utf-8", "replace"))


def normal_code(code: str | None) -> str:
    """A typed code in its stored form: upper case, without spaces or dashes; "" if it cannot be one."""
    if not isinstance(code, str) or len(code) > 32:
        return ""
    text = code.upper().replace(" ", "").replace("-", "")
    return text if len(text) == CODE_LENGTH and all(c in CODE_ALPHABET for c in text) else ""


def draw(generation: int = 1) -> Pairing:
    """A fresh pairing from the system's random source (`secrets`): two passes with different codes."""
    player = _new_pass("player")
    host = _new_pass("host")
    while host.code == player.code:
        host = _new_pass("host")
    return Pairing(player, host, secrets.token_bytes(32), generation)


def _new_pass(role: str) -> Pass:
    """One pass: a token and a code."""
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return Pass(role, secrets.token_urlsafe(TOKEN_BYTES), code)


def to_text(p: Pairing) -> str:
    """The passes as the private file beside the journal keeps them (JSON, one object)."""
    return json.dumps(
        {
            "generation": p.generation,
            "secret": p.secret.hex(),
            "player": [p.player.token, p.player.code],
            "host": [p.host.token, p.host.code],
        }
    )


def from_text(text: str) -> Pairing | None:
    """The passes kept by `to_text`, or None for anything else (a broken or foreign file is ignored:
    the table draws new passes, the phones pair again)."""
    try:
        data = json.loads(text)
        secret = bytes.fromhex(data["secret"])
        passes = [Pass(role, *data[role]) for role in ROLES]
        generation = data["generation"]
    except (ValueError, KeyError, TypeError):
        return None
    good = (
        isinstance(generation, int)
        and generation >= 1
        and len(secret) == 32
        and all(
            isinstance(q.token, str) and 16 <= len(q.token) <= 64 and q.code == normal_code(q.code)
            for q in passes
        )
    )
    return Pairing(passes[0], passes[1], secret, generation) if good else None
