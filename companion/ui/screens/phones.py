"""Phones: the QR code and the short codes that pair a phone with the table (companion/web/).

The menu's Phones entry shows the players' code: anyone at the table may scan it and watch. The
settings screen's Phones entry also shows the host's code (the host's phone may teach cards, change
settings and download the exports) and draws new codes: every phone paired before stops seeing the
table at once. A new game draws new codes as well. While wrong codes from the network have paused
pairing by code (companion/web/guard.py), both say that someone is guessing the code.

Whoever opens the screen comes to read a code or scan the QR code: the codes are its main text, at
the title's size, and Back is the focused button. New codes is a second button that asks first
(`RenewConfirm`): a stray Confirm must not cut every phone off.

The phone view's hub puts what to show in the shared settings (`ctx.settings["phones"]`, a
`PhonesInfo`, set by the loop); without it the phone view is off and the screen says how to turn it on.
The QR code is made with segno (pure Python) when the screen first shows it, and drawn where the
layout keeps a square for a picture (the `ring` slot), so no text runs under it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from companion.i18n import _
from companion.inputs import Press
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import Screen, UIContext

QUIET = 2  # modules of white around the code (scanners want some; the screen's dark frame adds contrast)


class PhonesInfo(NamedTuple):
    """What the Phones screen shows: where the phone view is, the two passes, how to draw new ones."""

    address: str  # http://ADDRESS:PORT
    player_url: str
    player_code: str  # as shown: "K7P Q4X"
    host_url: str
    host_code: str
    renew: Callable[[], None]
    mdns: str | None = None  # "nightwatch.local:8080" where announced
    guessing: bool = False  # wrong codes from the network paused pairing by code (companion/web/guard.py)


class PhonesScreen(Screen):
    """The pairing QR code and codes; `host`: the settings screen's version (host code, new codes)."""

    name = "phones"

    def __init__(self, ctx: UIContext, host: bool = False) -> None:
        """Show the players' pass (and with `host` the host's)."""
        super().__init__(ctx)
        self.host = host
        self.name = "phones-host" if host else "phones"
        self._qr: tuple[str | None, Any] = (None, None)

    def info(self) -> PhonesInfo | None:
        """The phone view's passes now, or None when it is off."""
        info = self.ctx.settings.get("phones")
        return info if isinstance(info, PhonesInfo) else None

    def body(self) -> ViewModel:
        """The codes beside the QR code, or how to turn the phone view on."""
        info = self.info()
        back = ButtonVM("back", _("Back"), primary=True)
        if info is None:
            lines = (
                _("The phone view is off."),
                _("Turn it on with `companion run --web 8080`"),
                _("or enabled = true in the config's [web] section."),
            )
            return ViewModel(self.name, _("Phones"), lines, (back,))
        where = info.mdns or info.address.replace("http://", "")
        codes = [_("Players: {code}").format(code=info.player_code)]
        lines = [_("Scan the code with a phone's camera,"), _("or open {where}/pair").format(where=where)]
        buttons = [back]
        if self.host:
            codes.append(_("Host: {code}").format(code=info.host_code))
            if not info.guessing:  # (the warning takes its room: both would push the buttons off the screen)
                lines.append(_("The host's phone may teach cards and change settings."))
            buttons.append(ButtonVM("renew", _("New codes")))
        if info.guessing:  # last: the codes stay together above it
            lines.append(_("Someone is guessing the code: typed codes wait, the QR code still works."))
        title = _("Phones: host") if self.host else _("Phones")
        return ViewModel(self.name, title, tuple(lines), tuple(buttons), ring=(1.0, ""), main=tuple(codes))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Back, or ask before drawing new codes (old phones stop seeing the table)."""
        if button_id == "renew" and self.info() is not None:
            self.ctx.stack.push(RenewConfirm(self.ctx, self))
        elif button_id == "back":
            self.ctx.stack.pop()
        return True

    def paint(self, surface, vm: ViewModel) -> None:
        """The screen, then the QR code in the square the layout kept for a picture."""
        super().paint(surface, vm)
        info = self.info()
        if info is None:
            return
        box = next((item.rect for item in self.ctx.renderer.layout(vm) if item.kind == "ring"), None)
        if box is not None:
            surface.blit(self._code(info.host_url if self.host else info.player_url, box.width), box.topleft)

    def _code(self, url: str, side: int):
        """The QR code of `url` as a `side`-pixel square (made once per URL and size)."""
        if self._qr[0] == (url, side):
            return self._qr[1]
        import pygame
        import segno

        matrix = segno.make(url, error="m").matrix
        n = len(matrix) + 2 * QUIET
        module = max(1, side // n)
        picture = pygame.Surface((side, side))
        picture.fill((255, 255, 255))
        offset = (side - module * n) // 2 + QUIET * module
        for y, row in enumerate(matrix):
            for x, dark in enumerate(row):
                if dark:
                    picture.fill((0, 0, 0), (offset + x * module, offset + y * module, module, module))
        self._qr = ((url, side), picture)
        return picture


class RenewConfirm(Screen):
    """New codes asks once: every paired phone would stop seeing the table. Keeping the codes is
    the focused answer, so a second press of Confirm out of habit cuts no one off."""

    name = "phones-renew"

    def __init__(self, ctx: UIContext, phones: PhonesScreen) -> None:
        """Asked over the Phones screen `phones`, whose codes it renews."""
        super().__init__(ctx)
        self.phones = phones

    def body(self) -> ViewModel:
        """The question and its two answers."""
        lines = (
            _("Every paired phone stops seeing the table."),
            _("Each phone pairs again with the new code or QR code."),
        )
        return ViewModel(
            self.name,
            _("New codes?"),
            lines,
            (ButtonVM("keep", _("Keep the codes"), primary=True), ButtonVM("renew", _("New codes"))),
        )

    def activate(self, button_id: str, kind: Press) -> bool:
        """Draw new codes or keep them, then back to the Phones screen."""
        info = self.phones.info()
        if button_id == "renew" and info is not None:
            info.renew()
        if button_id in ("renew", "keep"):
            self.ctx.stack.pop()
        return True
