"""Rescue files: the commands a stopping table could not save, kept until the journal takes them again.

A table that plays "not saving" (a full disk, a read-only card: companion/runtime/saving.py) holds its
unsaved commands in memory only. A stop (systemctl stop, a reboot, Ctrl-C) would end them; so the stop
path (companion/runtime/rescuing.py) tries one last save and, when the journal still refuses, writes the
game here: a small JSON file with everything the journal's `sync` needs to put the game back (the game's
id, kind and title, the journal's image of the game as the saver last knew it, the whole command list
and the redo steps, where the game stands). `companion journal rescue FILE` puts it back later.

Where: the first writable folder of `places(journal)`, in this order, each documented in the README:

  1. the journal's own folder, and the state folder when it is another one: next to the games;
  2. `$COMPANION_RESCUE_PLACES` (folders separated by `:`) when set (the service's unit sets it to
     `/run/companion:/dev/shm`, because its /var/tmp is private and emptied when it stops), else
     `/var/tmp` (kept over a reboot), `$XDG_RUNTIME_DIR`, `/run/companion`, `/run/user/<uid>`, `/dev/shm`
     (memory: gone at the next boot, which the stop's message says).

A folder is never made or changed (a system folder like /var/tmp must keep its mode); the file is
written atomically (a temporary file, fsync, rename, fsync of the folder) and is private: 0600, or 0660
in the service's shared state folder (companion/paths.py), so the login user in its group can put it
back. A put-back file is renamed `<name>.done`, never deleted: the journal holds the commands first.

While the table plays unsaved, a status file (`companion-unsaved-<pid>.json`, 0640, no fsync: it only
lives as long as the process) in the first writable runtime place tells `companion doctor` how many
commands the table holds, so doctor's advice never suggests a reboot that would drop them.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from companion import paths
from companion.errors import N_
from companion.storage.faults import JournalError

FORMAT = "nightwatch-rescue"
VERSION = 1
PREFIX = "companion-rescue-"
DONE = ".done"
STATUS_PREFIX = "companion-unsaved-"
MAX_BYTES = 16 * 2**20  # a long evening's game is well under 1 MiB; a bigger "rescue file" is not ours
ENV_PLACES = "COMPANION_RESCUE_PLACES"


class RescueError(JournalError):
    """A rescue file that cannot be used as one (missing, not a file, too big, not ours): bad input, exit 2."""


def places(journal: str | Path | None = None, env: dict | None = None) -> list[Path]:
    """The folders a rescue file may go to, first choice first (see the module doc); none is made."""
    env = os.environ if env is None else env
    found = []
    if journal is not None and str(journal) != ":memory:":
        found.append(Path(os.path.abspath(journal)).parent)
    found.append(paths.state_dir())
    if env.get(ENV_PLACES):
        found += [Path(p) for p in env[ENV_PLACES].split(":") if p]
    else:
        found += [Path("/var/tmp"), *runtime_places(env)]
    out: list[Path] = []
    for p in found:
        if p not in out:
            out.append(p)
    return out


def runtime_places(env: dict | None = None) -> list[Path]:
    """Folders in memory that live as long as the machine is up: the status file's places (and the
    last of the rescue file's)."""
    env = os.environ if env is None else env
    if env.get(ENV_PLACES):  # tests and the service name theirs
        return [Path(p) for p in env[ENV_PLACES].split(":") if p]
    found = [Path(env["XDG_RUNTIME_DIR"])] if env.get("XDG_RUNTIME_DIR") else []
    found += [Path("/run/companion"), Path(f"/run/user/{os.geteuid()}"), Path("/dev/shm")]
    return list(dict.fromkeys(found))


def record(session, journal_path: str | None, why: str, unsaved: int) -> dict:
    """What a rescue file holds for the session's game (its saver's view of the journal included)."""
    from companion.storage.position import position

    saver = session.saver
    outcome = session.outcome()
    expected = getattr(saver, "expected", None)
    return {
        "format": FORMAT,
        "version": VERSION,
        "journal": os.path.abspath(journal_path) if journal_path else None,
        "game_id": saver.game_id,
        "game": str(session.commands[0].get("game", "")),
        "title": getattr(saver, "title", ""),
        "expected": list(expected) if expected is not None else None,
        "commands": list(session.commands),
        "redo": session.redo_steps(),
        "status": "over" if outcome else "running",
        "outcome": outcome,
        "position": position(session.view()),
        "unsaved": unsaved,
        "why": why,
        "written": time.time(),
        "pid": os.getpid(),
    }


