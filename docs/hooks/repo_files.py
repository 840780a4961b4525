"""mkdocs hook: the manual links the repository's own files as GitHub reads them.

A page in docs/ links a file outside docs/ by its path relative to the page, as it reads on GitHub and
in an editor: `[the build guide](../hardware/README.md)`, `[BENCHMARKS.md](../BENCHMARKS.md)`, a game's
page, a source file. mkdocs knows only docs/, so this hook puts every such file into the site under
`repo/` (a Markdown file as a page, anything else as a file to open), follows those pages' own links in
turn (hardware/README.md links firmware/README.md and wiring.svg), and points every link there. A link
to a file that does not exist is left as written, so `mkdocs build --strict` fails on it, and anchors
are checked like any other page's (`validation.links.anchors` in mkdocs.yml).

It also lets a table's code read the same on both: GitHub needs a pipe inside code in a table written
`\\|`, Python-Markdown does not split there and would show the backslash.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from mkdocs.structure.files import File

PREFIX = "repo"  # where the repository's files land in the site: repo/hardware/README.md
LINK = re.compile(r"(\]\()([^)\s]+)((?:\s+\"[^\"]*\")?\))")  # [text](target "title"), ![alt](target)
FENCE = re.compile(r"^\s*(```|~~~)")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)  # http:, https:, mailto:
CODE = re.compile(r"`[^`]*`")


def _roots(config) -> tuple[Path, Path]:
    docs = Path(config["docs_dir"]).resolve()
    return docs, docs.parent


def _prose(text: str):
    """(line number, line) of the lines outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(text.split("\n")):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def _real_dir(src_uri: str, docs: Path, root: Path) -> Path:
    """The folder on disk a page's relative links start from."""
    if src_uri.startswith(PREFIX + "/"):
        return (root / src_uri[len(PREFIX) + 1 :]).parent
    return (docs / src_uri).parent


def _uri(target: Path, docs: Path, root: Path) -> str | None:
    """The site's uri of a file on disk: docs' own, or repo/<path> for the repository's; None for a
    file that does not exist or lies outside the repository."""
    if not target.is_file():
        return None
    if target.is_relative_to(docs):
        return target.relative_to(docs).as_posix()
    if target.is_relative_to(root):
        return f"{PREFIX}/{target.relative_to(root).as_posix()}"
    return None


def _split(url: str) -> tuple[str, str]:
    """(path, '#anchor' or '?query...') of a relative link."""
    cut = min((i for i in (url.find("#"), url.find("?")) if i >= 0), default=len(url))
    return url[:cut], url[cut:]


def _outside_links(text: str, src_uri: str, docs: Path, root: Path):
    """The files outside docs/ a page links to: (uri in the site, path on disk)."""
    base = _real_dir(src_uri, docs, root)
    for _number, line in _prose(text):
        for match in LINK.finditer(line):
            path, _rest = _split(match.group(2))
            if not path or EXTERNAL.match(path) or path.startswith("/"):
                continue
            target = (base / path).resolve()
            uri = _uri(target, docs, root)
            if uri and uri.startswith(PREFIX + "/"):
                yield uri, target


def on_files(files, config):
    """Add the repository's files the pages link to (and the files they link to) under repo/."""
    docs, root = _roots(config)
    queue = [(f.src_uri, Path(f.abs_src_path)) for f in files.documentation_pages() if f.abs_src_path]
    seen = {uri for uri, _path in queue}
    while queue:
        src_uri, path = queue.pop()
        for uri, target in _outside_links(path.read_text(encoding="utf-8"), src_uri, docs, root):
            if uri in seen:
                continue
            seen.add(uri)
            files.append(File.generated(config, uri, abs_src_path=str(target)))
            if target.suffix == ".md":
                queue.append((uri, target))
    return files


def on_page_markdown(markdown, page, config, files):
    """Point each link that leaves docs/ (or, on a repository page, any link) at its file in the site."""
    docs, root = _roots(config)
    src_uri = page.file.src_uri
    base = _real_dir(src_uri, docs, root)
    on_repo_page = src_uri.startswith(PREFIX + "/")

    def relink(match: re.Match) -> str:
        path, rest = _split(match.group(2))
        if not path or EXTERNAL.match(path) or path.startswith("/"):
            return match.group(0)
        target = (base / path).resolve()
        uri = _uri(target, docs, root)
        if uri is None or not (on_repo_page or uri.startswith(PREFIX + "/")):
            return match.group(0)  # docs' own links mkdocs checks itself; a missing file fails --strict
        new = posixpath.relpath(uri, posixpath.dirname(src_uri) or ".")
        return f"{match.group(1)}{new}{rest}{match.group(3)}"

    lines = markdown.split("\n")
    for number, line in _prose(markdown):
        line = LINK.sub(relink, line)
        if line.startswith("|"):  # a pipe in a table's code: `\|` for GitHub, `|` here
            line = CODE.sub(lambda code: code.group(0).replace("\\|", "|"), line)
        lines[number] = line
    return "\n".join(lines)
