"""Card tags: a read draws the card the tag was registered as, or opens the New card screen to teach it.

A tag is only ever looked up as a string in the registration table (companion/gamedata/teach.py): nothing read
from a tag is run, or opened as a path.
"""

from __future__ import annotations

from companion.errors import CompanionError


class Tags:
    """Answers `card_read` and `register_tag`; `read(tag)` also takes the HAL reader's reads when headless."""

    def __init__(self, host):
        """host: the loop (see companion/controllers/__init__.py)."""
        self.host = host

    def intents(self) -> dict:
        """Intent name -> handler."""
        return {"card_read": lambda r: self.read(r["tag"]), "register_tag": self.register}

    def read(self, tag: str) -> None:
        """A card was read: draw it if it is known, else open the New card screen to teach it."""
        from companion.gamedata import teach  # loaded at the first read: not on the start-up path

        host = self.host
        try:
            key = teach.lookup_tag(tag)
        except CompanionError as exc:  # a broken tags.toml: say so, keep playing
            host.say(f"card tag {tag!r} not looked up: {exc}")
            return
        if key is None:
            if host.ui is not None:
                host.ui.start_teach(tag, self.catalogue())
            else:
                host.say(f"unknown card tag {tag}: teach it on the screen or with `companion cards teach`")
            return
        if host.session is None:
            host.say(f"card {key} read, but no game is running")
            return
        host.submit({"cmd": "draw", "card": key})

    def register(self, result: dict) -> None:
        """Remember which card a tag is ({"tag", "card"}), then use the read."""
        from companion.gamedata import teach

        try:
            teach.register_tag(result["tag"], result["card"])
        except CompanionError as exc:
            self.host.refuse({"cmd": "register_tag"}, exc)
            return
        self.read(result["tag"])

    def catalogue(self) -> list[dict]:
        """Known event cards as {key, name, act}, for the New card screen."""
        from companion.gamedata.loader import load_masters

        try:
            data = load_masters()
        except CompanionError as exc:
            self.host.say(f"card data not loaded: {exc}")
            return []
        return [{"key": c.key, "name": c.name, "act": c.act} for c in data.cards]
