"""Armata Strigoi's rules: Altar and Inferno blood points, wounds, Strigoi tokens and teleports, the
extra Strigoi turn, the Supreme Strigoi and the crumbling fortress.

The engine (`game.StrigoiGame`) is built over the parsed `data.StrigoiData` of the game's
`data/fortress.toml`, with the box values the table taught over it (`companion.games.strigoi.loader`).
Pure: no I/O, no clock, no global random. Commands, state JSON and rooms: the game's README.md.
"""
