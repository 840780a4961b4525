"""The README's Quick start is exactly two commands that exist, and every command is documented."""

import re
from pathlib import Path

from companion import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def test_quick_start_is_make_run_and_make_test():
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```\n(.*?)```", section, re.S).group(1)
    assert [line.strip() for line in block.splitlines() if line.strip()] == ["make run", "make test"]
    makefile = (ROOT / "Makefile").read_text()
    for target in ("run", "test"):
        assert re.search(rf"^{target}:", makefile, re.M), f"Makefile has no {target} target"
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def test_every_cli_command_is_in_the_readme():
    for name in cli.COMMANDS:
        assert f"companion {name}" in README, f"`companion {name}` is not documented"


def test_readme_links_point_at_files_that_exist():
    for target in re.findall(r"\]\(([^)#:]+)\)", README):
        assert (ROOT / target).exists(), f"README links to missing {target}"
