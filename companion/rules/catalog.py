"""The games' catalog, kept at its old place: it is `companion.games` now (discovery through the
`nightwatch.games` entry points). Code written against `companion.rules.catalog` keeps working;
new code imports `companion.games`."""

from companion.games import (
    LOAD_DATA, GameInfo, MenuEntry, Problem, bot, data_path, game_ids, games, info, make_game, package_dir, problems,
    resolve, teacher,
)

__all__ = ["LOAD_DATA", "GameInfo", "MenuEntry", "Problem", "bot", "data_path", "game_ids", "games", "info",
           "make_game", "package_dir", "problems", "resolve", "teacher"]
