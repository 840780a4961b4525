"""The end-of-game card (companion/ui/cardview.py) as PNG bytes, for the host's phone.

Drawing it takes pygame and a few tens of milliseconds: done in the table's loop, it would cost
frames, and pygame's font code is not for two threads at once. So the web thread runs a child
process (`python -m companion.web.exports`), hands it the game's commands on stdin and reads the
PNG from stdout, with a time limit. The child is the same code `companion journal report` runs.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path

CHILD_TIMEOUT_S = 30.0
MAX_PNG = 4 * 1024 * 1024


async def story_png(commands: list, lang: str) -> bytes | None:
    """The chart of `commands` as PNG bytes (None if the child failed or took too long)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", COMPANION_LANG=lang)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "companion.web.exports",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env=env,
    )
    try:
        out, _ = await asyncio.wait_for(proc.communicate(json.dumps(commands).encode()), CHILD_TIMEOUT_S)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        return None
    if proc.returncode != 0 or not out.startswith(b"\x89PNG") or len(out) > MAX_PNG:
        return None
    return out


def main() -> int:
    """The child: commands (JSON list) on stdin, the PNG on stdout."""
    import time

    from companion import i18n
    from companion.ui.cardview import write_report

    i18n.set_language(i18n.choose())
    commands = json.loads(sys.stdin.read())
    with tempfile.TemporaryDirectory() as tmp:  # the game in hand: its card says now
        path = write_report(commands, Path(tmp) / "story.png", time.time())
        sys.stdout.buffer.write(path.read_bytes())
    return 0


if __name__ == "__main__":
    sys.exit(main())
