"""Read TOML files and point at the line of a key, so every data error names file:line:field; write them.

Every user's file comes in through `read_text` (TOML or not: scenarios too), which reads only regular
files and at most a documented size (`MAX_FILE`, `MAX_SCENARIO`), so a mistyped path (`/dev/zero`,
a FIFO, a film) is refused at once in words instead of filling the memory.

`tomllib` reports line numbers for syntax errors only; for a bad *value* we find the line of the key
ourselves by scanning the text with the table headers in mind. That is good enough for the flat,
hand-written files we ship and users edit. The values are checked by `companion.gamedata.checks`;
`dumps` below is the one TOML writer.
"""

import os
import re
import stat
from pathlib import Path

from companion.errors import DataFileError
from companion.i18n import _
from companion.records import Named

# Patterns as text: `re` compiles and caches each at its first use (a syntax error, an error's line,
# a `dumps`), so a start that reads no file compiles none of them.
_HEADER = r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$"
_KEY = r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_\-.]+)\s*="""
_SYNTAX_LINE = r"\(at line (\d+), column \d+\)"
_BARE_KEY = r"^[A-Za-z0-9_-]+$"
# The most read of a user's file, whole, before it is parsed: a config or a taught-data file is a few
# KB (the shipped data, the largest, 28 KB), so 1 MiB leaves room and keeps a mistaken path (a photo,
# a log) from filling the Pi's memory; a scenario (`MAX_SCENARIO`) is a game's commands, about 100
# bytes each: 16 MiB is over 100,000 of them, hundreds of evenings.
MAX_FILE = 1 << 20
MAX_SCENARIO = 16 << 20


class TomlDoc(Named):
    """A parsed TOML file that remembers its text, so errors can name lines. (Every start makes
    one, the defaults.)"""

    path: str
    text: str
    data: dict

    def line_of(self, dotted: str) -> int | None:
        """Best line number for a dotted key path such as `districts.museum.night_ap`."""
        return locate(self.text, dotted)

    def error(self, dotted: str, message: str) -> DataFileError:
        """A DataFileError for `dotted` in this file."""
        return DataFileError(self.path, self.line_of(dotted), dotted, message)


def load(path: str | Path) -> TomlDoc:
    """Parse a TOML file; a syntax error becomes a DataFileError with the line."""
    return loads(read_text(path), str(path))


def read_text(path: str | Path, limit: int = MAX_FILE) -> str:
    """A user's file as text (a config, taught data, an import, a scenario): the one door they come
    in by. A UTF-8 byte-order mark at the start (Windows Notepad writes one) is dropped. A file that
    cannot be read is a DataFileError in our own words (never an errno or a codec's message); so is
    one of more than `limit` bytes, and anything that is not a regular file (`/dev/zero`, a pipe),
    refused before a byte is read: such a file could be read for ever."""
    return decoded(read_bytes(path, limit), path)


def read_bytes(path: str | Path, limit: int = MAX_FILE) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; DataFileError otherwise."""
    try:  # O_NONBLOCK: opening a FIFO nobody writes to would wait for ever
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            kind = os.fstat(fd)
            if stat.S_ISDIR(kind.st_mode):
                raise IsADirectoryError
            if not stat.S_ISREG(kind.st_mode):
                raise DataFileError(
                    path,
                    None,
                    None,
                    _("not a regular file (a device, a pipe or a socket); give the path of a file"),
                )
            if kind.st_size > limit:
                raise too_large(path, limit)
            chunks, left = [], limit + 1  # (a file that grows while we read stops at the limit too)
            while left > 0:
                chunk = os.read(fd, min(left, 1 << 20))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise DataFileError(path, None, None, _("file not found")) from None
    except IsADirectoryError:
        raise DataFileError(path, None, None, _("this is a folder, not a file")) from None
    except PermissionError:
        raise DataFileError(path, None, None, _("no permission to read this file")) from None
    except OSError as exc:  # an I/O error, a name too long...: the system's words, without the errno
        why = (exc.strerror or "").lower() or _("the system gave no reason")
        raise DataFileError(path, None, None, _("cannot read this file: {why}").format(why=why)) from None
    data = b"".join(chunks)
    if len(data) > limit:
        raise too_large(path, limit)
    return data


def too_large(path: str | Path, limit: int) -> DataFileError:
    """The refusal of a file (or standard input) of more than `limit` bytes, naming the limit."""
    return DataFileError(
        path,
        None,
        None,
        _("larger than {limit}, the most the companion reads of such a file").format(
            limit=f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit} bytes"
        ),
    )


