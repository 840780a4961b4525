"""Nosferatu's rules (Renfield, the Vampire and the Hunters): Clock pile, round flow, stake, bites, rituals.

The engine (`engine.NosferatuGame`) is built over the parsed `state.Rules` of the game's
`data/rules.toml` (checked by `companion.games.nosferatu.fields`). Pure: no I/O, no clock, no global
random. Commands and state JSON: the game's README.md.
"""
