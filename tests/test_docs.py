"""The README and the manual in docs/ (issue #33, point 5): the README's Quick start is exactly the two
commands and the README stays short; every link of the README and of docs/ reaches a file that exists
and, with an anchor, a heading of that page; mkdocs.yml's nav names pages that exist; and every
`companion` command, each of its actions and every long option, as the real parsers declare them, is
in docs/commands.md. `make docs` (mkdocs build --strict) checks the links again as the site has them."""

import argparse
import importlib
import re
import unicodedata
from pathlib import Path

import pytest

from companion import cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = sorted(DOCS.rglob("*.md"))
COMMANDS_PAGE = DOCS / "commands.md"
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def _prose(text: str) -> list[str]:
    """The lines outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub and the site (mkdocs.yml: pymdownx.slugs, case lower) make it."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link reads as its text
    text = unicodedata.normalize(
        "NFC", re.sub(r"</?[^>]*>", "", text.replace("`", "").replace("*", ""))
    ).strip()
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    return {
        _slug(line.lstrip("#"))
        for line in _prose(page.read_text(encoding="utf-8"))
        if re.match(r"#{1,6} ", line)
    }


def _links(page: Path) -> list[tuple[str, str]]:
    """(path, anchor) of every relative link of a Markdown file."""
    found = []
    for line in _prose(page.read_text(encoding="utf-8")):
        for target in LINK.findall(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # http:, https:, mailto:
            path, _, anchor = target.partition("#")
            found.append((path, anchor))
    return found


def test_quick_start_is_make_run_and_make_test():
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```\n(.*?)```", section, re.S).group(1)
    assert [line.strip() for line in block.splitlines() if line.strip()] == ["make run", "make test"]
    makefile = (ROOT / "Makefile").read_text()
    for target in ("run", "test", "docs"):
        assert re.search(rf"^{target}:", makefile, re.M), f"Makefile has no {target} target"
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in ci and "make docs" in ci and ci.index("make docs") < ci.index("make test")


def test_the_readme_is_read_in_five_minutes():
    assert len(README.splitlines()) <= 200, (
        "README.md: the manual goes in docs/, the README stays <= 200 lines"
    )


def _manual() -> list[Path]:
    """README.md, the docs pages and every Markdown file of the repository they lead to (the build
    guide, a game's page, BENCHMARKS.md: the site has them under repo/)."""
    found, queue = set(), [ROOT / "README.md", *PAGES]
    while queue:
        page = queue.pop()
        if page in found or not page.is_file() or not page.is_relative_to(ROOT):
            continue
        found.add(page)
        queue += [(page.parent / path).resolve() for path, _ in _links(page) if path.endswith(".md")]
    return sorted(found)


@pytest.mark.parametrize("page", _manual(), ids=lambda p: str(p.relative_to(ROOT)))
def test_links_reach_files_and_headings_that_exist(page):
    for path, anchor in _links(page):
        assert not path.startswith("/"), f"{page.name}: {path}: link relative to the page, as GitHub reads it"
        target = (page.parent / path).resolve() if path else page
        assert target.exists(), f"{page.relative_to(ROOT)} links to missing {path}"
        assert target.is_relative_to(ROOT), f"{page.relative_to(ROOT)} links outside the repository: {path}"
        if anchor and target.suffix == ".md":
            assert anchor in _anchors(target), f"{page.relative_to(ROOT)}: {path}#{anchor}: no such heading"


def test_the_readme_links_into_the_manual():
    assert {path for path, _ in _links(ROOT / "README.md")} >= {
        "docs/index.md",
        "docs/table.md",
        "docs/phones.md",
        "docs/install-pi.md",
        "docs/commands.md",
        "docs/language.md",
        "docs/games.md",
        "docs/adding-a-game.md",
        "docs/architecture.md",
    }


def test_the_site_nav_names_pages_that_exist():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:\n", 1)[1]
    entries = re.findall(r":\s+(\S+\.md)\s*$", nav, re.M)
    assert "index.md" in entries
    for entry in entries:  # repo/<path>: a file of the repository the hook puts into the site
        where = ROOT / entry.removeprefix("repo/") if entry.startswith("repo/") else DOCS / entry
        assert where.is_file(), f"mkdocs.yml's nav names missing {entry}"
    listed = {entry for entry in entries if not entry.startswith("repo/")}
    pages = {p.relative_to(DOCS).as_posix() for p in PAGES}
    assert pages <= listed, f"docs pages missing from the nav: {sorted(pages - listed)}"


class _Parsed(Exception):
    def __init__(self, parser):
        self.parser = parser


def _parser(target) -> argparse.ArgumentParser:
    """The argparse parser a command's function builds (a "module:function" of the shared commands, or
    the function a game's plugin gives): it is run with --help and stopped at its first parse, before it
    does anything."""
    if isinstance(target, str):
        module, function = target.split(":")
        func = getattr(importlib.import_module(module), function)
    else:
        func = target

    def stop(self, *args, **kwargs):
        raise _Parsed(self)

    real = argparse.ArgumentParser.parse_known_args
    argparse.ArgumentParser.parse_known_args = stop
    try:
        func(["--help"])
    except _Parsed as parsed:
        return parsed.parser
    finally:
        argparse.ArgumentParser.parse_known_args = real
    raise AssertionError(f"{target} parsed no arguments")


def _commands() -> dict:
    """Every `companion` subcommand -> its "module:function" (shared) or its function (a game's own)."""
    return {**cli.COMMANDS, **{name: target for name, (target, _help) in cli.game_commands().items()}}


def _spans(text: str) -> list[list[str]]:
    """The words of every code span that starts with `companion `, split at spaces, | [ ] and { }."""
    return [
        [w for w in re.split(r"[\s|\\\[\]{}=]+", span) if w]
        for span in re.findall(r"`(companion [^`]*)`", text)
    ]


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_command_its_actions_and_options_are_in_docs_commands(name):
    text = COMMANDS_PAGE.read_text(encoding="utf-8")
    spans = [words for words in _spans(text) if words[1:2] == [name]]
    assert spans, f"`companion {name}` is not in docs/commands.md"
    parser = _parser(_commands()[name])
    parsers = [("", parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for verb, sub in action.choices.items():
                assert any(verb in words[2:] for words in spans), (
                    f"`companion {name} {verb}` is not in docs/commands.md"
                )
                parsers.append((f" {verb}", sub))
    for verb, each in parsers:
        for action in each._actions:
            for option in action.option_strings:
                if option.startswith("--") and option != "--help":
                    assert re.search(rf"{re.escape(option)}(?![\w-])", text), (
                        f"`companion {name}{verb} {option}` is not in docs/commands.md"
                    )