def decoded(data: bytes, path: str | Path) -> str:
    """`data` as UTF-8 text without a leading byte-order mark; DataFileError naming the line of the
    first byte that is not UTF-8."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DataFileError(
            path,
            line,
            None,
            _("not UTF-8 text (save it as UTF-8); byte {n} cannot be read").format(n=exc.start + 1),
        ) from None
    return text.removeprefix("\ufeff")


def loads(text: str, path: str = "<string>") -> TomlDoc:
    """Parse TOML text; a syntax error becomes a DataFileError with the line."""
    import tomllib  # loaded with the first file read: a start without a config file needs no TOML parser

    text = text.removeprefix("\ufeff")  # a byte-order mark, as Windows Notepad writes it
    try:
        data = tomllib.loads(text)
    except RecursionError:  # tomllib reads nested arrays and inline tables by recursion
        raise DataFileError(path, None, None, _("arrays or tables nested too deeply")) from None
    except tomllib.TOMLDecodeError as exc:
        m = re.search(_SYNTAX_LINE, str(exc))
        line = int(m.group(1)) if m else _unfinished_from(text)
        msg = re.sub(_SYNTAX_LINE, "", str(exc)).strip()
        raise DataFileError(path, line, None, _("TOML syntax error: {why}").format(why=msg)) from None
    except ValueError:  # a number of thousands of digits (int() refuses to read it)
        raise DataFileError(path, None, None, _("a number is too long")) from None
    return TomlDoc(path, text, data)


def _unfinished_from(text: str) -> int | None:
    """Where a file that fails only "at end of document" (an unclosed quote, bracket or table)
    goes wrong: the line after the longest start of the file that still parses."""
    import tomllib

    lines = text.splitlines()
    good = 0
    for n in range(1, len(lines) + 1):
        try:
            tomllib.loads("\n".join(lines[:n]))
        except (ValueError, RecursionError):  # (TOMLDecodeError is a ValueError)
            continue
        good = n
    return min(good + 1, len(lines)) if lines else None


def locate(text: str, dotted: str) -> int | None:
    """Line (1-based) where the key `dotted` is defined, or its nearest table, or None. Keys are
    compared as dotted text, so `buttons.pins.district.A1` finds `"district.A1" = ...` under
    `[buttons.pins]` (a quoted key holding a dot)."""
    target = ".".join(p for p in dotted.split(".") if p)
    if not target:
        return None
    best: int | None = None
    table = ""
    for no, raw in enumerate(text.splitlines(), start=1):
        m = re.match(_HEADER, raw)
        if m:
            table = ".".join(_unquote(p) for p in _split_key(m.group(1)))
            if table == target:
                return no
            if target.startswith(table + ".") and best is None:
                best = no
            continue
        k = re.match(_KEY, raw)
        if not k:
            continue
        key = ".".join(p for p in [table, *(_unquote(p) for p in _split_key(k.group(1)))] if p)
        if key == target:
            return no
        if target.startswith(key + "."):
            # an inline table or array holding the key we want
            best = no
    return best


def _split_key(key: str) -> list[str]:
    """Split a dotted TOML key, respecting quotes."""
    out, cur, quote = [], "", None
    for ch in key.strip():
        if quote:
            cur += ch
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
            cur += ch
        elif ch == ".":
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return out


def _unquote(part: str) -> str:
    """Remove TOML quotes around one key part."""
    if len(part) >= 2 and part[0] == part[-1] and part[0] in "\"'":
        return part[1:-1]
    return part


# -- writing and merging ---------------------------------------------------------------------------------
def merge(old: dict | None, new: dict) -> dict:
    """`new` over `old`, nested tables merged too (a taught record over the shipped one)."""
    out = dict(old or {})
    for k, v in new.items():
        out[k] = merge(out.get(k), v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def dumps(data: dict, header: str = "") -> str:
    """TOML text for nested dicts of strings, ints, bools and lists (what taught files hold): the one
    TOML writer."""
    lines = [f"# {header}"] if header else []
    _emit_table(data, [], lines)
    return "\n".join(lines).strip() + "\n"


def _emit_table(table: dict, path: list[str], lines: list[str]) -> None:
    """Scalars of `table` under its header, then its sub-tables."""
    scalars = {k: v for k, v in table.items() if not isinstance(v, dict)}
    subs = {k: v for k, v in table.items() if isinstance(v, dict)}
    if path and (scalars or not subs):
        lines += ["", "[" + ".".join(_key(p) for p in path) + "]"]
    for k, v in scalars.items():
        lines.append(f"{_key(k)} = {_value(v)}")
    for k, v in subs.items():
        _emit_table(v, path + [k], lines)


def _key(k: str) -> str:
    """A TOML key, quoted unless bare."""
    return k if re.match(_BARE_KEY, k) else _string(k)


def _value(v) -> str:
    """A TOML value."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def _string(s: str) -> str:
    """A TOML basic string with escapes."""
    out = []
    for ch in s:
        if ch in ('"', "\\"):
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'
