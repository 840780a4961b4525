"""Load game data: a game's shipped TOML file, read at the I/O edge and handed to its pure parser; and
what of the table's taught data is skipped.

Most games have one shipped file (`data_file(game_id)`, its plugin's `data`, in its package):
`load_data(game_id, source)` takes `source` = None (the shipped file), a path, an already-read
`TomlDoc` or a plain dict, reads it here, and hands the document to the pure parser its plugin
names (`GamePlugin.parse`). A game whose data is more than that file (shipped files overlaid with what
the table taught) has a `load` of its own in its package, which reads through here too.

What the table taught never stops a game: a taught record that fails its checks is skipped, the
shipped one used as it is. Each is a `Skipped` (its DataFileError, and whether the whole file went):
collected in `problems` when the caller passes a list, else logged as a warning (stderr; journald under
systemd); `strict=True` raises instead (`companion doctor`) - `skipper` decides which.
`taught_problems(game_id)` answers what is skipped now (each game's plugin's `taught`), `banner_line`
says it in one line for the table's banner; `companion config --check` names them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from os import PathLike, fspath
from pathlib import Path
from typing import Any

from companion.errors import DataFileError
from companion.gamedata import tomlfile
from companion.i18n import _, ngettext
from companion.records import Named

TAUGHT_PART = "taught data"  # the table's banner for skipped taught data (companion/controllers/games.py)
_log = logging.getLogger(__name__)


class Skipped(Named):
    """Taught data left out: `error` names file, line, field and why; `whole` when the whole file was."""

    error: DataFileError
    whole: bool = False


Skip = Callable[[DataFileError, bool], None]


def skipper(problems: list | None, strict: bool) -> Skip:
    """What to do with a piece of taught data that is skipped: raise, collect or log it."""

    def skip(error: DataFileError, whole: bool) -> None:
        if strict:
            raise error
        if problems is not None:
            problems.append(Skipped(error, whole))
        else:
            _log.warning(_("skipped: {problem}").format(problem=error))

    return skip


def taught_problems(game_id: str | None = None) -> list[Skipped]:
    """What of the table's taught data for `game_id` is skipped now (none for a game with nothing
    taught): what its plugin's `taught` finds; None: every game's, and all of it (a game's parts
    no single game reads, such as its tag registrations, included)."""
    from companion.plugins import games

    problems: list[Skipped] = []
    for gid, game in games().items():
        if game_id in (gid, None):
            game.taught(problems, game_id is None)
    return problems


def banner_line(problems: list[Skipped]) -> str:
    """The first skipped piece of taught data in one line for the table's banner (file name, line,
    why), and how many more there are."""
    first = problems[0].error
    where = Path(first.path).name + (f":{first.line}" if first.line else "")
    text = _("taught data skipped: {where} {why}").format(where=where, why=first.message)
    more = len(problems) - 1
    return text + (ngettext(" (and {n} more)", " (and {n} more)", more).format(n=more) if more else "")


# -- a game's one data file ------------------------------------------------------------------------


def data_file(game: Any) -> Path:
    """The shipped data file of a game (its plugin or id; its `data`, relative to its package)."""
    from companion.plugins import info

    plugin = info(game) if isinstance(game, str) else game
    path = plugin.data_path()
    if path is None:
        raise KeyError(f"{plugin.id} has no data file of its own")
    return Path(path)


def read_doc(game: Any, source: Any = None) -> tomlfile.TomlDoc:
    """A game's data as a TomlDoc: the shipped file (None), a file path, a TomlDoc as is, or a dict.

    A dict has no text, so its errors name the key but no line.
    """
    if source is None:
        return tomlfile.load(data_file(game))
    if isinstance(source, tomlfile.TomlDoc):
        return source
    if isinstance(source, Mapping):
        return tomlfile.TomlDoc("<data>", "", dict(source))
    if isinstance(source, (str, PathLike)):
        return tomlfile.load(fspath(source))
    raise TypeError(
        f"{getattr(game, 'id', game)} data must be a path, a dict or a TomlDoc, not {type(source).__name__}"
    )


def load_data(game_id: str, source: Any = None) -> Any:
    """A one-file game's data from `source` (see `read_doc`), parsed by its plugin's pure `parse`."""
    from companion.plugins import info

    game = info(game_id)
    return game.parse(read_doc(game, source))
