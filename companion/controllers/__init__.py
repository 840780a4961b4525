"""The parts of the table app that answer the screens' intents, beside the loop (companion/app.py).

The loop polls inputs, applies commands and feeds lights, screen and sound; everything else a screen
asks for goes to one of these small controllers:

  games.py      the game in hand: start, resume or offer it, new game, undo and redo
  settings.py   brightness, volume and mute from the settings screen
  tags.py       a card tag read: draw the card it stands for, or open the New card screen; register a tag
  teach.py      taught data (each game's plugin names the intents its teaching screens send): save
                it and let the running game use it

Each controller answers `intents()` (intent name -> handler) and talks back to the loop (its `host`)
only through the narrow interface hosts.py names for it (`GamesHost`, `Outputs`, `TagsHost`,
`TeachHost`): the loop meets them all, a test meets one with a fake of a few lines, and
tests/controllers/test_hosts.py checks that no controller reaches past its own.
"""

from companion.controllers.games import Games
from companion.controllers.settings import Settings
from companion.controllers.tags import Tags
from companion.controllers.teach import Teaching

__all__ = ["Games", "Settings", "Tags", "Teaching"]
