"""Settings from the settings screen: LED brightness, sound volume, mute and the language."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.controllers.hosts import Outputs


class Settings:
    """Applies the `settings` intent to the lights' output stage and to the sounds."""

    def __init__(self, host: Outputs):
        """host: the loop as far as `Outputs` goes: its `lights` (the `LightingController`, whose
        output stage carries the brightness) and `sounds` (`Sounds` or None)."""
        self.host = host

    def intents(self) -> dict:
        """Intent name -> handler."""
        return {"settings": self.apply}

    def apply(self, result: dict) -> None:
        """{"intent": "settings", "key": "brightness" | "volume" | "mute" | "language", "value": ...}."""
        key, value = result.get("key"), result.get("value")
        lights, sounds = self.host.lights, self.host.sounds
        if key == "brightness":
            if lights.output is not None:
                lights.output = replace(lights.output, brightness=max(0.0, min(1.0, float(result["value"]))))
        elif key in ("volume", "mute") and sounds is not None:
            sounds.apply({key: value})
        elif key == "language":
            from companion import i18n

            i18n.set_language(str(value))