def write(data: dict, where: list[Path]) -> tuple[Path | None, list[tuple[Path, str]]]:
    """Write a rescue file into the first folder of `where` that takes it: (its path or None, and each
    folder that refused, with why)."""
    import json

    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(data.get("written", time.time())))
    name = f"{PREFIX}{stamp}-game{data.get('game_id') or 'new'}-{os.getpid()}.json"
    refused = []
    for folder in where:
        target = folder / name
        try:
            atomic_write(target, text, paths.file_mode(target), sync=True)
        except OSError as exc:
            refused.append((folder, exc.strerror or str(exc)))
            continue
        return target, refused
    return None, refused


def atomic_write(target: Path, text: str, mode: int, *, sync: bool) -> None:
    """`text` into `target` atomically (temporary file in its folder, rename); with `sync`, fsynced
    before and after the rename. The folder must exist; it is never made or changed."""
    import tempfile

    folder = target.parent
    if not folder.is_dir():
        raise FileNotFoundError(2, "no such folder", str(folder))
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fchmod(f.fileno(), mode)
            if sync:
                os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    if sync:
        _sync_folder(folder)


def find(where: list[Path]) -> list[Path]:
    """The rescue files waiting (not yet put back) in the folders `where`, oldest first."""
    found = set()
    for folder in where:
        try:
            found.update(p for p in folder.glob(f"{PREFIX}*.json") if p.is_file())
        except OSError:
            continue
    return sorted(found, key=lambda p: p.name)


def summary(path: Path) -> tuple[int, float] | None:
    """(how many unsaved commands, when written) of a waiting rescue file; None when it cannot be read."""
    try:
        data = load(path)
    except (RescueError, OSError):
        return None
    return int(data.get("unsaved") or len(data["commands"])), float(
        data.get("written") or path.stat().st_mtime
    )


