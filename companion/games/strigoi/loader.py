"""Armata Strigoi's data at the I/O edge: the shipped fortress file with the box values the table
taught laid over it (`<config>/strigoi/box.toml`, written by `companion.games.strigoi.teach`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion import paths
from companion.errors import DataFileError
from companion.gamedata import tomlfile
from companion.gamedata.loader import load_data, skipper

if TYPE_CHECKING:
    from companion.games.strigoi.rules.data import StrigoiData


def load(source: Any = None, problems: list | None = None, strict: bool = False) -> StrigoiData:
    """Armata Strigoi's fortress, Strigoi and tokens from `source` (see
    `companion.gamedata.loader.read_doc`); with the shipped file, the table's taught box values win
    over it. A box file that fails its checks is skipped as a whole (collected in `problems` when
    given, else logged; `strict` raises it: `companion doctor`)."""
    from companion.games.strigoi.fields import check_taught
    from companion.games.strigoi.rules.data import with_taught

    data = load_data("strigoi", source)
    taught = paths.config_dir() / "strigoi" / "box.toml"
    if source is not None or not taught.exists():
        return data
    try:
        return with_taught(data, check_taught(tomlfile.load(taught)))
    except DataFileError as exc:
        skipper(problems, strict)(exc, True)
        return data


def taught(problems: list, everything: bool) -> None:
    """The taught box file, if the table skips it now (the plugin's `taught`)."""
    load(problems=problems)


def check() -> str:
    """`companion doctor`'s check: the shipped file and the taught box both load (strict)."""
    from companion.i18n import _

    load(strict=True)
    return _("Armata Strigoi data loads")


def teach_box(teaching, result: dict) -> None:
    """The `teach_strigoi` intent: save the Strigoi card values and token mix of the table's box
    (new games use them)."""
    from companion.games.strigoi import teach

    teaching.taught(
        lambda: teach.save_box(result["stats"], result["tokens"]), "Strigoi values of your box saved", None
    )
