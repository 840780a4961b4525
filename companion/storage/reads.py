"""What a journal answers its readers (`journal list`, resume, replay, the end card): the games, a
game's commands as replay applies them, its whole history, what redo can bring back. `Reads` is mixed
into `Journal` (companion/storage/journal.py), which gives `db` and `path`.
"""

import sqlite3

from companion.records import Named
from companion.storage.faults import JournalError
from companion.storage.holds import ACTIVE, UNDONE
from companion.storage.sqlitedb import dumps as _dumps


class GameInfo(Named):
    """One game in the journal, as listed by `games()`."""

    id: int
    game: str
    title: str
    status: str
    outcome: str | None
    created: float
    updated: float
    commands: int
    undone: int
    position: str | None = None  # JSON of where it stands (`gameline.position`), None when not known


class Reads:
    """The journal's reading side, mixed into `Journal` (which gives `db` and `path`)."""

    db: sqlite3.Connection
    path: str

    def commands(self, game_id: int) -> list[dict]:
        """The active commands of a game in order, setup first: exactly what replay applies."""
        rows = self.db.execute(
            "SELECT command FROM commands WHERE game_id = ? AND undone = ? ORDER BY seq", (game_id, ACTIVE)
        ).fetchall()
        if not rows:
            raise JournalError(f"{self.path}: no game with id {game_id}")
        return [self._loads(c, game_id) for (c,) in rows]

    def history(self, game_id: int) -> list[tuple[int, dict, int]]:
        """Every command ever journaled for a game: (seq, command, undone flag)."""
        rows = self.db.execute(
            "SELECT seq, command, undone FROM commands WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        return [(s, self._loads(c, game_id), u) for s, c, u in rows]

    def redo_available(self, game_id: int) -> int:
        """How many undone commands redo can bring back."""
        return self.db.execute(
            "SELECT COUNT(*) FROM commands WHERE game_id = ? AND undone = ?", (game_id, UNDONE)
        ).fetchone()[0]

    def games(self, include_over: bool = True) -> list[GameInfo]:
        """All games, newest first."""
        sql = (
            "SELECT g.id, g.game, g.title, g.status, g.outcome, g.created, g.updated,"
            " SUM(c.undone = 0), SUM(c.undone = 1), g.position"
            " FROM games g JOIN commands c ON c.game_id = g.id"
            + ("" if include_over else " WHERE g.status = 'running'")
            + " GROUP BY g.id ORDER BY g.updated DESC, g.id DESC"
        )
        return [
            GameInfo(*row[:7], int(row[7] or 0), int(row[8] or 0), row[9]) for row in self.db.execute(sql)
        ]

    def last_unfinished(self) -> GameInfo | None:
        """The most recently played game that has not ended, if any."""
        running = self.games(include_over=False)
        return running[0] if running else None

    def export(self, game_id: int) -> str:
        """The game as a scenario file (JSON Lines of its active commands)."""
        import json

        return "".join(json.dumps(c, separators=(", ", ": ")) + "\n" for c in self.commands(game_id))

    def quick_check(self) -> str:
        """`PRAGMA quick_check` result ("ok" when intact)."""
        return self.db.execute("PRAGMA quick_check").fetchone()[0]

    def ended_at(self, game_id: int) -> float | None:
        """When the game's last active command was journaled (seconds since the epoch): the time an
        end-of-game card gives. None for no such game, or when the file cannot be read now (the card
        then goes without: a date is not worth an error)."""
        try:
            row = self.db.execute(
                "SELECT at FROM commands WHERE game_id = ? AND undone = ? ORDER BY seq DESC LIMIT 1",
                (game_id, ACTIVE),
            ).fetchone()
        except sqlite3.Error:
            return None
        return None if row is None or row[0] is None else float(row[0])

    def has_game(self, game_id: int) -> bool:
        """Is there a game with this id?"""
        return self.db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None

    def started_by(self, setup: dict) -> list[int]:
        """The ids of the games whose first command is `setup` (canonical)."""
        return [
            gid
            for (gid,) in self.db.execute(
                "SELECT game_id FROM commands WHERE seq = 1 AND command = ?", (_dumps(setup),)
            )
        ]

    def has_commands(self, commands: list[dict]) -> bool:
        """Is there already a game whose active commands are exactly these?"""
        first = _dumps(commands[0])
        for (gid,) in self.db.execute(
            "SELECT game_id FROM commands WHERE seq = 1 AND command = ?", (first,)
        ).fetchall():
            if [_dumps(c) for c in self.commands(gid)] == [_dumps(c) for c in commands]:
                return True
        return False

    def _loads(self, text, game_id: int) -> dict:
        """A stored command back as a dict; JournalError if its text is damaged."""
        import json  # with the first command read or written: a start without a game to resume needs none

        try:
            cmd = json.loads(text)
        except (TypeError, ValueError):
            cmd = None
        if not isinstance(cmd, dict):
            raise JournalError(f"{self.path}: a command of game {game_id} is damaged (not a JSON object)")
        return cmd
