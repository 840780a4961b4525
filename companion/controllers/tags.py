"""Card tags: a read draws the card the tag was registered as, or opens the New card screen to teach it.

The cards are those of the game whose plugin teaches "card" (its `cards` module: the tag
registrations, the known cards, the command a card sends). A tag is only ever looked up as a string in
the registration table: nothing read from a tag is run, or opened as a path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.errors import CompanionError

if TYPE_CHECKING:
    from companion.controllers.hosts import TagsHost


class Tags:
    """Answers `card_read` and `register_tag`; `read(tag)` also takes the HAL reader's reads when headless."""

    def __init__(self, host: TagsHost):
        """host: the loop, as far as `TagsHost` goes (companion/controllers/hosts.py)."""
        self.host = host

    def intents(self) -> dict:
        """Intent name -> handler."""
        return {
            "card_read": lambda r: self.read(r["tag"], r.get("grid"), r.get("near")),
            "register_tag": self.register,
        }

    def read(self, tag: str, grid: dict | None = None, near: str | None = None) -> None:
        """A card was read: send the command of the card it is registered as (a draw), else open the
        screen that teaches it. The cards are the game's whose plugin teaches "card" (`cards`).

        A camera also gives the `grid` it read from the card ({"red": [...], "blue": [...]}) and `near`,
        the tag of a taught card it looks like but for its grid: the New card screen proposes them, and
        a known card whose printed grid differs from the one taught is flagged (and drawn)."""
        host = self.host
        cards = self.cards()
        if cards is None:
            host.say(f"card tag {tag!r} read, but no game here reads cards")
            return
        try:
            key = cards.lookup_tag(tag)
        except CompanionError as exc:  # a broken tags.toml: say so, keep playing
            host.say(f"card tag {tag!r} not looked up: {exc}")
            return
        if key is None:
            if host.ui is not None:
                seen = self._seen(cards, grid, near)
                host.ui.start_teach(tag, self.catalogue(), *([seen] if seen else []))
            else:
                host.say(f"unknown card tag {tag}: teach it on the screen or with `companion cards teach`")
            return
        if host.session is None:
            host.say(f"card {key} read, but no game is running")
            return
        host.submit(cards.command(key))
        note = getattr(cards, "grid_differs", None)
        text = note(key, grid) if grid is not None and note is not None else None
        if text:  # the printed grid is not the taught one: the table checks the card (drawn as taught)
            host.say(text)
            if host.ui is not None:
                host.ui.notify(text)

    @staticmethod
    def _seen(cards, grid: dict | None, near: str | None) -> dict:
        """What a camera saw of a new card, for the New card screen: {"grid", "near" (a card key)}."""
        seen: dict = {}
        if grid is not None:
            seen["grid"] = grid
        if near is not None:
            try:
                key = cards.lookup_tag(near)
            except CompanionError:
                key = None
            if key is not None:
                seen["near"] = key
        return seen

    def register(self, result: dict) -> None:
        """Remember which card a tag is ({"tag", "card"}), then use the read."""
        cards = self.cards()
        try:
            if cards is not None:
                cards.register_tag(result["tag"], result["card"])
        except CompanionError as exc:
            self.host.refuse({"cmd": "register_tag"}, exc)
            return
        self.read(result["tag"])

    def catalogue(self) -> list[dict]:
        """Known cards as {key, name, act}, for the screen that teaches a card."""
        cards = self.cards()
        try:
            return cards.catalogue() if cards is not None else []
        except CompanionError as exc:
            self.host.say(f"card data not loaded: {exc}")
            return []

    @staticmethod
    def cards():
        """The module of the game whose cards the reader reads (its plugin's `cards()`), or None;
        imported at the first read, not on the start-up path."""
        from companion.plugins import card_module

        return card_module()
