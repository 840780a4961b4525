"""RELIABILITY.md's table of faults x writers x inputs names, in each row, the test that counts it: every
one of those tests exists, and the table in RELIABILITY.md is the one `make chaos` writes."""

import re
from pathlib import Path

from tests.reliability.conftest import FAULT_TABLE, ROOT


def test_every_row_names_a_test_that_exists():
    rows = [
        line for line in FAULT_TABLE.read_text().splitlines() if line.startswith("| ") and "`tests/" in line
    ]
    assert len(rows) >= 30
    for row in rows:
        path, name = re.search(r"`(tests/[^`:]+)::([a-z0-9_]+)`", row).groups()
        assert re.search(rf"^def {name}\(", (ROOT / path).read_text(), re.M), row


def test_reliability_md_holds_the_table():
    assert FAULT_TABLE.read_text().strip() in Path(ROOT / "RELIABILITY.md").read_text()
