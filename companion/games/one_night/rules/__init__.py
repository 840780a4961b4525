"""One Night Ultimate Vampire's rules: the narrator (wake order, Marks, timers, vote and reveal).

The engine (`game.OneNightGame`) is built over the parsed `data.OneNightData` of the game's
`data/roles.toml` (checked by `companion.games.one_night.fields`). Pure: no I/O, no clock, no global
random. Commands, state JSON and board mapping: the game's README.md.
"""
