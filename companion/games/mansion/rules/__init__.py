"""The vampire mansion's rules (homebrew): dice for priority and room, rooms of two, round clock, reveals.

The engine (`engine.MansionGame`) is built over the parsed `state.Rules` of the game's
`data/rules.toml` (checked by `companion.games.mansion.fields`). Pure: no I/O, no clock, no global
random. Commands and state JSON: the game's README.md.
"""
