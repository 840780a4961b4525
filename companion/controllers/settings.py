"""Settings from the settings screen: LED brightness, sound volume and mute."""

from __future__ import annotations

from dataclasses import replace


class Settings:
    """Applies the `settings` intent to the lights' output stage and to the sounds."""

    def __init__(self, lights, sounds=None):
        """lights: the `LightingController` (its output stage carries the brightness); sounds: `Sounds` or None."""
        self.lights = lights
        self.sounds = sounds

    def intents(self) -> dict:
        """Intent name -> handler."""
        return {"settings": self.apply}

    def apply(self, result: dict) -> None:
        """{"intent": "settings", "key": "brightness" | "volume" | "mute", "value": ...}."""
        key, value = result.get("key"), result.get("value")
        if key == "brightness":
            if self.lights.output is not None:
                self.lights.output = replace(self.lights.output, brightness=max(0.0, min(1.0, float(value))))
        elif key in ("volume", "mute") and self.sounds is not None:
            self.sounds.apply({key: value})
