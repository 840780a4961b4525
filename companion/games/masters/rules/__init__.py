"""Masters of the Night's rules: the pure engine (`game.MastersGame`, built by `companion.games.make_game`).

Its data is several files, the shipped ones overlaid with what the table taught, read by
`companion.games.masters.loader.load_masters` (the only I/O, never done inside the rules modules).
Modules by concept: state, commands, events, setup, day, agents (placement + veil arithmetic),
combat, dice, night, relics, endgame, adjust, board, flow, actions (the menu), game (the engine),
handlers (one per verb), canon (a command as the journal stores it), bot.
"""
