"""Journals with an evening of real games in them, and the check that none of those games was lost.

A game counts as kept when a journal holds a game with the same active commands that replays to the
same view (`Session.replay(...).view()`); `snapshot` reads what that needs, `lost` compares.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from companion.storage.journal import Journal
from companion.storage.session import Session
from tests.reliability.helpers import bot_script

START = 1767294000.0  # 2026-01-01 20:00 local-ish: far from "today", so a date set to now shows


class Clock:
    """Wall-clock stand-in for the journal: a minute per call, from `start`."""

    def __init__(self, start: float = START):
        self.t = start

    def __call__(self) -> float:
        """The next minute."""
        self.t += 60.0
        return self.t


def evening(path: Path, *, start: float = START, twins: bool = True, extra: int = 0) -> list[int]:
    """An evening of games in a new journal at `path`: a finished Strigoi game, a Masters game with
    undone and redone commands, a Nosferatu game, and (`twins`) two Mansion games with the very same
    commands played an hour apart; `extra` more Masters games. Returns their ids."""
    ids = []
    with Journal(path, now=Clock(start)) as j:
        for game, seed, n in (("strigoi", 3, 400), ("masters", 41, 40), ("nosferatu", 7, 30)):
            ids.append(play(j, bot_script(game, seed, n)))
            if game == "masters":
                s = Session.resume(j, ids[-1])
                s.undo(3)
                s.redo(1)
    for k in range(2 if twins else 0):  # the same commands, an hour apart: two games, not one
        with Journal(path, now=Clock(start + 3600 * (k + 1))) as j:
            ids.append(play(j, bot_script("mansion", 5, 12)))
    with Journal(path, now=Clock(start + 3 * 3600)) as j:
        ids += [play(j, bot_script("masters", 100 + k, 25)) for k in range(extra)]
    return ids


def play(j: Journal, script: list[dict]) -> int:
    """Play `script` into the journal as the table would; the game's id."""
    s, _ = Session.new(script[0], journal=j)
    for cmd in script[1:]:
        s.submit(cmd)
    return s.game_id


def snapshot(path: Path) -> list[dict]:
    """Every game of the sound journal at `path`: its kind, dates, active commands and replayed view
    (read through a read-only connection: it changes no game, though SQLite may add a -wal and -shm)."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        if not con.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone():
            return []  # made, not yet set up (a start or a recover killed at its first step): no game
        games = con.execute("SELECT id, game, created, updated, status FROM games ORDER BY id").fetchall()
        out = []
        for gid, game, created, updated, status in games:
            rows = con.execute(
                "SELECT command, at FROM commands WHERE game_id = ? AND undone = 0 ORDER BY seq", (gid,)
            ).fetchall()
            commands = [json.loads(c) for c, _ in rows]
            out.append(
                {
                    "id": gid,
                    "game": game,
                    "created": created,
                    "updated": updated,
                    "status": status,
                    "commands": commands,
                    "at": [a for _, a in rows],
                    "view": Session.replay(commands).view(),
                }
            )
        return out
    finally:
        con.close()


def lost(before: list[dict], after: list[dict], *, dates: bool = False) -> list[int]:
    """Ids of the games of `before` that no game of `after` keeps (same commands, same view; with
    `dates` also the same created and updated times). Each game of `after` keeps at most one."""
    free = list(after)
    missing = []
    for game in before:
        match = next(
            (
                g
                for g in free
                if g["commands"] == game["commands"]
                and g["view"] == game["view"]
                and (not dates or (g["created"], g["updated"]) == (game["created"], game["updated"]))
            ),
            None,
        )
        if match is None:
            missing.append(game["id"])
        else:
            free.remove(match)
    return missing