def load(path: str | Path) -> dict:
    """A rescue file's record, checked; RescueError (its file named, why) when it is not one."""
    import json

    path = Path(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise RescueError(N_("{file}: no such file"), file=str(path)) from None
    except OSError as exc:
        raise RescueError(
            N_("{file}: cannot be read: {why}"), file=str(path), why=exc.strerror or str(exc)
        ) from None
    if not stat.S_ISREG(info.st_mode):
        raise RescueError(N_("{file}: not a rescue file (not a regular file)"), file=str(path))
    if info.st_size > MAX_BYTES:
        raise RescueError(
            N_("{file}: not a rescue file (larger than {limit} MiB)"),
            file=str(path),
            limit=MAX_BYTES // 2**20,
        )
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        data = json.loads(raw.decode("utf-8"))
    except PermissionError:
        raise RescueError(
            N_("{file}: permission denied (a rescue file is private to who wrote it: try sudo)"),
            file=str(path),
        ) from None
    except (OSError, ValueError) as exc:
        raise RescueError(
            N_("{file}: not a rescue file ({why})"), file=str(path), why=str(exc)[:80]
        ) from None
    problem = _shape_problem(data)
    if problem:
        raise RescueError(N_("{file}: not a rescue file ({why})"), file=str(path), why=problem)
    return data


def mark_done(path: Path) -> Path:
    """Rename a put-back rescue file to `<name>.done` (kept, never deleted); its new path."""
    done = Path(f"{path}{DONE}")
    os.replace(path, done)
    _sync_folder(path.parent)
    return done


# --- the table's status, for doctor ------------------------------------------------------------


def note_status(count: int, why: str, journal: str | None, where: list[Path] | None = None) -> Path | None:
    """Say (in a runtime place) that this process holds `count` unsaved commands; the file, or None."""
    import json

    text = json.dumps(
        {"pid": os.getpid(), "unsaved": count, "why": why, "journal": journal, "since": time.time()}
    )
    for folder in where if where is not None else runtime_places():
        target = folder / f"{STATUS_PREFIX}{os.getpid()}.json"
        try:
            atomic_write(target, text, 0o640, sync=False)
        except OSError:
            continue
        return target
    return None


def clear_status(path: Path | None) -> None:
    """Everything is saved again (or the process ends): the status file goes."""
    if path is not None:
        try:
            os.unlink(path)
        except OSError:
            pass


def tables_unsaved(where: list[Path] | None = None) -> list[dict]:
    """The running tables' status files: each {pid, unsaved, why, journal} whose process still runs."""
    import json

    found = []
    for folder in where if where is not None else runtime_places():
        try:
            files = sorted(folder.glob(f"{STATUS_PREFIX}*.json"))
        except OSError:
            continue
        for p in files:
            try:
                data = json.loads(p.read_text(encoding="utf-8")[:4096])
                pid = int(data["pid"])
            except (OSError, ValueError, KeyError, TypeError):
                continue
            if Path(f"/proc/{pid}").exists() and int(data.get("unsaved") or 0) > 0:
                found.append(data)
    return found


def _shape_problem(data) -> str | None:
    """What makes `data` not a rescue record, in a few words; None when it is one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return "no Nightwatch rescue record in it"
    if data.get("version") != VERSION:
        return f"format version {data.get('version')!r}, this companion reads {VERSION}"
    commands, redo = data.get("commands"), data.get("redo", [])
    if (
        not isinstance(commands, list)
        or not commands
        or not all(isinstance(c, dict) for c in commands + list(redo or []))
    ):
        return "its commands are not a list of JSON objects"
    if commands[0].get("cmd") != "setup":
        return "its first command is not a setup"
    gid, expected = data.get("game_id"), data.get("expected")
    if gid is not None and (not isinstance(gid, int) or isinstance(gid, bool) or not 1 <= gid < 2**63):
        return f"game id {gid!r}"
    if expected is not None and not (
        isinstance(expected, list)
        and len(expected) == 3
        and all(isinstance(x, list) for x in expected[:2])
        and isinstance(expected[2], int)
    ):
        return "the journal's image is damaged"
    return None


def _sync_folder(folder: Path) -> None:
    """fsync a folder, so a rename in it is on the disk."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# --- putting it back ---------------------------------------------------------------------------


class Refused(JournalError):
    """The journal moved on since the rescue was written: nothing is written (exit 1)."""


def put_back(journal, data: dict, *, as_new: bool = False) -> tuple[int, str]:
    """Write a rescue record's game into `journal` in one transaction: (its game id, how: `same` onto
    the game it came from, `new` as a new game, `already` when the journal holds it all already).

    Onto the same game only when the journal still holds exactly what the table knew when it stopped
    saving (`Journal.sync`'s rule); else Refused, saying which game and what changed, unless `as_new`.
    GameBusy while another live process holds the game. RescueError when its commands no longer replay."""
    from companion.storage.lease import GameBusy
    from companion.storage.session import Session

    commands, redo = data["commands"], list(data.get("redo") or [])
    try:
        Session.replay(commands)
    except Exception as exc:  # noqa: BLE001 - whatever stops the replay: the file is not a game we can keep
        raise RescueError(N_("its game does not replay: {why}"), why=str(exc)) from None
    gid, expected = data.get("game_id"), data.get("expected")
    ours = data.get("journal") is None or os.path.abspath(data["journal"]) == os.path.abspath(journal.path)
    there = gid is not None and ours and journal.has_game(gid)
    if there:
        image, active, undone = journal.read_game(gid)
        if active == commands and list(reversed(undone)) == redo:
            return gid, "already"
    if gid is None or as_new:  # a second put-back of a game saved as a new one adds nothing
        for other in journal.started_by(commands[0]):
            if journal.commands(other) == commands:
                return other, "already"
    if not as_new and gid is not None:
        if not ours:
            raise Refused(
                N_(
                    "it was written for the journal {theirs}, not {ours}: give --journal {theirs}, or --as-new"
                    " to save it here as a new game"
                ),
                theirs=data["journal"],
                ours=journal.path,
            )
        if not there:
            raise Refused(
                N_("game {id} is no longer in {journal}: --as-new saves the rescued game as a new game"),
                id=gid,
                journal=journal.path,
            )
        holder = journal.holder(gid)
        if holder is not None:
            raise GameBusy(gid, holder)
        if expected is None or list(image) != [list(x) if isinstance(x, list) else x for x in expected]:
            raise Refused(
                N_(
                    "game {id} moved on after the table stopped saving: it then had {then} commands, now {now}"
                    " (last change {was} then, {top} now); --as-new saves the rescued game as a new game"
                    " beside it"
                ),
                id=gid,
                then=len(expected[0]) if expected else 0,
                now=len(image[0]),
                was=expected[2] if expected else 0,
                top=image[2],
            )
    keep = not as_new and gid is not None
    hold, new = journal.sync(
        gid if keep else None,
        expected if keep else None,
        commands,
        redo,
        title=str(data.get("title") or ""),
        status=data.get("status") or "running",
        outcome=data.get("outcome"),
        position=data.get("position"),
    )
    journal.release(hold.game_id)
    return hold.game_id, "new" if new else "same"
