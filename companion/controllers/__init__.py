"""The parts of the table app that answer the screens' intents, beside the loop (companion/app.py).

The loop polls inputs, applies commands and feeds lights, screen and sound; everything else a screen
asks for goes to one of these small controllers:

  games.py      the game in hand: start, resume or offer it, new game, undo and redo
  settings.py   brightness, volume and mute from the settings screen
  tags.py       a card tag read: draw the card it stands for, or open the New card screen; register a tag
  teach.py      taught data (each game's plugin names the intents its teaching screens send): save
                it and let the running game use it

Each controller answers `intents()` (intent name -> handler) and talks back to the loop (its `host`)
only through `host.session`, `host.journal`, `host.ui`, `host.lights`, `host.sounds`,
`host.submit(command)`, `host.accepted(command, events)`, `host.game_changed(*events)`,
`host.refuse(command, error)`, `host.say(text)`, `host.where()`, `host.game_data_changed(game_id)` and
`host.missing` (part -> why, shown as banners: the games controller names skipped taught data there).
"""

from companion.controllers.games import Games
from companion.controllers.settings import Settings
from companion.controllers.tags import Tags
from companion.controllers.teach import Teaching

__all__ = ["Games", "Settings", "Tags", "Teaching"]
